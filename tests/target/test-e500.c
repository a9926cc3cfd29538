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
#include "tlb/fault.h"
#include "include/spr.h"
#include "e500/frame.h"
#include "tlb/e500-tlb.h"
#include <setjmp.h>
#include <string.h>
#include "hugetlb/pool.h"
#include "hugetlb/hugetlb.h"
#include "smp/e500-smp.h"
#include "tests/target/test-smp-e500.h"
#include "tests/target/test-e500mc.h"
#include "e500/core.h"


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
	report_eq(t.raw[0], (MAS1_VALID | TSIZE_4K << MAS1_TSIZE_SHIFT),
	       "kernel MAS1 = V, TID 0, TS 0, TSIZE 4K (0x%08lx)", (unsigned long)t.raw[0]);
	report_eq(t.raw[1], (kv | MAS2_M), "kernel MAS2 = EPN | M (0x%08lx)", (unsigned long)t.raw[1]);
	report_eq(t.raw[2], ((uint32_t)pa | MAS3_SR | MAS3_SW | MAS3_SX),
	       "kernel MAS3 = RPN | SR SW SX (0x%08lx)", (unsigned long)t.raw[2]);
	report_eq(t.raw[3], 0, "MAS7 = 0 below 4 GB");
	unmap(&kernel_mm, kv, 4096);

	user_space_init(&mm, 3);
	map(&mm, TEST_UVA, pa, 4096, UPROT_RW);
	tlb_flush_all();
	user_call(&mm, user_routine(user_load_word), TEST_UVA, &r);
	tlb_lookup(TEST_UVA, 3, &t);
	report_eq(t.raw[0], (MAS1_VALID | 3u << MAS1_TID_SHIFT | TSIZE_4K << MAS1_TSIZE_SHIFT),
	       "user MAS1 = V, TID 3, TSIZE 4K (0x%08lx)", (unsigned long)t.raw[0]);
	report_eq(t.raw[2], ((uint32_t)pa | MAS3_SR | MAS3_SW | MAS3_UR | MAS3_UW),
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

	if (!(e500_ccsr_pa() >> 32)) {
		report_skip("CCSR at " PA_FMT " (the console UART's block, device tree or board.cfg), below "
			    "4 GB: no 36-bit address on this board", PA_ARG(e500_ccsr_pa()));
		return;
	}
	/* the read-back must keep MAS7 (PA bits 32..35): the board says where CCSR is */
	report(tlb_lookup(0xfe000000u, 0, &pinned) && is_eq(pinned.pa, e500_ccsr_pa()),
	       "the pinned CCSR entry reads back at " PA_FMT " (MAS7 kept)", PA_ARG(e500_ccsr_pa()));
	uart_page = e500_ccsr_pa() + 0x4000;
	report_eq(map(&kernel_mm, va, uart_page, 4096, KPROT_RW | PROT_NOCACHE | PROT_GUARDED), MMU_OK,
	       "map CCSR page " PA_FMT, PA_ARG(uart_page));
	tlb_flush_all();
	lsr_pte = (volatile uint8_t *)(uintptr_t)(va + 0x505);
	lsr_pinned = (volatile uint8_t *)(uintptr_t)(0xfe000000u + 0x4505);
	report_eq((*lsr_pte & 0x60), (*lsr_pinned & 0x60), "UART LSR reads the same through both");
	report(tlb_lookup(va, 0, &t) && is_eq(t.pa, uart_page) &&
	       is_eq(t.raw[3], (uint32_t)(uart_page >> 32)) &&
	       is_eq((t.raw[1] & (MAS2_I | MAS2_G)), (MAS2_I | MAS2_G)),
	       "entry: RPN " PA_FMT ", MAS7 %lu, I|G", PA_ARG(t.pa), (unsigned long)t.raw[3]);
	unmap(&kernel_mm, va, 4096);
}

/* Map pa at va with its accessed bit clear and no TLB entry; the PTE's low word. */
static volatile uint32_t *map_not_accessed(vaddr_t va, paddr_t pa, unsigned int prot)
{
	struct walk_result w;
	volatile uint32_t *low;

	map(&kernel_mm, va, pa, 4096, prot);
	walk(&kernel_mm, va, &w);
	low = (volatile uint32_t *)w.ptep + 1;
	*low &= ~(uint32_t)_PAGE_ACCESSED;
	tlb_flush_all();
	return low;
}

static void test_accessed_bit(void)
{
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x320000;
	unsigned int before = fixups_here().young;
	volatile uint32_t *low;

	lin(pa)[0] = 99;
	low = map_not_accessed(va, pa, PROT_READ);
	report_eq(peek(va), 99, "page without the accessed bit still reads");
	report_eq(fixups_here().young, before + 1, "through one fix-up in the fault path");
	report(is_set(*low, _PAGE_ACCESSED), "which set the accessed bit");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}


/*
 * Silicon ignores the low 4 bits of an IVOR (QEMU does not): every vector must be aligned.  The
 * core's own IVORs only: 32..35 on e500v2, 35..41 on e500mc (no SPE, E.HV).
 */
static void test_ivors(void)
{
	uint32_t ivor[] = {
		mfspr(400), mfspr(401), mfspr(402), mfspr(403), mfspr(404), mfspr(405),
		mfspr(406), mfspr(407), mfspr(408), mfspr(409), mfspr(410), mfspr(411),
		mfspr(412), mfspr(413), mfspr(414), mfspr(415), mfspr(531), 0, 0, 0, 0, 0, 0,
	};
	extern const char e500_dtlb_miss[], e500_itlb_miss[];
	uint32_t ivpr = mfspr(SPRN_IVPR), bad = 0;
	unsigned int i, n = 17;

	if (core_is_e500mc()) {
		ivor[n++] = mfspr(SPRN_IVOR36);
		ivor[n++] = mfspr(SPRN_IVOR36 + 1);
		ivor[n++] = mfspr(SPRN_IVOR38);
		ivor[n++] = mfspr(SPRN_IVOR38 + 1);
		ivor[n++] = mfspr(SPRN_IVOR38 + 2);
		ivor[n++] = mfspr(SPRN_IVOR38 + 3);
	} else {
		ivor[n++] = mfspr(528);
		ivor[n++] = mfspr(529);
		ivor[n++] = mfspr(530);
	}
	for (i = 0; i < n; i++)
		bad |= ivor[i] & 0xf;
	report_eq(bad, 0, "all %u IVORs of this core are 16-byte aligned", n);
	report(is_eq(ivpr, layout.linear_va) &&
	       is_eq(ivpr + ivor[13], (uint32_t)(uintptr_t)e500_dtlb_miss) &&
	       is_eq(ivpr + ivor[14], (uint32_t)(uintptr_t)e500_itlb_miss),
	       "IVPR and IVOR13/14 reach the miss handlers");
}

/*
 * Take a huge miss so a round-robin slot is in use, flush, and look at every
 * slot: each entry pinned (IPROT) before the flush is there after it, word
 * for word, and nothing else is.  Which fixed slots are pinned depends on
 * the RAM (the linear map's entries), so the pinned set is read, not assumed.
 */
static bool huge_slots_after_flush(void)
{
	static struct tlb_info before[64];
	paddr_t pa = hugepool_alloc(4u << 20);
	unsigned int n = tlb1_entries(), i, used = 0, pinned = 0;
	struct tlb_info t;
	bool ok = true, was;

	if (pa == HUGEPOOL_FAIL || n > 64)
		return false;
	map(&kernel_mm, layout.kmap_start, pa, 4u << 20, KPROT_RW);
	(void)peek(layout.kmap_start + 0x100);
	for (i = 0; i < TLB1_HUGE_SLOTS; i++)
		used += tlb1_read(i, &t) && t.va == layout.kmap_start && t.size == 4u << 20;
	for (i = 0; i < n; i++)
		before[i].valid = tlb1_read(i, &before[i]) && (before[i].raw[0] & MAS1_IPROT);
	tlb_flush_all();
	for (i = 0; i < n; i++) {
		was = before[i].valid;
		pinned += was;
		if (!was)
			ok &= !tlb1_read(i, &t);
		else
			ok &= tlb1_read(i, &t) && !memcmp(t.raw, before[i].raw, sizeof(t.raw));
	}
	unmap(&kernel_mm, layout.kmap_start, 4u << 20);
	hugepool_free(pa, 4u << 20);
	/* the linear map's first entry, CCSR and the per-CPU page at least */
	return used == 1 && ok && pinned >= 3 && before[tlb1_fixed_slot(TLB1_LINEAR_LOW)].valid &&
	       before[tlb1_fixed_slot(TLB1_CCSR)].valid && before[tlb1_fixed_slot(TLB1_PERCPU)].valid;
}

/*
 * The linear map's entries, slot by slot from the last: each maps
 * KERNEL_VA + pa -> pa, contiguous from 0, naturally aligned, IPROT, M, and
 * none reaches past the end of RAM (by the kernel's RAM size and by the RAM
 * itself: the last word of each entry keeps what is written to it); they
 * cover layout.linear_size, and the slots after the last one are empty.
 */
static void check_linear_entries(void)
{
	unsigned int i, n = 0;
	paddr_t next = 0;
	struct tlb_info t;

	for (i = 0; i < LINEAR_SLOTS; i++) {
		unsigned int slot = tlb1_fixed_slot(TLB1_LINEAR_LOW + i);

		if (!tlb1_read(slot, &t)) {
			report(is_eq(next, layout.linear_size),
			       "linear map: TLB1[%u] empty, the entries before it cover the linear map (%lu MB)",
			       slot, (unsigned long)(layout.linear_size >> 20));
			break;
		}
		n++;
		report(is_eq(t.pa, next) && is_eq(t.va, layout.linear_va + (uint32_t)t.pa) &&
		       is_eq(t.pa & (t.size - 1), 0) && is_le(t.pa + t.size, layout.ram_size) &&
		       is_set(t.raw[0], MAS1_IPROT) && is_set(t.raw[1], MAS2_M) && is_eq(t.tid, 0) &&
		       ram_answers_below(t.pa + t.size),
		       "linear map entry %u, TLB1[%u]: %lu MB at PA 0x%08lx, aligned, within the %lu MB of RAM "
		       "(its last word is RAM), IPROT, M", i, slot, (unsigned long)(t.size >> 20),
		       (unsigned long)t.pa, (unsigned long)(layout.ram_size >> 20));
		next = t.pa + t.size;
	}
	report(is_eq(next, layout.linear_size) && is_ge(n, 1),
	       "linear map: %u entries cover %lu MB, the linear map's size", n,
	       (unsigned long)(next >> 20));
}

/* The kernel's own TLB1 entries: where start-up put them, IPROT, and still there after flushes. */
/*
 * Start-up invalidates every TLB1 entry the boot loader left below the
 * fixed ones (QEMU's, IPROT, maps EA 0 -> PA 0 from slot 0, and a flush
 * leaves an IPROT entry alone).  Until the first huge-page miss the
 * huge-page slots are therefore empty.  Registered in group 4k, which runs
 * first and loads TLB0 only: the huge-page tests after it refill these
 * slots (so, from the monitor, run it before any huge page is touched).
 */
static void test_boot_tlb1_clean(void)
{
	struct tlb_info t;
	unsigned int slot;

	for (slot = 0; slot < TLB1_HUGE_SLOTS; slot++)
		report(!tlb1_read(slot, &t),
		       "TLB1[%u], a huge-page slot, holds no entry before the first huge miss "
		       "(the loader's are gone)%s", slot, (t.raw[0] & MAS1_IPROT) ? ": an IPROT one is there" : "");
}

static void test_pinned(void)
{
	unsigned int lin = tlb1_fixed_slot(TLB1_LINEAR_LOW), ccsr = tlb1_fixed_slot(TLB1_CCSR);
	unsigned int pcpu = tlb1_fixed_slot(TLB1_PERCPU), reserved, free;
	struct tlb_info t;
	uint32_t tsr, tcr;

	tlb_flush_all();
	report(is_eq(lin, tlb1_entries() - 1) && tlb1_read(lin, &t) && is_eq(t.va, layout.linear_va) &&
	       is_eq(t.pa, 0) && is_set(t.raw[0], MAS1_IPROT) && is_eq(t.tid, 0) && is_set(t.raw[1], MAS2_M),
	       "linear map's first entry in TLB1[%u] (the last): at 0x%08lx -> 0, IPROT, global, M", lin,
	       (unsigned long)t.va);
	check_linear_entries();
	report(tlb1_read(ccsr, &t) && is_eq(t.va, 0xfe000000u) && is_set(t.raw[0], MAS1_IPROT) &&
	       is_eq((t.raw[1] & (MAS2_I | MAS2_G)), (MAS2_I | MAS2_G)),
	       "CCSR in TLB1[%u]: I|G, IPROT, at " PA_FMT, ccsr, PA_ARG(t.pa));
	report(tlb1_read(pcpu, &t) && is_eq(t.va, PERCPU_VA) && is_eq(t.size, 4096) &&
	       is_set(t.raw[0], MAS1_IPROT),
	       "per-CPU page in TLB1[%u]", pcpu);
	report(is_eq(ccsr, lin - TLB1_CCSR) && is_eq(pcpu, lin - TLB1_PERCPU) && is_ge(pcpu, TLB1_HUGE_SLOTS),
	       "the fixed entries sit below the last slot, above the %u huge-page slots", TLB1_HUGE_SLOTS);
	hugepool_count(4u << 20, &reserved, &free);
	if (!free)
		skip_no_huge_page("a huge page's TLB1 entry goes with a flush: no free 4M page in the pool "
				  "(command line hugepages=4M:N)");
	else
		report(huge_slots_after_flush(),
		       "a huge page's TLB1 entry goes with a flush; the pinned ones stay");
	/*
	 * Start-up loads DEC with all ones, so the decrementer reaches zero (and sets
	 * TSR[DIS] by itself) only 2^32 ticks later: QEMU's time base follows the host's
	 * clock, and a suite slowed down by a loaded host can get there.  The time base
	 * counts at the decrementer's rate from at most its value at start-up, so a
	 * pending DIS with the time base still below 2^32 is a leftover start-up missed.
	 */
	tsr = mfspr(SPRN_TSR);
	tcr = mfspr(SPRN_TCR);
	/* ... or, on a multicore board, the count a doze parked DEC at (smp_doze) */
	report(is_eq(tcr, 0) && (is_clear(tsr, TSR_DIS) || is_ge(timebase_read(), 1ull << 32) ||
				 (smp_dec_parked_at() &&
				  is_ge(timebase_read() - smp_dec_parked_at(), SMP_DEC_PARKED))),
	       "no decrementer interrupt pending or enabled (TSR 0x%08lx)",
	       (unsigned long)tsr);
}

/* The same for a 4M page: both leaf PGD entries of the run lose and regain the bit. */
static void test_accessed_bit_huge(void)
{
	paddr_t pa = hugepool_alloc(4u << 20);
	vaddr_t va = layout.kmap_start;
	struct walk_result w;
	unsigned int before = fixups_here().young;
	volatile uint32_t *low0, *low1;
	struct tlb_info t;

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("no 4M page in the pool");
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
	report_eq(peek(va + 0x300000), 0x77, "4M page without the accessed bit still reads");
	report_eq(fixups_here().young, before + 1, "through one fix-up");
	report(is_set(*low0, _PAGE_ACCESSED) && is_set(*low1, _PAGE_ACCESSED),
	       "which set it in both entries");
	/* the entry itself, not masked by read_mas(): EPN and RPN exactly the page's */
	report(tlb_lookup(va + 0x300000, 0, &t) && is_eq((t.raw[1] & MAS2_EPN_MASK), va) &&
	       is_eq((t.raw[2] & MAS3_RPN_MASK), (uint32_t)pa) && is_eq(t.raw[3], (uint32_t)(pa >> 32)) &&
	       is_eq((t.raw[0] & MAS1_TSIZE_MASK), TSIZE_4M << MAS1_TSIZE_SHIFT),
	       "TLB1 entry: MAS2 EPN 0x%08lx, MAS3 RPN 0x%08lx exactly aligned, TSIZE 4M",
	       (unsigned long)(t.raw[1] & MAS2_EPN_MASK), (unsigned long)(t.raw[2] & MAS3_RPN_MASK));
	unmap(&kernel_mm, va, 4u << 20);
	hugepool_free(pa, 4u << 20);
}

/*
 * A kernel store to va that takes a TLB miss with known kernel values in the
 * registers the miss handler saves in SPRG4..7 (r10, r11, r12, CR): the slots
 * then certainly hold kernel values, whatever the compiler left in them.
 */
static void kernel_miss_marked(vaddr_t va)
{
	__asm__ volatile("lis 10, 0x5a5a\n\tlis 11, 0x6b6b\n\tlis 12, 0x7c7c\n\t"
			 "cmpwi 10, 0\n\tstw 10, 0(%0)"
			 : : "b"(va) : "r10", "r11", "r12", "cr0", "memory");
}

/*
 * User mode reads SPRG3..7 (SPR 259..263): the PGD pointer lives in
 * supervisor-only SPRG0, SPRG3 holds nothing, and SPRG4..7, the miss
 * handlers' save slots, hold no kernel value once user code runs, even right
 * after a kernel miss passed kernel registers through them.
 */
static void test_sprg_leak(void)
{
	static const char *const names[] = { "SPRG3", "SPRG4", "SPRG5", "SPRG6", "SPRG7" };
	struct mm mm;
	paddr_t pa = test_page(), upa = test_page();
	uint32_t r = 1, *seen = lin(upa);
	unsigned int i;

	user_space_init(&mm, 4);
	map(&mm, TEST_UVA, upa, 4096, UPROT_RW);
	user_call(&mm, user_routine(user_read_sprgs), TEST_UVA, &r);	/* loads the entries it needs */
	map(&kernel_mm, TEST_KVA, pa, 4096, KPROT_RW);
	tlb_flush_page(TEST_KVA);
	kernel_miss_marked(TEST_KVA);	/* a kernel miss: kernel registers pass through SPRG4..7 */
	memset(seen, 0xee, 20);
	report(is_eq(user_call(&mm, user_routine(user_read_sprgs), TEST_UVA, &r), 0) && is_eq(r, 0),
	       "user code reads SPR 259..263");
	for (i = 0; i < 5; i++)
		report_eq(seen[i], 0, "%s reads as 0 in user mode (0x%08lx)", names[i],
		       (unsigned long)seen[i]);
	unmap(&kernel_mm, TEST_KVA, 4096);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
	test_page_free(upa);
}

/* W=1 I=1 is no storage mode: refused with its own error, nothing mapped or changed. */
static void test_wimg(void)
{
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x330000;
	struct walk_result w;

	report(is_eq(map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_NOCACHE | PROT_WRITETHRU), MMU_ECACHE) &&
	       is_eq(walk(&kernel_mm, va, &w), MMU_ENOENT), "map NOCACHE|WRITETHRU: ECACHE, nothing mapped");
	map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_WRITETHRU);
	report(is_eq(protect(&kernel_mm, va, 4096, KPROT_RW | PROT_NOCACHE | PROT_WRITETHRU), MMU_ECACHE) &&
	       is_eq(walk(&kernel_mm, va, &w), MMU_OK) && is_eq(w.prot, (KPROT_RW | PROT_WRITETHRU)),
	       "protect to NOCACHE|WRITETHRU: ECACHE, the page keeps W alone");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

/*
 * The dirty rule: the miss handler loads SW/UW as the PTE has them, so no
 * writer may leave a writable entry clean.
 */
static void test_dirty_rule(void)
{
	paddr_t pa = hugepool_alloc(4u << 20), small = test_page();
	vaddr_t va = layout.kmap_start, kv = TEST_KVA + 0x340000;
	uint64_t clean = mk_huge_pte(pa, 4u << 20, KPROT_RW) & ~(uint64_t)_PAGE_DIRTY;
	struct walk_result w;
	void *head;

	map(&kernel_mm, kv, small, 4096, PROT_READ);
	protect(&kernel_mm, kv, 4096, KPROT_RW);
	report(is_eq(walk(&kernel_mm, kv, &w), MMU_OK) && is_set(w.entry, _PAGE_DIRTY) &&
	       is_set(w.entry, _PAGE_BAP_SW),
	       "protect() to writable sets DIRTY with SW");
	poke(kv, 5);
	report_eq(lin(small)[0], 5, "so the first store lands");
	unmap(&kernel_mm, kv, 4096);
	test_page_free(small);
	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("no 4M page in the pool");
		return;
	}
	head = pte_alloc_huge(&kernel_mm, pmd_off(&kernel_mm, va), va, 4u << 20);
	report(is_eq(set_huge_pte_at(&kernel_mm, va, head, clean, 4u << 20), MMU_EDIRTY) &&
	       is_eq(walk(&kernel_mm, va, &w), MMU_ENOENT),
	       "set_huge_pte_at of a writable clean entry: EDIRTY");
	report_eq(set_huge_pte_at(&kernel_mm, va, head, clean | _PAGE_DIRTY, 4u << 20), MMU_OK,
	       "the same entry with DIRTY is accepted");
	poke(va + 8, 9);
	report_eq(peek(va + 8), 9, "and a store to it lands at once");
	huge_pte_clear(&kernel_mm, va, head, 4u << 20);	/* it shoots the page down itself */
	hugepool_free(pa, 4u << 20);
}

/* Write a word of a 4M pool page through a kernel mapping of its own. */
static void huge_poke(paddr_t pa, uint32_t v)
{
	paddr_t base = pa & ~(paddr_t)((4u << 20) - 1);

	map(&kernel_mm, layout.kmap_start, base, 4u << 20, KPROT_RW);
	poke(layout.kmap_start + (uint32_t)(pa - base), v);
	unmap(&kernel_mm, layout.kmap_start, 4u << 20);
}

/* Two spaces, a 4M page each at the same address: TID is each space's PID, each sees its own. */
static void test_huge_spaces(void)
{
	struct mm a, b;
	paddr_t pa = hugepool_alloc(4u << 20), pb = hugepool_alloc(4u << 20);
	vaddr_t va = 0x40000000u;
	struct tlb_info t;
	uint32_t ra = 0, rb = 0;

	if (pa == HUGEPOOL_FAIL || pb == HUGEPOOL_FAIL) {
		skip_no_huge_page("two 4M pages needed in the pool");
		goto out;
	}
	huge_poke(pa + 0x100, 0xaaaa);
	huge_poke(pb + 0x100, 0xbbbb);
	user_space_init(&a, 5);
	user_space_init(&b, 9);
	map(&a, va, pa, 4u << 20, UPROT_RW);
	map(&b, va, pb, 4u << 20, UPROT_RW);
	tlb_flush_all();
	user_call(&a, user_routine(user_load_word), va + 0x100, &ra);
	report(tlb_lookup(va, 5, &t) && is_eq(t.level, 1) && is_eq(t.tid, 5) && is_eq(t.size, 4u << 20),
	       "the TLB1 entry of space 5 carries TID %u", t.tid);
	report(!tlb_lookup(va, 0, &t), "it is not global: PID 0 does not find it");
	user_call(&b, user_routine(user_load_word), va + 0x100, &rb);
	report(is_eq(ra, 0xaaaa) && is_eq(rb, 0xbbbb),
	       "same address, each space reads its own page (0x%lx, 0x%lx)",
	       (unsigned long)ra, (unsigned long)rb);
	user_call(&a, user_routine(user_load_word), va + 0x100, &ra);
	report_eq(ra, 0xaaaa, "and back in the first space without a flush (0x%lx)", (unsigned long)ra);
	report(tlb_lookup(va, 5, &t) && tlb_lookup(va, 9, &t), "both TLB1 entries live side by side");
	user_space_destroy(&a);		/* the huge page still mapped: mm_destroy drops its entry */
	report(!tlb_lookup(va, 5, &t) && tlb_lookup(va, 9, &t) && is_eq(t.tid, 9),
	       "mm_destroy drops space 5's TLB1 entry, space 9's stays");
	unmap(&b, va, 4u << 20);
	user_space_destroy(&b);
out:
	if (pa != HUGEPOOL_FAIL)
		hugepool_free(pa, 4u << 20);
	if (pb != HUGEPOOL_FAIL)
		hugepool_free(pb, 4u << 20);
}

/* A cache-inhibited guarded huge page: the TLB1 entry keeps I and G. */
static void test_huge_wimge(void)
{
	paddr_t pa = hugepool_alloc(4u << 20);
	vaddr_t va = layout.kmap_start;
	struct tlb_info t;

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("no 4M page in the pool");
		return;
	}
	map(&kernel_mm, va, pa, 4u << 20, KPROT_RW | PROT_NOCACHE | PROT_GUARDED);
	tlb_flush_all();
	(void)peek(va + 0x200000);
	report(tlb_lookup(va + 0x200000, 0, &t) && is_eq(t.level, 1) &&
	       is_eq((t.raw[1] & MAS2_WIMGE_MASK), (MAS2_I | MAS2_G)),
	       "TLB1 entry MAS2 WIMGE = I|G (MAS2 0x%08lx)", (unsigned long)t.raw[1]);
	unmap(&kernel_mm, va, 4u << 20);
	hugepool_free(pa, 4u << 20);
}

/* ppce500's CCSR at 0xF_E000_0000 through a 4M page: MAS7 carries PA bits 32..35. */
static void test_huge_36bit(void)
{
	struct tlb_info pinned, t;
	vaddr_t va = layout.kmap_start + (64u << 20);
	paddr_t base;

	if (!(e500_ccsr_pa() >> 32)) {
		report_skip("CCSR at " PA_FMT " (device tree or board.cfg), below 4 GB: no 36-bit address to map",
			    PA_ARG(e500_ccsr_pa()));
		return;
	}
	report(tlb_lookup(0xfe000000u, 0, &pinned) && is_eq(pinned.pa, e500_ccsr_pa()),
	       "the pinned CCSR entry reads back at " PA_FMT " (MAS7 kept)", PA_ARG(e500_ccsr_pa()));
	base = e500_ccsr_pa() & ~(paddr_t)((4u << 20) - 1);
	report_eq(map(&kernel_mm, va, base, 4u << 20, KPROT_RW | PROT_NOCACHE | PROT_GUARDED), MMU_OK,
	       "map 4M at " PA_FMT, PA_ARG(base));
	tlb_flush_all();
	report_eq((peek(va + (uint32_t)(e500_ccsr_pa() - base) + 0x4504) & 0x6000), (peek(0xfe004504u) & 0x6000),
	       "the UART reads the same through the huge page");
	report(tlb_lookup(va, 0, &t) && is_eq(t.level, 1) && is_eq(t.raw[3], (uint32_t)(base >> 32)) &&
	       is_eq((t.raw[2] & MAS3_RPN_MASK), (uint32_t)base),
	       "TLB1 entry: MAS7 %lu, MAS3 RPN 0x%08lx", (unsigned long)t.raw[3],
	       (unsigned long)(t.raw[2] & MAS3_RPN_MASK));
	unmap(&kernel_mm, va, 4u << 20);
}

/* The smallest huge size with a free block in the pool, and that block; false if none. */
static bool smallest_pool_page(vsize_t *size, paddr_t *pa)
{
	unsigned int n, i, reserved, free;
	const vsize_t *sizes = mmu_page_sizes(&n);

	for (i = 1; i < n; i++) {
		hugepool_count(sizes[i], &reserved, &free);
		if (free && sizes[i] <= (64u << 20)) {
			*size = sizes[i];
			*pa = hugepool_alloc(sizes[i]);
			return *pa != HUGEPOOL_FAIL;
		}
	}
	return false;
}

/*
 * RAM above 4 GB, where the board has it (its device tree says so): the
 * huge-page pool takes its pages there; data written through a 4K mapping
 * of a page above 4 GB reads back through a huge mapping of the same RAM
 * and the other way, and both TLB entries carry PA bits 32..35 in MAS7.
 */
static void test_ram_above_4g(void)
{
	uint64_t board_ram = e500_board_ram();
	vaddr_t huge_va = layout.kmap_start, small_va = layout.kmap_start + (128u << 20);
	volatile uint32_t *small, *big;
	struct tlb_info t;
	vsize_t size;
	paddr_t pa, small_pa;

	if (board_ram <= (4ull << 30)) {
		report_skip("the board has %lu MB of RAM (its device tree's /memory): none above 4 GB",
			    (unsigned long)(board_ram >> 20));
		return;
	}
	if (!smallest_pool_page(&size, &pa)) {
		skip_no_huge_page("no free huge page of 64M or less in the pool");
		return;
	}
	small_pa = pa + size - 0x2000;
	report(is_ge(pa, 4ull << 30), "the pool's %lu KB page lies above 4 GB, at " PA_FMT,
	       (unsigned long)(size >> 10), PA_ARG(pa));
	report(is_eq(map(&kernel_mm, huge_va, pa, size, KPROT_RW), MMU_OK) &&
	       is_eq(map(&kernel_mm, small_va, small_pa, 4096, KPROT_RW), MMU_OK),
	       "map it huge and its second-last 4K page, " PA_FMT ", through a 4K PTE", PA_ARG(small_pa));
	tlb_flush_all();
	small = (volatile uint32_t *)(uintptr_t)small_va;
	big = (volatile uint32_t *)(uintptr_t)(huge_va + size - 0x2000);
	small[5] = 0x4b1d0001u;
	report_eq(big[5], 0x4b1d0001u, "a word written through the 4K mapping reads back through the huge one");
	big[6] = 0x4b1d0002u;
	report_eq(small[6], 0x4b1d0002u, "and one written through the huge mapping through the 4K one");
	report(tlb_lookup(small_va, 0, &t) && is_eq(t.level, 0) && is_eq(t.pa, small_pa) &&
	       is_eq(t.raw[3], (uint32_t)(small_pa >> 32)) && is_ne(t.raw[3], 0),
	       "TLB0 entry of the 4K page: RPN " PA_FMT ", MAS7 %lu", PA_ARG(t.pa), (unsigned long)t.raw[3]);
	report(tlb_lookup(huge_va, 0, &t) && is_eq(t.level, 1) && is_eq(t.pa, pa) && is_eq(t.size, size) &&
	       is_eq(t.raw[3], (uint32_t)(pa >> 32)) && is_ne(t.raw[3], 0),
	       "TLB1 entry of the huge page: RPN " PA_FMT ", MAS7 %lu", PA_ARG(t.pa), (unsigned long)t.raw[3]);
	unmap(&kernel_mm, small_va, 4096);
	unmap(&kernel_mm, huge_va, size);
	hugepool_free(pa, size);
}

extern struct e500_percpu e500_percpu_page;

/* Nine huge misses in a row: each of the 8 slots in turn, then the oldest again. */
static void test_tlb1_round_robin(void)
{
	paddr_t pa = hugepool_alloc(4u << 20);
	unsigned int i, first, bad = 0;
	struct tlb_info t;

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("no 4M page in the pool");
		return;
	}
	for (i = 0; i <= TLB1_HUGE_SLOTS; i++)
		map(&kernel_mm, layout.kmap_start + i * (4u << 20), pa, 4u << 20, PROT_READ);
	tlb_flush_all();
	first = (e500_percpu_page.tlb1_next & MAS0_ESEL_MASK) >> MAS0_ESEL_SHIFT;
	for (i = 0; i < TLB1_HUGE_SLOTS; i++)
		(void)peek(layout.kmap_start + i * (4u << 20));
	for (i = 0; i < TLB1_HUGE_SLOTS; i++)
		bad += !tlb1_read((first + i) % TLB1_HUGE_SLOTS, &t) ||
		       t.va != layout.kmap_start + i * (4u << 20);
	report_eq(bad, 0, "8 misses fill slots %u, %u, ... in turn (%u out of place)", first,
	       (first + 1) % TLB1_HUGE_SLOTS, bad);
	(void)peek(layout.kmap_start + TLB1_HUGE_SLOTS * (4u << 20));
	report(tlb1_read(first, &t) && is_eq(t.va, layout.kmap_start + TLB1_HUGE_SLOTS * (4u << 20)) &&
	       tlb1_read((first + 1) % TLB1_HUGE_SLOTS, &t) && is_eq(t.va, layout.kmap_start + (4u << 20)),
	       "the ninth replaces the oldest (slot %u), the next one stays", first);
	for (i = 0; i <= TLB1_HUGE_SLOTS; i++)
		unmap(&kernel_mm, layout.kmap_start + i * (4u << 20), 4u << 20);
	hugepool_free(pa, 4u << 20);
}

/*
 * The protection paths rather than the miss paths: an entry a load put in
 * the (unified) TLB, then a fetch (ISI) or a store (DSI with ESR[ST]).
 */
static void test_prot_paths(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	vaddr_t kv = TEST_KVA + 0x350000;
	const struct fault_record *f = last_fault();
	uint32_t r;

	put_li42(lin(pa));
	map(&kernel_mm, kv, pa, 4096, KPROT_RW);
	tlb_flush_all();
	(void)peek(kv);
	expect_fault(kv);
	(void)call_at(kv);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_INST) && is_eq(f->vector, VEC_ISI) &&
	       !f->user,
	       "kernel fetch from a loaded no-execute entry: ISI (%s)", fault_kind_name(f->kind));
	unmap(&kernel_mm, kv, 4096);
	user_space_init(&mm, 6);
	map(&mm, TEST_UVA, pa, 4096, UPROT_RW);
	user_call(&mm, user_routine(user_load_word), TEST_UVA, &r);
	expect_fault(TEST_UVA);
	report(is_eq(user_call(&mm, user_routine(user_call_at), TEST_UVA, &r), 1) &&
	       is_eq(f->kind, FAULT_PROT_INST) && is_eq(f->vector, VEC_ISI) && f->user,
	       "user fetch from a loaded no-execute entry: ISI (%s)", fault_kind_name(f->kind));
	protect(&mm, TEST_UVA, 4096, PROT_READ | PROT_USER);
	user_call(&mm, user_routine(user_load_word), TEST_UVA, &r);
	expect_fault(TEST_UVA);
	report(is_eq(user_call(&mm, user_routine(user_store_word), TEST_UVA, &r), 1) &&
	       is_eq(f->kind, FAULT_PROT_DATA) && is_eq(f->vector, VEC_DSI) && f->store &&
	       is_set(f->cause, ESR_ST) && is_eq(lin(pa)[0], INSN_LI_R3_42),
	       "user store to a loaded read-only entry: DSI with ESR[ST] (%s, ESR 0x%08lx)",
	       fault_kind_name(f->kind), (unsigned long)f->cause);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/*
 * fatal_probe(vector): enter a fatal-class prologue as its interrupt would,
 * with r10, r11 and the volatile CR fields holding marks and SPRG4..7 what a
 * TLB-miss handler might have saved there.  It does not return: the armed
 * e500_fatal_capture jumps back to the test.
 */
#define MARK_R10	0x10101010u
#define MARK_R11	0x11111111u
#define MARK_CR		0x24000ac0u	/* cr0, cr1, cr5..7 only: cr2..4 belong to the caller */
#define MARK_CR_FIELDS	0xc7
#define MARK_SPRG(n)	(0x44444444u + ((n) - 4) * 0x11111111u)

void fatal_probe(const void *vector) __attribute__((noreturn));
__asm__(
"	.text\n"
"	.globl	fatal_probe\n"
"fatal_probe:\n"
"	mtctr	3\n"
"	lis	5, 0x4444\n	ori	5, 5, 0x4444\n	mtspr	276, 5\n"
"	lis	5, 0x5555\n	ori	5, 5, 0x5555\n	mtspr	277, 5\n"
"	lis	5, 0x6666\n	ori	5, 5, 0x6666\n	mtspr	278, 5\n"
"	lis	5, 0x7777\n	ori	5, 5, 0x7777\n	mtspr	279, 5\n"
"	lis	10, 0x1010\n	ori	10, 10, 0x1010\n"
"	lis	11, 0x1111\n	ori	11, 11, 0x1111\n"
"	lis	5, 0x2400\n	ori	5, 5, 0x0ac0\n	mtcrf	0xc7, 5\n"
"	bctr\n");

extern const char e500_vec_critical[], e500_vec_mcheck[], e500_vec_watchdog[], e500_vec_debug[];

/*
 * A fatal interrupt taken inside a TLB-miss handler must dump the real
 * registers and leave the handler's SPRG4..7 alone: the fatal classes save
 * into the per-CPU page and run on stacks of their own.
 */
static void test_fatal_save_area(void)
{
	static const struct { const char *name; const char *vec; uint32_t num; } classes[] = {
		{ "critical", e500_vec_critical, VEC_CRITICAL },
		{ "machine check", e500_vec_mcheck, VEC_MCHECK },
		{ "watchdog", e500_vec_watchdog, VEC_WATCHDOG },
		{ "debug", e500_vec_debug, VEC_DEBUG },
	};
	static struct e500_fatal_capture cap;
	static volatile unsigned int i;
	unsigned int n;

	for (i = 0; i < sizeof(classes) / sizeof(classes[0]); i++) {
		bool sprgs = true;

		report_prefix_push(classes[i].name);
		memset(&cap.regs, 0, sizeof(cap.regs));
		if (setjmp(cap.back) == 0) {
			e500_fatal_capture = &cap;
			fatal_probe(classes[i].vec);
		}
		report(e500_fatal_capture == NULL && is_eq(cap.regs.vector, classes[i].num),
		       "the prologue reached exception_fatal (vector %lu)", (unsigned long)cap.regs.vector);
		report(is_eq(cap.regs.gpr[10], MARK_R10) && is_eq(cap.regs.gpr[11], MARK_R11) &&
		       is_eq((cap.regs.cr & 0xff000fffu), MARK_CR),
		       "the dump has the interrupted r10 %08lx, r11 %08lx, CR %08lx",
		       (unsigned long)cap.regs.gpr[10], (unsigned long)cap.regs.gpr[11],
		       (unsigned long)cap.regs.cr);
		for (n = 4; n <= 7; n++)
			sprgs &= cap.sprg4_7[n - 4] == MARK_SPRG(n);
		report(sprgs, "SPRG4..7 as the miss handler left them (%08lx %08lx %08lx %08lx)",
		       (unsigned long)cap.sprg4_7[0], (unsigned long)cap.sprg4_7[1],
		       (unsigned long)cap.sprg4_7[2], (unsigned long)cap.sprg4_7[3]);
		report_prefix_pop();
	}
	e500_fatal_capture = NULL;
}

/* A 4K page's TLB0 entry keeps the PTE's W and I: WRITETHRU gives W, NOCACHE gives I. */
static void test_4k_wimge(void)
{
	static const struct { uint32_t prot, mas2; const char *name; } modes[] = {
		{ PROT_WRITETHRU, MAS2_W, "WRITETHRU" },
		{ PROT_NOCACHE, MAS2_I, "NOCACHE" },
	};
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x360000;
	struct tlb_info t;
	unsigned int i;

	for (i = 0; i < 2; i++) {
		map(&kernel_mm, va, pa, 4096, KPROT_RW | modes[i].prot);
		tlb_flush_all();
		(void)peek(va);
		report(tlb_lookup(va, 0, &t) && is_eq(t.level, 0) &&
		       is_eq((t.raw[1] & (MAS2_W | MAS2_I)), modes[i].mas2),
		       "4K %s page: TLB0 entry MAS2 W|I = 0x%02lx (MAS2 0x%08lx)", modes[i].name,
		       (unsigned long)modes[i].mas2, (unsigned long)t.raw[1]);
		unmap(&kernel_mm, va, 4096);
	}
	test_page_free(pa);
}

/*
 * cr_across_miss(p, mark): set cr0, cr1 and cr5..7 to mark, load from p
 * (a TLB miss when p's entry is not loaded), and return CR as it is after
 * the load.  One asm block, so nothing of the compiler's comes in between.
 */
static uint32_t cr_across_miss(const volatile uint32_t *p, uint32_t mark)
{
	uint32_t cr, tmp;

	__asm__ volatile("mtcrf	0xc7, %2\n\t"
			 "lwz	%1, 0(%3)\n\t"
			 "mfcr	%0"
			 : "=&r"(cr), "=&r"(tmp)
			 : "r"(mark), "b"(p)
			 : "cr0", "cr1", "cr5", "cr6", "cr7", "memory");
	(void)tmp;
	return cr;
}

/* The miss handler gives CR back as it found it (two marks: its compares cannot match both). */
static void test_miss_keeps_cr(void)
{
	static const uint32_t marks[] = { MARK_CR, 0x80000530u };
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x370000;
	struct tlb_info t;
	unsigned int i;
	uint32_t cr;

	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	for (i = 0; i < 2; i++) {
		tlb_flush_all();
		cr = cr_across_miss((const volatile uint32_t *)(uintptr_t)va, marks[i]);
		report(is_eq((cr & 0xff000fffu), marks[i]) && tlb_lookup(va, 0, &t),
		       "CR fields 0, 1, 5..7 survive a TLB miss (0x%08lx, after 0x%08lx)",
		       (unsigned long)marks[i], (unsigned long)(cr & 0xff000fffu));
	}
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

/* tlb_flush_page() of one 4K page inside a 4M page drops the 4M page's TLB1 entry. */
static void test_flush_page_huge(void)
{
	paddr_t pa = hugepool_alloc(4u << 20);
	vaddr_t va = layout.kmap_start;
	struct tlb_info t;
	bool loaded;

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("no 4M page in the pool");
		return;
	}
	map(&kernel_mm, va, pa, 4u << 20, KPROT_RW);
	tlb_flush_all();
	(void)peek(va + 0x200000);
	loaded = tlb_lookup(va + 0x200000, 0, &t) && t.level == 1;
	tlb_flush_page(va + 0x201000);
	report(loaded && !tlb_lookup(va + 0x200000, 0, &t),
	       "flushing a 4K page inside a loaded 4M page drops its TLB1 entry");
	unmap(&kernel_mm, va, 4u << 20);
	hugepool_free(pa, 4u << 20);
}

/*
 * The accessed fix-up is for a permitted access only: a kernel fetch from a
 * no-execute page whose accessed bit is clear faults without a fix-up and
 * leaves the bit clear.
 */
static void test_accessed_not_permitted(void)
{
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x380000;
	unsigned int before = fixups_here().young;
	volatile uint32_t *low;

	put_li42(lin(pa));
	low = map_not_accessed(va, pa, KPROT_RW);
	expect_fault(va);
	(void)call_at(va);
	report_ge(faults_taken(), 1, "kernel fetch from a no-execute page without the accessed bit faults");
	report(is_eq(fixups_here().young, before) && is_clear(*low, _PAGE_ACCESSED),
	       "with no accessed fix-up: the bit stays clear (%u fix-ups)", fixups_here().young - before);
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

void e500_hid0_setup(void);
extern uint32_t e500_hid0_at_entry;

/* Start-up sets the kernel's HID0 bits and keeps the others (EMCP here). */
static void test_hid0(void)
{
	uint32_t before = mfspr(SPRN_HID0), set = (before | HID0_EMCP) & ~HID0_KERNEL, after;

	report_eq(before, (e500_hid0_at_entry | HID0_KERNEL),
	       "HID0 is the loader's value 0x%08lx plus TBEN and EN_MAS7_UPDATE (0x%08lx)",
	       (unsigned long)e500_hid0_at_entry, (unsigned long)before);
	mtspr(SPRN_HID0, set);
	__asm__ volatile("isync" : : : "memory");
	e500_hid0_setup();
	after = mfspr(SPRN_HID0);
	mtspr(SPRN_HID0, before);
	__asm__ volatile("isync" : : : "memory");
	report_eq(after, (set | HID0_KERNEL),
	       "the start-up routine sets them and keeps EMCP (0x%08lx -> 0x%08lx)",
	       (unsigned long)set, (unsigned long)after);
}

PPCMMU_TEST_FN("e500-boot-tlb1-clean", "4k", "e500 TLB1 after start-up", test_boot_tlb1_clean);
PPCMMU_TEST_FN("e500-pinned-tlb1", "e500", "e500 pinned TLB1 entries", test_pinned);
PPCMMU_TEST_FN("e500-ivors", "e500", "e500 exception vectors", test_ivors);
PPCMMU_TEST_FN("e500-sprg-leak", "e500", "e500 SPRG leak", test_sprg_leak);
PPCMMU_TEST_FN("e500-mas-words", "e500", "e500 MAS words", test_raw_mas);
PPCMMU_TEST_FN("e500-36bit-pa", "e500", "e500 36-bit physical", test_high_pa);
PPCMMU_TEST_FN("e500-accessed-bit", "e500", "e500 accessed bit", test_accessed_bit);
PPCMMU_TEST_FN("e500-accessed-bit-huge", "e500", "e500 accessed bit, huge page",
	       test_accessed_bit_huge);
PPCMMU_TEST_FN("e500-nocache-writethru", "e500", "e500 NOCACHE|WRITETHRU refused", test_wimg);
PPCMMU_TEST_FN("e500-dirty-rule", "e500", "e500 dirty rule", test_dirty_rule);
PPCMMU_TEST_FN("e500-huge-two-spaces", "e500", "e500 huge pages in two spaces", test_huge_spaces);
PPCMMU_TEST_FN("e500-huge-ig", "e500", "e500 huge page I|G", test_huge_wimge);
PPCMMU_TEST_FN("e500-huge-36bit", "e500", "e500 huge page above 4 GB", test_huge_36bit);
PPCMMU_TEST_FN("e500-ram-above-4g", "e500", "e500 RAM above 4 GB", test_ram_above_4g);
PPCMMU_TEST_FN("e500-tlb1-round-robin", "e500", "e500 TLB1 round robin", test_tlb1_round_robin);
PPCMMU_TEST_FN("e500-isi-dsi", "e500", "e500 ISI and DSI paths", test_prot_paths);
PPCMMU_TEST_FN("e500-fatal-save-area", "e500", "e500 fatal-class save area", test_fatal_save_area);
PPCMMU_TEST_FN("e500-hid0", "e500", "e500 HID0 read-modify-write", test_hid0);
PPCMMU_TEST_FN("e500-4k-wi", "e500", "e500 4K page W and I", test_4k_wimge);
PPCMMU_TEST_FN("e500-miss-keeps-cr", "e500", "e500 miss keeps CR", test_miss_keeps_cr);
PPCMMU_TEST_FN("e500-flush-page-huge", "e500", "e500 page flush drops a huge entry",
	       test_flush_page_huge);
PPCMMU_TEST_FN("e500-accessed-needs-permission", "e500", "e500 accessed fix-up needs permission",
	       test_accessed_not_permitted);
PPCMMU_TEST_FN("e500-local-inval", "e500", "e500 local TLB invalidation, this core only",
	       test_local_invalidation);
PPCMMU_TEST_FN("e500mc-mas8", "e500", "e500mc MAS8 before tlbwe", test_mas8);
PPCMMU_TEST_FN("e500mc-hv-state", "e500", "e500mc hypervisor state", test_hv_state);
PPCMMU_TEST_FN("e500-cache-line", "e500", "e500 L1 line size in cache loops", test_cache_line);
PPCMMU_TEST_FN("e500-tlb-geometry", "e500", "e500 TLB geometry from TLBnCFG", test_tlb_geometry);
PPCMMU_TEST_FN("smp-cores-up", "e500", "smp cores up", test_smp_cores_up);
/* each secondary core's first huge miss: before any other test takes one there */
PPCMMU_TEST_FN("smp-tlb1-first-slot", "e500", "smp first huge miss in TLB1 slot 0, every core",
	       test_smp_tlb1_first_slot);
PPCMMU_TEST_FN("smp-boot-dirty", "e500", "smp boot core reached by a shootdown",
	       test_smp_boot_dirty);
PPCMMU_TEST_FN("smp-own-misses", "e500", "smp own misses", test_smp_own_misses);
PPCMMU_TEST_FN("smp-tlbivax", "e500", "smp tlbivax measured", test_smp_tlbivax);
PPCMMU_TEST_FN("smp-unmap", "e500", "smp unmap seen by cpu 1", test_smp_unmap);
PPCMMU_TEST_FN("smp-protect", "e500", "smp protect seen by cpu 1", test_smp_protect);
PPCMMU_TEST_FN("smp-huge", "e500", "smp huge unmap seen by cpu 1", test_smp_huge);
PPCMMU_TEST_FN("smp-pid-reuse", "e500", "smp PID reuse seen by cpu 1", test_smp_pid_reuse);
PPCMMU_TEST_FN("smp-call-bound", "e500", "smp cross-call bound", test_smp_call_bound);
PPCMMU_TEST_FN("smp-call-withdrawn", "e500", "smp timed-out call withdrawn",
	       test_smp_call_withdrawn);
PPCMMU_TEST_FN("smp-fixup-race", "e500", "smp accessed-bit fix-up races a writer",
	       test_smp_fixup_race);
PPCMMU_TEST_FN("smp-fixup-counts", "e500", "smp fix-ups counted per core", test_smp_fixup_counts);
PPCMMU_TEST_FN("smp-busy-flush", "e500", "smp busy core not clean after a full flush",
	       test_smp_busy_flush);
PPCMMU_TEST_FN("smp-range-shootdown", "e500", "smp range shootdown drops every page",
	       test_smp_range_shootdown);
PPCMMU_TEST_FN("smp-wait-call", "e500", "smp wait covers a running call", test_smp_wait_call);
PPCMMU_TEST_FN("smp-fault-counts", "e500", "smp fault counts under concurrency", test_smp_fault_counts);
PPCMMU_TEST_FN("smp-lock-bound", "e500", "smp lock wait bounded, holder named", test_smp_lock_bound);
PPCMMU_TEST_FN("smp-user-spaces", "e500", "smp a user space on every core at once", test_smp_user_spaces);
PPCMMU_TEST_FN("smp-user-move", "e500", "smp a user space moving between cores", test_smp_user_move);
PPCMMU_TEST_FN("smp-user-unmap-running", "e500", "smp a user space unmapped while another core runs it",
	       test_smp_user_unmap_running);
PPCMMU_TEST_FN("smp-user-shootdown-mask", "e500", "smp user shootdowns reach only the space's cores",
	       test_smp_user_shootdown_mask);
PPCMMU_TEST_FN("smp-table-free", "e500", "smp page-table pages freed under concurrent walks",
	       test_smp_table_free);
PPCMMU_TEST_FN("smp-table-free-long", "long", "smp page-table pages freed under walks, 100000 steps",
	       test_smp_table_free_long);
PPCMMU_TEST_FN("smp-doze-bound", "e500", "smp doze bounded by its own decrementer", test_smp_doze_bound);
PPCMMU_TEST_FN("smp-race", "e500", "smp racing PTE writer", test_smp_race);
