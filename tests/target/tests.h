/* SPDX-License-Identifier: BSD-2-Clause */
/* The test tables of each subject, run in this order by run_all_tests(). */
#ifndef PPCMMU_TESTS_H
#define PPCMMU_TESTS_H

#include "tests/target/report.h"

extern const struct target_test tests_4k[], tests_user[], tests_errors[], tests_huge[], tests_family[];
extern const unsigned int tests_4k_count, tests_user_count, tests_errors_count, tests_huge_count,
	tests_family_count;

void run_all_tests(void);

#endif
