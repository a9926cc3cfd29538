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

/* The level right above the PTEs: the PGD of a two-level format, the PMD of a four-level one. */
static int pmd_level(void)
{
	return (int)pt_geo.levels - 1;
}

/*
 * Is p a PMD-level entry of mm?  Two levels: inside the PGD.  More: the
 * tables of that level are anywhere, so p must be the PMD entry of addr.
 */
static bool is_pmd_of(const struct mm *mm, const void *p, vaddr_t addr)
{
	uintptr_t a = (uintptr_t)p, first = (uintptr_t)mm->pgd;
	uintptr_t end = (uintptr_t)pt_table_slot(mm->pgd, 1, pt_geo.level[0].entries);

	if (pt_geo.levels == 2)
		return a >= first && a < end;
	return p == pt_pmd_slot(mm, addr);
}

/* A table PMD whose pages span more than one PMD (8xx 8M). */
static bool pmd_is_multi(uint64_t pmd)
{
	return !pmd_none(pmd) && !pmd_leaf(pmd) &&
	       pte_leaf_size(pmd, 0) > pt_level_step(pmd_level());
}

static int check_page(const struct mm *mm, vaddr_t addr, vsize_t size,
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
 * Can the entries of the page hold it?  A run above the PTE level (PGD of
 * two levels, PUD or PMD of four): each of its entries none or a leaf, no
 * table; an entry whose table above is missing counts as none.  A PTE-level
 * run: the PMD entries over it tables of the right kind (8xx: 8M or not),
 * or none when missing is allowed; prot's user bit is checked unless prot
 * is ~0u.
 */
static int check_pmds(const struct mm *mm, const struct pt_size *ps, vaddr_t addr,
		      bool allow_none, unsigned int prot)
{
	bool upper = ps->level < (int)pt_geo.levels;
	vsize_t step = pt_level_step(upper ? ps->level : pmd_level()), off = 0;

	do {
		const void *slot = upper ? pt_leaf_slot(mm, ps->level, addr + off) :
					   pt_pmd_slot(mm, addr + off);
		uint64_t pmd = slot ? pt_entry_get(slot) : 0;
		int err;

		if (pmd_none(pmd)) {
			if (!allow_none && !upper)
				return MMU_ENOENT;
		} else if (upper) {
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
	} while (off < ps->size);
	return MMU_OK;
}

/*
 * No entry of the run belongs to a larger page: writing or clearing the run
 * would leave the rest of that page behind (a 4M slice of a 16M page, a 16K
 * piece of a 512K one), so the operation is refused whole.
 */
static int check_whole(const struct mm *mm, const struct pt_size *ps, vaddr_t addr)
{
	vsize_t step = pt_level_step(ps->level), off;

	for (off = 0; off < ps->size; off += step) {
		struct walk_result w;

		if (walk((struct mm *)mm, addr + off, &w) == MMU_OK && w.size > ps->size)
			return MMU_EPARTIAL;
	}
	return MMU_OK;
}

/* The page of size at addr exists as a run whose head is ptep. */
static int check_head(const struct mm *mm, vaddr_t addr, void *ptep, vsize_t size,
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
	uint64_t e = huge_ptep_get(mm, addr, ptep);
	struct walk_result w;
	int err;

	if (!pte_present(e) || walk(mm, addr, &w) != MMU_OK)
		return MMU_ENOENT;
	err = check_head(mm, addr, ptep, w.size, psp);
	*entry = e;
	return err;
}

void *pmd_off(struct mm *mm, vaddr_t addr)
{
	return pt_pmd_slot(mm, addr);
}

uint64_t mk_huge_pte(paddr_t pa, vsize_t size, unsigned int prot)
{
	if (!pt_find_size(size) || pte_prot_check(prot) || (pa & (size - 1)))
		return 0;
	return pte_mkleaf(pa, size, prot);
}

void *pte_alloc_huge(struct mm *mm, void *pmd, vaddr_t addr, vsize_t size)
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

int pmd_populate_size(struct mm *mm, void *pmd, void *table, vsize_t size)
{
	const struct pt_size *ps = pt_find_size(size);

	if (!ps || ps->level != (int)pt_geo.levels)
		return MMU_ESIZE;
	/* two levels: pmd must lie in the PGD; more: the caller's PMD entry is taken as given */
	if (pt_geo.levels == 2 && !is_pmd_of(mm, pmd, 0))
		return MMU_ERANGE;
	if (!table)
		return MMU_ENOMEM;
	if (!pmd_none(pt_entry_get(pmd)))
		return MMU_EOVERLAP;
	pt_link_table(mm, pmd, table, size, mm_prot(mm));
	return MMU_OK;
}

int set_huge_pte_at(struct mm *mm, vaddr_t addr, void *ptep, uint64_t pte, vsize_t size)
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

	if (is_pmd_of(mm, ptep, addr) && pmd_is_multi(e))
		return pt_entry_get(pt_table_slot(pmd_table(e), (int)pt_geo.levels, 0));
	return e;
}

int huge_pte_clear(struct mm *mm, vaddr_t addr, void *ptep, vsize_t size)
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
