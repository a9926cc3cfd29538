/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 (POWER8, hash MMU): what this family runs so far.  The kernel
 * translated through the bolted linear map, the hashed page table's size
 * and SDR1, segment and hash misses resolved by the fault paths for 4K, 16M
 * and 16G pages, kernel and user (HPTE words and the slot recorded in the
 * PTE), misses per sweep, group overflow and eviction, invalidation after
 * unmap and protect, and the second core: its own faults, tlbie reaching
 * it, the HPT lock between the two.
 */
#include <setjmp.h>
#include <string.h>
#include "tests/target/report.h"
#include "tests/target/env.h"
#include "include/kernel.h"
#include "include/book3s64/hash.h"
#include "mmu/pgtable.h"
#include "mmu/pte-book3s64.h"
#include "mmu/palloc.h"
#include "tlb/book3s64-hash.h"
#include "smp/e500-64-smp.h"
#include "tests/target/test-book3s64.h"

#include "hugetlb/pool.h"

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })
#define MB		(1ull << 20)
#define GB		(1ull << 30)
#define SEG		(1ull << SEGMENT_SHIFT_256M)
#define MISS_VA		(B3_KMAP_START + 0x0000001230000000ull)
#define SWEEP_VA	(B3_KMAP_START + 0x0000002000000000ull)
#define HUGE16M_VA	(B3_KMAP_START + 0x0000003000000000ull)
#define HUGE16G_VA	(B3_KMAP_START + 0x0000010000000000ull)	/* a 1T region of its own */
#define EVICT_VA	(B3_KMAP_START + 0x0000020000000000ull)
#define ROUND_VA	(B3_KMAP_START + 0x0000028000000000ull)
#define REFAULTS	8	/* more than the fault path's repeat limit */
#define SMP_VA		(B3_KMAP_START + 0x0000007000000000ull)

static uint64_t msr(void)
{
	uint64_t m;

	__asm__ volatile("mfmsr %0" : "=r"(m));
	return m;
}

static struct b3_counts counts_now(void)
{
	struct b3_counts c;

	b3_counts(&c);
	return c;
}

static enum fault_kind load_faults(vaddr_t va)
{
	expect_fault(va);
	(void)peek(va);
	enum fault_kind k = faults_taken() == 1 ? last_fault()->kind : FAULT_NONE;

	expect_fault_clear();
	return k;
}

static void test_mode(void)
{
	uint64_t m = msr(), sp;

	__asm__ volatile("mr %0, 1" : "=r"(sp));
	report((m & (MSR_SF | MSR_HV | MSR_ME)) == (MSR_SF | MSR_HV | MSR_ME) && !(m & MSR_LE),
	       "64-bit, hypervisor, machine checks on, big-endian (MSR 0x%016lx)", (unsigned long)m);
	report((m & (MSR_IR | MSR_DR)) == (MSR_IR | MSR_DR), "instruction and data translation on");
	report((uint64_t)(uintptr_t)test_mode >> 60 == 0xc && sp >> 60 == 0xc,
	       "code and stack at linear-map addresses 0x%016lx, 0x%016lx",
	       (unsigned long)(uintptr_t)test_mode, (unsigned long)sp);
	report_eq(mfspr(SPRN_PVR) >> 16, 0x004d, "a POWER8 core (PVR 0x%08lx)", (unsigned long)mfspr(SPRN_PVR));
}

/* Linux's size rule and SDR1's encoding, from the RAM the tree gave. */
static void test_hpt(void)
{
	struct b3_hpt_info h;
	uint64_t esid, vsid;
	unsigned int want_shift = 64 - (unsigned int)__builtin_clzll(layout.ram_size - 1) - 13 + 7;

	b3_hpt_info(&h);
	if (want_shift < HTAB_MIN_SHIFT)
		want_shift = HTAB_MIN_SHIFT;
	report_eq(h.bytes, 1ull << want_shift, "hash table: a 128-byte group per two 4K pages of RAM "
		  "(%lu MB RAM: %lu KB)", (unsigned long)(layout.ram_size >> 20), (unsigned long)(h.bytes >> 10));
	report(h.base % h.bytes == 0, "the table is aligned to its size (0x%lx)", (unsigned long)h.base);
	report_eq(mfspr(SPRN_SDR1), h.base | (want_shift - HTAB_MIN_SHIFT),
		  "SDR1 = HTABORG | log2(size) - 18");
	b3_slb_read(0, &esid, &vsid);
	report(esid == (KERNEL_VA | SLB_ESID_V) && (vsid & SLB_VSID_B_1T) &&
	       (vsid & SLB_VSID_LLP_MASK) == SLB_VSID_LLP_16M,
	       "SLB entry 0: the linear map, a 1T segment with 16M base pages (0x%016lx 0x%016lx)",
	       (unsigned long)esid, (unsigned long)vsid);
	report_eq(h.bolted, (unsigned int)((layout.ram_size + 16 * MB - 1) / (16 * MB)),
		  "one bolted 16M HPTE per 16M of RAM");
}

/* The HPTE the fault path inserted for va, and the slot the PTE records. */
static bool hpte_recorded(vaddr_t page_va, void *headp, unsigned int shift, uint64_t *v, uint64_t *r)
{
	uint64_t group, e = pt_entry_get(headp);
	unsigned int slot;
	struct b3_seg s;

	if (!b3_hpte_find(page_va, &group, &slot, v, r, &s) || s.base_shift != shift)
		return false;
	return (e & H_PAGE_HASHPTE) && ((e & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT) == slot &&
	       !!(e & H_PAGE_F_SECOND) == !!(*v & HPTE_V_SECONDARY);
}

/*
 * The HPTE words v, r (H aside) are what the C encoder makes for the page
 * at page_va of 1 << shift in VSID context ctx (2: kernel_mm).
 */
static bool encoded_as_c_in(unsigned int ctx, vaddr_t page_va, unsigned int shift, bool tera, paddr_t pa,
			    uint64_t head, uint64_t v, uint64_t r)
{
	struct b3_seg s = { .tera = tera, .base_shift = shift, .vsid = b3_vsid(ctx, page_va, tera) };

	return (v & ~(uint64_t)HPTE_V_SECONDARY) == b3_hpte_v(&s, page_va, shift) &&
	       r == b3_hpte_r(pa, shift, head);
}

static bool encoded_as_c(vaddr_t page_va, unsigned int shift, bool tera, paddr_t pa, uint64_t head, uint64_t v,
			 uint64_t r)
{
	return encoded_as_c_in(2, page_va, shift, tera, pa, head, v, r);
}

static void test_4k(void)
{
	paddr_t pa = test_page();
	uint32_t *l = lin(pa);
	struct walk_result w;
	struct b3_counts c0, c1;
	unsigned int i, ok;
	uint64_t v, r;

	l[3] = 0x4c0ffee4;
	report_eq(map(&kernel_mm, MISS_VA, pa, 4096, KPROT_RW), MMU_OK, "map 4K read-write in kernel_mm");
	c0 = counts_now();
	report_eq(peek(MISS_VA + 12), 0x4c0ffee4, "a load at 0x%016lx reads the page", (unsigned long)(MISS_VA + 12));
	c1 = counts_now();
	report(c1.slb_miss - c0.slb_miss == 1 && c1.hash_miss - c0.hash_miss == 1,
	       "it took one segment miss and one hash miss (%lu, %lu)", c1.slb_miss - c0.slb_miss,
	       c1.hash_miss - c0.hash_miss);
	report(c1.slb_miss_c == c0.slb_miss_c && c1.data_resolved - c0.data_resolved == 2,
	       "the segment miss was resolved in assembly, not by the C path (%lu in C)",
	       c1.slb_miss_c - c0.slb_miss_c);
	report_eq(walk(&kernel_mm, MISS_VA, &w), MMU_OK, "walk it");
	report(hpte_recorded(MISS_VA, w.ptep, 12, &v, &r), "an HPTE for it, its slot recorded in the PTE");
	report(c1.hash_miss_c == c0.hash_miss_c, "the hash miss was resolved in assembly, not by the C path");
	report((v & ~(uint64_t)HPTE_V_SECONDARY) == b3_hpte_v(&(struct b3_seg){ .vsid = b3_vsid(2, MISS_VA, false),
	       .base_shift = 12 }, MISS_VA, 12) && r == b3_hpte_r(pa, 12, w.entry),
	       "the assembly path's HPTE words are the C encoder's");
	report(!(v & HPTE_V_LARGE) && !(v & HPTE_V_B_1T) && (r & HPTE_R_RPN_MASK) == pa &&
	       (r & (HPTE_R_PP0 | HPTE_R_PP)) == 0 && (r & HPTE_R_N) && (r & HPTE_R_M),
	       "HPTE: 4K (L = 0), 256M segment, RPN the page, PP 000, no-execute, coherent "
	       "(V %016lx R %016lx)", (unsigned long)v, (unsigned long)r);
	poke(MISS_VA + 16, 0x5707e);
	report_eq(l[4], 0x5707e, "a store through it lands in the page");
	report_eq(protect(&kernel_mm, MISS_VA, 4096, PROT_READ), MMU_OK, "protect read-only");
	report(!b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }),
	       "protect removed the recorded HPTE");
	expect_fault(MISS_VA + 20);
	poke(MISS_VA + 20, 1);
	report(faults_taken() == 1 && l[5] == 0, "a store to the read-only page faults, nothing written");
	expect_fault_clear();
	report_eq(peek(MISS_VA + 16), 0x5707e, "a load still reads it (a new HPTE, read-only)");
	report_eq(unmap(&kernel_mm, MISS_VA, 4096), MMU_OK, "unmap");
	report(!b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }),
	       "unmap removed the HPTE");
	report_eq(load_faults(MISS_VA), FAULT_TLB_DATA, "a load after unmap faults (no stale translation)");
	for (i = 0, ok = 0; i < REFAULTS; i++) {
		map(&kernel_mm, MISS_VA, pa, 4096, KPROT_RW);
		ok += peek(MISS_VA + 16) == 0x5707e;
		unmap(&kernel_mm, MISS_VA, 4096);
	}
	report_eq(ok, REFAULTS, "mapped, read and unmapped %u times: each fault is resolved (an unmap is no "
		  "repeat of a fault the MMU does not take)", REFAULTS);
	/* a record lost (another core's plain store on the entry after the fault's): unmap still finds the HPTE */
	map(&kernel_mm, MISS_VA, pa, 4096, KPROT_RW);
	(void)peek(MISS_VA);
	walk(&kernel_mm, MISS_VA, &w);
	pt_entry_set(w.ptep, w.entry & ~(uint64_t)(H_PAGE_HASHPTE | H_PAGE_F_SECOND | H_PAGE_F_GIX));
	unmap(&kernel_mm, MISS_VA, 4096);
	report(!b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }) &&
	       load_faults(MISS_VA) == FAULT_TLB_DATA,
	       "an HPTE whose record the PTE lost is found by unmap all the same (both groups searched)");
	/* a kernel_mm page with user rights: the assembly path gives it the user's PP, 010 */
	map(&kernel_mm, MISS_VA, pa, 4096, UPROT_RW);
	c0 = counts_now();
	report_eq(peek(MISS_VA + 16), 0x5707e, "a kernel_mm page with user rights reads");
	c1 = counts_now();
	walk(&kernel_mm, MISS_VA, &w);
	report(c1.hash_miss_c == c0.hash_miss_c &&
	       b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }) &&
	       encoded_as_c(MISS_VA, 12, false, pa, w.entry, v, r) &&
	       (r & (HPTE_R_PP0 | HPTE_R_PP)) == HPTE_PP_USER_RW,
	       "its hash miss resolved in assembly, PP 010 as the C encoder makes it (R %016lx)", (unsigned long)r);
	unmap(&kernel_mm, MISS_VA, 4096);
	test_page_free(pa);
}


/* A call into a page mapped executable: an instruction segment miss and an instruction hash miss. */
static void test_exec(void)
{
	paddr_t pa = test_page();
	unsigned int i, ran;
	struct walk_result w;
	struct b3_counts c0, c1;
	uint64_t v, r;

	put_li42(lin(pa));
	report_eq(map(&kernel_mm, MISS_VA, pa, 4096, PROT_READ | PROT_EXEC), MMU_OK, "map 4K r-x");
	tlb_flush_all();	/* no segment left there by an earlier test */
	c0 = counts_now();
	report_eq(call_at(MISS_VA), 42, "a call into the page runs its code");
	c1 = counts_now();
	report(c1.slb_miss - c0.slb_miss == 1 && c1.hash_miss - c0.hash_miss == 1,
	       "one instruction segment miss, one instruction hash miss (%lu, %lu)",
	       c1.slb_miss - c0.slb_miss, c1.hash_miss - c0.hash_miss);
	report(c1.slb_miss_c == c0.slb_miss_c && c1.hash_miss_c == c0.hash_miss_c &&
	       c1.inst_resolved - c0.inst_resolved == 2,
	       "both counted as instruction misses, both resolved in assembly");
	report(b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }) &&
	       !(r & HPTE_R_N) && (r & HPTE_R_PP0), "its HPTE: executable (N clear), read-only (PP 110)");
	walk(&kernel_mm, MISS_VA, &w);
	report(encoded_as_c(MISS_VA, 12, false, pa, w.entry, v, r), "the assembly path's HPTE words are the C encoder's");
	for (i = 0, ran = 0; i < REFAULTS; i++) {
		tlb_flush_all();
		ran += call_at(MISS_VA) == 42;
	}
	report_eq(ran, REFAULTS, "%u flushes, %u calls: each fault on the flushed page is resolved (a flush is no "
		  "repeat of a fault the MMU does not take)", REFAULTS, REFAULTS);
	report_eq(protect(&kernel_mm, MISS_VA, 4096, PROT_READ), MMU_OK, "protect: no execute");
	expect_fault(MISS_VA);
	call_at(MISS_VA);
	report(faults_taken() == 1 && last_fault()->kind == FAULT_PROT_INST,
	       "a fetch from the page without EXEC: the hash fault is refused, as a protection fault");
	report(!b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }),
	       "and no HPTE was inserted for it");
	expect_fault_clear();
	report_eq(unmap(&kernel_mm, MISS_VA, 4096), MMU_OK, "unmap");
	test_page_free(pa);
}

/* A sweep over pages of a fresh segment: the ideal is one segment miss and one hash miss a page. */
static void test_sweep(void)
{
	enum { PAGES = 16 };
	paddr_t pa[PAGES];
	struct b3_counts c0, c1, c2;
	unsigned int i, ok = 0;

	for (i = 0; i < PAGES; i++) {
		pa[i] = test_page();
		lin(pa[i])[0] = 0x5ee90000u + i;
		map(&kernel_mm, SWEEP_VA + i * 4096ull, pa[i], 4096, KPROT_RW);
	}
	c0 = counts_now();
	for (i = 0; i < PAGES; i++)
		ok += peek(SWEEP_VA + i * 4096ull) == 0x5ee90000u + i;
	c1 = counts_now();
	report_eq(ok, PAGES, "a sweep over %u pages reads each", PAGES);
	report(c1.slb_miss - c0.slb_miss == 1 && c1.hash_miss - c0.hash_miss == PAGES,
	       "first sweep: 1 segment miss and %u hash misses, the ideal (%lu, %lu)", PAGES,
	       c1.slb_miss - c0.slb_miss, c1.hash_miss - c0.hash_miss);
	for (i = 0; i < PAGES; i++)
		(void)peek(SWEEP_VA + i * 4096ull);
	c2 = counts_now();
	report(c2.slb_miss == c1.slb_miss && c2.hash_miss == c1.hash_miss,
	       "second sweep: no miss at all (%lu, %lu)", c2.slb_miss - c1.slb_miss, c2.hash_miss - c1.hash_miss);
	report_eq(unmap(&kernel_mm, SWEEP_VA, PAGES * 4096ull), MMU_OK, "unmap the %u pages", PAGES);
	for (i = 0; i < PAGES; i++)
		test_page_free(pa[i]);
}

/*
 * The C path's record of a 16M page: mapped again without ACCESSED in any
 * of its 8 entries, a load in the last replica goes to C, which sets
 * ACCESSED on the run and records the slot in the run's first entry.
 */
static void check_16m_c_record(paddr_t pa)
{
	vsize_t size = 16 * MB;
	uint64_t *head, v, r;
	struct b3_counts c0, c1;
	unsigned int i;

	map(&kernel_mm, HUGE16M_VA, pa, size, KPROT_RW);
	head = pt_run_head(&kernel_mm, 3, size, HUGE16M_VA);
	for (i = 0; i < 8; i++)
		pt_entry_set(head + i, pt_entry_get(head + i) & ~(uint64_t)_PAGE_ACCESSED);
	tlb_flush_all();
	c0 = counts_now();
	report_eq(peek(HUGE16M_VA + size - 8), 0x16161616u, "mapped again without ACCESSED: a load in its last "
		  "replica reads it");
	c1 = counts_now();
	report(is_eq(c1.hash_miss_c - c0.hash_miss_c, 1) && (pt_entry_get(head + 7) & _PAGE_ACCESSED) &&
	       hpte_recorded(HUGE16M_VA, head, 24, &v, &r),
	       "the C path took it, set ACCESSED and recorded the slot in the run's first PMD entry");
	unmap(&kernel_mm, HUGE16M_VA, size);
}

/* 16M: a run of 8 leaf PMD entries, a 256M segment with a 16M base, one large HPTE. */
static void test_16m(void)
{
	vsize_t size = 16 * MB;
	paddr_t pa = hugepool_alloc((uint32_t)size);
	struct walk_result w;
	uint64_t v, r, group, esid, vsid;
	unsigned int slot, i;
	struct b3_seg s;
	struct b3_counts c0, c1;
	bool found = false;

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("16M: no page of that size in the pool");
		return;
	}
	*(volatile uint32_t *)lin(pa + size - 8) = 0x16161616u;
	report(is_eq(map(&kernel_mm, HUGE16M_VA, pa, size, KPROT_RW), MMU_OK) &&
	       is_eq(walk(&kernel_mm, HUGE16M_VA + size - 8, &w), MMU_OK) && is_eq(w.level, 3) &&
	       is_eq(w.size, size), "16M mapped: a run of leaf PMD entries");
	c0 = counts_now();
	report_eq(peek(HUGE16M_VA + size - 8), 0x16161616u, "a load in its last replica reads the page's last word");
	c1 = counts_now();
	report(c1.slb_miss - c0.slb_miss == 1 && c1.hash_miss - c0.hash_miss == 1 && c1.slb_miss_c == c0.slb_miss_c &&
	       c1.hash_miss_c == c0.hash_miss_c,
	       "one segment miss (a 16M base from the leaf PMD entry) and one hash miss, both in assembly (%lu, %lu)",
	       c1.slb_miss - c0.slb_miss, c1.hash_miss - c0.hash_miss);
	report(b3_hpte_find(HUGE16M_VA + size - 8, &group, &slot, &v, &r, &s) && s.base_shift == 24 &&
	       (v & HPTE_V_LARGE) && !(v & HPTE_V_B_1T) && (r & 0xff000) == 0 &&
	       (r & HPTE_R_RPN_MASK) == pa,
	       "one HPTE: L = 1, 256M segment, LP 0 (16M), RPN the page (V %016lx R %016lx)",
	       (unsigned long)v, (unsigned long)r);
	report((v >> HPTE_V_AVPN_SHIFT & 1) == 0, "its AVPN has the bit inside the 16M page clear");
	report(encoded_as_c(HUGE16M_VA, 24, false, pa, pt_entry_get(pt_run_head(&kernel_mm, 3, size, HUGE16M_VA)), v, r),
	       "the assembly path's HPTE words are the C encoder's (from the run's first entry)");
	report(hpte_recorded(HUGE16M_VA, pt_run_head(&kernel_mm, 3, size, HUGE16M_VA), 24, &v, &r),
	       "the slot recorded in the run's first PMD entry (0x%016lx, group 0x%lx slot %u)",
	       (unsigned long)pt_entry_get(pt_run_head(&kernel_mm, 3, size, HUGE16M_VA)), (unsigned long)group, slot);
	for (i = 1; i < SLB_ENTRIES; i++) {
		b3_slb_read(i, &esid, &vsid);
		if ((esid & SLB_ESID_V) && (esid & ~0xfffffffull) == HUGE16M_VA)
			found = (vsid & SLB_VSID_LLP_MASK) == SLB_VSID_LLP_16M && !(vsid & SLB_VSID_B_1T);
	}
	report(found, "its SLB entry: a 256M segment with a 16M base page size");
	report_eq(unmap(&kernel_mm, HUGE16M_VA, size), MMU_OK, "unmap");
	report(!b3_hpte_find(HUGE16M_VA, &group, &slot, &v, &r, &s), "unmap removed the HPTE");
	report_eq(load_faults(HUGE16M_VA + 8), FAULT_TLB_DATA, "a load after unmap faults");
	check_16m_c_record(pa);
	hugepool_free(pa, (uint32_t)size);
}

/*
 * 16G: a run of 64 leaf PUD entries, a 1T segment with a 16G base.  No
 * machine here has 16G of RAM: the page maps physical 0..16G, and only
 * its part in RAM is touched (a test page, through both mappings).
 */
/* Valid SLB entries covering ea (hardware's view: slbmfee/slbmfev), and the last one's size. */
static unsigned int slb_covering(vaddr_t ea, bool *tera)
{
	uint64_t esid, vsid;
	unsigned int i, n = 0;

	for (i = 0; i < SLB_ENTRIES; i++) {
		b3_slb_read(i, &esid, &vsid);
		if (!(esid & SLB_ESID_V))
			continue;
		*tera = (vsid & SLB_VSID_B_1T) != 0;
		if ((esid & ~((1ull << (*tera ? SEGMENT_SHIFT_1T : SEGMENT_SHIFT_256M)) - 1)) ==
		    (ea & ~((1ull << (*tera ? SEGMENT_SHIFT_1T : SEGMENT_SHIFT_256M)) - 1)))
			n++;
	}
	return n;
}

/*
 * A 4K page in the 1T region of the 16G page at va: the 1T entry covers it
 * with the wrong base size, so its hash miss goes to C, which replaces the
 * 1T entry with a 256M one (no two entries cover one address); the 16G
 * page's next access is a segment miss, whose 1T segment the assembly path
 * makes after dropping the 256M entry; the count of valid 1T entries
 * follows.
 */
static void check_1t_overlaps(vaddr_t va)
{
	vaddr_t small = HUGE16G_VA + (1ull << B3_16G_SHIFT);	/* just past the 16G page */
	paddr_t pa = test_page();
	struct b3_counts c0, c1;
	bool tera = false;

	lin(pa)[0] = 0x4a4a;
	map(&kernel_mm, small, pa, 4096, KPROT_RW);
	c0 = counts_now();
	report_eq(peek(small), 0x4a4a, "a 4K page in the same 1T region reads");
	c1 = counts_now();
	report(is_eq(slb_covering(small, &tera), 1) && !tera && is_eq(slb_covering(va, &tera), 0) &&
	       is_eq(b3_core_me()->slb_tera, 0) && is_eq(c1.slb_miss_c, c0.slb_miss_c + 1),
	       "its 256M segment replaced the 1T entry (by C; 1T entries counted: %lu)",
	       (unsigned long)b3_core_me()->slb_tera);
	report(is_eq(c1.hash_miss - c0.hash_miss, 1) && is_eq(c1.hash_miss_c, c0.hash_miss_c),
	       "one hash miss, in assembly once the segment fits: none inserted into the 1T segment of 16G base");
	c0 = counts_now();
	report_eq(peek(va + 8), 0x16c0ffee, "the 16G page reads again");
	c1 = counts_now();
	report(is_eq(slb_covering(va, &tera), 1) && tera && is_eq(slb_covering(small, &tera), 1) && tera &&
	       is_eq(b3_core_me()->slb_tera, 1) && is_eq(c1.slb_miss_c, c0.slb_miss_c) &&
	       is_eq(c1.slb_miss, c0.slb_miss + 1),
	       "its 1T segment replaced the 256M entry (in assembly; 1T entries counted: %lu)",
	       (unsigned long)b3_core_me()->slb_tera);
	unmap(&kernel_mm, small, 4096);
	test_page_free(pa);
}

/*
 * The run index at PUD: a fault in the second half of the 16G run (entry
 * 40 of 64) records its HPTE in the run's first entry.  RAM backs only the
 * page's first 1 GB: QEMU reads 0 past it, silicon would take a machine
 * check, so only the QEMU board makes this access.
 */
static void check_pud_run_index(void)
{
	vsize_t size = 1ull << B3_16G_SHIFT;
	vaddr_t far = HUGE16G_VA + (40ull << B3_PUD_SHIFT) + 8;
	unsigned int i, others = 0;
	uint64_t v, r;

	if (strcmp(arch_board_name(), "qemu-powernv8")) {
		report_skip("the 16G page's entry 40: no RAM behind it on this board");
		return;
	}
	/* mapped afresh: no entry of the run holds a record */
	unmap(&kernel_mm, HUGE16G_VA, size);
	map(&kernel_mm, HUGE16G_VA, 0, size, KPROT_RW);
	report_eq(peek(far), 0, "a load 10 GB into the 16G page (past RAM: QEMU reads 0)");
	for (i = 1; i < size >> B3_PUD_SHIFT; i++)
		others += (pt_entry_get(pt_leaf_slot(&kernel_mm, 2, HUGE16G_VA + ((vaddr_t)i << B3_PUD_SHIFT))) &
			   H_PAGE_HASHPTE) != 0;
	report(hpte_recorded(HUGE16G_VA, pt_run_head(&kernel_mm, 2, size, HUGE16G_VA), 34, &v, &r) && !others,
	       "its HPTE recorded in the run's first PUD entry, in none of the other 63 (%u)", others);
}

static void test_16g(void)
{
	vsize_t size = 1ull << 34;
	paddr_t pa = test_page();
	vaddr_t va = HUGE16G_VA + pa;
	struct b3_counts c0, c1;
	struct walk_result w;
	uint64_t v, r, group, esid, vsid;
	unsigned int slot, i;
	struct b3_seg s;
	bool found = false;

	lin(pa)[2] = 0x16c0ffee;
	report(is_eq(map(&kernel_mm, HUGE16G_VA, 0, size, KPROT_RW), MMU_OK) &&
	       is_eq(walk(&kernel_mm, va, &w), MMU_OK) && is_eq(w.level, 2) && is_eq(w.size, size),
	       "16G mapped over physical 0: a run of leaf PUD entries");
	c0 = counts_now();
	report_eq(peek(va + 8), 0x16c0ffee, "a load through it reads RAM at 0x%lx", (unsigned long)pa);
	c1 = counts_now();
	report(c1.slb_miss - c0.slb_miss == 1 && c1.hash_miss - c0.hash_miss == 1 && c1.slb_miss_c == c0.slb_miss_c &&
	       c1.hash_miss_c == c0.hash_miss_c,
	       "one segment miss (the 1T segment) and one hash miss, both in assembly (%lu, %lu)",
	       c1.slb_miss - c0.slb_miss, c1.hash_miss - c0.hash_miss);
	poke(va + 12, 0x5a5a5a5a);
	report_eq(lin(pa)[3], 0x5a5a5a5a, "a store through it lands in RAM");
	report(b3_hpte_find(va, &group, &slot, &v, &r, &s) && s.base_shift == 34 && (v & HPTE_V_LARGE) &&
	       (v & HPTE_V_B_1T) && (r & 0xff000) == (uint64_t)PENC_16G << HPTE_R_LP_SHIFT &&
	       (r & HPTE_R_RPN_MASK & ~0xfffffull) == 0,
	       "one HPTE: L = 1, 1T segment, LP 3 (16G), RPN 0 (V %016lx R %016lx)",
	       (unsigned long)v, (unsigned long)r);
	report((v >> HPTE_V_AVPN_SHIFT & 0x7ff) == 0, "its AVPN has the 11 bits inside the 16G page clear");
	report(encoded_as_c(HUGE16G_VA, 34, true, 0, pt_entry_get(pt_run_head(&kernel_mm, 2, size, HUGE16G_VA)), v, r),
	       "the assembly path's HPTE words are the C encoder's (from the run's first entry)");
	report(hpte_recorded(HUGE16G_VA, pt_run_head(&kernel_mm, 2, size, HUGE16G_VA), 34, &v, &r),
	       "the slot recorded in the run's first PUD entry");
	for (i = 1; i < SLB_ENTRIES; i++) {
		b3_slb_read(i, &esid, &vsid);
		if ((esid & SLB_ESID_V) && (esid & ~0xffffffffffull) == HUGE16G_VA)
			found = (vsid & SLB_VSID_LLP_MASK) == SLB_VSID_LLP_16G && (vsid & SLB_VSID_B_1T);
	}
	report(found, "its SLB entry: a 1T segment with a 16G base page size");
	check_1t_overlaps(va);
	check_pud_run_index();
	report_eq(unmap(&kernel_mm, HUGE16G_VA, size), MMU_OK, "unmap");
	report(!b3_hpte_find(va, &group, &slot, &v, &r, &s), "unmap removed the HPTE");
	report_eq(load_faults(va + 8), FAULT_TLB_DATA, "a load after unmap faults");
	test_page_free(pa);
}

/*
 * A 16G page in a user space (over physical 0, only its first RAM touched):
 * user loads and stores through it, its HPTE carries the user's rights
 * (PP 010) and its space's id, read-only after protect (PP 011: a user
 * store faults, memory unchanged), and nothing for the user once the page
 * is the kernel's (PP 000: a user load faults).
 */
#define USER16G_PID	11
#define USER16G_VA	0x0000010000000000ull	/* a 1T region of the user range */

static void test_user_16g(void)
{
	vsize_t size = 1ull << 34;
	paddr_t pa = test_page();
	vaddr_t va = USER16G_VA + pa;
	const struct fault_record *f = last_fault();
	struct mm mm;
	struct tlb_info t;
	struct b3_counts c0, c1;
	uint32_t r = 0;

	lin(pa)[2] = 0x16c0ffee;
	report_eq(user_space_init(&mm, USER16G_PID), MMU_OK, "user space %d", USER16G_PID);
	report_eq(map(&mm, USER16G_VA, 0, size, UPROT_RW), MMU_OK, "16G user page over physical 0");
	c0 = counts_now();
	report(is_eq(user_call(&mm, user_routine(user_load_word), va + 8, &r), 0) && is_eq(r, 0x16c0ffee),
	       "a user load through it reads RAM at 0x%lx (0x%lx)", (unsigned long)pa, (unsigned long)r);
	c1 = counts_now();
	report(c1.slb_miss - c0.slb_miss >= 1 && c1.hash_miss - c0.hash_miss >= 1 && is_eq(c1.slb_miss_c, c0.slb_miss_c) &&
	       is_eq(c1.hash_miss_c, c0.hash_miss_c), "its 1T segment miss and its hash miss resolved in assembly");
	report(tlb_lookup(va, USER16G_PID, &t) && is_eq(t.prot, UPROT_RW) && is_eq(t.tid, USER16G_PID) &&
	       is_eq(t.pa, 0) && is_eq(t.level, 1), "its HPTE: user read-write (PP 010), space %d, RPN 0 (prot 0x%x)",
	       USER16G_PID, t.prot);
	report(is_eq(user_call(&mm, user_routine(user_store_word), va + 12, &r), 0) &&
	       is_eq(lin(pa)[3], 0x600df00d), "a user store through it lands in RAM");
	report_eq(protect(&mm, USER16G_VA, size, PROT_READ | PROT_USER), MMU_OK, "protect user read-only");
	lin(pa)[3] = 1;
	expect_fault(va + 12);
	report(is_eq(user_call(&mm, user_routine(user_store_word), va + 12, &r), 1) && f->store && f->user &&
	       is_eq(lin(pa)[3], 1), "then a user store faults (%s), memory unchanged", fault_kind_name(f->kind));
	report(tlb_lookup(va, USER16G_PID, &t) ? is_eq(t.prot, PROT_READ | PROT_USER) : true,
	       "no HPTE grants the store (prot 0x%x)", t.prot);
	report_eq(protect(&mm, USER16G_VA, size, KPROT_RW), MMU_OK, "protect: the kernel's only");
	expect_fault(va + 8);
	report(is_eq(user_call(&mm, user_routine(user_load_word), va + 8, &r), 1) && !f->store && f->user &&
	       is_eq(f->kind, FAULT_PROT_DATA), "then a user load faults (%s)", fault_kind_name(f->kind));
	report_eq(unmap(&mm, USER16G_VA, size), MMU_OK, "unmap");
	report(!tlb_lookup(va, USER16G_PID, &t), "no HPTE left for the page");
	user_space_destroy(&mm);
	test_page_free(pa);
}

/*
 * User faults through the assembly paths: the running user space's
 * segment and hash misses (data and instruction) resolved in assembly
 * with its own VSID context and the user's PP codes, the rights checked
 * (a supervisor page of the space gets no HPTE for a user access, a
 * read-only page PP 011), and the accessed/dirty rule (a page without
 * ACCESSED, or a store to one without DIRTY, goes to C, which sets them).
 */
#define UFAST_PID	12
#define UFAST_PID2	13
#define UFAST_VA	0x0000001230000000ull	/* a 256M segment of its own */
#define UFAST16M_VA	0x0000003000000000ull
#define UPAGES		3	/* read-write, read-only, the kernel's */

/* The HPTE that translates va in space pid now: its words (tlb_lookup's raw words) and group * 8 + slot. */
static bool user_hpte(vaddr_t va, unsigned int pid, uint64_t *v, uint64_t *r, uint32_t *where)
{
	struct tlb_info t;

	if (!tlb_lookup(va, pid, &t))
		return false;
	*v = (uint64_t)t.raw[0] << 32 | t.raw[1];
	*r = (uint64_t)t.raw[2] << 32 | t.raw[3];
	*where = t.raw[4];
	return true;
}

static uint64_t pte_of(struct mm *mm, vaddr_t va)
{
	struct walk_result w;

	return walk(mm, va, &w) == MMU_OK ? w.entry : 0;
}

/* A user load of va in mm after every HPTE and segment is gone: its value, and the counts it took. */
static uint32_t user_load_fresh(struct mm *mm, vaddr_t va, struct b3_counts *d, int *kind)
{
	struct b3_counts c0, c1;
	uint32_t r = 0;

	tlb_flush_all();
	c0 = counts_now();
	*kind = user_call(mm, user_routine(user_load_word), va, &r);
	c1 = counts_now();
	d->slb_miss = c1.slb_miss - c0.slb_miss;
	d->hash_miss = c1.hash_miss - c0.hash_miss;
	d->slb_miss_c = c1.slb_miss_c - c0.slb_miss_c;
	d->hash_miss_c = c1.hash_miss_c - c0.hash_miss_c;
	d->data_resolved = c1.data_resolved - c0.data_resolved;
	d->inst_resolved = c1.inst_resolved - c0.inst_resolved;
	return r;
}

static void check_user_ad(struct mm *mm, paddr_t pa)
{
	struct walk_result w;
	struct b3_counts c0, c1;
	uint64_t v, r;
	uint32_t where = 0, res = 0;
	int kind;

	/* a store to a page without DIRTY: C sets it (the HPTE then has C) */
	tlb_flush_all();
	walk(mm, UFAST_VA, &w);
	pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_DIRTY);
	c0 = counts_now();
	kind = user_call(mm, user_routine(user_store_word), UFAST_VA + 12, &res);
	c1 = counts_now();
	report(is_eq(kind, 0) && is_eq(lin(pa)[3], 0x600df00d) && is_eq(c1.hash_miss_c - c0.hash_miss_c, 1) &&
	       (pte_of(mm, UFAST_VA) & _PAGE_DIRTY) && user_hpte(UFAST_VA, UFAST_PID, &v, &r, &where) &&
	       (r & HPTE_R_C), "a user store to a page without DIRTY: the C path took it, set DIRTY, its HPTE has C");
	/* a load from a page without ACCESSED: C sets it */
	tlb_flush_all();
	walk(mm, UFAST_VA, &w);
	pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_ACCESSED);
	c0 = counts_now();
	kind = user_call(mm, user_routine(user_load_word), UFAST_VA + 8, &res);
	c1 = counts_now();
	report(is_eq(kind, 0) && is_eq(res, 0x0f0f0f0f) && is_eq(c1.hash_miss_c - c0.hash_miss_c, 1) &&
	       (pte_of(mm, UFAST_VA) & _PAGE_ACCESSED),
	       "a user load from a page without ACCESSED: the C path took it and set ACCESSED");
}

/* Another space with another page at the same address: its own HPTE (its context), the first one's kept. */
static void check_user_second_space(struct mm *mm, paddr_t pa)
{
	paddr_t pb = test_page();
	struct b3_counts d;
	struct mm mm2;
	uint64_t v, r;
	uint32_t where = 0;
	int kind;

	lin(pb)[2] = 0x22222222;
	user_space_init(&mm2, UFAST_PID2);
	map(&mm2, UFAST_VA, pb, 4096, UPROT_RW);
	report(is_eq(user_load_fresh(&mm2, UFAST_VA + 8, &d, &kind), 0x22222222) && is_eq(kind, 0) &&
	       is_eq(d.slb_miss_c, 0) && is_eq(d.hash_miss_c, 0),
	       "space %d reads its own page at the same address, both misses in assembly", UFAST_PID2);
	report(user_hpte(UFAST_VA, UFAST_PID2, &v, &r, &where) &&
	       encoded_as_c_in(B3_CONTEXT_USER_BASE + UFAST_PID2, UFAST_VA, 12, false, pb, pte_of(&mm2, UFAST_VA),
			       v, r), "its HPTE is in its own context (%d), as the C encoder makes it",
	       B3_CONTEXT_USER_BASE + UFAST_PID2);
	report(is_eq(user_call(mm, user_routine(user_load_word), UFAST_VA + 8, &(uint32_t){ 0 }), 0) &&
	       user_hpte(UFAST_VA, UFAST_PID, &v, &r, &where) && is_eq(r & HPTE_R_RPN_MASK, pa),
	       "space %d's HPTE at that address still maps its own page", UFAST_PID);
	unmap(&mm2, UFAST_VA, 4096);
	user_space_destroy(&mm2);
	test_page_free(pb);
}

static void check_user_16m(struct mm *mm)
{
	vsize_t size = 16 * MB;
	paddr_t pa = hugepool_alloc((uint32_t)size);
	vaddr_t va = UFAST16M_VA + size - 16;
	struct b3_counts d;
	uint64_t v = 0, r = 0, head;
	uint32_t where = 0;
	int kind;

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("user 16M: no page of that size in the pool");
		return;
	}
	*(volatile uint32_t *)lin(pa + size - 16) = 0x16166666u;
	map(mm, UFAST16M_VA, pa, size, UPROT_RW);
	report(is_eq(user_load_fresh(mm, va, &d, &kind), 0x16166666u) && is_eq(kind, 0) &&
	       is_eq(d.slb_miss_c, 0) && is_eq(d.hash_miss_c, 0) && is_eq(d.hash_miss, 2),
	       "a user load in a 16M page's last replica reads it, every miss in assembly");
	head = pt_entry_get(pt_run_head(mm, 3, size, UFAST16M_VA));
	report(user_hpte(va, UFAST_PID, &v, &r, &where) && (v & HPTE_V_LARGE) &&
	       encoded_as_c_in(B3_CONTEXT_USER_BASE + UFAST_PID, UFAST16M_VA, 24, false, pa, head, v, r) &&
	       is_eq(r & (HPTE_R_PP0 | HPTE_R_PP), HPTE_PP_USER_RW),
	       "its HPTE: large, 16M in a 16M-base segment of the space's context, PP 010, the C encoder's words");
	report((head & H_PAGE_HASHPTE) && ((head & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT) == (where & 7) &&
	       !!(head & H_PAGE_F_SECOND) == !!(v & HPTE_V_SECONDARY),
	       "its slot recorded in the run's first PMD entry (0x%016lx)", (unsigned long)head);
	report(is_eq(unmap(mm, UFAST16M_VA, size), MMU_OK) && !user_hpte(va, UFAST_PID, &v, &r, &where),
	       "unmap removed the HPTE");
	hugepool_free(pa, (uint32_t)size);
}

static void test_user_fast(void)
{
	paddr_t pa[UPAGES];
	unsigned int prot[UPAGES] = { UPROT_RW, PROT_READ | PROT_USER, KPROT_RW }, i;
	const struct fault_record *f = last_fault();
	struct b3_counts d;
	struct mm mm;
	uint64_t v = 0, r = 0;
	uint32_t where = 0, res = 0;
	int kind;

	report_eq(user_space_init(&mm, UFAST_PID), MMU_OK, "user space %d", UFAST_PID);
	for (i = 0; i < UPAGES; i++) {
		pa[i] = test_page();
		lin(pa[i])[2] = 0x0f0f0f0f;
		lin(pa[i])[3] = 0;
		map(&mm, UFAST_VA + i * 4096ull, pa[i], 4096, prot[i]);
	}
	report(is_eq(user_load_fresh(&mm, UFAST_VA + 8, &d, &kind), 0x0f0f0f0f) && is_eq(kind, 0),
	       "a user load from a fresh read-write page reads it");
	report(is_eq(d.slb_miss, 2) && is_eq(d.hash_miss, 2) && is_eq(d.inst_resolved, 2) && is_eq(d.data_resolved, 2),
	       "its code and its data took a segment miss and a hash miss each (instruction, data)");
	report(is_eq(d.slb_miss_c, 0) && is_eq(d.hash_miss_c, 0), "all four resolved in assembly, none by the C path");
	report(user_hpte(UFAST_VA, UFAST_PID, &v, &r, &where) &&
	       encoded_as_c_in(B3_CONTEXT_USER_BASE + UFAST_PID, UFAST_VA, 12, false, pa[0], pte_of(&mm, UFAST_VA),
			       v, r) && is_eq(r & (HPTE_R_PP0 | HPTE_R_PP), HPTE_PP_USER_RW),
	       "its HPTE: the space's context (%d), PP 010, the C encoder's words (V %016lx R %016lx)",
	       B3_CONTEXT_USER_BASE + UFAST_PID, (unsigned long)v, (unsigned long)r);
	report((pte_of(&mm, UFAST_VA) & H_PAGE_HASHPTE) &&
	       ((pte_of(&mm, UFAST_VA) & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT) == (where & 7),
	       "its slot recorded in the PTE");
	report(is_eq(user_load_fresh(&mm, UFAST_VA + 4096 + 8, &d, &kind), 0x0f0f0f0f) && is_eq(kind, 0) &&
	       is_eq(d.hash_miss_c, 0) && user_hpte(UFAST_VA + 4096, UFAST_PID, &v, &r, &where) &&
	       is_eq(r & (HPTE_R_PP0 | HPTE_R_PP), HPTE_PP_USER_RO),
	       "a user load from a read-only page: in assembly, PP 011 (R %016lx)", (unsigned long)r);
	expect_fault(UFAST_VA + 4096 + 12);
	report(is_eq(user_call(&mm, user_routine(user_store_word), UFAST_VA + 4096 + 12, &res), 1) && f->store &&
	       f->user && is_eq(f->kind, FAULT_PROT_DATA) && is_eq(lin(pa[1])[3], 0),
	       "a user store to it faults (%s), memory unchanged", fault_kind_name(f->kind));
	expect_fault(UFAST_VA + 2 * 4096 + 8);
	report(is_eq(user_load_fresh(&mm, UFAST_VA + 2 * 4096 + 8, &d, &kind), 0) && is_eq(kind, 1) && f->user &&
	       is_eq(f->kind, FAULT_PROT_DATA), "a user load from the space's supervisor page faults (%s)",
	       fault_kind_name(f->kind));
	report(!user_hpte(UFAST_VA + 2 * 4096, UFAST_PID, &v, &r, &where),
	       "and no HPTE went in for it (the assembly path refuses a user access to a supervisor page)");
	expect_fault_clear();
	check_user_ad(&mm, pa[0]);
	check_user_second_space(&mm, pa[0]);
	check_user_16m(&mm);
	for (i = 0; i < UPAGES; i++)
		unmap(&mm, UFAST_VA + i * 4096ull, 4096);
	report(!user_hpte(UFAST_VA, UFAST_PID, &v, &r, &where) && !user_hpte(UFAST_VA + 4096, UFAST_PID, &v, &r, &where),
	       "unmap removed the space's HPTEs");
	user_space_destroy(&mm);
	for (i = 0; i < UPAGES; i++)
		test_page_free(pa[i]);
}

/*
 * Group overflow: 17 pages whose primary groups are one group (each in a
 * segment of its own, the page chosen from the segment's VSID), so their
 * 16 slots of primary and secondary group fill and the 17th evicts one.
 * Every page still reads right afterwards (the evicted one faults back in).
 */
/*
 * The C path's slot record: a page of the full primary group whose HPTE
 * is in the secondary one is unmapped (a secondary slot frees), mapped
 * again without ACCESSED (so C, not the assembly path, inserts it: into
 * that secondary slot), and unmapped: the HPTE must go, found through the
 * recorded SECOND and slot.
 */
static void check_c_secondary(const vaddr_t *va, unsigned int n)
{
	uint64_t group, v, r;
	unsigned int i, slot;
	struct b3_seg s;
	struct b3_counts c0, c1;
	struct walk_result w;
	paddr_t pa;

	for (i = 0; i < n; i++)
		if (b3_hpte_find(va[i], &group, &slot, &v, &r, &s) && (v & HPTE_V_SECONDARY))
			break;
	if (i == n || walk(&kernel_mm, va[i], &w) != MMU_OK) {
		report(false, "a page with its HPTE in the secondary group");
		return;
	}
	pa = w.page_pa;
	unmap(&kernel_mm, va[i], 4096);
	map(&kernel_mm, va[i], pa, 4096, KPROT_RW);
	walk(&kernel_mm, va[i], &w);
	pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_ACCESSED);
	c0 = counts_now();
	report_eq(peek(va[i]), 0xe0000000u + i, "a page mapped again without ACCESSED reads");
	c1 = counts_now();
	report(c1.hash_miss_c == c0.hash_miss_c + 1 && c1.evictions == c0.evictions &&
	       b3_hpte_find(va[i], &group, &slot, &v, &r, &s) && (v & HPTE_V_SECONDARY),
	       "C inserted it, into the secondary group's free slot");
	unmap(&kernel_mm, va[i], 4096);
	report(!b3_hpte_find(va[i], &group, &slot, &v, &r, &s), "unmap removed that HPTE (its record says SECOND)");
	map(&kernel_mm, va[i], pa, 4096, KPROT_RW);
}

static void test_eviction(void)
{
	enum { PAGES = HPTES_PER_GROUP * 2 + 1 };
	struct b3_hpt_info h;
	struct b3_counts c0, c1;
	vaddr_t va[PAGES];
	paddr_t pa[PAGES];
	uint64_t mask, target = 0, v, r, group;
	unsigned int n = 0, seg, i, ok = 0, secondary = 0, slot;
	struct b3_seg s;

	b3_hpt_info(&h);
	mask = h.groups - 1;
	for (seg = 0; seg < 256 && n < PAGES; seg++) {
		vaddr_t base = EVICT_VA + seg * SEG;
		uint64_t vsid = b3_vsid(2, base, false), page;

		if (seg == 0)
			target = vsid & mask;
		page = (target ^ vsid) & mask;
		if (page >= SEG >> 12)
			continue;
		va[n] = base + (page << 12);
		pa[n] = test_page();
		lin(pa[n])[0] = 0xe0000000u + n;
		map(&kernel_mm, va[n], pa[n], 4096, KPROT_RW);
		n++;
	}
	report_eq(n, PAGES, "%u pages of different segments whose primary group is 0x%lx", n, (unsigned long)target);
	c0 = counts_now();
	for (i = 0; i < n; i++)
		ok += peek(va[i]) == 0xe0000000u + i;
	c1 = counts_now();
	report_eq(ok, n, "each reads its own page");
	for (i = 0; i < n; i++)
		if (b3_hpte_find(va[i], &group, &slot, &v, &r, &s) && (v & HPTE_V_SECONDARY))
			secondary++;
	report_eq(secondary, HPTES_PER_GROUP, "8 of them went to the secondary group (H = 1)");
	report_eq(c1.evictions - c0.evictions, 1, "the 17th evicted one entry (%lu)", c1.evictions - c0.evictions);
	report_eq(c1.hash_miss_c - c0.hash_miss_c, 1, "16 inserted by the assembly path (primary, then secondary "
		  "group), the 17th, which evicts, by C");
	for (i = 0, ok = 0; i < n; i++)
		ok += peek(va[i]) == 0xe0000000u + i;
	report_eq(ok, n, "all still read right (the evicted page faulted back in)");
	check_c_secondary(va, n);
	for (i = 0; i < n; i++) {
		unmap(&kernel_mm, va[i], 4096);
		test_page_free(pa[i]);
	}
	for (i = 0, ok = 0; i < n; i++)
		ok += !b3_hpte_find(va[i], &group, &slot, &v, &r, &s);
	report_eq(ok, n, "after unmap none of them has an HPTE");
}


/* More segments than the SLB holds: round robin over entries 1..31, entry 0 (the linear map) kept. */
static void test_slb_round_robin(void)
{
	enum { SEGMENTS = SLB_ENTRIES + 9 };
	paddr_t pa = test_page();
	struct b3_counts c0, c1;
	uint64_t esid, vsid;
	unsigned int i, ok = 0, valid = 0;

	lin(pa)[1] = 0x5e65e6;
	for (i = 0; i < SEGMENTS; i++)
		map(&kernel_mm, ROUND_VA + i * SEG, pa, 4096, PROT_READ);
	/* a 1T entry among them, which the round robin replaces too */
	map(&kernel_mm, HUGE16G_VA, 0, 1ull << B3_16G_SHIFT, PROT_READ);
	tlb_flush_all();
	report(is_eq(peek(HUGE16G_VA + pa + 4), 0x5e65e6) && is_eq(b3_core_me()->slb_tera, 1),
	       "a 16G page read: one 1T entry valid");
	c0 = counts_now();
	for (i = 0; i < SEGMENTS; i++)
		ok += peek(ROUND_VA + i * SEG + 4) == 0x5e65e6;
	c1 = counts_now();
	report_eq(ok, SEGMENTS, "%u segments, each read through its own SLB entry", SEGMENTS);
	report_eq(c1.slb_miss - c0.slb_miss, SEGMENTS, "one segment miss each");
	b3_slb_read(0, &esid, &vsid);
	report(esid == (KERNEL_VA | SLB_ESID_V) && (vsid & SLB_VSID_LLP_MASK) == SLB_VSID_LLP_16M,
	       "SLB entry 0 still holds the linear map");
	for (i = 0; i < SLB_ENTRIES; i++) {
		b3_slb_read(i, &esid, &vsid);
		valid += (esid & SLB_ESID_V) != 0;
	}
	report_eq(valid, SLB_ENTRIES, "every SLB entry in use, none twice for one address");
	report(is_eq(b3_core_me()->slb_tera, 0) && !slb_covering(HUGE16G_VA, &(bool){ false }),
	       "the 1T entry was replaced, and no longer counted (%lu)", (unsigned long)b3_core_me()->slb_tera);
	unmap(&kernel_mm, HUGE16G_VA, 1ull << B3_16G_SHIFT);
	for (i = 0; i < SEGMENTS; i++)
		unmap(&kernel_mm, ROUND_VA + i * SEG, 4096);
	test_page_free(pa);
}


unsigned int tlb_entries_covering(vaddr_t va, unsigned int tid)
{
	return b3_hpte_count(va, tid);
}

/* Calls run on the second core (e64_cpu_call): a load, its SPRG1, its SLB entries covering a segment. */
static uint64_t core_peek(uint64_t va)
{
	return peek(va);
}

static uint64_t core_sprg1(uint64_t unused)
{
	(void)unused;
	return (uint64_t)(uintptr_t)b3_core_me();
}

/* SLB entries of the running core covering the 256M segment of va (slbmfee). */
static uint64_t core_slb_covering(uint64_t va)
{
	uint64_t esid, vsid, n = 0;
	unsigned int i;

	for (i = 0; i < SLB_ENTRIES; i++) {
		b3_slb_read(i, &esid, &vsid);
		n += (esid & SLB_ESID_V) && !(vsid & SLB_VSID_B_1T) && (esid & ~(SEG - 1)) == (va & ~(SEG - 1));
	}
	return n;
}

/* Core 1's load of va, ~0 if the call did not run. */
static uint64_t on_core1(uint64_t (*fn)(uint64_t), uint64_t arg)
{
	uint64_t v;

	return e64_cpu_call(1, fn, arg, &v) ? v : ~0ull;
}

/*
 * The second core (QEMU -smp 2: one thread per core), started at boot
 * through OPAL_START_CPU, runs the kernel: translated, its own state in
 * SPRG1, answering calls.  A call there loads a kernel_mm page through the
 * shared HPT, so its TLB holds the translation; the page is unmapped
 * (tlbie, which every core obeys) and another mapped there: the second
 * core must read the new page, not its stale TLB entry.
 */
static void test_second_core(void)
{
	uint64_t me = mfspr(SPRN_PIR), msr = 0, lpcr = 0, pir = 0;
	paddr_t p = test_page(), q = test_page();

	if (arch_cpus() < 2) {
		report_skip("one core: the device tree lists %u (QEMU -smp 1), or the other did not come up",
			    smp_cores_listed());
		goto out;
	}
	report(is_eq(arch_cpus(), 2) && is_eq(arch_this_cpu(), 0), "two cores online, this one core 0");
	report(e64_cpu_state(1, &msr, &lpcr, &pir) && pir != me &&
	       is_eq(msr & (MSR_SF | MSR_HV | MSR_ME | MSR_IR | MSR_DR | MSR_PR),
		     MSR_SF | MSR_HV | MSR_ME | MSR_IR | MSR_DR),
	       "core 1 (PIR 0x%lx; this one 0x%lx) runs the kernel: 64-bit, hypervisor, translated (MSR 0x%016lx)",
	       (unsigned long)pir, (unsigned long)me, (unsigned long)msr);
	report(is_eq(on_core1(core_sprg1, 0), (uint64_t)(uintptr_t)&b3_cores[1]),
	       "a call runs there, with its own state in SPRG1 (b3_cores[1])");
	lin(p)[0] = 0x1111;
	lin(q)[0] = 0x2222;
	map(&kernel_mm, SMP_VA, p, 4096, KPROT_RW);
	report_eq(peek(SMP_VA), 0x1111, "this core reads the page (its HPTE goes in)");
	report_eq(on_core1(core_peek, SMP_VA), 0x1111, "the second core reads it through the shared HPT, into its "
		  "own TLB");
	unmap(&kernel_mm, SMP_VA, 4096);
	map(&kernel_mm, SMP_VA, q, 4096, KPROT_RW);
	report_eq(peek(SMP_VA), 0x2222, "unmapped, another page mapped there: this core reads the new one");
	report_eq(on_core1(core_peek, SMP_VA), 0x2222, "so does the second core: unmap's tlbie reached its TLB");
	unmap(&kernel_mm, SMP_VA, 4096);
out:
	test_page_free(p);
	test_page_free(q);
}

/* The shadow entry of core c covering the 256M segment of va, or -1. */
static int shadow_covering(const struct b3_core *c, vaddr_t va)
{
	unsigned int i;

	for (i = 1; i < SLB_ENTRIES; i++)
		if (c->slb[i].valid && !c->slb[i].tera && c->slb[i].esid == (va & ~(SEG - 1)))
			return (int)i;
	return -1;
}

/*
 * The second core's own faults: a load there of a fresh kernel_mm page
 * takes a segment miss and a hash miss on that core, resolved by the
 * fault paths at physical 0 with that core's save areas and SLB shadow:
 * the segment lands in its shadow and SLB only, the HPTE in the shared
 * HPT with its slot recorded; this core then finds the HPTE (a segment
 * miss of its own, no hash miss).  (The second core's SLB keeps the
 * segment after unmap: no core drops another's segments yet.)
 */
#define SMP_OWN_VA	(B3_KMAP_START + 0x0000007100000000ull)

static void test_second_core_faults(void)
{
	struct b3_core *c1 = &b3_cores[1], *c0 = b3_core_me();
	paddr_t p = test_page();
	struct b3_counts a, b;
	struct walk_result w;
	uint64_t v, r;

	if (arch_cpus() < 2) {
		report_skip("one core online");
		goto out;
	}
	report(c0 == &b3_cores[0], "this core's SPRG1 holds its own state, b3_cores[0]");
	lin(p)[1] = 0x0b3c0e11;
	map(&kernel_mm, SMP_OWN_VA, p, 4096, KPROT_RW);
	a = counts_now();
	report_eq(on_core1(core_peek, SMP_OWN_VA + 4), 0x0b3c0e11, "the second core loads from a fresh kernel_mm page");
	b = counts_now();
	report(is_eq(b.slb_miss - a.slb_miss, 1) && is_eq(b.hash_miss - a.hash_miss, 1) &&
	       is_eq(b.slb_miss_c, a.slb_miss_c) && is_eq(b.hash_miss_c, a.hash_miss_c),
	       "it took a segment miss and a hash miss, both resolved by the assembly paths");
	report(shadow_covering(c1, SMP_OWN_VA) > 0 && shadow_covering(c0, SMP_OWN_VA) < 0,
	       "the segment went into the second core's SLB shadow, not this core's");
	report(is_eq(on_core1(core_slb_covering, SMP_OWN_VA), 1) && is_eq(core_slb_covering(SMP_OWN_VA), 0),
	       "and into its SLB (slbmfee there), not this core's");
	report(is_eq(c1->hash_last, SMP_OWN_VA >> 12) && c0->hash_last != SMP_OWN_VA >> 12,
	       "the second core's hash path kept its last page in its own state");
	walk(&kernel_mm, SMP_OWN_VA, &w);
	report(hpte_recorded(SMP_OWN_VA, w.ptep, 12, &v, &r) && encoded_as_c(SMP_OWN_VA, 12, false, p, w.entry, v, r),
	       "its HPTE is in the shared HPT, the C encoder's words, its slot recorded in the PTE");
	a = counts_now();
	report_eq(peek(SMP_OWN_VA + 4), 0x0b3c0e11, "this core reads the page too");
	b = counts_now();
	report(is_eq(b.slb_miss - a.slb_miss, 1) && is_eq(b.hash_miss, a.hash_miss),
	       "with a segment miss of its own and no hash miss (the second core's HPTE serves it)");
	report(is_eq(unmap(&kernel_mm, SMP_OWN_VA, 4096), MMU_OK) && !hpte_recorded(SMP_OWN_VA, w.ptep, 12, &v, &r),
	       "unmap removed that HPTE");
out:
	test_page_free(p);
}

/*
 * The HPT lock: while this core holds it, the second core's hash miss on a
 * fresh page (the assembly path; then, with ACCESSED clear, the C path)
 * waits, inserting nothing; once it is given back the miss completes.
 * When another core inserts the page's HPTE while it waits (this core,
 * holding the lock, does what a fault path would), the waiting miss finds
 * the record and inserts no second HPTE for the page; when another core
 * moves the page meanwhile (its PTE to another physical page), the miss
 * maps the new page, not the one its walk saw.
 */
#define LOCK_VA		(B3_KMAP_START + 0x0000007200000000ull)
#define LOCK_HOLD_TB	(512000000ull / 20)	/* 50 ms of the 512 MHz time base */

struct lock_probe {
	vaddr_t va;
	volatile uint64_t value;
	volatile uint32_t done;
};

static void lock_probe_load(void *arg)
{
	struct lock_probe *p = arg;

	p->value = peek(p->va);
	__asm__ volatile("sync" : : : "memory");
	p->done = 1;
}

enum meanwhile { NOTHING, INSERT, MOVE };

/* Another core's change of the PTE of va, the HPT lock held: the page is now at physical q. */
static bool move_as_other_core(vaddr_t va, paddr_t q)
{
	struct walk_result w;

	if (walk(&kernel_mm, va, &w) != MMU_OK)
		return false;
	pt_entry_set(w.ptep, (w.entry & ~(uint64_t)B3_RPN_MASK) | q);
	__asm__ volatile("sync" : : : "memory");
	return true;
}

/* What another core's fault path would do, the HPT lock held: the page's HPTE in a free primary slot, recorded. */
static bool insert_as_other_core(vaddr_t va)
{
	struct b3_seg s = { .tera = false, .base_shift = 12, .vsid = b3_vsid(2, va, false) };
	struct walk_result w;
	uint64_t group, *h = NULL;
	unsigned int slot;

	if (walk(&kernel_mm, va, &w) != MMU_OK)
		return false;
	group = b3_hash(&s, va) & b3_hash_mask;
	for (slot = 0; slot < HPTES_PER_GROUP; slot++) {
		h = (uint64_t *)(b3_hpt + (group << HPTEG_SHIFT) + slot * HPTE_BYTES);
		if (!(h[0] & HPTE_V_VALID))
			break;
	}
	if (slot == HPTES_PER_GROUP)
		return false;
	h[1] = b3_hpte_r(w.page_pa, 12, w.entry);
	__asm__ volatile("eieio" : : : "memory");
	h[0] = b3_hpte_v(&s, va, 12);
	__asm__ volatile("ptesync" : : : "memory");
	pt_entry_set(w.ptep, (w.entry & ~(uint64_t)(H_PAGE_HASHPTE | H_PAGE_F_SECOND | H_PAGE_F_GIX)) |
		     H_PAGE_HASHPTE | (uint64_t)slot << H_PAGE_F_GIX_SHIFT);
	return true;
}

/*
 * Core 1 loads va while this core holds the HPT lock for LOCK_HOLD_TB (and,
 * if other, inserts the page's HPTE as another core would meanwhile);
 * whether it waited, and then read want with one HPTE for the page.
 */
static bool waits_for_lock(vaddr_t va, uint32_t want, const char *what, enum meanwhile other, paddr_t q)
{
	struct lock_probe p = { .va = va };
	bool waited, inserted;
	uint64_t t0;

	b3_hpt_lock_take();
	if (smp_start(1, lock_probe_load, &p)) {
		b3_hpt_lock_give();
		report(false, "%s: work posted to core 1", what);
		return false;
	}
	t0 = timebase_read();
	while (timebase_read() - t0 < LOCK_HOLD_TB && !p.done)
		;
	waited = !p.done;
	inserted = b3_hpte_count(va, 0) != 0;
	if (other == INSERT && !inserted && !insert_as_other_core(va))
		report(false, "%s: an HPTE put in as another core would", what);
	if (other == MOVE && !move_as_other_core(va, q))
		report(false, "%s: the page moved as another core would", what);
	b3_hpt_lock_give();
	report(waited && !inserted, "%s: core 1's hash miss waits while this core holds the HPT lock, "
	       "nothing inserted", what);
	return is_eq(smp_wait(1, SMP_CALL_TIMEOUT), 0) && p.done && is_eq(p.value, want) &&
	       is_eq(b3_hpte_count(va, 0), 1);
}

/* The page moves to q while core 1's miss waits: its HPTE and its load are q's (assembly, then C path). */
static void check_moved_meanwhile(paddr_t p)
{
	paddr_t q = test_page();
	struct walk_result w;
	struct tlb_info t;
	unsigned int pass;

	lin(q)[0] = 0x2e3a9;
	for (pass = 0; pass < 2; pass++) {
		map(&kernel_mm, LOCK_VA, p, 4096, KPROT_RW);
		if (pass) {
			walk(&kernel_mm, LOCK_VA, &w);
			pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_ACCESSED);	/* to the C path */
		}
		report(waits_for_lock(LOCK_VA, 0x2e3a9, pass ? "C path, the page moved meanwhile" :
				      "assembly path, the page moved meanwhile", MOVE, q) &&
		       tlb_lookup(LOCK_VA, 0, &t) && is_eq(t.pa, q),
		       "given back, the load reads the page's new place, and its one HPTE maps it (RPN 0x%lx)",
		       (unsigned long)t.pa);
		unmap(&kernel_mm, LOCK_VA, 4096);
	}
	test_page_free(q);
}

static void test_hpt_lock(void)
{
	paddr_t p = test_page();
	struct walk_result w;
	struct b3_counts c0, c1;

	if (arch_cpus() < 2) {
		report_skip("one core online");
		goto out;
	}
	lin(p)[0] = 0x10c4ed;
	map(&kernel_mm, LOCK_VA, p, 4096, KPROT_RW);
	report(waits_for_lock(LOCK_VA, 0x10c4ed, "assembly path", NOTHING, 0),
	       "given back, the load completes, one HPTE for the page");
	unmap(&kernel_mm, LOCK_VA, 4096);
	map(&kernel_mm, LOCK_VA, p, 4096, KPROT_RW);
	report(waits_for_lock(LOCK_VA, 0x10c4ed, "assembly path, another core's insert meanwhile", INSERT, 0),
	       "given back, the load completes through the other core's HPTE: one HPTE for the page, not two");
	unmap(&kernel_mm, LOCK_VA, 4096);
	map(&kernel_mm, LOCK_VA, p, 4096, KPROT_RW);
	walk(&kernel_mm, LOCK_VA, &w);
	pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_ACCESSED);	/* to the C path */
	c0 = counts_now();
	report(waits_for_lock(LOCK_VA, 0x10c4ed, "C path (ACCESSED clear)", NOTHING, 0),
	       "given back, the load completes, one HPTE for the page");
	c1 = counts_now();
	report_eq(c1.hash_miss_c - c0.hash_miss_c, 1, "the C path resolved it");
	unmap(&kernel_mm, LOCK_VA, 4096);
	map(&kernel_mm, LOCK_VA, p, 4096, KPROT_RW);
	walk(&kernel_mm, LOCK_VA, &w);
	pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_ACCESSED);
	c0 = counts_now();
	report(waits_for_lock(LOCK_VA, 0x10c4ed, "C path, another core's insert meanwhile", INSERT, 0),
	       "given back, the load completes through the other core's HPTE: one HPTE for the page, not two");
	c1 = counts_now();
	report(is_eq(c1.hash_miss_c - c0.hash_miss_c, 1) && is_eq(c1.inserts, c0.inserts),
	       "the C path resolved it, inserting nothing");
	unmap(&kernel_mm, LOCK_VA, 4096);
	check_moved_meanwhile(p);
out:
	test_page_free(p);
}

/*
 * The windows between two cores, made to happen: this core is stopped at a
 * probe site (b3_probe(), or the hash path's b3_probe_stop patched in)
 * between two steps while core 1 acts, then let go.
 */
extern const uint32_t b3_probe_record[], b3_probe_stop[], b3_probe_insn[], b3_probe_back[];
extern const char __vectors_start[];

#define PROBE_TB	(4 * 512000000ull)	/* 4 s: a stop's deadline, and core 1's wait for the stop (a busy host) */
#define WINDOW_VA	(B3_KMAP_START + 0x0000007300000000ull)
#define INSN_B		0x48000000u	/* b: opcode 18, AA = LK = 0, the offset in bits 6..29 */
#define INSN_B_OFFSET	0x03fffffcu

/* A word of the vectors' copy at physical 0, through the linear map; its physical address. */
static uint32_t *vec_word(const uint32_t *sym)
{
	return (uint32_t *)phys_to_virt((paddr_t)((uintptr_t)sym - (uintptr_t)__vectors_start));
}

static uint64_t vec_pa(const uint32_t *sym)
{
	return (uint64_t)((uintptr_t)sym - (uintptr_t)__vectors_start);
}

static void vec_write(const uint32_t *sym, uint32_t insn)
{
	uint32_t *w = vec_word(sym);

	*w = insn;
	icache_sync(w, sizeof(*w));
}

static uint32_t branch(uint64_t from, uint64_t to)
{
	return INSN_B | ((uint32_t)(to - from) & INSN_B_OFFSET);
}

/*
 * The hash path's probe site live: its instruction (*saved) moved into
 * b3_probe_stop, a branch back after it, a branch to the stop over it.
 * False (nothing patched) if that instruction is a branch or system
 * instruction (opcode 16, 18 or 19), which would not run moved.
 */
static bool probe_patch(uint32_t *saved)
{
	unsigned int op;

	*saved = *vec_word(b3_probe_record);
	op = *saved >> 26;
	if (op == 16 || op == 18 || op == 19)
		return false;
	vec_write(b3_probe_insn, *saved);
	vec_write(b3_probe_back, branch(vec_pa(b3_probe_back), vec_pa(b3_probe_record) + 4));
	vec_write(b3_probe_record, branch(vec_pa(b3_probe_record), vec_pa(b3_probe_stop)));
	return true;
}

static void probe_unpatch(uint32_t saved)
{
	vec_write(b3_probe_record, saved);
}

/* This core stops at site (once) until core 1 lets it go or PROBE_TB passes. */
static void probe_arm(unsigned int site)
{
	struct b3_core *c = b3_core_me();

	c->probe_stopped = 0;
	c->probe_site = site;
	c->probe_until = timebase_read() + PROBE_TB;
	__asm__ volatile("sync" : : : "memory");
}

static void probe_disarm(void)
{
	struct b3_core *c = b3_core_me();

	c->probe_until = 0;
	c->probe_site = 0;
	__asm__ volatile("sync" : : : "memory");
}

/* Core 1's part: once core 0 is stopped, clear WRITE of the entry at ptep (a plain store) or load va; then let go. */
struct window_act {
	void *ptep;
	vaddr_t va;
	bool load;
	volatile uint32_t saw_stop, saw_lock;
	volatile uint64_t value, head_after;
};

static void window_core1(void *arg)
{
	struct window_act *a = arg;
	struct b3_core *c0 = &b3_cores[0];
	uint64_t t0 = timebase_read();

	while (!c0->probe_stopped && timebase_read() - t0 < PROBE_TB)
		;
	a->saw_stop = (uint32_t)c0->probe_stopped;
	a->saw_lock = b3_hpt_lock != 0;
	if (a->saw_stop && a->load) {
		a->value = peek(a->va);
		a->head_after = pt_entry_get(a->ptep);
	} else if (a->saw_stop) {
		pt_entry_set(a->ptep, pt_entry_get(a->ptep) & ~(uint64_t)_PAGE_WRITE);
	}
	__asm__ volatile("sync" : : : "memory");
	c0->probe_until = 0;
	__asm__ volatile("sync" : : : "memory");
}

/*
 * The record's window: this core's load of a fresh page stops in its hash
 * miss (the assembly path, or the C path with ACCESSED clear) after the
 * head's second read under the HPT lock, before the record goes in; core 1
 * meanwhile clears WRITE of the head with a plain store, as protect's
 * first step does (no lock).  The record is stored by compare-and-swap
 * against the head read under the lock, and the HPTE only after it: the
 * swap fails, the change survives, and the page ends with one HPTE,
 * read-only, made from the new head (by C after the assembly path, by the
 * assembly path after C's retry).  A plain store of the record would
 * write WRITE back; an HPTE written before a failed swap would stay, a
 * second one beside it or one still read-write.
 */
static void record_window(paddr_t p, bool c_path)
{
	const char *path = c_path ? "C path" : "assembly path";
	struct window_act a = { .load = false };
	struct walk_result w;
	struct b3_counts c0, c1;
	struct tlb_info t;
	uint32_t saved = 0, value;
	uint64_t e;

	map(&kernel_mm, WINDOW_VA, p, 4096, KPROT_RW);
	walk(&kernel_mm, WINDOW_VA, &w);
	a.ptep = w.ptep;
	if (c_path)
		pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_ACCESSED);
	if (!c_path && !probe_patch(&saved)) {
		report(false, "%s: the probe site's instruction (0x%08x) can run moved", path, saved);
		goto out;
	}
	probe_arm(c_path ? B3_PROBE_C_RECORD : B3_PROBE_ASM_RECORD);
	if (smp_start(1, window_core1, &a)) {
		probe_disarm();
		report(false, "%s: work posted to core 1", path);
		goto unpatch;
	}
	c0 = counts_now();
	value = peek(WINDOW_VA);
	c1 = counts_now();
	probe_disarm();
	report(is_eq(smp_wait(1, SMP_CALL_TIMEOUT), 0) && a.saw_stop && a.saw_lock,
	       "%s: this core's hash miss stopped between the head's read under the HPT lock and its record; "
	       "core 1 cleared WRITE of the head meanwhile", path);
	e = pt_entry_get(w.ptep);
	report_eq(value, 0x3ec0ad, "%s: the load completes", path);
	report(!(e & _PAGE_WRITE) && (e & H_PAGE_HASHPTE), "%s: the head keeps core 1's change and carries a "
	       "record (0x%016lx): the record's compare-and-swap failed instead of writing over the change",
	       path, (unsigned long)e);
	report(is_eq(b3_hpte_count(WINDOW_VA, 0), 1) && tlb_lookup(WINDOW_VA, 0, &t) && !(t.prot & PROT_WRITE) &&
	       is_eq(c1.inserts - c0.inserts, 1), "%s: one HPTE for the page, read-only (prot 0x%x), one insert: "
	       "no HPTE went in before the failed record", path, t.prot);
unpatch:
	if (!c_path)
		probe_unpatch(saved);
out:
	unmap(&kernel_mm, WINDOW_VA, 4096);
}

static void test_record_window(void)
{
	paddr_t p = test_page();

	if (arch_cpus() < 2) {
		report_skip("one core online");
		goto out;
	}
	lin(p)[0] = 0x3ec0ad;
	record_window(p, false);
	record_window(p, true);
out:
	test_page_free(p);
}

/*
 * The invalidation's window: the page's record names a slot whose HPTE
 * was evicted and the slot reused for another page (as a full group's
 * eviction does: no tlbie, the record left).  protect() on this core
 * stops in the invalidation before it takes the HPT lock; core 1 loads
 * the page meanwhile, its fault path putting the HPTE in another slot and
 * recording that.  The invalidation reads the record only under the lock,
 * so it finds the new slot and removes that HPTE; a record read before the
 * lock would name the old slot, find another page there and leave the
 * new HPTE behind, unrecorded.
 */
#define FLUSH_VA	(B3_KMAP_START + 0x0000007400000000ull)

static void test_flush_window(void)
{
	struct window_act a = { .load = true, .va = FLUSH_VA };
	paddr_t p = test_page();
	struct walk_result w;
	struct b3_seg s;
	struct tlb_info t;
	uint64_t group = 0, v = 0, r = 0, *h, e;
	unsigned int slot = 0;

	if (arch_cpus() < 2) {
		report_skip("one core online");
		goto out;
	}
	lin(p)[0] = 0xf1a5;
	map(&kernel_mm, FLUSH_VA, p, 4096, KPROT_RW);
	(void)peek(FLUSH_VA);
	walk(&kernel_mm, FLUSH_VA, &w);
	a.ptep = w.ptep;
	if (!b3_hpte_find(FLUSH_VA, &group, &slot, &v, &r, &s)) {
		report(false, "the page's HPTE went in");
		goto unmap;
	}
	h = (uint64_t *)(b3_hpt + (group << HPTEG_SHIFT) + slot * HPTE_BYTES);
	b3_hpt_lock_take();
	h[1] = HPTE_R_N | HPTE_R_PP0 | (HPTE_PP_KERNEL_RO & HPTE_R_PP);
	__asm__ volatile("eieio" : : : "memory");
	h[0] = (v ^ (1ull << HPTE_V_AVPN_SHIFT)) | HPTE_V_VALID;	/* another page's */
	__asm__ volatile("ptesync" : : : "memory");
	b3_hpt_lock_give();
	e = pt_entry_get(w.ptep);
	report((e & H_PAGE_HASHPTE) && is_eq((e & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT, slot) &&
	       is_eq(b3_hpte_count(FLUSH_VA, 0), 0), "the page's HPTE evicted, its slot (%u) another page's, "
	       "the record left in the head", slot);
	probe_arm(B3_PROBE_FLUSH);
	if (smp_start(1, window_core1, &a)) {
		probe_disarm();
		report(false, "work posted to core 1");
		goto clean;
	}
	report_eq(protect(&kernel_mm, FLUSH_VA, 4096, PROT_READ), MMU_OK, "protect read-only");
	probe_disarm();
	report(is_eq(smp_wait(1, SMP_CALL_TIMEOUT), 0) && a.saw_stop && !a.saw_lock && is_eq(a.value, 0xf1a5) &&
	       (a.head_after & H_PAGE_HASHPTE) && ((a.head_after & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT) != slot,
	       "protect's invalidation stopped before the HPT lock; core 1 loaded the page meanwhile, its HPTE "
	       "recorded in slot %lu", (unsigned long)((a.head_after & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT));
	e = pt_entry_get(w.ptep);
	report(is_eq(b3_hpte_count(FLUSH_VA, 0), 0) && !(e & H_PAGE_HASHPTE),
	       "then no HPTE of the page is left and the head has no record: the invalidation read the record "
	       "core 1 stored while it waited");
	report(is_eq(peek(FLUSH_VA), 0xf1a5) && tlb_lookup(FLUSH_VA, 0, &t) && !(t.prot & PROT_WRITE),
	       "a load then maps it afresh, read-only");
clean:
	b3_hpt_lock_take();
	h[0] = 0;
	__asm__ volatile("ptesync" : : : "memory");
	b3_hpt_lock_give();
unmap:
	unmap(&kernel_mm, FLUSH_VA, 4096);
out:
	test_page_free(p);
}

/*
 * The second core naps while it has nothing to do (QEMU then halts its
 * virtual CPU: no host time), and each call wakes it through its
 * hypervisor doorbell.  Its nap exits are the doorbell and the decrementer
 * only.  After a call it goes back into a nap and stays in that one nap
 * (its idle loop runs no more) until the next call; every call made while
 * it naps is answered, its nap ended by the doorbell (the wake's SRR1),
 * nothing lost.  A spinning core would run its loop thousands of times in
 * the quiet spell; a core whose doorbell does not ring would not answer.
 */
#define NAP_WAIT_TB	512000000ull	/* 1 s for core 1 to be back in a nap (a busy host may hold it up) */
#define NAP_QUIET_TB	(512000000ull / 50)	/* 20 ms in which it must not leave it */
#define NAP_CALLS	8

static uint64_t core_next(uint64_t x)
{
	return x + 1;
}

#define NAP_SETTLED_TB	(512000000ull / 500)	/* 2 ms in one nap: no doorbell was pending */
#define NAP_QUIET_TRIES	3

/* Core 1's naps so far if it stays in one nap for ticks (time base), else ~0. */
static uint64_t core1_nap_held(uint64_t ticks)
{
	const struct b3_core *c1 = &b3_cores[1];
	uint64_t naps = c1->naps, t0 = timebase_read();

	while (timebase_read() - t0 < ticks)
		;
	return c1->napping && c1->naps == naps ? naps : ~0ull;
}

/*
 * Wait (bounded) until core 1 is in a nap it began after its first `after`
 * naps and that lasts: a doorbell rung while it was awake (every post rings
 * one) ends its next nap at once, and the core naps again.
 */
static bool core1_in_nap(uint64_t after)
{
	const struct b3_core *c1 = &b3_cores[1];
	uint64_t t0 = timebase_read();

	while (timebase_read() - t0 < NAP_WAIT_TB)
		if (c1->napping && c1->naps > after && core1_nap_held(NAP_SETTLED_TB) != ~0ull)
			return true;
	return false;
}

static void test_second_core_nap(void)
{
	const struct b3_core *c1 = &b3_cores[1];
	uint64_t msr = 0, lpcr = 0, pir = 0, naps, t0, slowest = 0;
	unsigned int i, woken = 0;

	if (arch_cpus() < 2) {
		report_skip("one core online");
		return;
	}
	report(e64_cpu_state(1, &msr, &lpcr, &pir) &&
	       is_eq(lpcr & LPCR_PECE_MASK, LPCR_PECE_DOORBELL_HV | LPCR_PECE_DECREMENTER),
	       "core 1's nap exits (LPCR 0x%016lx): the hypervisor doorbell and the decrementer only",
	       (unsigned long)lpcr);
	naps = c1->naps;
	report(is_eq(on_core1(core_next, 1), 2) && core1_in_nap(naps), "after a call core 1 is back in a nap "
	       "(naps so far: %lu)", (unsigned long)c1->naps);
	for (i = 0, naps = ~0ull; i < NAP_QUIET_TRIES && naps == ~0ull; i++)
		naps = core1_nap_held(NAP_QUIET_TB);
	report(naps != ~0ull, "and stays in that one nap while idle: its idle loop did not run in 20 ms "
	       "(naps so far %lu, try %u)", (unsigned long)c1->naps, i);
	for (i = 0; i < NAP_CALLS; i++) {
		uint64_t bells, dt;

		naps = c1->naps;
		if (!core1_in_nap(naps - 1))
			break;
		bells = c1->doorbell_wakes;
		t0 = timebase_read();
		if (on_core1(core_next, i) != i + 1)
			break;
		dt = timebase_read() - t0;
		slowest = dt > slowest ? dt : slowest;
		if (c1->doorbell_wakes != bells + 1 ||
		    (c1->wake_srr1 & (SRR1_WAKE_REASON | SRR1_WAKE_STATE)) != (SRR1_WAKE_DOORBELL_HV | SRR1_WAKE_NO_LOSS))
			break;
		woken++;
		(void)core1_in_nap(naps);
	}
	report_eq(woken, NAP_CALLS, "each of %u calls to the napping core woke it by its doorbell (wake SRR1 "
		  "0x%016lx: doorbell, nothing lost) and was answered (slowest in %lu us)", NAP_CALLS,
		  (unsigned long)c1->wake_srr1, (unsigned long)(slowest / 512));
}

/*
 * A hypervisor doorbell that finds its core awake stays pending until
 * MSR[EE] lets it in (user mode): the kernel takes it and goes on.  This
 * core rings its own doorbell, then runs a user routine.
 */
static void test_stray_doorbell(void)
{
	uint64_t stray = b3_core_me()->stray_doorbells;
	struct mm mm;
	uint32_t r = 0;

	report_eq(user_space_init(&mm, 12), MMU_OK, "user space 12");
	__asm__ volatile("msgsnd %0" : : "r"(DBELL_TYPE_HV | (mfspr(SPRN_PIR) & DBELL_PIR_MASK)) : "memory");
	report(is_eq(user_call(&mm, user_routine(user_call_at), user_routine(user_return_42), &r), 0) && is_eq(r, 42),
	       "with this core's own doorbell pending, a user routine runs to its end (42: %u)", r);
	report_eq(b3_core_me()->stray_doorbells - stray, 1, "the doorbell was taken, once, in user mode");
	user_space_destroy(&mm);
}

PPCMMU_TEST_FN("book3s64-mode", "book3s64", "book3s64 mode", test_mode);
PPCMMU_TEST_FN("book3s64-hpt", "book3s64", "book3s64 hash table", test_hpt);
PPCMMU_TEST_FN("book3s64-4k", "book3s64", "book3s64 4K hash fault", test_4k);
PPCMMU_TEST_FN("book3s64-exec", "book3s64", "book3s64 instruction hash fault", test_exec);
PPCMMU_TEST_FN("book3s64-sweep", "book3s64", "book3s64 sweep", test_sweep);
PPCMMU_TEST_FN("book3s64-16m", "book3s64", "book3s64 16M page", test_16m);
PPCMMU_TEST_FN("book3s64-16g", "book3s64", "book3s64 16G page", test_16g);
PPCMMU_TEST_FN("book3s64-user-16g", "book3s64", "book3s64 16G page in user space", test_user_16g);
PPCMMU_TEST_FN("book3s64-user-fast", "book3s64", "book3s64 user faults in assembly", test_user_fast);
PPCMMU_TEST_FN("book3s64-eviction", "book3s64", "book3s64 group overflow", test_eviction);
PPCMMU_TEST_FN("book3s64-second-core", "book3s64", "book3s64 second core and tlbie", test_second_core);
PPCMMU_TEST_FN("book3s64-second-core-faults", "book3s64", "book3s64 second core's own faults",
	       test_second_core_faults);
PPCMMU_TEST_FN("book3s64-hpt-lock", "book3s64", "book3s64 HPT lock across cores", test_hpt_lock);
PPCMMU_TEST_FN("book3s64-record-window", "book3s64", "book3s64 record stored by compare-and-swap",
	       test_record_window);
PPCMMU_TEST_FN("book3s64-flush-window", "book3s64", "book3s64 invalidation reads the record under the lock",
	       test_flush_window);
PPCMMU_TEST_FN("book3s64-second-core-nap", "book3s64", "book3s64 second core naps while idle",
	       test_second_core_nap);
PPCMMU_TEST_FN("book3s64-stray-doorbell", "book3s64", "book3s64 stray doorbell", test_stray_doorbell);
PPCMMU_TEST_FN("book3s64-slb-round-robin", "book3s64", "book3s64 SLB round robin", test_slb_round_robin);
