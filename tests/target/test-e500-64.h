/* SPDX-License-Identifier: BSD-2-Clause */
/* e500 in 64-bit mode: what the family's tests give the shared ones (tests/target/test-e500-64.c). */
#ifndef PPCMMU_TEST_E500_64_H
#define PPCMMU_TEST_E500_64_H

#include "include/arch.h"

/* Valid entries of this core's TLB0 and TLB1 that translate va for PID tid (TID 0 ones included). */
unsigned int tlb_entries_covering(vaddr_t va, unsigned int tid);

#endif
