/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 TLB maintenance: TLB1 entries for the kernel's fixed mappings,
 * invalidation of one page or all, and reading an entry back (tlbsx).
 */
#include "include/arch.h"
#include "include/spr.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "e500/tlb1.h"
#include "tlb/e500-tlb.h"
#include "tlb/e500-mas-prot.h"
#include "smp/e500-smp.h"
#include "e500/core.h"
#include "include/kernel.h"
#include "lib/kprintf.h"


static inline void isync(void)
{
	__asm__ volatile("isync" : : : "memory");
}

unsigned int tlb1_entries(void)
{
	return mfspr(SPRN_TLB1CFG) & TLBCFG_NENTRY;
}

/* On an e500mc MAS8 = 0 first: a host entry (no TGS, VF or TLPID left by firmware or a guest). */
static void tlbwe(uint32_t mas0, uint32_t mas1, uint32_t mas2, uint32_t mas3, uint32_t mas7)
{
	if (core_is_e500mc())
		mtspr(SPRN_MAS8, MAS8_KERNEL);
	mtspr(SPRN_MAS0, mas0);
	mtspr(SPRN_MAS1, mas1);
	mtspr(SPRN_MAS2, mas2);
	mtspr(SPRN_MAS3, mas3);
	mtspr(SPRN_MAS7, mas7);
	isync();
	__asm__ volatile("tlbwe; isync" : : : "memory");
}

void tlb1_write(unsigned int slot, const struct tlb1_map *m)
{
	uint32_t mas1 = MAS1_VALID | (m->tsize << MAS1_TSIZE_SHIFT);

	if (m->iprot)
		mas1 |= MAS1_IPROT;
	tlbwe(MAS0_TLBSEL1 | (slot << MAS0_ESEL_SHIFT), mas1,
	      ((uint32_t)m->va & MAS2_EPN_MASK) | m->wimge,
	      ((uint32_t)m->pa & MAS3_RPN_MASK) | m->perms,
	      (uint32_t)(m->pa >> 32) & MAS7_RPN_HI_MASK);
}

/* What each fixed TLB1 entry maps (the plan: e500/tlb1.h); the PA is given when it is pinned. */
#define LINEAR_ENTRY(what) { what, KERNEL_VA, LINEAR_BOOT_TSIZE, LINEAR_WIMGE, LINEAR_PERMS }
const struct tlb1_plan_entry tlb1_plan[TLB1_FIXED] = {
	[TLB1_LINEAR_LOW] = LINEAR_ENTRY("linear map, first entry"),
	[TLB1_LINEAR_LOW + 1] = LINEAR_ENTRY("linear map, second entry"),
	[TLB1_LINEAR_LOW + 2] = LINEAR_ENTRY("linear map, third entry"),
	[TLB1_LINEAR_LOW + 3] = LINEAR_ENTRY("linear map, fourth entry"),
	[TLB1_CCSR] = { "CCSR", CCSR_VA, CCSR_TSIZE, MAS2_I | MAS2_G, MAS3_SR | MAS3_SW },
	[TLB1_PERCPU] = { "per-CPU page", PERCPU_VA, TSIZE_4K, MAS2_M, MAS3_SR | MAS3_SW },
};
#if LINEAR_SLOTS != 4 || TLB1_LINEAR_LOW != 0
#error "tlb1_plan names four linear-map entries from slot 0"
#endif

struct tlb1_linear tlb1_linear;

void tlb1_pin_linear(void)
{
	unsigned int i;

	for (i = 0; i < tlb1_linear.n; i++) {
		struct tlb1_map m = {
			.va = KERNEL_VA + (uint32_t)tlb1_linear.e[i].pa, .pa = tlb1_linear.e[i].pa,
			.tsize = tlb1_linear.e[i].tsize, .wimge = LINEAR_WIMGE, .perms = LINEAR_PERMS,
			.iprot = true,
		};

		tlb1_write(tlb1_fixed_slot(TLB1_LINEAR_LOW + i), &m);
	}
}

unsigned int tlb1_fixed_slot(unsigned int fixed)
{
	return tlb1_entries() - 1 - fixed;
}

void tlb1_pin(unsigned int fixed, paddr_t pa)
{
	const struct tlb1_plan_entry *p = &tlb1_plan[fixed];
	struct tlb1_map m = {
		.va = p->va, .pa = pa, .tsize = p->tsize, .wimge = p->wimge, .perms = p->perms,
		.iprot = true,
	};

	tlb1_write(tlb1_fixed_slot(fixed), &m);
}

const char *tlb1_slot_use(unsigned int slot)
{
	unsigned int n = tlb1_entries();

	if (slot < TLB1_HUGE_SLOTS)
		return "huge page";
	if (slot < n && n - 1 - slot < TLB1_FIXED)
		return tlb1_plan[n - 1 - slot].what;
	return "free";
}

void tlb1_clear(unsigned int slot)
{
	tlbwe(MAS0_TLBSEL1 | (slot << MAS0_ESEL_SHIFT), 0, 0, 0, 0);
}

static void tlb_sync(void)
{
	__asm__ volatile("msync; tlbsync; msync; isync" : : : "memory");
}

/*
 * TLB shootdown.  Every invalidation is done on the issuing core with
 * tlbivax + tlbsync, serialised by tlbivax_lock (on a multicore e500
 * tlbivax is broadcast on the coherent bus and only one tlbsync may be
 * outstanding in the system).  Then every other core that may hold entries
 * (smp_tlb_clean) invalidates its own on a cross-call, by reading its TLBs
 * back (tlbre) and writing the matching entries invalid, which is local on
 * every e500.  The cross-call is made whether or not tlbivax reached the
 * other cores (measured at start-up, tlb_probe_broadcast: QEMU 7.2 does not,
 * silicon does): a core in the middle of a miss handler cannot answer until
 * the handler is done, so when the call returns no core can still write an
 * entry from a PTE read before the change (the writer's rule in
 * pte-e500.h), which tlbivax alone does not ensure.  A space's PID has no
 * broadcast form on e500v2 (no tlbilx) either.
 *
 * On an e500mc (the PVR says, e500/core.h) every core's part is tlbilx,
 * which invalidates this core's TLBs only: T=0 everything without IPROT,
 * T=1 a PID's entries, T=3 the entries translating one address for a PID
 * (TID 0 entries match any PID; the e500mc compares no AS).  The issuing
 * core then needs neither tlbivax nor tlbsync nor the lock: the cross-call
 * reaches every other core that may hold entries.  A range of every space
 * (tlb_flush_page: no mm, so no PID to search for) keeps the tlbre sweep.
 */
static volatile uint32_t tlbivax_lock;
static bool ivax_broadcasts;
static unsigned int shootdown_failures[E500_MAX_CPUS];	/* per core, summed where read */

enum shoot_kind { SHOOT_ALL, SHOOT_RANGE, SHOOT_PID };

struct shoot {
	enum shoot_kind kind;
	vaddr_t va;
	uint32_t size;
	int pid;		/* SHOOT_PID; SHOOT_RANGE: the space's PID, or TLB_PID_ANY */
};

#define RANGE_PAGES_MAX	64	/* above this, a range flushes everything */

static void tlbwe_invalid(uint32_t mas0, uint32_t mas2)
{
	tlbwe(mas0, 0, mas2, 0, 0);
}

/* The entry tlbre just read: valid, not IPROT. */
static bool droppable(uint32_t *mas1)
{
	*mas1 = mfspr(SPRN_MAS1);
	return (*mas1 & MAS1_VALID) && !(*mas1 & MAS1_IPROT);
}

/*
 * tlbilx T, 0, ea with MAS6[SPID] = pid, SAS 0 (e500mc and later only; the
 * e500v2 assembler does not know it, hence .machine).
 */
#define TLBILX(t, ea)	__asm__ volatile(".machine push\n.machine e500mc\n"			\
					 "tlbilx %1, 0, %0\n.machine pop"			\
					 : : "r"(ea), "i"(t) : "memory")

static void tlbilx_search(unsigned int pid)
{
	uint32_t mas6 = pid << MAS6_SPID_SHIFT;		/* SAS 0 */

	mtspr(SPRN_MAS6, mas6);
	isync();
}

static void tlbilx_done(void)
{
	__asm__ volatile("msync; isync" : : : "memory");
}

const char *tlb_local_method(void)
{
	return core_is_e500mc() ? "tlbilx" : "tlbre-sweep+MMUCSR0";
}

/* This core only: every non-IPROT entry of TLB0 and TLB1 (tlbilx T=0, or MMUCSR0 flash invalidate). */
void tlb_local_flush_all(void)
{
	unsigned int i;

	if (core_is_e500mc()) {
		TLBILX(TLBILX_ALL, 0);
		tlbilx_done();
		return;
	}

	mtspr(SPRN_MMUCSR0, MMUCSR0_TLB0_FI | MMUCSR0_TLB1_FI);
	for (i = 0; i < 1000000 && (mfspr(SPRN_MMUCSR0) & (MMUCSR0_TLB0_FI | MMUCSR0_TLB1_FI)); i++)
		;
	isync();
}

/*
 * This core only: every entry translating a page of [va, va + size) for pid
 * (and TID 0), or for any PID with TLB_PID_ANY, as tlbivax does.
 */
void tlb_local_flush_range(int pid, vaddr_t va, uint32_t size)
{
	unsigned int sets, ways, way, slot, n = tlb1_entries();
	uint32_t off, mas1, mas2, end = va + size - 1, lo, hi;

	if (core_is_e500mc() && pid != TLB_PID_ANY) {
		tlbilx_search((unsigned int)pid);
		for (off = 0; off < size; off += 4096)
			TLBILX(TLBILX_VA, (va + off) & MAS2_EPN_MASK);
		tlbilx_done();
		return;
	}

	tlb0_geometry(&sets, &ways);
	for (off = 0; off < size; off += 4096)
		for (way = 0; way < ways; way++) {
			mtspr(SPRN_MAS0, way << MAS0_ESEL_SHIFT);
			mtspr(SPRN_MAS2, (va + off) & MAS2_EPN_MASK);
			isync();
			__asm__ volatile("tlbre; isync" : : : "memory");
			mas2 = mfspr(SPRN_MAS2);
			if (droppable(&mas1) && (mas2 & MAS2_EPN_MASK) == ((va + off) & MAS2_EPN_MASK))
				tlbwe_invalid(way << MAS0_ESEL_SHIFT, mas2);
		}
	for (slot = 0; slot < n; slot++) {
		uint32_t mas0 = MAS0_TLBSEL1 | (slot << MAS0_ESEL_SHIFT);

		mtspr(SPRN_MAS0, mas0);
		isync();
		__asm__ volatile("tlbre; isync" : : : "memory");
		if (!droppable(&mas1))
			continue;
		mas2 = mfspr(SPRN_MAS2);
		lo = mas2 & MAS2_EPN_MASK;
		hi = lo + (1024u << (2 * ((mas1 & MAS1_TSIZE_MASK) >> MAS1_TSIZE_SHIFT))) - 1;
		if (lo <= end && va <= hi)
			tlbwe_invalid(mas0, mas2);
	}
	tlb_sync();
}

/* Read the entry mas0/mas2 select (tlbre); write it invalid if it is pid's and not IPROT. */
static void drop_if_pid(uint32_t mas0, uint32_t mas2, unsigned int pid)
{
	uint32_t mas1;

	mtspr(SPRN_MAS0, mas0);
	mtspr(SPRN_MAS2, mas2);
	isync();
	__asm__ volatile("tlbre; isync" : : : "memory");
	if (!droppable(&mas1) || ((mas1 & MAS1_TID_MASK) >> MAS1_TID_SHIFT) != pid)
		return;
	tlbwe_invalid(mas0, mas2);
}

/*
 * This core only: every entry tagged pid, TLB0 and TLB1's huge slots.  An
 * e500mc does it with tlbilx T=1.  The e500v2 has no tlbilx and tlbivax
 * ignores PID, so each entry is read back (tlbre: TLB0 by set, given by the
 * EPN's low bits, and way; TLB1 by slot).
 */
void tlb_local_drop_pid(unsigned int pid)
{
	unsigned int sets, ways, set, way, slot;

	if (core_is_e500mc()) {
		tlbilx_search(pid);
		TLBILX(TLBILX_PID, 0);
		tlbilx_done();
		return;
	}

	tlb0_geometry(&sets, &ways);
	for (set = 0; set < sets; set++)
		for (way = 0; way < ways; way++)
			drop_if_pid(way << MAS0_ESEL_SHIFT, set * 4096u, pid);
	for (slot = 0; slot < TLB1_HUGE_SLOTS; slot++)
		drop_if_pid(MAS0_TLBSEL1 | (slot << MAS0_ESEL_SHIFT), 0, pid);
	tlb_sync();
}

static unsigned int answered[E500_MAX_CPUS];	/* shootdowns each core took from another */

unsigned int tlb_shootdowns_answered(unsigned int cpu)
{
	return cpu < E500_MAX_CPUS ? answered[cpu] : 0;
}

static void shoot_local(void *arg)
{
	const struct shoot *s = arg;

	answered[smp_this_cpu()]++;

	if (s->kind == SHOOT_ALL) {
		tlb_local_flush_all();
		smp_tlb_flushed();
	}
	else if (s->kind == SHOOT_RANGE)
		tlb_local_flush_range(s->pid, s->va, s->size);
	else
		tlb_local_drop_pid((unsigned int)s->pid);
}

void (*const smp_shootdown_fn)(void *) = shoot_local;

/*
 * The cores that may hold entries s is after: for a user space (PID not 0)
 * the cores that ran it (mm->cpus, read after the caller's changes to the
 * tables are ordered: see user_call()); for the kernel's space or every
 * space, every core.  smp_call_cores() passes the clean ones either way.
 */
static uint32_t shoot_mask(const struct mm *mm)
{
	if (!mm || mm->pid == 0)
		return ~0u;
	__asm__ volatile("msync" : : : "memory");
	return mm->cpus;
}

/* The other online cores of mask do s on their own TLBs; one that does not answer is named and counted. */
static void shoot_others(struct shoot *s, uint32_t mask)
{
	int err;

	if (smp_online() < 2)
		return;
	err = smp_call_cores(mask, shoot_local, s, SMP_CALL_TIMEOUT);

	/* s lives on the caller's stack: a core still reading it cannot be left behind */
	if (err == SMP_ERUNNING)
		panic("tlb: a core took a shootdown and has not finished it");
	if (err) {
		shootdown_failures[smp_this_cpu()]++;
		kprintf("tlb: shootdown incomplete: a core above may keep stale entries\n");
	}
}

unsigned int tlb_shootdown_failures(void)
{
	unsigned int c, n = 0;

	for (c = 0; c < E500_MAX_CPUS; c++)
		n += shootdown_failures[c];
	return n;
}

bool tlb_ivax_broadcasts(void)
{
	return ivax_broadcasts;
}

static void ivax(uint32_t ea)
{
	__asm__ volatile("tlbivax 0, %0" : : "r"(ea) : "memory");
}

/* tlbivax of every page of [va, va + size) in both TLBs, then tlbsync, under the lock. */
static void ivax_range(vaddr_t va, uint32_t size)
{
	uint32_t off;

	smp_lock(&tlbivax_lock);
	for (off = 0; off < size; off += 4096) {
		ivax((va + off) & MAS2_EPN_MASK);
		ivax(((va + off) & MAS2_EPN_MASK) | TLBIVAX_TLB1);
	}
	tlb_sync();
	smp_unlock(&tlbivax_lock);
}

/* Both TLBs, every entry without IPROT (the kernel's pinned map survives), on every core. */
void tlb_flush_all(void)
{
	struct shoot s = { .kind = SHOOT_ALL };

	if (core_is_e500mc()) {
		tlb_local_flush_all();
		shoot_others(&s, ~0u);
		return;
	}
	smp_lock(&tlbivax_lock);
	ivax(TLBIVAX_ALL);
	ivax(TLBIVAX_ALL | TLBIVAX_TLB1);
	tlb_sync();
	smp_unlock(&tlbivax_lock);
	shoot_others(&s, ~0u);
}

/* tlbivax ignores PID and AS: every entry for va goes, in every space, on every core. */
void tlb_flush_page(vaddr_t va)
{
	mmu_tlb_invalidate(NULL, va, 4096);
}

/*
 * A user space's range goes on the cores that ran the space (a range too
 * large to walk page by page: every entry of its PID there); the kernel's,
 * or a range of every space, on every core (too large: everything).
 */
void mmu_tlb_invalidate(const struct mm *mm, vaddr_t va, vsize_t size)
{
	struct shoot s = { .kind = SHOOT_RANGE, .va = va & MAS2_EPN_MASK };
	bool user = mm && mm->pid != 0;

	if (size > RANGE_PAGES_MAX * 4096) {
		if (user)
			mmu_tlb_invalidate_mm(mm);
		else
			tlb_flush_all();
		return;
	}
	s.size = (uint32_t)size;
	s.pid = mm ? (int)(mm->pid & MAS1_TID_MAX) : TLB_PID_ANY;
	if (core_is_e500mc())
		tlb_local_flush_range(s.pid, s.va, s.size);
	else
		ivax_range(va, s.size);
	shoot_others(&s, shoot_mask(mm));
}

/* Every entry tagged with mm's PID, TLB0 and TLB1's huge slots, on every core that ran the space. */
void mmu_tlb_invalidate_mm(const struct mm *mm)
{
	struct shoot s = { .kind = SHOOT_PID, .pid = (int)(mm->pid & MAS1_TID_MAX) };

	tlb_local_drop_pid((unsigned int)s.pid);
	shoot_others(&s, shoot_mask(mm));
}

/*
 * Does tlbivax on this core reach another core's TLB?  Core `other' loads an
 * entry for a scratch page (a TLB miss), this core issues tlbivax for it, and
 * `other' looks for the entry (tlbsx).  Returns the answer (also kept for
 * tlb_ivax_broadcasts), or -1 if the probe could not run.
 */
static uint8_t probe_page[4096] __attribute__((aligned(4096)));

struct probe {
	vaddr_t va;
	bool present;
};

static void probe_touch(void *arg)
{
	struct probe *p = arg;

	(void)*(volatile uint32_t *)(uintptr_t)p->va;
}

static void probe_look(void *arg)
{
	struct probe *p = arg;
	struct tlb_info t;

	p->present = tlb_lookup(p->va, 0, &t);
}

int tlb_probe_broadcast(unsigned int other, vaddr_t scratch_va)
{
	struct probe p = { .va = scratch_va };
	int err;

	err = map(&kernel_mm, scratch_va, virt_to_phys(probe_page), 4096, PROT_READ | PROT_WRITE);
	if (err)
		return -1;
	err = smp_call(other, probe_touch, &p, SMP_CALL_TIMEOUT);
	if (!err)
		err = smp_call(other, probe_look, &p, SMP_CALL_TIMEOUT);
	if (!err && p.present) {
		ivax_range(scratch_va, 4096);
		err = smp_call(other, probe_look, &p, SMP_CALL_TIMEOUT);
		if (!err)
			ivax_broadcasts = !p.present;
	}
	unmap(&kernel_mm, scratch_va, 4096);	/* with the shootdown just decided */
	return err || !p.present ? -1 : ivax_broadcasts;
}

/* Decode the MAS registers a tlbsx or tlbre just loaded. */
static bool read_mas(struct tlb_info *info)
{
	uint32_t mas0 = mfspr(SPRN_MAS0), mas1 = mfspr(SPRN_MAS1), mas2 = mfspr(SPRN_MAS2);
	uint32_t mas3 = mfspr(SPRN_MAS3), mas7 = mfspr(SPRN_MAS7);
	uint32_t tsize = (mas1 & MAS1_TSIZE_MASK) >> MAS1_TSIZE_SHIFT;

	info->valid = mas1 & MAS1_VALID;
	info->size = 1024u << (2 * tsize);
	info->va = mas2 & MAS2_EPN_MASK & ~(info->size - 1);
	info->pa = ((paddr_t)(mas7 & MAS7_RPN_HI_MASK) << 32 | (mas3 & MAS3_RPN_MASK)) &
		   ~(paddr_t)(info->size - 1);
	info->tid = (mas1 & MAS1_TID_MASK) >> MAS1_TID_SHIFT;
	info->prot = mas_prot(mas2, mas3);
	info->level = (mas0 & MAS0_TLBSEL1) ? 1 : 0;
	info->raw[0] = mas1;
	info->raw[1] = mas2;
	info->raw[2] = mas3;
	info->raw[3] = mas7;
	info->raw[4] = e500mc_mas8_readable() ? mfspr(SPRN_MAS8) : 0;
	return info->valid;
}

bool tlb_lookup(vaddr_t va, unsigned int pid, struct tlb_info *info)
{
	mtspr(SPRN_MAS6, pid << MAS6_SPID_SHIFT);
	isync();
	__asm__ volatile("tlbsx 0, %0" : : "r"(va) : "memory");
	return read_mas(info);
}

/* Read TLB1 entry slot with tlbre; false if it is not valid. */
bool tlb1_read(unsigned int slot, struct tlb_info *info)
{
	mtspr(SPRN_MAS0, MAS0_TLBSEL1 | (slot << MAS0_ESEL_SHIFT));
	isync();
	__asm__ volatile("tlbre; isync" : : : "memory");
	return read_mas(info);
}

void tlb_counts(struct tlb_counts *c)
{
	c->dmiss = this_cpu()->dmiss;
	c->imiss = this_cpu()->imiss;
}

/* TLB0 geometry from TLB0CFG: NENTRY (bits 20..31) and ASSOC (bits 0..7). */
void tlb0_geometry(unsigned int *sets, unsigned int *ways)
{
	uint32_t cfg = mfspr(SPRN_TLB0CFG);

	*ways = cfg >> TLBCFG_ASSOC_SHIFT;
	*sets = *ways ? (cfg & TLBCFG_NENTRY) / *ways : 0;
}

/* Read TLB0 entry (set, way) with tlbre: MAS2[EPN] selects the set; false if not valid. */
bool tlb0_read(unsigned int set, unsigned int way, struct tlb_info *info)
{
	mtspr(SPRN_MAS0, way << MAS0_ESEL_SHIFT);
	mtspr(SPRN_MAS2, set << 12);
	isync();
	__asm__ volatile("tlbre; isync" : : : "memory");
	return read_mas(info);
}

/* How TLB shootdowns will reach the other cores: measured once cpu 1 is up, and said. */
void tlb_say_broadcast(void)
{
	int r = tlb_probe_broadcast(1, layout.kmap_last & ~0xfffu);

	if (r < 0)
		kprintf("smp: could not measure whether tlbivax reaches cpu 1\n");
	else
		kprintf("smp: tlbivax on cpu 0 %s cpu 1's TLB (measured); shootdowns cross-call "
			"every core that may hold entries\n", r ? "reaches" : "does not reach");
}
