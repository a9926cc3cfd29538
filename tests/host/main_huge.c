/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests of the huge-page preview: mmu/ built with PPCMMU_E500_HUGE=1,
 * so map() accepts 4M..1G (issue 5).
 */
#include "tests.h"

int main(void)
{
	run_tests(huge_tests, nr_huge_tests);
	return report_summary();
}
