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
	case MMU_EBADENTRY:	return "entry the page-table format cannot hold (a page size the family has not)";
	case MMU_ENOTHUGE:	return "not a huge mapping larger than the new size";
	case MMU_ENOCOLLAPSE:	return "pieces do not form a huge page";
	case MMU_EPINNED:	return "page is pinned";
	case MMU_ERDONLY:	return "page not writable";
	case MMU_ENOTPINNED:	return "page not pinned";
	case MMU_EPINFULL:	return "too many pinned pages";
	default:		return "unknown error";
	}
}

const vsize_t *mmu_page_sizes(unsigned int *n)
{
	static vsize_t sizes[PT_MAX_SIZES];
	unsigned int i, count = 0;

	for (i = 0; i < pt_geo.nr_sizes && i < PT_MAX_SIZES; i++)
		if (pt_geo.sizes[i].enabled)
			sizes[count++] = pt_geo.sizes[i].size;
	*n = count;
	return sizes;
}

const struct pt_size *pt_find_size(vsize_t size)
{
	unsigned int i;

	for (i = 0; i < pt_geo.nr_sizes; i++)
		if (pt_geo.sizes[i].size == size && pt_geo.sizes[i].enabled)
			return &pt_geo.sizes[i];
	return NULL;
}

/* The description of level (1 = top) in the family's geometry. */
static const struct pt_level *geo_level(int level)
{
	return &pt_geo.level[level - 1];
}

static int leaf_level(void)
{
	return (int)pt_geo.levels;
}

vsize_t pt_level_step(int level)
{
	return (vsize_t)1 << geo_level(level)->shift;
}

static unsigned int level_index(int level, vaddr_t va)
{
	const struct pt_level *l = geo_level(level);

	return (unsigned int)(((uint64_t)va >> l->shift) & (l->entries - 1));
}

void *pt_table_slot(void *table, int level, unsigned int index)
{
	return (char *)table + (size_t)index * geo_level(level)->entry_bytes;
}

/* Where a descent from the top towards one entry stopped. */
struct pt_descent {
	int level;		/* the level reached */
	void *slot;		/* the entry there */
	void *up_slot;		/* the table entry above it (NULL at the top) */
	uint64_t up;		/* its value (0 at the top) */
};

/*
 * Descend towards va's entry at level: d->level is level, or a shallower
 * level whose entry is none or a leaf (nothing below it to reach).
 */
static void descend(const struct mm *mm, vaddr_t va, int level, struct pt_descent *d)
{
	void *table = mm->pgd;
	int l;

	d->up_slot = NULL;
	d->up = 0;
	for (l = 1;; l++) {
		uint64_t e;

		d->level = l;
		d->slot = pt_table_slot(table, l, level_index(l, va));
		if (l == level)
			return;
		e = pt_entry_get(d->slot);
		if (pmd_none(e) || pmd_leaf(e))
			return;
		d->up_slot = d->slot;
		d->up = e;
		table = pmd_table(e);
	}
}

void *pt_leaf_slot(const struct mm *mm, int level, vaddr_t va)
{
	struct pt_descent d;

	descend(mm, va, level, &d);
	return d.level == level ? d.slot : NULL;
}

void *pt_pmd_slot(const struct mm *mm, vaddr_t va)
{
	return pt_leaf_slot(mm, leaf_level() - 1, va);
}

void *pt_run_head(const struct mm *mm, int level, vsize_t size, vaddr_t va)
{
	if (level > 1 && size > pt_level_step(level - 1))
		return pt_leaf_slot(mm, level - 1, va);
	return pt_leaf_slot(mm, level, va);
}

static int check_range(const struct mm *mm, vaddr_t va, vsize_t size)
{
	if (va < mm->start || va > mm->last || size - 1 > (vsize_t)(mm->last - va))
		return MMU_ERANGE;
	return MMU_OK;
}

static bool table_empty(void *table, int level)
{
	unsigned int i;

	for (i = 0; i < geo_level(level)->entries; i++)
		if (pt_entry_get(pt_table_slot(table, level, i)) != 0)
			return false;
	return true;
}

/*
 * The base of every entry at level covering [va, va + size): from va
 * rounded down to the entry's span, one span at a time.
 */
#define for_each_span(a, level, va, size) \
	for (a = (uint64_t)(va) & ~(pt_level_step(level) - 1); \
	     a <= (uint64_t)(va) + (size) - 1; a += pt_level_step(level))

void pt_release_empty_tables(struct mm *mm, vaddr_t va, vsize_t size)
{
	pt_release_empty_below(mm, va, size, 1);
}

void pt_release_empty_below(struct mm *mm, vaddr_t va, vsize_t size, int top)
{
	int level;
	uint64_t a;

	/* the deepest tables first, so that a table emptied by freeing its children goes too */
	for (level = leaf_level(); level > top && level > mm->keep_level; level--) {
		for_each_span(a, level - 1, va, size) {
			void *up = pt_leaf_slot(mm, level - 1, (vaddr_t)a);
			uint64_t e = up ? pt_entry_get(up) : 0;
			void *table;

			if (pmd_none(e) || pmd_leaf(e))
				continue;
			table = pmd_table(e);
			if (!table_empty(table, level))
				continue;
			pt_entry_clear(up);
			pt_free(table, geo_level(level)->order);
			mm->tables--;
		}
	}
}

static void fill_result(struct walk_result *res, vaddr_t va, int level,
			uint64_t pmd, uint64_t entry, void *pmdp, void *ptep)
{
	vsize_t step = pt_level_step(level);
	vsize_t size = geo_level(level)->leaf_size ? geo_level(level)->leaf_size :
		       pte_leaf_size(pmd, entry);

	if (size < step)
		size = step;
	res->page_va = va & ~(vaddr_t)(size - 1);
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
	unsigned int reads;

	return pt_walk_counted(mm, va, res, &reads);
}

int pt_walk_counted(struct mm *mm, vaddr_t va, struct walk_result *res, unsigned int *reads)
{
	struct pt_descent d;
	uint64_t entry;

	*reads = 0;
	if (va < mm->start || va > mm->last)
		return MMU_ERANGE;
	descend(mm, va, leaf_level(), &d);
	*reads = (unsigned int)d.level;	/* one entry read at each level reached */
	entry = pt_entry_get(d.slot);
	if (d.level < leaf_level() && pmd_none(entry))
		return MMU_ENOENT;
	if (!pte_present(entry))
		return MMU_ENOENT;
	/* as the miss handler would load it: a size it cannot hold stops the walk */
	if (d.level < leaf_level() && !pte_leaf_size(entry, entry))
		return MMU_EBADENTRY;
	if (d.level < leaf_level())	/* a leaf table entry: it is its own PMD */
		fill_result(res, va, d.level, entry, entry, d.slot, NULL);
	else
		fill_result(res, va, d.level, d.up, entry, d.up_slot, d.slot);
	return MMU_OK;
}

/*
 * The slot of the run entry at v, given the previous entry's slot: inside
 * one table the next entry is the next slot, so only the first entry of a
 * run and the first of each further table need a walk.
 */
static void *run_slot(const struct mm *mm, int level, vaddr_t v, void *prev)
{
	if (prev && level_index(level, v) != 0)
		return (char *)prev + geo_level(level)->entry_bytes;
	return pt_leaf_slot(mm, level, v);
}

int pt_run_check_free(const struct mm *mm, const struct pt_size *ps, vaddr_t va,
		      unsigned int prot)
{
	vsize_t i, step = pt_level_step(ps->level), n = ps->size / step;
	int mixed = MMU_OK, fits;
	struct pt_descent d;

	for (i = 0; i < n; i++) {
		vaddr_t v = va + (vaddr_t)(i * step);

		descend(mm, v, ps->level, &d);
		if (d.level < ps->level) {
			/* nothing below an empty entry; a leaf above holds this place */
			if (pmd_none(pt_entry_get(d.slot)))
				continue;
			return MMU_EOVERLAP;
		}
		if (d.up_slot && (i == 0 || level_index(ps->level, v) == 0)) {
			fits = pmd_fits(d.up, ps->size, prot);
			if (fits == MMU_EOVERLAP)
				return MMU_EOVERLAP;
			if (fits)
				mixed = fits;
		}
		if (pt_entry_get(d.slot) != 0)
			return MMU_EOVERLAP;
	}
	return mixed;
}

void pt_link_table(struct mm *mm, void *pmdp, void *table, vsize_t size,
		   unsigned int prot)
{
	pt_entry_set(pmdp, pmd_mktable(table, size, prot));
	mm->tables++;
}

int pt_run_alloc_tables(struct mm *mm, const struct pt_size *ps, vaddr_t va,
			unsigned int prot)
{
	int level;
	uint64_t a;

	/* from the top down: each table links under the one made before it */
	for (level = 2; level <= ps->level; level++) {
		for_each_span(a, level - 1, va, ps->size) {
			void *up = pt_leaf_slot(mm, level - 1, (vaddr_t)a);
			void *table;

			if (!up || !pmd_none(pt_entry_get(up)))
				continue;
			table = pt_alloc(geo_level(level)->order);
			if (!table) {
				pt_release_empty_tables(mm, va, ps->size);
				return MMU_ENOMEM;
			}
			pt_link_table(mm, up, table, ps->size, prot);
		}
	}
	return MMU_OK;
}

/*
 * Entry i of a run is the first with its physical address advanced by
 * i * step; the address field sits above the flags in every format, so
 * that is one addition of a constant per entry.
 */
void pt_run_write(struct mm *mm, int level, vsize_t size, vaddr_t va, uint64_t first)
{
	vsize_t i, step = pt_level_step(level), n = size / step;
	uint64_t entry = first;
	uint64_t delta = n > 1 ? pte_set_pa(first, pte_pa(first) + step) - first : 0;
	void *slot = NULL;

	for (i = 0; i < n; i++, entry += delta) {
		slot = run_slot(mm, level, va + (vaddr_t)(i * step), slot);
		pt_entry_set(slot, entry);
	}
}

/* fn on every entry of the run that has a table (an emptied run may have lost one). */
static void run_each_slot(struct mm *mm, int level, vsize_t size, vaddr_t va, void (*fn)(void *entryp))
{
	vsize_t i, step = pt_level_step(level), n = size / step;
	void *slot = NULL;

	for (i = 0; i < n; i++) {
		slot = run_slot(mm, level, va + (vaddr_t)(i * step), slot);
		if (slot)
			fn(slot);
	}
}

void pt_run_invalidate(struct mm *mm, int level, vsize_t size, vaddr_t va)
{
	run_each_slot(mm, level, size, va, pt_entry_invalidate);
}

void pt_run_finish_clear(struct mm *mm, int level, vsize_t size, vaddr_t va)
{
	run_each_slot(mm, level, size, va, pt_entry_finish_clear);
}

/*
 * Empty a run as unmap() empties its pages: the present words, the one
 * shootdown, then the rest of the entries and the tables left empty.
 */
void pt_run_empty(struct mm *mm, int level, vsize_t size, vaddr_t va)
{
	run_each_slot(mm, level, size, va, pt_entry_invalidate);
	mmu_tlb_invalidate(mm, va, size);
	run_each_slot(mm, level, size, va, pt_entry_finish_clear);
	pt_release_empty_tables(mm, va, size);
}

void pt_run_update(struct mm *mm, int level, vsize_t size, vaddr_t va,
		   uint64_t (*fn)(uint64_t entry, unsigned int arg), unsigned int arg)
{
	vsize_t i, step = pt_level_step(level), n = size / step;
	void *slot = NULL;

	for (i = 0; i < n; i++) {
		slot = run_slot(mm, level, va + (vaddr_t)(i * step), slot);
		if (slot)
			pt_entry_set(slot, fn(pt_entry_get(slot), arg));
	}
}

bool pt_run_set_flags(struct mm *mm, int level, vsize_t size, vaddr_t va, uint64_t flags)
{
	vsize_t i, step = pt_level_step(level), n = size / step;
	void *slot = NULL;
	bool all = true;

	for (i = 0; i < n; i++) {
		slot = run_slot(mm, level, va + (vaddr_t)(i * step), slot);
		if (slot && !pt_entry_set_flags(slot, flags))
			all = false;
	}
	return all;
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

int map(struct mm *mm, vaddr_t va, paddr_t pa, vsize_t size, unsigned int prot)
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
static int check_span(const struct mm *mm, vaddr_t va, vsize_t size)
{
	vsize_t page_mask = pt_level_step(leaf_level()) - 1;

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
static int for_each_page(struct mm *mm, vaddr_t va, vsize_t size,
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
		if (!fn && prot == NO_PROT && pin_pages() && pin_busy(page.page_pa, page.size))
			return MMU_EPINNED;	/* unmap() of a pinned page */
		if (!fn && prot != NO_PROT && page.ptep) {
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

static void invalidate_page(struct mm *mm, const struct walk_result *page,
			    unsigned int prot)
{
	(void)prot;
	pt_run_invalidate(mm, page->level, page->size, page->page_va);
}

/*
 * After unmap()'s shootdown: the rest of every entry in [cur, end) of table
 * (at level) whose present word is clear.  Until then a miss handler on
 * another core that read the present word just before may still load the
 * rest (the e500 high word), so it stays.
 */
static void finish_clear(void *table, int level, uint64_t cur, uint64_t end)
{
	uint64_t step = pt_level_step(level);

	while (cur < end) {
		void *slot = pt_table_slot(table, level, level_index(level, (vaddr_t)cur));
		uint64_t next = (cur & ~(step - 1)) + step;
		uint64_t e = pt_entry_get(slot);

		if (level < leaf_level() && !pmd_none(e) && !pmd_leaf(e))
			finish_clear(pmd_table(e), level + 1, cur, next < end ? next : end);
		else
			pt_entry_finish_clear(slot);
		cur = next;
	}
}

void pt_range_finish_clear(struct mm *mm, vaddr_t va, vsize_t size)
{
	finish_clear(mm->pgd, 1, va, (uint64_t)va + size);
}

static void protect_page(struct mm *mm, const struct walk_result *page,
			 unsigned int prot)
{
	pt_run_update(mm, page->level, page->size, page->page_va,
		      mm->pid == 0 ? modify_kernel_leaf : pte_modify, prot);
}

int unmap(struct mm *mm, vaddr_t va, vsize_t size)
{
	int err = check_span(mm, va, size);

	if (!err)
		err = for_each_page(mm, va, size, NULL, NO_PROT);
	if (err)
		return err;
	/* present words first; every core's walks of the entries are over (the
	 * shootdown) before the rest of them goes and before a table is freed */
	for_each_page(mm, va, size, invalidate_page, 0);
	mmu_tlb_invalidate(mm, va, size);
	finish_clear(mm->pgd, 1, va, (uint64_t)va + size);
	pt_release_empty_tables(mm, va, size);
	return MMU_OK;
}

int protect(struct mm *mm, vaddr_t va, vsize_t size, unsigned int prot)
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
 * start and last + 1 must fall on top-level entry boundaries (2 MB on e500,
 * 4 MB on 8xx), so an address space never shares a top-level entry with
 * another.
 */
int mm_init(struct mm *mm, vaddr_t start, vaddr_t last, unsigned int pid)
{
	uint64_t span_mask = pt_level_step(1) - 1;
	void *pgd;

	if ((start & span_mask) || (((uint64_t)last + 1) & span_mask))
		return MMU_EALIGN;
	if (start > last)
		return MMU_ERANGE;
	pgd = pt_alloc(geo_level(1)->order);
	if (!pgd)
		return MMU_ENOMEM;
	mm->pgd = pgd;
	mm->pid = pid;
	mm->start = start;
	mm->last = last;
	mm->tables = 0;
	mm->cpus = 0;
	mm->keep_level = 0;
	return MMU_OK;
}

void *mm_keep_first_table(struct mm *mm)
{
	void *slot = pt_table_slot(mm->pgd, 1, level_index(1, mm->start));
	uint64_t e = pt_entry_get(slot);
	void *table;

	if (pmd_leaf(e) || leaf_level() < 2)
		return NULL;
	if (pmd_none(e)) {
		table = pt_alloc(geo_level(2)->order);
		if (!table)
			return NULL;
		pt_link_table(mm, slot, table, pt_level_step(1), PROT_READ | PROT_WRITE);
	}
	mm->keep_level = 2;
	return pmd_table(pt_entry_get(slot));
}

/* Free every table below table (at level), not table itself. */
void pt_free_below(void *table, int level)
{
	unsigned int i;

	if (level == leaf_level())
		return;
	for (i = 0; i < geo_level(level)->entries; i++) {
		uint64_t e = pt_entry_get(pt_table_slot(table, level, i));

		if (pmd_none(e) || pmd_leaf(e))
			continue;
		pt_free_below(pmd_table(e), level + 1);
		pt_free(pmd_table(e), geo_level(level + 1)->order);
	}
}

void mm_destroy(struct mm *mm)
{
	if (!mm->pgd)
		return;
	mmu_tlb_invalidate_mm(mm);
	pt_free_below(mm->pgd, 1);
	pt_free(mm->pgd, geo_level(1)->order);
	mm->pgd = NULL;
	mm->tables = 0;
}
