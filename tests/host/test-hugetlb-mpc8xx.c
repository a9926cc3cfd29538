/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hugetlb vocabulary on the MPC8xx format: pages built with it are byte
 * for byte those map() builds (same hand-built tables as test-mpc8xx.c), the 8M
 * huge ptep is the first PMD of the pair, every update reaches both tables.
 */
#include <string.h>
#include "hugetlb.h"
#include "tests.h"
#include "tests-mpc8xx.h"

#define RW	(PROT_READ | PROT_WRITE)
#define SH	0x004u
#define KRW	0x125u		/* P SH A D */
#define KRO_D	0x725u		/* wrprotect keeps DIRTY: P SH A D RO */
#define HUGE	0x808u		/* SPS | HUGE */

struct h8_size {
	uint32_t size;
	uint32_t bits;
	uint32_t pmd_bits;
};

static const struct h8_size h8_sizes[] = {
	{ 0x1000, 0, 0 }, { 0x4000, 0x008, 0 }, { 0x80000, HUGE, 0 }, { 0x800000, HUGE, 0x00c },
};

static void test_h8_each_size(void)
{
	unsigned int s;

	for (s = 0; s < 4; s++) {
		const struct h8_size *z = &h8_sizes[s];
		vaddr_t va = 0xC1000000;
		paddr_t pa = 0x02000000;
		struct walk_result w;
		void *pmd, *ptep;
		uint64_t pte;
		struct mm mm;

		env_init();
		report_prefix_push("%uK", z->size >> 10);
		m8_kernel_mm(&mm);
		pmd = pmd_off(&mm, va);
		report_eq((uintptr_t)(pmd), (uintptr_t)(unsigned char *)mm.pgd + (va >> 22) * 4, "pmd_off");
		ptep = pte_alloc_huge(&mm, pmd, va, z->size);
		report(ptep != NULL && is_eq(mm.tables, (z->size == 0x800000 ? 2u : 1u)),
		       "pte_alloc_huge linked %u table(s)", mm.tables);
		report_eq((uintptr_t)(ptep),
		       (uintptr_t)(z->size == 0x800000 ? pmd : (void *)m8_table(&mm, va)),
		       z->size == 0x800000 ? "huge ptep of 8M is the first PMD" :
		       "huge ptep is the first PTE slot");
		pte = mk_huge_pte(pa, z->size, RW);
		report_eq(pte, (pa | (KRW & ~SH) | z->bits), "mk_huge_pte %08x (no SH: it knows no mm)",
		       (uint32_t)pte);
		report_err(set_huge_pte_at(&mm, va, ptep, pte, z->size), MMU_OK, "set_huge_pte_at");
		report(m8_page_bytes(&mm, va, pa, z->size, KRW | z->bits, 0x001 | z->pmd_bits),
		       "tables byte for byte as map() builds them");
		report_eq(huge_ptep_get(&mm, va, ptep), (pte | SH),
		       "huge_ptep_get gives the first entry (SH: the kernel's space)");
		report(is_eq(pte_leaf_size(m8_pmd(&mm, va), pte), z->size) &&
		       is_eq(pte_leaf_size(m8_pmd(&mm, va + z->size - 1), m8_pte(&mm, va + z->size - 1)), z->size), "pte_leaf_size of the first and the last slot");
		report(is_eq(walk(&mm, va + z->size - 1, &w), MMU_OK) && is_eq(w.size, z->size) &&
		       is_eq(w.pa, pa + z->size - 1), "walk sees the page");
		env_reset_counters();
		report_err(huge_ptep_set_wrprotect(&mm, va, ptep), MMU_OK, "huge_ptep_set_wrprotect");
		report(m8_page_bytes(&mm, va, pa, z->size, KRO_D | z->bits, 0x001 | z->pmd_bits),
		       "every slot (both tables of 8M) RO, dirty kept");
		report(is_eq(walk(&mm, va + z->size - 1, &w), MMU_OK) && is_eq(w.prot, PROT_READ),
		       "walk: read-only");
		report_eq(env_tlb_calls, 0, "the vocabulary leaves the TLB to the caller");
		report_eq(huge_ptep_get_and_clear(&mm, va, ptep), (pa | KRO_D | z->bits),
		       "huge_ptep_get_and_clear returns the entry");
		report(is_eq(mm.tables, 0) && is_eq(env.live, 1) && is_eq(m8_pmd(&mm, va), 0) &&
		       is_eq(m8_pmd(&mm, va + z->size - 1), 0), "tables emptied and freed");
		report_eq(huge_ptep_get_and_clear(&mm, va, pmd), 0, "again: 0");
		mm_destroy(&mm);
		report_prefix_pop();
	}
}

static void test_h8_errors(void)
{
	vaddr_t va = 0xC0800000;
	uint64_t pte = mk_huge_pte(0x800000, 0x800000, RW);
	void *pmd, *ptep, *table;
	struct mm mm;

	m8_kernel_mm(&mm);
	pmd = pmd_off(&mm, va);
	report(is_eq(mk_huge_pte(0x800000, 0x400000, RW), 0) &&
	       is_eq(mk_huge_pte(0x400000, 0x800000, RW), 0) &&
	       is_eq(mk_huge_pte(0x800000, 0x800000, PROT_WRITE), 0), "mk_huge_pte refuses");
	env_fail_after(1);
	CHECK_UNCHANGED(MMU_OK, pte_alloc_huge(&mm, pmd, va, 0x800000) == NULL ? MMU_OK : -99,
			"pte_alloc_huge 8M: ENOMEM at the second table gives NULL");
	env_fail_after(-1);
	CHECK_UNCHANGED(MMU_OK, pte_alloc_huge(&mm, pmd, va + 0x400000, 0x800000) == NULL &&
			pte_alloc_huge(&mm, pmd_off(&mm, 0xC0C00000), 0xC0400000, 0x800000) == NULL &&
			pte_alloc_huge(&mm, pmd, va, 0x2000) == NULL &&
			pte_alloc_huge(&mm, pmd_off(&mm, 0x1000), 0x1000, 0x1000) == NULL ?
			MMU_OK : -99, "misaligned, wrong pmd, bad size, outside: NULL");
	CHECK_UNCHANGED(MMU_ENOENT, set_huge_pte_at(&mm, va, pmd, pte, 0x800000),
			"set_huge_pte_at before the tables exist");
	ptep = pte_alloc_huge(&mm, pmd, va, 0x800000);
	report(is_eq((uintptr_t)ptep, (uintptr_t)pmd) && is_eq(mm.tables, 2), "8M tables");
	CHECK_UNCHANGED(MMU_ENOENT, set_huge_pte_at(&mm, va, m8_table(&mm, va), pte, 0x800000),
			"ptep not the head");
	CHECK_UNCHANGED(MMU_ESIZE, set_huge_pte_at(&mm, va, ptep, pte, 0x400000), "size 4M");
	CHECK_UNCHANGED(MMU_EALIGN, set_huge_pte_at(&mm, va + 0x1000, ptep, pte, 0x800000),
			"addr misaligned");
	CHECK_UNCHANGED(MMU_EALIGN, set_huge_pte_at(&mm, va, ptep, pte + 0x400000, 0x800000),
			"pte pa misaligned");
	CHECK_UNCHANGED(MMU_EPROT, set_huge_pte_at(&mm, va, ptep, pte & ~1ull, 0x800000),
			"non-present pte");
	CHECK_UNCHANGED(MMU_ESIZE, set_huge_pte_at(&mm, va, ptep, mk_huge_pte(0x800000, 0x4000, RW),
						   0x800000), "a 16K PTE written as an 8M run");
	CHECK_UNCHANGED(MMU_EOVERLAP, set_huge_pte_at(&mm, va, m8_table(&mm, va), pte, 0x80000),
			"512K into an 8M table");
	CHECK_UNCHANGED(MMU_ENOENT, huge_ptep_set_wrprotect(&mm, va, ptep), "wrprotect nothing");
	report_err(set_huge_pte_at(&mm, va, ptep, pte, 0x800000), MMU_OK, "set 8M");
	report(m8_page_bytes(&mm, va, 0x800000, 0x800000, KRW | HUGE, 0x00d), "8M bytes");
	report_err(huge_pte_clear(&mm, va, ptep, 0x800000), MMU_OK, "huge_pte_clear");
	report(is_eq(m8_pmd(&mm, va), 0) && is_eq(m8_pmd(&mm, va + 0x400000), 0) && is_eq(mm.tables, 0),
	       "both tables cleared and freed");

	table = pt_alloc(0);
	report_err(pmd_populate_size(&mm, pmd, table, 0x80000), MMU_OK, "pmd_populate_size 512K");
	report(is_eq(m8_pmd(&mm, va), 0x01001001u) && is_eq(mm.tables, 1), "PMD 01001001 (kernel mm)");
	report_err(pmd_populate_size(&mm, pmd, table, 0x80000), MMU_EOVERLAP, "again: EOVERLAP");
	report_err(pmd_populate_size(&mm, pmd, table, 0x2000), MMU_ESIZE, "size 8K");
	report_eq((uintptr_t)(pte_alloc_huge(&mm, pmd, va, 0x800000)), 0, "8M over a 512K table: NULL");
	report_eq((uintptr_t)(pte_alloc_huge(&mm, pmd, va, 0x80000)), (uintptr_t)m8_table(&mm, va),
	       "512K reuses it");
	mm_destroy(&mm);
	report_eq(env.live, 0, "all memory back");
}

static void test_h8_user(void)
{
	struct mm mm;
	void *ptep;

	report_eq(mm_init(&mm, 0, 0x7FFFFFFF, 5), MMU_OK, "user mm (pid 5)");
	ptep = pte_alloc_huge(&mm, pmd_off(&mm, 0x10800000), 0x10800000, 0x800000);
	report(ptep != NULL && is_eq(m8_pmd(&mm, 0x10800000), 0x0100104du) &&
	       is_eq(m8_pmd(&mm, 0x10C00000), 0x0100204du), "user 8M PMDs 0100104d 0100204d");
	report_err(set_huge_pte_at(&mm, 0x10800000, ptep,
				   mk_huge_pte(0x800000, 0x800000, RW | PROT_USER), 0x800000),
		   MMU_OK, "set user 8M");
	report_eq(m8_pte(&mm, 0x10FFF000), (0xFFF000u | 0x121 | HUGE), "last slot 00fff929");
	CHECK_UNCHANGED(MMU_EMIXED, protect(&mm, 0x10800000, 0x800000, PROT_READ),
			"protect to supervisor: EMIXED");
	report_err(protect(&mm, 0x10800000, 0x800000, PROT_READ | PROT_USER), MMU_OK,
		   "protect() user RO reaches both tables");
	report(is_eq(m8_pte(&mm, 0x10800000), (0x800000u | 0x621 | HUGE)) &&
	       is_eq(m8_pte(&mm, 0x10FFF000), (0xFFF000u | 0x621 | HUGE)), "first and last slot RO");
	report_err(unmap(&mm, 0x10800000, 0x800000), MMU_OK, "unmap() of a vocabulary page");
	report_eq(mm.tables, 0, "tables freed");
	mm_destroy(&mm);
}

const struct host_test hugetlb_8xx_tests[] = {
	{ "hugetlb 8xx sizes", test_h8_each_size },
	{ "hugetlb 8xx errors", test_h8_errors },
	{ "hugetlb 8xx user", test_h8_user },
};
const unsigned int nr_hugetlb_8xx_tests = sizeof(hugetlb_8xx_tests) / sizeof(hugetlb_8xx_tests[0]);
