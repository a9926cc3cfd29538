/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A synthetic four-level format, for the host test of the walker alone
 * (test-4level.c): 48-bit addresses, tables of 512 eight-byte entries at
 * every level (PGD 512G, PUD 1G, PMD 2M, PTE 4K per entry), leaves at PUD,
 * PMD and PTE level, as a 64-bit e500 core (e5500, e6500) would use.  No
 * chip reads it: the bits are the test's own.
 *   bit 0      present
 *   bit 1      leaf (above the PTE level; every PTE is a leaf)
 *   bits 2..7  log2 of the page size (leaves)
 *   bits 8..11 PROT_READ, PROT_WRITE, PROT_EXEC, PROT_USER (leaves)
 *   bits 12..  physical address (leaves) or pt_ref() of the table
 */
#include <string.h>
#include "pgtable.h"

#define E_PRESENT	0x1ull
#define E_LEAF		0x2ull
#define E_SHIFT_POS	2
#define E_SHIFT_MASK	(0x3full << E_SHIFT_POS)
#define E_PROT_POS	8
#define E_PROT_BITS	(PROT_READ | PROT_WRITE | PROT_EXEC | PROT_USER)
#define E_PROT_MASK	((uint64_t)E_PROT_BITS << E_PROT_POS)
#define E_ADDR_MASK	0x000ffffffffff000ull

static const struct pt_size sizes_4level[] = {
	{ 1ull << 12, 4, true },	/* one PTE */
	{ 1ull << 14, 4, true },	/* a run of 4 PTEs */
	{ 1ull << 21, 3, true },	/* one PMD leaf */
	{ 1ull << 23, 3, true },	/* a run of 4 PMD leaves */
	{ 1ull << 30, 2, true },	/* one PUD leaf */
	{ 1ull << 32, 2, true },	/* a run of 4 PUD leaves: a page of 4 GB */
};

const struct pt_geometry pt_geo = {
	.levels		= 4,
	.level		= {
		{ 39, 512, 8, 0 },
		{ 30, 512, 8, 0 },
		{ 21, 512, 8, 0 },
		{ 12, 512, 8, 0 },
	},
	.pa_bits	= 52,
	.sizes		= sizes_4level,
	.nr_sizes	= sizeof(sizes_4level) / sizeof(sizes_4level[0]),
};

uint64_t pt_entry_get(const void *entryp)
{
	uint64_t e;

	memcpy(&e, entryp, sizeof(e));
	return e;
}

void pt_entry_set(void *entryp, uint64_t entry)
{
	memcpy(entryp, &entry, sizeof(entry));
}

void pt_entry_clear(void *entryp)
{
	pt_entry_set(entryp, 0);
}

void pt_entry_invalidate(void *entryp)
{
	pt_entry_clear(entryp);
}

/* One word: pt_entry_invalidate() left nothing. */
void pt_entry_finish_clear(void *entryp)
{
	(void)entryp;
}

/* One 64-bit word and one thread: a plain load and store. */
bool pt_entry_set_flags(void *entryp, uint64_t flags)
{
	uint64_t old = pt_entry_get(entryp);

	if (!(old & E_PRESENT))
		return false;
	pt_entry_set(entryp, old | flags);
	return true;
}

bool pmd_leaf(uint64_t pmd)
{
	return (pmd & E_LEAF) != 0;
}

void *pmd_table(uint64_t pmd)
{
	return pt_deref((ptref_t)(pmd & E_ADDR_MASK));
}

uint64_t pmd_mktable(void *table, vsize_t size, unsigned int prot)
{
	(void)size;
	(void)prot;
	return (uint64_t)pt_ref(table) | E_PRESENT;
}

/* Any table takes any page: only a table entry (present, not a leaf) is asked. */
int pmd_fits(uint64_t pmd, vsize_t size, unsigned int prot)
{
	(void)size;
	(void)prot;
	return (pmd & (E_PRESENT | E_LEAF)) == E_PRESENT ? MMU_OK : MMU_EOVERLAP;
}

bool pte_present(uint64_t pte)
{
	return (pte & E_PRESENT) != 0;
}

vsize_t pte_leaf_size(uint64_t pmd, uint64_t pte)
{
	(void)pmd;
	return (vsize_t)1 << ((pte & E_SHIFT_MASK) >> E_SHIFT_POS);
}

paddr_t pte_pa(uint64_t pte)
{
	return pte & E_ADDR_MASK;
}

uint64_t pte_set_pa(uint64_t pte, paddr_t pa)
{
	return (pte & ~E_ADDR_MASK) | (pa & E_ADDR_MASK);
}

unsigned int pte_prot(uint64_t pmd, uint64_t pte)
{
	(void)pmd;
	return (unsigned int)((pte & E_PROT_MASK) >> E_PROT_POS);
}

int pte_prot_check(unsigned int prot)
{
	return prot & ~E_PROT_BITS ? MMU_EPROT : MMU_OK;
}

uint64_t pte_mkglobal(uint64_t pte)
{
	return pte;
}

uint64_t pte_mkleaf(paddr_t pa, vsize_t size, unsigned int prot)
{
	uint64_t shift = (uint64_t)__builtin_ctzll(size);

	return pte_set_pa(0, pa) | E_PRESENT | E_LEAF | shift << E_SHIFT_POS |
	       (uint64_t)prot << E_PROT_POS;
}

uint64_t pte_modify(uint64_t pte, unsigned int prot)
{
	return (pte & ~E_PROT_MASK) | (uint64_t)prot << E_PROT_POS;
}
