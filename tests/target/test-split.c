/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Partial mappings of huge pages on the target: each huge size from the pool
 * split into every smaller size the family has, in a user space.  A user
 * sweep of every 4 KB after the split costs one data miss per piece, the
 * TLB holds an entry of the piece's size, a piece made read-only faults on a
 * store and its neighbour does not, an unmapped piece faults and its
 * neighbour does not; after collapse() the sweep costs one miss again and
 * the TLB holds the huge entry (e500: tlbsx/tlbre; 8xx: the debug registers).
 */
#include <stdio.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "hugetlb/pool.h"

#define SPLIT_VA	0x40000000u	/* 1 GB aligned: every size fits */
#define SPLIT_PID	9

static const char *size_name(char *buf, size_t len, vsize_t size)
{
	if (size >= 1u << 30)
		snprintf(buf, len, "%luG", (unsigned long)(size >> 30));
	else if (size >= 1u << 20)
		snprintf(buf, len, "%luM", (unsigned long)(size >> 20));
	else
		snprintf(buf, len, "%luK", (unsigned long)(size >> 10));
	return buf;
}

static unsigned int log2_of(vsize_t size)
{
	return (unsigned int)__builtin_ctzll(size);
}

/* A user sweep of the first word of every 4 KB of the page, its data misses in *misses. */
static uint32_t sweep(struct mm *mm, vsize_t size, uint32_t *misses)
{
	uint32_t sum = 0;

	counted_begin();
	if (user_call(mm, user_routine(user_sweep), SPLIT_VA | log2_of(size), &sum))
		sum = 0xdeadbeef;
	*misses = dmisses();
	return sum;
}

/* A user load at va, then the TLB entry it left: true if one of size is there. */
static bool tlb_has(struct mm *mm, vaddr_t va, vsize_t size, paddr_t pa, struct tlb_info *t)
{
	uint32_t r;

	if (user_call(mm, user_routine(user_load_word), va, &r))
		return false;
	return tlb_lookup(va, SPLIT_PID, t) && t->size == size && t->va == (va & ~(vaddr_t)(size - 1)) &&
	       t->pa == pa;
}

static bool user_store_faults(struct mm *mm, vaddr_t va)
{
	const struct fault_record *f = last_fault();
	uint32_t r;

	expect_fault(va);
	return user_call(mm, user_routine(user_store_word), va, &r) == 1 && faults_taken() == 1 &&
	       f->store && f->user;
}

static bool user_load_faults(struct mm *mm, vaddr_t va)
{
	const struct fault_record *f = last_fault();
	uint32_t r;

	expect_fault(va);
	return user_call(mm, user_routine(user_load_word), va, &r) == 1 && faults_taken() == 1 &&
	       !f->store && f->user;
}

static bool user_store_lands(struct mm *mm, vaddr_t va)
{
	uint32_t r;

	return user_call(mm, user_routine(user_store_word), va, &r) == 0;
}

static void check_pair(struct mm *mm, vsize_t big, vsize_t small, paddr_t pa)
{
	vaddr_t piece = SPLIT_VA + big / 2, other = piece - small;
	paddr_t piece_pa = pa + big / 2;
	uint32_t sum0, sum, misses, r;
	struct tlb_info t;
	struct walk_result w;

	report_eq(map(mm, SPLIT_VA, pa, big, UPROT_RW), MMU_OK, "map");
	sum0 = sweep(mm, big, &misses);
	report_eq(split(mm, piece, 4096, small), MMU_OK, "split of the 4 KB in the middle");
	sum = sweep(mm, big, &misses);
	report_eq(sum, sum0, "a user sweep reads the same words");
	if (tlb_counts_available())
		report_eq(misses, big / small, "with one data miss per piece (%lu)", (unsigned long)misses);
	report(tlb_has(mm, piece + 0x40, small, piece_pa, &t),
	       "the TLB entry of a piece: size %lu, EPN 0x%08lx, RPN " PA_FMT, (unsigned long)t.size,
	       (unsigned long)t.va, PA_ARG(t.pa));
	report_eq(protect(mm, piece, small, PROT_READ | PROT_USER), MMU_OK, "protect the piece read-only");
	report(user_store_faults(mm, piece + small - 4) && user_store_lands(mm, other + small - 4) &&
	       user_store_lands(mm, piece + small),
	       "a user store faults there, not in the pieces before and after it");
	report_eq(protect(mm, piece, small, UPROT_RW), MMU_OK, "read/write again");
	report_eq(unmap(mm, piece, small), MMU_OK, "unmap the piece");
	report(user_load_faults(mm, piece + 8) && is_eq(user_call(mm, user_routine(user_load_word),
								    other + 8, &r), 0),
	       "a user load faults there, not in the piece before it");
	report_eq(map(mm, piece, piece_pa, small, UPROT_RW), MMU_OK, "map the piece again");
	report_eq(collapse(mm, SPLIT_VA), MMU_OK, "collapse");
	report(is_eq(walk(mm, piece, &w), MMU_OK) && is_eq(w.size, big), "one page of the huge size again");
	sum = sweep(mm, big, &misses);
	if (tlb_counts_available())
		report_eq(misses, 1, "a sweep costs one data miss (%lu)", (unsigned long)misses);
	report(tlb_has(mm, SPLIT_VA + big - 8, big, pa, &t),
	       "the huge TLB entry: size %lu, EPN 0x%08lx, RPN " PA_FMT, (unsigned long)t.size,
	       (unsigned long)t.va, PA_ARG(t.pa));
	report_eq(unmap(mm, SPLIT_VA, big), MMU_OK, "unmap");
}

static void test_split_sizes(void)
{
	unsigned int n, b, s;
	const vsize_t *sizes = mmu_page_sizes(&n);
	char nb[16], ns[16];
	struct mm mm;

	user_space_init(&mm, SPLIT_PID);
	for (b = 1; b < n; b++) {
		paddr_t pa = hugepool_alloc(sizes[b]);

		if (pa == HUGEPOOL_FAIL) {
			skip_no_huge_page("no %s page reserved (bootargs hugepages=)",
					  size_name(nb, sizeof(nb), sizes[b]));
			continue;
		}
		for (s = 0; s < b; s++) {
			report_prefix_push("%s -> %s", size_name(nb, sizeof(nb), sizes[b]),
					   size_name(ns, sizeof(ns), sizes[s]));
			check_pair(&mm, sizes[b], sizes[s], pa);
			report_prefix_pop();
		}
		hugepool_free(pa, sizes[b]);
	}
	user_space_destroy(&mm);
}

/* The pool and pins on the target: a split pool page goes back with its last piece, not before. */
static void test_split_pool(void)
{
	unsigned int n;
	const vsize_t *sizes = mmu_page_sizes(&n);
	vsize_t size = sizes[1];
	unsigned int reserved, nfree, before;
	paddr_t pa, out[4];
	struct mm mm;

	hugepool_count(size, &reserved, &before);
	if (!before) {
		skip_no_huge_page("no free page of the smallest huge size");
		return;
	}
	user_space_init(&mm, SPLIT_PID);
	report_eq(hugepool_map(&mm, SPLIT_VA, size, UPROT_RW, &pa), MMU_OK, "hugepool_map");
	report_eq(split(&mm, SPLIT_VA, 4096, 4096), MMU_OK, "split into 4 KB pieces");
	report_eq(hugepool_unmap(&mm, SPLIT_VA, size - 4096), MMU_OK, "unmap all but the last piece");
	hugepool_count(size, &reserved, &nfree);
	report_eq(nfree, before - 1, "the page is still allocated");
	report(is_eq(pin_range(&mm, SPLIT_VA + size - 4096, 4096, true, out), MMU_OK) &&
	       is_eq(out[0], pa + size - 4096), "pin the last piece for writing: frame " PA_FMT,
	       PA_ARG(out[0]));
	report_eq(hugepool_unmap(&mm, SPLIT_VA + size - 4096, 4096), MMU_EPINNED,
		  "unmapping it while pinned: EPINNED");
	report_eq(unpin(&mm, SPLIT_VA + size - 4096, 4096), MMU_OK, "unpin");
	report_eq(hugepool_unmap(&mm, SPLIT_VA + size - 4096, 4096), MMU_OK, "unmap the last piece");
	hugepool_count(size, &reserved, &nfree);
	report_eq(nfree, before, "the page is back in the pool");
	user_space_destroy(&mm);
}

PPCMMU_TEST_FN("split-sizes", "huge", "split and collapse every huge size", test_split_sizes);
PPCMMU_TEST_FN("split-pool", "huge", "split pool page and pins", test_split_pool);
