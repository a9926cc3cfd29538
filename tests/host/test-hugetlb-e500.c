/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hugetlb vocabulary on the e500 format: leaf PGD runs built with it are
 * byte for byte the replicas of put_leaf() (what map() builds), the huge
 * ptep is the first replica, every update reaches every replica.
 */
#include <string.h>
#include "hugetlb.h"
#include "check.h"
#include "tests.h"

#define RW		(PROT_READ | PROT_WRITE)
#define VA		0x40000000u
#define PA		0x240000000ull
#define BAP_KRO_D	0x00001004u	/* wrprotect keeps DIRTY: SR D */

static unsigned char exp_pgd[PGD_BYTES];

static void test_he_leaf_sizes(void)
{
	unsigned int i;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0xFFFFFFFF, 1), MMU_OK, "mm");
	for (i = 0; i < NR_LEAF_SIZES; i++) {
		const struct leaf_size *ls = &leaf_sizes[i];
		void *pmd = pmd_off(&mm, VA), *ptep;
		uint64_t pte = mk_huge_pte(PA, ls->size, RW);

		report_prefix_push("%uM", ls->size >> 20);
		env_reset_counters();
		ptep = pte_alloc_huge(&mm, pmd, VA, ls->size);
		report(is_eq((uintptr_t)ptep, (uintptr_t)pmd) && is_eq(env.allocs, 0),
		       "huge ptep is the first PGD entry, no table");
		report_err(set_huge_pte_at(&mm, VA, ptep, pte, ls->size), MMU_OK, "set_huge_pte_at");
		memset(exp_pgd, 0, sizeof(exp_pgd));
		put_leaf(exp_pgd, VA, PA, ls, BAP_KRW);
		report(same_bytes(mm.pgd, exp_pgd, PGD_BYTES), "replicas byte for byte");
		report(is_eq(huge_ptep_get(&mm, VA, ptep), pte) &&
		       is_eq(pte, ((uint64_t)entry_hi(exp_pgd, VA >> 21) << 32 | entry_lo(exp_pgd, VA >> 21))),
		       "huge_ptep_get: the first replica");
		report_eq(pte_leaf_size(pte, pte), ls->size, "pte_leaf_size");
		report_err(huge_ptep_set_wrprotect(&mm, VA, ptep), MMU_OK, "wrprotect");
		env_reset_counters();
		put_leaf(exp_pgd, VA, PA, ls, BAP_KRO_D);
		report(same_bytes(mm.pgd, exp_pgd, PGD_BYTES), "every replica loses SW, keeps D");
		report_eq(huge_ptep_get_and_clear(&mm, VA, ptep),
		       ((uint64_t)entry_hi(exp_pgd, VA >> 21) << 32 | entry_lo(exp_pgd, VA >> 21)),
		       "get_and_clear returns the entry");
		memset(exp_pgd, 0, sizeof(exp_pgd));
		report(same_bytes(mm.pgd, exp_pgd, PGD_BYTES) && is_eq(env_tlb_calls, 1) &&
		       is_eq(env_tlb_log[0].va, VA) && is_eq(env_tlb_log[0].size, ls->size),
		       "PGD empty, one TLB invalidation of the page");
		report_prefix_pop();
	}
	mm_destroy(&mm);
}

/*
 * The clears on several cores: at their one shootdown every entry of the run
 * has its low word (PRESENT) clear and still its high word, for a miss
 * handler that read the old low word just before; after it, every byte is 0.
 */
static const unsigned char *order_pgd;
static unsigned int order_calls, order_bad, order_first, order_n;
static uint32_t order_hi[2];	/* each entry's high word before the clear */

static void order_look(const struct mm *mm, vaddr_t va, vsize_t size)
{
	unsigned int i;

	(void)mm;
	(void)va;
	(void)size;
	order_calls++;
	for (i = order_first; i < order_first + order_n; i++)
		order_bad += entry_lo(order_pgd, i) != 0 || entry_hi(order_pgd, i) != order_hi[i - order_first];
}

static void test_he_clear_order(void)
{
	static const char *const how[] = { "huge_pte_clear", "huge_ptep_get_and_clear", "set_huge_pte_at 0" };
	uint64_t pte = mk_huge_pte(PA, SZ_4M, RW);
	unsigned int k;
	struct mm mm;

	report(mm_init(&mm, 0, 0xFFFFFFFF, 1) == MMU_OK, "mm");
	for (k = 0; k < 3; k++) {
		void *ptep = pte_alloc_huge(&mm, pmd_off(&mm, VA), VA, SZ_4M);

		report_prefix_push("%s", how[k]);
		report_err(set_huge_pte_at(&mm, VA, ptep, pte, SZ_4M), MMU_OK, "set a 4M page");
		order_pgd = mm.pgd;
		order_first = VA >> 21;
		order_n = SZ_4M >> 21;
		order_hi[0] = entry_hi(mm.pgd, order_first);
		order_hi[1] = entry_hi(mm.pgd, order_first + 1);
		order_calls = order_bad = 0;
		env_tlb_hook = order_look;
		if (k == 0)
			report_err(huge_pte_clear(&mm, VA, ptep, SZ_4M), MMU_OK, "clears");
		else if (k == 1)
			report_eq(huge_ptep_get_and_clear(&mm, VA, ptep), pte, "returns the entry");
		else
			report_err(set_huge_pte_at(&mm, VA, ptep, 0, SZ_4M), MMU_OK, "clears");
		env_tlb_hook = NULL;
		report_eq(order_calls, 1, "one shootdown");
		report_eq(order_bad, 0, "at it the low words are 0, the high words still the frame's");
		report(entry_hi(mm.pgd, order_first) == 0 && entry_lo(mm.pgd, order_first) == 0 &&
		       entry_hi(mm.pgd, order_first + 1) == 0 && entry_lo(mm.pgd, order_first + 1) == 0,
		       "after it, 0");
		report_prefix_pop();
	}
	mm_destroy(&mm);
}

static void test_he_errors(void)
{
	uint64_t pte = mk_huge_pte(PA, SZ_4M, RW);
	void *pmd, *ptep;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0xBFFFFFFF, 1), MMU_OK, "user mm");
	pmd = pmd_off(&mm, VA);
	CHECK_UNCHANGED(MMU_ESIZE, set_huge_pte_at(&mm, VA, pmd, pte, SZ_2M), "size 2M");
	CHECK_UNCHANGED(MMU_EALIGN, set_huge_pte_at(&mm, VA + SZ_2M, pmd_off(&mm, VA + SZ_2M),
						    pte, SZ_4M), "addr on 2M");
	CHECK_UNCHANGED(MMU_ENOENT, set_huge_pte_at(&mm, VA, (char *)pmd + 8, pte, SZ_4M),
			"ptep is the second replica");
	CHECK_UNCHANGED(MMU_ERANGE, set_huge_pte_at(&mm, 0xC0000000, pmd_off(&mm, 0xC0000000),
						    pte, SZ_4M), "outside the space");
	CHECK_UNCHANGED(MMU_ESIZE, set_huge_pte_at(&mm, VA, pmd, mk_huge_pte(PA, SZ_4K, RW), SZ_4M),
			"a 4K PTE written as a 4M run");
	CHECK_UNCHANGED(MMU_ESIZE, set_huge_pte_at(&mm, VA, pmd, mk_huge_pte(PA, 0x1000000u, RW), SZ_4M),
			"a 16M PTE written as a 4M run");
	CHECK_UNCHANGED(MMU_ESIZE, pmd_populate_size(&mm, pmd, env_arena, SZ_4M),
			"pmd_populate_size of a leaf size");
	report_eq(map(&mm, VA + SZ_4K, 0x1000, SZ_4K, RW), MMU_OK, "a 4K page");
	CHECK_UNCHANGED(MMU_OK, pte_alloc_huge(&mm, pmd, VA, SZ_4M) == NULL ? MMU_OK : -99,
			"pte_alloc_huge 4M over a table: NULL");
	CHECK_UNCHANGED(MMU_EOVERLAP, set_huge_pte_at(&mm, VA, pmd, pte, SZ_4M),
			"set_huge_pte_at 4M over a table");
	ptep = pte_alloc_huge(&mm, pmd, VA, SZ_4K);
	report_eq((uintptr_t)(ptep), (uintptr_t)pte_table_of(&mm, VA),
	       "pte_alloc_huge 4K: slot 0 of the table");
	report_err(set_huge_pte_at(&mm, VA, ptep, mk_huge_pte(0x5000, SZ_4K, RW), SZ_4K), MMU_OK,
		   "set 4K");
	report(is_eq(entry_lo(ptep, 0), 0x05041115u) && is_eq(entry_hi(ptep, 0), 0),
	       "entry 00000000 05041115");
	env_fail_after(0);
	CHECK_UNCHANGED(MMU_OK, pte_alloc_huge(&mm, pmd_off(&mm, 0x100000), 0x100000, SZ_4K) ==
			NULL ? MMU_OK : -99, "pte_alloc_huge without memory: NULL");
	env_fail_after(-1);
	mm_destroy(&mm);
	report_eq(env.live, 0, "all memory back");
}

#define PTE_DIRTY	0x1000u
#define WT_I		(PROT_NOCACHE | PROT_WRITETHRU)

/*
 * W=1 I=1 is refused with its own error by every path that takes a prot;
 * a writable entry is always dirty, so the miss handler may copy SW/UW as
 * it finds them: set_huge_pte_at() refuses a writable clean one.
 */
static void test_he_cache_dirty(void)
{
	uint64_t pte = mk_huge_pte(PA, SZ_4M, RW);
	void *pmd;
	struct walk_result w;
	struct mm mm;

	env_init();
	report_eq(mm_init(&mm, 0, 0xBFFFFFFF, 1), MMU_OK, "user mm");
	pmd = pmd_off(&mm, VA);
	CHECK_UNCHANGED(MMU_ECACHE, map(&mm, VA, PA, SZ_4M, PROT_READ | WT_I), "map 4M NOCACHE|WRITETHRU");
	report_eq(mk_huge_pte(PA, SZ_4M, PROT_READ | WT_I), 0, "mk_huge_pte NOCACHE|WRITETHRU: 0");
	report(is_set(pte, PTE_DIRTY), "mk_huge_pte of a writable page sets DIRTY");
	CHECK_UNCHANGED(MMU_EDIRTY, set_huge_pte_at(&mm, VA, pmd, pte & ~(uint64_t)PTE_DIRTY, SZ_4M),
			"set_huge_pte_at writable without DIRTY");
	CHECK_UNCHANGED(MMU_EDIRTY, set_huge_pte_at(&mm, VA, pmd,
						    mk_huge_pte(PA, SZ_4M, RW | PROT_USER) &
						    ~(uint64_t)PTE_DIRTY, SZ_4M),
			"set_huge_pte_at user-writable without DIRTY");
	report_err(set_huge_pte_at(&mm, VA, pmd, mk_huge_pte(PA, SZ_4M, PROT_READ) & ~(uint64_t)PTE_DIRTY,
				   SZ_4M), MMU_OK, "a read-only clean entry is accepted");
	report_err(set_huge_pte_at(&mm, VA, pmd, pte, SZ_4M), MMU_OK, "a writable dirty one too");
	CHECK_UNCHANGED(MMU_ECACHE, protect(&mm, VA, SZ_4M, RW | WT_I), "protect NOCACHE|WRITETHRU");
	report_err(protect(&mm, VA, SZ_4M, PROT_READ), MMU_OK, "protect read-only");
	report_err(protect(&mm, VA, SZ_4M, RW | PROT_USER), MMU_OK, "protect back to writable");
	w.entry = 0;
	walk(&mm, VA + SZ_4M - 1, &w);
	report(is_set(w.entry, PTE_DIRTY),
	       "protect() gives a writable page DIRTY in every entry (last: %08x)", (uint32_t)w.entry);
	report_err(protect(&mm, VA, SZ_4M, PROT_READ | PROT_WRITETHRU), MMU_OK,
		   "WRITETHRU alone is fine");
	report_err(protect(&mm, VA, SZ_4M, PROT_READ | PROT_NOCACHE), MMU_OK, "NOCACHE alone too");
	mm_destroy(&mm);
	report_eq(env.live, 0, "all memory back");
}

/* protect() replaces every prot bit: GUARDED goes when the new prot leaves it out (4K and 4M). */
static void test_he_protect_guarded(void)
{
	static const uint32_t sizes[] = { 4096, SZ_4M };
	struct walk_result w;
	struct mm mm;
	unsigned int i;

	env_init();
	report_eq(mm_init(&mm, 0, 0xBFFFFFFF, 1), MMU_OK, "user mm");
	for (i = 0; i < 2; i++) {
		report_prefix_push("%uK", sizes[i] >> 10);
		report_err(map(&mm, VA, PA, sizes[i], PROT_READ | PROT_NOCACHE | PROT_GUARDED), MMU_OK,
			   "map NOCACHE|GUARDED");
		report(is_eq(walk(&mm, VA, &w), MMU_OK) && is_set(w.prot, PROT_GUARDED), "walk: GUARDED");
		report_err(protect(&mm, VA, sizes[i], PROT_READ | PROT_NOCACHE), MMU_OK, "protect NOCACHE");
		report(is_eq(walk(&mm, VA, &w), MMU_OK) && is_clear(w.prot, PROT_GUARDED) &&
		       is_set(w.prot, PROT_NOCACHE),
		       "walk: GUARDED gone, NOCACHE kept (prot 0x%x)", (unsigned int)w.prot);
		report_err(unmap(&mm, VA, sizes[i]), MMU_OK, "unmap");
		report_prefix_pop();
	}
	mm_destroy(&mm);
	report_eq(env.live, 0, "all memory back");
}

const struct host_test hugetlb_e500_tests[] = {
	{ "hugetlb e500 protect takes GUARDED away", test_he_protect_guarded },
	{ "hugetlb e500 cache and dirty rules", test_he_cache_dirty },
	{ "hugetlb e500 leaf sizes", test_he_leaf_sizes },
	{ "hugetlb e500 errors", test_he_errors },
	{ "hugetlb clear order", test_he_clear_order },
};
const unsigned int nr_hugetlb_e500_tests =
	sizeof(hugetlb_e500_tests) / sizeof(hugetlb_e500_tests[0]);
