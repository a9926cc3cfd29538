/* SPDX-License-Identifier: BSD-2-Clause */
/* Physical memory and blocks of any page size for the stress and security tests (test-stress.c). */
#ifndef PPCMMU_TEST_PHYS_H
#define PPCMMU_TEST_PHYS_H

#include <stdbool.h>
#include "include/arch.h"

/* A word of physical memory, through the linear map or a 4 KB window of its own above it. */
uint32_t phys_get(paddr_t pa);
/* Write one; code: make it visible to instruction fetch. */
void phys_set(paddr_t pa, uint32_t v, bool code);

/*
 * A naturally aligned block of size bytes: palloc for 4K and 16K, the
 * huge-page pool above (*from_pool); PALLOC_FAIL if there is none.
 */
paddr_t test_block(vsize_t size, bool *from_pool);
void test_block_free(paddr_t pa, vsize_t size, bool from_pool);

#endif
