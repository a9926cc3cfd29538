/* SPDX-License-Identifier: BSD-2-Clause */
/* Host tests of mmu/ and hugetlb/ with the e500 format, as an e500 image links them. */
#include "tests.h"

int main(void)
{
	run_tests(mmu_tests, nr_mmu_tests);
	run_tests(leaf_tests, nr_leaf_tests);
	run_tests(huge_tests, nr_huge_tests);
	run_tests(palloc_tests, nr_palloc_tests);
	run_tests(hugetlb_e500_tests, nr_hugetlb_e500_tests);
	run_tests(pool_tests, nr_pool_tests);
	run_tests(rules_tests, nr_rules_tests);
	run_tests(alloc_huge_tests, nr_alloc_huge_tests);
	run_tests(split_tests, nr_split_tests);
	return report_summary();
}
