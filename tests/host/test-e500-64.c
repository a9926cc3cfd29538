/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e500 format in 64-bit mode (mmu/pgtable-e500.c built with
 * PPCMMU_E500_64): Linux's 64e table for 4K pages, four levels of 9/9/7/9
 * index bits, huge pages as runs of leaf PMD entries (4M, 16M, 64M) and leaf
 * PUD entries (256M, 1G), driven through the same walker as every other
 * format (mmu/mmu.c).  Every table the code builds is compared byte for byte
 * with one built here by hand from the layout alone.
 */
#include <string.h>
#include "check.h"
#include "pgtable.h"
#include "table64.h"
#include "pte-e500.h"
#include "hugetlb.h"

#define KB		1024ull
#define MB		(1024 * KB)
#define GB		(1024 * MB)
#define TB		(1024 * GB)
#define USER_START	0ull
#define USER_LAST	((1ull << 46) - 1)		/* the 46 indexed bits */
#define KERN_START	0x8000000000000000ull		/* a space whose top bits are not 0 */
#define KERN_LAST	(KERN_START + (1ull << 46) - 1)
#define RW		(PROT_READ | PROT_WRITE)
#define URW		(RW | PROT_USER)

/* Entry bits, from the layout (pte-e500.h), spelled out so a change there shows. */
#define P_A_4K		0x00040101ull	/* ACCESSED | TSIZE 1 (4K) | PRESENT */
#define K_RW		0x00001014ull	/* DIRTY | SW | SR */
#define U_RW		0x0000103cull	/* DIRTY | UW | SW | UR | SR */
#define TSIZE_FIELD(t)	((uint64_t)(t) << 8)
#define SW1_ODD		0x2ull		/* SW1: an odd power of 2, size = 2 << (2 * TSIZE + 10) */

static uint64_t leaf(paddr_t pa, unsigned int tsize, uint64_t bap)
{
	return (pa >> 12) << 24 | 0x00040001ull | TSIZE_FIELD(tsize) | bap;
}

/* The table a table entry points to, decoded from its bytes (0xC000... + arena offset). */
unsigned char *table_of(uint64_t e)
{
	if (!e || (e & 0xf00) || (e >> 32) != (ENV_KVA_BASE_64 >> 32))
		return NULL;
	return env_arena + (uint32_t)e;
}

static void user_space(struct mm *mm)
{
	report_eq(mm_init(mm, USER_START, USER_LAST, 5), MMU_OK, "a user space over the 46 indexed bits");
}

static void test_geometry(void)
{
	static const vsize_t want[] = { 4 * KB, 4 * MB, 16 * MB, 64 * MB, 256 * MB, 1 * GB };
	const vsize_t *sizes;
	unsigned int n, i, ok = 0;

	report(pt_geo.levels == 4 && pt_geo.level[0].shift == 37 && pt_geo.level[1].shift == 28 &&
	       pt_geo.level[2].shift == 21 && pt_geo.level[3].shift == 12,
	       "four levels; one entry maps 128G, 256M, 2M, 4K");
	report(pt_geo.level[0].entries == 512 && pt_geo.level[1].entries == 512 &&
	       pt_geo.level[2].entries == 128 && pt_geo.level[3].entries == 512,
	       "index bits 9/9/7/9 (PGD, PUD, PMD, PTE)");
	report_eq(pt_geo.pa_bits, 40, "40-bit physical addresses");
	sizes = mmu_page_sizes(&n);
	for (i = 0; i < n && i < 6; i++)
		ok += sizes[i] == want[i];
	report(n == 6 && ok == 6, "page sizes 4K, 4M, 16M, 64M, 256M, 1G (%u sizes)", n);
	report_eq(mm_init(&(struct mm){ 0 }, 64 * GB, USER_LAST, 1), MMU_EALIGN,
		  "a space must start on a PGD entry (128G)");
}

static void test_4k(void)
{
	struct mm mm;
	vaddr_t va = 0x00001234567f9000ull;
	paddr_t pa = 0xfedcba9000ull;			/* the top of the 40 bits */
	uint64_t pte = leaf(pa, 1, U_RW);
	struct walk_result w;
	unsigned char *pud, *pmd, *ptt;

	user_space(&mm);
	report_eq(map(&mm, va, pa, 4 * KB, URW), MMU_OK, "map 4K, user read-write, pa above 4 GB");
	pud = raw_table(&mm, va, 2);
	pmd = raw_table(&mm, va, 3);
	ptt = raw_table(&mm, va, 4);
	report(pud && pmd && ptt && mm.tables == 3, "a PUD, a PMD and a PTE table, linked by their addresses");
	report(table_is(&mm, va, 1, (unsigned int[]){ idx(va, 1) },
			(uint64_t[]){ ENV_KVA_BASE_64 | (uint32_t)(pud - env_arena) }, 1),
	       "PGD: one entry, the PUD table's 64-bit kernel address, at index va[37..45]");
	report(table_is(&mm, va, 2, (unsigned int[]){ idx(va, 2) },
			(uint64_t[]){ ENV_KVA_BASE_64 | (uint32_t)(pmd - env_arena) }, 1),
	       "PUD: the PMD table at index va[28..36]");
	report(table_is(&mm, va, 3, (unsigned int[]){ idx(va, 3) },
			(uint64_t[]){ ENV_KVA_BASE_64 | (uint32_t)(ptt - env_arena) }, 1),
	       "PMD (128 entries, 1 KB): the PTE table at index va[21..27]");
	report(table_is(&mm, va, 4, (unsigned int[]){ idx(va, 4) }, &pte, 1),
	       "PTE: pfn << 24 | ACCESSED | TSIZE 4K | PRESENT | DIRTY UW SW UR SR (0x%016llx)",
	       (unsigned long long)pte);
	report(is_eq(walk(&mm, va + 0xabc, &w), MMU_OK) && is_eq(w.level, 4) && is_eq(w.size, 4 * KB) &&
	       is_eq(w.pa, pa + 0xabc) && is_eq(w.prot, URW), "walk: level 4, 4K, the pa, the prot");
	report(is_eq(unmap(&mm, va, 4 * KB), MMU_OK) && is_eq(mm.tables, 0) && is_eq(env.live, 1) &&
	       !get_be64(mm.pgd, idx(va, 1)), "unmap: the three tables freed, the PGD entry cleared");
	mm_destroy(&mm);
}

/* A huge page at level (3: PMD, 2: PUD), its run compared with one built by hand. */
static void check_huge_odd(vaddr_t va, paddr_t pa, vsize_t size, unsigned int tsize, bool odd, int level)
{
	vsize_t span = level == 3 ? 2 * MB : 256 * MB;
	unsigned int n = (unsigned int)(size / span), i;
	static unsigned int index[512];
	static uint64_t value[512];
	struct walk_result w;
	struct mm mm;

	user_space(&mm);
	report_eq(map(&mm, va, pa, size, RW), MMU_OK, "map %lluM at 0x%llx", (unsigned long long)(size >> 20),
		  (unsigned long long)va);
	for (i = 0; i < n; i++) {
		index[i] = idx(va, level) + i;
		value[i] = leaf(pa + i * span, tsize, K_RW) | (odd ? SW1_ODD : 0);
	}
	report(table_is(&mm, va, level, index, value, n),
	       "%lluM: %u leaf %s entries, TSIZE %u%s, entry i = pa + i * %lluM, nothing else",
	       (unsigned long long)(size >> 20), n, level == 3 ? "PMD" : "PUD", tsize, odd ? " + SW1 (odd)" : "",
	       (unsigned long long)(span >> 20));
	report_eq(mm.tables, (unsigned int)(level - 1), "%lluM: tables down to its level only (%u)",
		  (unsigned long long)(size >> 20), mm.tables);
	report(is_eq(walk(&mm, va + size - 8, &w), MMU_OK) && is_eq(w.level, level) && is_eq(w.size, size) &&
	       is_eq(w.page_va, va) && is_eq(w.page_pa, pa) && is_eq(w.pa, pa + size - 8) && !w.ptep,
	       "%lluM: walk in the last replica gives the whole page", (unsigned long long)(size >> 20));
	report(is_eq(protect(&mm, va, size, PROT_READ), MMU_OK) && is_eq(get_be64(raw_table(&mm, va, level),
	       idx(va, level) + n - 1), leaf(pa + (n - 1) * span, tsize, 0x4) | (odd ? SW1_ODD : 0)),
	       "%lluM: protect rewrites every replica (the last: SR only)", (unsigned long long)(size >> 20));
	report_eq(map(&mm, va + size - 4 * KB, 0, 4 * KB, RW), MMU_EOVERLAP,
		  "%lluM: a 4K page inside it: EOVERLAP", (unsigned long long)(size >> 20));
	if (size > span)
		report_eq(unmap(&mm, va, span), MMU_EPARTIAL, "%lluM: unmap of one replica: EPARTIAL",
			  (unsigned long long)(size >> 20));
	report(is_eq(unmap(&mm, va, size), MMU_OK) && is_eq(mm.tables, 0) && is_eq(env.live, 1),
	       "%lluM: unmap frees every table", (unsigned long long)(size >> 20));
	mm_destroy(&mm);
}

static void check_huge(vaddr_t va, paddr_t pa, vsize_t size, unsigned int tsize, int level)
{
	check_huge_odd(va, pa, size, tsize, false, level);
}

static void test_huge(void)
{
	check_huge(0x0000001080400000ull, 0x0c00400000ull, 4 * MB, 6, 3);
	check_huge(0x0000002001000000ull, 0x8001000000ull, 16 * MB, 7, 3);
	check_huge(0x00003ffff4000000ull, 0x0004000000ull, 64 * MB, 8, 3);
	check_huge(0x0000123450000000ull, 0xff50000000ull, 256 * MB, 9, 2);
	check_huge(0x0000000040000000ull, 0x0040000000ull, 1 * GB, 10, 2);
}

static void test_errors(void)
{
	struct mm mm;

	user_space(&mm);
	CHECK_UNCHANGED(MMU_EPA, map(&mm, 0x1000, 1ull << 40, 4 * KB, RW), "4K at pa 2^40: EPA");
	CHECK_UNCHANGED(MMU_EPA, map(&mm, 1 * GB, 1ull << 40, 1 * GB, RW), "1G at pa 2^40: EPA");
	CHECK_UNCHANGED(MMU_ERANGE, map(&mm, 1ull << 46, 0, 4 * KB, RW), "4K at 2^46, past the space: ERANGE");
	CHECK_UNCHANGED(MMU_EALIGN, map(&mm, 256 * MB + 128 * MB, 0, 256 * MB, RW),
			"256M on a 128M boundary: EALIGN");
	CHECK_UNCHANGED(MMU_ESIZE, map(&mm, 0, 0, 2 * MB, RW), "2M: not a size of this core's format");
	report_eq(map(&mm, 2 * GB + 6 * MB, 0x1000, 4 * KB, RW), MMU_OK, "a 4K page in a PMD entry's span");
	CHECK_UNCHANGED(MMU_EOVERLAP, map(&mm, 2 * GB + 4 * MB, 0, 4 * MB, RW),
			"4M over a PMD entry that holds a PTE table: EOVERLAP");
	CHECK_UNCHANGED(MMU_EOVERLAP, map(&mm, 2 * GB, 0, 256 * MB, RW),
			"256M over a PUD entry that holds a PMD table: EOVERLAP");
	env_fail_after(1);	/* the PUD table comes, the PMD table does not */
	CHECK_UNCHANGED(MMU_ENOMEM, map(&mm, 5 * TB, 0, 4 * MB, RW), "4M, its PMD table refused: ENOMEM");
	env_fail_after(-1);
	mm_destroy(&mm);
	report_eq(env.live, 0, "mm_destroy frees every table");
}

/* The bits above the 46 indexed ones belong to the space: a kernel space at 0x8000... */
static void test_kernel_space(void)
{
	struct mm mm;
	vaddr_t va = KERN_START + 0x0000000012345000ull;
	uint64_t pte = leaf(0x7000, 1, K_RW);
	struct walk_result w;

	report_eq(mm_init(&mm, KERN_START, KERN_LAST, 0), MMU_OK, "a kernel space at 0x8000000000000000");
	report_eq(map(&mm, va, 0x7000, 4 * KB, RW), MMU_OK, "map 4K at 0x8000000012345000");
	report(idx(va, 1) == 0 && table_is(&mm, va, 4, (unsigned int[]){ idx(va, 4) }, &pte, 1),
	       "indexed by bits 12..45 alone: PGD entry 0, the PTE as for a user address");
	report(is_eq(walk(&mm, va, &w), MMU_OK) && is_eq(w.pa, 0x7000) && is_eq(w.prot, RW),
	       "walk of the 64-bit address");
	report_eq(map(&mm, 0x12345000, 0, 4 * KB, RW), MMU_ERANGE, "a user address in the kernel space: ERANGE");
	mm_destroy(&mm);
}

/*
 * mm_keep_first_table(): the kernel region of the 64-bit family is one PGD
 * entry; its PUD table is linked at once and outlives every unmap.
 */
static void test_keep_first_table(void)
{
	const vaddr_t last = KERN_START + (1ull << 37) - 1, va = KERN_START + 0x0000001234567000ull;
	struct mm mm;
	void *pud;
	unsigned long live;

	live = env.live;
	report_eq(mm_init(&mm, KERN_START, last, 0), MMU_OK, "a kernel space of one PGD entry (128G)");
	pud = mm_keep_first_table(&mm);
	report(pud && pud == raw_table(&mm, KERN_START, 2) && is_eq(mm.tables, 1) && is_eq(env.live, live + 2),
	       "mm_keep_first_table: PGD entry 0 links a new PUD table, counted");
	report(mm_keep_first_table(&mm) == pud && is_eq(mm.tables, 1), "a second call returns the same table");
	report_eq(map(&mm, va, 0x7000, 4 * KB, RW), MMU_OK, "map 4K below it");
	report(raw_table(&mm, va, 2) == pud && is_eq(mm.tables, 3), "the walk goes through it: a PMD and a PTE table more");
	report(is_eq(unmap(&mm, va, 4 * KB), MMU_OK) && is_eq(mm.tables, 1) && raw_table(&mm, va, 2) == pud,
	       "unmap frees the PMD and PTE tables and keeps the PUD table, now empty");
	report(is_eq(map(&mm, KERN_START, 0x40000000, 1 * GB, RW), MMU_OK) &&
	       is_eq(unmap(&mm, KERN_START, 1 * GB), MMU_OK) && raw_table(&mm, KERN_START, 2) == pud,
	       "a 1G run of leaf PUDs in it, mapped and unmapped: the table stays");
	mm_destroy(&mm);
	report_eq(env.live, live, "mm_destroy frees it with the PGD");
}

/* The hugetlb vocabulary on the four-level table: a 4M run of PMD leaves, a 1G run of PUD leaves. */
static void test_hugetlb(void)
{
	const vaddr_t v4m = 0x0000000ac0400000ull, v1g = 0x0000001040000000ull;
	const paddr_t p4m = 0x0012c00000ull, p1g = 0x00c0000000ull;
	uint64_t pte, got;
	void *ptep;
	struct mm mm;

	user_space(&mm);
	ptep = pte_alloc_huge(&mm, pmd_off(&mm, v4m), v4m, 4 * MB);
	report(ptep && raw_table(&mm, v4m, 3) && ptep == raw_table(&mm, v4m, 3) + idx(v4m, 3) * 8 &&
	       mm.tables == 2, "pte_alloc_huge(4M): a PUD and a PMD table, the head is the PMD entry of va");
	pte = mk_huge_pte(p4m, 4 * MB, RW);
	report_eq(pte, leaf(p4m, 6, K_RW), "mk_huge_pte(4M): PRESENT ACCESSED TSIZE 6 SR SW DIRTY");
	report_eq(pte_leaf_size(0, pte), 4 * MB, "pte_leaf_size: 4M");
	report(is_eq(set_huge_pte_at(&mm, v4m, ptep, pte, 4 * MB), MMU_OK) &&
	       table_is(&mm, v4m, 3, (unsigned int[]){ idx(v4m, 3), idx(v4m, 3) + 1 },
			(uint64_t[]){ leaf(p4m, 6, K_RW), leaf(p4m + 2 * MB, 6, K_RW) }, 2),
	       "set_huge_pte_at(4M): two PMD leaves, the second 2M on");
	report_eq(huge_ptep_get(&mm, v4m, ptep), pte, "huge_ptep_get gives the head's entry");
	report(is_eq(huge_ptep_set_wrprotect(&mm, v4m, ptep), MMU_OK) &&
	       table_is(&mm, v4m, 3, (unsigned int[]){ idx(v4m, 3), idx(v4m, 3) + 1 },
			(uint64_t[]){ leaf(p4m, 6, 0x1004), leaf(p4m + 2 * MB, 6, 0x1004) }, 2),
	       "huge_ptep_set_wrprotect: SW gone from both replicas, DIRTY kept");
	got = huge_ptep_get_and_clear(&mm, v4m, ptep);
	report(got == leaf(p4m, 6, 0x1004) && mm.tables == 0 && env.live == 1,
	       "huge_ptep_get_and_clear: the entry, then nothing left, the tables freed");

	ptep = pte_alloc_huge(&mm, pmd_off(&mm, v1g), v1g, 1 * GB);
	report(ptep && ptep == raw_table(&mm, v1g, 2) + idx(v1g, 2) * 8 && mm.tables == 1,
	       "pte_alloc_huge(1G): a PUD table, the head is the PUD entry of va");
	pte = mk_huge_pte(p1g, 1 * GB, RW);
	report(is_eq(set_huge_pte_at(&mm, v1g, ptep, pte, 1 * GB), MMU_OK) &&
	       table_is(&mm, v1g, 2, (unsigned int[]){ idx(v1g, 2), idx(v1g, 2) + 1, idx(v1g, 2) + 2,
			idx(v1g, 2) + 3 }, (uint64_t[]){ leaf(p1g, 10, K_RW), leaf(p1g + 256 * MB, 10, K_RW),
			leaf(p1g + 512 * MB, 10, K_RW), leaf(p1g + 768 * MB, 10, K_RW) }, 4),
	       "set_huge_pte_at(1G): four PUD leaves, 256M apart");
	CHECK_UNCHANGED(MMU_EPARTIAL, set_huge_pte_at(&mm, v1g + 256 * MB,
			(char *)ptep + 8, mk_huge_pte(p1g, 256 * MB, RW), 256 * MB),
			"set_huge_pte_at(256M) over the second quarter of the 1G page: EPARTIAL");
	CHECK_UNCHANGED(MMU_EPARTIAL, huge_pte_clear(&mm, v1g + 256 * MB, (char *)ptep + 8, 256 * MB),
			"huge_pte_clear(256M) of a quarter: EPARTIAL");
	report(is_eq(huge_pte_clear(&mm, v1g, ptep, 1 * GB), MMU_OK) && is_eq(mm.tables, 0) &&
	       is_eq(env.live, 1), "huge_pte_clear(1G): every replica and the PUD table gone");
	report_eq(env_tlb_calls, 2, "the two clears invalidated once each");
	mm_destroy(&mm);
}

/* log2 of every size TLB1PS reports on QEMU's e6500 (4K..1T), and TLB1CFG's 4^1..4^12 KB on its e5500. */
#define E6500_SHIFTS	(((1ull << 41) - 1) & ~((1ull << 12) - 1))
#define E5500_SHIFTS	0x555555000ull
#define E5500_BASE	((1ull << 12) | (1ull << 22) | (1ull << 24) | (1ull << 26) | (1ull << 28) | (1ull << 30))

/* Does mmu_page_sizes() list exactly the sizes of want (bit n: 2^n), in order? */
static bool sizes_are(uint64_t want)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);
	uint64_t got = 0;

	for (i = 0; i < n; i++) {
		if (i && sizes[i] <= sizes[i - 1])
			return false;
		got |= sizes[i];
	}
	return got == want && n == (unsigned int)__builtin_popcountll(want);
}

/*
 * Sizes from 4G: runs of leaf PUDs up to a whole PUD table (128G), each
 * enabled only when the core reports it; 256G..1T (the e6500's TLB1PS has
 * them) would span PGD entries, which Linux's 64e format never holds as
 * leaves: refused, and such a leaf reads as none.
 */
static void test_sizes_past_2g(void)
{
	uint64_t e6500 = E6500_SHIFTS & ((1ull << 38) - 1) & ~((1ull << 21) - 1);
	uint64_t pte = leaf(0, 14, K_RW);	/* 2 * 14 + 10: 256G */
	unsigned char *pud;
	struct walk_result w;
	struct mm mm;

	report(sizes_are(E5500_BASE), "before the boot's word: 4K and the powers of 4 to 1G");
	pt_e500_64_enable_sizes(E5500_SHIFTS);
	report(sizes_are(E5500_BASE | (1ull << 32) | (1ull << 34)),
	       "e5500 (TLB1CFG 4K..16G): 4K, 4M..1G, 4G, 16G; no odd size, nothing past 16G");
	pt_e500_64_enable_sizes(E6500_SHIFTS);
	report(sizes_are(e6500 | (1ull << 12)), "e6500 (TLB1PS 4K..1T): 4K and every power of 2 from 2M to 128G");
	check_huge(0x0000000100000000ull, 0x0100000000ull, 4 * GB, 11, 2);
	check_huge_odd(0x0000000200000000ull, 0xfe00000000ull, 8 * GB, 11, true, 2);
	check_huge(0x0000004000000000ull, 0x4000000000ull, 64 * GB, 13, 2);
	check_huge_odd(0x0000108000000000ull, 0x8000000000ull, 128 * GB, 13, true, 2);
	user_space(&mm);
	CHECK_UNCHANGED(MMU_ESIZE, map(&mm, 0, 0, 256 * GB, RW), "256G (a PGD-level size): ESIZE");
	CHECK_UNCHANGED(MMU_ESIZE, map(&mm, 0, 0, 1 * TB, RW), "1T: ESIZE");
	report_eq(map(&mm, 64 * GB, 0, 4 * KB, RW), MMU_OK, "a PUD table for a hand-built leaf");
	pud = raw_table(&mm, 64 * GB, 2);
	put_be64(pud, idx(128 * GB - 256 * MB, 2), pte);
	report(pud && is_eq(walk(&mm, 128 * GB - 256 * MB, &w), MMU_EBADENTRY),
	       "a leaf PUD whose size field says 256G: walk gives EBADENTRY");
	put_be64(pud, idx(128 * GB - 256 * MB, 2), 0);
	mm_destroy(&mm);
	report_eq(pte_leaf_size(0, leaf(0, 13, 0) | SW1_ODD), 128 * GB, "pte_leaf_size: TSIZE 13 + SW1 is 128G");
	report_eq(pte_leaf_size(0, leaf(0, 14, 0)), 0, "pte_leaf_size: TSIZE 14 (256G) is none");
	pt_e500_64_enable_sizes(E5500_BASE);
	report(sizes_are(E5500_BASE), "back to the base set");
}

static const struct host_test tests_e500_64[] = {
	{ "e500/64 geometry", test_geometry },
	{ "e500/64 4K", test_4k },
	{ "e500/64 leaf PMD and PUD runs", test_huge },
	{ "e500/64 errors", test_errors },
	{ "e500/64 kernel space", test_kernel_space },
	{ "e500/64 kept first table", test_keep_first_table },
	{ "e500/64 hugetlb vocabulary", test_hugetlb },
	{ "e500/64 sizes past 2G", test_sizes_past_2g },
};

int main(void)
{
	run_tests(tests_e500_64, sizeof(tests_e500_64) / sizeof(tests_e500_64[0]));
	return report_summary();
}
