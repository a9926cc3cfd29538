/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The target's page-table environment (pt-linear.c): pt_alloc() and friends
 * of mmu.h over the physical page allocator and the kernel's linear map.
 */
#ifndef PPCMMU_PT_LINEAR_H
#define PPCMMU_PT_LINEAR_H

#include <stddef.h>
#include "mmu/mmu.h"

/*
 * Called once at start-up, before the first pt_alloc(): RAM [0, size) is
 * mapped at va; zero_fn clears a new table (the family's fastest way).
 */
void pt_linear_init(vaddr_t va, paddr_t size, void (*zero_fn)(void *va, size_t len));

#endif
