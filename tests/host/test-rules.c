/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Rules every family keeps, run in both host programs (each links one
 * format): the hugetlb vocabulary refuses to write or clear a piece of a
 * larger huge page (EPARTIAL), for every pair of sizes; mm_destroy() drops
 * the space's TLB entries before its tables go.
 */
#include "hugetlb.h"
#include "pgtable.h"
#include "tests.h"

#define VA	0x40000000u	/* 1 GB aligned: any page size fits */
#define PROT	(PROT_READ | PROT_WRITE | PROT_USER)

static unsigned int kib(uint32_t size)
{
	return size >> 10;
}

/*
 * With a page of size big mapped, every operation of the vocabulary on the
 * run of a smaller page at its first and its last slice: EPARTIAL, tables
 * untouched.  ptep is the head such a page would have, so only the rule
 * stands between the call and a half-cleared page.
 */
static void check_pair(struct mm *mm, uint32_t big, uint32_t small)
{
	const struct pt_size *ps = pt_find_size(small);
	vaddr_t slices[2] = { VA, VA + big - small };
	struct env_snapshot snap;
	unsigned int i, bad = 0;

	env_snapshot_take(&snap);
	for (i = 0; i < 2; i++) {
		vaddr_t a = slices[i];
		void *ptep = pt_run_head(mm, ps->level, small, a);
		uint64_t pte = mk_huge_pte(VA + (a - VA), small, PROT);

		bad += huge_pte_clear(mm, a, ptep, small) != MMU_EPARTIAL;
		bad += set_huge_pte_at(mm, a, ptep, pte, small) != MMU_EPARTIAL;
		bad += set_huge_pte_at(mm, a, ptep, 0, small) != MMU_EPARTIAL;
	}
	report_eq(bad, 0, "%uK slices of a %uK page: clear, set, set 0 all EPARTIAL (%u wrong)",
	       kib(small), kib(big), bad);
	report(env_snapshot_same(&snap), "%uK slices of a %uK page: nothing changed",
	       kib(small), kib(big));
	env_snapshot_free(&snap);
}

static void test_partial_huge(void)
{
	unsigned int n, b, s;
	const vsize_t *sizes = mmu_page_sizes(&n);

	for (b = 1; b < n; b++) {
		uint32_t big = sizes[b];
		struct walk_result w;
		struct mm mm;

		env_init();
		report(is_eq(mm_init(&mm, 0, 0xFFFFFFFF, 1), MMU_OK) &&
		       is_eq(map(&mm, VA, VA, big, PROT), MMU_OK), "%uK page mapped", kib(big));
		for (s = 0; s < b; s++)
			check_pair(&mm, big, sizes[s]);
		report(is_eq(walk(&mm, VA + big - 1, &w), MMU_OK) && is_eq(w.size, big) &&
		       is_eq(w.page_va, VA),
		       "%uK page whole afterwards", kib(big));
		report(is_eq(huge_pte_clear(&mm, VA, pt_run_head(&mm, pt_find_size(big)->level, big, VA), big), MMU_OK) &&
		       is_eq(walk(&mm, VA, &w), MMU_ENOENT),
		       "%uK: clearing the whole page is accepted", kib(big));
		mm_destroy(&mm);
	}
}

static void test_destroy_invalidates(void)
{
	struct mm mm;
	unsigned long live;

	env_init();
	report(is_eq(mm_init(&mm, 0, 0x7FFFFFFF, 37), MMU_OK) &&
	       is_eq(map(&mm, 0x10000000, 0x1000, SZ_4K, PROT), MMU_OK), "space 37 with a page");
	live = env.live;
	env_reset_counters();
	mm_destroy(&mm);
	report(is_eq(env.tlb_mm_calls, 1) && is_eq(env.tlb_mm_pid, 37),
	       "mm_destroy drops the TLB entries of PID 37 once (%lu calls, pid %u)",
	       env.tlb_mm_calls, env.tlb_mm_pid);
	report(is_eq(env.tlb_mm_live, live) && is_eq(env.live, 0),
	       "before it frees the tables (%lu blocks live then)", env.tlb_mm_live);
	env_reset_counters();
	mm_destroy(&mm);
	report_eq(env.tlb_mm_calls, 0, "a second mm_destroy does not touch the TLB");
}

const struct host_test rules_tests[] = {
	{ "partial huge-page operations", test_partial_huge },
	{ "mm_destroy invalidates", test_destroy_invalidates },
};
const unsigned int nr_rules_tests = sizeof(rules_tests) / sizeof(rules_tests[0]);
