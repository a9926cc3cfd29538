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

/*
 * Deferred freeing, for a family whose other cores walk page tables while one
 * changes them (docs/e500-smp.md, "Page-table pages freed while another core
 * walks them").  Once quiesce is set, pt_free() does not give a table back at
 * once: it waits in limbo until quiesce() has returned after it went in.
 * quiesce() returns once every core that may be walking a table has passed a
 * quiescent point (0), or fails (nonzero: the tables stay in limbo).  limbo
 * is drained when it is full, when the allocator runs dry, and by
 * pt_free_sync().  Without quiesce (one core) pt_free() frees at once.
 */
#define PT_LIMBO_MAX	32
void pt_linear_set_quiesce(int (*quiesce)(void));
/* Drain limbo now: 0, or quiesce()'s error (nothing freed). */
int pt_free_sync(void);
/* Tables in limbo now; tables freed after a quiescent point since boot. */
unsigned int pt_limbo_count(void);
unsigned long pt_deferred_frees(void);
/*
 * A test's poison: called on every table as it really goes back to the
 * allocator (after its quiescent point), so that a walk still in it reads
 * what poison wrote.  NULL: none.
 */
void pt_linear_set_poison(void (*poison)(void *va, size_t len));

#endif
