/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The huge-page vocabulary of Linux's "Reimplement huge pages without hugepd"
 * series, for every family (one implementation, hugetlb/hugetlb.c, over the
 * run helpers of mmu/pgtable.h that map()/unmap()/protect()/walk() use too).
 * Entry values travel as uint64_t, as in pgtable.h (8xx: the low 32 bits).
 *
 * The "huge ptep" of a page is the head of its run of entries:
 *   e500 4M..1G: the first of its leaf PGD entries (64-bit cores: of its leaf
 *   PMD entries for 4M..64M, of its leaf PUD entries for 256M and 1G);
 *   8xx 16K, 512K: the first of its PTEs;
 *   8xx 8M: the first PMD of its pair (Linux's ptep_is_8m_pmdp()).
 * addr is the page's (size-aligned) virtual address throughout.
 *
 * Differences from Linux, all for the all-or-nothing rule of mmu.h:
 * - functions Linux declares void return 0 or a negative MMU_E* code and
 *   change nothing on error;
 * - huge_pte_clear() and huge_ptep_get_and_clear() free the PTE tables they
 *   empty (mmu.c keeps "a linked table is never empty"; Linux leaves that to
 *   free_pgtables());
 * - a PMD linked here is a user PMD unless mm->pid is 0 (the kernel's space,
 *   Linux's init_mm), as Linux's pmd_populate_size() / pmd_populate_kernel_size().
 * - the clears (huge_pte_clear(), huge_ptep_get_and_clear(), set_huge_pte_at()
 *   with 0) empty the run in unmap()'s order for other cores' miss handlers:
 *   the present words, one mmu_tlb_invalidate() of the page, then the rest
 *   and the tables (Linux clears, and its callers flush afterwards).
 * The other functions do not touch the TLB: the caller invalidates, as in Linux.
 */
#ifndef PPCMMU_HUGETLB_H
#define PPCMMU_HUGETLB_H

#include "../mmu/mmu.h"

/* The PGD/PMD entry of addr (Linux pmd_off()). */
void *pmd_off(struct mm *mm, vaddr_t addr);

/* A leaf entry for the page (Linux arch_make_huge_pte()); 0 if size or prot is refused. */
uint64_t mk_huge_pte(paddr_t pa, vsize_t size, unsigned int prot);

/*
 * The huge ptep of the page of size at addr, allocating and linking every PTE
 * table the page needs that is missing (8xx 8M: both, or neither).  pmd must
 * be pmd_off(mm, addr).  NULL for an unsupported size, a misaligned addr, a
 * page outside the space, a PGD entry that cannot hold this page, or no
 * memory; nothing changed then.
 */
void *pte_alloc_huge(struct mm *mm, void *pmd, vaddr_t addr, vsize_t size);

/* Link table under the empty PMD pmd for PTEs of pages of size. */
int pmd_populate_size(struct mm *mm, void *pmd, void *table, vsize_t size);

/*
 * Write the run of the page of size at addr whose head is ptep: entry i is
 * pte with its physical address advanced by i * step.  pte 0 clears the run.
 * In the kernel's space (mm->pid 0) the entries are made global (8xx SH),
 * as map() makes them.  MMU_ESIZE if pte is not a leaf of that size,
 * MMU_EALIGN if its address is not aligned to it, MMU_EDIRTY if the format
 * refuses the entry (e500: writable but not dirty), MMU_EPARTIAL if the run
 * holds part of a larger page; nothing changed then.
 */
int set_huge_pte_at(struct mm *mm, vaddr_t addr, void *ptep, uint64_t pte, vsize_t size);

/* The head's entry; for an 8xx 8M page (ptep = first PMD) the first PTE of table 0. */
uint64_t huge_ptep_get(struct mm *mm, vaddr_t addr, void *ptep);

/*
 * Clear the whole run (both tables of an 8xx 8M page), freeing tables it
 * empties; MMU_EPARTIAL (nothing changed) if the run is part of a larger page.
 */
int huge_pte_clear(struct mm *mm, vaddr_t addr, void *ptep, vsize_t size);

/* Remove write permission from every entry of the run (size from the entry). */
int huge_ptep_set_wrprotect(struct mm *mm, vaddr_t addr, void *ptep);

/* huge_ptep_get(), then clear the run; 0 (nothing changed) if it is not present. */
uint64_t huge_ptep_get_and_clear(struct mm *mm, vaddr_t addr, void *ptep);

/* Size of the page of leaf pte under pmd (the leaf itself at PGD level); mmu/pgtable-*.c. */
vsize_t pte_leaf_size(uint64_t pmd, uint64_t pte);

#endif
