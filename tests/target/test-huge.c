/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Huge pages, every size the family supports, on the target: data at the
 * edges and inside checked through an independent 4 KB mapping, one miss per
 * sweep, the TLB entry the handler created, protection, unmap, errors and
 * the reservation pool.
 */
#include <stdio.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "hugetlb/pool.h"
#include "hugetlb/hugetlb.h"
#include "lib/kprintf.h"

#define KHUGE_VA	(layout.kmap_start)	/* kernel huge pages up to 256 MB */
#define UHUGE_VA	0x40000000u	/* user huge pages, 1 GB aligned */

static char name[32];

static const char *size_name(vsize_t size)
{
	if (size >= 1u << 30)
		snprintf(name, sizeof(name), "%luG", (unsigned long)(size >> 30));
	else if (size >= 1u << 20)
		snprintf(name, sizeof(name), "%luM", (unsigned long)(size >> 20));
	else
		snprintf(name, sizeof(name), "%luK", (unsigned long)(size >> 10));
	return name;
}

/* Read and write physical memory through a 4 KB mapping of its own. */
static uint32_t phys_peek(paddr_t pa)
{
	uint32_t v;

	map(&kernel_mm, ALIAS_VA, pa & ~(paddr_t)0xfff, 4096, KPROT_RW);
	v = peek(ALIAS_VA + (uint32_t)(pa & 0xfff));
	unmap(&kernel_mm, ALIAS_VA, 4096);
	return v;
}

static void phys_poke(paddr_t pa, uint32_t v)
{
	map(&kernel_mm, ALIAS_VA, pa & ~(paddr_t)0xfff, 4096, KPROT_RW);
	poke(ALIAS_VA + (uint32_t)(pa & 0xfff), v);
	unmap(&kernel_mm, ALIAS_VA, 4096);
}

static vsize_t offsets(vsize_t size, unsigned int i)
{
	static const uint32_t fixed[] = { 0, 4, 0x1000 };

	if (i < 3)
		return fixed[i] % size;
	if (i == 3)
		return size - 4;			/* the last word */
	if (i == 4)
		return size / 2;			/* the second half (8xx: table 1) */
	return ((i * 2654435761u) % size) & ~3u;	/* scattered */
}

#define NOFFS 12

/*
 * e500: the instruction-side miss handler checks execute permission (its
 * INEED mask), so a fetch from a readable, non-executable huge page faults in
 * the handler (ITLB miss) and loads no entry.  Checking read permission there
 * instead would load the page's entry and leave the refusal to the TLB's SX/UX
 * bits (an instruction storage interrupt): mutant e500-itlb-huge-need.
 */
static void check_exec_refused_by_miss(const struct fault_record *f, vaddr_t code, unsigned int pid)
{
#if defined(PPCMMU_FAMILY_E500) || defined(PPCMMU_FAMILY_E500_64)
	struct tlb_info t;

	report(is_eq(f->kind, FAULT_TLB_INST) && !tlb_lookup(code, pid, &t),
	       "... in the instruction miss handler (%s), which loads no entry for the page",
	       fault_kind_name(f->kind));
#else
	(void)f;
	(void)code;
	(void)pid;
#endif
}

/* Code in the last 4 KB of the page: one instruction miss, then no-execute. */
static void check_kernel_exec(vaddr_t va, vsize_t size)
{
	vaddr_t code = va + size - 4096;
	const struct fault_record *f = last_fault();
	uint32_t r;

	put_li42((uint32_t *)(uintptr_t)code);
	report_eq(protect(&kernel_mm, va, size, PROT_READ | PROT_EXEC), MMU_OK, "protect read/execute");
	counted_begin();
	r = call_at(code);
	report_eq(r, 42, "code in the last 4 KB runs");
	if (tlb_counts_available())
		report_eq(imisses(), 1, "with one instruction miss (%lu)", (unsigned long)imisses());
	report_eq(protect(&kernel_mm, va, size, KPROT_RW), MMU_OK, "protect read/write, no execute");
	expect_fault(code);
	(void)call_at(code);
	report(is_eq(faults_taken(), 1) &&
	       (is_eq(f->kind, FAULT_TLB_INST) || is_eq(f->kind, FAULT_PROT_INST)),
	       "then the fetch faults (%s)", fault_kind_name(f->kind));
	check_exec_refused_by_miss(f, code, 0);
}

/* Kernel mapping: data, one miss per sweep, the entry, read-only, unmap. */
static void check_kernel_huge(vsize_t size, paddr_t pa)
{
	vaddr_t va = KHUGE_VA;
	const struct fault_record *f = last_fault();
	struct tlb_info t;
	bool ok = true;
	unsigned int i;
	vsize_t off;
	uint32_t sum = 0;

	report_eq(map(&kernel_mm, va, pa, size, KPROT_RW), MMU_OK, "map at 0x%08lx", (unsigned long)va);
	for (i = 0; i < NOFFS; i++) {
		off = offsets(size, i);
		poke(va + off, 0x5a000000u ^ (uint32_t)off);
	}
	for (i = 0; i < NOFFS; i++) {
		off = offsets(size, i);
		ok &= is_eq(phys_peek(pa + off), (0x5a000000u ^ off));
	}
	report(ok, "first, last and scattered words land in physical memory");
	phys_poke(pa + size - 8, 0x77777777);
	report_eq(peek(va + size - 8), 0x77777777, "and memory written elsewhere reads back");
	if (tlb_counts_available()) {
		counted_begin();
		for (off = 0; off < size; off += 4096)
			sum += peek(va + off);
		report_eq(dmisses(), 1, "a sweep of every 4 KB after a flush costs one miss (%lu)",
		       (unsigned long)dmisses());
	}
	report(tlb_lookup(va + size / 2 + 0x40, 0, &t) && is_eq(t.size, size) && is_eq(t.va, va) &&
	       is_eq(t.pa, pa) && is_eq(t.prot, KPROT_RW) && is_eq(t.tid, 0),
	       "entry: size %lu, EPN 0x%08lx, RPN " PA_FMT ", prot 0x%x, TID %u",
	       (unsigned long)t.size, (unsigned long)t.va, PA_ARG(t.pa), t.prot, t.tid);
	check_kernel_exec(va, size);
	report_eq(protect(&kernel_mm, va, size, PROT_READ), MMU_OK, "protect read-only");
	expect_fault(va + size - 4);
	poke(va + size - 4, 1);
	report(is_eq(faults_taken(), 1) && f->store && is_eq(f->kind, FAULT_PROT_DATA),
	       "store to the last word faults (%s)", fault_kind_name(f->kind));
	expect_fault(va + 4);
	poke(va + 4, 1);
	report(is_eq(faults_taken(), 1) && f->store && is_eq(f->kind, FAULT_PROT_DATA),
	       "and to the first page (every entry of the run changed)");
	report_eq(unmap(&kernel_mm, va, size), MMU_OK, "unmap");
	expect_fault(va + 0x10);
	(void)peek(va + 0x10);
	report_eq(faults_taken(), 1, "no stale entry after unmap");
	(void)sum;
}

/*
 * huge_ptep_set_wrprotect() of a user page: a user store at the far end
 * faults (e500: UW goes with SW), then protect() makes it writable again.
 */
static void check_user_wrprotect(struct mm *mm, vaddr_t va, vsize_t size, paddr_t pa)
{
	const struct fault_record *f = last_fault();
	void *head = pte_alloc_huge(mm, pmd_off(mm, va), va, size);
	uint32_t r;

	phys_poke(pa + size - 4, 0x1111);
	report_eq(huge_ptep_set_wrprotect(mm, va, head), 0, "huge_ptep_set_wrprotect of the user page");
	mmu_tlb_invalidate(mm, va, size);
	expect_fault(va + size - 4);
	report(is_eq(user_call(mm, user_routine(user_store_word), va + size - 4, &r), 1) && f->store &&
	       f->user && is_eq(phys_peek(pa + size - 4), 0x1111),
	       "then a user store to the last word faults (%s), memory unchanged", fault_kind_name(f->kind));
	report(is_eq(protect(mm, va, size, UPROT_RW), MMU_OK) &&
	       is_eq(user_call(mm, user_routine(user_store_word), va + size - 4, &r), 0) &&
	       is_eq(phys_peek(pa + size - 4), 0x600df00d), "protect() makes it writable again");
}

/* User mapping: user access, sweep, supervisor-only, no-execute, errors. */
static void check_user_huge(vsize_t size, paddr_t pa)
{
	struct mm mm;
	vaddr_t va = size > UHUGE_VA ? (vaddr_t)size : UHUGE_VA;	/* aligned to the page */
	const struct fault_record *f = last_fault();
	struct walk_result w;
	uint32_t r = 0, shift = (uint32_t)__builtin_ctzll(size);

	user_space_init(&mm, 7);
	phys_poke(pa + size - 4, 0xfeedface);
	report_eq(map(&mm, va, pa, size, UPROT_RW), MMU_OK, "user map at 0x%08lx", (unsigned long)va);
	/* readable, not executable: a user call into its last 4 KB faults (first: e500's TLB1 is
	 * unified, so no data access may have loaded the page's entry yet) */
	phys_poke(pa + size - 4096, INSN_LI_R3_42);
	phys_poke(pa + size - 4092, INSN_BLR);
	expect_fault(va + size - 4096);
	report(is_eq(user_call(&mm, user_routine(user_call_at), va + size - 4096, &r), 1) && f->user &&
	       is_eq(f->addr, va + size - 4096),
	       "user call into the readable, non-executable page faults (%s)", fault_kind_name(f->kind));
	check_exec_refused_by_miss(f, va + size - 4096, 7);
	report(is_eq(user_call(&mm, user_routine(user_load_word), va + size - 4, &r), 0) &&
	       is_eq(r, 0xfeedface),
	       "user load of the last word");
	report(is_eq(user_call(&mm, user_routine(user_store_word), va + 8, &r), 0) &&
	       is_eq(phys_peek(pa + 8), 0x600df00d), "user store lands");
	check_user_wrprotect(&mm, va, size, pa);
	counted_begin();
	report_eq(user_call(&mm, user_routine(user_sweep), va | shift, &r), 0, "user sweep of every 4 KB");
	if (tlb_counts_available())
		report_eq(dmisses(), 1, "costs one data miss (%lu)", (unsigned long)dmisses());
	report(is_eq(walk(&mm, va + size - 1, &w), MMU_OK) && is_eq(w.size, size) && is_eq(w.page_va, va) &&
	       is_eq(w.page_pa, pa) && is_eq(w.pa, pa + size - 1), "walk of the last byte");
	report_eq(unmap(&mm, va + 4096, 4096), MMU_EPARTIAL, "unmap of a part: EPARTIAL");
	report_eq(map(&mm, va + size, pa, size, UPROT_RW),
	       (va + size > layout.user_last ? MMU_ERANGE : MMU_OK),
	       "a neighbour page: mapped or ERANGE past the space");
	unmap(&mm, va + size, size);
	report_eq(unmap(&mm, va, size), MMU_OK, "unmap");
	/* A supervisor-only page of its own (the 8xx keeps user/supervisor per 4 MB region). */
	va = size > 0x80000000u ? 2 * size : size >= 256u << 20 ? 0x80000000u : UHUGE_VA + 0x10000000u;
	report_eq(map(&mm, va, pa, size, PROT_READ | PROT_WRITE), MMU_OK,
	       "map supervisor-only at 0x%08lx", (unsigned long)va);
	expect_fault(va + size / 2);
	report(is_eq(user_call(&mm, user_routine(user_load_word), va + size / 2, &r), 1) && f->user,
	       "then user load faults");
	report_eq(unmap(&mm, va, size), MMU_OK, "unmap");
	user_space_destroy(&mm);
}

/* huge_ptep_set_wrprotect() through the head entry changes every entry. */
static void check_wrprotect(vsize_t size, paddr_t pa)
{
	vaddr_t va = KHUGE_VA;
	const struct fault_record *f = last_fault();
	struct walk_result w;
	void *head;

	map(&kernel_mm, va, pa, size, KPROT_RW);
	poke(va, 1);
	poke(va + size - 4, 2);
	/* The run's head: a leaf PGD entry (e500), the first PTE (8xx 16K/512K), the first PMD (8xx 8M). */
	head = pte_alloc_huge(&kernel_mm, pmd_off(&kernel_mm, va), va, size);
	report_eq(huge_ptep_set_wrprotect(&kernel_mm, va, head), 0, "huge_ptep_set_wrprotect");
	mmu_tlb_invalidate(&kernel_mm, va, size);
	report(is_eq(walk(&kernel_mm, va + size - 1, &w), MMU_OK) && is_eq(w.prot, PROT_READ),
	       "the last entry of the run is read-only too (prot 0x%x)", w.prot);
	expect_fault(va + size - 4);
	poke(va + size - 4, 3);
	report(is_eq(faults_taken(), 1) && f->store && is_eq(f->kind, FAULT_PROT_DATA) &&
	       is_eq(phys_peek(pa + size - 4), 2),
	       "a store at the far end faults, memory unchanged");
	report_eq(peek(va), 1, "loads still work");
	unmap(&kernel_mm, va, size);
}

/*
 * The vocabulary on a piece of the page (each smaller size, its last slice):
 * huge_pte_clear() and set_huge_pte_at() refuse it (EPARTIAL), and the whole
 * page still reads through the TLB afterwards.
 */
static void check_partial(vsize_t size, paddr_t pa)
{
	vaddr_t va = KHUGE_VA;
	unsigned int n, i, bad = 0;
	const vsize_t *sizes = mmu_page_sizes(&n);
	struct walk_result w;

	map(&kernel_mm, va, pa, size, KPROT_RW);
	poke(va + size - 4, 0x3c3c3c3c);
	for (i = 0; i < n && sizes[i] < size; i++) {
		vaddr_t a = va + size - sizes[i];
		void *head = pte_alloc_huge(&kernel_mm, pmd_off(&kernel_mm, a), a, sizes[i]);

		if (!head)		/* no table can go there: the head a page there would have */
			head = pmd_off(&kernel_mm, a);
		bad += huge_pte_clear(&kernel_mm, a, head, sizes[i]) != MMU_EPARTIAL;
		bad += set_huge_pte_at(&kernel_mm, a, head,
				       mk_huge_pte(pa + (a - va), sizes[i], KPROT_RW),
				       sizes[i]) != MMU_EPARTIAL;
	}
	mmu_tlb_invalidate(&kernel_mm, va, size);
	report_eq(bad, 0, "clear and set of each smaller piece: EPARTIAL (%u wrong)", bad);
	report(is_eq(walk(&kernel_mm, va, &w), MMU_OK) && is_eq(w.size, size) &&
	       is_eq(peek(va + size - 4), 0x3c3c3c3c),
	       "the page is whole: walk and the last word");
	unmap(&kernel_mm, va, size);
}

static void check_errors(vsize_t size, paddr_t pa)
{
	paddr_t small = test_page();

	report_eq(map(&kernel_mm, KHUGE_VA + 4096, pa, size, KPROT_RW), MMU_EALIGN, "misaligned va: EALIGN");
	report_eq(map(&kernel_mm, KHUGE_VA, pa + 4096, size, KPROT_RW), MMU_EALIGN, "misaligned pa: EALIGN");
	map(&kernel_mm, KHUGE_VA + size / 2, small, 4096, KPROT_RW);
	report_eq(map(&kernel_mm, KHUGE_VA, pa, size, KPROT_RW), MMU_EOVERLAP, "over a 4 KB page: EOVERLAP");
	unmap(&kernel_mm, KHUGE_VA + size / 2, 4096);
	test_page_free(small);
}

static void test_huge_sizes(void)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);

	for (i = 0; i < n; i++) {
		vsize_t size = sizes[i];
		paddr_t pa;

		if (size == 4096)
			continue;
		report_prefix_push("%s", size_name(size));
		pa = hugepool_alloc(size);
		if (pa == HUGEPOOL_FAIL) {
			skip_no_huge_page("no %s page reserved (bootargs hugepages=)", size_name(size));
			report_prefix_pop();
			continue;
		}
		if (size <= 256u << 20 && KHUGE_VA % size == 0 &&
		    layout.kmap_last - KHUGE_VA >= size) {
			check_errors(size, pa);
			check_partial(size, pa);
			check_kernel_huge(size, pa);
			check_wrprotect(size, pa);
		}
		check_user_huge(size, pa);
		report_eq(hugepool_free(pa, size), 0, "page back to the pool");
		report_prefix_pop();
	}
}

static void test_pool(void)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);
	vsize_t size = 0;
	paddr_t got[16];
	unsigned int k = 0, j;
	unsigned int reserved, nfree;

	for (i = 0; i < n; i++) {
		hugepool_count(sizes[i], &reserved, &nfree);
		if (sizes[i] > 4096 && reserved >= 2 && reserved <= 16)
			size = sizes[i];
	}
	if (!size) {
		skip_no_huge_page("no size with 2..16 pages reserved");
		return;
	}
	report_prefix_push("%s", size_name(size));
	hugepool_count(size, &reserved, &nfree);
	report_eq(nfree, reserved, "all %u free", reserved);
	while (k < 16 && (got[k] = hugepool_alloc(size)) != HUGEPOOL_FAIL)
		k++;
	report_eq(k, reserved, "exhausted after %u allocations", k);
	report(is_eq(hugepool_alloc(size), HUGEPOOL_FAIL) && is_eq(hugepool_last_error(), HUGEPOOL_EEMPTY),
	       "the next allocation fails: %s", hugepool_strerror(hugepool_last_error()));
	for (j = 0; j < k; j++)
		report_eq(got[j] % size, 0, "page %u aligned (" PA_FMT ")", j, PA_ARG(got[j]));
	report_eq(hugepool_free(got[0], size), 0, "release one");
	report_eq(hugepool_free(got[0], size), HUGEPOOL_EDOUBLE, "a double free is refused");
	report_eq(hugepool_free(got[0] + 4096, size), HUGEPOOL_EFOREIGN, "so is a foreign address");
	report_eq(hugepool_alloc(size), got[0], "and it is reused");
	for (j = 0; j < k; j++)
		hugepool_free(got[j], size);
	hugepool_count(size, &reserved, &nfree);
	report_eq(nfree, reserved, "all back");
	report_prefix_pop();
}

PPCMMU_TEST_FN("huge-sizes", "huge", "huge pages", test_huge_sizes);
PPCMMU_TEST_FN("huge-pool", "huge", "huge-page pool", test_pool);
