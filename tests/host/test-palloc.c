/* SPDX-License-Identifier: BSD-2-Clause */
/* The physical page allocator over a caller-supplied bitmap. */
#include <string.h>
#include "check.h"
#include "palloc.h"
#include "tests.h"

#define RAM_START	0x00100000ull
#define RAM_END		0x00900000ull	/* 8 MB: 2048 pages */

static uint32_t bitmap[4096];

static void setup(paddr_t start, paddr_t end)
{
	palloc_set_bitmap(bitmap, sizeof(bitmap));
	palloc_init(start, end);
}

static void test_palloc_init(void)
{
	struct palloc_stats st;

	report_eq(palloc_bitmap_bytes(RAM_START, RAM_END), 256, "2048 pages need 256 bytes");
	report_eq(palloc_bitmap_bytes(0x1001, 0x2000), 0, "no whole page: 0 bytes");
	report_eq(palloc_bitmap_bytes(0, 33 * 4096), 8, "33 pages: two words");

	setup(RAM_START, RAM_END);
	palloc_get_stats(&st);
	report(is_eq(st.total, 2048) && is_eq(st.free, 2048) && is_eq(palloc_free_pages(), 2048),
	       "2048 pages, all free");
	report(is_eq(st.start, RAM_START) && is_eq(st.end, RAM_END), "range kept");

	setup(0x100123, 0x200FFF);
	palloc_get_stats(&st);
	report(is_eq(st.start, 0x101000) && is_eq(st.end, 0x200000) && is_eq(st.total, 255),
	       "unaligned range shrinks to whole pages");

	palloc_set_bitmap(bitmap, 8);
	palloc_init(RAM_START, RAM_END);
	palloc_get_stats(&st);
	report(is_eq(st.total, 64) && is_eq(st.end, RAM_START + 64 * 4096),
	       "an 8-byte bitmap covers 64 pages");

	palloc_set_bitmap(NULL, 0);
	palloc_init(RAM_START, RAM_END);
	report(is_eq(palloc_pages(0), PALLOC_FAIL) && is_eq(palloc_free_pages(), 0),
	       "no bitmap: nothing to allocate");

	setup(RAM_END, RAM_START);
	report(is_eq(palloc_free_pages(), 0) && is_eq(palloc_pages(0), PALLOC_FAIL), "end < start");

	setup(0xF00000000ull, 0xF00100000ull);
	report_eq(palloc_pages(0), 0xF00000000ull, "36-bit RAM");
}

static void test_palloc_reserve(void)
{
	struct palloc_stats st;
	paddr_t pa;

	setup(RAM_START, RAM_END);
	report_eq(palloc_reserve(RAM_START, RAM_START + 0x80000), 128, "kernel image: 128 pages");
	report_eq(palloc_reserve(0x200123, 0x200FFF), 1, "device tree inside one page");
	report_eq(palloc_reserve(0x200800, 0x201001), 1, "overlapping range: only new pages");
	report(is_eq(palloc_reserve(0, RAM_START), 0) && is_eq(palloc_reserve(RAM_END, RAM_END + 4096), 0),
	       "ranges outside RAM take nothing");
	report_eq(palloc_reserve(RAM_END - 4096, RAM_END + 0x100000), 1, "clipped at the end");
	palloc_get_stats(&st);
	report(is_eq(st.free, 2048 - 131) && is_eq(st.reserved, 131), "counters");

	pa = palloc_pages(0);
	report_eq(pa, RAM_START + 0x80000, "first page after the kernel");
	pa = palloc_pages(0);
	report_eq(pa, RAM_START + 0x81000, "then the next");
	report_eq(palloc_pages(0), RAM_START + 0x82000, "and the next");
}

static void test_palloc_orders(void)
{
	paddr_t a, b, c;
	bool aligned = true;
	unsigned int order;

	setup(RAM_START, RAM_END);
	palloc_reserve(RAM_START, RAM_START + 4096);
	a = palloc_pages(4);
	report_eq(a, 0x110000, "order 4 (64K) aligned: 0x110000");
	b = palloc_pages(0);
	report_eq(b, 0x101000, "order 0 fills the gap below");
	c = palloc_pages(9);
	report_eq(c, 0x200000, "order 9 (2M) at 0x200000");
	for (order = 0; order <= 8; order++) {
		paddr_t p = palloc_pages(order);

		aligned &= p != PALLOC_FAIL && !(p & ((4096ull << order) - 1));
	}
	report(aligned, "orders 0..8 naturally aligned");
	report_eq(palloc_pages(11), PALLOC_FAIL, "8M cannot fit in 8M of RAM at 1M");
	report_eq(palloc_pages(PALLOC_MAX_ORDER + 1), PALLOC_FAIL, "order above the maximum");
	palloc_free(c, 9);
	report_eq(palloc_pages(9), c, "a freed 2M block is reused");
}

static void test_palloc_exhaust(void)
{
	struct palloc_stats st;
	unsigned long n = 0;
	paddr_t pa;
	bool distinct = true;

	setup(RAM_START, RAM_START + 64 * 4096);
	while ((pa = palloc_pages(0)) != PALLOC_FAIL) {
		distinct &= pa == RAM_START + n * 4096;
		n++;
	}
	palloc_get_stats(&st);
	report(is_eq(n, 64) && distinct, "64 pages, each once, in order");
	report(is_eq(st.free, 0) && is_eq(st.failures, 1) && is_eq(st.allocs, 64), "counters when exhausted");

	for (n = 0; n < 64; n += 2)
		palloc_free(RAM_START + n * 4096, 0);
	report_eq(palloc_free_pages(), 32, "every other page freed");
	report_eq(palloc_pages(1), PALLOC_FAIL, "fragmented: no 8K block");
	report_eq(palloc_pages(0), RAM_START, "but 4K blocks");
	palloc_free(RAM_START + 4096, 0);
	report_eq(palloc_pages(1), PALLOC_FAIL, "8K block needs natural alignment");
	palloc_free(RAM_START, 0);
	report_eq(palloc_pages(1), RAM_START, "aligned pair free: 8K block");
}

static void test_palloc_bad_free(void)
{
	struct palloc_stats st;
	unsigned long free_before;
	paddr_t pa;

	setup(RAM_START, RAM_END);
	pa = palloc_pages(2);
	free_before = palloc_free_pages();
	palloc_free(pa + 4096, 2);
	palloc_free(pa, 3);
	palloc_free(RAM_END, 0);
	palloc_free(RAM_START - 4096, 0);
	palloc_free(pa + 0x100000, 0);
	palloc_free(pa, PALLOC_MAX_ORDER + 1);
	palloc_get_stats(&st);
	report(is_eq(st.bad_frees, 6) && is_eq(palloc_free_pages(), free_before),
	       "misaligned, wrong order, outside, double: refused, nothing changed");
	palloc_free(pa, 2);
	palloc_free(pa, 2);
	palloc_get_stats(&st);
	report(is_eq(st.bad_frees, 7) && is_eq(palloc_free_pages(), 2048), "second free refused");
	report(!memcmp(bitmap, (uint32_t[64]){ 0 }, 256), "bitmap all clear again");
}

const struct host_test palloc_tests[] = {
	{ "palloc init", test_palloc_init },
	{ "palloc reserve", test_palloc_reserve },
	{ "palloc orders", test_palloc_orders },
	{ "palloc exhaust", test_palloc_exhaust },
	{ "palloc bad free", test_palloc_bad_free },
};
const unsigned int nr_palloc_tests = sizeof(palloc_tests) / sizeof(palloc_tests[0]);
