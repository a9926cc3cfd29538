/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The walker (mmu/mmu.c) on a synthetic four-level geometry with 64-bit
 * addresses and sizes (pgtable-4level.c): entries land at the indexes the
 * geometry gives, leaves at PUD, PMD and PTE level, a page of 4 GB, tables
 * made and freed at every level, all or nothing on a failed allocation.
 */
#include "check.h"
#include "pgtable.h"

#define GB		(1ull << 30)
#define SPACE_START	(512 * GB)		/* PGD entry 1 */
#define SPACE_LAST	(1024 * GB - 1)
#define RW		(PROT_READ | PROT_WRITE)

static void space(struct mm *mm)
{
	report_eq(mm_init(mm, SPACE_START, SPACE_LAST, 1), MMU_OK, "a space over PGD entry 1");
}

/* The entry of va at level, found from the raw entries and the geometry alone. */
static uint64_t raw_entry(const struct mm *mm, vaddr_t va, int level)
{
	const unsigned char *table = mm->pgd;
	uint64_t e = 0;
	int l;

	for (l = 1; l <= level; l++) {
		const struct pt_level *g = &pt_geo.level[l - 1];
		unsigned int i = (unsigned int)((va >> g->shift) & (g->entries - 1));

		e = pt_entry_get(table + (size_t)i * g->entry_bytes);
		if (l < level)
			table = pmd_table(e);
	}
	return e;
}

static void test_pte(void)
{
	struct mm mm;
	vaddr_t va = SPACE_START + 3 * GB + 0x12345000;
	paddr_t pa = 0x9876543000ull;
	struct walk_result w;

	space(&mm);
	report_eq(map(&mm, va, pa, 4096, RW), MMU_OK, "map 4K");
	report(is_eq(mm.tables, 3) && is_eq(env.live, 4), "one table made at each level below the PGD (%u)",
	       mm.tables);
	report_eq(pte_pa(raw_entry(&mm, va, 4)), pa, "the PTE sits where the four indexes of va say");
	report(is_eq(walk(&mm, va + 0x7ff, &w), MMU_OK) && is_eq(w.level, 4) && is_eq(w.size, 4096) &&
	       is_eq(w.pa, pa + 0x7ff) && w.ptep && is_eq(w.prot, RW), "walk: level 4, 4K, pa above 4 GB");
	report_eq(walk(&mm, va + 4096, &w), MMU_ENOENT, "the next page is not mapped");
	report(is_eq(unmap(&mm, va, 4096), MMU_OK) && is_eq(mm.tables, 0) && is_eq(env.live, 1),
	       "unmap frees the three tables it emptied");
	mm_destroy(&mm);
}

static void test_upper_leaves(void)
{
	struct mm mm;
	vaddr_t pmd_va = SPACE_START + 2 * GB + 6 * (1ull << 21), pud_va = SPACE_START + 5 * GB;
	struct walk_result w;

	space(&mm);
	report(is_eq(map(&mm, pmd_va, 0x40200000ull, 1ull << 21, RW), MMU_OK) &&
	       is_eq(walk(&mm, pmd_va + 0x1234, &w), MMU_OK) && is_eq(w.level, 3) &&
	       is_eq(w.size, (1ull << 21)) && !w.ptep && is_eq(w.pa, 0x40201234ull),
	       "2M: a PMD leaf, walk level 3");
	report(is_eq(map(&mm, pud_va, 0x80000000ull, GB, RW), MMU_OK) &&
	       is_eq(walk(&mm, pud_va + GB - 1, &w), MMU_OK) && is_eq(w.level, 2) && is_eq(w.size, GB) &&
	       !w.ptep && is_eq(w.pa, 0x80000000ull + GB - 1), "1G: a PUD leaf, walk level 2");
	report_eq(mm.tables, 2, "tables: one PUD (shared), one PMD (%u)", mm.tables);
	report_eq(map(&mm, pud_va + (1ull << 21), 0, 1ull << 21, RW), MMU_EOVERLAP,
	       "2M inside the 1G leaf: EOVERLAP");
	report_eq(map(&mm, pmd_va + 8192, 0, 4096, RW), MMU_EOVERLAP, "4K inside the 2M leaf: EOVERLAP");
	report_eq(map(&mm, SPACE_START + 2 * GB, 0, GB, RW), MMU_EOVERLAP,
	       "1G over a PUD entry that holds a table: EOVERLAP");
	report(is_eq(unmap(&mm, pmd_va, 1ull << 21), MMU_OK) && is_eq(unmap(&mm, pud_va, GB), MMU_OK) &&
	       is_eq(mm.tables, 0), "unmap both; every table freed");
	mm_destroy(&mm);
}

static void test_4g_page(void)
{
	struct mm mm;
	vaddr_t va = SPACE_START + 8 * GB;
	paddr_t pa = 0x1000000000ull;
	struct walk_result w;
	unsigned int i, ok = 0;

	space(&mm);
	report_eq(map(&mm, va, pa, 4 * GB, RW), MMU_OK, "map a page of 4 GB");
	for (i = 0; i < 4; i++)
		ok += pte_pa(raw_entry(&mm, va + i * GB, 2)) == pa + i * GB;
	report_eq(ok, 4, "four PUD leaves, entry i mapping pa + i * 1G (%u right)", ok);
	report(is_eq(walk(&mm, va + 3 * GB + 0x123, &w), MMU_OK) && is_eq(w.size, 4 * GB) &&
	       is_eq(w.level, 2) && is_eq(w.page_va, va) && is_eq(w.page_pa, pa) &&
	       is_eq(w.pa, pa + 3 * GB + 0x123),
	       "walk in the last replica: size 4 GB, base and pa of the whole page");
	report_eq((uintptr_t)(pt_run_head(&mm, 2, 4 * GB, va)), (uintptr_t)pt_leaf_slot(&mm, 2, va),
	       "run head: the first PUD entry");
	report_eq(unmap(&mm, va, GB), MMU_EPARTIAL, "unmap of 1G of it: EPARTIAL");
	report(is_eq(protect(&mm, va, 4 * GB, PROT_READ), MMU_OK) &&
	       is_eq(walk(&mm, va + 4 * GB - 1, &w), MMU_OK) && is_eq(w.prot, PROT_READ) &&
	       is_eq(env_tlb_log[env_tlb_calls - 1].size, 4 * GB),
	       "protect the whole page: every replica read-only, one invalidation of 4 GB");
	report(is_eq(unmap(&mm, va, 4 * GB), MMU_OK) && is_eq(walk(&mm, va + GB, &w), MMU_ENOENT) &&
	       is_eq(mm.tables, 0),
	       "unmap the whole page: nothing left");
	mm_destroy(&mm);
}

/*
 * split() and collapse() on four levels: a 4 GB run of PUD leaves into 8M
 * runs of PMD leaves, one of those into 16K runs of PTEs, all put back by
 * one collapse; a 1G PUD leaf straight into 16K pieces (two levels of new
 * tables); a split whose tables do not fit the arena changes nothing.
 */
static void test_split_levels(void)
{
	struct mm mm;
	vaddr_t va = SPACE_START + 8 * GB, vb = SPACE_START + 16 * GB;
	paddr_t pa = 0x1000000000ull;
	struct walk_result w;

	space(&mm);
	map(&mm, va, pa, 4 * GB, RW);
	report(is_eq(split(&mm, va + GB, 4096, 8ull << 20), MMU_OK) && is_eq(mm.tables, 1 + 4) &&
	       is_eq(walk(&mm, va + 3 * GB + 0x123, &w), MMU_OK) && is_eq(w.size, 8ull << 20) &&
	       is_eq(w.level, 3) && is_eq(w.pa, pa + 3 * GB + 0x123),
	       "4 GB into 8M runs of PMD leaves: four PMD tables under the PUD table, the right frames");
	report(is_eq(split(&mm, va, 4096, 16384), MMU_OK) && is_eq(mm.tables, 1 + 8) &&
	       is_eq(walk(&mm, va + (8u << 20) - 1, &w), MMU_OK) && is_eq(w.size, 16384) &&
	       is_eq(w.level, 4) && is_eq(w.pa, pa + (8u << 20) - 1),
	       "its first 8M into 16K runs of PTEs: four PTE tables more");
	report(is_eq(collapse(&mm, va + 0x5000), MMU_OK) && is_eq(mm.tables, 1) &&
	       is_eq(walk(&mm, va + 0x5000, &w), MMU_OK) && is_eq(w.size, 4 * GB) && is_eq(w.level, 2),
	       "one collapse puts the 4 GB page back and frees all eight (the PUD table stays)");
	CHECK_UNCHANGED(MMU_ENOMEM, split(&mm, va, 4096, 16384),
			"4 GB into 16K pieces: 2052 tables do not fit the arena, ENOMEM");
	map(&mm, vb, pa, GB, RW);
	report(is_eq(split(&mm, vb, 4096, 16384), MMU_OK) && is_eq(mm.tables, 1 + 513) &&
	       is_eq(walk(&mm, vb + GB - 1, &w), MMU_OK) && is_eq(w.size, 16384) &&
	       is_eq(w.pa, pa + GB - 1),
	       "a 1G PUD leaf straight into 16K pieces: a PMD table and 512 PTE tables");
	report(is_eq(collapse(&mm, vb), MMU_OK) && is_eq(mm.tables, 1) &&
	       is_eq(walk(&mm, vb, &w), MMU_OK) && is_eq(w.size, GB),
	       "and back (the 4 GB page next to it stays apart: another frame range)");
	mm_destroy(&mm);
}

static void test_no_memory(void)
{
	struct mm mm;
	vaddr_t va = SPACE_START + 7 * GB + 0x5000;
	struct walk_result w;

	space(&mm);
	env_fail_after(2);	/* the PUD and PMD tables come, the PTE table does not */
	CHECK_UNCHANGED(MMU_ENOMEM, map(&mm, va, 0x5000, 4096, RW), "map 4K, third table refused");
	env_fail_after(-1);
	report(is_eq(mm.tables, 0) && is_eq(walk(&mm, va, &w), MMU_ENOENT),
	       "no table left linked, nothing mapped");
	mm_destroy(&mm);
}

static void test_destroy(void)
{
	struct mm mm;

	space(&mm);
	report(is_eq(map(&mm, SPACE_START + 0x1000, 0x1000, 4096, RW), MMU_OK) &&
	       is_eq(map(&mm, SPACE_START + 64 * GB, 0x800000, 1ull << 23, RW), MMU_OK) &&
	       is_eq(map(&mm, SPACE_START + 128 * GB, 0, 4 * GB, RW), MMU_OK), "map 4K, 8M, 4G");
	report_eq(mm.tables, 4, "three pages made four tables: one PUD, two PMD, one PTE (%u)", mm.tables);
	mm_destroy(&mm);
	report(is_eq(env.live, 0) && !mm.pgd, "mm_destroy frees the tables of every level and the PGD");
}

static const struct host_test tests_4level[] = {
	{ "4-level PTE", test_pte },
	{ "4-level PMD and PUD leaves", test_upper_leaves },
	{ "4-level 4G page", test_4g_page },
	{ "4-level split and collapse", test_split_levels },
	{ "4-level out of memory", test_no_memory },
	{ "4-level destroy", test_destroy },
};

int main(void)
{
	run_tests(tests_4level, sizeof(tests_4level) / sizeof(tests_4level[0]));
	return report_summary();
}
