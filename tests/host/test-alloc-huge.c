/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pte_alloc_huge() checks its pmd argument, for whichever family is linked:
 * for every page size, a pmd that is not pmd_off(mm, addr) (another
 * address's entry, the next entry, a pointer into the entry, another
 * space's entry, NULL) gives NULL and changes nothing, neither the tables
 * nor the allocator; the right one gives the run's head.  And a page that
 * would end past the space's last address gives NULL too.
 */
#include "hugetlb.h"
#include "pgtable.h"
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
	const vsize_t *sizes = mmu_page_sizes(&n);
	struct mm mm, other;

	report(is_eq(mm_init(&mm, 0, 0xBFFFFFFF, 1), MMU_OK) &&
	       is_eq(mm_init(&other, 0, 0xBFFFFFFF, 2), MMU_OK), "two spaces");
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
		report_ne((uintptr_t)(ptep), 0, "the right pmd: a huge ptep");
		report_prefix_pop();
		mm_destroy(&mm);
		report_eq(mm_init(&mm, 0, 0xBFFFFFFF, 1), MMU_OK, "fresh space");
	}
	mm_destroy(&mm);
	mm_destroy(&other);
	report_eq(env.live, 0, "all memory back");
}

/*
 * A space ending one PGD entry below 0xC0000000: every page bigger than a
 * PGD entry placed at 0xC0000000 - size starts inside it and ends past it.
 */
static void test_alloc_huge_end(void)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);
	uint32_t step = pt_level_step(WALK_LEVEL_PGD), checked = 0;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0xC0000000u - step - 1, 1), MMU_OK, "a space up to 0x%08x",
	       0xC0000000u - step - 1);
	for (i = 0; i < n; i++) {
		uint32_t size = sizes[i];
		vaddr_t va = 0xC0000000u - size;

		if (size <= step)
			continue;
		report_prefix_push("%u K", size >> 10);
		CHECK_UNCHANGED(MMU_OK, pte_alloc_huge(&mm, pmd_off(&mm, va), va, size) == NULL ?
				MMU_OK : -99, "a page ending past the space: NULL");
		report_prefix_pop();
		checked++;
	}
	report_gt(checked, 0, "%u size(s) larger than a PGD entry checked", checked);
	mm_destroy(&mm);
}

const struct host_test alloc_huge_tests[] = {
	{ "pte_alloc_huge pmd", test_alloc_huge_pmd },
	{ "pte_alloc_huge end", test_alloc_huge_end },
};
const unsigned int nr_alloc_huge_tests = sizeof(alloc_huge_tests) / sizeof(alloc_huge_tests[0]);
