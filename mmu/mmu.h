/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one page-table interface, the same on every family.  Arch-neutral code
 * (tests, hugetlb/) uses only this header; the family's entry format sits
 * behind it (mmu/pgtable-e500.c, later mmu/pgtable-mpc8xx.c).
 *
 * Every operation validates its arguments and either completes or changes
 * nothing, returning 0 or one of the negative MMU_E* codes below.
 */
#ifndef PPCMMU_MMU_H
#define PPCMMU_MMU_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>

/*
 * Effective addresses: 32 bits on the cores here; a build for 64-bit cores
 * (and the host test of a 4-level geometry) defines PPCMMU_VADDR_64.
 */
#ifdef PPCMMU_VADDR_64
typedef uint64_t vaddr_t;
#else
typedef uint32_t vaddr_t;
#endif
typedef uint64_t paddr_t;
/*
 * A size in an address space (a page, a range, a table entry's span): wide,
 * so that a format with pages or entries of 4 GB and more (e500 64-bit cores,
 * 4-level tables) fits the same walker.
 */
typedef uint64_t vsize_t;

/* Protection requested by map()/protect() and reported by walk(). */
#define PROT_READ	0x01u
#define PROT_WRITE	0x02u
#define PROT_EXEC	0x04u
#define PROT_USER	0x08u	/* accessible at MSR[PR]=1 (and still by the kernel) */
#define PROT_NOCACHE	0x10u	/* cache-inhibited (I) */
#define PROT_GUARDED	0x20u	/* guarded (G) */
#define PROT_COHERENT	0x40u	/* memory coherence required (M) */
#define PROT_WRITETHRU	0x80u	/* write-through (W) */
#define PROT_ALL	0xffu

enum mmu_err {
	MMU_OK		= 0,
	MMU_EALIGN	= -1,	/* va or pa not aligned to the page size */
	MMU_ESIZE	= -2,	/* page size not supported by this family */
	MMU_EOVERLAP	= -3,	/* something is already mapped there */
	MMU_ENOMEM	= -4,	/* no memory for a page table */
	MMU_ERANGE	= -5,	/* va (or va + size) outside the address space */
	MMU_ENOENT	= -6,	/* unmap/protect/walk: nothing mapped there */
	MMU_EPROT	= -7,	/* protection bits unknown or meaningless (e.g. WRITE without READ) */
	MMU_EPARTIAL	= -8,	/* unmap/protect covers part of a larger page */
	MMU_EPA		= -9,	/* physical address beyond what the family can map */
	MMU_EMIXED	= -10,	/* 8xx: user/supervisor differs from the rest of its 4M PMD */
	MMU_ECACHE	= -11,	/* NOCACHE with WRITETHRU: W=1 I=1 is not a supported combination */
	MMU_EPID	= -12,	/* a user space with PID 0 (the kernel's) or a PID the MMU cannot hold */
	MMU_EDIRTY	= -13,	/* e500: a writable entry without _PAGE_DIRTY */
	MMU_EBADENTRY	= -14,	/* walk: a leaf the format cannot hold (e500: TSIZE 11..15, past 1G) */
	MMU_ENOTHUGE	= -15,	/* split: a page of the range is not larger than the new size */
	MMU_ENOCOLLAPSE	= -16,	/* collapse: the pieces do not form a larger page */
	MMU_EPINNED	= -17,	/* split/collapse/unmap of a pinned page */
	MMU_ERDONLY	= -18,	/* pin_range() for writing: a page without write permission */
	MMU_ENOTPINNED	= -19,	/* unpin: a page of the range is not pinned */
	MMU_EPINFULL	= -20,	/* pin_range(): the table of pinned pages is full */
};

const char *mmu_strerror(int err);

/*
 * Levels reported by walk(): 1 is the top table, the family's last level
 * (pt_geometry.levels) holds PTEs.  Both families here have two.
 */
#define WALK_LEVEL_PGD	1	/* the leaf is a PGD/PMD entry */
#define WALK_LEVEL_PTE	2	/* the leaf is a PTE (two-level families) */

struct mm {
	void *pgd;		/* top-level table (kernel virtual address) */
	unsigned int pid;	/* address-space id loaded into PID on entry */
	vaddr_t start;		/* first address of the space */
	vaddr_t last;		/* last address of the space (inclusive) */
	unsigned int tables;	/* PTE tables allocated, for the statistics */
	/*
	 * Cores that may hold TLB entries tagged with pid (bit n: core n), set
	 * by a core before it runs the space; a multicore family's shootdowns
	 * for the space reach only these.  0 from mm_init().
	 */
	volatile uint32_t cpus;
	/*
	 * Tables at this level and above are never released when they empty
	 * (mm_keep_first_table()); 0 from mm_init(): only the PGD is kept.
	 */
	int keep_level;
};

struct walk_result {
	paddr_t pa;		/* physical address of va */
	paddr_t page_pa;	/* physical base of the page holding va */
	vaddr_t page_va;	/* virtual base of that page */
	vsize_t size;		/* leaf size in bytes */
	int level;		/* WALK_LEVEL_* */
	unsigned int prot;	/* PROT_* of the leaf */
	uint64_t entry;		/* the raw leaf entry */
	void *pmdp;		/* the leaf table entry, or the one above the PTE */
	void *ptep;		/* PTE used (NULL for a leaf table entry) */
};

/*
 * Page sizes the family supports, smallest first; *n receives the count.
 * 64-bit (vsize_t): e6500 pages of 4G and more, book3s/64's 16G.
 */
const vsize_t *mmu_page_sizes(unsigned int *n);

int mm_init(struct mm *mm, vaddr_t start, vaddr_t last, unsigned int pid);
/*
 * Links the table below the space's first top-level entry now and keeps it
 * (and every table at its level) for good: e500 in 64-bit mode, whose kernel
 * region is one PGD entry wide and whose miss handler starts a kernel
 * address's walk at that PUD table.  Returns the table, NULL without memory.
 */
void *mm_keep_first_table(struct mm *mm);
/*
 * Frees the tables and drops every TLB entry of the space's id
 * (mmu_tlb_invalidate_mm()), so the id can be given to a new space at once.
 * The mm must no longer be live.
 */
void mm_destroy(struct mm *mm);

/*
 * map() maps one page of a supported size.  unmap() and protect() take a
 * range of whole pages (size a nonzero multiple of 4K): every byte of it must
 * be mapped (MMU_ENOENT) by pages lying wholly inside it (MMU_EPARTIAL).  A
 * page table left empty is freed.  Both call mmu_tlb_invalidate() once for
 * the range before returning; map() never does.  walk() reports the prot
 * map()/protect() were given (PROT_USER if any user permission is set).
 */
int map(struct mm *mm, vaddr_t va, paddr_t pa, vsize_t size, unsigned int prot);
int unmap(struct mm *mm, vaddr_t va, vsize_t size);
int protect(struct mm *mm, vaddr_t va, vsize_t size, unsigned int prot);
int walk(struct mm *mm, vaddr_t va, struct walk_result *res);

/*
 * Partial mappings of huge pages (mmu/split.c).  split() replaces every page
 * that touches [va, va + size) (va and size multiples of 4K, the range inside
 * the space and wholly mapped) by pages of new_size pointing into the same
 * frames with the same protection: a page only partly inside the range is
 * split whole.  Every such page must be larger than new_size (MMU_ENOTHUGE)
 * and not pinned (MMU_EPINNED).  The tables it needs are allocated before
 * anything changes (MMU_ENOMEM: nothing changed).  collapse() puts back the
 * largest page whose naturally aligned block around va is wholly mapped by
 * smaller pages, physically contiguous from a base aligned to its size, all
 * with one protection (MMU_ENOCOLLAPSE when no size qualifies; MMU_EPINNED
 * when a piece is pinned), and frees the tables that held the pieces.  Both
 * follow break-before-make: the old entries' present words are cleared, one
 * mmu_tlb_invalidate() of the whole page drops every core's TLB entries, and
 * only then are the new entries written, so no core ever holds a translation
 * of the old size and one of the new size for one address.
 */
int split(struct mm *mm, vaddr_t va, vsize_t size, vsize_t new_size);
int collapse(struct mm *mm, vaddr_t va);

/*
 * Pinning (mmu/pin.c).  pin_range() finds the frames behind [va, va + len)
 * (va, len multiples of 4K, len nonzero): out[i] is the physical address of
 * the 4 KB at va + i * 4K.  Each page it meets (a huge page or a base page)
 * gains one reference.  write requires write permission (MMU_ERDONLY); a hole
 * is MMU_ENOENT; on any error nothing stays pinned.  unpin() drops the
 * references a pin_range() of the same range took (MMU_ENOTPINNED if a page
 * holds none; nothing changed).  A pinned page cannot be unmapped, split or
 * collapsed (MMU_EPINNED), nor go back to the huge-page pool.  References
 * belong to frames, not to a space: unpin() before mm_destroy(), which does
 * not look at them.
 */
int pin_range(struct mm *mm, vaddr_t va, vsize_t len, bool write, paddr_t *out);
int unpin(struct mm *mm, vaddr_t va, vsize_t len);
/* References held on the page of physical base pa and size size (0: none). */
unsigned int pin_count(paddr_t pa, vsize_t size);
/* Is any pinned page overlapping [pa, pa + size)? */
bool pin_busy(paddr_t pa, vsize_t size);
/* Pages with at least one reference. */
unsigned int pin_pages(void);

/*
 * The environment supplies page-table memory.  On the target these come from
 * the physical page allocator and the kernel's linear map; host tests supply
 * an arena.  pt_alloc() returns zeroed, naturally aligned memory of
 * 4 KB << order, or NULL.
 */
void *pt_alloc(unsigned int order);
void pt_free(void *p, unsigned int order);
/*
 * The value a table pointer has inside an entry, and back: 32 bits on the
 * 32-bit cores, a 64-bit kernel virtual address on a 64-bit core's format.
 */
#ifdef PPCMMU_VADDR_64
typedef uint64_t ptref_t;
#else
typedef uint32_t ptref_t;
#endif
ptref_t pt_ref(const void *table);
void *pt_deref(ptref_t ref);
/*
 * The same for families whose tablewalk runs with translation off (8xx): a
 * PMD holds the table's physical address.  Must be 4 KB aligned.  Only the
 * 8xx format calls these; an e500 image need not define them.
 */
uint32_t pt_phys_ref(const void *table);
void *pt_phys_deref(uint32_t ref);
/*
 * Called after entries covering [va, va + size) of mm changed or went away,
 * before the operation returns: the target drops the TLB entries (tlbivax /
 * tlbie), host tests record the call.
 */
void mmu_tlb_invalidate(const struct mm *mm, vaddr_t va, vsize_t size);
/*
 * Called by mm_destroy() before the tables go: drop every TLB entry tagged
 * with mm->pid (e500 TID, 8xx CASID), huge-page entries included.
 */
void mmu_tlb_invalidate_mm(const struct mm *mm);

#endif
