/* SPDX-License-Identifier: BSD-2-Clause */
/* The test tables of each host test file. */
#ifndef PPCMMU_TESTS_TESTS_H
#define PPCMMU_TESTS_TESTS_H

#include "check.h"

extern const struct host_test mmu_tests[];
extern const unsigned int nr_mmu_tests;
extern const struct host_test leaf_tests[];
extern const unsigned int nr_leaf_tests;
extern const struct host_test palloc_tests[];
extern const unsigned int nr_palloc_tests;
extern const struct host_test huge_tests[];
extern const unsigned int nr_huge_tests;
extern const struct host_test hugetlb_e500_tests[];
extern const unsigned int nr_hugetlb_e500_tests;
extern const struct host_test mpc8xx_tests[];
extern const unsigned int nr_mpc8xx_tests;
extern const struct host_test hugetlb_8xx_tests[];
extern const unsigned int nr_hugetlb_8xx_tests;
extern const struct host_test rules_tests[];
extern const unsigned int nr_rules_tests;
extern const struct host_test pool_tests[];
extern const unsigned int nr_pool_tests;

#endif
