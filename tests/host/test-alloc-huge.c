/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pte_alloc_huge() checks its pmd argument, for whichever family is linked:
 * for every page size, a pmd that is not pmd_off(mm, addr) (another
 * address's entry, the next entry, a pointer into the entry, another
 * space's entry, NULL) gives NULL and changes nothing, neither the tables
 * nor the allocator; the right one gives the run's head.
 */
#include "hugetlb.h"
#include "check.h"
#include "tests.h"

#define VA	0x40000000u
#define FAR_VA	0x50000000u

static void wrong_pmd(struct mm *mm, void *pmd, uint32_t size, const char *what)
{
	CHECK_UNCHANGED(MMU_OK, pte_alloc_huge(mm, pmd, VA, size) == NULL ? MMU_OK : -99, what);
}

static void test_alloc_huge_pmd(void)
{
	unsigned int n, i;
	const uint32_t *sizes = mmu_page_sizes(&n);
	struct mm mm, other;

	report(mm_init(&mm, 0, 0xBFFFFFFF, 1) == MMU_OK &&
	       mm_init(&other, 0, 0xBFFFFFFF, 2) == MMU_OK, "two spaces");
	for (i = 0; i < n; i++) {
		uint32_t size = sizes[i];
		char *pmd = pmd_off(&mm, VA);
		char *next = pmd_off(&mm, VA + (size > SZ_4M ? size : SZ_4M));
		void *ptep;

		report_prefix_push("%u K", size >> 10);
		wrong_pmd(&mm, pmd_off(&mm, FAR_VA), size, "the entry of another address: NULL");
		wrong_pmd(&mm, next, size, "a later entry of the same space: NULL");
		wrong_pmd(&mm, pmd + 1, size, "a pointer into the right entry: NULL");
		wrong_pmd(&mm, pmd_off(&other, VA), size, "the same address in another space: NULL");
		wrong_pmd(&mm, NULL, size, "no pmd: NULL");
		ptep = pte_alloc_huge(&mm, pmd, VA, size);
		report(ptep != NULL, "the right pmd: a huge ptep");
		report_prefix_pop();
		mm_destroy(&mm);
		report(mm_init(&mm, 0, 0xBFFFFFFF, 1) == MMU_OK, "fresh space");
	}
	mm_destroy(&mm);
	mm_destroy(&other);
	report(env.live == 0, "all memory back");
}

const struct host_test alloc_huge_tests[] = {
	{ "pte_alloc_huge pmd", test_alloc_huge_pmd },
};
const unsigned int nr_alloc_huge_tests = sizeof(alloc_huge_tests) / sizeof(alloc_huge_tests[0]);
