/* SPDX-License-Identifier: BSD-2-Clause */
#include "tests/target/tests.h"

void run_all_tests(void)
{
	run_tests(tests_4k, tests_4k_count);
	run_tests(tests_user, tests_user_count);
	run_tests(tests_errors, tests_errors_count);
	run_tests(tests_huge, tests_huge_count);
	run_tests(tests_family, tests_family_count);
}
