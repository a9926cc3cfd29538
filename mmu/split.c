/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * split() and collapse() (see mmu.h): a huge page mapped in smaller pieces
 * in place, and put back.  Both work on runs of leaf entries through the
 * helpers of pgtable.h, so they hold for every family and every number of
 * levels: a piece at the same level as the page is a shorter run in the same
 * tables; a piece at a deeper level hangs from new tables that replace the
 * page's leaf entries.
 *
 * The order of every change (the reasons are in docs/split.md):
 * 1. check everything and allocate every table the new mapping needs;
 * 2. clear the present word of every old entry;
 * 3. one mmu_tlb_invalidate() of the whole page: no core keeps an entry of
 *    the old size, and no core's miss handler is still reading an old entry;
 * 4. the rest of the old entries, and (collapse) the tables they emptied;
 * 5. the entries above the run that carry a page size (8xx PMD 8M flag);
 * 6. the new entries, and (split) the new tables, each filled before the
 *    entry that links it is written.
 */
#include <string.h>
#include "mmu.h"
#include "pgtable.h"

static int last_level(void)
{
	return (int)pt_geo.levels;
}

static vsize_t base_page(void)
{
	return pt_level_step(last_level());
}

/*
 * Tables allocated before a split changes anything, one list per level,
 * linked through their first bytes (zeroed again when taken).
 */
struct reserve {
	void *head[PT_MAX_LEVELS + 1];
};

static void reserve_push(struct reserve *r, int level, void *table)
{
	memcpy(table, &r->head[level], sizeof(void *));
	r->head[level] = table;
}

static void *reserve_pop(struct reserve *r, int level)
{
	void *table = r->head[level];

	memcpy(&r->head[level], table, sizeof(void *));
	memset(table, 0, sizeof(void *));
	return table;
}

static void reserve_release(struct reserve *r)
{
	int level;

	for (level = 1; level <= last_level(); level++)
		while (r->head[level])
			pt_free(reserve_pop(r, level), pt_geo.level[level - 1].order);
}

/* The tables below page p that pieces at level nl need: one per entry of each level above nl. */
static int reserve_for(struct reserve *r, const struct walk_result *p, int nl)
{
	int level;

	for (level = p->level + 1; level <= nl; level++) {
		vsize_t i, n = p->size / pt_level_step(level - 1);

		for (i = 0; i < n; i++) {
			void *table = pt_alloc(pt_geo.level[level - 1].order);

			if (!table)
				return MMU_ENOMEM;
			reserve_push(r, level, table);
		}
	}
	return MMU_OK;
}

/*
 * A table of level, not yet linked, filled with the pieces (at level nl)
 * of the span it will cover: entry i maps pte_pa(first) + i * step.
 */
static void *build(struct mm *mm, struct reserve *r, int level, int nl, uint64_t first,
		   vsize_t new_size, unsigned int prot)
{
	void *table = reserve_pop(r, level);
	unsigned int i, n = pt_geo.level[level - 1].entries;
	vsize_t step = pt_level_step(level);

	for (i = 0; i < n; i++) {
		uint64_t e = pte_set_pa(first, pte_pa(first) + (paddr_t)(i * step));
		void *slot = pt_table_slot(table, level, i);

		if (level == nl)
			pt_entry_set(slot, e);
		else
			pt_entry_set(slot, pmd_mktable(build(mm, r, level + 1, nl, e, new_size, prot),
						       new_size, prot));
	}
	mm->tables++;
	return table;
}

/*
 * Step 5: the table entries right above a run at level (8xx: the PMDs, whose
 * 8M flag must say what the PTEs below now hold).
 */
static void fix_upper(struct mm *mm, int level, vaddr_t va, vsize_t size, vsize_t page,
		      unsigned int prot)
{
	vsize_t step, a;

	if (level == 1)
		return;
	step = pt_level_step(level - 1);
	for (a = (uint64_t)va & ~(step - 1); a < (uint64_t)va + size; a += step) {
		void *slot = pt_leaf_slot(mm, level - 1, (vaddr_t)a);
		uint64_t e = slot ? pt_entry_get(slot) : 0;

		if (pmd_none(e) || pmd_leaf(e) || pmd_fits(e, page, prot) == MMU_OK)
			continue;
		pt_entry_set(slot, pmd_mktable(pmd_table(e), page, prot));
	}
}

/* Steps 2 to 6 for one page p, into pieces of ns. */
static void split_page(struct mm *mm, const struct walk_result *p, const struct pt_size *ns,
		       struct reserve *r)
{
	uint64_t leaf = pt_mm_leaf(mm, pte_mkleaf(p->page_pa, ns->size, p->prot));
	vsize_t off, step;

	pt_run_invalidate(mm, p->level, p->size, p->page_va);
	mmu_tlb_invalidate(mm, p->page_va, p->size);
	pt_run_finish_clear(mm, p->level, p->size, p->page_va);
	if (ns->level == p->level) {
		fix_upper(mm, p->level, p->page_va, p->size, ns->size, p->prot);
		for (off = 0; off < p->size; off += ns->size)
			pt_run_write(mm, p->level, ns->size, p->page_va + (vaddr_t)off,
				     pte_set_pa(leaf, p->page_pa + off));
		return;
	}
	/* each old leaf entry becomes a link to a filled table (pt_entry_set orders the two) */
	step = pt_level_step(p->level);
	for (off = 0; off < p->size; off += step) {
		void *slot = pt_leaf_slot(mm, p->level, p->page_va + (vaddr_t)off);
		void *table = build(mm, r, p->level + 1, ns->level,
				    pte_set_pa(leaf, p->page_pa + off), ns->size, p->prot);

		pt_entry_set(slot, pmd_mktable(table, ns->size, p->prot));
	}
}

int split(struct mm *mm, vaddr_t va, vsize_t size, vsize_t new_size)
{
	const struct pt_size *ns = pt_find_size(new_size);
	struct reserve r = { { NULL } };
	struct walk_result p;
	uint64_t cur, end = (uint64_t)va + size;
	int err;

	if (!ns || size == 0)
		return MMU_ESIZE;
	if ((va & (base_page() - 1)) || (size & (base_page() - 1)))
		return MMU_EALIGN;
	if (va < mm->start || va > mm->last || size - 1 > (vsize_t)(mm->last - va))
		return MMU_ERANGE;
	/* step 1: every page touching the range, in address order, then the tables (ENOMEM last) */
	for (cur = va; cur < end; cur = (uint64_t)p.page_va + p.size) {
		err = walk(mm, (vaddr_t)cur, &p);
		if (!err && p.size <= new_size)
			err = MMU_ENOTHUGE;
		if (!err && pin_pages() && pin_busy(p.page_pa, p.size))
			err = MMU_EPINNED;
		if (err)
			return err;
	}
	for (cur = va; cur < end; cur = (uint64_t)p.page_va + p.size) {
		walk(mm, (vaddr_t)cur, &p);
		err = reserve_for(&r, &p, ns->level);
		if (err) {
			reserve_release(&r);
			return err;
		}
	}
	for (cur = va; cur < end; cur = (uint64_t)p.page_va + p.size) {
		walk(mm, (vaddr_t)cur, &p);
		split_page(mm, &p, ns, &r);
	}
	return MMU_OK;
}

/*
 * Do the pages of the block [bva, bva + size) form one page of size: all
 * there, each wholly inside, physically contiguous from a base aligned to
 * size, one protection?
 */
static bool forms(struct mm *mm, vaddr_t bva, vsize_t size, paddr_t *base, unsigned int *prot)
{
	uint64_t cur, end = (uint64_t)bva + size;
	struct walk_result w;

	if (bva < mm->start || size - 1 > (vsize_t)(mm->last - bva))
		return false;
	for (cur = bva; cur < end; cur = (uint64_t)w.page_va + w.size) {
		if (walk(mm, (vaddr_t)cur, &w) || w.page_va < cur || (uint64_t)w.page_va + w.size > end)
			return false;
		if (cur == bva) {
			*base = w.page_pa;
			*prot = w.prot;
			if (*base & (size - 1))
				return false;
		} else if (w.page_pa != *base + (w.page_va - bva) || w.prot != *prot) {
			return false;
		}
	}
	return true;
}

int collapse(struct mm *mm, vaddr_t va)
{
	const struct pt_size *best = NULL;
	struct walk_result w;
	paddr_t base = 0, b = 0;
	unsigned int prot = 0, pr = 0, i;
	uint64_t cur, end;
	vaddr_t bva;
	int err = walk(mm, va, &w);

	if (err)
		return err;
	/* a block that does not form a page lies inside every larger one: stop at the first */
	for (i = 0; i < pt_geo.nr_sizes; i++) {
		const struct pt_size *ps = &pt_geo.sizes[i];

		if (!ps->enabled || ps->size <= w.size)
			continue;
		if (!forms(mm, va & ~(vaddr_t)(ps->size - 1), ps->size, &b, &pr))
			break;
		best = ps;
		base = b;
		prot = pr;
	}
	if (!best)
		return MMU_ENOCOLLAPSE;
	if (pin_pages() && pin_busy(base, best->size))
		return MMU_EPINNED;
	bva = va & ~(vaddr_t)(best->size - 1);
	end = (uint64_t)bva + best->size;
	for (cur = bva; cur < end; cur = (uint64_t)w.page_va + w.size) {
		walk(mm, (vaddr_t)cur, &w);
		pt_run_invalidate(mm, w.level, w.size, w.page_va);
	}
	mmu_tlb_invalidate(mm, bva, best->size);
	pt_range_finish_clear(mm, bva, best->size);
	pt_release_empty_below(mm, bva, best->size, best->level);
	fix_upper(mm, best->level, bva, best->size, best->size, prot);
	pt_run_write(mm, best->level, best->size, bva, pt_mm_leaf(mm, pte_mkleaf(base, best->size, prot)));
	return MMU_OK;
}
