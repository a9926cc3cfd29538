/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The huge-page vocabulary (see hugetlb.h) for every family: the family's
 * format stays behind mmu/pgtable.h, and every write goes through the same
 * run helpers as map()/unmap()/protect() (pt_run_write, pt_run_empty,
 * pt_run_update, pt_run_alloc_tables), so replicas are built in one place.
 */
#include "hugetlb.h"
#include "../mmu/pgtable.h"

/* The PMDs this vocabulary links: user ones unless mm is the kernel's (pid 0). */
static unsigned int mm_prot(const struct mm *mm)
{
	return mm->pid ? PROT_USER : 0;
}

static bool in_pgd(const struct mm *mm, const void *p)
{
	uintptr_t a = (uintptr_t)p, first = (uintptr_t)mm->pgd;
	uintptr_t end = (uintptr_t)pt_table_slot(mm->pgd, WALK_LEVEL_PGD, pt_geo.level[0].entries);

	return a >= first && a < end;
}

/* A table PMD whose pages span more than one PMD (8xx 8M). */
static bool pmd_is_multi(uint64_t pmd)
{
	return !pmd_none(pmd) && !pmd_leaf(pmd) &&
	       pte_leaf_size(pmd, 0) > pt_level_step(WALK_LEVEL_PGD);
}

static int check_page(const struct mm *mm, vaddr_t addr, uint32_t size,
		      const struct pt_size **psp)
{
	const struct pt_size *ps = pt_find_size(size);

	if (!ps)
		return MMU_ESIZE;
	if (addr & (size - 1))
		return MMU_EALIGN;
	if (addr < mm->start || addr > mm->last || size - 1 > mm->last - addr)
		return MMU_ERANGE;
	*psp = ps;
	return MMU_OK;
}

/*
 * Can the PGD entries of the page hold it?  PGD level: none or leaves, no
 * table.  PTE level: tables of the right kind (8xx: 8M or not), or none
 * when missing is allowed; prot's user bit is checked unless prot is ~0u.
 */
static int check_pmds(const struct mm *mm, const struct pt_size *ps, vaddr_t addr,
		      bool allow_none, unsigned int prot)
{
	uint32_t step = pt_level_step(WALK_LEVEL_PGD), off = 0;

	do {
		uint64_t pmd = pt_entry_get(pt_pmd_slot(mm, addr + off));
		int err;

		if (pmd_none(pmd)) {
			if (!allow_none && ps->level == WALK_LEVEL_PTE)
				return MMU_ENOENT;
		} else if (ps->level == WALK_LEVEL_PGD) {
			if (!pmd_leaf(pmd))
				return MMU_EOVERLAP;
		} else {
			if (pmd_leaf(pmd))
				return MMU_EOVERLAP;
			if (prot == ~0u)
				prot = pte_prot(pmd, 0) & PROT_USER;
			err = pmd_fits(pmd, ps->size, prot);
			if (err)
				return err;
		}
		off += step;
	} while (off && off < ps->size);
	return MMU_OK;
}

/*
 * No entry of the run belongs to a larger page: writing or clearing the run
 * would leave the rest of that page behind (a 4M slice of a 16M page, a 16K
 * piece of a 512K one), so the operation is refused whole.
 */
static int check_whole(const struct mm *mm, const struct pt_size *ps, vaddr_t addr)
{
	uint32_t step = pt_level_step(ps->level), off;

	for (off = 0; off < ps->size; off += step) {
		vaddr_t v = addr + off;
		uint64_t pmd = pt_entry_get(pt_pmd_slot(mm, v)), e;

		if (pmd_none(pmd))
			continue;
		if (pmd_leaf(pmd))
			e = pmd;
		else if (ps->level == WALK_LEVEL_PTE)
			e = pt_entry_get(pt_leaf_slot(mm, WALK_LEVEL_PTE, v));
		else
			continue;
		if (pte_present(e) && pte_leaf_size(pmd, e) > ps->size)
			return MMU_EPARTIAL;
	}
	return MMU_OK;
}

/* The page of size at addr exists as a run whose head is ptep. */
static int check_head(const struct mm *mm, vaddr_t addr, void *ptep, uint32_t size,
		      const struct pt_size **psp)
{
	int err = check_page(mm, addr, size, psp);

	if (!err)
		err = check_whole(mm, *psp, addr);
	if (!err)
		err = check_pmds(mm, *psp, addr, false, ~0u);
	if (!err && ptep != pt_run_head(mm, (*psp)->level, size, addr))
		err = MMU_ENOENT;
	return err;
}

/* The present page whose head is ptep, its size read from its entry. */
static int head_page(struct mm *mm, vaddr_t addr, void *ptep,
		     const struct pt_size **psp, uint64_t *entry)
{
	uint64_t e = huge_ptep_get(mm, addr, ptep), pmd = e;
	int err;

	if (!in_pgd(mm, ptep) || !pmd_leaf(pt_entry_get(ptep)))
		pmd = pt_entry_get(pt_pmd_slot(mm, addr));
	if (!pte_present(e))
		return MMU_ENOENT;
	err = check_head(mm, addr, ptep, pte_leaf_size(pmd, e), psp);
	*entry = e;
	return err;
}

void *pmd_off(struct mm *mm, vaddr_t addr)
{
	return pt_pmd_slot(mm, addr);
}

uint64_t mk_huge_pte(paddr_t pa, uint32_t size, unsigned int prot)
{
	if (!pt_find_size(size) || pte_prot_check(prot) || (pa & (size - 1)))
		return 0;
	return pte_mkleaf(pa, size, prot);
}

void *pte_alloc_huge(struct mm *mm, void *pmd, vaddr_t addr, uint32_t size)
{
	const struct pt_size *ps;

	if (check_page(mm, addr, size, &ps) || pmd != pmd_off(mm, addr))
		return NULL;
	if (check_pmds(mm, ps, addr, true, mm_prot(mm)))
		return NULL;
	if (pt_run_alloc_tables(mm, ps, addr, mm_prot(mm)))
		return NULL;
	return pt_run_head(mm, ps->level, size, addr);
}

int pmd_populate_size(struct mm *mm, void *pmd, void *table, uint32_t size)
{
	const struct pt_size *ps = pt_find_size(size);

	if (!ps || ps->level != WALK_LEVEL_PTE)
		return MMU_ESIZE;
	if (!in_pgd(mm, pmd))
		return MMU_ERANGE;
	if (!table)
		return MMU_ENOMEM;
	if (!pmd_none(pt_entry_get(pmd)))
		return MMU_EOVERLAP;
	pt_link_table(mm, pmd, table, size, mm_prot(mm));
	return MMU_OK;
}

int set_huge_pte_at(struct mm *mm, vaddr_t addr, void *ptep, uint64_t pte, uint32_t size)
{
	const struct pt_size *ps;
	int err = check_head(mm, addr, ptep, size, &ps);

	if (err)
		return err;
	if (pte == 0) {
		pt_run_empty(mm, ps->level, size, addr);
		return MMU_OK;
	}
	if (!pte_present(pte))
		return MMU_EPROT;
	if (!pte_is_size(pte, size))
		return MMU_ESIZE;	/* a 4K PTE written as a 4M run would alias its first page */
	if (pte_pa(pte) & (size - 1))
		return MMU_EALIGN;
	err = pte_leaf_check(pte);
	if (err)
		return err;
	pt_run_write(mm, ps->level, size, addr, pt_mm_leaf(mm, pte));
	return MMU_OK;
}

uint64_t huge_ptep_get(struct mm *mm, vaddr_t addr, void *ptep)
{
	uint64_t e = pt_entry_get(ptep);

	(void)addr;
	if (in_pgd(mm, ptep) && pmd_is_multi(e))
		return pt_entry_get(pt_table_slot(pmd_table(e), WALK_LEVEL_PTE, 0));
	return e;
}

int huge_pte_clear(struct mm *mm, vaddr_t addr, void *ptep, uint32_t size)
{
	const struct pt_size *ps;
	int err = check_head(mm, addr, ptep, size, &ps);

	if (err)
		return err;
	pt_run_empty(mm, ps->level, size, addr);
	return MMU_OK;
}

static uint64_t wrprotect_one(uint64_t entry, unsigned int unused)
{
	(void)unused;
	return pte_wrprotect(entry);
}

int huge_ptep_set_wrprotect(struct mm *mm, vaddr_t addr, void *ptep)
{
	const struct pt_size *ps;
	uint64_t e;
	int err = head_page(mm, addr, ptep, &ps, &e);

	if (err)
		return err;
	pt_run_update(mm, ps->level, ps->size, addr, wrprotect_one, 0);
	return MMU_OK;
}

uint64_t huge_ptep_get_and_clear(struct mm *mm, vaddr_t addr, void *ptep)
{
	const struct pt_size *ps;
	uint64_t e;

	if (head_page(mm, addr, ptep, &ps, &e))
		return 0;
	pt_run_empty(mm, ps->level, ps->size, addr);
	return e;
}
