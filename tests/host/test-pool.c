/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The huge-page pool over palloc, for whichever family is linked: e500
 * reserves 1G and 256M blocks from 3G of pretend RAM, 8xx 8M, 512K and 16K
 * blocks from 64M.  All or nothing on every error.
 */
#include <stdio.h>
#include <string.h>
#include "pool.h"
#include "palloc.h"
#include "check.h"
#include "tests.h"


static uint32_t bitmap[(3ull << 30) / 4096 / 32];

struct family {
	paddr_t ram;
	const char *good;	/* a command line that reserves big:2, small:3 */
	uint32_t big, small;
	const char *too_much;	/* more than the RAM */
	const char *bad_size;
};

static const struct family e500 = {
	3ull << 30, "console=ttyS0 hugepages=1G:2,256M:3 quiet", SZ_1G, SZ_256M,
	"hugepages=256M:1,1G:3", "hugepages=1G:1,2M:1",
};
static const struct family mpc8xx = {
	64u << 20, "console=ttyCPM0 hugepages=8m:2,512K:3 quiet", SZ_8M, SZ_512K,
	"hugepages=512K:1,8M:8", "hugepages=8M:1,4M:1",
};

static bool report_pool(int err, int expect, const char *what)
{
	if (err == expect)
		return report(true, "%s: %s", what, hugepool_strerror(err));
	return report(false, "%s: returns %d (%s), expected %d (%s)", what, err,
		      hugepool_strerror(err), expect, hugepool_strerror(expect));
}

static const struct family *fam(void)
{
	unsigned int n;
	const vsize_t *sizes = mmu_page_sizes(&n);

	return sizes[n - 1] == SZ_8M ? &mpc8xx : &e500;
}

static void setup(void)
{
	palloc_set_bitmap(bitmap, sizeof(bitmap));
	palloc_init(0, fam()->ram);
	palloc_reserve(0, 0x100000);	/* "the kernel", so block 0 is not at 0 */
}

static bool counts(uint32_t size, unsigned int reserved, unsigned int free)
{
	unsigned int r, f;

	hugepool_count(size, &r, &f);
	return r == reserved && f == free;
}

static void test_pool_cycle(void)
{
	const struct family *f = fam();
	unsigned long before;
	paddr_t a, b, c;

	setup();
	before = palloc_free_pages();
	report_pool(hugepool_init(f->good), HUGEPOOL_OK, "reserve");
	report(counts(f->big, 2, 2) && counts(f->small, 3, 3), "counts 2/2 and 3/3");
	report_eq(palloc_free_pages(), before - (2 * f->big + 3 * f->small) / 4096,
	       "palloc gave exactly those pages");
	report_pool(hugepool_init(f->good), HUGEPOOL_EBUSY, "a second init: EBUSY");

	a = hugepool_alloc(f->big);
	b = hugepool_alloc(f->big);
	report(is_ne(a, HUGEPOOL_FAIL) && is_ne(b, HUGEPOOL_FAIL) && is_ne(a, b) &&
	       is_clear(a, (f->big - 1)) && is_clear(b, (f->big - 1)), "two big blocks, naturally aligned");
	c = hugepool_alloc(f->big);
	report(is_eq(c, HUGEPOOL_FAIL) && is_eq(hugepool_last_error(), HUGEPOOL_EEMPTY),
	       "the third: EEMPTY");
	report(is_eq(hugepool_alloc(SZ_16K << 1), HUGEPOOL_FAIL) &&
	       is_eq(hugepool_last_error(), HUGEPOOL_ESIZE), "a size not in the pool: ESIZE");
	report(counts(f->big, 2, 0), "counts 2/0");

	report_pool(hugepool_release(), HUGEPOOL_EBUSY, "release while in use: EBUSY");
	report_pool(hugepool_free(a + 4096, f->big), HUGEPOOL_EFOREIGN, "free inside a block");
	report_pool(hugepool_free(a, f->small), HUGEPOOL_EFOREIGN, "free with the wrong size");
	report_pool(hugepool_free(0, f->small), HUGEPOOL_EFOREIGN, "free of the kernel");
	report(counts(f->big, 2, 0) && counts(f->small, 3, 3), "refused frees changed nothing");
	report_pool(hugepool_free(a, f->big), HUGEPOOL_OK, "free one");
	report_pool(hugepool_free(a, f->big), HUGEPOOL_EDOUBLE, "free it again: EDOUBLE");
	report(counts(f->big, 2, 1), "counts 2/1");
	report_eq(hugepool_alloc(f->big), a, "reuse: the same block comes back");

	report(is_ne(palloc_pages(0), PALLOC_FAIL) && is_ne(palloc_pages(0), PALLOC_FAIL),
	       "palloc still serves small pages");
	c = hugepool_alloc(f->small);
	report(is_ne(c, HUGEPOOL_FAIL) && is_clear(c, (f->small - 1)), "small block, aligned");
	report(is_eq(hugepool_free(a, f->big), HUGEPOOL_OK) &&
	       is_eq(hugepool_free(b, f->big), HUGEPOOL_OK) && is_eq(hugepool_free(c, f->small), HUGEPOOL_OK),
	       "everything back");
	report_pool(hugepool_release(), HUGEPOOL_OK, "release");
	report(is_eq(palloc_free_pages(), before - 2) && counts(f->big, 0, 0),
	       "palloc has the blocks back");
}

struct bad_case {
	const char *what;
	const char *cmdline;	/* e500 */
	const char *cmdline_8xx;	/* when the sizes matter, else NULL */
	int expect;
};

static const struct bad_case bad_cases[] = {
	{ "empty value", "hugepages=", NULL, HUGEPOOL_ESYNTAX },
	{ "size only", "hugepages=8M", NULL, HUGEPOOL_ESYNTAX },
	{ "no count", "hugepages=8M:", NULL, HUGEPOOL_ESYNTAX },
	{ "no number", "hugepages=M:1", NULL, HUGEPOOL_ESYNTAX },
	{ "no unit", "hugepages=8:1", NULL, HUGEPOOL_ESYNTAX },
	{ "unknown unit", "hugepages=8X:1", NULL, HUGEPOOL_ESYNTAX },
	{ "trailing comma", "hugepages=1G:1,", "hugepages=8M:1,", HUGEPOOL_ESYNTAX },
	{ "semicolon", "hugepages=1G:1;4M:1", "hugepages=8M:1;16K:1", HUGEPOOL_ESYNTAX },
	{ "count with junk", "hugepages=1G:1x", "hugepages=8M:1x", HUGEPOOL_ESYNTAX },
	{ "negative count", "hugepages=1G:-1", NULL, HUGEPOOL_ESYNTAX },
	{ "huge number", "hugepages=99999999999G:1", NULL, HUGEPOOL_ESYNTAX },
	{ "two words", "hugepages=8M:1 hugepages=1G:1", NULL, HUGEPOOL_ESYNTAX },
	{ "size twice", "hugepages=1G:1,1G:1", "hugepages=8M:1,8M:1", HUGEPOOL_ESYNTAX },
	{ "the base page", "hugepages=4K:1", NULL, HUGEPOOL_ESIZE },
	{ "3G", "hugepages=3G:1", NULL, HUGEPOOL_ESIZE },
	{ "zero count", "hugepages=1G:0", "hugepages=8M:0", HUGEPOOL_ESYNTAX },
	{ "zero count after a good one", "hugepages=1G:1,4M:0", "hugepages=8M:1,16K:0", HUGEPOOL_ESYNTAX },
	{ "bare word", "hugepages", NULL, HUGEPOOL_ESYNTAX },
	{ "a tab between two words", "quiet\thugepages=8M:1\thugepages=1G:1", NULL, HUGEPOOL_ESYNTAX },
	{ "too many blocks", "hugepages=16K:40,512K:25", NULL, HUGEPOOL_ECOUNT },
};

/*
 * Each size alone: what fits of it in the pretend RAM, the first 1M of which
 * is "the kernel" (setup()), up to the pool's limit on blocks.  Worked out
 * here from the RAM, not by the pool.
 */
static unsigned int alone(const struct family *f, uint32_t size)
{
	paddr_t kernel = (0x100000 + size - 1) / size * size;
	paddr_t n = (f->ram - kernel) / size;

	return n < HUGEPOOL_MAX_PAGES ? (unsigned int)n : HUGEPOOL_MAX_PAGES;
}

/*
 * too_much names the small size first and asks more big pages than fit: the
 * big ones go first and fail part way, holding some blocks.  The report must
 * count each size with nothing else held (blocks kept from the failed try
 * would cut the small size's count short).
 */
static void check_shortfall(const struct family *f)
{
	const struct hugepool_shortfall *s = hugepool_shortfall();
	unsigned int i;

	report_eq(s->failed_size, f->big, "shortfall: the size that did not fit is the big one");
	report_eq(s->failed_got, alone(f, f->big), "shortfall: big pages found room before the failure");
	report_eq(s->nr, 2, "shortfall: both requested sizes measured");
	for (i = 0; i < s->nr && i < 2; i++)
		report_eq(s->sizes[i].fits, alone(f, s->sizes[i].size),
			  "shortfall: size %u measured alone (nothing else held)", (unsigned int)i);
}

static void test_pool_bad(void)
{
	const struct family *f = fam();
	unsigned long before;
	unsigned int i;

	setup();
	before = palloc_free_pages();
	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *c = &bad_cases[i];
		int expect = c->expect;

		/* On e500 the 16K of the ECOUNT line is an unknown size first. */
		if (expect == HUGEPOOL_ECOUNT && f == &e500)
			expect = HUGEPOOL_ESIZE;
		report_pool(hugepool_init(f == &mpc8xx && c->cmdline_8xx ? c->cmdline_8xx :
					  c->cmdline), expect, c->what);
	}
	report_pool(hugepool_init(f->bad_size), HUGEPOOL_ESIZE, "a size of the other family");
	report_pool(hugepool_init(f->too_much), HUGEPOOL_ENOMEM, "more than the RAM");
	check_shortfall(f);
	report(is_eq(palloc_free_pages(), before) && counts(f->big, 0, 0) && counts(f->small, 0, 0),
	       "all or nothing: no block held after any error");
	report_eq(hugepool_alloc(f->big), HUGEPOOL_FAIL, "nothing to allocate");
	report_pool(hugepool_init("console=ttyS0 xhugepages=8M:1 hugepagesx=1"), HUGEPOOL_OK,
		   "no hugepages= word: an empty pool");
	report_eq(palloc_free_pages(), before, "nothing reserved");
	report_pool(hugepool_release(), HUGEPOOL_OK, "release the empty pool");
}

/* The point of the pool: huge blocks survive fragmentation of palloc. */
static void test_pool_fragmented(void)
{
	const struct family *f = fam();
	paddr_t pa, big, small;
	unsigned long n = 0;

	setup();
	report_pool(hugepool_init(f->good), HUGEPOOL_OK, "reserve at boot");
	while ((pa = palloc_pages(0)) != PALLOC_FAIL)
		if (++n % 2 == 0)
			palloc_free(pa, 0);
	report_eq(palloc_pages(1), PALLOC_FAIL, "palloc fragmented: no 8K block left");
	big = hugepool_alloc(f->big);
	small = hugepool_alloc(f->small);
	report(is_ne(big, HUGEPOOL_FAIL) && is_ne(small, HUGEPOOL_FAIL), "the pool still has huge blocks");
	hugepool_free(big, f->big);
	hugepool_free(small, f->small);
	hugepool_release();
}

/*
 * Biggest sizes first, whatever the order of the command line: with RAM of
 * exactly one block of each of the three largest huge sizes and a lowest-
 * address-first palloc, only big, then middle, then small fits them all
 * (the big block at 0, the middle one right after it, the small one last).
 */
static void test_pool_order(void)
{
	unsigned int n;
	const vsize_t *sizes = mmu_page_sizes(&n);
	uint32_t big = sizes[n - 1], mid = sizes[n - 2], small = sizes[1];
	char cmdline[96], what[160];

	palloc_set_bitmap(bitmap, sizeof(bitmap));
	palloc_init(0, (paddr_t)big + mid + small);
	snprintf(cmdline, sizeof(cmdline), "hugepages=%uK:1,%uK:1,%uK:1",
		 mid >> 10, small >> 10, big >> 10);
	snprintf(what, sizeof(what), "%s fills RAM of exactly those blocks", cmdline);
	report_pool(hugepool_init(cmdline), HUGEPOOL_OK, what);
	report_eq(hugepool_alloc(big), 0, "the biggest block at 0");
	report_eq(hugepool_alloc(mid), big, "the middle one right after it");
	report_eq(hugepool_alloc(small), (paddr_t)big + mid, "the smallest last");
	report_eq(palloc_free_pages(), 0, "no page left over");
	hugepool_free(0, big);
	hugepool_free(big, mid);
	hugepool_free((paddr_t)big + mid, small);
	report_pool(hugepool_release(), HUGEPOOL_OK, "release");
}

const struct host_test pool_tests[] = {
	{ "pool order", test_pool_order },
	{ "pool cycle", test_pool_cycle },
	{ "pool bad strings", test_pool_bad },
	{ "pool fragmented", test_pool_fragmented },
};
const unsigned int nr_pool_tests = sizeof(pool_tests) / sizeof(pool_tests[0]);
