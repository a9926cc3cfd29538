/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500-only checks: the raw MAS words the miss handler wrote, a 36-bit
 * physical page through MAS7, and the accessed-bit fix-up.
 */
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "e500/mas.h"
#include "mmu/pte-e500.h"
#include "e500/reg.h"
#include "e500/frame.h"
#include "tlb/e500-tlb.h"
#include "hugetlb/pool.h"

extern unsigned int young_fixups;

static void test_raw_mas(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	vaddr_t kv = TEST_KVA + 0x300000;
	struct tlb_info t;
	uint32_t r;

	map(&kernel_mm, kv, pa, 4096, KPROT_RW | PROT_EXEC | PROT_COHERENT);
	tlb_flush_all();
	(void)peek(kv);
	tlb_lookup(kv, 0, &t);
	report(t.raw[0] == (MAS1_VALID | TSIZE_4K << MAS1_TSIZE_SHIFT),
	       "kernel MAS1 = V, TID 0, TS 0, TSIZE 4K (0x%08lx)", (unsigned long)t.raw[0]);
	report(t.raw[1] == (kv | MAS2_M), "kernel MAS2 = EPN | M (0x%08lx)", (unsigned long)t.raw[1]);
	report(t.raw[2] == ((uint32_t)pa | MAS3_SR | MAS3_SW | MAS3_SX),
	       "kernel MAS3 = RPN | SR SW SX (0x%08lx)", (unsigned long)t.raw[2]);
	report(t.raw[3] == 0, "MAS7 = 0 below 4 GB");
	unmap(&kernel_mm, kv, 4096);

	user_space_init(&mm, 3);
	map(&mm, TEST_UVA, pa, 4096, UPROT_RW);
	tlb_flush_all();
	user_call(&mm, user_routine(user_load_word), TEST_UVA, &r);
	tlb_lookup(TEST_UVA, 3, &t);
	report(t.raw[0] == (MAS1_VALID | 3u << MAS1_TID_SHIFT | TSIZE_4K << MAS1_TSIZE_SHIFT),
	       "user MAS1 = V, TID 3, TSIZE 4K (0x%08lx)", (unsigned long)t.raw[0]);
	report(t.raw[2] == ((uint32_t)pa | MAS3_SR | MAS3_SW | MAS3_UR | MAS3_UW),
	       "user MAS3 = RPN | SR SW UR UW (0x%08lx)", (unsigned long)t.raw[2]);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/* The console UART's page, mapped again through a 4K PTE (36-bit on ppce500). */
static void test_high_pa(void)
{
	struct tlb_info pinned, t;
	vaddr_t va = TEST_KVA + 0x310000;
	paddr_t uart_page;
	volatile uint8_t *lsr_pinned, *lsr_pte;

	if (!tlb_lookup(0xfe000000u, 0, &pinned)) {
		report(false, "CCSR window not found in TLB1");
		return;
	}
	uart_page = pinned.pa + 0x4000;
	report(map(&kernel_mm, va, uart_page, 4096, KPROT_RW | PROT_NOCACHE | PROT_GUARDED) == MMU_OK,
	       "map CCSR page " PA_FMT, PA_ARG(uart_page));
	tlb_flush_all();
	lsr_pte = (volatile uint8_t *)(uintptr_t)(va + 0x505);
	lsr_pinned = (volatile uint8_t *)(uintptr_t)(0xfe000000u + 0x4505);
	report((*lsr_pte & 0x60) == (*lsr_pinned & 0x60), "UART LSR reads the same through both");
	report(tlb_lookup(va, 0, &t) && t.pa == uart_page && t.raw[3] == (uint32_t)(uart_page >> 32) &&
	       (t.raw[1] & (MAS2_I | MAS2_G)) == (MAS2_I | MAS2_G),
	       "entry: RPN " PA_FMT ", MAS7 %lu, I|G", PA_ARG(t.pa), (unsigned long)t.raw[3]);
	unmap(&kernel_mm, va, 4096);
}

static void test_accessed_bit(void)
{
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x320000;
	struct walk_result w;
	unsigned int before = young_fixups;
	volatile uint32_t *low;

	lin(pa)[0] = 99;
	map(&kernel_mm, va, pa, 4096, PROT_READ);
	walk(&kernel_mm, va, &w);
	low = (volatile uint32_t *)w.ptep + 1;
	*low &= ~(uint32_t)_PAGE_ACCESSED;
	tlb_flush_all();
	report(peek(va) == 99, "page without the accessed bit still reads");
	report(young_fixups == before + 1, "through one fix-up in the fault path");
	report(*low & _PAGE_ACCESSED, "which set the accessed bit");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

#define MFSPR(n) ({ uint32_t v_; __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(n)); v_; })

/* Silicon ignores the low 4 bits of an IVOR (QEMU does not): every vector must be aligned. */
static void test_ivors(void)
{
	const uint32_t ivor[] = {
		MFSPR(400), MFSPR(401), MFSPR(402), MFSPR(403), MFSPR(404), MFSPR(405),
		MFSPR(406), MFSPR(407), MFSPR(408), MFSPR(409), MFSPR(410), MFSPR(411),
		MFSPR(412), MFSPR(413), MFSPR(414), MFSPR(415), MFSPR(528), MFSPR(529),
		MFSPR(530), MFSPR(531),
	};
	extern const char e500_dtlb_miss[], e500_itlb_miss[];
	uint32_t ivpr = MFSPR(SPRN_IVPR), bad = 0;
	unsigned int i;

	for (i = 0; i < sizeof(ivor) / sizeof(ivor[0]); i++)
		bad |= ivor[i] & 0xf;
	report(bad == 0, "all 20 IVORs are 16-byte aligned");
	report(ivpr == layout.linear_va && ivpr + ivor[13] == (uint32_t)(uintptr_t)e500_dtlb_miss &&
	       ivpr + ivor[14] == (uint32_t)(uintptr_t)e500_itlb_miss,
	       "IVPR and IVOR13/14 reach the miss handlers");
}

/* Take a huge miss so a round-robin slot is in use, flush, and look at every slot. */
static bool huge_slots_after_flush(void)
{
	paddr_t pa = hugepool_alloc(4u << 20);
	unsigned int n = tlb1_entries(), i, used = 0;
	struct tlb_info t;
	bool ok = true;

	if (pa == HUGEPOOL_FAIL)
		return false;
	map(&kernel_mm, layout.kmap_start, pa, 4u << 20, KPROT_RW);
	(void)peek(layout.kmap_start + 0x100);
	for (i = 0; i < TLB1_HUGE_SLOTS; i++)
		used += tlb1_read(i, &t) && t.va == layout.kmap_start && t.size == 4u << 20;
	tlb_flush_all();
	for (i = 0; i < n - 4; i++)
		ok &= !tlb1_read(i, &t);
	for (i = n - 4; i < n; i++)
		ok &= tlb1_read(i, &t) && (t.raw[0] & MAS1_IPROT);
	unmap(&kernel_mm, layout.kmap_start, 4u << 20);
	hugepool_free(pa, 4u << 20);
	return used == 1 && ok;
}

/* The kernel's own TLB1 entries: where start-up put them, IPROT, and still there after flushes. */
static void test_pinned(void)
{
	unsigned int n = tlb1_entries(), reserved, free;
	struct tlb_info t;
	uint32_t tsr, tcr;

	tlb_flush_all();
	report(tlb1_read(n - 1, &t) && t.va == layout.linear_va && t.pa == 0 &&
	       t.size == 256u << 20 && (t.raw[0] & MAS1_IPROT) && t.tid == 0,
	       "linear map in TLB1[%u]: 256 MB at 0x%08lx, IPROT, global", n - 1, (unsigned long)t.va);
	report(tlb1_read(n - 3, &t) && t.va == 0xfe000000u && (t.raw[0] & MAS1_IPROT) &&
	       (t.raw[1] & (MAS2_I | MAS2_G)) == (MAS2_I | MAS2_G),
	       "CCSR in TLB1[%u]: I|G, IPROT, at " PA_FMT, n - 3, PA_ARG(t.pa));
	report(tlb1_read(n - 4, &t) && t.va == PERCPU_VA && t.size == 4096 && (t.raw[0] & MAS1_IPROT),
	       "per-CPU page in TLB1[%u]", n - 4);
	hugepool_count(4u << 20, &reserved, &free);
	if (!free)
		report_skip("a huge page's TLB1 entry goes with a flush: no free 4M page in the pool "
			    "(command line hugepages=4M:N)");
	else
		report(huge_slots_after_flush(), "a huge page's TLB1 entry goes with a flush; the pinned ones stay");
	__asm__ volatile("mfspr %0, %1" : "=r"(tsr) : "i"(SPRN_TSR));
	__asm__ volatile("mfspr %0, %1" : "=r"(tcr) : "i"(SPRN_TCR));
	report(!(tsr & TSR_DIS) && tcr == 0, "no decrementer interrupt pending or enabled (TSR 0x%08lx)",
	       (unsigned long)tsr);
}

/* The same for a 4M page: both leaf PGD entries of the run lose and regain the bit. */
static void test_accessed_bit_huge(void)
{
	paddr_t pa = hugepool_alloc(4u << 20);
	vaddr_t va = layout.kmap_start;
	struct walk_result w;
	unsigned int before = young_fixups;
	volatile uint32_t *low0, *low1;
	struct tlb_info t;

	if (pa == HUGEPOOL_FAIL) {
		report_skip("no 4M page in the pool");
		return;
	}
	map(&kernel_mm, va, pa, 4u << 20, KPROT_RW);
	poke(va + 0x300000, 0x77);
	walk(&kernel_mm, va, &w);
	low0 = (volatile uint32_t *)w.pmdp + 1;
	low1 = low0 + 2;			/* the next 8-byte PGD entry */
	*low0 &= ~(uint32_t)_PAGE_ACCESSED;
	*low1 &= ~(uint32_t)_PAGE_ACCESSED;
	tlb_flush_all();
	report(peek(va + 0x300000) == 0x77, "4M page without the accessed bit still reads");
	report(young_fixups == before + 1, "through one fix-up");
	report((*low0 & _PAGE_ACCESSED) && (*low1 & _PAGE_ACCESSED), "which set it in both entries");
	/* the entry itself, not masked by read_mas(): EPN and RPN exactly the page's */
	report(tlb_lookup(va + 0x300000, 0, &t) && (t.raw[1] & MAS2_EPN_MASK) == va &&
	       (t.raw[2] & MAS3_RPN_MASK) == (uint32_t)pa && t.raw[3] == (uint32_t)(pa >> 32) &&
	       (t.raw[0] & MAS1_TSIZE_MASK) == TSIZE_4M << MAS1_TSIZE_SHIFT,
	       "TLB1 entry: MAS2 EPN 0x%08lx, MAS3 RPN 0x%08lx exactly aligned, TSIZE 4M",
	       (unsigned long)(t.raw[1] & MAS2_EPN_MASK), (unsigned long)(t.raw[2] & MAS3_RPN_MASK));
	unmap(&kernel_mm, va, 4u << 20);
	hugepool_free(pa, 4u << 20);
}

/* SPRG4..7 are the miss handlers' save slots and user-readable: no kernel values there. */
static void test_sprg_leak(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	uint32_t r = 1;

	user_space_init(&mm, 4);
	user_call(&mm, user_routine(user_read_sprg4), 0, &r);	/* loads the routine's ITLB entry */
	map(&kernel_mm, TEST_KVA, pa, 4096, KPROT_RW);
	tlb_flush_page(TEST_KVA);
	poke(TEST_KVA, 0x1234);		/* a kernel miss: kernel registers pass through SPRG4..7 */
	report(user_call(&mm, user_routine(user_read_sprg4), 0, &r) == 0 && r == 0,
	       "user code reads SPRG4 as 0 after a kernel miss (0x%08lx)", (unsigned long)r);
	unmap(&kernel_mm, TEST_KVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

const struct target_test tests_family[] = {
	{ "e500 pinned TLB1 entries", test_pinned, "e500", "e500-pinned-tlb1" },
	{ "e500 exception vectors", test_ivors, "e500", "e500-ivors" },
	{ "e500 SPRG leak", test_sprg_leak, "e500", "e500-sprg-leak" },
	{ "e500 MAS words", test_raw_mas, "e500", "e500-mas-words" },
	{ "e500 36-bit physical", test_high_pa, "e500", "e500-36bit-pa" },
	{ "e500 accessed bit", test_accessed_bit, "e500", "e500-accessed-bit" },
	{ "e500 accessed bit, huge page", test_accessed_bit_huge, "e500", "e500-accessed-bit-huge" },
};
const unsigned int tests_family_count = sizeof(tests_family) / sizeof(tests_family[0]);
