/* SPDX-License-Identifier: BSD-2-Clause */
/* book3s/64 test helpers other test files use (tests/target/test-book3s64.c). */
#ifndef PPCMMU_TEST_BOOK3S64_H
#define PPCMMU_TEST_BOOK3S64_H

#include "mmu/mmu.h"

/* Translations of va in space tid (0: the kernel's) the MMU could use: the HPTEs for it (stress-smp's multi-hit check). */
unsigned int tlb_entries_covering(vaddr_t va, unsigned int tid);

#endif
