/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The walker and unmap/protect on leaf PGD entries (huge pages),
 * built here by hand while map() still refuses the sizes: a page of size S
 * is S / 2M consecutive PGD entries, entry i holding base + i * 2M and the
 * MAS1 TSIZE in bits 8..11 (4M = 6, 16M = 7, 64M = 8, 256M = 9, 1G = 10).
 */
#include <string.h>
#include "check.h"
#include "tests.h"

#define LEAF_VA		0x40000000u
#define LEAF_PA		0x240000000ull


static unsigned char exp_pgd[PGD_BYTES];

static bool walk_leaf_at(struct mm *mm, const struct leaf_size *ls, uint32_t off)
{
	unsigned int idx = (LEAF_VA + off) >> 21;
	struct walk_result w;
	uint64_t raw;

	raw = (uint64_t)entry_hi(mm->pgd, idx) << 32 | entry_lo(mm->pgd, idx);
	return walk(mm, LEAF_VA + off, &w) == MMU_OK &&
	       w.size == ls->size && w.level == WALK_LEVEL_PGD && w.ptep == NULL &&
	       w.pmdp == (unsigned char *)mm->pgd + idx * 8 &&
	       w.page_va == LEAF_VA && w.page_pa == LEAF_PA && w.pa == LEAF_PA + off &&
	       w.entry == raw && w.prot == (PROT_READ | PROT_WRITE);
}

static void walk_one_size(struct mm *mm, const struct leaf_size *ls)
{
	struct walk_result w;

	put_leaf(mm->pgd, LEAF_VA, LEAF_PA, ls, BAP_KRW);
	report(walk_leaf_at(mm, ls, 0), "first byte");
	report(walk_leaf_at(mm, ls, ls->size - 1), "last byte");
	report(walk_leaf_at(mm, ls, ls->size / 2 + 0x1234), "middle replica");
	report(walk_leaf_at(mm, ls, ls->size - SZ_2M + 5), "last replica");
	report(is_eq(walk(mm, LEAF_VA - 1, &w), MMU_ENOENT) &&
	       is_eq(walk(mm, LEAF_VA + ls->size, &w), MMU_ENOENT), "nothing either side");
}

static void change_one_size(struct mm *mm, const struct leaf_size *ls)
{
	uint32_t size = ls->size;

	env_reset_counters();
	CHECK_UNCHANGED(MMU_EOVERLAP, map(mm, LEAF_VA + size - SZ_4K, 0x1000, SZ_4K,
					  PROT_READ), "map 4K inside");
	env_fail_after(0);
	CHECK_UNCHANGED(MMU_EOVERLAP, map(mm, LEAF_VA, 0x1000, SZ_4K, PROT_READ),
			"EOVERLAP before ENOMEM");
	env_fail_after(-1);
	CHECK_UNCHANGED(MMU_EPARTIAL, unmap(mm, LEAF_VA + SZ_4K, SZ_4K), "unmap 4K of it");
	CHECK_UNCHANGED(MMU_EPARTIAL, unmap(mm, LEAF_VA, size - SZ_2M), "unmap all but 2M");
	CHECK_UNCHANGED(MMU_EPARTIAL, protect(mm, LEAF_VA + SZ_2M, SZ_2M, PROT_READ),
			"protect one replica");
	CHECK_UNCHANGED(MMU_ENOENT, unmap(mm, LEAF_VA - SZ_4K, size + SZ_4K),
			"range starting before it");
	CHECK_UNCHANGED(MMU_ENOENT, protect(mm, LEAF_VA, size + SZ_4K, PROT_READ),
			"range ending after it");

	report_err(protect(mm, LEAF_VA, size, PROT_READ), MMU_OK, "protect the whole page");
	memset(exp_pgd, 0, sizeof(exp_pgd));
	put_leaf(exp_pgd, LEAF_VA, LEAF_PA, ls, BAP_KRO);
	report(same_bytes(mm->pgd, exp_pgd, PGD_BYTES),
	       "every replica read-only, each keeping its pa");
	report(is_eq(env_tlb_calls, 1) && is_eq(env_tlb_log[0].va, LEAF_VA) &&
	       is_eq(env_tlb_log[0].size, size), "one invalidation of the whole page");

	report_err(unmap(mm, LEAF_VA, size), MMU_OK, "unmap the whole page");
	memset(exp_pgd, 0, sizeof(exp_pgd));
	report(same_bytes(mm->pgd, exp_pgd, PGD_BYTES), "every replica cleared");
	report(is_eq(env_tlb_calls, 2) && is_eq(env_tlb_log[1].va, LEAF_VA) &&
	       is_eq(env_tlb_log[1].size, size), "invalidated");
}

static void test_leaf_sizes(void)
{
	unsigned int i;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0xFFFFFFFF, 1), MMU_OK, "mm");
	for (i = 0; i < NR_LEAF_SIZES; i++) {
		report_prefix_push("%uM", leaf_sizes[i].size >> 20);
		walk_one_size(&mm, &leaf_sizes[i]);
		change_one_size(&mm, &leaf_sizes[i]);
		report_prefix_pop();
	}
	mm_destroy(&mm);
}

static void test_leaf_mixed(void)
{
	const struct leaf_size *ls = &leaf_sizes[0];
	struct walk_result w;
	unsigned char *byte;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0xFFFFFFFF, 1), MMU_OK, "mm");
	put_leaf(mm.pgd, LEAF_VA, LEAF_PA, ls, BAP_KRW);
	report(is_eq(map(&mm, LEAF_VA + SZ_4M, 0x9000, SZ_4K, PROT_READ), MMU_OK) &&
	       is_eq(map(&mm, LEAF_VA - SZ_4K, 0xA000, SZ_4K, PROT_READ), MMU_OK),
	       "4K pages on both sides of a 4M leaf");
	report(is_eq(walk(&mm, LEAF_VA + SZ_4M, &w), MMU_OK) && is_eq(w.size, SZ_4K) &&
	       is_eq(w.level, WALK_LEVEL_PTE) && is_eq(w.pa, 0x9000), "walk the 4K page after");
	report(is_eq(walk(&mm, LEAF_VA + 5, &w), MMU_OK) && is_eq(w.size, SZ_4M), "walk the leaf");
	report_err(protect(&mm, LEAF_VA - SZ_4K, SZ_4M + 2 * SZ_4K, PROT_READ), MMU_OK,
		   "protect 4K + 4M + 4K");
	report(is_eq(walk(&mm, LEAF_VA, &w), MMU_OK) && is_eq(w.prot, PROT_READ), "leaf now RO");
	report_err(unmap(&mm, LEAF_VA - SZ_4K, SZ_4M + 2 * SZ_4K), MMU_OK,
		   "unmap 4K + 4M + 4K");
	memset(exp_pgd, 0, sizeof(exp_pgd));
	report(same_bytes(mm.pgd, exp_pgd, PGD_BYTES) && is_eq(mm.tables, 0) && is_eq(env.live, 1),
	       "PGD empty, both tables freed");

	put_leaf(mm.pgd, LEAF_VA, LEAF_PA, ls, BAP_KRW);
	byte = (unsigned char *)mm.pgd + (LEAF_VA >> 21) * 8 + 7;
	*byte &= 0xFE;
	report_err(walk(&mm, LEAF_VA, &w), MMU_ENOENT, "non-present leaf");
	report_eq(walk(&mm, LEAF_VA + SZ_2M, &w), MMU_OK, "its present replica still walks");

	/* A size field below 2M cannot be built by map(); it reads as 2M. */
	put_entry(mm.pgd, 0x10, 0x00001000, 0x00040115);
	report(is_eq(walk(&mm, 0x02001234, &w), MMU_OK) && is_eq(w.size, SZ_2M) &&
	       is_eq(w.page_va, 0x02000000) && is_eq(w.pa, 0x100001234ull),
	       "leaf with a 4K size field walks as 2M");

	/* TSIZE 11..15 is no page of the format: the walk stops there, as the miss handler's load would. */
	put_entry(mm.pgd, 0x11, 0x00001000, 0x00040F15);
	report_err(walk(&mm, 0x02201234, &w), MMU_EBADENTRY, "leaf with TSIZE 15: EBADENTRY, not a 2G page");
	put_entry(mm.pgd, 0x11, 0x00001000, 0x00040B15);
	report_err(walk(&mm, 0x02201234, &w), MMU_EBADENTRY, "leaf with TSIZE 11 (4G): EBADENTRY");
	put_entry(mm.pgd, 0x11, 0x00001000, 0x00040A15);
	report(is_eq(walk(&mm, 0x02201234, &w), MMU_OK) && is_eq(w.size, SZ_1G),
	       "leaf with TSIZE 10 walks as 1G");
	put_entry(mm.pgd, 0x11, 0, 0);
	mm_destroy(&mm);
}

const struct host_test leaf_tests[] = {
	{ "leaf PGD walk", test_leaf_sizes },
	{ "leaf next to 4K", test_leaf_mixed },
};
const unsigned int nr_leaf_tests = sizeof(leaf_tests) / sizeof(leaf_tests[0]);
