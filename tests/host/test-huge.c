/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * map() of 4M..1G pages (on by default), checked byte for byte
 * against replicas built by hand (put_leaf), through the same walker and loops as 4K pages.
 */
#include <string.h>
#include "check.h"
#include "tests.h"

#define HUGE_VA		0x40000000u
#define HUGE_PA		0x240000000ull
#define RW		(PROT_READ | PROT_WRITE)

static unsigned char exp_pgd[PGD_BYTES];

static void test_huge_sizes(void)
{
	static const vsize_t want[] = {
		0x1000, 0x400000, 0x1000000, 0x4000000, 0x10000000, 0x40000000,
	};
	unsigned int n;
	const vsize_t *sizes = mmu_page_sizes(&n);

	report(is_eq(n, 6) && !memcmp(sizes, want, sizeof(want)), "4K, 4M, 16M, 64M, 256M, 1G");
}

static void map_one_size(struct mm *mm, const struct leaf_size *ls)
{
	uint32_t size = ls->size;
	struct walk_result w;

	env_reset_counters();
	report_err(map(mm, HUGE_VA, HUGE_PA, size, RW), MMU_OK, "map");
	memset(exp_pgd, 0, sizeof(exp_pgd));
	put_leaf(exp_pgd, HUGE_VA, HUGE_PA, ls, BAP_KRW);
	report(same_bytes(mm->pgd, exp_pgd, PGD_BYTES), "%u replicas byte for byte",
	       size / SZ_2M);
	report(is_eq(env.allocs, 0) && is_eq(mm->tables, 0), "no table allocated");
	report(is_eq(walk(mm, HUGE_VA + size - 1, &w), MMU_OK) && is_eq(w.size, size) &&
	       is_eq(w.level, WALK_LEVEL_PGD) && is_eq(w.page_va, HUGE_VA) &&
	       is_eq(w.pa, HUGE_PA + size - 1) && is_eq(w.prot, RW), "walk the last byte");

	CHECK_UNCHANGED(MMU_EOVERLAP, map(mm, HUGE_VA, HUGE_PA, size, RW), "map it again");
	CHECK_UNCHANGED(MMU_EOVERLAP, map(mm, HUGE_VA + size - SZ_4K, 0x1000, SZ_4K, RW),
			"4K inside");
	CHECK_UNCHANGED(MMU_EPARTIAL, unmap(mm, HUGE_VA + SZ_2M, SZ_2M), "unmap 2M of it");

	report_err(protect(mm, HUGE_VA, size, PROT_READ), MMU_OK, "protect RO");
	put_leaf(exp_pgd, HUGE_VA, HUGE_PA, ls, BAP_KRO);
	report(same_bytes(mm->pgd, exp_pgd, PGD_BYTES), "every replica RO");
	report_err(unmap(mm, HUGE_VA, size), MMU_OK, "unmap");
	memset(exp_pgd, 0, sizeof(exp_pgd));
	report(same_bytes(mm->pgd, exp_pgd, PGD_BYTES), "PGD empty again");
	report(is_eq(env_tlb_calls, 2) && is_eq(env_tlb_log[1].va, HUGE_VA) &&
	       is_eq(env_tlb_log[1].size, size), "unmap invalidated the whole page");
}

static void errors_one_size(struct mm *mm, const struct leaf_size *ls)
{
	uint32_t size = ls->size;
	paddr_t top = 0x1000000000ull - size;

	CHECK_UNCHANGED(MMU_EALIGN, map(mm, HUGE_VA + SZ_2M, HUGE_PA, size, RW),
			"va on 2M, not on the size");
	CHECK_UNCHANGED(MMU_EALIGN, map(mm, HUGE_VA, HUGE_PA + SZ_2M, size, RW),
			"pa on 2M, not on the size");
	CHECK_UNCHANGED(MMU_EPA, map(mm, HUGE_VA, top + size, size, RW), "pa 2^36");
	report(is_eq(map(mm, HUGE_VA, top, size, RW), MMU_OK) && is_eq(unmap(mm, HUGE_VA, size), MMU_OK),
	       "the last page below 2^36");

	report_eq(map(mm, HUGE_VA + size - SZ_4K, 0x1000, SZ_4K, RW), MMU_OK, "a 4K page");
	env_fail_after(0);
	CHECK_UNCHANGED(MMU_EOVERLAP, map(mm, HUGE_VA, HUGE_PA, size, RW),
			"huge over a 4K page");
	env_fail_after(-1);
	report(is_eq(unmap(mm, HUGE_VA + size - SZ_4K, SZ_4K), MMU_OK) && is_eq(mm->tables, 0),
	       "4K page gone, table freed");
}

static void test_huge_map(void)
{
	unsigned int i;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0xFFFFFFFF, 1), MMU_OK, "mm");
	for (i = 0; i < NR_LEAF_SIZES; i++) {
		report_prefix_push("%uM", leaf_sizes[i].size >> 20);
		map_one_size(&mm, &leaf_sizes[i]);
		errors_one_size(&mm, &leaf_sizes[i]);
		report_prefix_pop();
	}
	mm_destroy(&mm);
	report_eq(env.live, 0, "all memory back");
}

static void test_huge_space_limits(void)
{
	struct mm user, kernel;
	struct walk_result w;

	report(is_eq(mm_init(&user, 0, 0xBFFFFFFF, 2), MMU_OK) &&
	       is_eq(mm_init(&kernel, 0xC0000000, 0xFFFFFFFF, 0), MMU_OK), "user and kernel mm");
	report_err(map(&user, 0x80000000, 0x80000000, 0x40000000, RW | PROT_USER), MMU_OK,
		   "1G ending at the user limit");
	CHECK_UNCHANGED(MMU_ERANGE, map(&user, 0xC0000000, 0, 0x40000000, RW),
			"1G in the kernel half of a user mm");
	CHECK_UNCHANGED(MMU_ERANGE, map(&kernel, 0xBFC00000, 0x400000, SZ_4M, RW),
			"4M below the kernel space");
	CHECK_UNCHANGED(MMU_ERANGE, unmap(&user, 0xBFC00000, 0x800000),
			"unmap across the user/kernel boundary");
	CHECK_UNCHANGED(MMU_ERANGE, protect(&kernel, 0xBFE00000, 0x400000, PROT_READ),
			"protect across the user/kernel boundary");
	report_err(map(&kernel, 0xC0000000, 0, 0x40000000, RW), MMU_OK, "1G kernel lowmem");
	report(is_eq(walk(&kernel, 0xFFFFFFFF, &w), MMU_OK) && is_eq(w.pa, 0x3FFFFFFF) &&
	       is_eq((uintptr_t)w.pmdp, (uintptr_t)((unsigned char *)kernel.pgd + 2047 * 8)),
	       "walk the last byte of 4G");
	report(is_eq(unmap(&kernel, 0xC0000000, 0x40000000), MMU_OK) &&
	       is_eq(env_tlb_log[env_tlb_calls - 1].size, 0x40000000), "unmap it");
	mm_destroy(&user);
	mm_destroy(&kernel);

	/* A space whose end is 2M- but not 4M-aligned: a 4M page would cross it. */
	report_eq(mm_init(&user, 0, 0xBFDFFFFF, 3), MMU_OK, "user mm ending at 0xbfdfffff");
	CHECK_UNCHANGED(MMU_ERANGE, map(&user, 0xBFC00000, 0x400000, SZ_4M, RW | PROT_USER),
			"4M crossing the user/kernel boundary");
	report_err(map(&user, 0xBF800000, 0x400000, SZ_4M, RW | PROT_USER), MMU_OK,
		   "the 4M below it");
	mm_destroy(&user);
}

const struct host_test huge_tests[] = {
	{ "huge sizes", test_huge_sizes },
	{ "huge map", test_huge_map },
	{ "huge limits", test_huge_space_limits },
};
const unsigned int nr_huge_tests = sizeof(huge_tests) / sizeof(huge_tests[0]);
