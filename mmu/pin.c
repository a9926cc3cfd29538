/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pin_range() / unpin() (see mmu.h): one run-aware walk for every page size.
 *
 * The walker reads the entries down to the leaf that maps an address (one per
 * level) and learns the whole page from it: its size says how far the run
 * of replicated entries reaches (e500 leaf PGD runs, 8xx 16K/512K/8M PTE
 * runs), so the next read is at the next page, never at the next entry of
 * the same run.  pin_range_by_entry() does the same job one entry at a time, as
 * a walker that does not recognise runs must: it is kept for make bench,
 * which puts the two side by side, and for the host tests, which check that
 * both give the same frames.
 *
 * The references live in a table of pinned pages (physical base and size),
 * open addressing with linear probing.  Not reentrant: callers serialise, as
 * for map().
 */
#include "mmu.h"
#include "pgtable.h"

#define PIN_SLOTS	2048u			/* a power of 2 */
#define PIN_LIMIT	768u			/* pages pinned at once: probes stay short */
#define FRAME		0x1000u			/* out[] has one address per 4 KB */

struct pin_slot {
	paddr_t pa;
	vsize_t size;
	unsigned int count;		/* 0: free */
};

static struct pin_slot slots[PIN_SLOTS];
static unsigned int used;
/* Every pinned page lies in [lo, hi) (a bound only: reset when the last pin goes). */
static paddr_t lo = ~(paddr_t)0, hi;

static unsigned int hash(paddr_t pa, vsize_t size)
{
	uint64_t k = (pa >> 12) ^ ((uint64_t)__builtin_ctzll(size) << 40);

	return (unsigned int)((k * 0x9E3779B97F4A7C15ull) >> 54) & (PIN_SLOTS - 1);
}

static struct pin_slot *find(paddr_t pa, vsize_t size)
{
	unsigned int i = hash(pa, size);

	while (slots[i].count) {
		if (slots[i].pa == pa && slots[i].size == size)
			return &slots[i];
		i = (i + 1) & (PIN_SLOTS - 1);
	}
	return NULL;
}

static int get(paddr_t pa, vsize_t size)
{
	struct pin_slot *s = find(pa, size);
	unsigned int i;

	if (s) {
		s->count++;
		return MMU_OK;
	}
	if (used >= PIN_LIMIT)
		return MMU_EPINFULL;
	for (i = hash(pa, size); slots[i].count; i = (i + 1) & (PIN_SLOTS - 1))
		;
	slots[i] = (struct pin_slot){ pa, size, 1 };
	used++;
	if (pa < lo)
		lo = pa;
	if (pa + size > hi)
		hi = pa + size;
	return MMU_OK;
}

/* Remove slot i, moving later entries of its probe chain back (no tombstones). */
static void remove_slot(unsigned int i)
{
	unsigned int j = i;

	slots[i].count = 0;
	for (;;) {
		unsigned int home;

		j = (j + 1) & (PIN_SLOTS - 1);
		if (!slots[j].count)
			break;
		home = hash(slots[j].pa, slots[j].size);
		/* j may move to i if its home does not lie cyclically in (i, j] */
		if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
			continue;
		slots[i] = slots[j];
		slots[j].count = 0;
		i = j;
	}
	if (--used == 0) {
		lo = ~(paddr_t)0;
		hi = 0;
	}
}

static int put(paddr_t pa, vsize_t size)
{
	struct pin_slot *s = find(pa, size);

	if (!s)
		return MMU_ENOTPINNED;
	if (--s->count == 0)
		remove_slot((unsigned int)(s - slots));
	return MMU_OK;
}

unsigned int pin_count(paddr_t pa, vsize_t size)
{
	struct pin_slot *s = find(pa, size);

	return s ? s->count : 0;
}

unsigned int pin_pages(void)
{
	return used;
}

bool pin_busy(paddr_t pa, vsize_t size)
{
	unsigned int i;

	unsigned int n, k;
	const vsize_t *sizes = mmu_page_sizes(&n);
	uint64_t candidates = 0;

	if (!used || pa >= hi || pa + size <= lo)
		return false;
	/* few pages of each size could overlap the range: look each up; else scan the table */
	for (k = 0; k < n; k++)
		candidates += size / sizes[k] + 1;
	if (candidates < PIN_SLOTS / 8) {
		for (k = 0; k < n; k++) {
			paddr_t b;

			for (b = pa & ~(paddr_t)(sizes[k] - 1); b < pa + size; b += sizes[k])
				if (find(b, sizes[k]))
					return true;
		}
		return false;
	}
	for (i = 0; i < PIN_SLOTS; i++)
		if (slots[i].count && slots[i].pa < pa + size && pa < slots[i].pa + slots[i].size)
			return true;
	return false;
}

static int check_args(const struct mm *mm, vaddr_t va, vsize_t len)
{
	if (len == 0)
		return MMU_ESIZE;
	if ((va | len) & (FRAME - 1))
		return MMU_EALIGN;
	if (va < mm->start || va > mm->last || len - 1 > (vsize_t)(mm->last - va))
		return MMU_ERANGE;
	return MMU_OK;
}

static unsigned long reads_total;

unsigned long pin_walk_reads(void)
{
	return reads_total;
}

/*
 * fn(page) on each page of [va, va + len) in order, stopping at the first
 * error; *done: bytes visited.  by_entry: step one entry of the run at a
 * time (fn still once per page), as a walker blind to runs would.
 */
static int each_page(struct mm *mm, vaddr_t va, vsize_t len, bool write, paddr_t *out,
		     int (*fn)(paddr_t pa, vsize_t size), vsize_t *done, bool by_entry)
{
	uint64_t cur = va, end = (uint64_t)va + len, last_page = ~0ull;
	struct walk_result w;
	unsigned int reads;

	*done = 0;
	while (cur < end) {
		uint64_t next;
		int err = pt_walk_counted(mm, (vaddr_t)cur, &w, &reads);

		reads_total += reads;
		if (!err && write && !(w.prot & PROT_WRITE))
			err = MMU_ERDONLY;
		if (!err && (!by_entry || w.page_va != last_page))
			err = fn(w.page_pa, w.size);
		if (err)
			return err;
		last_page = w.page_va;
		if (by_entry)
			next = (cur & ~(pt_level_step(w.level) - 1)) + pt_level_step(w.level);
		else
			next = (uint64_t)w.page_va + w.size;
		if (next > end)
			next = end;
		if (out) {
			paddr_t pa = w.pa;
			uint64_t a;

			for (a = cur; a < next; a += FRAME, pa += FRAME)
				out[(a - va) / FRAME] = pa;
		}
		*done = next - va;
		cur = next;
	}
	return MMU_OK;
}

static int get_page(paddr_t pa, vsize_t size)
{
	return get(pa, size);
}

static int put_page(paddr_t pa, vsize_t size)
{
	return put(pa, size);
}

static int pin_walk(struct mm *mm, vaddr_t va, vsize_t len, bool write, paddr_t *out, bool by_entry)
{
	vsize_t done, undone;
	int err = check_args(mm, va, len);

	if (err)
		return err;
	err = each_page(mm, va, len, write, out, get_page, &done, by_entry);
	if (err && done)	/* give back what this call took */
		each_page(mm, va, done, false, NULL, put_page, &undone, false);
	return err;
}

int pin_range(struct mm *mm, vaddr_t va, vsize_t len, bool write, paddr_t *out)
{
	return pin_walk(mm, va, len, write, out, false);
}

int pin_range_by_entry(struct mm *mm, vaddr_t va, vsize_t len, bool write, paddr_t *out)
{
	return pin_walk(mm, va, len, write, out, true);
}

int unpin(struct mm *mm, vaddr_t va, vsize_t len)
{
	vsize_t done, redone;
	int err = check_args(mm, va, len);

	if (err)
		return err;
	err = each_page(mm, va, len, false, NULL, put_page, &done, false);
	if (err && done)	/* take back what this call dropped */
		each_page(mm, va, done, false, NULL, get_page, &redone, false);
	return err;
}
