/* SPDX-License-Identifier: BSD-2-Clause */
/* Host tests of mmu/ and hugetlb/ with the MPC8xx format, as an 8xx image links them. */
#include "tests.h"

int main(void)
{
	run_tests(mpc8xx_tests, nr_mpc8xx_tests);
	run_tests(hugetlb_8xx_tests, nr_hugetlb_8xx_tests);
	run_tests(pool_tests, nr_pool_tests);
	run_tests(rules_tests, nr_rules_tests);
	run_tests(alloc_huge_tests, nr_alloc_huge_tests);
	run_tests(split_tests, nr_split_tests);
	return report_summary();
}
