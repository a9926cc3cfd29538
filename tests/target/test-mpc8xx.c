/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx-only checks: the raw TLB entries the miss handlers build, the
 * changed bit, guarded pages, 16K pages over 4K base pages, M_CASID
 * address-space separation, the pinned entries across tlbia, and the dcbX
 * DAR erratum fix-up.
 */
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/immr.h"
#include "mmu/pte-8xx.h"
#include "mmu/palloc.h"
#include "tlb/mpc8xx-tlb.h"

extern unsigned int mpc8xx_dirty_fixups, mpc8xx_dar_fixups;

#define PID_A	5
#define PID_B	9
#define APG_KERNEL	(1u << MX_TWC_APG_SHIFT)	/* kernel, accessed */
#define APG_USER	(3u << MX_TWC_APG_SHIFT)	/* user, accessed */

static vaddr_t kva(unsigned int page)
{
	return TEST_KVA + 0x400000u + page * 4096u;	/* a PMD of its own */
}

static uint32_t *pte_of(struct mm *mm, vaddr_t va)
{
	struct walk_result w;

	return walk(mm, va, &w) == MMU_OK ? w.ptep : NULL;
}

/* The words the miss handlers write, read back through MD_/MI_CAM/RAM. */
static void test_raw_entries(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	vaddr_t va = kva(0);
	struct tlb_info t;
	uint32_t r;

	lin(pa)[0] = INSN_LI_R3_42;
	lin(pa)[1] = INSN_BLR;
	icache_sync(lin(pa), 8);
	map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_EXEC);
	tlb_flush_all();
	(void)peek(va);
	report(mpc8xx_tlb_find(false, va, 0, &t) >= 0 && t.raw[0] == (va | MX_EPN_EV),
	       "DTLB CAM = EPN | EV, ASID 0 (0x%08lx)", (unsigned long)t.raw[0]);
	report(t.raw[1] == (APG_KERNEL | MX_TWC_V), "DTLB TWC = APG 1 (kernel, accessed) | V (0x%08lx)",
	       (unsigned long)t.raw[1]);
	report(t.raw[2] == ((uint32_t)pa | MX_RPN_C | RPN_PATTERN | MX_RPN_SH | MX_RPN_V),
	       "DTLB RPN = RPN | PP 00 (R/W) | C | 1111 | SH | V (0x%08lx)", (unsigned long)t.raw[2]);
	report(call_at(va) == 42 && mpc8xx_tlb_find(true, va, 0, &t) >= 0 &&
	       t.raw[2] == ((uint32_t)pa | 0x400 | MX_RPN_E | RPN_PATTERN | MX_RPN_SH | MX_RPN_V),
	       "ITLB RPN = RPN | extended PP 01 (execute) | 1111 | SH | V (0x%08lx)",
	       (unsigned long)t.raw[2]);
	report(t.raw[1] == (APG_KERNEL | MX_TWC_V), "ITLB TWC = APG 1 | V (0x%08lx)", (unsigned long)t.raw[1]);
	unmap(&kernel_mm, va, 4096);

	user_space_init(&mm, PID_A);
	map(&mm, TEST_UVA, pa, 4096, PROT_READ | PROT_USER);
	tlb_flush_all();
	user_call(&mm, user_routine(user_load_word), TEST_UVA, &r);
	report(mpc8xx_tlb_find(false, TEST_UVA, PID_A, &t) >= 0 &&
	       t.raw[0] == (TEST_UVA | MX_EPN_EV | PID_A) && t.raw[1] == (APG_USER | MX_TWC_V) &&
	       t.raw[2] == ((uint32_t)pa | _PAGE_RO | RPN_PATTERN | MX_RPN_V),
	       "user read-only entry: ASID %d, APG 3, extended PP 01, not shared (%08lx %08lx %08lx)",
	       PID_A, (unsigned long)t.raw[0], (unsigned long)t.raw[1], (unsigned long)t.raw[2]);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/* A store to a clean writable page: one DTLB error, then _PAGE_DIRTY and the store. */
static void test_changed_bit(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	vaddr_t va = kva(1);
	volatile uint32_t *pte;
	struct tlb_info t;
	unsigned int before;
	uint32_t r;

	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	pte = pte_of(&kernel_mm, va);
	*pte &= ~_PAGE_DIRTY;
	tlb_flush_all();
	(void)peek(va);
	report(mpc8xx_tlb_find(false, va, 0, &t) >= 0 && !(t.raw[2] & MX_RPN_C),
	       "a load of the clean page creates an entry with C = 0");
	before = mpc8xx_dirty_fixups;
	poke(va + 8, 0xd1d1d1d1);
	report(mpc8xx_dirty_fixups - before == 1, "the first store faults once (%u)",
	       mpc8xx_dirty_fixups - before);
	report(lin(pa)[2] == 0xd1d1d1d1, "and then lands");
	report(*pte & _PAGE_DIRTY, "_PAGE_DIRTY set in the PTE (0x%08lx)", (unsigned long)*pte);
	report(mpc8xx_tlb_find(false, va, 0, &t) >= 0 && (t.raw[2] & MX_RPN_C),
	       "the reloaded entry has C = 1");
	poke(va + 12, 2);
	report(mpc8xx_dirty_fixups - before == 1, "the next store does not fault");
	unmap(&kernel_mm, va, 4096);

	user_space_init(&mm, PID_A);
	map(&mm, TEST_UVA, pa, 4096, UPROT_RW);
	pte = pte_of(&mm, TEST_UVA);
	*pte &= ~_PAGE_DIRTY;
	tlb_flush_all();
	before = mpc8xx_dirty_fixups;
	report(user_call(&mm, user_routine(user_store_word), TEST_UVA, &r) == 0 &&
	       lin(pa)[0] == 0x600df00d && mpc8xx_dirty_fixups - before == 1 && (*pte & _PAGE_DIRTY),
	       "user store to a clean page: one fix-up, store lands, PTE dirty");
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/* G refuses instruction fetch (ITLB error, SRR1 bit 3), not data. */
static void test_guarded(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(2);
	const struct fault_record *f = last_fault();

	lin(pa)[0] = INSN_LI_R3_42;
	lin(pa)[1] = INSN_BLR;
	icache_sync(lin(pa), 8);
	map(&kernel_mm, va, pa, 4096, PROT_READ | PROT_EXEC | PROT_GUARDED);
	report(peek(va) == INSN_LI_R3_42, "a guarded page reads");
	expect_fault(va);
	(void)call_at(va);
	report(faults_taken() == 1 && f->kind == FAULT_PROT_INST && f->vector == VEC_ITLB_ERR &&
	       (f->cause & SRR1_ISI_GUARD), "fetch faults: ITLB error, guarded (cause 0x%08lx)",
	       (unsigned long)f->cause);
	report(protect(&kernel_mm, va, 4096, PROT_READ | PROT_EXEC) == MMU_OK && call_at(va) == 42,
	       "without G the same code runs");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

/* A 16K page over 4K base pages: 4 PTEs, one 16K TLB entry (SPS). */
static void test_16k(void)
{
	paddr_t pa = palloc_pages(2);
	vaddr_t va = kva(16);
	uint32_t *ptep[4];
	struct tlb_info t;
	bool ok = true;
	unsigned int i;

	if (pa == PALLOC_FAIL) {
		report_skip("no 16K of memory");
		return;
	}
	for (i = 0; i < 4; i++)
		lin(pa)[i * 1024 + 1] = 0x16160000u + i;
	report(map(&kernel_mm, va, pa, 16384, KPROT_RW) == MMU_OK, "map 16K");
	for (i = 0; i < 4; i++) {
		ptep[i] = pte_of(&kernel_mm, va + i * 4096);
		ok &= ptep[i] && (*ptep[i] & _PAGE_RPN_MASK) == (uint32_t)pa + i * 4096 &&
		      (*ptep[i] & (_PAGE_SPS | _PAGE_HUGE)) == _PAGE_SPS;
	}
	report(ok, "four PTEs, base + i * 4K, SPS without HUGE");
	counted_begin();
	for (i = 0; i < 4; i++)
		ok &= peek(va + i * 4096 + 4) == 0x16160000u + i;
	report(ok, "every 4K of it reads the right memory");
	if (tlb_counts_available())
		report(dmisses() == 1, "with one data miss (%lu)", (unsigned long)dmisses());
	report(mpc8xx_tlb_find(false, va + 0x3000, 0, &t) >= 0 && t.size == 16384 && t.va == va &&
	       t.pa == pa && (t.raw[2] & MX_RPN_SPS), "one 16K DTLB entry (RPN word 0x%08lx)",
	       (unsigned long)t.raw[2]);
	unmap(&kernel_mm, va, 16384);
	palloc_free(pa, 2);
}

/* Two spaces, one address, entries side by side, told apart by ASID. */
static void test_casid(void)
{
	struct mm a, b;
	paddr_t pa = test_page(), pb = test_page();
	struct tlb_info ta, tb, tk;
	uint32_t ra = 0, rb = 0;

	user_space_init(&a, PID_A);
	user_space_init(&b, PID_B);
	lin(pa)[0] = 0xa;
	lin(pb)[0] = 0xb;
	map(&a, TEST_UVA, pa, 4096, UPROT_RW);
	map(&b, TEST_UVA, pb, 4096, UPROT_RW);
	tlb_flush_all();
	user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
	user_call(&b, user_routine(user_load_word), TEST_UVA, &rb);
	report(ra == 0xa && rb == 0xb, "each space reads its own page");
	report(mpc8xx_tlb_find(false, TEST_UVA, PID_A, &ta) >= 0 &&
	       mpc8xx_tlb_find(false, TEST_UVA, PID_B, &tb) >= 0 &&
	       ta.raw[3] != tb.raw[3] && ta.pa == pa && tb.pa == pb && ta.tid == PID_A && tb.tid == PID_B,
	       "two DTLB entries for 0x%08lx: ASID %u -> " PA_FMT ", ASID %u -> " PA_FMT,
	       (unsigned long)TEST_UVA, ta.tid, PA_ARG(ta.pa), tb.tid, PA_ARG(tb.pa));
	report(mpc8xx_tlb_find(false, TEST_UVA, 0, &tk) < 0, "neither matches the kernel's ASID 0");
	ra = rb = 0;
	counted_begin();
	user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
	user_call(&b, user_routine(user_load_word), TEST_UVA, &rb);
	report(ra == 0xa && rb == 0xb, "after a flush, again each its own");
	unmap(&a, TEST_UVA, 4096);
	unmap(&b, TEST_UVA, 4096);
	user_space_destroy(&a);
	user_space_destroy(&b);
	test_page_free(pa);
	test_page_free(pb);
}

/* Entries 28..31 are reserved (RSV4I/RSV4D): tlbia leaves them. */
static void test_pinned(void)
{
	struct tlb_info t;
	bool ok = true;
	unsigned int i;

	/* A data fault just above the linear map: its tlbie hits both TLBs. */
	expect_fault(KERNEL_VA + PINNED_LINEAR_D * PINNED_PAGE + 0x100);
	(void)peek(KERNEL_VA + PINNED_LINEAR_D * PINNED_PAGE + 0x100);
	tlb_flush_all();
	for (i = 0; i < PINNED_LINEAR_I; i++) {
		ok &= mpc8xx_tlb_read(true, TLB_FIRST_PINNED + i, &t) && t.size == PINNED_PAGE &&
		      t.va == KERNEL_VA + i * PINNED_PAGE && t.pa == i * PINNED_PAGE &&
		      t.prot == PROT_EXEC && t.tid == 0;
	}
	report(ok, "ITLB 28..30: the linear map, 8M, kernel execute, after a fault above it and tlbia");
	report(!mpc8xx_tlb_read(true, TLB_FIRST_PINNED + PINNED_LINEAR_I, &t),
	       "ITLB 31: empty, as the DTLB pins nothing executable there");
	ok = true;
	for (i = 0; i < PINNED_LINEAR_D; i++) {
		ok &= mpc8xx_tlb_read(false, TLB_FIRST_PINNED + i, &t) && t.size == PINNED_PAGE &&
		      t.va == KERNEL_VA + i * PINNED_PAGE && t.pa == i * PINNED_PAGE &&
		      t.prot == KPROT_RW;
	}
	report(ok, "DTLB 28..30: the linear map, 8M, kernel read/write, after tlbia");
	report(mpc8xx_tlb_read(false, PINNED_IMMR_ENTRY, &t) && t.va == IMMR_BASE &&
	       t.pa == IMMR_BASE && t.size == PINNED_IMMR_SIZE &&
	       t.prot == (KPROT_RW | PROT_NOCACHE | PROT_GUARDED),
	       "DTLB 31: IMMR, 512K, cache-inhibited, guarded");
	ok = true;
	for (i = 0; i < TLB_FIRST_PINNED; i++)
		ok &= !mpc8xx_tlb_read(false, i, &t) && !mpc8xx_tlb_read(true, i, &t);
	report(ok, "entries 0..27 of both TLBs are empty");
}

/*
 * A misaligned load across into an unmapped page faults with DAR = its own
 * EA (addendum 10); once the second page is mapped, the same load works:
 * no invalid entry of the second page is left behind.
 */
static void test_cross_page(void)
{
	paddr_t pa = test_page(), pb = test_page();
	vaddr_t va = kva(6);
	const struct fault_record *f = last_fault();
	struct tlb_info t;
	uint32_t v;

	lin(pa)[1023] = 0x11223344;
	lin(pb)[0] = 0x55667788;
	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	tlb_flush_all();
	expect_fault(va + 0xffe);
	(void)peek(va + 0xffe);
	report(faults_taken() == 1 && f->addr == va + 0xffe,
	       "load across into an unmapped page faults at its own EA (0x%08lx)", (unsigned long)f->addr);
	report(mpc8xx_tlb_find(false, va + 4096, 0, &t) < 0,
	       "and leaves no (invalid) entry for the second page behind");
	map(&kernel_mm, va + 4096, pb, 4096, KPROT_RW);
	v = peek(va + 0xffe);
	report(v == 0x33445566, "after mapping the second page the same load reads 0x%08lx",
	       (unsigned long)v);
	unmap(&kernel_mm, va, 8192);
	test_page_free(pa);
	test_page_free(pb);
}

/* dcbz leaves DAR unchanged on a DTLB error (sheet section 9): C decodes it. */
static void test_dcbx_dar(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(3), ro = kva(4);
	const struct fault_record *f = last_fault();
	unsigned int before = mpc8xx_dar_fixups;

	expect_fault(va + 0x40);
	__asm__ volatile("dcbz 0, %0" : : "r"(va + 0x40) : "memory");
	report(faults_taken() == 1 && f->addr == va + 0x40 && f->kind == FAULT_TLB_DATA && f->store,
	       "dcbz on an unmapped page: fault at 0x%08lx, a store (%s)", (unsigned long)f->addr,
	       fault_kind_name(f->kind));
	lin(pa)[4] = 0x12345678;
	map(&kernel_mm, ro, pa, 4096, PROT_READ);
	(void)peek(ro);
	expect_fault(ro + 0x10);
	__asm__ volatile("dcbz 0, %0" : : "r"(ro + 0x10) : "memory");
	report(faults_taken() == 1 && f->addr == ro + 0x10 && f->kind == FAULT_PROT_DATA &&
	       lin(pa)[4] == 0x12345678, "dcbz on a read-only page: protection fault at the line, memory kept");
	report(mpc8xx_dar_fixups - before == 2, "both DAR values came from decoding the instruction");
	unmap(&kernel_mm, ro, 4096);
	test_page_free(pa);
}

/* The miss path, as the simulator counts it (one timebase tick per instruction). */
static void test_miss_cost(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(5);
	uint64_t t0, t1, t2, t3;

	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	tlb_flush_all();
	t0 = timebase_read();
	(void)peek(va);
	t1 = timebase_read();
	(void)peek(va);
	t2 = timebase_read();
	(void)peek(va + 4);
	t3 = timebase_read();
	report_info("a load with a DTLB miss takes %lu ticks, without %lu / %lu (simulator: ticks = instructions)",
		    (unsigned long)(t1 - t0), (unsigned long)(t2 - t1), (unsigned long)(t3 - t2));
	report(t1 - t0 > t2 - t1, "a miss costs time");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

const struct target_test tests_family[] = {
	{ "8xx raw TLB entries", test_raw_entries, "mpc8xx", "8xx-raw-tlb" },
	{ "8xx changed bit", test_changed_bit, "mpc8xx", "8xx-changed-bit" },
	{ "8xx guarded", test_guarded, "mpc8xx", "8xx-guarded" },
	{ "8xx 16K pages", test_16k, "mpc8xx", "8xx-16k" },
	{ "8xx M_CASID", test_casid, "mpc8xx", "8xx-casid" },
	{ "8xx pinned entries", test_pinned, "mpc8xx", "8xx-pinned" },
	{ "8xx dcbX DAR", test_dcbx_dar, "mpc8xx", "8xx-dcbx-dar" },
	{ "8xx load across pages", test_cross_page, "mpc8xx", "8xx-cross-page" },
	{ "8xx miss cost", test_miss_cost, "mpc8xx", "8xx-miss-cost" },
};
const unsigned int tests_family_count = sizeof(tests_family) / sizeof(tests_family[0]);
