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
	report(mm_init(mm, SPACE_START, SPACE_LAST, 1) == MMU_OK, "a space over PGD entry 1");
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
	report(map(&mm, va, pa, 4096, RW) == MMU_OK, "map 4K");
	report(mm.tables == 3 && env.live == 4, "one table made at each level below the PGD (%u)",
	       mm.tables);
	report(pte_pa(raw_entry(&mm, va, 4)) == pa, "the PTE sits where the four indexes of va say");
	report(walk(&mm, va + 0x7ff, &w) == MMU_OK && w.level == 4 && w.size == 4096 &&
	       w.pa == pa + 0x7ff && w.ptep && w.prot == RW, "walk: level 4, 4K, pa above 4 GB");
	report(walk(&mm, va + 4096, &w) == MMU_ENOENT, "the next page is not mapped");
	report(unmap(&mm, va, 4096) == MMU_OK && mm.tables == 0 && env.live == 1,
	       "unmap frees the three tables it emptied");
	mm_destroy(&mm);
}

static void test_upper_leaves(void)
{
	struct mm mm;
	vaddr_t pmd_va = SPACE_START + 2 * GB + 6 * (1ull << 21), pud_va = SPACE_START + 5 * GB;
	struct walk_result w;

	space(&mm);
	report(map(&mm, pmd_va, 0x40200000ull, 1ull << 21, RW) == MMU_OK &&
	       walk(&mm, pmd_va + 0x1234, &w) == MMU_OK && w.level == 3 && w.size == (1ull << 21) &&
	       !w.ptep && w.pa == 0x40201234ull, "2M: a PMD leaf, walk level 3");
	report(map(&mm, pud_va, 0x80000000ull, GB, RW) == MMU_OK &&
	       walk(&mm, pud_va + GB - 1, &w) == MMU_OK && w.level == 2 && w.size == GB &&
	       !w.ptep && w.pa == 0x80000000ull + GB - 1, "1G: a PUD leaf, walk level 2");
	report(mm.tables == 2, "tables: one PUD (shared), one PMD (%u)", mm.tables);
	report(map(&mm, pud_va + (1ull << 21), 0, 1ull << 21, RW) == MMU_EOVERLAP,
	       "2M inside the 1G leaf: EOVERLAP");
	report(map(&mm, pmd_va + 8192, 0, 4096, RW) == MMU_EOVERLAP, "4K inside the 2M leaf: EOVERLAP");
	report(map(&mm, SPACE_START + 2 * GB, 0, GB, RW) == MMU_EOVERLAP,
	       "1G over a PUD entry that holds a table: EOVERLAP");
	report(unmap(&mm, pmd_va, 1ull << 21) == MMU_OK && unmap(&mm, pud_va, GB) == MMU_OK &&
	       mm.tables == 0, "unmap both; every table freed");
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
	report(map(&mm, va, pa, 4 * GB, RW) == MMU_OK, "map a page of 4 GB");
	for (i = 0; i < 4; i++)
		ok += pte_pa(raw_entry(&mm, va + i * GB, 2)) == pa + i * GB;
	report(ok == 4, "four PUD leaves, entry i mapping pa + i * 1G (%u right)", ok);
	report(walk(&mm, va + 3 * GB + 0x123, &w) == MMU_OK && w.size == 4 * GB && w.level == 2 &&
	       w.page_va == va && w.page_pa == pa && w.pa == pa + 3 * GB + 0x123,
	       "walk in the last replica: size 4 GB, base and pa of the whole page");
	report(pt_run_head(&mm, 2, 4 * GB, va) == pt_leaf_slot(&mm, 2, va), "run head: the first PUD entry");
	report(unmap(&mm, va, GB) == MMU_EPARTIAL, "unmap of 1G of it: EPARTIAL");
	report(protect(&mm, va, 4 * GB, PROT_READ) == MMU_OK && walk(&mm, va + 4 * GB - 1, &w) == MMU_OK &&
	       w.prot == PROT_READ && env_tlb_log[env_tlb_calls - 1].size == 4 * GB,
	       "protect the whole page: every replica read-only, one invalidation of 4 GB");
	report(unmap(&mm, va, 4 * GB) == MMU_OK && walk(&mm, va + GB, &w) == MMU_ENOENT && mm.tables == 0,
	       "unmap the whole page: nothing left");
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
	report(mm.tables == 0 && walk(&mm, va, &w) == MMU_ENOENT, "no table left linked, nothing mapped");
	mm_destroy(&mm);
}

static void test_destroy(void)
{
	struct mm mm;

	space(&mm);
	report(map(&mm, SPACE_START + 0x1000, 0x1000, 4096, RW) == MMU_OK &&
	       map(&mm, SPACE_START + 64 * GB, 0x800000, 1ull << 23, RW) == MMU_OK &&
	       map(&mm, SPACE_START + 128 * GB, 0, 4 * GB, RW) == MMU_OK, "map 4K, 8M, 4G");
	report(mm.tables == 4, "three pages made four tables: one PUD, two PMD, one PTE (%u)", mm.tables);
	mm_destroy(&mm);
	report(env.live == 0 && !mm.pgd, "mm_destroy frees the tables of every level and the PGD");
}

static const struct host_test tests_4level[] = {
	{ "4-level PTE", test_pte },
	{ "4-level PMD and PUD leaves", test_upper_leaves },
	{ "4-level 4G page", test_4g_page },
	{ "4-level out of memory", test_no_memory },
	{ "4-level destroy", test_destroy },
};

int main(void)
{
	run_tests(tests_4level, sizeof(tests_4level) / sizeof(tests_4level[0]));
	return report_summary();
}
