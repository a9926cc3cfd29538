/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal interface between the arch-neutral page-table code (mmu/mmu.c,
 * hugetlb/hugetlb.c) and one family's entry format (mmu/pgtable-e500.c or
 * mmu/pgtable-mpc8xx.c).  Exactly one family is linked into an image.
 *
 * Levels of tables described by pt_geometry: level 1 is the top (the PGD),
 * the last level holds PTEs.  Every entry above the last level is none, a
 * pointer to a table of the next level, or a leaf (pmd_*() below read them
 * at any such level); PTE tables hold leaves.  Both families here have two
 * levels (PGD, called PMD where Linux folds it, and PTE); a 64-bit format
 * with four is a new geometry for the same code.
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
	vsize_t size;
	int level;		/* the level of its entries (1 = top) */
	bool enabled;		/* accepted by map() in this build */
};

#define PT_MAX_SIZES	18	/* bound on pt_geometry.nr_sizes */

#define PT_MAX_LEVELS	4	/* bound on pt_geometry.levels */

/* One level of tables. */
struct pt_level {
	unsigned int shift;		/* one entry spans 1 << shift bytes */
	unsigned int entries;		/* entries in one table (a power of 2) */
	unsigned int entry_bytes;	/* bytes of one entry */
	unsigned int order;		/* pt_alloc() order of one table */
	/*
	 * The size of a page whose leaves live at this level, for a format whose
	 * leaves carry no size (book3s/64 hash: 16M at PMD, 16G at PUD level);
	 * 0: the entry says it (pte_leaf_size()).
	 */
	vsize_t leaf_size;
};

struct pt_geometry {
	unsigned int levels;		/* 1 (top) .. levels (PTE) */
	struct pt_level level[PT_MAX_LEVELS];	/* level[l - 1] describes level l */
	unsigned int pa_bits;		/* physical addresses the format can hold */
	const struct pt_size *sizes;	/* every size of the format, smallest first */
	unsigned int nr_sizes;
};

extern const struct pt_geometry pt_geo;

/* Entry index of a table at level (mmu.c). */
void *pt_table_slot(void *table, int level, unsigned int index);

/* Loads and stores of one entry, in the byte order and word order the handler needs. */
uint64_t pt_entry_get(const void *entryp);
void pt_entry_set(void *entryp, uint64_t entry);
void pt_entry_clear(void *entryp);
/*
 * Clear only the word that holds the present bit (all of a one-word entry);
 * pt_entry_clear() takes the rest once no core can be reading the entry.
 */
void pt_entry_invalidate(void *entryp);
void pt_entry_finish_clear(void *entryp);	/* the rest, if the present word is clear */
/*
 * OR flags into the entry if it is still present, losing no update another
 * core makes to the same word meanwhile; false (nothing written) if it is not
 * present.  flags must lie in the word that holds the present bit.
 */
bool pt_entry_set_flags(void *entryp, uint64_t flags);
#ifndef __powerpc__
/* Host tests: called between the two word stores of a two-word entry, with the entry. */
extern void (*pt_store_order_hook)(const void *entryp);
/*
 * pin_range() stepping one entry of a run at a time (a reference per page
 * all the same), for make bench and the tests; and the table entries both
 * walkers have read since boot.
 */
int pin_range_by_entry(struct mm *mm, vaddr_t va, vsize_t len, bool write, paddr_t *out);
unsigned long pin_walk_reads(void);

#endif

/* Table entries above the PTE level.  Such an entry is free only when it is 0. */
static inline bool pmd_none(uint64_t pmd)
{
	return pmd == 0;
}
bool pmd_leaf(uint64_t pmd);
void *pmd_table(uint64_t pmd);
/*
 * PGD entry pointing to table, whose PTEs will hold pages of size bytes with
 * protection prot (the 8xx keeps PROT_USER and the 8M size in the PMD; e500
 * ignores both).
 */
uint64_t pmd_mktable(void *table, vsize_t size, unsigned int prot);
/*
 * Can a page of size and prot go under the existing table entry pmd?  MMU_OK,
 * MMU_EOVERLAP (the table belongs to another kind of page: 8xx 8M or not) or
 * MMU_EMIXED (8xx: the table's user/supervisor group differs from prot).
 */
int pmd_fits(uint64_t pmd, vsize_t size, unsigned int prot);

/* Leaf entries, at either level.  A PTE slot is free only when it is 0. */
bool pte_present(uint64_t pte);
vsize_t pte_leaf_size(uint64_t pmd, uint64_t pte);
paddr_t pte_pa(uint64_t pte);
/* The entry with its physical address replaced by pa (flags kept). */
uint64_t pte_set_pa(uint64_t pte, paddr_t pa);
/* PROT_* of a leaf; pmd is the PGD entry above it (the leaf itself at PGD level). */
unsigned int pte_prot(uint64_t pmd, uint64_t pte);
/*
 * MMU_OK if map()/protect() accept prot; MMU_EPROT for unknown bits or an
 * access right without READ, MMU_ECACHE for NOCACHE with WRITETHRU.
 */
int pte_prot_check(unsigned int prot);
/*
 * MMU_OK if leaf pte (built outside map()/protect(), e.g. for
 * set_huge_pte_at()) obeys the format's rules: e500 refuses a writable entry
 * without _PAGE_DIRTY (MMU_EDIRTY), since its miss handler loads write
 * permission as it finds it and nothing would ever set the bit.
 */
int pte_leaf_check(uint64_t pte);
/*
 * A leaf of the kernel's space (mm->pid 0), the same in every address space:
 * a format with a shared-entry bit sets it (8xx SH); e500 needs nothing, its
 * kernel entries get TID 0 because the kernel runs with PID 0.
 */
uint64_t pte_mkglobal(uint64_t pte);
/* pte as a leaf of mm: pte_mkglobal() for the kernel's space (mmu.c). */
uint64_t pt_mm_leaf(const struct mm *mm, uint64_t pte);
uint64_t pte_mkleaf(paddr_t pa, vsize_t size, unsigned int prot);
/* Does leaf pte carry the size bits of a page of size (whatever the PMD adds)? */
bool pte_is_size(uint64_t pte, vsize_t size);
uint64_t pte_modify(uint64_t pte, unsigned int prot);
/* Write permission removed, everything else (dirty included) kept, as Linux. */
uint64_t pte_wrprotect(uint64_t pte);
/*
 * The software-managed bits the fault path sets (tlb/fault.c): accessed, and
 * changed for a store; pte_write() says whether a leaf grants stores.
 */
uint64_t pte_mkyoung(uint64_t pte);
uint64_t pte_mkdirty(uint64_t pte);
bool pte_write(uint64_t pte);

/*
 * Runs of entries, shared by mmu.c and hugetlb/ (defined in mmu.c).  A run is
 * the size / step entries of one page at one level, entry i mapping
 * base + i * step; its head (the "huge ptep" of the Linux vocabulary) is its
 * first entry, or, when a PTE-level run spans several PGD entries (8xx 8M),
 * the first of those PGD entries.
 */
const struct pt_size *pt_find_size(vsize_t size);	/* enabled sizes only */
vsize_t pt_level_step(int level);
/* The entry right above va's PTE (the PGD entry of a two-level family); NULL if missing. */
void *pt_pmd_slot(const struct mm *mm, vaddr_t va);
/* The entry of va at level; NULL when a table above it is missing (or a leaf). */
void *pt_leaf_slot(const struct mm *mm, int level, vaddr_t va);
void *pt_run_head(const struct mm *mm, int level, vsize_t size, vaddr_t va);
/* MMU_OK if the run of a new page is free, else MMU_EOVERLAP or MMU_EMIXED. */
int pt_run_check_free(const struct mm *mm, const struct pt_size *ps, vaddr_t va,
		      unsigned int prot);
/* Link a table under every PGD entry of the run that has none; all or nothing. */
int pt_run_alloc_tables(struct mm *mm, const struct pt_size *ps, vaddr_t va,
			unsigned int prot);
/* Unlink and free the tables below the top of [va, va + size) that hold nothing. */
void pt_release_empty_tables(struct mm *mm, vaddr_t va, vsize_t size);
/* The same for the tables below level top only (the tables of levels > top). */
void pt_release_empty_below(struct mm *mm, vaddr_t va, vsize_t size, int top);
/* Free every table below table (a table of level), not table itself. */
void pt_free_below(void *table, int level);
/* walk(), also saying how many table entries it read (one per level reached). */
int pt_walk_counted(struct mm *mm, vaddr_t va, struct walk_result *res, unsigned int *reads);
void pt_link_table(struct mm *mm, void *pmdp, void *table, vsize_t size,
		   unsigned int prot);
/* Entry i = first with its pa advanced by i * step. */
void pt_run_write(struct mm *mm, int level, vsize_t size, vaddr_t va, uint64_t first);
void pt_run_invalidate(struct mm *mm, int level, vsize_t size, vaddr_t va);
/* pt_entry_finish_clear() on every entry of the run (after the shootdown). */
void pt_run_finish_clear(struct mm *mm, int level, vsize_t size, vaddr_t va);
/* The same on every entry of [va, va + size) whose present word is clear. */
void pt_range_finish_clear(struct mm *mm, vaddr_t va, vsize_t size);
/* unmap()'s order for one run: present words, mmu_tlb_invalidate(), the rest, empty tables freed. */
void pt_run_empty(struct mm *mm, int level, vsize_t size, vaddr_t va);
void pt_run_update(struct mm *mm, int level, vsize_t size, vaddr_t va,
		   uint64_t (*fn)(uint64_t entry, unsigned int arg), unsigned int arg);
/* pt_entry_set_flags() on every entry of the run; false if one was not present. */
bool pt_run_set_flags(struct mm *mm, int level, vsize_t size, vaddr_t va, uint64_t flags);

/*
 * pin_range() stepping one entry of a run at a time (a reference per page
 * all the same), for make bench and the tests; and the table entries both
 * walkers have read since boot.
 */
int pin_range_by_entry(struct mm *mm, vaddr_t va, vsize_t len, bool write, paddr_t *out);
unsigned long pin_walk_reads(void);

#endif
