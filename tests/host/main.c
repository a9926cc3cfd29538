/* SPDX-License-Identifier: BSD-2-Clause */
/* Host tests of mmu/ as built for the target (4K pages only). */
#include "tests.h"

int main(void)
{
	run_tests(mmu_tests, nr_mmu_tests);
	run_tests(leaf_tests, nr_leaf_tests);
	run_tests(palloc_tests, nr_palloc_tests);
	return report_summary();
}
