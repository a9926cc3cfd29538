/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 hash MMU: the hashed page table, the SLB, the hash-fault path
 * and the TLB operations of arch.h.
 *
 * Segments.  The linear map (0xC...) is one bolted 1T segment in SLB entry
 * 0 (slbia keeps entry 0) with a 16M base page size, backed by bolted 16M
 * HPTEs over RAM, inserted here at start-up: it never misses.  Every other
 * segment is made on a segment miss, in entries 1..31 round robin: its
 * VSID from the space's context and the ESID (b3_vsid()), its size and
 * base page size from the page-table leaf at the faulting address (a 16G
 * leaf: 1T, 16G base; a 16M leaf: 256M, 16M base; otherwise, a 4K leaf or
 * none, 256M, 4K).  Segments of user addresses live while user mode runs:
 * b3_user_leave() drops them.
 * No two valid entries ever cover one address: a new 1T entry first drops
 * the 256M entries inside it, a new 256M entry the 1T entry around it.
 *
 * Hash faults (DSI/ISI with no HPTE) walk the space's table, check the
 * access against the leaf, set accessed (and dirty) on the whole run if
 * missing, insert the HPTE (primary group, then secondary, else evict a
 * non-bolted entry of one of them) and record its slot in the PTE (the
 * first entry of a run): HASHPTE, SECOND and the slot, as Linux.  A leaf
 * whose size is not the segment's base size (the page changed since the
 * segment was made) replaces the segment.
 *
 * Invalidation: unmap() first clears only PRESENT of each entry
 * (pgtable-book3s64.c), so mmu_tlb_invalidate() still reads the recorded
 * slot, removes exactly that HPTE if it still holds this page, issues
 * tlbie for the page with its size, and drops the segments of the range.
 *
 * Everything here runs in real mode (interrupts, MSR[IR,DR] = 0) or
 * translated through the bolted linear map: the same pointers serve both.
 */
#include <string.h>
#include "include/arch.h"
#include "include/book3s64/hash.h"
#include "mmu/pgtable.h"
#include "mmu/pte-book3s64.h"
#include "mmu/palloc.h"
#include "lib/kprintf.h"
#include "tlb/fault.h"
#include "tlb/book3s64-hash.h"
#include "smp/e500-64-smp.h"

#define CONTEXT_LINEAR		1
#define CONTEXT_KERNEL_MM	2
#define CONTEXT_USER_BASE	B3_CONTEXT_USER_BASE
#define VSID_MULTIPLIER		12538073ull	/* Linux's scramble multiplier (a prime) */
#define VSID_MOD_256M		((1ull << 37) - 1)
#define VSID_MOD_1T		((1ull << 25) - 1)
#define ESID_BITS_256M		18		/* 46-bit spaces: 2^18 segments of 256M */
#define ESID_BITS_1T		6		/* ... 2^6 of 1T */
#define SLB_FIRST_FREE		1		/* entry 0: the linear map */
#define POWER8_TLB_SETS		512
#define TLBIEL_INVAL_SET	(3 << 10)	/* IS = 3: every entry of the set */

uint8_t *b3_hpt;			/* linear-map address of the table (the assembly path uses it in real mode) */
#define hpt b3_hpt
static struct b3_hpt_info hpt_info;
uint64_t b3_hash_mask;
#define hash_mask b3_hash_mask

/* Shared with the assembly paths (tlb/book3s64-miss.S): see tlb/book3s64-hash.h. */
struct b3_core b3_cores[B3_MAX_CORES];
extern char b3_user_exc_stacks[];	/* boot/book3s64-vectors.S: B3_MAX_CORES of B3_EXC_STACK_BYTES */
volatile uint32_t b3_hpt_lock;		/* one core at a time fills or empties HPTE slots (the assembly too) */
#define slb (b3_core_me()->slb)
#define counts (b3_core_me()->stats)


/*
 * An HPTE was removed (flush, invalidation, eviction): the next fault on
 * its page is progress, here and in the assembly path (b3_hash_last: the
 * page it resolved last, tlb/book3s64-miss.S).
 */
static void progress_reset(void)
{
	unsigned int i;

	for (i = 0; i < B3_MAX_CORES; i++) {
		b3_cores[i].last_page = ~(vaddr_t)0;
		b3_cores[i].repeats = 0;
		b3_cores[i].hash_last = ~0ull;
	}
}

struct b3_core *b3_core_prepare(unsigned int i)
{
	struct b3_core *c = &b3_cores[i];
	struct b3_space kernel = c->spaces[B3_SPACE_KERNEL];

	memset(c, 0, sizeof(*c));
	c->spaces[B3_SPACE_KERNEL] = kernel;
	c->hash_last = ~0ull;
	c->last_page = ~(vaddr_t)0;
	c->slb_next = SLB_FIRST_FREE;
	c->exc_stack_top = (uintptr_t)b3_user_exc_stacks + (i + 1) * (uint64_t)B3_EXC_STACK_BYTES;
	c->hpt_va = (uintptr_t)hpt;
	c->hpt_mask = hash_mask;
	c->hpt_lockp = (uintptr_t)&b3_hpt_lock;
	__asm__ volatile("sync" : : : "memory");
	return c;
}

void b3_core_init(unsigned int i)
{
	struct b3_core *c = b3_core_prepare(i);

	__asm__ volatile("mtspr %0, %1; isync" : : "i"(SPRN_SPRG1), "r"(c) : "memory");
}

void b3_probe(unsigned int site)
{
	struct b3_core *c = b3_core_me();

	if (c->probe_site != site || !c->probe_until)
		return;
	c->probe_stopped = 1;
	__asm__ volatile("sync" : : : "memory");
	while (c->probe_until && timebase_read() < c->probe_until)
		;
	c->probe_until = 0;
	c->probe_stopped = 0;
	__asm__ volatile("sync" : : : "memory");
}

/* ---- segments ---- */

uint64_t b3_vsid(unsigned int context, vaddr_t ea, bool tera)
{
	uint64_t proto;

	if (tera) {
		proto = (uint64_t)context << ESID_BITS_1T | ((ea >> SEGMENT_SHIFT_1T) & ((1u << ESID_BITS_1T) - 1));
		return proto * VSID_MULTIPLIER % VSID_MOD_1T;
	}
	proto = (uint64_t)context << ESID_BITS_256M | ((ea >> SEGMENT_SHIFT_256M) & ((1u << ESID_BITS_256M) - 1));
	return proto * VSID_MULTIPLIER % VSID_MOD_256M;
}

static uint64_t seg_offset(const struct b3_seg *s, vaddr_t ea)
{
	return ea & ((1ull << (s->tera ? SEGMENT_SHIFT_1T : SEGMENT_SHIFT_256M)) - 1);
}

uint64_t b3_hash(const struct b3_seg *s, vaddr_t ea)
{
	uint64_t page = seg_offset(s, ea) >> s->base_shift;

	if (s->tera)
		return (s->vsid ^ (s->vsid << 25) ^ page) & 0x7fffffffffull;
	return (s->vsid & 0x7fffffffffull) ^ page;
}

uint64_t b3_hpte_v(const struct b3_seg *s, vaddr_t ea, unsigned int shift)
{
	uint64_t avpn = s->vsid << ((s->tera ? SEGMENT_SHIFT_1T : SEGMENT_SHIFT_256M) - 23) |
			seg_offset(s, ea) >> 23;
	uint64_t v;

	if (shift > 23)
		avpn &= ~((1ull << (shift - 23)) - 1);
	v = (avpn << HPTE_V_AVPN_SHIFT) & HPTE_V_AVPN_MASK;
	if (s->tera)
		v |= HPTE_V_B_1T;
	if (shift > B3_PAGE_SHIFT)
		v |= HPTE_V_LARGE;
	return v | HPTE_V_VALID;
}

/*
 * dw1 from the Linux PTE, as Linux fills it: R always, C when dirty (the
 * hardware never has to write the HPTE), M for cacheable memory, I (and G)
 * from the cache field, N unless executable; PP (hash.h): kernel pages
 * (PRIVILEGED) 000 or 110, user pages 010 or 011, read-write or read-only.
 */
uint64_t b3_hpte_r(paddr_t pa, unsigned int shift, uint64_t pte)
{
	uint64_t r = (pa & ~((1ull << shift) - 1)) & HPTE_R_RPN_MASK;
	unsigned int pp;

	if (shift == B3_16M_SHIFT)
		r |= (uint64_t)PENC_16M << HPTE_R_LP_SHIFT;
	else if (shift == B3_16G_SHIFT)
		r |= (uint64_t)PENC_16G << HPTE_R_LP_SHIFT;
	r |= HPTE_R_R;
	if (pte & _PAGE_DIRTY)
		r |= HPTE_R_C;
	switch (pte & _PAGE_CACHE_MASK) {
	case _PAGE_TOLERANT:
		r |= HPTE_R_I;
		break;
	case _PAGE_NON_IDEMPOTENT:
		r |= HPTE_R_I | HPTE_R_G;
		break;
	default:
		r |= HPTE_R_M;
	}
	if (!(pte & _PAGE_EXEC))
		r |= HPTE_R_N;
	if (pte & _PAGE_PRIVILEGED)
		pp = (pte & _PAGE_WRITE) ? HPTE_PP_KERNEL_RW : HPTE_PP_KERNEL_RO;
	else
		pp = (pte & _PAGE_WRITE) ? HPTE_PP_USER_RW : HPTE_PP_USER_RO;
	return r | ((pp & 4) ? HPTE_R_PP0 : 0) | (pp & HPTE_R_PP);
}

static uint64_t slb_vsid_word(const struct b3_seg *s)
{
	uint64_t w = s->vsid << (s->tera ? SLB_VSID_SHIFT_1T : SLB_VSID_SHIFT);

	if (s->tera)
		w |= SLB_VSID_B_1T;
	w |= SLB_VSID_KP;	/* Ks = 0, Kp = 1 in every segment: PP alone decides (hash.h) */
	switch (s->base_shift) {
	case B3_16M_SHIFT:
		w |= SLB_VSID_LLP_16M;
		break;
	case B3_16G_SHIFT:
		w |= SLB_VSID_LLP_16G;
		break;
	default:
		break;
	}
	return w;
}

static void slb_write(unsigned int i, vaddr_t esid, uint64_t vsid_word)
{
	__asm__ volatile("slbmte %0, %1; isync" : : "r"(vsid_word), "r"(esid | SLB_ESID_V | i) : "memory");
}

/* slbie for the segment, then the index written invalid (slbie leaves its contents). */
static void slb_drop(unsigned int i)
{
	uint64_t rb = slb[i].esid | (slb[i].tera ? 1ull << 25 : 0);

	__asm__ volatile("slbie %0; slbmte %1, %2; isync"
			 : : "r"(rb), "r"(0ull), "r"((uint64_t)i) : "memory");
	if (slb[i].tera)
		b3_core_me()->slb_tera--;
	slb[i].valid = false;
	slb[i].tera = false;
}

static vaddr_t esid_of(vaddr_t ea, bool tera)
{
	return ea & ~((1ull << (tera ? SEGMENT_SHIFT_1T : SEGMENT_SHIFT_256M)) - 1);
}

/* The shadow entry covering ea, or -1. */
static int slb_find(vaddr_t ea)
{
	unsigned int i;

	for (i = SLB_FIRST_FREE; i < SLB_ENTRIES; i++)
		if (slb[i].valid && slb[i].esid == esid_of(ea, slb[i].tera))
			return (int)i;
	return -1;
}

/* Entries overlapping [esid, esid + size) go first: no two entries may cover one address. */
static void slb_drop_overlaps(vaddr_t ea, bool tera)
{
	unsigned int i;

	for (i = SLB_FIRST_FREE; i < SLB_ENTRIES; i++) {
		if (!slb[i].valid)
			continue;
		if (esid_of(slb[i].esid, true) == esid_of(ea, true) &&
		    (tera || slb[i].tera || slb[i].esid == esid_of(ea, false)))
			slb_drop(i);
	}
}

static void slb_insert(vaddr_t ea, const struct b3_seg *s)
{
	struct b3_core *c = b3_core_me();
	unsigned int i;

	slb_drop_overlaps(ea, s->tera);
	i = (unsigned int)c->slb_next;
	if (slb[i].valid)
		slb_drop(i);
	c->slb_next = i + 1 < SLB_ENTRIES ? i + 1 : SLB_FIRST_FREE;
	if (s->tera)
		c->slb_tera++;
	slb[i].valid = true;
	slb[i].tera = s->tera;
	slb[i].esid = esid_of(ea, s->tera);
	slb_write(i, slb[i].esid, slb_vsid_word(s));
}

void b3_slb_read(unsigned int i, uint64_t *esid, uint64_t *vsid)
{
	__asm__ volatile("slbmfee %0, %1" : "=r"(*esid) : "r"((uint64_t)i));
	__asm__ volatile("slbmfev %0, %1" : "=r"(*vsid) : "r"((uint64_t)i));
}

/* ---- the hashed page table ---- */

void b3_hpt_lock_take(void)
{
	uint32_t free;

	do {
		while (b3_hpt_lock)
			;
		free = 0;
	} while (!__atomic_compare_exchange_n(&b3_hpt_lock, &free, 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED));
}

void b3_hpt_lock_give(void)
{
	__atomic_store_n(&b3_hpt_lock, 0, __ATOMIC_RELEASE);
}

#define hpt_lock	b3_hpt_lock_take
#define hpt_unlock	b3_hpt_lock_give

static uint64_t *hpte_at(uint64_t group, unsigned int slot)
{
	return (uint64_t *)(hpt + (group << HPTEG_SHIFT) + slot * HPTE_BYTES);
}

bool b3_hpte_read(uint64_t group, unsigned int slot, uint64_t *v, uint64_t *r)
{
	volatile uint64_t *h = hpte_at(group & hash_mask, slot);

	*v = h[0];
	*r = h[1];
	return (*v & HPTE_V_VALID) != 0;
}

/*
 * tlbie for one page (ISA 2.07 RB: the VA's page number with the top 16
 * bits clear, the segment size at bit 8; a large page's LP at bit 12 and
 * L = 1), then the sequence that waits for every processor to drop it.
 */
static void tlbie_page(const struct b3_seg *s, vaddr_t ea, unsigned int shift)
{
	uint64_t va = (s->vsid << (s->tera ? SEGMENT_SHIFT_1T : SEGMENT_SHIFT_256M)) | seg_offset(s, ea);
	uint64_t rb = va & ~((1ull << shift) - 1) & ~(0xffffull << 48);

	rb |= (uint64_t)(s->tera ? 1 : 0) << 8;
	if (shift == B3_16M_SHIFT)
		rb |= (uint64_t)PENC_16M << 12 | 1;
	else if (shift == B3_16G_SHIFT)
		rb |= (uint64_t)PENC_16G << 12 | 1;
	__asm__ volatile("ptesync; tlbie %0, %1; eieio; tlbsync; ptesync" : : "r"(rb), "r"(0ull) : "memory");
	counts.invalidates++;
}

static void hpte_write(uint64_t *h, uint64_t v, uint64_t r)
{
	h[1] = r;
	__asm__ volatile("eieio" : : : "memory");
	h[0] = v;
	__asm__ volatile("ptesync" : : : "memory");
}

/*
 * A slot for an HPTE (the HPT lock held): the first free one of the
 * primary group, then of the secondary, else one non-bolted entry of one
 * of them evicted (V cleared; no tlbie, as Linux: its page's PTE keeps the
 * record, and the page's next invalidation issues tlbie), chosen by the
 * time base.  Returns the slot (0..7) | 8 if secondary and its address, or
 * -1 if both groups are all bolted.
 */
static int hpte_slot_locked(uint64_t hash, uint64_t **hp)
{
	unsigned int pass, slot, k;
	uint64_t tb;

	for (pass = 0; pass < 2; pass++) {
		uint64_t group = (pass ? ~hash : hash) & hash_mask;

		for (slot = 0; slot < HPTES_PER_GROUP; slot++) {
			*hp = hpte_at(group, slot);
			if (!((*hp)[0] & HPTE_V_VALID))
				return (int)(slot | (pass ? 8 : 0));
		}
	}
	tb = timebase_read();
	for (k = 0; k < 2 * HPTES_PER_GROUP; k++) {
		unsigned int which = (unsigned int)((tb + (k >= HPTES_PER_GROUP)) & 1);
		uint64_t group = (which ? ~hash : hash) & hash_mask;

		slot = (unsigned int)((tb >> 1) + k) % HPTES_PER_GROUP;
		*hp = hpte_at(group, slot);
		if ((*hp)[0] & HPTE_V_BOLTED)
			continue;
		(*hp)[0] = 0;
		__asm__ volatile("ptesync" : : : "memory");
		progress_reset();
		counts.evictions++;
		return (int)(slot | (which ? 8 : 0));
	}
	return -1;
}

/* The HPTE written into the slot hpte_slot_locked() gave (H from the slot). */
static void hpte_fill(uint64_t *h, int slot, uint64_t v, uint64_t r)
{
	hpte_write(h, v | ((slot & 8) ? HPTE_V_SECONDARY : 0), r);
	counts.inserts++;
}

/*
 * Under the HPT lock: does the record of a page's head entry e name a slot
 * holding the page's HPTE (dw0 v, H aside)?  Then another core inserted it.
 */
static bool recorded_holds(uint64_t e, uint64_t hash, uint64_t v)
{
	uint64_t group = ((e & H_PAGE_F_SECOND) ? ~hash : hash) & hash_mask;
	const uint64_t *h = hpte_at(group, (unsigned int)((e & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT));

	return (e & H_PAGE_HASHPTE) && ((h[0] ^ v) & (HPTE_V_COMPARE & ~(uint64_t)HPTE_V_SECONDARY)) == 0;
}

/* A bolted HPTE (start-up: the linear map), under the HPT lock; its slot, or -1. */
static int hpte_insert_bolted(uint64_t hash, uint64_t v, uint64_t r)
{
	uint64_t *h;
	int slot;

	hpt_lock();
	slot = hpte_slot_locked(hash, &h);
	if (slot >= 0)
		hpte_fill(h, slot, v | HPTE_V_BOLTED, r);
	hpt_unlock();
	return slot;
}

#if __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
#error "book3s/64 table entries are big-endian doublewords: the compare-and-swap below takes them as they are"
#endif

/* The head entry from old to new if nothing changed it meanwhile (a writer that takes no lock). */
static bool entry_cas(void *p, uint64_t old, uint64_t new)
{
	return __atomic_compare_exchange_n((uint64_t *)p, &old, new, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
}

/* The VSID context of a space: one per space (docs/hw/book3s64-hash.md). */
static unsigned int context_of(const struct mm *mm)
{
	return mm == &kernel_mm ? CONTEXT_KERNEL_MM : CONTEXT_USER_BASE + mm->pid;
}

/* The space an address belongs to, its context, and whether it is the kernel's. */
static struct mm *space_of(vaddr_t ea, unsigned int *context)
{
	struct mm *mm;

	if (ea >= layout.kmap_start && ea <= layout.kmap_last) {
		*context = CONTEXT_KERNEL_MM;
		return &kernel_mm;
	}
	mm = fault_user_mm();
	if (mm && ea >= mm->start && ea <= mm->last) {
		*context = context_of(mm);
		return mm;
	}
	return NULL;
}

static unsigned int shift_of(vsize_t size)
{
	return (unsigned int)__builtin_ctzll(size);
}

static void seg_for(struct b3_seg *s, unsigned int context, vaddr_t ea, unsigned int page_shift)
{
	s->tera = page_shift == B3_16G_SHIFT;
	s->base_shift = page_shift;
	s->vsid = b3_vsid(context, ea, s->tera);
}

/* ---- start-up ---- */

/* Linux's size: a group per two 4K pages of RAM (RAM rounded up to a power of 2), at least 256 KB. */
static unsigned int hpt_shift_for(paddr_t ram)
{
	unsigned int mem_shift = 64 - (unsigned int)__builtin_clzll(ram - 1);
	unsigned int shift = mem_shift - (B3_PAGE_SHIFT + 1) + HPTEG_SHIFT;

	return shift < HTAB_MIN_SHIFT ? HTAB_MIN_SHIFT : shift;
}

void b3_hash_init(paddr_t ram)
{
	unsigned int shift = hpt_shift_for(ram), i;
	struct b3_seg lin = { .tera = true, .base_shift = B3_16M_SHIFT };
	paddr_t pa;
	uint64_t msr;

	pa = palloc_pages(shift - B3_PAGE_SHIFT);
	if (pa == PALLOC_FAIL)
		panic("hash table: no free block of %lu KB for %lu MB of RAM",
		      (unsigned long)(1ul << (shift - 10)), (unsigned long)(ram >> 20));
	hpt = phys_to_virt(pa);
	memset(hpt, 0, 1ul << shift);
	hash_mask = (1ull << (shift - HPTEG_SHIFT)) - 1;
	b3_core_me()->hpt_va = (uintptr_t)hpt;	/* the boot core's copies (the others copy at their start) */
	b3_core_me()->hpt_mask = hash_mask;
	hpt_info.base = pa;
	hpt_info.bytes = 1ull << shift;
	hpt_info.groups = hash_mask + 1;
	hpt_info.sdr1 = pa | (shift - HTAB_MIN_SHIFT);
	__asm__ volatile("ptesync; mtspr %0, %1; isync" : : "i"(SPRN_SDR1), "r"(hpt_info.sdr1) : "memory");

	/* the linear map: bolted 16M pages in one bolted 1T segment, SLB entry 0 */
	lin.vsid = b3_vsid(CONTEXT_LINEAR, KERNEL_VA, true);
	for (pa = 0; pa < ram; pa += 1ull << B3_16M_SHIFT) {
		vaddr_t ea = KERNEL_VA + pa;
		uint64_t pte = _PAGE_READ | _PAGE_WRITE | _PAGE_DIRTY | _PAGE_EXEC | _PAGE_PRIVILEGED;

		if (hpte_insert_bolted(b3_hash(&lin, ea), b3_hpte_v(&lin, ea, B3_16M_SHIFT),
				       b3_hpte_r(pa, B3_16M_SHIFT, pte)) < 0)
			panic("hash table: no room for the linear map at 0x%lx", (unsigned long)pa);
		hpt_info.bolted++;
	}
	counts.inserts = 0;
	__asm__ volatile("slbia; isync" : : : "memory");
	for (i = 0; i < SLB_ENTRIES; i++)
		__asm__ volatile("slbmte %0, %1" : : "r"(0ull), "r"((uint64_t)i) : "memory");
	slb_write(0, KERNEL_VA, slb_vsid_word(&lin));
	tlb_flush_all();
	/* translation on, for data and instructions: the code runs at its linear-map address */
	__asm__ volatile("mfmsr %0" : "=r"(msr));
	msr |= MSR_IR | MSR_DR;
	__asm__ volatile("mtmsrd %0; isync" : : "r"(msr) : "memory");
}

void b3_hash_report(void)
{
	kprintf("ppcmmu: hash table %lu KB at 0x%lx (%lu groups, SDR1 0x%lx), %u bolted 16M HPTEs for the "
		"linear map in a 1T segment (SLB entry 0); MSR 0x%016lx\n",
		(unsigned long)(hpt_info.bytes >> 10), (unsigned long)hpt_info.base,
		(unsigned long)hpt_info.groups, (unsigned long)hpt_info.sdr1, hpt_info.bolted,
		(unsigned long)({ uint64_t m; __asm__ volatile("mfmsr %0" : "=r"(m)); m; }));
}

void b3_hpt_info(struct b3_hpt_info *info)
{
	*info = hpt_info;
}

void b3_counts(struct b3_counts *c)
{
	unsigned long *sum = (unsigned long *)c;
	unsigned int i, k;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < B3_MAX_CORES; i++)
		for (k = 0; k < sizeof(*c) / sizeof(*sum); k++)
			sum[k] += ((const unsigned long *)&b3_cores[i].stats)[k];
}

/* ---- the fault path ---- */

static bool make_segment(vaddr_t ea, struct b3_seg *s)
{
	unsigned int context;
	struct mm *mm = space_of(ea, &context);
	struct walk_result w;

	if (!mm)
		return false;
	/* nothing mapped there: a 4K-base segment, so the retry's hash fault tells load from store */
	seg_for(s, context, ea, walk(mm, ea, &w) == MMU_OK ? shift_of(w.size) : B3_PAGE_SHIFT);
	slb_insert(ea, s);
	counts.slb_miss++;
	counts.slb_miss_c++;
	return true;
}

/* Does the leaf grant this access?  Kernel accesses need READ (WRITE, EXEC); user ones USER too. */
static bool access_ok(uint64_t pte, bool user, bool store, bool exec)
{
	if (!(pte & _PAGE_READ))
		return false;
	if (user && (pte & _PAGE_PRIVILEGED))
		return false;
	if (store && !(pte & _PAGE_WRITE))
		return false;
	if (exec && !(pte & _PAGE_EXEC))
		return false;
	return true;
}

/*
 * The same page faulting with no HPTE again and again right after its HPTE
 * (or its segment) went in means the MMU does not take the entry (a wrong
 * encoding): after REPEAT_LIMIT such faults the next is refused, saying so,
 * instead of inserting forever.
 */
#define REPEAT_LIMIT	4

static bool fault_is_progress(vaddr_t page_va, vaddr_t ea)
{
	struct b3_core *c = b3_core_me();

	if (page_va != c->last_page) {
		c->last_page = page_va;
		c->repeats = 0;
		return true;
	}
	if (++c->repeats <= REPEAT_LIMIT)
		return true;
	kprintf("ppcmmu: hash fault at 0x%016lx: %u faults on its page right after its HPTE or segment went "
		"in (the MMU does not take the entry): refused\n", (unsigned long)ea, c->repeats);
	progress_reset();
	return false;
}

#define RETRY	(-2)	/* hash_miss(): the head changed under it, the access faults again */


static bool hash_miss(vaddr_t ea, bool user, bool store, bool exec)
{
	unsigned int context;
	struct mm *mm = space_of(ea, &context);
	struct walk_result w;
	struct b3_seg s;
	unsigned int shift;
	uint64_t flags = 0, e, v, hash, *h = NULL;
	void *head;
	int level, slot, i;

	if (!mm || walk(mm, ea, &w) != MMU_OK || !access_ok(w.entry, user, store, exec))
		return false;
	/* a remade segment counts too: one the MMU does not take must end in a report, not a loop */
	if (!fault_is_progress(w.page_va, ea))
		return false;
	shift = shift_of(w.size);
	i = slb_find(ea);
	if (i < 0 || slb[i].tera != (shift == B3_16G_SHIFT))
		return make_segment(ea, &s);	/* the segment is gone or of the wrong size: remake it */
	seg_for(&s, context, ea, shift);
	{
		uint64_t esid, vw;

		b3_slb_read((unsigned int)i, &esid, &vw);
		if ((vw & SLB_VSID_LLP_MASK) != (slb_vsid_word(&s) & SLB_VSID_LLP_MASK))
			return make_segment(ea, &s);
	}
	level = w.level;
	head = pt_run_head(mm, level, w.size, w.page_va);
	v = b3_hpte_v(&s, w.page_va, shift);
	hash = b3_hash(&s, w.page_va);
	/*
	 * Under the HPT lock, from the head as it is now: another core's HPTE
	 * for the page serves; a head that no longer grants the access (another
	 * core's unmap or protect since the walk) sends the access back to
	 * fault afresh; else ACCESSED (and DIRTY) go on every entry of the run
	 * (ldarx/stdcx., pt_run_set_flags()), then the record by
	 * compare-and-swap (a writer that takes no lock makes this a retry
	 * too), then the HPTE.
	 */
	flags = _PAGE_ACCESSED | (store ? _PAGE_DIRTY : 0);
	hpt_lock();
	e = pt_entry_get(head);
	if (recorded_holds(e, hash, v)) {
		slot = 0;
	} else if (!(e & _PAGE_PRESENT) || !access_ok(e, user, store, exec) ||
		   !pt_run_set_flags(mm, level, w.size, w.page_va, flags)) {
		slot = RETRY;
	} else {
		e |= flags;
		slot = hpte_slot_locked(hash, &h);
		b3_probe(B3_PROBE_C_RECORD);
		if (slot >= 0 && !entry_cas(head, e, (e & ~(H_PAGE_HASHPTE | H_PAGE_F_SECOND | H_PAGE_F_GIX)) |
					     H_PAGE_HASHPTE | (uint64_t)slot << H_PAGE_F_GIX_SHIFT))
			slot = RETRY;
		else if (slot >= 0)
			hpte_fill(h, slot, v, b3_hpte_r(e & B3_RPN_MASK, shift, e));
	}
	hpt_unlock();
	if (slot == RETRY)
		return true;
	if (slot < 0)
		return false;
	counts.hash_miss++;
	counts.hash_miss_c++;
	return true;
}

bool b3_hash_fault(struct b3_regs *r)
{
	bool user = (r->srr1 & MSR_PR) != 0, ok = false;
	struct b3_seg s;

	switch (r->vector) {
	case VEC_DSEG:
		ok = make_segment(r->dar, &s);
		break;
	case VEC_ISEG:
		ok = make_segment(r->srr0, &s);
		break;
	case VEC_DSI:
		if ((r->dsisr & (DSISR_NOHPTE | DSISR_PROTFAULT | DSISR_BADACCESS | DSISR_KEYFAULT)) == DSISR_NOHPTE)
			ok = hash_miss(r->dar, user, (r->dsisr & DSISR_ISSTORE) != 0, false);
		break;
	case VEC_ISI:
		if ((r->srr1 & (SRR1_ISI_NOHPTE | SRR1_ISI_N_OR_G | SRR1_ISI_PROT)) == SRR1_ISI_NOHPTE)
			ok = hash_miss(r->srr0, user, false, true);
		break;
	default:
		break;
	}
	if (!ok)
		counts.refused++;
	else if (r->vector == VEC_DSEG || r->vector == VEC_DSI)
		counts.data_resolved++;
	else
		counts.inst_resolved++;
	return ok;
}

void b3_kernel_space(void)
{
	unsigned int i;

	for (i = 0; i < B3_MAX_CORES; i++) {
		b3_cores[i].spaces[B3_SPACE_KERNEL].context = CONTEXT_KERNEL_MM;
		b3_cores[i].spaces[B3_SPACE_KERNEL].pgd_pa = virt_to_phys(kernel_mm.pgd);
	}
}

/*
 * User mode begins in mm: the assembly paths serve its segment and hash
 * misses, with its context.  They check an address only against the 46
 * indexed bits, so a space over less than that (no such space is made
 * today) is left to C.
 */
void b3_user_space(const struct mm *mm)
{
	struct b3_space *s = &b3_core_me()->spaces[B3_SPACE_USER];

	s->pgd_pa = 0;
	if (mm->start != 0 || mm->last != B3_USER_LAST)
		return;
	s->context = context_of(mm);
	s->pgd_pa = virt_to_phys(mm->pgd);
}

/*
 * User mode ends: the SLB keeps no user segment, so that the kernel sees
 * no user address and the next space finds none of another's VSIDs.  The
 * HPTEs stay: no VSID of one space is another's, and a space entered again
 * finds its pages' entries.
 */
void b3_user_leave(void)
{
	unsigned int i;

	b3_core_me()->spaces[B3_SPACE_USER].pgd_pa = 0;
	for (i = SLB_FIRST_FREE; i < SLB_ENTRIES; i++)
		if (slb[i].valid && slb[i].esid <= B3_USER_LAST)
			slb_drop(i);
}

/*
 * A refused fault at ea: whether a leaf is there (the page refuses the
 * access: a protection fault) or not (a miss), in the space the fault
 * happened in.
 */
bool b3_fault_has_leaf(vaddr_t ea)
{
	unsigned int context;
	struct mm *mm = space_of(ea, &context);
	struct walk_result w;

	return mm && walk(mm, ea, &w) == MMU_OK;
}

/* ---- invalidation ---- */

/* The leaf entry of ea even if PRESENT is clear (unmap clears it first); its level, or 0. */
static void *leaf_raw(const struct mm *mm, vaddr_t ea, int *level)
{
	int l;

	for (l = 2; l <= 4; l++) {
		void *p = pt_leaf_slot(mm, l, ea);
		uint64_t e;

		if (!p)
			continue;
		e = pt_entry_get(p);
		if (l == 4 || (e & _PAGE_PTE)) {
			*level = l;
			return e ? p : NULL;
		}
	}
	return NULL;
}

/* The recorded HPTE of the page whose head entry is headp, if it still holds the page; then tlbie. */
static void flush_recorded(const struct mm *mm, void *headp, vaddr_t page_va, unsigned int shift)
{
	uint64_t e, hash, want, *h = NULL;
	unsigned int pass, slot;
	struct b3_seg s;

	seg_for(&s, context_of(mm), page_va, shift);
	hash = b3_hash(&s, page_va);
	want = b3_hpte_v(&s, page_va, shift);
	b3_probe(B3_PROBE_FLUSH);
	hpt_lock();		/* before the record is read: a fault path stores it under the lock */
	e = pt_entry_get(headp);
	if (e & H_PAGE_HASHPTE) {
		h = hpte_at(((e & H_PAGE_F_SECOND) ? ~hash : hash) & hash_mask,
			    (unsigned int)((e & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT));
		if ((h[0] & HPTE_V_COMPARE) != ((want | ((e & H_PAGE_F_SECOND) ? HPTE_V_SECONDARY : 0)) &
						HPTE_V_COMPARE))
			h = NULL;	/* evicted: the slot holds another page, or nothing */
	} else {
		/*
		 * No record, but maybe an HPTE: this core's change of the entry
		 * (a plain store) can land on another core's record between its
		 * compare-and-swap and its HPTE.  Both groups are searched.
		 */
		for (pass = 0; pass < 2 && !h; pass++)
			for (slot = 0; slot < HPTES_PER_GROUP && !h; slot++) {
				h = hpte_at(((pass ? ~hash : hash) & hash_mask), slot);
				if ((h[0] & HPTE_V_COMPARE) != ((want | (pass ? HPTE_V_SECONDARY : 0)) & HPTE_V_COMPARE))
					h = NULL;
			}
	}
	if (h) {
		h[0] = 0;
		__asm__ volatile("ptesync" : : : "memory");
	}
	pt_entry_set(headp, e & ~(H_PAGE_HASHPTE | H_PAGE_F_SECOND | H_PAGE_F_GIX));
	hpt_unlock();
	if (!h && !(e & H_PAGE_HASHPTE))
		return;		/* never inserted, nothing cached */
	tlbie_page(&s, page_va, shift);
	progress_reset();
}

static void slb_drop_range(vaddr_t va, vsize_t size)
{
	unsigned int i;

	for (i = SLB_FIRST_FREE; i < SLB_ENTRIES; i++) {
		vaddr_t end;

		if (!slb[i].valid)
			continue;
		end = slb[i].esid + ((1ull << (slb[i].tera ? SEGMENT_SHIFT_1T : SEGMENT_SHIFT_256M)) - 1);
		if (slb[i].esid <= va + (size - 1) && end >= va)
			slb_drop(i);
	}
}

void mmu_tlb_invalidate(const struct mm *mm, vaddr_t va, vsize_t size)
{
	vaddr_t a = va, last = va + (size - 1);

	while (a <= last) {
		int level = 0;
		void *p = leaf_raw(mm, a, &level);
		vsize_t step = level == 2 ? 1ull << B3_16G_SHIFT : level == 3 ? 1ull << B3_16M_SHIFT :
			       1ull << B3_PAGE_SHIFT;
		vaddr_t page = a & ~(step - 1);

		if (p) {
			void *head = pt_run_head(mm, level, step, page);

			if (head)
				flush_recorded(mm, head, page, shift_of(step));
		}
		if (page + step - 1 >= last)
			break;
		a = page + step;
	}
	slb_drop_range(va, size);
}

void b3_tlb_flush_local(void)
{
	unsigned int i;

	for (i = 0; i < POWER8_TLB_SETS; i++)
		__asm__ volatile("tlbiel %0" : : "r"((uint64_t)i << 12 | TLBIEL_INVAL_SET) : "memory");
	__asm__ volatile("ptesync; isync" : : : "memory");
}

/* Another core's part of tlb_flush_all(): its TLB, and its SLB but entry 0. */
static void flush_remote(void *arg)
{
	unsigned int i;

	(void)arg;
	for (i = SLB_FIRST_FREE; i < SLB_ENTRIES; i++)
		if (slb[i].valid)
			slb_drop(i);
	b3_tlb_flush_local();
}

/*
 * Every non-bolted HPTE, every SLB entry but the linear map's, every TLB
 * entry: this core's with tlbiel, every other core that has run anything
 * by a call (POWER8's tlbie takes one page, not all).
 */
void tlb_flush_all(void)
{
	uint64_t g;
	unsigned int slot, i, c;

	hpt_lock();
	for (g = 0; hpt && g <= hash_mask; g++)
		for (slot = 0; slot < HPTES_PER_GROUP; slot++) {
			uint64_t *h = hpte_at(g, slot);

			if ((h[0] & HPTE_V_VALID) && !(h[0] & HPTE_V_BOLTED))
				h[0] = 0;
		}
	__asm__ volatile("ptesync" : : : "memory");
	hpt_unlock();
	progress_reset();
	for (i = SLB_FIRST_FREE; i < SLB_ENTRIES; i++)
		if (slb[i].valid)
			slb_drop(i);
	b3_tlb_flush_local();
	for (c = 0; c < smp_online(); c++)
		if (c != arch_this_cpu() && !smp_tlb_clean(c))
			smp_call(c, flush_remote, NULL, SMP_CALL_TIMEOUT);
}

void tlb_flush_page(vaddr_t va)
{
	mmu_tlb_invalidate(&kernel_mm, va & ~0xfffull, 4096);
}

void mmu_tlb_invalidate_mm(const struct mm *mm)
{
	(void)mm;
	tlb_flush_all();
}

/*
 * The HPTE of ea in the segments of context (16M only for the linear map),
 * if any; *n (if not NULL) counts every one that matches (more than one:
 * the MMU's result is undefined).
 */
static bool hpte_find_n(vaddr_t ea, unsigned int context, uint64_t *group, unsigned int *slotp, uint64_t *v,
			uint64_t *r, struct b3_seg *seg, unsigned int *n)
{
	static const unsigned int shifts[] = { B3_PAGE_SHIFT, B3_16M_SHIFT, B3_16G_SHIFT };
	unsigned int k, pass, slot;
	bool found = false;

	for (k = 0; k < 3; k++) {
		struct b3_seg s;
		uint64_t want, hash;

		if (context == CONTEXT_LINEAR && shifts[k] != B3_16M_SHIFT)
			continue;
		s.tera = context == CONTEXT_LINEAR || shifts[k] == B3_16G_SHIFT;
		s.base_shift = shifts[k];
		s.vsid = b3_vsid(context, ea, s.tera);
		hash = b3_hash(&s, ea);
		want = b3_hpte_v(&s, ea, shifts[k]);
		for (pass = 0; pass < 2; pass++)
			for (slot = 0; slot < HPTES_PER_GROUP; slot++) {
				uint64_t g = (pass ? ~hash : hash) & hash_mask, hv, hr;

				b3_hpte_read(g, slot, &hv, &hr);
				if ((hv & HPTE_V_COMPARE) !=
				    ((want | (pass ? HPTE_V_SECONDARY : 0)) & HPTE_V_COMPARE))
					continue;
				if (n)
					(*n)++;
				if (found)
					continue;
				found = true;
				*group = g;
				*slotp = slot;
				*v = hv;
				*r = hr;
				*seg = s;
				if (!n)
					return true;
			}
	}
	return found;
}

static bool hpte_find(vaddr_t ea, unsigned int context, uint64_t *group, unsigned int *slotp, uint64_t *v,
		      uint64_t *r, struct b3_seg *seg)
{
	return hpte_find_n(ea, context, group, slotp, v, r, seg, NULL);
}

/* The context of ea seen from user space pid (0: the kernel, which sees no user address), or 0. */
static unsigned int context_at(vaddr_t ea, unsigned int pid)
{
	if (ea >= KERNEL_VA)
		return CONTEXT_LINEAR;
	if (ea >= layout.kmap_start && ea <= layout.kmap_last)
		return CONTEXT_KERNEL_MM;
	if (ea <= layout.user_last && pid)
		return CONTEXT_USER_BASE + pid;
	return 0;
}

unsigned int b3_hpte_count(vaddr_t ea, unsigned int pid)
{
	unsigned int context = context_at(ea, pid), slot, n = 0;
	uint64_t group, v, r;
	struct b3_seg s;

	if (context)
		hpte_find_n(ea, context, &group, &slot, &v, &r, &s, &n);
	return n;
}

bool b3_hpte_find(vaddr_t ea, uint64_t *group, unsigned int *slotp, uint64_t *v, uint64_t *r,
		  struct b3_seg *seg)
{
	struct mm *mm = fault_user_mm();
	unsigned int context = context_at(ea, mm ? mm->pid : 0);

	return context && hpte_find(ea, context, group, slotp, v, r, seg);
}

/*
 * The rights an HPTE grants, from its PP bits under the keys every
 * segment has (Ks = 0 for the kernel, Kp = 1 for user mode): 000 kernel
 * read-write, 110 kernel read-only, 010 read-write for both, 011 read-only
 * for both; N takes execute away; I and G show as NOCACHE and GUARDED
 * (M, on every cacheable page, is not reported).
 */
static unsigned int hpte_prot(uint64_t r)
{
	unsigned int pp = (unsigned int)(((r & HPTE_R_PP0) ? 4 : 0) | (r & HPTE_R_PP));
	unsigned int prot;

	switch (pp) {
	case HPTE_PP_KERNEL_RW:
		prot = PROT_READ | PROT_WRITE;
		break;
	case HPTE_PP_KERNEL_RO:
		prot = PROT_READ;
		break;
	case HPTE_PP_USER_RW:
		prot = PROT_READ | PROT_WRITE | PROT_USER;
		break;
	case HPTE_PP_USER_RO:
		prot = PROT_READ | PROT_USER;
		break;
	default:
		prot = 0;
	}
	if (r & HPTE_R_I)
		prot |= PROT_NOCACHE;
	if (r & HPTE_R_G)
		prot |= PROT_GUARDED;
	return prot | ((r & HPTE_R_N) ? 0 : PROT_EXEC);
}

/* The HPTE that translates va now in space pid (0: the kernel's), as a tlb_info. */
bool tlb_lookup(vaddr_t va, unsigned int pid, struct tlb_info *t)
{
	uint64_t group, v, r;
	unsigned int slot, shift, context = context_at(va, pid);
	struct b3_seg s;

	memset(t, 0, sizeof(*t));
	if (!context || !hpte_find(va, context, &group, &slot, &v, &r, &s))
		return false;
	shift = s.base_shift;
	t->valid = true;
	t->size = shift >= 32 ? 0 : 1u << shift;
	t->va = va & ~((1ull << shift) - 1);
	t->pa = (r & HPTE_R_RPN_MASK) & ~((1ull << shift) - 1);
	t->prot = hpte_prot(r);
	t->tid = context >= CONTEXT_USER_BASE ? pid : 0;
	t->level = shift > B3_PAGE_SHIFT;
	t->raw[0] = (uint32_t)(v >> 32);
	t->raw[1] = (uint32_t)v;
	t->raw[2] = (uint32_t)(r >> 32);
	t->raw[3] = (uint32_t)r;
	t->raw[4] = (uint32_t)(group * HPTES_PER_GROUP + slot);
	return true;
}

/* Misses this core's fault paths resolved: data (DSI, data segment) and instruction (ISI, instruction segment). */
void tlb_counts(struct tlb_counts *c)
{
	c->dmiss = (uint32_t)counts.data_resolved;
	c->imiss = (uint32_t)counts.inst_resolved;
}
