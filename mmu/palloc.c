/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Physical page allocator over a caller-supplied bitmap (see palloc.h).
 * Bit i describes page first_pfn + i; bits past the last page are kept set
 * so word-at-a-time scans never pick them.
 */
#include <string.h>
#include "palloc.h"

#define WORD_BITS	32u

static struct {
	uint32_t *map;
	size_t map_bytes;
	unsigned long first_pfn;
	struct palloc_stats st;
} pa_state;

static bool page_used(unsigned long i)
{
	return pa_state.map[i / WORD_BITS] >> (i % WORD_BITS) & 1;
}

static void set_used(unsigned long i)
{
	pa_state.map[i / WORD_BITS] |= 1u << (i % WORD_BITS);
}

static void set_free(unsigned long i)
{
	pa_state.map[i / WORD_BITS] &= ~(1u << (i % WORD_BITS));
}

/* First index in [from, to) whose bit equals used, or to. */
static unsigned long find_bit(unsigned long from, unsigned long to, bool used)
{
	uint32_t skip = used ? 0 : ~0u;

	while (from < to) {
		if (from % WORD_BITS == 0 && pa_state.map[from / WORD_BITS] == skip) {
			from += WORD_BITS;
			continue;
		}
		if (page_used(from) == used)
			return from;
		from++;
	}
	return to;
}

size_t palloc_bitmap_bytes(paddr_t start, paddr_t end)
{
	paddr_t first = (start + PALLOC_PAGE_SIZE - 1) >> PALLOC_PAGE_SHIFT;
	paddr_t last = end >> PALLOC_PAGE_SHIFT;

	if (last <= first)
		return 0;
	return (size_t)((last - first + WORD_BITS - 1) / WORD_BITS) * sizeof(uint32_t);
}

void palloc_set_bitmap(void *bitmap, size_t bytes)
{
	pa_state.map = bitmap;
	pa_state.map_bytes = bitmap ? bytes : 0;
}

void palloc_init(paddr_t start, paddr_t end)
{
	paddr_t first = (start + PALLOC_PAGE_SIZE - 1) >> PALLOC_PAGE_SHIFT;
	paddr_t last = end >> PALLOC_PAGE_SHIFT;
	unsigned long n = 0, words, i;

	if (last > first)
		n = (unsigned long)(last - first);
	words = (unsigned long)(pa_state.map_bytes / sizeof(uint32_t));
	if (n > words * WORD_BITS)
		n = words * WORD_BITS;

	memset(&pa_state.st, 0, sizeof(pa_state.st));
	pa_state.first_pfn = (unsigned long)first;
	pa_state.st.start = first << PALLOC_PAGE_SHIFT;
	pa_state.st.end = (first + n) << PALLOC_PAGE_SHIFT;
	pa_state.st.total = n;
	pa_state.st.free = n;
	if (!words)
		return;
	memset(pa_state.map, 0, words * sizeof(uint32_t));
	for (i = n; i < words * WORD_BITS; i++)
		set_used(i);
}

unsigned long palloc_reserve(paddr_t start, paddr_t end)
{
	paddr_t first, last;
	unsigned long i, taken = 0;

	if (end <= pa_state.st.start || start >= pa_state.st.end || end <= start)
		return 0;
	if (start < pa_state.st.start)
		start = pa_state.st.start;
	if (end > pa_state.st.end)
		end = pa_state.st.end;
	first = (start >> PALLOC_PAGE_SHIFT) - pa_state.first_pfn;
	last = ((end + PALLOC_PAGE_SIZE - 1) >> PALLOC_PAGE_SHIFT) - pa_state.first_pfn;
	for (i = (unsigned long)first; i < last; i++) {
		if (page_used(i))
			continue;
		set_used(i);
		taken++;
	}
	pa_state.st.free -= taken;
	pa_state.st.reserved += taken;
	return taken;
}

/* Smallest index >= i whose page frame number is a multiple of block. */
static unsigned long align_index(unsigned long i, unsigned long block)
{
	unsigned long pfn = pa_state.first_pfn + i;

	return ((pfn + block - 1) & ~(block - 1)) - pa_state.first_pfn;
}

paddr_t palloc_pages(unsigned int order)
{
	unsigned long n = pa_state.st.total, block, i = 0, used;

	if (order > PALLOC_MAX_ORDER)
		goto fail;
	block = 1ul << order;
	for (;;) {
		i = align_index(find_bit(i, n, false), block);
		if (i >= n || n - i < block)
			break;
		used = find_bit(i, i + block, true);
		if (used == i + block)
			break;
		i = used + 1;
	}
	if (i >= n || n - i < block)
		goto fail;
	for (used = i; used < i + block; used++)
		set_used(used);
	pa_state.st.free -= block;
	pa_state.st.allocs++;
	return (paddr_t)(pa_state.first_pfn + i) << PALLOC_PAGE_SHIFT;
fail:
	pa_state.st.failures++;
	return PALLOC_FAIL;
}

void palloc_free(paddr_t pa, unsigned int order)
{
	paddr_t bytes = (paddr_t)PALLOC_PAGE_SIZE << order;
	unsigned long i, first, block;

	if (order > PALLOC_MAX_ORDER || (pa & (bytes - 1)) ||
	    pa < pa_state.st.start || pa >= pa_state.st.end ||
	    pa_state.st.end - pa < bytes)
		goto bad;
	block = 1ul << order;
	first = (unsigned long)(pa >> PALLOC_PAGE_SHIFT) - pa_state.first_pfn;
	if (find_bit(first, first + block, false) != first + block)
		goto bad;
	for (i = first; i < first + block; i++)
		set_free(i);
	pa_state.st.free += block;
	return;
bad:
	pa_state.st.bad_frees++;
}

unsigned long palloc_free_pages(void)
{
	return pa_state.st.free;
}

void palloc_get_stats(struct palloc_stats *st)
{
	*st = pa_state.st;
}
