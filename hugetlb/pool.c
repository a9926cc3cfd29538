/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Huge-page reservation pool (see pool.h): a parser that plans the
 * reservation in plain structs, then one step that takes the blocks from
 * palloc and undoes itself if any is missing.
 */
#include "pool.h"
#include "../mmu/palloc.h"
#include "../lib/cmdline.h"
#include "../mmu/pgtable.h"

#define MAX_SIZES	HUGEPOOL_MAX_SIZES

struct request {
	vsize_t size;
	unsigned int count;
};

struct block {
	paddr_t pa;
	vsize_t size;
	bool used;
	bool high;		/* from the high range, not palloc */
	struct mm *home_mm;	/* hugepool_map()'s space, NULL otherwise */
	vaddr_t home_va;	/* and where it mapped the page */
};

static struct block blocks[HUGEPOOL_MAX_PAGES];
static unsigned int nr_blocks;
static int last_error;
/* RAM the page allocator does not cover (e500: above 4 GB), for huge pages only: a bump range. */
static paddr_t high_start, high_end, high_next;
static struct hugepool_shortfall shortfall;

const char *hugepool_strerror(int err)
{
	switch (err) {
	case HUGEPOOL_OK:	return "success";
	case HUGEPOOL_ESYNTAX:	return "malformed hugepages= parameter";
	case HUGEPOOL_ESIZE:	return "not a huge-page size of this pool";
	case HUGEPOOL_ECOUNT:	return "more huge pages than the pool can hold";
	case HUGEPOOL_ENOMEM:	return "not enough aligned memory for the huge pages";
	case HUGEPOOL_EEMPTY:	return "no free huge page of that size";
	case HUGEPOOL_EFOREIGN:	return "not a huge page of the pool";
	case HUGEPOOL_EDOUBLE:	return "huge page already free";
	case HUGEPOOL_EBUSY:	return "huge-page pool in use";
	case HUGEPOOL_EPINNED:	return "huge page is pinned";
	case HUGEPOOL_EMAPPED:	return "huge page still mapped (hugepool_unmap() frees it)";
	default:		return "unknown error";
	}
}

/* A page size of the family's table above the base page (16G too: the list is 64-bit here). */
static bool huge_size_supported(vsize_t size)
{
	unsigned int i;

	for (i = 1; i < pt_geo.nr_sizes; i++)	/* sizes[0] is the base page */
		if (pt_geo.sizes[i].enabled && pt_geo.sizes[i].size == size)
			return true;
	return false;
}

/* Decimal digits at *p, at least one; false on overflow past limit. */
static bool parse_number(const char **p, const char *end, uint64_t limit, uint64_t *out)
{
	const char *s = *p;
	uint64_t v = 0;

	if (s == end || *s < '0' || *s > '9')
		return false;
	while (s < end && *s >= '0' && *s <= '9') {
		v = v * 10 + (uint64_t)(*s - '0');
		if (v > limit)
			return false;
		s++;
	}
	*p = s;
	*out = v;
	return true;
}

static int parse_entry(const char **p, const char *end, struct request *r)
{
	uint64_t num, count;
	unsigned int shift;

	if (!parse_number(p, end, 1u << 30, &num) || *p == end)
		return HUGEPOOL_ESYNTAX;
	switch (**p) {
	case 'k': case 'K': shift = 10; break;
	case 'm': case 'M': shift = 20; break;
	case 'g': case 'G': shift = 30; break;
	default: return HUGEPOOL_ESYNTAX;
	}
	(*p)++;
	if (*p == end || **p != ':')
		return HUGEPOOL_ESYNTAX;
	(*p)++;
	if (!parse_number(p, end, HUGEPOOL_MAX_PAGES + 1, &count) || count == 0)
		return HUGEPOOL_ESYNTAX;	/* a size with no page is a mistake, not a request */
	if (*p != end && **p != ',')
		return HUGEPOOL_ESYNTAX;
	num <<= shift;
	if (!huge_size_supported(num))
		return HUGEPOOL_ESIZE;
	r->size = num;
	r->count = (unsigned int)count;
	return HUGEPOOL_OK;
}

/* The value of the one hugepages= word, or NULL (*err set if there are two or it is bare). */
static const char *find_word(const char *cmdline, const char **end, int *err)
{
	const char *value;
	size_t len;
	bool bare;
	unsigned int n = cmdline_find(cmdline, "hugepages", &value, &len, &bare);

	*err = n > 1 || (n && bare) ? HUGEPOOL_ESYNTAX : HUGEPOOL_OK;
	if (n != 1 || bare)
		return NULL;
	*end = value + len;
	return value;
}

static int parse(const char *cmdline, struct request *req, unsigned int *nr)
{
	const char *end = NULL, *p;
	unsigned int n = 0, i, total = 0;
	int err;

	*nr = 0;
	p = find_word(cmdline, &end, &err);
	if (!p)
		return err;
	if (p == end)
		return HUGEPOOL_ESYNTAX;
	for (;;) {
		struct request r;

		err = parse_entry(&p, end, &r);
		if (err)
			return err;
		for (i = 0; i < n; i++)
			if (req[i].size == r.size)
				return HUGEPOOL_ESYNTAX;
		if (n == MAX_SIZES)
			return HUGEPOOL_ESYNTAX;
		req[n++] = r;
		total += r.count;
		if (total > HUGEPOOL_MAX_PAGES)
			return HUGEPOOL_ECOUNT;
		if (p == end)
			break;
		p++;	/* the comma */
	}
	*nr = n;
	return HUGEPOOL_OK;
}

static unsigned int size_order(vsize_t size)
{
	return (unsigned int)__builtin_ctzll(size) - PALLOC_PAGE_SHIFT;
}

static void give_back(unsigned int from)
{
	while (nr_blocks > from) {
		nr_blocks--;
		if (blocks[nr_blocks].high)
			high_next = blocks[nr_blocks].pa;	/* blocks go back in reverse order */
		else
			palloc_free(blocks[nr_blocks].pa, size_order(blocks[nr_blocks].size));
	}
}

void hugepool_set_high(paddr_t start, paddr_t end)
{
	high_start = high_next = start;
	high_end = end > start ? end : start;
}

/*
 * One block of size for the pool: from the high range when it has room (it
 * serves nothing else; sizes come largest first, so natural alignment
 * wastes nothing), else from palloc.  False if neither has one.
 */
static bool take_block(vsize_t size)
{
	paddr_t pa = (high_next + size - 1) & ~(paddr_t)(size - 1);
	bool high = high_end > high_start && pa + size <= high_end;

	if (nr_blocks == HUGEPOOL_MAX_PAGES)
		return false;
	if (high)
		high_next = pa + size;
	else
		pa = palloc_pages(size_order(size));
	if (pa == PALLOC_FAIL)
		return false;
	blocks[nr_blocks++] = (struct block){ pa, size, false, high, NULL, 0 };
	return true;
}

/* How many blocks of each requested size fit, each size alone (nothing held before or after). */
static void measure_shortfall(const struct request *req, unsigned int nr)
{
	unsigned int i;

	shortfall.nr = nr;
	for (i = 0; i < nr; i++) {
		shortfall.sizes[i].size = req[i].size;
		shortfall.sizes[i].wanted = req[i].count;
		while (take_block(req[i].size))
			;
		shortfall.sizes[i].fits = nr_blocks;
		give_back(0);
	}
}

const struct hugepool_shortfall *hugepool_shortfall(void)
{
	return &shortfall;
}

bool hugepool_block(unsigned int i, paddr_t *pa, vsize_t *size, bool *high)
{
	if (i >= nr_blocks)
		return false;
	*pa = blocks[i].pa;
	*size = blocks[i].size;
	*high = blocks[i].high;
	return true;
}

int hugepool_init(const char *cmdline)
{
	struct request req[MAX_SIZES], all[MAX_SIZES];
	unsigned int nr, nr_all, i, j;
	int err;

	if (nr_blocks)
		return HUGEPOOL_EBUSY;
	shortfall.nr = 0;
	shortfall.failed_size = 0;
	err = parse(cmdline, req, &nr);
	if (err)
		return err;
	nr_all = nr;
	for (i = 0; i < nr; i++)
		all[i] = req[i];
	while (nr) {
		unsigned int big = 0;

		for (i = 1; i < nr; i++)
			if (req[i].size > req[big].size)
				big = i;
		for (j = 0; j < req[big].count; j++) {
			if (!take_block(req[big].size)) {
				shortfall.failed_size = req[big].size;
				shortfall.failed_count = req[big].count;
				shortfall.failed_got = j;
				give_back(0);
				measure_shortfall(all, nr_all);
				return HUGEPOOL_ENOMEM;
			}
		}
		req[big] = req[--nr];
	}
	return HUGEPOOL_OK;
}

int hugepool_release(void)
{
	unsigned int i;

	for (i = 0; i < nr_blocks; i++)
		if (blocks[i].used)
			return HUGEPOOL_EBUSY;
	give_back(0);
	return HUGEPOOL_OK;
}

paddr_t hugepool_alloc(vsize_t size)
{
	unsigned int i;
	bool known = false;

	for (i = 0; i < nr_blocks; i++) {
		if (blocks[i].size != size)
			continue;
		known = true;
		if (!blocks[i].used) {
			blocks[i].used = true;
			last_error = HUGEPOOL_OK;
			return blocks[i].pa;
		}
	}
	last_error = known ? HUGEPOOL_EEMPTY : HUGEPOOL_ESIZE;
	return HUGEPOOL_FAIL;
}

int hugepool_free(paddr_t pa, vsize_t size)
{
	unsigned int i;

	for (i = 0; i < nr_blocks; i++) {
		if (blocks[i].pa != pa || blocks[i].size != size)
			continue;
		if (!blocks[i].used)
			return HUGEPOOL_EDOUBLE;
		if (pin_busy(pa, size))
			return HUGEPOOL_EPINNED;
		if (blocks[i].home_mm)
			return HUGEPOOL_EMAPPED;
		blocks[i].used = false;
		return HUGEPOOL_OK;
	}
	return HUGEPOOL_EFOREIGN;
}

int hugepool_last_error(void)
{
	return last_error;
}

void hugepool_count(vsize_t size, unsigned int *reserved, unsigned int *free)
{
	unsigned int i;

	*reserved = 0;
	*free = 0;
	for (i = 0; i < nr_blocks; i++) {
		if (blocks[i].size != size)
			continue;
		(*reserved)++;
		if (!blocks[i].used)
			(*free)++;
	}
}

int hugepool_map(struct mm *mm, vaddr_t va, vsize_t size, unsigned int prot, paddr_t *pa)
{
	paddr_t got = hugepool_alloc(size);
	unsigned int i;
	int err;

	if (got == HUGEPOOL_FAIL)
		return last_error;
	err = map(mm, va, got, size, prot);
	for (i = 0; i < nr_blocks; i++) {
		if (blocks[i].pa != got || blocks[i].size != size)
			continue;
		if (err) {
			blocks[i].used = false;
			return err;
		}
		blocks[i].home_mm = mm;
		blocks[i].home_va = va;
	}
	*pa = got;
	return MMU_OK;
}

/* Does any page of b's home range still map into b? */
static bool still_mapped(const struct block *b)
{
	uint64_t cur = b->home_va, end = (uint64_t)b->home_va + b->size;
	struct walk_result w;

	while (cur < end) {
		if (walk(b->home_mm, (vaddr_t)cur, &w)) {
			cur += 0x1000;
			continue;
		}
		if (w.pa >= b->pa && w.pa - b->pa < b->size)
			return true;
		cur = (uint64_t)w.page_va + w.size;
	}
	return false;
}

int hugepool_unmap(struct mm *mm, vaddr_t va, vsize_t size)
{
	int err = unmap(mm, va, size);
	unsigned int i;

	if (err)
		return err;
	for (i = 0; i < nr_blocks; i++) {
		struct block *b = &blocks[i];

		if (b->home_mm != mm || (uint64_t)b->home_va >= (uint64_t)va + size ||
		    (uint64_t)va >= (uint64_t)b->home_va + b->size || still_mapped(b))
			continue;
		b->home_mm = NULL;
		b->used = false;
	}
	return MMU_OK;
}

int hugepool_home_mapped(paddr_t pa, vsize_t size)
{
	unsigned int i;

	for (i = 0; i < nr_blocks; i++)
		if (blocks[i].pa == pa && blocks[i].size == size)
			return blocks[i].home_mm != NULL;
	return HUGEPOOL_EFOREIGN;
}
