/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * split(), collapse(), pin_range()/unpin() and the pool's accounting of a
 * partly mapped huge page, for whichever family is linked (both host
 * programs run this file).
 */
#include <stdio.h>
#include "pgtable.h"
#include "palloc.h"
#include "pool.h"
#include "tests.h"

#define VA	0x40000000u	/* 1 GB aligned: any page size fits */
#define PA	0x40000000u
#define PROT	(PROT_READ | PROT_WRITE | PROT_USER)
#define PROT_RO	(PROT_READ | PROT_USER)

static unsigned int kib(vsize_t size)
{
	return (unsigned int)(size >> 10);
}

/* The hook's view at the shootdown: addresses of the page that still translate. */
static vaddr_t look_va[3];
static struct mm *look_mm;
static unsigned int look_calls, look_present;

static void look(const struct mm *mm, vaddr_t va, vsize_t size)
{
	struct walk_result w;
	unsigned int i;

	(void)va;
	(void)size;
	look_calls++;
	for (i = 0; i < 3; i++)
		look_present += walk((struct mm *)mm, look_va[i], &w) == MMU_OK;
}

static void look_at(struct mm *mm, vsize_t size)
{
	look_mm = mm;
	look_va[0] = VA;
	look_va[1] = VA + (vaddr_t)(size / 2);
	look_va[2] = VA + (vaddr_t)(size - 1);
	look_calls = look_present = 0;
	env_tlb_calls = 0;
	env_tlb_hook = look;
}

/* Every piece of [VA, VA + big) is a page of size small, at PA + its offset, with prot. */
static unsigned int bad_pieces(struct mm *mm, vsize_t big, vsize_t small, unsigned int prot)
{
	unsigned int bad = 0;
	vsize_t off;

	for (off = 0; off < big; off += small) {
		struct walk_result w;

		if (walk(mm, VA + (vaddr_t)off + (vaddr_t)(small - 1), &w) || w.size != small ||
		    w.page_va != VA + off || w.page_pa != PA + off || w.prot != prot)
			bad++;
	}
	return bad;
}

/*
 * Every huge size into every smaller one and back: the pieces, one shootdown
 * of the whole page with nothing translating at that moment (break before
 * make), and after collapse() the page and the tables as before.
 */
static void test_split_every_size(void)
{
	unsigned int n, b, s;
	const vsize_t *sizes = mmu_page_sizes(&n);

	for (b = 1; b < n; b++) {
		for (s = 0; s < b; s++) {
			vsize_t big = sizes[b], small = sizes[s];
			struct walk_result w;
			unsigned long tables;
			struct mm mm;

			report_prefix_push("%uK -> %uK", kib(big), kib(small));
			env_init();
			mm_init(&mm, 0, 0xFFFFFFFF, 1);
			map(&mm, VA, PA, big, PROT);
			tables = env.live;
			look_at(&mm, big);
			report_err(split(&mm, VA + (vaddr_t)(big / 2), SZ_4K, small), MMU_OK,
				   "split of one 4K inside the page");
			env_tlb_hook = NULL;
			report(is_eq(env_tlb_calls, 1) && is_eq(env_tlb_log[0].va, VA) &&
			       is_eq(env_tlb_log[0].size, big), "one shootdown of the whole page");
			report_eq(look_present, 0, "at it, neither the old page nor a piece translates");
			report_eq(bad_pieces(&mm, big, small, PROT), 0,
				  "all %u pieces: size, frame, prot", (unsigned int)(big / small));
			look_at(&mm, big);
			report_err(collapse(&mm, VA + (vaddr_t)(big - 1)), MMU_OK, "collapse at the last byte");
			env_tlb_hook = NULL;
			report(is_eq(env_tlb_calls, 1) && is_eq(env_tlb_log[0].va, VA) &&
			       is_eq(env_tlb_log[0].size, big) && is_eq(look_present, 0),
			       "one shootdown of the page, nothing translating at it");
			report(is_eq(walk(&mm, VA + 5, &w), MMU_OK) && is_eq(w.size, big) &&
			       is_eq(w.page_pa, PA) && is_eq(w.prot, PROT) && is_eq(env.live, tables),
			       "the %uK page again, tables as before the split (%lu)", kib(big), env.live);
			mm_destroy(&mm);
			report_prefix_pop();
		}
	}
}

/* The largest size of at most 8M and the number of 4K pieces in it. */
static vsize_t test_size(void)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);
	vsize_t size = 0;

	for (i = 1; i < n; i++)
		if (sizes[i] <= SZ_8M)
			size = sizes[i];
	return size;
}

static void check_no_collapse(struct mm *mm, vaddr_t va, const char *what)
{
	CHECK_UNCHANGED(MMU_ENOCOLLAPSE, collapse(mm, va), what);
}

/* Pieces changed one at a time with map/unmap/protect, and what collapse() says of them. */
static void test_split_then_change(void)
{
	vsize_t big = test_size();
	vaddr_t piece = VA + (vaddr_t)(big / 2);
	struct walk_result w;
	struct mm mm;

	env_init();
	mm_init(&mm, 0, 0xFFFFFFFF, 1);
	map(&mm, VA, PA, big, PROT);
	report_err(split(&mm, VA, big, SZ_4K), MMU_OK, "the page into 4K pieces");
	report_err(protect(&mm, piece, SZ_4K, PROT_RO), MMU_OK, "one piece read-only");
	report(is_eq(walk(&mm, piece, &w), MMU_OK) && is_eq(w.prot, PROT_RO) &&
	       is_eq(walk(&mm, piece + SZ_4K, &w), MMU_OK) && is_eq(w.prot, PROT) &&
	       is_eq(walk(&mm, piece - SZ_4K, &w), MMU_OK) && is_eq(w.prot, PROT),
	       "only that piece is read-only");
	check_no_collapse(&mm, piece, "collapse at a piece of another protection");
	check_no_collapse(&mm, piece + SZ_4K, "and at its neighbour");
	protect(&mm, piece, SZ_4K, PROT);
	report_err(unmap(&mm, piece, SZ_4K), MMU_OK, "one piece unmapped");
	report(is_eq(walk(&mm, piece, &w), MMU_ENOENT) && is_eq(walk(&mm, piece + SZ_4K, &w), MMU_OK) &&
	       is_eq(walk(&mm, piece - 1, &w), MMU_OK), "only that piece is gone");
	check_no_collapse(&mm, piece + SZ_4K, "collapse next to a hole");
	map(&mm, piece, PA + big / 2 + SZ_4K, SZ_4K, PROT);
	check_no_collapse(&mm, piece, "collapse at a piece of another frame");
	check_no_collapse(&mm, piece + SZ_4K, "and at its neighbour");
	unmap(&mm, piece, SZ_4K);
	map(&mm, piece, PA + big / 2, SZ_4K, PROT);
	report_err(collapse(&mm, VA), MMU_OK, "collapse once the piece is back");
	report(is_eq(walk(&mm, piece, &w), MMU_OK) && is_eq(w.size, big), "the %uK page", kib(big));
	mm_destroy(&mm);
}

/* A split through part of a page splits the page; a range over two pages splits both. */
static void test_split_whole_runs(void)
{
	vsize_t big = test_size();
	struct walk_result w;
	struct mm mm;

	env_init();
	mm_init(&mm, 0, 0xFFFFFFFF, 1);
	map(&mm, VA, PA, big, PROT);
	map(&mm, VA + (vaddr_t)big, PA + big, big, PROT);
	env_tlb_calls = 0;
	report_err(split(&mm, VA + (vaddr_t)big - SZ_4K, 2 * SZ_4K, SZ_4K), MMU_OK,
		   "split of the last 4K of one page and the first of the next");
	report(is_eq(bad_pieces(&mm, 2 * big, SZ_4K, PROT), 0) && is_eq(env_tlb_calls, 2),
	       "both pages wholly in 4K pieces, one shootdown each");
	report_err(collapse(&mm, VA), MMU_OK, "collapse of the first");
	report(is_eq(walk(&mm, VA, &w), MMU_OK) && is_eq(w.size, big) &&
	       is_eq(walk(&mm, VA + (vaddr_t)big, &w), MMU_OK) && is_eq(w.size, SZ_4K),
	       "the first is whole, the second still in pieces");
	mm_destroy(&mm);
}

static void test_split_errors(void)
{
	vsize_t big = test_size();
	unsigned int n;
	const vsize_t *sizes = mmu_page_sizes(&n);
	struct mm mm, small_mm;

	env_init();
	mm_init(&mm, 0, 0xFFFFFFFF, 1);
	mm_init(&small_mm, 0, 0x7FFFFFFF, 2);
	map(&mm, VA, PA, big, PROT);
	map(&mm, VA + 2 * (vaddr_t)big, PA, SZ_4K, PROT);
	CHECK_UNCHANGED(MMU_ESIZE, split(&mm, VA, big, SZ_8K), "a new size the family has not: ESIZE");
	CHECK_UNCHANGED(MMU_ESIZE, split(&mm, VA, 0, SZ_4K), "an empty range: ESIZE");
	CHECK_UNCHANGED(MMU_EALIGN, split(&mm, VA + 1, SZ_4K, SZ_4K), "an unaligned va: EALIGN");
	CHECK_UNCHANGED(MMU_EALIGN, split(&mm, VA, 100, SZ_4K), "an unaligned length: EALIGN");
	CHECK_UNCHANGED(MMU_ERANGE, split(&small_mm, 0x7FFFF000, 2 * SZ_4K, SZ_4K),
			"a range past the space: ERANGE");
	CHECK_UNCHANGED(MMU_ENOENT, split(&mm, VA, big + SZ_4K, SZ_4K), "a range with a hole: ENOENT");
	CHECK_UNCHANGED(MMU_ENOTHUGE, split(&mm, VA, SZ_4K, big), "into its own size: ENOTHUGE");
	CHECK_UNCHANGED(MMU_ENOTHUGE, split(&mm, VA + 2 * (vaddr_t)big, SZ_4K, SZ_4K),
			"a 4K page: ENOTHUGE");
	CHECK_UNCHANGED(MMU_ENOTHUGE, split(&mm, VA, SZ_4K, sizes[n - 1]), "into a larger size: ENOTHUGE");
	CHECK_UNCHANGED(MMU_ENOENT, collapse(&mm, VA + (vaddr_t)big), "collapse of a hole: ENOENT");
	CHECK_UNCHANGED(MMU_ERANGE, collapse(&small_mm, 0x80000000u), "collapse outside the space: ERANGE");
	CHECK_UNCHANGED(MMU_ENOCOLLAPSE, collapse(&mm, VA + 2 * (vaddr_t)big),
			"collapse of a lone 4K page: ENOCOLLAPSE");
	mm_destroy(&small_mm);
	mm_destroy(&mm);
}

/* Tables are allocated before anything changes: a failed allocation leaves the page as it was. */
static void test_split_nomem(void)
{
	unsigned int n, b, k, tried = 0;
	const vsize_t *sizes = mmu_page_sizes(&n);

	for (b = 1; b < n; b++) {
		vsize_t big = sizes[b];
		struct walk_result w;
		struct mm mm;

		if (pt_find_size(big)->level == pt_find_size(SZ_4K)->level || big > SZ_8M)
			continue;	/* a split at one level allocates nothing */
		env_init();
		mm_init(&mm, 0, 0xFFFFFFFF, 1);
		map(&mm, VA, PA, big, PROT);
		for (k = 0; k < big / pt_level_step(1); k++) {
			char what[80];

			snprintf(what, sizeof(what), "%uK into 4K, allocation %u fails: ENOMEM", kib(big), k);
			env_fail_after(k);
			CHECK_UNCHANGED(MMU_ENOMEM, split(&mm, VA, SZ_4K, SZ_4K), what);
			env_fail_after(-1);
		}
		report(is_eq(walk(&mm, VA, &w), MMU_OK) && is_eq(w.size, big), "%uK still whole", kib(big));
		mm_destroy(&mm);
		tried++;
	}
	if (!tried)	/* the 8xx: every size is a run of PTEs, nothing to allocate */
		report(pt_find_size(sizes[n - 1])->level == pt_find_size(SZ_4K)->level,
		       "every size lives in the PTE tables: a split never allocates");
}

/* pin_range()/unpin() over a huge page, a writable 4K page and a read-only one. */
static void test_pin(void)
{
	vsize_t big = test_size();
	vaddr_t rw = VA + (vaddr_t)big, ro = rw + SZ_4K;
	static paddr_t out[SZ_8M / SZ_4K + 2], out2[SZ_8M / SZ_4K + 2];
	unsigned int pages, bad = 0, i, level;
	unsigned long reads_run, reads_entry;
	struct mm mm;

	env_init();
	mm_init(&mm, 0, 0xFFFFFFFF, 1);
	map(&mm, VA, PA, big, PROT);
	map(&mm, rw, 0x1000, SZ_4K, PROT);
	map(&mm, ro, 0x2000, SZ_4K, PROT_RO);
	pages = pin_pages();
	reads_run = pin_walk_reads();
	report_err(pin_range(&mm, VA + SZ_4K, big, true, out), MMU_OK,
		   "pin for writing: the huge page from its second 4K, and the 4K page after");
	reads_run = pin_walk_reads() - reads_run;
	for (i = 0; i < big / SZ_4K - 1; i++)
		bad += out[i] != PA + SZ_4K * (i + 1);
	report(is_eq(bad, 0) && is_eq(out[big / SZ_4K - 1], 0x1000), "every frame");
	report(is_eq(pin_count(PA, big), 1) && is_eq(pin_count(0x1000, SZ_4K), 1) &&
	       is_eq(pin_pages(), pages + 2), "one reference on each page");
	reads_entry = pin_walk_reads();
	report_err(pin_range_by_entry(&mm, VA + SZ_4K, big, true, out2), MMU_OK,
		   "the one-entry-at-a-time walk of the same range");
	reads_entry = pin_walk_reads() - reads_entry;
	bad = 0;
	for (i = 0; i < big / SZ_4K; i++)
		bad += out[i] != out2[i];
	report(is_eq(bad, 0) && is_eq(pin_count(PA, big), 2) && is_eq(pin_count(0x1000, SZ_4K), 2),
	       "gives the same frames and one more reference a page");
	level = pt_find_size(big)->level;
	report(is_eq(reads_run, level + pt_geo.levels) &&
	       is_eq(reads_entry, (big - SZ_4K + pt_level_step(level) - 1) / pt_level_step(level) * level +
			      pt_geo.levels),
	       "entries read: %lu by the run-aware walk (down to each page once), %lu one entry at a time",
	       reads_run, reads_entry);
	pages = pin_pages();
	CHECK_UNCHANGED(MMU_ERDONLY, pin_range(&mm, rw, 2 * SZ_4K, true, out),
			"pin for writing over a read-only page: ERDONLY");
	CHECK_UNCHANGED(MMU_ENOENT, pin_range(&mm, rw, 3 * SZ_4K, false, out), "over a hole: ENOENT");
	report(is_eq(pin_pages(), pages) && is_eq(pin_count(0x1000, SZ_4K), 2), "nothing pinned by them");
	report_err(pin_range(&mm, ro, SZ_4K, false, out), MMU_OK, "pin the read-only page for reading");
	CHECK_UNCHANGED(MMU_EPINNED, unmap(&mm, VA, big), "unmap of a pinned page: EPINNED");
	CHECK_UNCHANGED(MMU_EPINNED, split(&mm, VA, SZ_4K, SZ_4K), "split of a pinned page: EPINNED");
	report_err(unpin(&mm, VA + SZ_4K, big), MMU_OK, "unpin");
	report_err(unpin(&mm, VA + SZ_4K, big), MMU_OK, "unpin again");
	CHECK_UNCHANGED(MMU_ENOTPINNED, unpin(&mm, VA + SZ_4K, big), "a third time: ENOTPINNED");
	CHECK_UNCHANGED(MMU_ENOTPINNED, unpin(&mm, VA, SZ_4K + big), "a range over an unpinned page too");
	report_err(split(&mm, VA, SZ_4K, SZ_4K), MMU_OK, "split once unpinned");
	pin_range(&mm, VA + (vaddr_t)big - SZ_4K, SZ_4K, false, out);
	CHECK_UNCHANGED(MMU_EPINNED, collapse(&mm, VA), "collapse with a piece pinned: EPINNED");
	unpin(&mm, VA + (vaddr_t)big - SZ_4K, SZ_4K);
	unpin(&mm, ro, SZ_4K);
	report(is_eq(collapse(&mm, VA), MMU_OK) && is_eq(pin_pages(), 0), "collapse once unpinned");
	mm_destroy(&mm);
}

static uint32_t bitmap[(64u << 20) / 4096 / 32];

/* A pool page mapped, split, and unmapped a piece at a time goes back with the last piece. */
static void test_pool_partial(void)
{
	vsize_t big = test_size();
	unsigned int reserved, nfree;
	char cmdline[40];
	paddr_t pa, pb;
	static paddr_t out[1];
	struct mm mm;

	env_init();
	mm_init(&mm, 0, 0xFFFFFFFF, 1);
	palloc_set_bitmap(bitmap, sizeof(bitmap));
	palloc_init(0, 64u << 20);
	hugepool_release();
	snprintf(cmdline, sizeof(cmdline), "hugepages=%uK:2", kib(big));
	report_err(hugepool_init(cmdline), HUGEPOOL_OK, cmdline);
	report_err(hugepool_map(&mm, VA, (uint32_t)big, PROT, &pa), MMU_OK, "hugepool_map");
	split(&mm, VA, big, SZ_4K);
	report_err(hugepool_unmap(&mm, VA, big / 2), MMU_OK, "split, then hugepool_unmap of the first half");
	hugepool_count((uint32_t)big, &reserved, &nfree);
	report(is_eq(nfree, 1) && is_eq(hugepool_home_mapped(pa, (uint32_t)big), 1),
	       "the page is still allocated (%u of %u free)", nfree, reserved);
	report_err(hugepool_free(pa, (uint32_t)big), HUGEPOOL_EMAPPED, "hugepool_free of it: EMAPPED");
	pin_range(&mm, VA + (vaddr_t)big - SZ_4K, SZ_4K, false, out);
	report_err(hugepool_unmap(&mm, VA + (vaddr_t)big / 2, big / 2), MMU_EPINNED,
		   "hugepool_unmap of the rest with a piece pinned: EPINNED");
	unpin(&mm, VA + (vaddr_t)big - SZ_4K, SZ_4K);
	report_err(hugepool_unmap(&mm, VA + (vaddr_t)big / 2, big / 2 - SZ_4K), MMU_OK,
		   "all but the last piece");
	report_eq(hugepool_home_mapped(pa, (uint32_t)big), 1, "still allocated");
	report_err(hugepool_unmap(&mm, VA + (vaddr_t)big - SZ_4K, SZ_4K), MMU_OK, "the last piece");
	hugepool_count((uint32_t)big, &reserved, &nfree);
	report(is_eq(nfree, 2) && is_eq(hugepool_home_mapped(pa, (uint32_t)big), 0),
	       "back in the pool (%u of %u free)", nfree, reserved);
	pb = hugepool_alloc((uint32_t)big);
	map(&mm, VA, pb, big, PROT);
	pin_range(&mm, VA, SZ_4K, false, out);
	report_err(hugepool_free(pb, (uint32_t)big), HUGEPOOL_EPINNED, "hugepool_free of a pinned page: EPINNED");
	unpin(&mm, VA, SZ_4K);
	report(is_eq(unmap(&mm, VA, big), MMU_OK) && is_eq(hugepool_free(pb, (uint32_t)big), HUGEPOOL_OK),
	       "unpinned: unmapped and freed");
	hugepool_release();
	mm_destroy(&mm);
}

const struct host_test split_tests[] = {
	{ "split every size and collapse", test_split_every_size },
	{ "split, change pieces, collapse", test_split_then_change },
	{ "split of part of a run", test_split_whole_runs },
	{ "split and collapse errors", test_split_errors },
	{ "split allocation failures", test_split_nomem },
	{ "pin and unpin", test_pin },
	{ "pool and partly mapped pages", test_pool_partial },
};
const unsigned int nr_split_tests = sizeof(split_tests) / sizeof(split_tests[0]);
