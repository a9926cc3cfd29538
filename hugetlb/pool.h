/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Huge-page reservation pool: naturally aligned physical blocks of each huge
 * size, taken from palloc at boot from a command-line word such as
 * "hugepages=8M:4,512K:8" (8xx) or "hugepages=1G:1,256M:2" (e500), so a
 * huge page is there even when memory is fragmented later.
 *
 * Sizes are numbers with a K, M or G suffix (either case) that the family
 * supports as huge pages (its table's page sizes above the 4K base page,
 * 64-bit: book3s/64's 16G too); counts are decimal.  A block lies wholly in
 * RAM the pool may take (palloc's, or the high range).  Every other word of the command line is ignored.  Not
 * reentrant: callers serialise, as for palloc.
 */
#ifndef PPCMMU_HUGEPOOL_H
#define PPCMMU_HUGEPOOL_H

#include "../mmu/mmu.h"

#define HUGEPOOL_MAX_PAGES	64		/* blocks of all sizes together */
#define HUGEPOOL_MAX_SIZES	12		/* sizes in one hugepages= word (e6500: 10 huge sizes) */
#define HUGEPOOL_FAIL		((paddr_t)-1)

enum hugepool_err {
	HUGEPOOL_OK		= 0,
	HUGEPOOL_ESYNTAX	= -20,	/* malformed, repeated size or second hugepages= word */
	HUGEPOOL_ESIZE		= -21,	/* not a huge-page size of this family / not in the pool */
	HUGEPOOL_ECOUNT		= -22,	/* more blocks than HUGEPOOL_MAX_PAGES */
	HUGEPOOL_ENOMEM		= -23,	/* palloc cannot supply the blocks */
	HUGEPOOL_EEMPTY		= -24,	/* hugepool_alloc(): every block of that size is in use */
	HUGEPOOL_EFOREIGN	= -25,	/* hugepool_free(): not a block of the pool of that size */
	HUGEPOOL_EDOUBLE	= -26,	/* hugepool_free(): the block is already free */
	HUGEPOOL_EBUSY		= -27,	/* a pool exists (init) or blocks are in use (release) */
	HUGEPOOL_EPINNED	= -28,	/* hugepool_free(): a page of the block is pinned (pin_range()) */
	HUGEPOOL_EMAPPED	= -29,	/* hugepool_free(): hugepool_map() mapped it and a piece is mapped */
};

const char *hugepool_strerror(int err);

/*
 * Parse cmdline and reserve every block it asks for, largest sizes first:
 * all or nothing (on error no block is held and the pool is empty).  No
 * hugepages= word: an empty pool, HUGEPOOL_OK.  HUGEPOOL_EBUSY if a pool
 * exists: hugepool_release() it first.
 */
int hugepool_init(const char *cmdline);
/*
 * RAM the page allocator does not cover ([start, end), e500: above 4 GB),
 * for the pool only; hugepool_init() takes blocks there first.  Call
 * before it; start == end: none.
 */
void hugepool_set_high(paddr_t start, paddr_t end);

/*
 * After HUGEPOOL_ENOMEM: the size that did not fit (failed_got of its
 * failed_count blocks were taken, the larger sizes before it all were), and
 * for each requested size the most blocks of it alone that this RAM holds
 * (at most HUGEPOOL_MAX_PAGES).  nr is 0 after any other result.
 */
struct hugepool_shortfall {
	vsize_t failed_size;
	unsigned int failed_count, failed_got;
	unsigned int nr;
	struct {
		vsize_t size;
		unsigned int wanted, fits;
	} sizes[HUGEPOOL_MAX_SIZES];
};
const struct hugepool_shortfall *hugepool_shortfall(void);

/* Block i of the pool (0..): its address, size and whether it came from the high range. */
bool hugepool_block(unsigned int i, paddr_t *pa, vsize_t *size, bool *high);

/* Give every block back to palloc; HUGEPOOL_EBUSY (nothing done) if one is in use. */
int hugepool_release(void);

/* A free block of size, or HUGEPOOL_FAIL (hugepool_last_error() says why). */
paddr_t hugepool_alloc(vsize_t size);
/* Return a block; EFOREIGN or EDOUBLE change nothing. */
int hugepool_free(paddr_t pa, vsize_t size);
int hugepool_last_error(void);

/*
 * A page of the pool mapped at va of mm (its home) in one step: MMU_* or
 * HUGEPOOL_* errors, nothing held on error.  The page stays allocated while
 * any piece of its home range maps into it: after split(), unmap() of some
 * pieces or map() of some again, it goes back to the pool when
 * hugepool_unmap() takes the last piece (hugepool_free() refuses it until
 * then, HUGEPOOL_EMAPPED).  hugepool_unmap() is unmap() (same checks and
 * errors: a pinned page is MMU_EPINNED) followed by that accounting.
 */
int hugepool_map(struct mm *mm, vaddr_t va, vsize_t size, unsigned int prot, paddr_t *pa);
int hugepool_unmap(struct mm *mm, vaddr_t va, vsize_t size);
/* 1 while a hugepool_map() page is still mapped at home, 0 if not, HUGEPOOL_EFOREIGN. */
int hugepool_home_mapped(paddr_t pa, vsize_t size);

/* Blocks of size reserved at init and free now (0 and 0 for a size not in the pool). */
void hugepool_count(vsize_t size, unsigned int *reserved, unsigned int *free);

#endif
