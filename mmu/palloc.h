/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Physical page allocator: one bitmap bit per 4 KB page of one RAM range,
 * set when the page is allocated or reserved.  The bitmap lives in memory
 * the caller provides (palloc_set_bitmap() before palloc_init()), so the
 * allocator needs no memory of its own and works before anything else.
 *
 * Blocks are 4 KB << order, naturally aligned in physical memory.  Pages are
 * not zeroed: that is the caller's job (pt_alloc() on the target clears them
 * through the linear map).  Not reentrant: callers serialise.
 */
#ifndef PPCMMU_PALLOC_H
#define PPCMMU_PALLOC_H

#include <stddef.h>
#include "mmu.h"

#define PALLOC_PAGE_SHIFT	12
#define PALLOC_PAGE_SIZE	(1u << PALLOC_PAGE_SHIFT)
#define PALLOC_MAX_ORDER	18		/* 1 GB */
#define PALLOC_FAIL		((paddr_t)-1)

struct palloc_stats {
	paddr_t start;			/* first page managed */
	paddr_t end;			/* end of the last page managed (exclusive) */
	unsigned long total;		/* pages managed */
	unsigned long free;		/* pages free now */
	unsigned long reserved;		/* pages taken by palloc_reserve() */
	unsigned long allocs;		/* successful palloc_pages() calls */
	unsigned long failures;		/* palloc_pages() calls that returned PALLOC_FAIL */
	unsigned long bad_frees;	/* palloc_free() calls refused (see palloc_free) */
};

/* Bitmap bytes needed to manage [start, end). */
size_t palloc_bitmap_bytes(paddr_t start, paddr_t end);
/* Memory for the bitmap, 4-byte aligned; palloc_init() clears it. */
void palloc_set_bitmap(void *bitmap, size_t bytes);
/*
 * Manage the whole pages inside [start, end), all free.  Pages the bitmap
 * cannot describe are left out (see palloc_get_stats()).
 */
void palloc_init(paddr_t start, paddr_t end);
/* Take the pages touching [start, end) out of use; returns how many were free. */
unsigned long palloc_reserve(paddr_t start, paddr_t end);
/* A free block of 4 KB << order, aligned to its size, or PALLOC_FAIL. */
paddr_t palloc_pages(unsigned int order);
/*
 * Give back a block.  A misaligned block, one outside the range or one with
 * a page that is not in use is refused: nothing changes and bad_frees counts it.
 */
void palloc_free(paddr_t pa, unsigned int order);
unsigned long palloc_free_pages(void);
void palloc_get_stats(struct palloc_stats *st);

#endif
