/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 page-table format with 64-bit entries (Linux 6.11 layout, see
 * pte-e500.h), for both word sizes of the core:
 *  - e500/32: a PGD of 2048 entries of 2 MB, PTE tables of 512 entries;
 *    entries are written as two words (high word at offset 0: pfn >> 8; low
 *    word at offset 4: pfn & 0xff and the flags), the low word last;
 *  - e500/64 (e5500, e6500; built with PPCMMU_E500_64): Linux's 64e table for
 *    4K pages, four levels of 9/9/7/9 index bits, every entry one big-endian
 *    doubleword written and read whole; huge pages are leaf runs at PMD
 *    (2M..128M) and PUD (256M..128G) level.
 * Everything but the geometry and the entry accessors is shared.
 *
 * A PGD entry is 0, a table pointer (pt_ref() in the low word, high word 0,
 * so its size field is 0), or a leaf whose size field is nonzero: a huge page
 * of 4M..1G replicated over size / 2M consecutive entries.
 *
 * PROT_* to entry bits: READ -> SR, WRITE -> SW | DIRTY (dirtiness is not
 * tracked: a writable entry is always dirty, pte_leaf_check()), EXEC -> SX,
 * each with its user twin (UR/UW/UX) when PROT_USER is set;
 * NOCACHE/GUARDED/COHERENT/WRITETHRU -> I/G/M/W.  WRITE or EXEC or USER
 * without READ is refused (EPROT), NOCACHE with WRITETHRU too (ECACHE); no
 * access bits at all is a valid "no access" page.
 */
#include "pgtable.h"
#include "pte-e500.h"
#include "byteorder.h"

/* Huge pages: on; build with -DPPCMMU_E500_HUGE=0 for 4K only. */
#ifndef PPCMMU_E500_HUGE
#define PPCMMU_E500_HUGE 1
#endif

#define E500_ENTRY_BYTES	8

#ifdef PPCMMU_E500_64
#ifndef PPCMMU_VADDR_64
#error "the e500 64-bit format needs 64-bit effective addresses (PPCMMU_VADDR_64)"
#endif
#define E500_PA_BITS		E500_64_PA_BITS
#define LEAF_SHIFT_MAX		37	/* the largest size in e500_sizes[]: 128G */
#define LEVEL_PUD		2
#define LEVEL_PMD		3
#define LEVEL_PTE		4

/*
 * Every size the format holds: leaf runs at PMD level (2M..128M) and at PUD
 * level (256M..128G, the last a whole PUD table of 512 entries).  The powers
 * of 4 up to 1G (every e5500 has them) are on until the boot says otherwise;
 * the odd powers of 2 (_PAGE_PSIZE_ODD) and the sizes from 4G only once the
 * core reports them (pt_e500_64_enable_sizes()).  Past 128G a page would
 * span PGD entries: Linux's 64e format has no leaf PGD entry (its walkers
 * take every PGD entry for a table), so 256G..1T, which the e6500's TLB1PS
 * also reports, are no size of this format, and pte_leaf_size() reads such
 * a leaf as none.
 */
static struct pt_size e500_sizes[] = {
	{ 1ull << 12, LEVEL_PTE, true },
	{ 1ull << 21, LEVEL_PMD, false },		/* 1 PMD entry (odd) */
	{ 1ull << 22, LEVEL_PMD, PPCMMU_E500_HUGE },	/* 2 PMD entries */
	{ 1ull << 23, LEVEL_PMD, false },		/* 4 (odd) */
	{ 1ull << 24, LEVEL_PMD, PPCMMU_E500_HUGE },	/* 8 */
	{ 1ull << 25, LEVEL_PMD, false },		/* 16 (odd) */
	{ 1ull << 26, LEVEL_PMD, PPCMMU_E500_HUGE },	/* 32 */
	{ 1ull << 27, LEVEL_PMD, false },		/* 64 (odd) */
	{ 1ull << 28, LEVEL_PUD, PPCMMU_E500_HUGE },	/* 1 PUD entry */
	{ 1ull << 29, LEVEL_PUD, false },		/* 2 (odd) */
	{ 1ull << 30, LEVEL_PUD, PPCMMU_E500_HUGE },	/* 4 */
	{ 1ull << 31, LEVEL_PUD, false },		/* 8 (odd) */
	{ 1ull << 32, LEVEL_PUD, false },		/* 16 */
	{ 1ull << 33, LEVEL_PUD, false },		/* 32 (odd) */
	{ 1ull << 34, LEVEL_PUD, false },		/* 64 */
	{ 1ull << 35, LEVEL_PUD, false },		/* 128 (odd) */
	{ 1ull << 36, LEVEL_PUD, false },		/* 256 */
	{ 1ull << 37, LEVEL_PUD, false },		/* 512: the whole PUD table (odd) */
};

void pt_e500_64_enable_sizes(uint64_t shifts)
{
	unsigned int i;

	for (i = 1; i < sizeof(e500_sizes) / sizeof(e500_sizes[0]); i++)
		e500_sizes[i].enabled = PPCMMU_E500_HUGE &&
					(shifts >> __builtin_ctzll(e500_sizes[i].size) & 1);
}

/* Every table one 4 KB block (a PMD table uses its first 1 KB). */
_Static_assert(sizeof(e500_sizes) / sizeof(e500_sizes[0]) <= PT_MAX_SIZES, "PT_MAX_SIZES holds every size");

const struct pt_geometry pt_geo = {
	.levels		= 4,
	.level		= {
		{ E500_64_PGD_SHIFT, 1 << E500_64_PGD_INDEX_BITS, E500_ENTRY_BYTES, 0 },
		{ E500_64_PUD_SHIFT, 1 << E500_64_PUD_INDEX_BITS, E500_ENTRY_BYTES, 0 },
		{ E500_64_PMD_SHIFT, 1 << E500_64_PMD_INDEX_BITS, E500_ENTRY_BYTES, 0 },
		{ E500_PAGE_SHIFT, 1 << E500_64_PTE_INDEX_BITS, E500_ENTRY_BYTES, 0 },
	},
	.pa_bits	= E500_PA_BITS,
	.sizes		= e500_sizes,
	.nr_sizes	= sizeof(e500_sizes) / sizeof(e500_sizes[0]),
};
#else
#define E500_PA_BITS		36
#define LEAF_SHIFT_MAX		30	/* 1G */

static const struct pt_size e500_sizes[] = {
	{ 1u << 12, WALK_LEVEL_PTE, true },
	{ 1u << 22, WALK_LEVEL_PGD, PPCMMU_E500_HUGE },
	{ 1u << 24, WALK_LEVEL_PGD, PPCMMU_E500_HUGE },
	{ 1u << 26, WALK_LEVEL_PGD, PPCMMU_E500_HUGE },
	{ 1u << 28, WALK_LEVEL_PGD, PPCMMU_E500_HUGE },
	{ 1u << 30, WALK_LEVEL_PGD, PPCMMU_E500_HUGE },
};

const struct pt_geometry pt_geo = {
	.levels		= 2,
	.level		= {
		{ E500_PGD_SHIFT, E500_PTRS_PER_PGD, E500_ENTRY_BYTES, 2 },	/* PGD: 16 KB */
		{ E500_PAGE_SHIFT, E500_PTRS_PER_PTE, E500_ENTRY_BYTES, 0 },	/* PTE: 4 KB */
	},
	.pa_bits	= E500_PA_BITS,
	.sizes		= e500_sizes,
	.nr_sizes	= sizeof(e500_sizes) / sizeof(e500_sizes[0]),
};
#endif

#define PTE_PROT_MASK	(_PAGE_READ | _PAGE_WRITE | _PAGE_EXEC | _PAGE_DIRTY | \
			 _PAGE_WRITETHRU | _PAGE_NO_CACHE | _PAGE_COHERENT | \
			 _PAGE_GUARDED)

#ifdef PPCMMU_E500_64
/*
 * 64-bit core: an entry is one doubleword, loaded and stored whole (ld/std
 * are single-copy atomic when aligned), so a miss handler on another core
 * sees the old entry or the new one, never half of each.
 */
#ifndef __powerpc__
void (*pt_store_order_hook)(const void *entryp);
#endif

uint64_t pt_entry_get(const void *entryp)
{
	return be64_load(entryp);
}

void pt_entry_set(void *entryp, uint64_t entry)
{
	be64_store(entryp, entry);
}

void pt_entry_clear(void *entryp)
{
	be64_store(entryp, 0);
}

/* One doubleword: invalidating it is clearing it, nothing is left to finish. */
void pt_entry_invalidate(void *entryp)
{
	be64_store(entryp, 0);
}

void pt_entry_finish_clear(void *entryp)
{
	(void)entryp;
}

/*
 * One ldarx/stdcx. loop on the doubleword: a store another core makes to it
 * between the load and the store makes the stdcx. fail and the loop read it
 * again.  The host tests run on one thread: plain load and store.
 */
bool pt_entry_set_flags(void *entryp, uint64_t flags)
{
	uint64_t old;

#ifdef __powerpc64__
	uint64_t tmp;

	__asm__ volatile("1:	ldarx	%0, 0, %2\n"
			 "	andi.	%1, %0, %3\n"
			 "	beq-	2f\n"
			 "	or	%1, %0, %4\n"
			 "	stdcx.	%1, 0, %2\n"
			 "	bne-	1b\n"
			 "2:\n"
			 : "=&r"(old), "=&r"(tmp)
			 : "b"(entryp), "i"(_PAGE_PRESENT), "r"(flags)
			 : "cr0", "memory");
#else
	old = be64_load(entryp);
	if (old & _PAGE_PRESENT)
		be64_store(entryp, old | flags);
#endif
	return (old & _PAGE_PRESENT) != 0;
}
#else
uint64_t pt_entry_get(const void *entryp)
{
	const char *p = entryp;

	uint32_t lo = be32_load(p + E500_ENTRY_LO);

	/* a zero low word is an empty entry, as the miss handler reads it: the
	 * high word of an entry being emptied waits for the shootdown (unmap) */
	return lo ? (uint64_t)be32_load(p + E500_ENTRY_HI) << 32 | lo : 0;
}

/*
 * Orders the two word stores of an entry for a miss handler on another core
 * (mbar: storage accesses in program order); on the host a compiler barrier
 * and the tests' hook, which reads the entry as another core could see it.
 */
#ifndef __powerpc__
void (*pt_store_order_hook)(const void *entryp);
#endif

static inline void store_order(const void *entryp)
{
#ifdef __powerpc__
	(void)entryp;
	__asm__ volatile("mbar" : : : "memory");
#else
	__asm__ volatile("" : : : "memory");
	if (pt_store_order_hook)
		pt_store_order_hook(entryp);
#endif
}

/* High word first: the low word holds PRESENT (and the table pointer). */
void pt_entry_set(void *entryp, uint64_t entry)
{
	char *p = entryp;

	be32_store(p, (uint32_t)(entry >> 32));
	store_order(p);
	be32_store(p + 4, (uint32_t)entry);
}

/* Low word first, so the entry stops being valid before the rest goes. */
void pt_entry_clear(void *entryp)
{
	char *p = entryp;

	be32_store(p + 4, 0);
	store_order(p);
	be32_store(p, 0);
}

/*
 * The low word holds PRESENT and every flag: one lwarx/stwcx. loop on it, so
 * a store another core makes to that word between the load and the store
 * makes the stwcx. fail and the loop read it again.  The host tests run on
 * one thread: plain load and store.
 */
bool pt_entry_set_flags(void *entryp, uint64_t flags)
{
	char *lo = (char *)entryp + E500_ENTRY_LO;
	uint32_t old;

	if (flags >> 32)
		return false;
#ifdef __powerpc__
	uint32_t tmp;

	__asm__ volatile("1:	lwarx	%0, 0, %2\n"
			 "	andi.	%1, %0, %3\n"
			 "	beq-	2f\n"
			 "	or	%1, %0, %4\n"
			 "	stwcx.	%1, 0, %2\n"
			 "	bne-	1b\n"
			 "2:\n"
			 : "=&r"(old), "=&r"(tmp)
			 : "b"(lo), "i"(_PAGE_PRESENT), "r"((uint32_t)flags)
			 : "cr0", "memory");
#else
	old = be32_load(lo);
	if (old & _PAGE_PRESENT)
		be32_store(lo, old | (uint32_t)flags);
#endif
	return (old & _PAGE_PRESENT) != 0;
}

/* The low word only: the high word stays for a reader that read the old low word. */
void pt_entry_invalidate(void *entryp)
{
	be32_store((char *)entryp + E500_ENTRY_LO, 0);
}

void pt_entry_finish_clear(void *entryp)
{
	char *p = entryp;

	if (!be32_load(p + E500_ENTRY_LO))
		be32_store(p + E500_ENTRY_HI, 0);
}
#endif

bool pmd_leaf(uint64_t pmd)
{
	return (pmd & _PAGE_PSIZE_MSK) != 0;
}

void *pmd_table(uint64_t pmd)
{
	return pt_deref((ptref_t)pmd);
}

/*
 * e500 tables carry no size (every huge page is a leaf PGD entry) and no
 * user/supervisor flag (the PTE's BAP bits say it): any table fits any page.
 */
uint64_t pmd_mktable(void *table, vsize_t size, unsigned int prot)
{
	(void)size;
	(void)prot;
	return pt_ref(table);
}

int pmd_fits(uint64_t pmd, vsize_t size, unsigned int prot)
{
	(void)pmd;
	(void)size;
	(void)prot;
	return MMU_OK;
}

bool pte_present(uint64_t pte)
{
	return (pte & _PAGE_PRESENT) != 0;
}

/*
 * The size field holds the MAS1 TSIZE: size = 1 KB << (2 * TSIZE) (in 64-bit
 * mode times 2 with _PAGE_PSIZE_ODD).  A size past LEAF_SHIFT_MAX (32-bit:
 * TSIZE 11..15, 4G and beyond; 64-bit: 256G and beyond, which would span PGD
 * entries) is no page of this format: 0, which walk() reports as
 * MMU_EBADENTRY.
 */
#ifdef PPCMMU_E500_64
#define PSIZE_BITS	(_PAGE_PSIZE_MSK | _PAGE_PSIZE_ODD)
#define PSIZE_ODD(pte)	((unsigned int)((pte) >> _PAGE_PSIZE_ODD_SHIFT) & 1)
#else
#define PSIZE_BITS	_PAGE_PSIZE_MSK
#define PSIZE_ODD(pte)	0u
#endif

/* 64-bit mode: an odd power of two sets _PAGE_PSIZE_ODD on top (pte-e500.h). */
vsize_t pte_leaf_size(uint64_t pmd, uint64_t pte)
{
	unsigned int shift = ((pte & _PAGE_PSIZE_MSK) >> _PAGE_PSIZE_SHIFT) +
			     _PAGE_PSIZE_SHIFT_OFFSET + PSIZE_ODD(pte);

	(void)pmd;
	return shift <= LEAF_SHIFT_MAX ? (vsize_t)1 << shift : 0;
}

static uint64_t size_field(vsize_t size)
{
	unsigned int shift = (unsigned int)__builtin_ctzll(size);
	uint64_t odd = (shift - _PAGE_PSIZE_SHIFT_OFFSET) & 1;

	return ((uint64_t)((shift - _PAGE_PSIZE_SHIFT_OFFSET - odd) << _PAGE_PSIZE_SHIFT) &
		_PAGE_PSIZE_MSK) | (odd << _PAGE_PSIZE_ODD_SHIFT);
}

bool pte_is_size(uint64_t pte, vsize_t size)
{
	return (pte & PSIZE_BITS) == size_field(size);
}

paddr_t pte_pa(uint64_t pte)
{
	return (pte >> PTE_RPN_SHIFT) << E500_PAGE_SHIFT;
}

#define PTE_FLAGS_MASK	((1ull << PTE_RPN_SHIFT) - 1)

uint64_t pte_set_pa(uint64_t pte, paddr_t pa)
{
	return (pte & PTE_FLAGS_MASK) | (pa >> E500_PAGE_SHIFT) << PTE_RPN_SHIFT;
}

/* W=1 with I=1 is not a storage mode the architecture supports: its own error. */
int pte_prot_check(unsigned int prot)
{
	unsigned int access = prot & (PROT_WRITE | PROT_EXEC | PROT_USER);

	if (prot & ~PROT_ALL)
		return MMU_EPROT;
	if (access && !(prot & PROT_READ))
		return MMU_EPROT;
	if ((prot & (PROT_NOCACHE | PROT_WRITETHRU)) == (PROT_NOCACHE | PROT_WRITETHRU))
		return MMU_ECACHE;
	return MMU_OK;
}

/*
 * The dirty rule: the miss handler copies SW/UW into MAS3 without looking at
 * _PAGE_DIRTY, so a writable entry must already be dirty.  map() and
 * protect() set DIRTY with every write permission (prot_bits()); an entry
 * built elsewhere (set_huge_pte_at()) is checked here.
 */
int pte_leaf_check(uint64_t pte)
{
	if ((pte & _PAGE_WRITE) && !(pte & _PAGE_DIRTY))
		return MMU_EDIRTY;
	return MMU_OK;
}

static uint64_t prot_bits(unsigned int prot)
{
	bool user = prot & PROT_USER;
	uint64_t bits = 0;

	if (prot & PROT_READ)
		bits |= _PAGE_BAP_SR | (user ? _PAGE_BAP_UR : 0);
	if (prot & PROT_WRITE)
		bits |= _PAGE_BAP_SW | _PAGE_DIRTY | (user ? _PAGE_BAP_UW : 0);
	if (prot & PROT_EXEC)
		bits |= _PAGE_BAP_SX | (user ? _PAGE_BAP_UX : 0);
	if (prot & PROT_NOCACHE)
		bits |= _PAGE_NO_CACHE;
	if (prot & PROT_GUARDED)
		bits |= _PAGE_GUARDED;
	if (prot & PROT_COHERENT)
		bits |= _PAGE_COHERENT;
	if (prot & PROT_WRITETHRU)
		bits |= _PAGE_WRITETHRU;
	return bits;
}

unsigned int pte_prot(uint64_t pmd, uint64_t pte)
{
	unsigned int prot = 0;

	(void)pmd;
	if (pte & _PAGE_BAP_SR)
		prot |= PROT_READ;
	if (pte & _PAGE_BAP_SW)
		prot |= PROT_WRITE;
	if (pte & _PAGE_BAP_SX)
		prot |= PROT_EXEC;
	if (pte & _PAGE_USER_BITS)
		prot |= PROT_USER;
	if (pte & _PAGE_NO_CACHE)
		prot |= PROT_NOCACHE;
	if (pte & _PAGE_GUARDED)
		prot |= PROT_GUARDED;
	if (pte & _PAGE_COHERENT)
		prot |= PROT_COHERENT;
	if (pte & _PAGE_WRITETHRU)
		prot |= PROT_WRITETHRU;
	return prot;
}

uint64_t pte_mkleaf(paddr_t pa, vsize_t size, unsigned int prot)
{
	return pte_set_pa(0, pa) | _PAGE_PRESENT |
	       _PAGE_ACCESSED | size_field(size) | prot_bits(prot);
}

/* e500 kernel entries are global by their TID 0: nothing to set. */
uint64_t pte_mkglobal(uint64_t pte)
{
	return pte;
}

uint64_t pte_modify(uint64_t pte, unsigned int prot)
{
	return (pte & ~(uint64_t)PTE_PROT_MASK) | prot_bits(prot);
}

/* Linux pte_wrprotect: SW and UW go, DIRTY stays. */
uint64_t pte_wrprotect(uint64_t pte)
{
	return pte & ~(uint64_t)_PAGE_WRITE;
}

uint64_t pte_mkyoung(uint64_t pte)
{
	return pte | _PAGE_ACCESSED;
}

uint64_t pte_mkdirty(uint64_t pte)
{
	return pte | _PAGE_DIRTY;
}

bool pte_write(uint64_t pte)
{
	return (pte & _PAGE_WRITE) != 0;
}
