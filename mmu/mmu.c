/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * map/unmap/protect/walk, the same for every family: the entry format sits
 * behind pgtable.h.  A page of any size is a run of leaf entries at one level
 * (size / step of them, step = span of one entry at that level), entry i
 * mapping base + i * step, so one walker and one set of loops serve every size.
 *
 * Contract details (see also mmu.h):
 * - map() maps exactly one page of a supported size.  Checks, in order:
 *   ESIZE, EALIGN (va, pa), ERANGE, EPA, EPROT or ECACHE, EOVERLAP, EMIXED,
 *   ENOMEM.
 * - unmap()/protect() take a range [va, va + size) of whole pages: size a
 *   nonzero multiple of the smallest page (ESIZE for 0, EALIGN otherwise),
 *   inside the space (ERANGE), for protect() a valid prot (EPROT, ECACHE), then
 *   every byte must be mapped (ENOENT) by pages lying wholly inside the range
 *   (EPARTIAL), and for protect() the prot must suit each page's PGD entry
 *   (EMIXED, 8xx only).  The first problem in address order decides the error.
 * - Any error leaves the tables untouched: map() allocates PTE tables after
 *   every check and frees them again if a later allocation fails.
 * - A PTE table that no longer holds any entry is freed by the operation
 *   that emptied it, and its PGD entry cleared: a linked table is never empty.
 * - unmap() and protect() call mmu_tlb_invalidate() once for the whole range
 *   before returning (protect() always does, also when it only adds rights,
 *   so the next access reloads the entry).  map() does not: nothing was
 *   mapped there, so nothing can be cached.  mm_destroy() calls
 *   mmu_tlb_invalidate_mm() once, so no entry of the dead space's id survives.
 */
#include "mmu.h"
#include "pgtable.h"

const char *mmu_strerror(int err)
{
	switch (err) {
	case MMU_OK:		return "success";
	case MMU_EALIGN:	return "address not aligned to the page size";
	case MMU_ESIZE:		return "page size not supported";
	case MMU_EOVERLAP:	return "range already mapped";
	case MMU_ENOMEM:	return "no memory for a page table";
	case MMU_ERANGE:	return "address outside the address space";
	case MMU_ENOENT:	return "nothing mapped there";
	case MMU_EPROT:		return "invalid protection";
	case MMU_EPARTIAL:	return "range covers part of a larger page";
	case MMU_EPA:		return "physical address not representable";
	case MMU_EMIXED:	return "user and supervisor pages in one page-table entry";
	case MMU_ECACHE:	return "cache-inhibited and write-through together";
	case MMU_EPID:		return "address-space id not usable for a user space";
	case MMU_EDIRTY:	return "writable entry without the dirty bit";
	default:		return "unknown error";
	}
}

const uint32_t *mmu_page_sizes(unsigned int *n)
{
	static uint32_t sizes[PT_MAX_SIZES];
	unsigned int i, count = 0;

	for (i = 0; i < pt_geo.nr_sizes && i < PT_MAX_SIZES; i++)
		if (pt_geo.sizes[i].enabled)
			sizes[count++] = pt_geo.sizes[i].size;
	*n = count;
	return sizes;
}

const struct pt_size *pt_find_size(uint32_t size)
{
	unsigned int i;

	for (i = 0; i < pt_geo.nr_sizes; i++)
		if (pt_geo.sizes[i].size == size && pt_geo.sizes[i].enabled)
			return &pt_geo.sizes[i];
	return NULL;
}

uint32_t pt_level_step(int level)
{
	if (level == WALK_LEVEL_PGD)
		return 1u << pt_geo.pgd_shift;
	return 1u << pt_geo.page_shift;
}

static unsigned int pgd_index(vaddr_t va)
{
	return va >> pt_geo.pgd_shift;
}

static unsigned int pte_index(vaddr_t va)
{
	return (va >> pt_geo.page_shift) & (pt_geo.ptrs_per_pte - 1);
}

void *pt_pmd_slot(const struct mm *mm, vaddr_t va)
{
	return pgd_entry_ptr(mm->pgd, pgd_index(va));
}

void *pt_leaf_slot(const struct mm *mm, int level, vaddr_t va)
{
	void *pmdp = pt_pmd_slot(mm, va);
	uint64_t pmd;

	if (level == WALK_LEVEL_PGD)
		return pmdp;
	pmd = pt_entry_get(pmdp);
	if (pmd_none(pmd) || pmd_leaf(pmd))
		return NULL;
	return pte_entry_ptr(pmd_table(pmd), pte_index(va));
}

void *pt_run_head(const struct mm *mm, int level, uint32_t size, vaddr_t va)
{
	if (level == WALK_LEVEL_PTE && size > pt_level_step(WALK_LEVEL_PGD))
		return pt_pmd_slot(mm, va);
	return pt_leaf_slot(mm, level, va);
}

static int check_range(const struct mm *mm, vaddr_t va, uint32_t size)
{
	if (va < mm->start || va > mm->last || size - 1 > mm->last - va)
		return MMU_ERANGE;
	return MMU_OK;
}

static bool table_empty(void *table)
{
	unsigned int i;

	for (i = 0; i < pt_geo.ptrs_per_pte; i++)
		if (pt_entry_get(pte_entry_ptr(table, i)) != 0)
			return false;
	return true;
}

void pt_release_empty_tables(struct mm *mm, vaddr_t va, uint32_t size)
{
	unsigned int i, last = pgd_index(va + (size - 1));

	for (i = pgd_index(va); i <= last; i++) {
		void *pmdp = pgd_entry_ptr(mm->pgd, i);
		uint64_t pmd = pt_entry_get(pmdp);
		void *table;

		if (pmd_none(pmd) || pmd_leaf(pmd))
			continue;
		table = pmd_table(pmd);
		if (!table_empty(table))
			continue;
		pt_entry_clear(pmdp);
		pt_free(table, pt_geo.pte_order);
		mm->tables--;
	}
}

static void fill_result(struct walk_result *res, vaddr_t va, int level,
			uint64_t pmd, uint64_t entry, void *pmdp, void *ptep)
{
	uint32_t step = pt_level_step(level);
	uint32_t size = pte_leaf_size(pmd, entry);

	if (size < step)
		size = step;
	res->page_va = va & ~(size - 1);
	res->page_pa = pte_pa(entry) - ((va - res->page_va) & ~(step - 1));
	res->pa = res->page_pa + (va - res->page_va);
	res->size = size;
	res->level = level;
	res->prot = pte_prot(pmd, entry);
	res->entry = entry;
	res->pmdp = pmdp;
	res->ptep = ptep;
}

int walk(struct mm *mm, vaddr_t va, struct walk_result *res)
{
	void *pmdp, *ptep = NULL;
	int level = WALK_LEVEL_PGD;
	uint64_t pmd, entry;

	if (va < mm->start || va > mm->last)
		return MMU_ERANGE;
	pmdp = pt_pmd_slot(mm, va);
	pmd = pt_entry_get(pmdp);
	if (pmd_none(pmd))
		return MMU_ENOENT;
	entry = pmd;
	if (!pmd_leaf(pmd)) {
		ptep = pte_entry_ptr(pmd_table(pmd), pte_index(va));
		entry = pt_entry_get(ptep);
		level = WALK_LEVEL_PTE;
	}
	if (!pte_present(entry))
		return MMU_ENOENT;
	fill_result(res, va, level, pmd, entry, pmdp, ptep);
	return MMU_OK;
}

/*
 * The slot of the run entry at v, given the previous entry's slot: inside
 * one table the next entry is the next slot, so only the first entry of a
 * run and the first of each further PTE table need a walk.
 */
static void *run_slot(const struct mm *mm, int level, vaddr_t v, void *prev)
{
	if (prev && (level == WALK_LEVEL_PGD || (v & ((1u << pt_geo.pgd_shift) - 1))))
		return (char *)prev + pt_geo.entry_bytes;
	return pt_leaf_slot(mm, level, v);
}

int pt_run_check_free(const struct mm *mm, const struct pt_size *ps, vaddr_t va,
		      unsigned int prot)
{
	uint32_t i, step = pt_level_step(ps->level), n = ps->size / step;
	uint32_t pgd_mask = (1u << pt_geo.pgd_shift) - 1;
	int mixed = MMU_OK, fits;
	uint64_t pmd = 0;
	void *slot = NULL;

	if (ps->level == WALK_LEVEL_PGD) {
		for (i = 0; i < n; i++) {
			slot = run_slot(mm, ps->level, va + i * step, slot);
			if (!pmd_none(pt_entry_get(slot)))
				return MMU_EOVERLAP;
		}
		return MMU_OK;
	}
	for (i = 0; i < n; i++) {
		vaddr_t v = va + i * step;

		if (i == 0 || !(v & pgd_mask)) {
			pmd = pt_entry_get(pt_pmd_slot(mm, v));
			slot = NULL;
			if (pmd_none(pmd))
				continue;
			if (pmd_leaf(pmd))
				return MMU_EOVERLAP;
			fits = pmd_fits(pmd, ps->size, prot);
			if (fits == MMU_EOVERLAP)
				return MMU_EOVERLAP;
			if (fits)
				mixed = fits;
		} else if (pmd_none(pmd)) {
			continue;
		}
		slot = run_slot(mm, ps->level, v, slot);
		if (pt_entry_get(slot) != 0)
			return MMU_EOVERLAP;
	}
	return mixed;
}

void pt_link_table(struct mm *mm, void *pmdp, void *table, uint32_t size,
		   unsigned int prot)
{
	pt_entry_set(pmdp, pmd_mktable(table, size, prot));
	mm->tables++;
}

int pt_run_alloc_tables(struct mm *mm, const struct pt_size *ps, vaddr_t va,
			unsigned int prot)
{
	unsigned int i, last = pgd_index(va + (ps->size - 1));

	if (ps->level != WALK_LEVEL_PTE)
		return MMU_OK;
	for (i = pgd_index(va); i <= last; i++) {
		void *pmdp = pgd_entry_ptr(mm->pgd, i);
		void *table;

		if (!pmd_none(pt_entry_get(pmdp)))
			continue;
		table = pt_alloc(pt_geo.pte_order);
		if (!table) {
			pt_release_empty_tables(mm, va, ps->size);
			return MMU_ENOMEM;
		}
		pt_link_table(mm, pmdp, table, ps->size, prot);
	}
	return MMU_OK;
}

/*
 * Entry i of a run is the first with its physical address advanced by
 * i * step; the address field sits above the flags in every format, so
 * that is one addition of a constant per entry.
 */
void pt_run_write(struct mm *mm, int level, uint32_t size, vaddr_t va, uint64_t first)
{
	uint32_t i, step = pt_level_step(level), n = size / step;
	uint64_t entry = first;
	uint64_t delta = n > 1 ? pte_set_pa(first, pte_pa(first) + step) - first : 0;
	void *slot = NULL;

	for (i = 0; i < n; i++, entry += delta) {
		slot = run_slot(mm, level, va + i * step, slot);
		pt_entry_set(slot, entry);
	}
}

void pt_run_clear(struct mm *mm, int level, uint32_t size, vaddr_t va)
{
	uint32_t i, step = pt_level_step(level), n = size / step;
	void *slot = NULL;

	for (i = 0; i < n; i++) {
		slot = run_slot(mm, level, va + i * step, slot);
		if (slot)
			pt_entry_clear(slot);
	}
}

void pt_run_update(struct mm *mm, int level, uint32_t size, vaddr_t va,
		   uint64_t (*fn)(uint64_t entry, unsigned int arg), unsigned int arg)
{
	uint32_t i, step = pt_level_step(level), n = size / step;
	void *slot = NULL;

	for (i = 0; i < n; i++) {
		slot = run_slot(mm, level, va + i * step, slot);
		if (slot)
			pt_entry_set(slot, fn(pt_entry_get(slot), arg));
	}
}

/* A leaf of mm: the kernel's pages are global. */
uint64_t pt_mm_leaf(const struct mm *mm, uint64_t pte)
{
	return mm->pid == 0 ? pte_mkglobal(pte) : pte;
}

static uint64_t modify_kernel_leaf(uint64_t pte, unsigned int prot)
{
	return pte_mkglobal(pte_modify(pte, prot));
}

int map(struct mm *mm, vaddr_t va, paddr_t pa, uint32_t size, unsigned int prot)
{
	const struct pt_size *ps = pt_find_size(size);
	paddr_t pa_limit = (paddr_t)1 << pt_geo.pa_bits;
	int err;

	if (!ps)
		return MMU_ESIZE;
	if ((va & (size - 1)) || (pa & (size - 1)))
		return MMU_EALIGN;
	err = check_range(mm, va, size);
	if (err)
		return err;
	if (pa > pa_limit - size)
		return MMU_EPA;
	err = pte_prot_check(prot);
	if (err)
		return err;
	err = pt_run_check_free(mm, ps, va, prot);
	if (err)
		return err;
	err = pt_run_alloc_tables(mm, ps, va, prot);
	if (err)
		return err;
	pt_run_write(mm, ps->level, ps->size, va, pt_mm_leaf(mm, pte_mkleaf(pa, size, prot)));
	return MMU_OK;
}

/* Checks shared by unmap() and protect() before they look at entries. */
static int check_span(const struct mm *mm, vaddr_t va, uint32_t size)
{
	uint32_t page_mask = (1u << pt_geo.page_shift) - 1;

	if (size == 0)
		return MMU_ESIZE;
	if ((va & page_mask) || (size & page_mask))
		return MMU_EALIGN;
	return check_range(mm, va, size);
}

#define NO_PROT		(~0u)	/* for_each_page(): no prot to check */

typedef void (*page_fn)(struct mm *mm, const struct walk_result *page,
			unsigned int prot);

/*
 * Visit every page of [va, va + size) in address order, or only check that
 * they are all there and whole (and, unless prot is NO_PROT, that prot suits
 * their PGD entries) when fn is NULL.
 */
static int for_each_page(struct mm *mm, vaddr_t va, uint32_t size,
			 page_fn fn, unsigned int prot)
{
	uint64_t cur = va, end = (uint64_t)va + size;

	while (cur < end) {
		struct walk_result page;
		int err = walk(mm, (vaddr_t)cur, &page);

		if (err)
			return err;
		if (page.page_va < cur || (uint64_t)page.page_va + page.size > end)
			return MMU_EPARTIAL;
		if (!fn && prot != NO_PROT && page.level == WALK_LEVEL_PTE) {
			err = pmd_fits(pt_entry_get(page.pmdp), page.size, prot);
			if (err)
				return err;
		}
		if (fn)
			fn(mm, &page, prot);
		cur = (uint64_t)page.page_va + page.size;
	}
	return MMU_OK;
}

static void clear_page(struct mm *mm, const struct walk_result *page,
		       unsigned int prot)
{
	(void)prot;
	pt_run_clear(mm, page->level, page->size, page->page_va);
}

static void protect_page(struct mm *mm, const struct walk_result *page,
			 unsigned int prot)
{
	pt_run_update(mm, page->level, page->size, page->page_va,
		      mm->pid == 0 ? modify_kernel_leaf : pte_modify, prot);
}

int unmap(struct mm *mm, vaddr_t va, uint32_t size)
{
	int err = check_span(mm, va, size);

	if (!err)
		err = for_each_page(mm, va, size, NULL, NO_PROT);
	if (err)
		return err;
	for_each_page(mm, va, size, clear_page, 0);
	/* every core's walks of the cleared entries are over (the shootdown) before a table is freed */
	mmu_tlb_invalidate(mm, va, size);
	pt_release_empty_tables(mm, va, size);
	return MMU_OK;
}

int protect(struct mm *mm, vaddr_t va, uint32_t size, unsigned int prot)
{
	int err = check_span(mm, va, size);

	if (!err)
		err = pte_prot_check(prot);
	if (!err)
		err = for_each_page(mm, va, size, NULL, prot);
	if (err)
		return err;
	for_each_page(mm, va, size, protect_page, prot);
	mmu_tlb_invalidate(mm, va, size);
	return MMU_OK;
}

/*
 * start and last + 1 must fall on PGD-entry boundaries (2 MB on e500, 4 MB on
 * 8xx), so an
 * address space never shares a PGD entry with another.
 */
int mm_init(struct mm *mm, vaddr_t start, vaddr_t last, unsigned int pid)
{
	vaddr_t span_mask = (1u << pt_geo.pgd_shift) - 1;
	void *pgd;

	if ((start & span_mask) || ((last + 1) & span_mask))
		return MMU_EALIGN;
	if (start > last)
		return MMU_ERANGE;
	pgd = pt_alloc(pt_geo.pgd_order);
	if (!pgd)
		return MMU_ENOMEM;
	mm->pgd = pgd;
	mm->pid = pid;
	mm->start = start;
	mm->last = last;
	mm->tables = 0;
	return MMU_OK;
}

void mm_destroy(struct mm *mm)
{
	unsigned int i;

	if (!mm->pgd)
		return;
	mmu_tlb_invalidate_mm(mm);
	for (i = 0; i < pt_geo.ptrs_per_pgd; i++) {
		uint64_t pmd = pt_entry_get(pgd_entry_ptr(mm->pgd, i));

		if (!pmd_none(pmd) && !pmd_leaf(pmd))
			pt_free(pmd_table(pmd), pt_geo.pte_order);
	}
	pt_free(mm->pgd, pt_geo.pgd_order);
	mm->pgd = NULL;
	mm->tables = 0;
}
