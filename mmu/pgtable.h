/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal interface between the arch-neutral page-table code (mmu/mmu.c,
 * later hugetlb/) and one family's entry format (mmu/pgtable-e500.c, later
 * mmu/pgtable-8xx.c).  Exactly one family is linked into an image.
 *
 * Two levels: a PGD (called PMD where Linux folds it) of entries that are
 * either none, a pointer to a PTE table, or a leaf; and PTE tables of leaves.
 * A page of any size is a run of consecutive leaf entries at one level,
 * entry i mapping base + i * step (step = the span of one entry at that
 * level).  Entry values travel as uint64_t; a family with 32-bit entries uses
 * the low half.  The family reads and writes table memory only through
 * pt_entry_get()/pt_entry_set()/pt_entry_clear(), which keep the in-memory
 * byte order the TLB-miss handler expects.
 *
 * Nothing here names an SPR or a family bit: callers see entries only
 * through these helpers.
 */
#ifndef PPCMMU_PGTABLE_H
#define PPCMMU_PGTABLE_H

#include "mmu.h"

/* One page size of the family's format and where its run lives. */
struct pt_size {
	uint32_t size;
	int level;		/* WALK_LEVEL_PGD or WALK_LEVEL_PTE */
	bool enabled;		/* accepted by map() in this build */
};

#define PT_MAX_SIZES	8	/* bound on pt_geometry.nr_sizes */

struct pt_geometry {
	unsigned int page_shift;	/* span of one PTE: 12 */
	unsigned int pgd_shift;		/* span of one PGD entry */
	unsigned int ptrs_per_pgd;
	unsigned int ptrs_per_pte;
	unsigned int pgd_order;		/* pt_alloc() order of a PGD */
	unsigned int pte_order;		/* pt_alloc() order of a PTE table */
	unsigned int pa_bits;		/* physical addresses the format can hold */
	const struct pt_size *sizes;	/* every size of the format, smallest first */
	unsigned int nr_sizes;
};

extern const struct pt_geometry pt_geo;

/* Entry slots. */
void *pgd_entry_ptr(void *pgd, unsigned int index);
void *pte_entry_ptr(void *table, unsigned int index);

/* Loads and stores of one entry, in the byte order and word order the handler needs. */
uint64_t pt_entry_get(const void *entryp);
void pt_entry_set(void *entryp, uint64_t entry);
void pt_entry_clear(void *entryp);

/* PGD entries.  A PGD entry is free only when it is 0. */
bool pmd_none(uint64_t pmd);
bool pmd_leaf(uint64_t pmd);
void *pmd_table(uint64_t pmd);
/* PGD entry pointing to table, whose PTEs will hold pages of size bytes. */
uint64_t pmd_mktable(void *table, uint32_t size);

/* Leaf entries, at either level.  A PTE slot is free only when it is 0. */
bool pte_present(uint64_t pte);
uint32_t pte_leaf_size(uint64_t pmd, uint64_t pte);
paddr_t pte_pa(uint64_t pte);
unsigned int pte_prot(uint64_t pte);
bool pte_prot_valid(unsigned int prot);
uint64_t pte_mkleaf(paddr_t pa, uint32_t size, unsigned int prot);
uint64_t pte_modify(uint64_t pte, unsigned int prot);

#endif
