/* SPDX-License-Identifier: BSD-2-Clause */
/* e500v2/e500mc differences (test-e500mc.c), run from the e500 table. */
#ifndef PPCMMU_TEST_E500MC_H
#define PPCMMU_TEST_E500MC_H

void test_local_invalidation(void);
void test_mas8(void);
void test_hv_state(void);
void test_cache_line(void);
void test_tlb_geometry(void);

#endif
