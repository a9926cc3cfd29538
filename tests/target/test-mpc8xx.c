/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx-only checks: the raw TLB entries the miss handlers build (MI_RPN
 * bits 20 and 23 clear), the changed and accessed bits (huge pages and
 * accesses across pages included), guarded pages, 16K pages over 4K base
 * pages, M_CASID address-space separation (SH told from ASID 0), the pinned
 * entries across tlbia and across every error path, the dcbX DAR erratum,
 * retries after an ITLB or dcbX fault, refused accesses against the TLB
 * entry read back, huge-page entry sizes on both sides, and the exact miss
 * path lengths.
 */
#include <stdio.h>
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "mpc8xx/reg.h"
#include "tlb/fault.h"
#include "lib/kprintf.h"
#include "include/spr.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/immr.h"
#include "mmu/pte-mpc8xx.h"
#include "mmu/palloc.h"
#include "tlb/mpc8xx-tlb.h"
#include "hugetlb/pool.h"
#include "hugetlb/hugetlb.h"

extern unsigned int mpc8xx_dar_fixups;

#define PAGE_SIZE_4K	4096u
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

	put_li42(lin(pa));
	map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_EXEC);
	tlb_flush_all();
	(void)peek(va);
	report(is_ne(mpc8xx_tlb_find(false, va, 0, &t), -1) && is_eq(t.raw[0], (va | MX_EPN_EV)),
	       "DTLB CAM = EPN | EV, ASID 0 (0x%08lx)", (unsigned long)t.raw[0]);
	report_eq(t.raw[1], (APG_KERNEL | MX_TWC_V), "DTLB TWC = APG 1 (kernel, accessed) | V (0x%08lx)",
	       (unsigned long)t.raw[1]);
	report_eq(t.raw[2], ((uint32_t)pa | MX_RPN_C | RPN_PATTERN | MX_RPN_SH | MX_RPN_V),
	       "DTLB RPN = RPN | PP 00 (R/W) | C | 1111 | SH | V (0x%08lx)", (unsigned long)t.raw[2]);
	report(is_eq(call_at(va), 42) && is_ne(mpc8xx_tlb_find(true, va, 0, &t), -1) &&
	       is_eq(t.raw[2], ((uint32_t)pa | 0x400 | MX_RPN_E | RPN_PATTERN | MX_RPN_SH | MX_RPN_V)),
	       "ITLB RPN = RPN | extended PP 01 (execute) | 1111 | SH | V (0x%08lx)",
	       (unsigned long)t.raw[2]);
	report_eq(t.raw[1], (APG_KERNEL | MX_TWC_V), "ITLB TWC = APG 1 | V (0x%08lx)",
	       (unsigned long)t.raw[1]);
	unmap(&kernel_mm, va, 4096);

	user_space_init(&mm, PID_A);
	map(&mm, TEST_UVA, pa, 4096, PROT_READ | PROT_USER);
	tlb_flush_all();
	user_call(&mm, user_routine(user_load_word), TEST_UVA, &r);
	report(is_ne(mpc8xx_tlb_find(false, TEST_UVA, PID_A, &t), -1) &&
	       is_eq(t.raw[0], (TEST_UVA | MX_EPN_EV | PID_A)) && is_eq(t.raw[1], (APG_USER | MX_TWC_V)) &&
	       is_eq(t.raw[2], ((uint32_t)pa | _PAGE_RO | RPN_PATTERN | MX_RPN_V)),
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
	report(is_ne(mpc8xx_tlb_find(false, va, 0, &t), -1) && is_clear(t.raw[2], MX_RPN_C),
	       "a load of the clean page creates an entry with C = 0");
	before = fixups_here().dirty;
	poke(va + 8, 0xd1d1d1d1);
	report_eq(fixups_here().dirty - before, 1, "the first store faults once (%u)",
	       fixups_here().dirty - before);
	report_eq(lin(pa)[2], 0xd1d1d1d1, "and then lands");
	report(is_set(*pte, _PAGE_DIRTY), "_PAGE_DIRTY set in the PTE (0x%08lx)", (unsigned long)*pte);
	report(is_ne(mpc8xx_tlb_find(false, va, 0, &t), -1) && is_set(t.raw[2], MX_RPN_C),
	       "the reloaded entry has C = 1");
	poke(va + 12, 2);
	report_eq(fixups_here().dirty - before, 1, "the next store does not fault");
	unmap(&kernel_mm, va, 4096);

	user_space_init(&mm, PID_A);
	map(&mm, TEST_UVA, pa, 4096, UPROT_RW);
	pte = pte_of(&mm, TEST_UVA);
	*pte &= ~_PAGE_DIRTY;
	tlb_flush_all();
	before = fixups_here().dirty;
	report(is_eq(user_call(&mm, user_routine(user_store_word), TEST_UVA, &r), 0) &&
	       is_eq(lin(pa)[0], 0x600df00d) && is_eq(fixups_here().dirty - before, 1) &&
	       is_set(*pte, _PAGE_DIRTY),
	       "user store to a clean page: one fix-up, store lands, PTE dirty");
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

static uint32_t *make_old(struct mm *mm, vaddr_t va, bool clean);
static bool fixups_since(const struct fault_fixup_counts *b, unsigned int faults, unsigned int young,
			 unsigned int dirty);

/* G refuses instruction fetch (ITLB error, SRR1 bit 3), not data. */
static void test_guarded(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(2);
	const struct fault_record *f = last_fault();
	struct fault_fixup_counts b;
	uint32_t *pte;

	put_li42(lin(pa));
	map(&kernel_mm, va, pa, 4096, PROT_READ | PROT_EXEC | PROT_GUARDED);
	report_eq(peek(va), INSN_LI_R3_42, "a guarded page reads");
	expect_fault(va);
	(void)call_at(va);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_INST) &&
	       is_eq(f->vector, VEC_ITLB_ERR) && is_set(f->cause, SRR1_ISI_GUARD),
	       "fetch faults: ITLB error, guarded (cause 0x%08lx)",
	       (unsigned long)f->cause);
	pte = make_old(&kernel_mm, va, false);
	tlb_flush_all();
	fault_fixup_counts(&b);
	expect_fault(va);
	(void)call_at(va);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_INST) && fixups_since(&b, 0, 0, 0) &&
	       is_clear(*pte, _PAGE_ACCESSED),
	       "fetch from an old guarded page: refused, no accessed fix-up (PTE 0x%08lx)",
	       (unsigned long)*pte);
	expect_fault_clear();
	report(is_eq(protect(&kernel_mm, va, 4096, PROT_READ | PROT_EXEC), MMU_OK) && is_eq(call_at(va), 42),
	       "without G the same code runs");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

/*
 * MI_RPN bits 20 and 23 stay clear whatever the PTE's software bits: a
 * dirty executable page with _PAGE_SPECIAL set by hand, and a guarded one
 * (its fetch refused, its entry loaded all the same).
 */
static void test_itlb_rpn_bits(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(24), vg = kva(25);
	struct tlb_info t;
	uint32_t *pte;

	put_li42(lin(pa));
	map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_EXEC);
	map(&kernel_mm, vg, pa, 4096, PROT_READ | PROT_EXEC | PROT_GUARDED);
	pte = pte_of(&kernel_mm, va);
	*pte |= _PAGE_SPECIAL;
	tlb_flush_all();
	report(is_eq(call_at(va), 42) && is_ne(mpc8xx_tlb_find(true, va, 0, &t), -1) &&
	       is_clear(t.raw[2], MI_RPN_CLEAR),
	       "dirty, _PAGE_SPECIAL: the code runs, MI_RPN bits 20 and 23 clear (0x%08lx)",
	       (unsigned long)t.raw[2]);
	expect_fault(vg);
	(void)call_at(vg);
	report(is_eq(faults_taken(), 1) && is_ne(mpc8xx_tlb_find(true, vg, 0, &t), -1) &&
	       is_clear(t.raw[2], MI_RPN_CLEAR),
	       "guarded: the fetch faults, MI_RPN bits 20 and 23 clear (0x%08lx)", (unsigned long)t.raw[2]);
	unmap(&kernel_mm, va, 4096);
	unmap(&kernel_mm, vg, 4096);
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
	report_eq(map(&kernel_mm, va, pa, 16384, KPROT_RW), MMU_OK, "map 16K");
	for (i = 0; i < 4; i++) {
		ptep[i] = pte_of(&kernel_mm, va + i * 4096);
		ok &= ptep[i] && is_eq((*ptep[i] & _PAGE_RPN_MASK), (uint32_t)pa + i * 4096) &&
		      is_eq((*ptep[i] & (_PAGE_SPS | _PAGE_HUGE)), _PAGE_SPS);
	}
	report(ok, "four PTEs, base + i * 4K, SPS without HUGE");
	counted_begin();
	for (i = 0; i < 4; i++)
		ok &= is_eq(peek(va + i * 4096 + 4), 0x16160000u + i);
	report(ok, "every 4K of it reads the right memory");
	if (tlb_counts_available())
		report_eq(dmisses(), 1, "with one data miss (%lu)", (unsigned long)dmisses());
	report(is_ne(mpc8xx_tlb_find(false, va + 0x3000, 0, &t), -1) && is_eq(t.size, 16384) &&
	       is_eq(t.va, va) && is_eq(t.pa, pa) && is_set(t.raw[2], MX_RPN_SPS),
	       "one 16K DTLB entry (RPN word 0x%08lx)",
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

	two_spaces_load(&a, PID_A, pa, 0xa, &ra, &b, PID_B, pb, 0xb, &rb);
	report(is_eq(ra, 0xa) && is_eq(rb, 0xb), "each space reads its own page");
	report(is_ne(mpc8xx_tlb_find(false, TEST_UVA, PID_A, &ta), -1) &&
	       is_ne(mpc8xx_tlb_find(false, TEST_UVA, PID_B, &tb), -1) && is_ne(ta.raw[3], tb.raw[3]) &&
	       is_eq(ta.pa, pa) && is_eq(tb.pa, pb) && is_eq(ta.tid, PID_A) && is_eq(tb.tid, PID_B) &&
	       is_clear((ta.raw[2] | tb.raw[2]), MX_RPN_SH),
	       "two DTLB entries for 0x%08lx, not shared: ASID %u -> " PA_FMT ", ASID %u -> " PA_FMT,
	       (unsigned long)TEST_UVA, ta.tid, PA_ARG(ta.pa), tb.tid, PA_ARG(tb.pa));
	report_eq(mpc8xx_tlb_find(false, TEST_UVA, 0, &tk), -1, "neither matches the kernel's ASID 0");
	if (tlb_counts_available()) {	/* a switch needs no flush: the ASID tells the entries apart */
		struct tlb_counts c0, c1;

		tlb_counts(&c0);
		user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
		user_call(&b, user_routine(user_load_word), TEST_UVA, &rb);
		user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
		tlb_counts(&c1);
		report(is_eq(ra, 0xa) && is_eq(rb, 0xb) && is_eq(c1.dmiss - c0.dmiss, 0),
		       "switching A, B, A again keeps both spaces' entries: no data miss (%lu)",
		       (unsigned long)(c1.dmiss - c0.dmiss));
	}
	ra = rb = 0;
	counted_begin();
	user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
	user_call(&b, user_routine(user_load_word), TEST_UVA, &rb);
	report(is_eq(ra, 0xa) && is_eq(rb, 0xb), "after a flush, again each its own");
	two_spaces_end(&a, pa, &b, pb);
}

/*
 * A kernel entry matches in every address space because of SH, not because
 * its ASID field is 0 (the kernel's M_CASID): check both bits, since the
 * decoded tid is 0 either way.
 */
static bool shared_asid0(const struct tlb_info *t)
{
	return (t->raw[2] & MX_RPN_SH) && (t->raw[0] & MX_EPN_ASID_MASK) == 0;
}

/*
 * Entries 28..31 are reserved (RSV4I/RSV4D): tlbia leaves them.  The linear
 * map pins as many whole 8 MB entries as RAM holds (at most three), none
 * past the end of RAM.
 */
static void test_pinned(void)
{
	unsigned int i, n = mpc8xx_linear_pinned();
	struct tlb_info t;
	bool ok = true;

	/* A data fault just above the linear map: its tlbie hits both TLBs. */
	expect_fault(KERNEL_VA + n * PINNED_PAGE + 0x100);
	(void)peek(KERNEL_VA + n * PINNED_PAGE + 0x100);
	tlb_flush_all();
	for (i = 0; i < n; i++) {
		ok &= mpc8xx_tlb_read(true, TLB_FIRST_PINNED + i, &t) && is_eq(t.size, PINNED_PAGE) &&
		      is_eq(t.va, KERNEL_VA + i * PINNED_PAGE) && is_eq(t.pa, i * PINNED_PAGE) &&
		      is_eq(t.prot, PROT_EXEC) && shared_asid0(&t);
	}
	report(ok, "ITLB 28..%u: the linear map, 8M, kernel execute, shared (SH) with ASID field 0, "
	       "after a fault above it and tlbia", TLB_FIRST_PINNED + n - 1);
	ok = true;
	for (i = n; i < PINNED_LINEAR_MAX + 1; i++)
		ok &= !mpc8xx_tlb_read(true, TLB_FIRST_PINNED + i, &t);
	report(ok, "ITLB %u..31: empty, as the DTLB pins nothing executable there", TLB_FIRST_PINNED + n);
	ok = true;
	for (i = 0; i < n; i++) {
		ok &= mpc8xx_tlb_read(false, TLB_FIRST_PINNED + i, &t) && is_eq(t.size, PINNED_PAGE) &&
		      is_eq(t.va, KERNEL_VA + i * PINNED_PAGE) && is_eq(t.pa, i * PINNED_PAGE) &&
		      is_eq(t.prot, KPROT_RW) && shared_asid0(&t);
	}
	report(ok,
	       "DTLB 28..%u: the linear map, 8M, kernel read/write, shared (SH) with ASID field 0, after tlbia",
	       TLB_FIRST_PINNED + n - 1);
	ok = true;
	for (i = n; i < PINNED_LINEAR_MAX; i++)
		ok &= !mpc8xx_tlb_read(false, TLB_FIRST_PINNED + i, &t);
	report(ok && is_ge(n, 1) && is_le(n, PINNED_LINEAR_MAX) && is_le(n * PINNED_PAGE, layout.ram_size) &&
	       is_eq(n * PINNED_PAGE, layout.linear_size) && ram_answers_below(n * PINNED_PAGE),
	       "the linear map's %u entries end at %lu MB, within the %lu MB of RAM (its last word is RAM); "
	       "DTLB %u..30 empty", n, (unsigned long)(n * PINNED_PAGE >> 20),
	       (unsigned long)(layout.ram_size >> 20), TLB_FIRST_PINNED + n);
	report(mpc8xx_tlb_read(false, PINNED_IMMR_ENTRY, &t) && is_eq(t.va, mpc8xx_immr_window) &&
	       is_eq(t.pa, mpc8xx_immr_window) && is_eq(t.size, PINNED_IMMR_SIZE) &&
	       is_eq(mpc8xx_immr_window, mfspr(SPRN_IMMR) & ~(PINNED_IMMR_SIZE - 1)) &&
	       is_eq(t.prot, (KPROT_RW | PROT_NOCACHE | PROT_GUARDED)) && shared_asid0(&t),
	       "DTLB 31: IMMR, 512K, cache-inhibited, guarded, shared (SH) with ASID field 0");
	ok = true;
	for (i = 0; i < TLB_FIRST_PINNED; i++)
		ok &= !mpc8xx_tlb_read(false, i, &t) && !mpc8xx_tlb_read(true, i, &t);
	report(ok, "entries 0..27 of both TLBs are empty");
}

/*
 * A misaligned load across into an unmapped page faults with DAR = its own
 * EA (the manuals' rule for a misaligned access); once the second page is mapped, the same load works:
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
	report(is_eq(faults_taken(), 1) && is_eq(f->addr, va + 0xffe),
	       "load across into an unmapped page faults at its own EA (0x%08lx)", (unsigned long)f->addr);
	report_eq(mpc8xx_tlb_find(false, va + 4096, 0, &t), -1,
	       "and leaves no (invalid) entry for the second page behind");
	map(&kernel_mm, va + 4096, pb, 4096, KPROT_RW);
	v = peek(va + 0xffe);
	report_eq(v, 0x33445566, "after mapping the second page the same load reads 0x%08lx",
	       (unsigned long)v);
	unmap(&kernel_mm, va, 8192);
	test_page_free(pa);
	test_page_free(pb);
}

/*
 * Every pinned entry of both TLBs holds what the boot wrote.  A lost one is
 * written back, so that the run goes on to report it (nothing else could
 * reload it: the kernel's tables cover neither the linear map nor IMMR).
 */
static bool pinned_intact(char *lost, size_t n)
{
	struct mpc8xx_tlb_raw want, got;
	unsigned int t, i;
	bool ok = true;

	lost[0] = 0;
	for (t = 0; t < 2; t++) {
		for (i = TLB_FIRST_PINNED; i < TLB_ENTRIES; i++) {
			if (!mpc8xx_pinned_raw(t, i, &want))
				continue;
			mpc8xx_tlb_read_raw(t, i, &got);
			if (got.cam == want.cam && got.ram0 == want.ram0 && got.ram1 == want.ram1)
				continue;
			if (ok)
				snprintf(lost, n, ": %s %u lost (%08lx %08lx %08lx)", t ? "ITLB" : "DTLB", i,
					 (unsigned long)got.cam, (unsigned long)got.ram0,
					       (unsigned long)got.ram1);
			ok = false;
			mpc8xx_tlb_write_raw(t, i, &want);
		}
	}
	return ok;
}

/* Accesses that end in the page after ea's; stores write back what is there. */
static void cross_lwz(vaddr_t ea)
{
	(void)peek(ea);
}

static void cross_lhz(vaddr_t ea)
{
	(void)*(volatile uint16_t *)(uintptr_t)ea;
}

static uint32_t bytes_at(vaddr_t ea, unsigned int n)
{
	uint32_t v = 0;
	unsigned int i;

	for (i = 0; i < 4; i++)
		v = v << 8 | (i < n ? *(volatile uint8_t *)(uintptr_t)(ea + i) : 0);
	return v;
}

static void cross_stw(vaddr_t ea)
{
	poke(ea, bytes_at(ea, PAGE_SIZE_4K - (ea & (PAGE_SIZE_4K - 1))));
}

static void cross_lmw(vaddr_t ea)
{
	__asm__ volatile("lmw 28, 0(%0)" : : "b"(ea) : "r28", "r29", "r30", "r31", "memory");
}

static void cross_stmw(vaddr_t ea)
{
	__asm__ volatile("mr 28, %1; mr 29, %2; stmw 28, 0(%0)"
			 : : "b"(ea), "r"(peek(ea)), "r"(peek(ea + 4)) : "r28", "r29", "r30", "r31",
			       "memory");
}

static void cross_lswi(vaddr_t ea)
{
	__asm__ volatile("lswi 28, %0, 8" : : "b"(ea) : "r28", "r29", "memory");
}

static void cross_stswi(vaddr_t ea)
{
	__asm__ volatile("mr 28, %1; stswi 28, %0, 8" : : "b"(ea), "r"(bytes_at(ea, 2)) : "r28", "r29", "memory");
}

struct cross_case {
	const char *name;
	void (*access)(vaddr_t ea);
	uint32_t back;		/* bytes before the end of the first page */
	bool dar_is_next;	/* the simulator reports the failing page's first byte */
};

/*
 * Scalars report their own EA in DAR (the first page), multiples and strings
 * the EA of the element that failed (the simulator checks each word or byte
 * in turn: sim/exec_mem.c), i.e. the first byte of the next page.
 */
static const struct cross_case cross_cases[] = {
	{ "lwz", cross_lwz, 2, false },
	{ "lhz", cross_lhz, 1, false },
	{ "stw", cross_stw, 2, false },
	{ "lmw", cross_lmw, 8, true },
	{ "stmw", cross_stmw, 8, true },
	{ "lswi", cross_lswi, 2, true },
	{ "stswi", cross_stswi, 2, true },
};

/* One access from the last bytes below the page boundary end across it; unmapped: the page that is. */
static void cross_once(const char *where, vaddr_t end, vaddr_t unmapped, const struct cross_case *c)
{
	const struct fault_record *f = last_fault();
	vaddr_t ea = end - c->back, dar = c->dar_is_next ? end : ea;
	struct tlb_info t;
	char lost[80];
	bool intact, purged;

	tlb_flush_all();
	expect_fault(dar);
	c->access(ea);
	intact = pinned_intact(lost, sizeof(lost));
	purged = mpc8xx_tlb_find(false, unmapped, 0, &t) < 0;
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_TLB_DATA),
	       "%s from 0x%08lx across %s: one data TLB fault at 0x%08lx (%s at 0x%08lx)", c->name,
	       (unsigned long)ea, where, (unsigned long)dar, fault_kind_name(f->kind),
	       (unsigned long)f->addr);
	report(intact, "%s across %s: every pinned entry of both TLBs kept%s", c->name, where, lost);
	report(purged, "%s across %s: no invalid entry left for 0x%08lx", c->name, where,
	       (unsigned long)unmapped);
	expect_fault_clear();
}

/*
 * An access that crosses from a pinned page into an unmapped one: the error
 * path must purge the unmapped page's invalid entry and never tlbie the
 * pinned page DAR names (the top of the linear map, the top of IMMR).  A
 * fetch from IMMR (pinned in the DTLB only) must not drop the IMMR entry.
 */
static void test_cross_pinned(void)
{
	const vaddr_t linear_end = KERNEL_VA + mpc8xx_linear_pinned() * PINNED_PAGE;
	const vaddr_t immr = mpc8xx_immr_window, immr_end = immr + PINNED_IMMR_SIZE;
	const struct fault_record *f = last_fault();
	char lost[80];
	unsigned int i;
	bool intact;

	for (i = 0; i < sizeof(cross_cases) / sizeof(cross_cases[0]); i++)
		cross_once("the end of the linear map", linear_end, linear_end, &cross_cases[i]);
	cross_once("the end of IMMR", immr_end, immr_end, &cross_cases[0]);
	cross_once("the end of IMMR", immr_end, immr_end, &cross_cases[1]);
	/* The other way: from an unmapped page into IMMR (DAR in the unmapped page). */
	cross_once("the start of IMMR", immr, immr - PAGE_SIZE_4K, &cross_cases[0]);

	expect_fault(immr + 0x100);
	(void)call_at(immr + 0x100);
	intact = pinned_intact(lost, sizeof(lost));
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_TLB_INST),
	       "a fetch from IMMR: an instruction TLB fault (%s)", fault_kind_name(f->kind));
	report(intact, "and every pinned entry kept%s", lost);
}

/* dcbz leaves DAR unchanged on a DTLB error (an erratum of every 8xx): C decodes it. */
static void test_dcbx_dar(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(3), ro = kva(4);
	const struct fault_record *f = last_fault();
	unsigned int before = mpc8xx_dar_fixups;

	expect_fault(va + 0x40);
	__asm__ volatile("dcbz 0, %0" : : "r"(va + 0x40) : "memory");
	report(is_eq(faults_taken(), 1) && is_eq(f->addr, va + 0x40) && is_eq(f->kind, FAULT_TLB_DATA) &&
	       f->store,
	       "dcbz on an unmapped page: fault at 0x%08lx, a store (%s)", (unsigned long)f->addr,
	       fault_kind_name(f->kind));
	lin(pa)[4] = 0x12345678;
	map(&kernel_mm, ro, pa, 4096, PROT_READ);
	(void)peek(ro);
	expect_fault(ro + 0x10);
	__asm__ volatile("dcbz 0, %0" : : "r"(ro + 0x10) : "memory");
	report(is_eq(faults_taken(), 1) && is_eq(f->addr, ro + 0x10) && is_eq(f->kind, FAULT_PROT_DATA) &&
	       is_eq(lin(pa)[4], 0x12345678),
	       "dcbz on a read-only page: protection fault at the line, memory kept");
	report_eq(mpc8xx_dar_fixups - before, 2, "both DAR values came from decoding the instruction");
	unmap(&kernel_mm, ro, 4096);
	test_page_free(pa);
}

/*
 * The timebase of the simulator advances one tick per instruction
 * (sim/README.md, board contract), so a timebase difference is an exact
 * instruction count there.  Checked, not assumed: two runs of nops must
 * differ by exactly their length, else the board's timebase counts
 * something else and the exact checks are skipped.
 */
static uint32_t tb_nops(bool more)
{
	uint32_t t0, t1;

	if (more)
		__asm__ volatile("mftb %0; nop; nop; nop; nop; nop; nop; nop; nop; mftb %1"
				 : "=&r"(t0), "=&r"(t1));
	else
		__asm__ volatile("mftb %0; mftb %1" : "=&r"(t0), "=&r"(t1));
	return t1 - t0;
}

static bool timebase_counts_instructions(void)
{
	return tb_nops(true) - tb_nops(false) == 8;
}

/* Instructions from one mftb to the next around one lwz at va. */
static uint32_t timed_load(vaddr_t va)
{
	uint32_t t0, t1, v;

	__asm__ volatile("mftb %0; lwz %1, 0(%3); mftb %2"
			 : "=&r"(t0), "=&r"(v), "=&r"(t1) : "b"(va) : "memory");
	return t1 - t0;
}

/* The same around a call to code at va ("li r3, 42; blr"). */
static uint32_t timed_call(vaddr_t va)
{
	uint32_t t0, t1;

	__asm__ volatile("mtctr %2; mftb %0; bctrl; mftb %1"
			 : "=&r"(t0), "=&r"(t1) : "r"(va)
			 : "r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12",
			   "lr", "ctr", "cr0", "memory");
	return t1 - t0;
}

/*
 * A miss costs the handler's path (vector through rfi) plus one: the access
 * or the fetch that raised it counts once more when it is retried.  The
 * handler is straight-line, so every page size costs the same.
 */
static void check_miss_cost(const char *what, vaddr_t va, bool fetch)
{
	uint32_t miss, hit, want = fetch ? MPC8XX_ITLB_MISS_INSNS : MPC8XX_DTLB_MISS_INSNS;

	tlb_flush_all();
	miss = fetch ? timed_call(va) : timed_load(va);
	hit = fetch ? timed_call(va) : timed_load(va);
	report_eq(miss - hit - 1, want, "%s %s miss: %lu instructions, vector to rfi (expected %lu)", what,
	       fetch ? "instruction" : "data", (unsigned long)(miss - hit - 1), (unsigned long)want);
}

static void test_miss_cost(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(5);

	if (!timebase_counts_instructions()) {
		report_skip("the timebase does not count instructions on this board");
		test_page_free(pa);
		return;
	}
	put_li42(lin(pa));
	map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_EXEC);
	check_miss_cost("4K", va, false);
	check_miss_cost("4K", va, true);
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

#define HUGE_VA		0xE0000000u	/* 8M-aligned, in the kernel's page-table range */
#define NHUGE		3
static const uint32_t huge_sizes[NHUGE] = { 16u << 10, 512u << 10, 8u << 20 };

static const char *huge_name(vsize_t size)
{
	return size == (16u << 10) ? "16K" : size == (512u << 10) ? "512K" : "8M";
}

/* Mx_TWC PS and SPS a page of size is loaded with. */
static bool entry_is_size(const struct tlb_info *t, vsize_t size)
{
	uint32_t ps = t->raw[1] & MX_TWC_PS_MASK;

	if (size == (16u << 10))
		return ps == 0 && (t->raw[2] & MX_RPN_SPS) && t->size == size;
	return ps == (size == PINNED_PAGE ? MX_TWC_PS_8M : MX_TWC_PS_512K) && t->size == size;
}

/*
 * Code in a huge page: the ITLB entry has the page's size (PS = 512K and
 * 8M, SPS for 16K), read back; the data side too; both misses cost the
 * same as a 4K one.
 */
static void check_huge_exec(vsize_t size, paddr_t pa)
{
	vaddr_t code = HUGE_VA + size - 4096;
	struct tlb_info t;

	map(&kernel_mm, HUGE_VA, pa, size, KPROT_RW);
	put_li42((uint32_t *)(uintptr_t)code);
	protect(&kernel_mm, HUGE_VA, size, PROT_READ | PROT_EXEC);
	tlb_flush_all();
	report(is_eq(call_at(code), 42) && is_ne(mpc8xx_tlb_find(true, code, 0, &t), -1) &&
	       entry_is_size(&t, size) && is_eq(t.va, HUGE_VA),
	       "%s: one ITLB entry of the page's size (TWC 0x%08lx, RPN 0x%08lx)",
	       huge_name(size), (unsigned long)t.raw[1], (unsigned long)t.raw[2]);
	report(is_ne(peek(HUGE_VA + 8), 0xffffffffu) && is_ne(mpc8xx_tlb_find(false, HUGE_VA, 0, &t), -1) &&
	       entry_is_size(&t, size), "%s: one DTLB entry of the page's size (TWC 0x%08lx)",
	       huge_name(size), (unsigned long)t.raw[1]);
	if (timebase_counts_instructions()) {
		check_miss_cost(huge_name(size), code, true);
		check_miss_cost(huge_name(size), HUGE_VA + size / 2, false);
	}
	unmap(&kernel_mm, HUGE_VA, size);
}

/* Clear or check _PAGE_DIRTY in every 4K entry of the run at va. */
static bool run_dirty(vaddr_t va, vsize_t size, bool clear)
{
	uint32_t off, *pte;
	bool all = true;

	for (off = 0; off < size; off += 4096) {
		pte = pte_of(&kernel_mm, va + off);
		if (!pte)
			return false;
		if (clear)
			*pte &= ~_PAGE_DIRTY;
		all &= is_set(*pte, _PAGE_DIRTY);
	}
	return all;
}

/*
 * The first store into a clean huge page, at an offset of 4K or more (not
 * the run's first entry, which the miss handler reads for an 8M page):
 * one fix-up sets _PAGE_DIRTY in every entry of the run, and the store lands.
 */
static void check_huge_dirty(vsize_t size, paddr_t pa)
{
	vaddr_t va = HUGE_VA + 0x1000 + 8;
	unsigned int before = fixups_here().dirty;
	struct tlb_info t;

	map(&kernel_mm, HUGE_VA, pa, size, KPROT_RW);
	run_dirty(HUGE_VA, size, true);
	tlb_flush_all();
	poke(va, 0xc0dec0de);
	report(is_eq(fixups_here().dirty - before, 1) && is_eq(peek(va), 0xc0dec0de),
	       "%s: the first store at offset 0x1008 faults once (%u) and lands", huge_name(size),
	       fixups_here().dirty - before);
	report(run_dirty(HUGE_VA, size, false), "%s: _PAGE_DIRTY set in every entry of the run",
	       huge_name(size));
	report(is_ne(mpc8xx_tlb_find(false, va, 0, &t), -1) && is_set(t.raw[2], MX_RPN_C) &&
	       is_eq(t.size, size),
	       "%s: the reloaded DTLB entry has C = 1 (0x%08lx)", huge_name(size), (unsigned long)t.raw[2]);
	unmap(&kernel_mm, HUGE_VA, size);
}

static void test_huge_8xx(void)
{
	unsigned int i;
	paddr_t pa;

	for (i = 0; i < NHUGE; i++) {
		pa = hugepool_alloc(huge_sizes[i]);
		if (pa == HUGEPOOL_FAIL) {
			skip_no_huge_page("no %s page in the pool", huge_name(huge_sizes[i]));
			continue;
		}
		check_huge_exec(huge_sizes[i], pa);
		check_huge_dirty(huge_sizes[i], pa);
		hugepool_free(pa, huge_sizes[i]);
	}
}

/* Clear _PAGE_ACCESSED (and _PAGE_DIRTY if clean) in the PTE of va, as if just mapped old. */
static uint32_t *make_old(struct mm *mm, vaddr_t va, bool clean)
{
	uint32_t *pte = pte_of(mm, va);

	*pte &= ~(_PAGE_ACCESSED | (clean ? _PAGE_DIRTY : 0));
	return pte;
}

/* Fix-ups since b: faults resolved, pages made young, pages made dirty. */
static bool fixups_since(const struct fault_fixup_counts *b, unsigned int faults, unsigned int young, unsigned int dirty)
{
	return is_eq(fixups_here().faults - b->faults, faults) &&
	       is_eq(fixups_here().young - b->young, young) &&
	       is_eq(fixups_here().dirty - b->dirty, dirty);
}

/*
 * make_old, then every TLB entry dropped (the next access misses and sees the
 * old PTE) and, with b, the fix-up counts taken from there.
 */
static uint32_t *make_old_now(struct mm *mm, vaddr_t va, bool clean, struct fault_fixup_counts *b)
{
	uint32_t *pte = make_old(mm, va, clean);

	tlb_flush_all();
	if (b)
		fault_fixup_counts(b);
	return pte;
}

/* Kernel loads, fetches and stores an old page permits: one fix-up each, then none. */
static void accessed_fixed_once(vaddr_t va, paddr_t pa)
{
	struct fault_fixup_counts b;
	struct tlb_info t;
	uint32_t *pte;

	map(&kernel_mm, va, pa, 4096, PROT_READ);
	pte = make_old_now(&kernel_mm, va, false, &b);
	report(is_eq(peek(va + 8), 0xace5) && fixups_since(&b, 1, 1, 0) && is_set(*pte, _PAGE_ACCESSED),
	       "load from an old page: reads, one fix-up, _PAGE_ACCESSED set");
	report(is_ne(mpc8xx_tlb_find(false, va, 0, &t), -1) &&
	       is_eq((t.raw[1] & MX_TWC_APG_MASK), APG_KERNEL),
	       "its DTLB entry is reloaded in APG group 1 (kernel, accessed) (0x%08lx)",
	       (unsigned long)t.raw[1]);
	(void)peek(va + 8);
	report(fixups_since(&b, 1, 1, 0), "a second load takes no fix-up");

	protect(&kernel_mm, va, 4096, PROT_READ | PROT_EXEC);
	pte = make_old_now(&kernel_mm, va, false, &b);
	report(is_eq(call_at(va), 42) && fixups_since(&b, 1, 1, 0) && is_set(*pte, _PAGE_ACCESSED),
	       "fetch from an old page: runs, one fix-up, _PAGE_ACCESSED set");

	protect(&kernel_mm, va, 4096, KPROT_RW);
	pte = make_old_now(&kernel_mm, va, true, &b);
	poke(va + 12, 0x5106e);
	report(is_eq(lin(pa)[3], 0x5106e) && fixups_since(&b, 1, 1, 1) &&
	       is_eq((*pte & (_PAGE_ACCESSED | _PAGE_DIRTY)), (_PAGE_ACCESSED | _PAGE_DIRTY)),
	       "store to an old clean page: lands, one fix-up sets both bits (PTE 0x%08lx)",
	       (unsigned long)*pte);
	poke(va + 12, 0);
	report(fixups_since(&b, 1, 1, 1), "a second store takes no fix-up");
}

/* Kernel accesses an old page does not permit: refused, no fix-up, the page stays old. */
static void accessed_refused(vaddr_t va, paddr_t pa)
{
	const struct fault_record *f = last_fault();
	struct fault_fixup_counts b;
	uint32_t *pte;

	protect(&kernel_mm, va, 4096, PROT_READ);
	pte = make_old_now(&kernel_mm, va, true, &b);
	expect_fault(va + 12);
	poke(va + 12, 0xbad);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_DATA) && f->store &&
	       is_eq(lin(pa)[3], 0) && is_clear(*pte, _PAGE_ACCESSED) && fixups_since(&b, 0, 0, 0),
	       "store to an old read-only page: refused, no fix-up, the page stays old");
	protect(&kernel_mm, va, 4096, 0);
	pte = make_old_now(&kernel_mm, va, false, NULL);
	expect_fault(va + 8);
	(void)peek(va + 8);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_DATA) &&
	       is_clear(*pte, _PAGE_ACCESSED) && fixups_since(&b, 0, 0, 0),
	       "load from an old no-access page: refused, stays old");
	protect(&kernel_mm, va, 4096, PROT_READ);
	pte = make_old_now(&kernel_mm, va, false, NULL);
	expect_fault(va);
	(void)call_at(va);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_INST) &&
	       is_clear(*pte, _PAGE_ACCESSED) && fixups_since(&b, 0, 0, 0),
	       "fetch from an old page without execute: refused, stays old");
}

/* The same from user mode: a permitted load fixed once, a store and a supervisor page refused. */
static void accessed_user(paddr_t pa)
{
	const struct fault_record *f = last_fault();
	struct fault_fixup_counts b;
	struct mm mm;
	uint32_t *pte, r;

	user_space_init(&mm, PID_A);
	map(&mm, TEST_UVA, pa, 4096, PROT_READ | PROT_USER);
	pte = make_old_now(&mm, TEST_UVA, false, &b);
	report(is_eq(user_call(&mm, user_routine(user_load_word), TEST_UVA + 8, &r), 0) &&
	       is_eq(r, 0xace5) && fixups_since(&b, 1, 1, 0) && is_set(*pte, _PAGE_ACCESSED),
	       "user load from an old user page: reads, one fix-up, _PAGE_ACCESSED set");
	pte = make_old_now(&mm, TEST_UVA, false, &b);
	expect_fault(TEST_UVA);
	report(is_eq(user_call(&mm, user_routine(user_store_word), TEST_UVA, &r), 1) &&
	       is_eq(f->kind, FAULT_PROT_DATA) && is_clear(*pte, _PAGE_ACCESSED) && fixups_since(&b, 0, 0, 0),
	       "user store to an old read-only user page: refused, stays old");
	/* A supervisor-only page in the user's tables (a PMD of its own): the user is refused. */
	map(&mm, TEST_UVA + 0x400000, pa, 4096, PROT_READ);
	pte = make_old_now(&mm, TEST_UVA + 0x400000, false, &b);
	expect_fault(TEST_UVA + 0x400000);
	report(is_eq(user_call(&mm, user_routine(user_load_word), TEST_UVA + 0x400000, &r), 1) &&
	       is_eq(f->kind, FAULT_PROT_DATA) && is_clear(*pte, _PAGE_ACCESSED) && fixups_since(&b, 0, 0, 0),
	       "user load from an old supervisor-only page: refused, stays old");
	unmap(&mm, TEST_UVA + 0x400000, 4096);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
}

/*
 * Pages mapped old (no _PAGE_ACCESSED: APG group 0/2, every access refused):
 * the first access takes exactly one fix-up that sets the bit, then works;
 * a store to an old clean page sets both bits in that one fix-up; an old
 * page that does not permit the access stays refused and old.
 */
static void test_accessed(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(26);

	lin(pa)[0] = INSN_LI_R3_42;
	lin(pa)[1] = INSN_BLR;
	lin(pa)[2] = 0xace5;
	icache_sync(lin(pa), 8);

	accessed_fixed_once(va, pa);
	accessed_refused(va, pa);
	unmap(&kernel_mm, va, 4096);
	accessed_user(pa);
	test_page_free(pa);
}

/*
 * An access that crosses into the next page reports the first page's EA in
 * DAR even when the second page faulted: the second page's accessed and
 * changed bits are fixed too, and its TLB entry dropped.
 */
static void test_cross_bits(void)
{
	paddr_t pa = test_page(), pb = test_page();
	vaddr_t va = kva(28), vb = va + 4096;
	const struct fault_record *f = last_fault();
	uint32_t *pte_a, *pte_b;
	struct fault_fixup_counts b;

	lin(pa)[1023] = 0x11223344;
	lin(pb)[0] = 0x55667788;
	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	map(&kernel_mm, vb, pb, 4096, KPROT_RW);
	pte_a = pte_of(&kernel_mm, va);
	pte_b = make_old(&kernel_mm, vb, false);
	tlb_flush_all();
	fault_fixup_counts(&b);
	report(is_eq(peek(va + 0xffe), 0x33445566) && fixups_since(&b, 1, 1, 0) &&
	       is_set(*pte_b, _PAGE_ACCESSED),
	       "load across into an old page: reads, one fix-up, the second page's _PAGE_ACCESSED set");

	pte_b = make_old(&kernel_mm, vb, true);
	tlb_flush_all();
	(void)peek(va);
	fault_fixup_counts(&b);
	poke(va + 0xffe, 0xaabbccdd);
	report(is_eq(lin(pa)[1023], 0x1122aabb) && is_eq(lin(pb)[0], 0xccdd7788) &&
	       fixups_since(&b, 1, 1, 1) &&
	       is_eq((*pte_b & (_PAGE_ACCESSED | _PAGE_DIRTY)), (_PAGE_ACCESSED | _PAGE_DIRTY)),
	       "store across into an old clean page: lands, one fix-up, both bits of the second page set");

	*pte_b &= ~_PAGE_DIRTY;
	tlb_flush_all();
	(void)peek(va + 0xffe);
	fault_fixup_counts(&b);
	poke(va + 0xffe, 0x01020304);
	report(is_eq(lin(pa)[1023], 0x11220102) && is_eq(lin(pb)[0], 0x03047788) &&
	       fixups_since(&b, 1, 0, 1) && is_set(*pte_b, _PAGE_DIRTY) && is_set(*pte_a, _PAGE_DIRTY),
	       "store across into a clean page (both entries loaded): lands, one fix-up, the second page dirty");

	make_old(&kernel_mm, va, false);
	make_old(&kernel_mm, vb, false);
	tlb_flush_all();
	fault_fixup_counts(&b);
	report(is_eq(peek(va + 0xffe), 0x01020304) && fixups_since(&b, 1, 2, 0) &&
	       is_set(*pte_a & *pte_b, _PAGE_ACCESSED),
	       "load across two old pages: one fix-up makes both young");

	protect(&kernel_mm, vb, 4096, PROT_READ);
	pte_b = pte_of(&kernel_mm, vb);
	*pte_b &= ~_PAGE_ACCESSED;
	tlb_flush_all();
	fault_fixup_counts(&b);
	expect_fault(va + 0xffe);
	poke(va + 0xffe, 0xdeadbeef);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_DATA) &&
	       is_eq(lin(pb)[0], 0x03047788) && is_clear(*pte_b, (_PAGE_ACCESSED | _PAGE_DIRTY)) &&
	       fixups_since(&b, 0, 0, 0),
	       "store across into an old read-only page: refused, the second page neither young nor dirty");
	unmap(&kernel_mm, va, 8192);
	test_page_free(pa);
	test_page_free(pb);
}

static void span_lmw(vaddr_t ea)
{
	__asm__ volatile("lmw 28, 0(%0)" : : "b"(ea) : "r28", "r29", "r30", "r31", "memory");
}

static void span_lswx(vaddr_t ea)
{
	__asm__ volatile("mtxer %1; lswx 28, 0, %0" : : "r"(ea), "r"(16u)
			 : "r28", "r29", "r30", "r31", "xer", "memory");
}

static void span_lswi32(vaddr_t ea)
{
	__asm__ volatile("lswi 24, %0, 0" : : "b"(ea)
			 : "r24", "r25", "r26", "r27", "r28", "r29", "r30", "r31", "memory");
}

/*
 * A multiple or a string from 8 bytes below a page boundary, both pages old:
 * the first page faults first (DAR = the EA), and the fix-up must cover the
 * whole span decoded from the instruction (lmw: RT..r31; lswx: XER's byte
 * count; lswi: NB, 0 meaning 32), so one fault makes both pages young.
 */
static void test_span_fixup(void)
{
	static const struct {
		const char *name;
		void (*access)(vaddr_t ea);
	} cases[] = {
		{ "lmw r28 (16 bytes)", span_lmw },
		{ "lswx with XER count 16", span_lswx },
		{ "lswi with NB 0 (32 bytes)", span_lswi32 },
	};
	paddr_t pa = test_page(), pb = test_page();
	vaddr_t va = kva(30), vb = va + 4096;
	struct fault_fixup_counts b;
	uint32_t *pte_a, *pte_b;
	unsigned int i;

	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	map(&kernel_mm, vb, pb, 4096, KPROT_RW);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		pte_a = make_old(&kernel_mm, va, false);
		pte_b = make_old(&kernel_mm, vb, false);
		tlb_flush_all();
		fault_fixup_counts(&b);
		cases[i].access(vb - 8);
		report(fixups_since(&b, 1, 2, 0) && is_set(*pte_a & *pte_b, _PAGE_ACCESSED),
		       "%s across two old pages: one fault makes both young (faults %u, young %u)",
		       cases[i].name, fixups_here().faults - b.faults, fixups_here().young - b.young);
	}
	unmap(&kernel_mm, va, 8192);
	test_page_free(pa);
	test_page_free(pb);
}

/*
 * A "no translation" TLB error is never an accessed/changed fix-up, even
 * when the page is mapped by then: a DTLB entry left invalid (TWC V clear,
 * as the miss handler loads for a missing mapping) over an old page mapped
 * since is reported as a data TLB fault, and the PTE stays old.
 */
static void test_stale_invalid(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(25);
	const struct fault_record *f = last_fault();
	struct fault_fixup_counts b;
	struct mpc8xx_tlb_raw raw;
	struct tlb_info t;
	uint32_t *pte;
	int idx;

	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	tlb_flush_all();
	(void)peek(va);
	idx = mpc8xx_tlb_find(false, va, 0, &t);
	if (idx < 0) {
		report(false, "a load of 0x%08lx leaves a DTLB entry", (unsigned long)va);
		goto out;
	}
	raw.cam = t.raw[0];
	raw.ram0 = t.raw[1] & ~MX_TWC_V;
	raw.ram1 = t.raw[2];
	pte = make_old(&kernel_mm, va, false);
	mpc8xx_tlb_write_raw(false, (unsigned int)idx, &raw);
	fault_fixup_counts(&b);
	expect_fault(va);
	(void)peek(va);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_TLB_DATA) && fixups_since(&b, 0, 0, 0) &&
	       is_clear(*pte, _PAGE_ACCESSED),
	       "load through an invalid entry over an old mapped page: data TLB "
	       "fault (%s), no fix-up, PTE old (0x%08lx)", fault_kind_name(f->kind), (unsigned long)*pte);
	expect_fault_clear();
out:
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

/*
 * A dcbz in code the fault path cannot read back (a page above the linear
 * map) leaves DAR as the exception prologue tagged it (RPN_PATTERN), not the
 * address of the data fault before it.
 */
static void test_dar_tag(void)
{
	paddr_t pa = layout.linear_size;
	vaddr_t code = kva(26), before = kva(27), target = kva(28);
	const struct fault_record *f = last_fault();
	uint32_t *w = (uint32_t *)(uintptr_t)code;

	if (layout.ram_size < pa + 4096) {
		report_skip("no RAM above the linear map");
		return;
	}
	map(&kernel_mm, code, pa, 4096, KPROT_RW | PROT_EXEC);
	w[0] = 0x3c600000u | (target >> 16);		/* lis r3, target@h */
	w[1] = 0x60630000u | (target & 0xffff);		/* ori r3, r3, target@l */
	w[2] = 0x7c0017ecu | (3u << 11);		/* dcbz 0, r3 */
	w[3] = INSN_BLR;
	icache_sync(w, 16);
	expect_fault(before);
	(void)peek(before);
	expect_fault_clear();
	expect_fault(RPN_PATTERN);
	(void)call_at(code);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_TLB_DATA) && is_eq(f->addr, RPN_PATTERN),
	       "dcbz from code above the linear map: DAR is the tag 0x%x, not the last fault's 0x%08lx (0x%08lx)",
	       RPN_PATTERN, (unsigned long)before, (unsigned long)f->addr);
	expect_fault_clear();
	unmap(&kernel_mm, code, 4096);
}

/*
 * The span decoded from the instruction is used only when DAR lies inside
 * it.  Here the instruction read back through the page tables is not the one
 * the CPU ran (an ITLB entry written raw maps the code to another page): the
 * CPU's "lwz r3, 0(r4)" finds vb old, the tables' copy reads
 * "lwz r3, 0x2000(r4)", whose span misses DAR, so the fix-up goes by DAR
 * alone: one fix-up of vb and the load completes.
 */
static void test_span_check(void)
{
	paddr_t run = test_page(), tables = test_page(), pb = test_page();
	vaddr_t code = kva(26), vb = kva(27);
	struct mpc8xx_tlb_raw raw = {
		.cam = code | MX_EPN_EV,
		.ram0 = APG_KERNEL | MX_TWC_V,
		.ram1 = (uint32_t)run | MX_RPN_PP21 | MX_RPN_E | RPN_PATTERN | MX_RPN_SH | MX_RPN_V,
	};
	struct fault_fixup_counts b;
	uint32_t *pte, got;

	lin(run)[0] = 0x3c800000u | (vb >> 16);		/* lis r4, vb@h */
	lin(run)[1] = 0x60840000u | (vb & 0xffff);	/* ori r4, r4, vb@l */
	lin(run)[2] = 0x80640000u;			/* lwz r3, 0(r4) */
	lin(run)[3] = INSN_BLR;
	memcpy(lin(tables), lin(run), 16);
	lin(tables)[2] = 0x80642000u;			/* lwz r3, 0x2000(r4) */
	icache_sync(lin(run), 16);
	icache_sync(lin(tables), 16);
	lin(pb)[0] = 0x5a5a1234;
	map(&kernel_mm, code, tables, 4096, KPROT_RW | PROT_EXEC);
	map(&kernel_mm, vb, pb, 4096, KPROT_RW);
	pte = make_old(&kernel_mm, vb, false);
	tlb_flush_all();
	mpc8xx_tlb_write_raw(true, 0, &raw);
	fault_fixup_counts(&b);
	got = call_at(code);
	report(is_eq(got, 0x5a5a1234) && fixups_since(&b, 1, 1, 0) && is_set(*pte, _PAGE_ACCESSED),
	       "a load whose decoded span misses DAR: fixed by DAR alone, loads 0x%08lx (faults %u)",
	       (unsigned long)got, fixups_here().faults - b.faults);
	tlb_flush_all();
	unmap(&kernel_mm, code, 4096);
	unmap(&kernel_mm, vb, 4096);
	test_page_free(run);
	test_page_free(tables);
	test_page_free(pb);
}

/* Linux pte_wrprotect(): a no-access page stays no-access (_PAGE_RO would make it readable). */
static void test_wrprotect_none(void)
{
	paddr_t pa = palloc_pages(2);
	vaddr_t va = HUGE_VA;
	const struct fault_record *f = last_fault();
	uint32_t *pte;
	void *head;

	if (pa == PALLOC_FAIL) {
		report_skip("no 16K of memory");
		return;
	}
	map(&kernel_mm, va, pa, 16384, 0);
	head = pte_alloc_huge(&kernel_mm, pmd_off(&kernel_mm, va), va, 16384);
	report_eq(huge_ptep_set_wrprotect(&kernel_mm, va, head), MMU_OK,
	       "huge_ptep_set_wrprotect of a 16K no-access page");
	mmu_tlb_invalidate(&kernel_mm, va, 16384);
	pte = pte_of(&kernel_mm, va + 0x3000);
	report(pte && is_eq((*pte & _PAGE_PP_MASK), _PAGE_NA), "every entry still _PAGE_NA (last 0x%08lx)",
	       pte ? (unsigned long)*pte : 0ul);
	expect_fault(va + 0x3000);
	(void)peek(va + 0x3000);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_DATA), "a load is still refused (%s)",
	       fault_kind_name(f->kind));
	expect_fault_clear();
	unmap(&kernel_mm, va, 16384);
	palloc_free(pa, 2);
}

/* Fetch from an unmapped page: an ITLB error; map it and call again: the invalid entry is gone. */
static void test_itlb_error(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(30);
	const struct fault_record *f = last_fault();

	put_li42(lin(pa));
	tlb_flush_all();
	expect_fault(va);
	(void)call_at(va);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_TLB_INST) &&
	       is_eq(f->vector, VEC_ITLB_ERR) && is_set(f->cause, SRR1_ISI_NOTRANS),
	       "fetch from an unmapped page: ITLB error, no translation");
	map(&kernel_mm, va, pa, 4096, PROT_READ | PROT_EXEC);
	report_eq(call_at(va), 42, "mapped, the same call runs");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

enum dcbx { DCBZ, DCBF, DCBST, DCBI, ICBI, NDCBX };
static const char *const dcbx_name[NDCBX] = { "dcbz", "dcbf", "dcbst", "dcbi", "icbi" };

static void dcbx(enum dcbx op, vaddr_t ea)
{
	switch (op) {
	case DCBZ:
		__asm__ volatile("dcbz 0, %0" : : "r"(ea) : "memory");
		break;
	case DCBF:
		__asm__ volatile("dcbf 0, %0" : : "r"(ea) : "memory");
		break;
	case DCBST:
		__asm__ volatile("dcbst 0, %0" : : "r"(ea) : "memory");
		break;
	case DCBI:
		__asm__ volatile("dcbi 0, %0" : : "r"(ea) : "memory");
		break;
	default:
		__asm__ volatile("icbi 0, %0" : : "r"(ea) : "memory");
		break;
	}
}

/*
 * The dcbX instructions leave DAR stale on a DTLB error: the fault path
 * decodes the EA, and must purge the invalid entry at that EA, or the
 * retry after a map() meets it again.
 */
static void test_dcbx_retry(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(31);
	const struct fault_record *f = last_fault();
	enum dcbx op;

	for (op = 0; op < NDCBX; op++) {
		lin(pa)[8] = 0x12345678;
		tlb_flush_all();
		expect_fault(va + 0x20);
		dcbx(op, va + 0x20);
		report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_TLB_DATA) &&
		       is_eq(f->addr, va + 0x20),
		       "%s on an unmapped page: data TLB fault at the real EA (0x%08lx)", dcbx_name[op],
		       (unsigned long)f->addr);
		if (op == DCBST)
			report(!f->store, "dcbst's fault is a load: the store bit it reports is cleared");
		expect_fault_clear();
		map(&kernel_mm, va, pa, 4096, KPROT_RW);
		dcbx(op, va + 0x20);
		report_eq(lin(pa)[8], op == DCBZ ? 0 : 0x12345678,
		       "mapped, the same %s runs without a fault", dcbx_name[op]);
		unmap(&kernel_mm, va, 4096);
	}
	test_page_free(pa);
}

/* Mx_AP of the ITLB or the DTLB. */
static uint32_t ap_reg(bool insn)
{
	return insn ? mfspr(SPRN_MI_AP) : mfspr(SPRN_MD_AP);
}

/*
 * Whether an entry grants an access, by the manual's rules (PowerPC key
 * mode, sub-pages off): the entry's APG selects a 2-bit Mx_AP field whose
 * first bit is the key of supervisor accesses, the second of user ones; key
 * 0 reads the supervisor column of the PP table, key 1 the user column.
 */
static bool entry_grants(bool insn, const struct tlb_info *t, bool user, bool store)
{
	unsigned int apg = (t->raw[1] & MX_TWC_APG_MASK) >> MX_TWC_APG_SHIFT;
	unsigned int field = (ap_reg(insn) >> (30 - 2 * apg)) & 3;
	unsigned int key = user ? field & 1 : field >> 1;
	unsigned int pp = (t->raw[2] & MX_RPN_PP_MASK) >> MX_RPN_PP_SHIFT;

	if (!(t->raw[1] & MX_TWC_V) || !(t->raw[2] & MX_RPN_V))
		return false;
	if (insn && (t->raw[1] & MX_TWC_G))
		return false;
	if (t->raw[2] & MX_RPN_E)
		return pp == 1 && key == 0 && !store;	/* extended 01: supervisor read / execute */
	if (insn)
		return !(pp == 0 && key);
	if (store)
		return key ? pp == 2 : pp != 3;
	return !(pp == 0 && key);
}

/*
 * A refused access is a protection fault, and no TLB entry grants it
 * afterwards (the one the miss handler loaded refuses it), for loads,
 * stores and fetches, user and supervisor: a handler that builds the wrong
 * permission for a privilege or an access kind lets the access through or
 * leaves an entry that would.
 */
static void check_refused(const char *what, bool insn, vaddr_t ea, unsigned int pid, bool user, bool store)
{
	const struct fault_record *f = last_fault();
	enum fault_kind want = insn ? FAULT_PROT_INST : FAULT_PROT_DATA;
	struct tlb_info t;
	bool found = mpc8xx_tlb_find(insn, ea, pid, &t) >= 0;

	report(is_eq(faults_taken(), 1) && is_eq(f->kind, want) && is_eq(f->user, user) &&
	       is_eq(f->store, store) && (!found || !entry_grants(insn, &t, user, store)),
	       "%s: a protection fault, and the %s entry refuses it (%s%08lx %08lx %08lx)", what,
	       insn ? "ITLB" : "DTLB", found ? "" : "none; ", (unsigned long)t.raw[0],
	       (unsigned long)t.raw[1],
	       (unsigned long)t.raw[2]);
	expect_fault_clear();
}

static void test_refused(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(32);
	vaddr_t ktext = (vaddr_t)(uintptr_t)&test_refused;
	vaddr_t kdata = (vaddr_t)(uintptr_t)&layout.ram_size;
	struct mm mm;
	uint32_t r;

	put_li42(lin(pa));
	map(&kernel_mm, va, pa, 4096, 0);
	tlb_flush_all();
	expect_fault(va);
	(void)peek(va);
	check_refused("supervisor load from a no-access page", false, va, 0, false, false);
	protect(&kernel_mm, va, 4096, PROT_READ);
	tlb_flush_all();
	expect_fault(va);
	poke(va, 1);
	check_refused("supervisor store to a read-only page", false, va, 0, false, true);
	protect(&kernel_mm, va, 4096, KPROT_RW);
	tlb_flush_all();
	expect_fault(va);
	(void)call_at(va);
	check_refused("supervisor fetch from a page without execute", true, va, 0, false, false);
	unmap(&kernel_mm, va, 4096);

	user_space_init(&mm, PID_A);
	map(&mm, TEST_UVA, pa, 4096, PROT_READ | PROT_USER);
	tlb_flush_all();
	expect_fault(TEST_UVA);
	user_call(&mm, user_routine(user_store_word), TEST_UVA, &r);
	check_refused("user store to a read-only page", false, TEST_UVA, PID_A, true, true);
	tlb_flush_all();
	expect_fault(TEST_UVA);
	user_call(&mm, user_routine(user_call_at), TEST_UVA, &r);
	check_refused("user fetch from a page without execute", true, TEST_UVA, PID_A, true, false);
	expect_fault(kdata);
	user_call(&mm, user_routine(user_load_word), kdata, &r);
	check_refused("user load from the kernel's data (pinned)", false, kdata, PID_A, true, false);
	expect_fault(kdata);
	user_call(&mm, user_routine(user_store_word), kdata, &r);
	check_refused("user store to the kernel's data (pinned)", false, kdata, PID_A, true, true);
	expect_fault(ktext);
	user_call(&mm, user_routine(user_call_at), ktext, &r);
	check_refused("user fetch from the kernel's text (pinned)", true, ktext, PID_A, true, false);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/*
 * Entries written raw into DTLB entry 0 and read back with mpc8xx_tlb_read():
 * an SH entry is the kernel's (TID 0) whatever its ASID field holds, PowerPC
 * PP 10 is read/write and 11 read-only, and a read leaves MD_CTR (its INDX
 * is the replacement counter) as it was.
 */
static void test_read_back(void)
{
	vaddr_t va = kva(24);
	paddr_t pa = 0x00300000u;
	struct mpc8xx_tlb_raw raw = {
		.cam = va | MX_EPN_EV | PID_A,
		.ram0 = APG_KERNEL | MX_TWC_V,
		.ram1 = pa | RPN_PATTERN | MX_RPN_SH | MX_RPN_V,
	};
	struct tlb_info t;
	uint32_t ctr, sel;

	tlb_flush_all();
	mpc8xx_tlb_write_raw(false, 0, &raw);
	report(mpc8xx_tlb_read(false, 0, &t) && is_eq((t.raw[0] & MX_EPN_ASID_MASK), PID_A) &&
	       is_eq(t.tid, 0),
	       "an SH entry with ASID field %d reads back as TID 0 (tid %u, CAM 0x%08lx)", PID_A,
	       t.tid, (unsigned long)t.raw[0]);
	raw.ram1 = pa | MX_RPN_PP20 | RPN_PATTERN | MX_RPN_SH | MX_RPN_V;
	mpc8xx_tlb_write_raw(false, 0, &raw);
	report(mpc8xx_tlb_read(false, 0, &t) &&
	       is_eq((t.prot & (PROT_READ | PROT_WRITE)), (PROT_READ | PROT_WRITE)),
	       "PowerPC PP 10 reads back as read/write (prot 0x%x)", t.prot);
	raw.ram1 = pa | MX_RPN_PP_MASK | RPN_PATTERN | MX_RPN_SH | MX_RPN_V;
	mpc8xx_tlb_write_raw(false, 0, &raw);
	report(mpc8xx_tlb_read(false, 0, &t) && is_eq((t.prot & (PROT_READ | PROT_WRITE)), PROT_READ),
	       "PowerPC PP 11 reads back as read-only (prot 0x%x)", t.prot);
	ctr = mfspr(SPRN_MD_CTR);
	sel = (ctr & ~MX_CTR_INDX_MASK) | (5u << MX_CTR_INDX_SHIFT);
	mtspr(SPRN_MD_CTR, sel);
	(void)mpc8xx_tlb_read(false, 0, &t);
	report_eq(mfspr(SPRN_MD_CTR), sel, "a DTLB read of entry 0 leaves MD_CTR INDX at 5 (0x%08lx)",
	       (unsigned long)mfspr(SPRN_MD_CTR));
	mtspr(SPRN_MD_CTR, ctr);
	tlb_flush_all();
}

/*
 * mm_destroy() with the space's pages still mapped: its ITLB entry for the
 * user code (fetched, never loaded, so no DTLB entry shares its address)
 * goes as well as its DTLB entry.
 */
static void test_destroy_itlb(void)
{
	struct mm mm;
	struct walk_result w;
	paddr_t pa = test_page(), code;
	struct tlb_info t;
	uint32_t r = 0;

	user_space_init(&mm, PID_A);
	map(&mm, TEST_UVA, pa, 4096, UPROT_RW);
	tlb_flush_all();
	report(is_eq(user_call(&mm, user_routine(user_load_word), TEST_UVA, &r), 0) &&
	       is_ne(mpc8xx_tlb_find(true, USER_CODE_VA, PID_A, &t), -1) &&
	       is_eq(mpc8xx_tlb_find(false, USER_CODE_VA, PID_A, &t), -1),
	       "space %d's code has an ITLB entry and no DTLB entry", PID_A);
	if (walk(&mm, USER_CODE_VA, &w) != MMU_OK)
		panic("user code not mapped");
	code = w.page_pa;
	mm_destroy(&mm);	/* no unmap first: an unmap would flush */
	report_eq(mpc8xx_tlb_find(true, USER_CODE_VA, PID_A, &t), -1,
	       "mm_destroy leaves no ITLB entry of space %d", PID_A);
	report_eq(mpc8xx_tlb_find(false, TEST_UVA, PID_A, &t), -1,
	       "mm_destroy leaves no DTLB entry of space %d", PID_A);
	test_page_free(code);
	test_page_free(pa);
}

PPCMMU_TEST_FN("8xx-raw-tlb", "8xx", "8xx raw TLB entries", test_raw_entries);
PPCMMU_TEST_FN("8xx-changed-bit", "8xx", "8xx changed bit", test_changed_bit);
PPCMMU_TEST_FN("8xx-guarded", "8xx", "8xx guarded", test_guarded);
PPCMMU_TEST_FN("8xx-itlb-rpn-bits", "8xx", "8xx ITLB RPN bits 20 and 23", test_itlb_rpn_bits);
PPCMMU_TEST_FN("8xx-16k", "8xx", "8xx 16K pages", test_16k);
PPCMMU_TEST_FN("8xx-casid", "8xx", "8xx M_CASID", test_casid);
PPCMMU_TEST_FN("8xx-pinned", "8xx", "8xx pinned entries", test_pinned);
PPCMMU_TEST_FN("8xx-dcbx-dar", "8xx", "8xx dcbX DAR", test_dcbx_dar);
PPCMMU_TEST_FN("8xx-cross-page", "8xx", "8xx load across pages", test_cross_page);
PPCMMU_TEST_FN("8xx-cross-pinned", "8xx", "8xx across pinned pages", test_cross_pinned);
PPCMMU_TEST_FN("8xx-miss-cost", "8xx", "8xx miss cost", test_miss_cost);
PPCMMU_TEST_FN("8xx-huge-entries", "8xx", "8xx huge pages: entry sizes, changed bit",
	       test_huge_8xx);
PPCMMU_TEST_FN("8xx-accessed-bit", "8xx", "8xx accessed bit", test_accessed);
PPCMMU_TEST_FN("8xx-cross-bits", "8xx", "8xx accessed and changed bits across pages",
	       test_cross_bits);
PPCMMU_TEST_FN("8xx-wrprotect-none", "8xx", "8xx write-protect a no-access page",
	       test_wrprotect_none);
PPCMMU_TEST_FN("8xx-itlb-error-map", "8xx", "8xx ITLB error then map", test_itlb_error);
PPCMMU_TEST_FN("8xx-dcbx-retry", "8xx", "8xx dcbX fault then map", test_dcbx_retry);
PPCMMU_TEST_FN("8xx-refused", "8xx", "8xx refused accesses", test_refused);
PPCMMU_TEST_FN("8xx-span-fixup", "8xx", "8xx span of multiples and strings", test_span_fixup);
PPCMMU_TEST_FN("8xx-stale-invalid", "8xx", "8xx invalid entry over a mapped page",
	       test_stale_invalid);
PPCMMU_TEST_FN("8xx-dar-tag", "8xx", "8xx DAR tag", test_dar_tag);
PPCMMU_TEST_FN("8xx-span-check", "8xx", "8xx decoded span must hold DAR", test_span_check);
PPCMMU_TEST_FN("8xx-read-back", "8xx", "8xx TLB read-back", test_read_back);
PPCMMU_TEST_FN("8xx-destroy-itlb", "8xx", "8xx mm_destroy drops ITLB entries", test_destroy_itlb);
