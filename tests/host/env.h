/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The environment hooks of mmu.h for host tests: page tables come from an
 * arena whose pt_ref() values look like kernel virtual addresses
 * (ENV_KVA_BASE + offset) and whose pt_phys_ref() values look like physical
 * ones (ENV_PHYS_BASE + offset, what an 8xx PMD holds), allocations can be made to fail, and every
 * mmu_tlb_invalidate() call is logged.  Free arena pages are always zero, so
 * a snapshot of the whole arena compares equal after an operation that
 * changed nothing, even if it allocated and freed a table on the way.
 */
#ifndef PPCMMU_TESTS_ENV_H
#define PPCMMU_TESTS_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include "mmu.h"

#define ENV_ARENA_BYTES		(4u << 20)
#define ENV_KVA_BASE		0xC0000000u
#define ENV_KVA_BASE_64		0xC000000000000000ull	/* the e500 64-bit format's pt_ref() base */
#define ENV_PHYS_BASE		0x01000000u	/* pt_phys_ref() of the arena's first byte */
#define ENV_TLB_LOG_MAX		64

struct env_counters {
	unsigned long allocs;		/* successful pt_alloc() calls */
	unsigned long frees;		/* accepted pt_free() calls */
	unsigned long live;		/* allocated blocks */
	unsigned long failed_allocs;	/* injected failures */
	unsigned long bad_frees;	/* pt_free() of something not allocated, or wrong order */
	unsigned long tlb_mm_calls;	/* mmu_tlb_invalidate_mm() calls */
	unsigned int tlb_mm_pid;	/* the pid of the last one */
	unsigned long tlb_mm_live;	/* blocks live during the last one (tables not yet freed) */
};

struct env_tlb_call {
	const struct mm *mm;
	vaddr_t va;
	vsize_t size;
};

struct env_snapshot {
	unsigned char *mem;
	unsigned long live;
	unsigned int tlb_calls;
};

extern unsigned char *env_arena;
extern struct env_counters env;
extern struct env_tlb_call env_tlb_log[ENV_TLB_LOG_MAX];
extern unsigned int env_tlb_calls;
/* Called by each mmu_tlb_invalidate() (the shootdown), when set. */
extern void (*env_tlb_hook)(const struct mm *mm, vaddr_t va, vsize_t size);

void env_init(void);
void env_reset_counters(void);
/* The next n pt_alloc() calls succeed, the one after fails, then all fail until
 * env_fail_after(-1). */
void env_fail_after(long n);
void env_snapshot_take(struct env_snapshot *s);
/* Arena bytes, live blocks and TLB-call count all as in the snapshot. */
bool env_snapshot_same(const struct env_snapshot *s);
void env_snapshot_free(struct env_snapshot *s);

#endif
