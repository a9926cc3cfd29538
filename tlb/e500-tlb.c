/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 TLB maintenance: TLB1 entries for the kernel's fixed mappings,
 * invalidation of one page or all, and reading an entry back (tlbsx).
 */
#include "include/arch.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "e500/tlb1.h"
#include "tlb/e500-tlb.h"

#define mtspr(rn, v)	__asm__ volatile("mtspr %0, %1" : : "i"(rn), "r"(v) : "memory")
#define mfspr(rn)	({ uint32_t v_; __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(rn)); v_; })

static inline void isync(void)
{
	__asm__ volatile("isync" : : : "memory");
}

unsigned int tlb1_entries(void)
{
	return mfspr(SPRN_TLB1CFG) & TLBCFG_NENTRY;
}

static void tlbwe(uint32_t mas0, uint32_t mas1, uint32_t mas2, uint32_t mas3, uint32_t mas7)
{
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
const struct tlb1_plan_entry tlb1_plan[TLB1_FIXED] = {
	[TLB1_LINEAR_LOW] = { "linear map, first 256M", KERNEL_VA, LINEAR_TSIZE, LINEAR_WIMGE,
			      LINEAR_PERMS },
	[TLB1_LINEAR_HIGH] = { "linear map, second 256M", KERNEL_VA + LINEAR_ENTRY_BYTES, LINEAR_TSIZE,
			       LINEAR_WIMGE, LINEAR_PERMS },
	[TLB1_CCSR] = { "CCSR", CCSR_VA, CCSR_TSIZE, MAS2_I | MAS2_G, MAS3_SR | MAS3_SW },
	[TLB1_PERCPU] = { "per-CPU page", PERCPU_VA, TSIZE_4K, MAS2_M, MAS3_SR | MAS3_SW },
};

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

/* Both TLBs, every entry without IPROT (the kernel's pinned map survives). */
void tlb_flush_all(void)
{
	__asm__ volatile("tlbivax 0, %0" : : "r"(TLBIVAX_ALL) : "memory");
	__asm__ volatile("tlbivax 0, %0" : : "r"(TLBIVAX_ALL | TLBIVAX_TLB1) : "memory");
	tlb_sync();
}

/* tlbivax ignores PID and AS: every entry for va goes, in every space. */
void tlb_flush_page(vaddr_t va)
{
	va &= MAS2_EPN_MASK;
	__asm__ volatile("tlbivax 0, %0" : : "r"(va) : "memory");
	__asm__ volatile("tlbivax 0, %0" : : "r"(va | TLBIVAX_TLB1) : "memory");
	tlb_sync();
}

void mmu_tlb_invalidate(const struct mm *mm, vaddr_t va, uint32_t size)
{
	uint32_t off;

	(void)mm;
	if (size > 64 * 4096) {
		tlb_flush_all();
		return;
	}
	for (off = 0; off < size; off += 4096)
		tlb_flush_page(va + off);
}

/* Read the entry mas0/mas2 select (tlbre); write it invalid if it is pid's and not IPROT. */
static void drop_if_pid(uint32_t mas0, uint32_t mas2, unsigned int pid)
{
	uint32_t mas1;

	mtspr(SPRN_MAS0, mas0);
	mtspr(SPRN_MAS2, mas2);
	isync();
	__asm__ volatile("tlbre; isync" : : : "memory");
	mas1 = mfspr(SPRN_MAS1);
	if (!(mas1 & MAS1_VALID) || (mas1 & MAS1_IPROT) ||
	    ((mas1 & MAS1_TID_MASK) >> MAS1_TID_SHIFT) != pid)
		return;
	tlbwe(mas0, 0, mas2, 0, 0);
}

/*
 * Every entry tagged with mm's PID, TLB0 and TLB1's huge slots: the e500v2
 * has no tlbilx and tlbivax ignores PID, so each entry is read back (tlbre:
 * TLB0 by set, given by the EPN's low bits, and way; TLB1 by slot) and the
 * matching ones written invalid.
 */
void mmu_tlb_invalidate_mm(const struct mm *mm)
{
	uint32_t cfg = mfspr(SPRN_TLB0CFG);
	unsigned int ways = cfg >> TLBCFG_ASSOC_SHIFT, sets, set, way, slot;
	unsigned int pid = mm->pid & MAS1_TID_MAX;

	if (ways == 0)
		ways = 1;
	sets = (cfg & TLBCFG_NENTRY) / ways;
	for (set = 0; set < sets; set++)
		for (way = 0; way < ways; way++)
			drop_if_pid(way << MAS0_ESEL_SHIFT, set * 4096u, pid);
	for (slot = 0; slot < TLB1_HUGE_SLOTS; slot++)
		drop_if_pid(MAS0_TLBSEL1 | (slot << MAS0_ESEL_SHIFT), 0, pid);
	tlb_sync();
}

static unsigned int prot_from_mas(uint32_t mas2, uint32_t mas3)
{
	unsigned int prot = 0;

	if (mas3 & (MAS3_SR | MAS3_UR))
		prot |= PROT_READ;
	if (mas3 & (MAS3_SW | MAS3_UW))
		prot |= PROT_WRITE;
	if (mas3 & (MAS3_SX | MAS3_UX))
		prot |= PROT_EXEC;
	if (mas3 & (MAS3_UR | MAS3_UW | MAS3_UX))
		prot |= PROT_USER;
	if (mas2 & MAS2_I)
		prot |= PROT_NOCACHE;
	if (mas2 & MAS2_G)
		prot |= PROT_GUARDED;
	if (mas2 & MAS2_M)
		prot |= PROT_COHERENT;
	if (mas2 & MAS2_W)
		prot |= PROT_WRITETHRU;
	return prot;
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
	info->prot = prot_from_mas(mas2, mas3);
	info->level = (mas0 & MAS0_TLBSEL1) ? 1 : 0;
	info->raw[0] = mas1;
	info->raw[1] = mas2;
	info->raw[2] = mas3;
	info->raw[3] = mas7;
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

void icache_sync(const void *va, size_t len)
{
	uintptr_t p = (uintptr_t)va & ~31u, end = (uintptr_t)va + len;

	for (; p < end; p += 32)
		__asm__ volatile("dcbst 0, %0" : : "r"(p) : "memory");
	__asm__ volatile("msync" : : : "memory");
	for (p = (uintptr_t)va & ~31u; p < end; p += 32)
		__asm__ volatile("icbi 0, %0" : : "r"(p) : "memory");
	__asm__ volatile("msync; isync" : : : "memory");
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
