/* SPDX-License-Identifier: BSD-2-Clause */
/* The test tables of each host test file. */
#ifndef PPCMMU_TESTS_TESTS_H
#define PPCMMU_TESTS_TESTS_H

#include "check.h"

/* Each test file's table NAME_tests[] and its length nr_NAME_tests. */
#define HOST_TEST_TABLE(name) \
	extern const struct host_test name##_tests[]; \
	extern const unsigned int nr_##name##_tests

HOST_TEST_TABLE(mmu);
HOST_TEST_TABLE(leaf);
HOST_TEST_TABLE(palloc);
HOST_TEST_TABLE(huge);
HOST_TEST_TABLE(hugetlb_e500);
HOST_TEST_TABLE(mpc8xx);
HOST_TEST_TABLE(hugetlb_8xx);
HOST_TEST_TABLE(rules);
HOST_TEST_TABLE(pool);
HOST_TEST_TABLE(alloc_huge);
HOST_TEST_TABLE(split);

#endif
