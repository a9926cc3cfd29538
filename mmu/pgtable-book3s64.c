/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 hash, 4K pages: Linux's hash-4k table (pte-book3s64.h) behind
 * pgtable.h.  Four levels, every entry one big-endian doubleword read and
 * written whole; table entries hold the next table's physical address
 * (pt_phys_ref(), as Linux: the hash-fault path may walk in real mode);
 * huge pages are runs of leaf PMD entries (16M) and leaf PUD entries (16G),
 * whose size the level gives (the entries carry none: pt_level.leaf_size).
 *
 * PROT_* to entry bits: READ -> READ, WRITE -> WRITE | DIRTY (a writable
 * entry is always dirty, pte_leaf_check()), EXEC -> EXEC; without
 * PROT_USER the page is PRIVILEGED (kernel only).  The cache field holds
 * one of three modes: cacheable (0), NOCACHE (TOLERANT) and NOCACHE |
 * GUARDED (NON_IDEMPOTENT); every other combination of NOCACHE, GUARDED,
 * COHERENT and WRITETHRU is ECACHE (cacheable pages are always coherent on
 * this MMU: the HPTE gets M for them).  WRITE, EXEC or USER without READ is
 * EPROT.
 */
#include "pgtable.h"
#include "pte-book3s64.h"
#include "byteorder.h"

#ifndef PPCMMU_VADDR_64
#error "the book3s/64 format needs 64-bit effective addresses (PPCMMU_VADDR_64)"
#endif

#define ENTRY_BYTES	8
#define LEVEL_PUD	2
#define LEVEL_PMD	3
#define LEVEL_PTE	4

static const struct pt_size b3_sizes[] = {
	{ 1ull << B3_PAGE_SHIFT, LEVEL_PTE, true },
	{ 1ull << B3_16M_SHIFT, LEVEL_PMD, true },	/* 8 PMD entries */
	{ 1ull << B3_16G_SHIFT, LEVEL_PUD, true },	/* 64 PUD entries */
};

/* Every table one 4 KB block (a PMD table uses its first 1 KB). */
const struct pt_geometry pt_geo = {
	.levels		= 4,
	.level		= {
		{ B3_PGD_SHIFT, 1 << B3_PGD_INDEX_BITS, ENTRY_BYTES, 0, 0 },
		{ B3_PUD_SHIFT, 1 << B3_PUD_INDEX_BITS, ENTRY_BYTES, 0, 1ull << B3_16G_SHIFT },
		{ B3_PMD_SHIFT, 1 << B3_PMD_INDEX_BITS, ENTRY_BYTES, 0, 1ull << B3_16M_SHIFT },
		{ B3_PAGE_SHIFT, 1 << B3_PTE_INDEX_BITS, ENTRY_BYTES, 0, 0 },
	},
	.pa_bits	= B3_PA_BITS,
	.sizes		= b3_sizes,
	.nr_sizes	= sizeof(b3_sizes) / sizeof(b3_sizes[0]),
};

#define PTE_PROT_MASK	(_PAGE_READ | _PAGE_WRITE | _PAGE_EXEC | _PAGE_DIRTY | \
			 _PAGE_PRIVILEGED | _PAGE_CACHE_MASK)

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

/*
 * Unmap in two steps: PRESENT goes first, the rest (the HPTE slot the
 * fault path recorded) stays until mmu_tlb_invalidate() has read it to
 * remove exactly that HPTE; then pt_entry_finish_clear() clears the entry.
 */
void pt_entry_invalidate(void *entryp)
{
	be64_store(entryp, be64_load(entryp) & ~(uint64_t)_PAGE_PRESENT);
}

void pt_entry_finish_clear(void *entryp)
{
	if (!(be64_load(entryp) & _PAGE_PRESENT))
		be64_store(entryp, 0);
}

/* One ldarx/stdcx. loop (the host tests run on one thread: plain load and store). */
bool pt_entry_set_flags(void *entryp, uint64_t flags)
{
	uint64_t old;

#ifdef __powerpc64__
	uint64_t tmp;

	__asm__ volatile("1:	ldarx	%0, 0, %2\n"
			 "	rldicl.	%1, %0, 1, 63\n"	/* _PAGE_PRESENT, the top bit */
			 "	beq-	2f\n"
			 "	or	%1, %0, %3\n"
			 "	stdcx.	%1, 0, %2\n"
			 "	bne-	1b\n"
			 "2:\n"
			 : "=&r"(old), "=&r"(tmp)
			 : "b"(entryp), "r"(flags)
			 : "cr0", "memory");
#else
	old = be64_load(entryp);
	if (old & _PAGE_PRESENT)
		be64_store(entryp, old | flags);
#endif
	return (old & _PAGE_PRESENT) != 0;
}

bool pmd_leaf(uint64_t pmd)
{
	return (pmd & _PAGE_PTE) != 0;
}

void *pmd_table(uint64_t pmd)
{
	return pt_phys_deref((uint32_t)(pmd & ~B3_TABLE_MASKED_BITS));
}

/* Tables carry no size and no user flag: any table fits any page. */
uint64_t pmd_mktable(void *table, vsize_t size, unsigned int prot)
{
	(void)size;
	(void)prot;
	return (uint64_t)pt_phys_ref(table) | _PAGE_PRESENT;
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

/* A PTE maps 4K; leaves above it take their size from the level (pt_geo). */
vsize_t pte_leaf_size(uint64_t pmd, uint64_t pte)
{
	(void)pmd;
	(void)pte;
	return 1ull << B3_PAGE_SHIFT;
}

/* The entries carry no size: any leaf can be any size its level allows. */
bool pte_is_size(uint64_t pte, vsize_t size)
{
	(void)pte;
	(void)size;
	return true;
}

paddr_t pte_pa(uint64_t pte)
{
	return pte & B3_RPN_MASK;
}

uint64_t pte_set_pa(uint64_t pte, paddr_t pa)
{
	return (pte & ~(uint64_t)B3_RPN_MASK) | (pa & B3_RPN_MASK);
}

static int cache_field(unsigned int prot, uint64_t *field)
{
	switch (prot & (PROT_NOCACHE | PROT_GUARDED | PROT_COHERENT | PROT_WRITETHRU)) {
	case 0:
		*field = 0;
		return MMU_OK;
	case PROT_NOCACHE:
		*field = _PAGE_TOLERANT;
		return MMU_OK;
	case PROT_NOCACHE | PROT_GUARDED:
		*field = _PAGE_NON_IDEMPOTENT;
		return MMU_OK;
	default:
		return MMU_ECACHE;
	}
}

int pte_prot_check(unsigned int prot)
{
	unsigned int access = prot & (PROT_WRITE | PROT_EXEC | PROT_USER);
	uint64_t field;

	if (prot & ~PROT_ALL)
		return MMU_EPROT;
	if (access && !(prot & PROT_READ))
		return MMU_EPROT;
	return cache_field(prot, &field);
}

/* A writable entry must be dirty (the fault path would otherwise have to track it). */
int pte_leaf_check(uint64_t pte)
{
	if ((pte & _PAGE_WRITE) && !(pte & _PAGE_DIRTY))
		return MMU_EDIRTY;
	return MMU_OK;
}

static uint64_t prot_bits(unsigned int prot)
{
	uint64_t bits = 0, field = 0;

	if (prot & PROT_READ)
		bits |= _PAGE_READ;
	if (prot & PROT_WRITE)
		bits |= _PAGE_WRITE | _PAGE_DIRTY;
	if (prot & PROT_EXEC)
		bits |= _PAGE_EXEC;
	if (!(prot & PROT_USER))
		bits |= _PAGE_PRIVILEGED;
	cache_field(prot, &field);
	return bits | field;
}

unsigned int pte_prot(uint64_t pmd, uint64_t pte)
{
	unsigned int prot = 0;

	(void)pmd;
	if (pte & _PAGE_READ)
		prot |= PROT_READ;
	if (pte & _PAGE_WRITE)
		prot |= PROT_WRITE;
	if (pte & _PAGE_EXEC)
		prot |= PROT_EXEC;
	if (!(pte & _PAGE_PRIVILEGED))
		prot |= PROT_USER;
	if ((pte & _PAGE_CACHE_MASK) == _PAGE_TOLERANT)
		prot |= PROT_NOCACHE;
	if ((pte & _PAGE_CACHE_MASK) == _PAGE_NON_IDEMPOTENT)
		prot |= PROT_NOCACHE | PROT_GUARDED;
	return prot;
}

uint64_t pte_mkleaf(paddr_t pa, vsize_t size, unsigned int prot)
{
	(void)size;
	return pte_set_pa(0, pa) | _PAGE_PRESENT | _PAGE_PTE | _PAGE_ACCESSED | prot_bits(prot);
}

/* Kernel pages are shared by every space through the kernel's own table: nothing to set. */
uint64_t pte_mkglobal(uint64_t pte)
{
	return pte;
}

/* New rights; the recorded HPTE slot (HASHPTE, SECOND, GIX) stays for the flush. */
uint64_t pte_modify(uint64_t pte, unsigned int prot)
{
	return (pte & ~(uint64_t)PTE_PROT_MASK) | prot_bits(prot);
}

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
