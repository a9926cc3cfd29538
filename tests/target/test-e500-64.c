/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode (e5500, e6500): what this family runs so far.  The
 * kernel in 64-bit mode at its 64-bit link address, the page sizes read
 * from the TLB1 registers, the pinned entries, a TLB1 entry with a 64-bit
 * EPN translating only its own address, kernel_mm's four-level table, the
 * assembly miss handlers (4K into TLB0, leaf PMD and PUD runs into TLB1,
 * what they refuse), and the kernel's own setjmp/longjmp.
 */
#include <setjmp.h>
#include <string.h>
#include "tests/target/report.h"
#include "tests/target/env.h"
#include "include/kernel.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/e64.h"
#include "e500/e64-tlb.h"
#include "smp/e500-64-smp.h"
#include "tests/target/test-e500-64.h"
#include "tests/target/test-smp-e500.h"
#include "tests/target/phys.h"
#include "mmu/pgtable.h"
#include "mmu/pte-e500.h"
#include "hugetlb/pool.h"

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })

static void test_mode(void)
{
	uint64_t msr, sp;

	__asm__ volatile("mfmsr %0" : "=r"(msr));
	__asm__ volatile("mr %0, 1" : "=r"(sp));
	report(msr & MSR_CM, "MSR[CM]: the kernel computes 64-bit addresses (MSR 0x%08lx)",
	       (unsigned long)msr);
	report(mfspr(SPRN_EPCR) & EPCR_ICM, "EPCR[ICM]: interrupts keep 64-bit mode");
	report((uint64_t)(uintptr_t)test_mode >> 32 == KERNEL_VA >> 32 && sp >> 32 == KERNEL_VA >> 32,
	       "code and stack run at 64-bit addresses 0x%016lx, 0x%016lx",
	       (unsigned long)(uintptr_t)test_mode, (unsigned long)sp);
	report_eq(mfspr(SPRN_IVPR), KERNEL_VA, "IVPR holds the 64-bit vector base");
}

/*
 * The huge sizes map() offers are exactly the TLB1 sizes the core reports
 * (TLB1PS / TLB1CFG) that the table format holds, 2M..128G: the powers of 4 on
 * an e5500 (MMU 1.0), every power of 2 on an e6500 (2.0); a size the core
 * lacks is refused.
 */
#define FORMAT_SHIFTS	(((1ull << 38) - 1) & ~((1ull << 21) - 1))	/* 2M..128G: PMD and PUD runs */
#define PGD_SPAN_SHIFT	38	/* 256G: past one PGD entry, no size of the 64e format */

static void test_page_sizes(void)
{
	bool mav2;
	uint64_t shifts = e64_tlb1_page_shifts(&mav2);
	const vsize_t *sizes;
	unsigned int n, i, ok = 0, huge = 0, want = (unsigned int)__builtin_popcountll(shifts & FORMAT_SHIFTS);
	vaddr_t va = E64_KMAP_START;	/* aligned to every size up to the region's 128G */
	paddr_t pa = 0x20000000;	/* 512M-aligned: a map that succeeded is undone at once */

	report_ne(shifts, 0, "TLB1 reports page sizes (mask 0x%lx, MMU %s)", (unsigned long)shifts,
		  mav2 ? "2.0: TLB1PS" : "1.0: TLB1CFG");
	sizes = mmu_page_sizes(&n);
	for (i = 0; i < n; i++) {
		if (sizes[i] <= 4096)
			continue;
		huge++;
		ok += (shifts >> __builtin_ctzll(sizes[i])) & 1;
	}
	report(ok == huge && huge == want && huge == (mav2 ? 17u : 7u),
	       "map() offers %u huge sizes, each a TLB1 size: every one of the %u TLB1 sizes in 2M..128G", huge,
	       want);
	report(is_eq(map(&kernel_mm, 0, 0, 1ull << PGD_SPAN_SHIFT, KPROT_RW), MMU_ESIZE) &&
	       is_eq(map(&kernel_mm, 0, 0, 1ull << 40, KPROT_RW), MMU_ESIZE),
	       "256G and 1T (%s): ESIZE, a page would span PGD entries, which the 64e format never holds as leaves",
	       shifts >> PGD_SPAN_SHIFT ? "TLB1 reports them" : "TLB1 has them not");
	for (i = 21; i <= 29; i += 2) {
		int err = map(&kernel_mm, va, pa, 1u << i, KPROT_RW);

		if (mav2)
			report_eq(err, MMU_OK, "%lu M, an odd power of 2, maps on MMU 2.0", (1ul << i) >> 20);
		else
			report_eq(err, MMU_ESIZE, "%lu M: no TLB1 size of MMU 1.0, refused", (1ul << i) >> 20);
		if (!err)
			unmap(&kernel_mm, va, 1u << i);
	}
	report(shifts & (1ull << 30), "1G, the linear map's entry size, is one of them");
}

static void test_pinned(void)
{
	struct tlb_info t;

	report(tlb_lookup(KERNEL_VA, 0, &t) && t.level == 1 && t.size == E64_LINEAR_ENTRY_BYTES &&
	       t.pa == 0 && (t.raw[0] & MAS1_IPROT), "KERNEL_VA: a pinned 1G TLB1 entry to PA 0");
	report(tlb_lookup(E64_CCSR_VA, 0, &t) && t.level == 1 && (t.raw[1] & (MAS2_I | MAS2_G)) ==
	       (MAS2_I | MAS2_G), "CCSR at 0x%016lx: a pinned, cache-inhibited, guarded entry",
	       (unsigned long)E64_CCSR_VA);
}

/* A TLB1 entry with a 64-bit EPN: reads through it, and its low 32 bits alone do not hit. */
static void test_epn64(void)
{
	const vaddr_t va = E64_KMAP_START + 0x40000000ull;	/* 0x8000000040000000 */
	paddr_t pa = test_page();
	uint32_t *l = lin(pa);
	struct tlb_info t;
	uint64_t mas0 = MAS0_TLBSEL1, mas1 = MAS1_VALID | (uint64_t)TSIZE_4K << MAS1_TSIZE_SHIFT;
	uint64_t mas2 = va | MAS2_M, mas3 = (pa & MAS3_RPN_MASK) | MAS3_SR | MAS3_SW, mas7 = pa >> 32;
	volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)va;

	l[1] = 0x64b17e57;
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS0), "r"(mas0));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS1), "r"(mas1));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS2), "r"(mas2));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS3), "r"(mas3));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS7), "r"(mas7));
	__asm__ volatile("isync; tlbwe; isync" : : : "memory");
	report_eq(p[1], 0x64b17e57, "a load at 0x%016lx reads the page through the 64-bit EPN",
		  (unsigned long)va);
	p[2] = 0x5eed;
	report_eq(l[2], 0x5eed, "a store through it lands in the page");
	report(tlb_lookup(va, 0, &t) && t.va == va && t.level == 1, "tlbsx finds it at its 64-bit EPN");
	report(!tlb_lookup(va & 0xffffffffull, 0, &t), "its low 32 bits alone (0x%08lx) find nothing",
	       (unsigned long)(va & 0xffffffffull));
	tlb_flush_all();
	report(!tlb_lookup(va, 0, &t), "tlb_flush_all drops it (no IPROT)");
	test_page_free(pa);
}

/* The kernel region's PUD table, where the handler starts a kernel address's walk. */
static void *kpud(void)
{
	return (void *)(uintptr_t)e64_this_cpu()->kpud;
}

/*
 * kernel_mm: Linux's 64e table, a 4K page at a 64-bit kernel address, four
 * levels; the kernel region's PUD table is there from start-up and stays.
 */
static void test_kernel_table(void)
{
	const vaddr_t va = E64_KMAP_START + 0x1d2b3c5000ull;
	paddr_t pa = test_page();
	struct walk_result w;
	unsigned int tables = kernel_mm.tables;

	report_eq(map(&kernel_mm, va, pa, 4096, PROT_READ | PROT_WRITE), MMU_OK, "map 4K at 0x%016lx",
		  (unsigned long)va);
	report(is_eq(walk(&kernel_mm, va + 0x10, &w), MMU_OK) && is_eq(w.level, 4) && is_eq(w.pa, pa + 0x10) &&
	       is_eq(pte_pa(w.entry), pa) && is_set(w.entry, _PAGE_PRESENT | _PAGE_TSIZE_4K),
	       "walk: a PTE at level 4 holding the page");
	report(is_eq(kernel_mm.tables - tables, 2) && pmd_table(pt_entry_get(kernel_mm.pgd)) == kpud(),
	       "a PMD and a PTE table were linked, under the kernel region's PUD table (PGD entry 0, "
	       "the handler's)");
	report(is_eq(unmap(&kernel_mm, va, 4096), MMU_OK) && is_eq(kernel_mm.tables, tables),
	       "unmap frees them again");
	report(!pmd_none(pt_entry_get(kernel_mm.pgd)) && pmd_table(pt_entry_get(kernel_mm.pgd)) == kpud(),
	       "the kernel region's PUD table stays linked with nothing mapped below it");
	report_eq(map(&kernel_mm, E64_KMAP_LAST + 1 - 4096, pa, 4096, PROT_READ), MMU_OK,
		  "map the region's last page (0x%016lx)", (unsigned long)(E64_KMAP_LAST + 1 - 4096));
	report(is_eq(unmap(&kernel_mm, E64_KMAP_LAST + 1 - 4096, 4096), MMU_OK) &&
	       is_eq(map(&kernel_mm, E64_KMAP_LAST + 1, pa, 4096, PROT_READ), MMU_ERANGE),
	       "the page past it (128G, a second PGD entry) is refused: MMU_ERANGE");
	test_page_free(pa);
}

#define MISS_VA		(E64_KMAP_START + 0x0000001234567000ull)

/* One access at va that must fault to C: its kind, or FAULT_NONE if none came. */
static enum fault_kind load_faults(vaddr_t va)
{
	enum fault_kind k;

	expect_fault(va);
	(void)peek(va);
	k = faults_taken() ? last_fault()->kind : FAULT_NONE;
	expect_fault_clear();
	return k;
}

/*
 * A PMD entry with a TSIZE field but no PRESENT bit is a leaf that maps
 * nothing: the handler must not walk it as a table, nor load it.  The entry
 * is a 4M leaf as the format holds one (pfn << PTE_RPN_SHIFT, non-negative:
 * the handler tells it from a table's kernel address by its sign) over the
 * 4M block of a real page, with PRESENT clear.
 */
static void test_nonpresent_leaf(vaddr_t va)
{
	paddr_t pa = test_page();
	struct walk_result w;
	uint64_t pmd;
	const uint64_t tsize_4m = 0x600;	/* TSIZE 6 (4M) in the 0xf00 field */
	const uint64_t leaf = ((uint64_t)(pa & ~(paddr_t)((4u << 20) - 1)) >> 12 << PTE_RPN_SHIFT) |
			      tsize_4m | _PAGE_ACCESSED | _PAGE_BAP_SR;

	if (walk(&kernel_mm, va, &w) != MMU_OK || !w.pmdp) {
		report(false, "walk of 0x%016lx for its PMD entry", (unsigned long)va);
		test_page_free(pa);
		return;
	}
	pmd = pt_entry_get(w.pmdp);
	pt_entry_set(w.pmdp, leaf);
	tlb_flush_all();
	report_eq(load_faults(va), FAULT_TLB_DATA,
		  "a PMD entry with TSIZE set and PRESENT clear is a leaf mapping nothing: C");
	pt_entry_set(w.pmdp, pmd);
	tlb_flush_all();
	test_page_free(pa);
}

/* The assembly handler: a 4K page into TLB0 at its 64-bit EPN, and what it refuses. */
static void test_miss_4k(void)
{
	paddr_t pa = test_page();
	uint32_t *l = lin(pa);
	struct walk_result w, w2;
	struct fault_fixup_counts before, after;
	struct tlb_info t;

	l[3] = 0x4c0ffee4;
	report_eq(map(&kernel_mm, MISS_VA, pa, 4096, PROT_READ | PROT_WRITE), MMU_OK, "map 4K rw");
	tlb_flush_all();
	report_eq(peek(MISS_VA + 12), 0x4c0ffee4, "a load at 0x%016lx reads the page (the miss handler "
		  "walked the kernel PUD, PMD and PTE)", (unsigned long)(MISS_VA + 12));
	report(tlb_lookup(MISS_VA, 0, &t) && t.level == 0 && t.size == 4096 && t.va == MISS_VA && t.pa == pa &&
	       t.prot == (PROT_READ | PROT_WRITE), "TLB0 entry: EPN 0x%016lx, RPN the page, SR SW",
	       (unsigned long)t.va);
	poke(MISS_VA + 16, 0x5707e);
	report_eq(l[4], 0x5707e, "a store through it lands in the page");
	/* the same low 46 bits in another region, or past the indexed bits: not this page */
	report_eq(load_faults(0x4000000000000000ull | (MISS_VA & E64_USER_LAST)), FAULT_TLB_DATA,
		  "its offset in neither space (0x4000...): the miss reaches C");
	report_eq(load_faults(MISS_VA | (1ull << 46)), FAULT_TLB_DATA,
		  "its address with bit 46 set (past the indexed bits): C");
	report(is_eq(load_faults(MISS_VA | (1ull << E64_KREGION_SHIFT)), FAULT_TLB_DATA) &&
	       is_eq(load_faults(MISS_VA | (1ull << 45)), FAULT_TLB_DATA),
	       "its address with bit 37 or bit 45 set (PGD index 1 or 256: past the kernel region): C");
	test_nonpresent_leaf(MISS_VA);
	report_eq(protect(&kernel_mm, MISS_VA, 4096, PROT_READ), MMU_OK, "protect read-only");
	expect_fault(MISS_VA + 20);
	poke(MISS_VA + 20, 1);
	report(faults_taken() == 1 && last_fault()->kind == FAULT_PROT_DATA && l[5] == 0,
	       "a store to the read-only page: a data storage fault, nothing written");
	expect_fault_clear();
	/* the accessed rule: a PTE without ACCESSED goes to C (the fix-up sets it), not into the TLB */
	report_eq(walk(&kernel_mm, MISS_VA, &w), MMU_OK, "walk it");
	pt_entry_set(w.ptep, w.entry & ~(uint64_t)_PAGE_ACCESSED);
	tlb_flush_all();
	before = fixups_here();
	report_eq(load_faults(MISS_VA), FAULT_NONE, "a PTE without ACCESSED: the load completes");
	after = fixups_here();
	report(is_eq(after.young - before.young, 1) && is_eq(walk(&kernel_mm, MISS_VA, &w2), MMU_OK) &&
	       is_set(w2.entry, _PAGE_ACCESSED), "... through C, whose fix-up set ACCESSED (%u fix-up)",
	       after.young - before.young);
	pt_entry_set(w.ptep, w.entry);
	report_eq(load_faults(MISS_VA & E64_USER_LAST), FAULT_TLB_DATA,
		  "the mapped page's 46 index bits as a user address, no user space: C (an empty PGD, not the kernel's)");
	report_eq(unmap(&kernel_mm, MISS_VA, 4096), MMU_OK, "unmap");
	report_eq(load_faults(MISS_VA), FAULT_TLB_DATA, "an unmapped kernel address: the miss reaches C");
	report_eq(load_faults(0x10000000), FAULT_TLB_DATA, "a user address with no user space: C");
	report_eq(load_faults(0x4000000000000000ull), FAULT_TLB_DATA,
		  "an address in neither space (0x4000...): C");
	report_eq(load_faults(E64_KMAP_START | (1ull << 46)), FAULT_TLB_DATA,
		  "a kernel-region address past the 46 indexed bits: C");
	test_page_free(pa);
}

/* Instruction side: a fetch through an executable page, and one the handler refuses. */
static void test_miss_exec(void)
{
	paddr_t pa = test_page();
	uint32_t *l = lin(pa);
	struct tlb_info t;

	put_li42(l);
	report_eq(map(&kernel_mm, MISS_VA, pa, 4096, PROT_READ | PROT_EXEC), MMU_OK, "map 4K r-x");
	tlb_flush_all();
	report_eq(call_at(MISS_VA), 42, "a call into the page runs its code (instruction TLB miss)");
	report(tlb_lookup(MISS_VA, 0, &t) && t.level == 0 && (t.prot & PROT_EXEC) && !(t.prot & PROT_WRITE),
	       "TLB0 entry with SX, without SW");
	report_eq(protect(&kernel_mm, MISS_VA, 4096, PROT_READ), MMU_OK, "protect: no execute");
	expect_fault(MISS_VA);
	call_at(MISS_VA);
	report(faults_taken() == 1 && last_fault()->kind == FAULT_TLB_INST,
	       "a fetch from a page without SX: the instruction miss reaches C");
	expect_fault_clear();
	report_eq(unmap(&kernel_mm, MISS_VA, 4096), MMU_OK, "unmap");
	test_page_free(pa);
}

/*
 * Huge leaves at PMD (2M..128M) and PUD (256M..2G) level, every size the
 * core has, loaded into TLB1 by the handler with MAS1[TSIZE] the page's
 * (an odd power of 2, e6500 only: _PAGE_PSIZE_ODD in the leaf, TSIZE's low
 * bit in MAS1).
 */
static void test_miss_huge(void)
{
	const vsize_t *sizes;
	unsigned int i, n;

	sizes = mmu_page_sizes(&n);
	for (i = 1; i < n; i++) {
		vsize_t size = sizes[i];
		unsigned int log2k = (unsigned int)__builtin_ctzll(size) - 10;
		int level = size >= (1u << E500_64_PUD_SHIFT) ? 2 : 3;
		bool odd = log2k & 1;
		vaddr_t va = E64_KMAP_START + 0x0000001000000000ull + (vaddr_t)i * (2ull << 30);	/* 2G apart */
		paddr_t pa = hugepool_alloc(size);
		struct walk_result w;
		struct tlb_info t;

		va = (va + size - 1) & ~(vaddr_t)(size - 1);	/* 4G and up: aligned to the page */
		if (va + size - 1 > E64_KMAP_LAST)
			va = E64_KMAP_START;	/* 64G, 128G: the kernel region's start */
		if (pa == HUGEPOOL_FAIL) {
			skip_no_huge_page("%uM: no page of that size in the pool", (unsigned int)(size >> 20));
			continue;
		}
		phys_set(pa + size - 8, 0x9e000000u + (size >> 20), false);	/* a 2G page lies above the linear map */
		report(is_eq(map(&kernel_mm, va, pa, size, PROT_READ | PROT_WRITE), MMU_OK) &&
		       is_eq(walk(&kernel_mm, va + size - 8, &w), MMU_OK) && is_eq(w.level, level) &&
		       is_eq(!!(w.entry & _PAGE_PSIZE_ODD), odd),
		       "%uM: mapped, a leaf at level %d (%s)%s", (unsigned int)(size >> 20), level, level == 3 ? "PMD" : "PUD",
		       odd ? ", odd power of 2" : "");
		tlb_flush_all();
		report_eq(peek(va + size - 8), 0x9e000000u + (size >> 20),
			  "%uM: a load in its last replica reads the page's last word", (unsigned int)(size >> 20));
		report(tlb_lookup(va + size - 8, 0, &t) && t.level == 1 && t.size == size && t.va == va && t.pa == pa &&
		       E64_MAS1_TSIZE_LOG2K(t.raw[0]) == log2k && !(t.raw[1] & (size - 1) & ~0xfffu) &&
		       !(t.raw[2] & (size - 1) & ~0xfffu),
		       "%uM: one TLB1 entry, MAS1 TSIZE %u (2^n KB), EPN and RPN aligned to the page (0x%016lx -> "
		       "0x%lx)", (unsigned int)(size >> 20), E64_MAS1_TSIZE_LOG2K(t.raw[0]), (unsigned long)t.va,
		       (unsigned long)t.pa);
		report_eq(unmap(&kernel_mm, va, size), MMU_OK, "%uM: unmap", (unsigned int)(size >> 20));
		report(!tlb_lookup(va, 0, &t), "%uM: unmap dropped the TLB1 entry", (unsigned int)(size >> 20));
		hugepool_free(pa, size);
	}
}

static uint64_t read_word(uint64_t va)
{
	return *(volatile uint32_t *)(uintptr_t)va;
}

/* 1 if this core's TLB translates va, 2 if through TLB1, 0 if not. */
static uint64_t tlb_has(uint64_t va)
{
	struct tlb_info t;

	return tlb_lookup((vaddr_t)va, 0, &t) ? 1 + t.level : 0;
}

/* The second core: up in 64-bit mode, its own miss handler and TLB, and what a shootdown reaches. */
static void test_smp(void)
{
	const vaddr_t va = MISS_VA + 0x10000;
	uint64_t msr, epcr, pir, r;
	paddr_t pa;

	if (arch_cpus() < 2) {
		report_skip("needs 2 online cores, %u here", arch_cpus());
		return;
	}
	report(e64_cpu_state(1, &msr, &epcr, &pir) && (msr & MSR_CM) && (epcr & EPCR_ICM) && pir == 1,
	       "cpu 1 came up in 64-bit mode, interrupts too (MSR 0x%08lx, EPCR 0x%08lx, PIR %lu)",
	       (unsigned long)msr, (unsigned long)epcr, (unsigned long)pir);
	pa = test_page();
	lin(pa)[7] = 0xc0de0001;
	report_eq(map(&kernel_mm, va, pa, 4096, PROT_READ | PROT_WRITE), MMU_OK, "map 4K");
	tlb_flush_all();
	report(e64_cpu_call(1, read_word, va + 28, &r) && r == 0xc0de0001,
	       "cpu 1 reads the page through its own miss handler (0x%08lx)", (unsigned long)r);
	report(e64_cpu_call(1, tlb_has, va, &r) && r == 1 && !tlb_has(va),
	       "the TLB0 entry is cpu 1's: cpu 0 has none");
	report_eq(unmap(&kernel_mm, va, 4096), MMU_OK, "cpu 0 unmaps it (tlbivax)");
	report(e64_cpu_call(1, tlb_has, va, &r) && r == 0,
	       "cpu 1's entry is gone too: the invalidation reached every core");
	test_page_free(pa);
}

/*
 * A cross-call that reaches its bound (the 1 s of SMP_CALL_TIMEOUT on a busy
 * host) must leave the mailbox usable: cpu 1 is made not to answer, by a
 * call (or work) that spins without polling until released.
 */
#define LATE_BOUND	(SMP_CALL_TIMEOUT / 10)		/* 0.1 s: the bound the held calls reach */
#define LATE_HOLD	(8 * SMP_CALL_TIMEOUT)		/* the spinner lets go on its own after 8 s */

static volatile uint32_t late_release, late_started;

static void late_spin(void *arg)
{
	uint64_t t0 = timebase_read();

	(void)arg;
	late_started = 1;
	while (!late_release && timebase_read() - t0 < LATE_HOLD)
		;			/* no smp_poll(): calls to this core wait */
}

static void late_count(void *arg)
{
	(*(volatile uint32_t *)arg)++;
}

/* The call cpu 1 is running past its bound goes on; the mailbox is free for the next call once it ends. */
static void late_running(void)
{
	const vaddr_t va = MISS_VA + 0x20000;
	uint32_t n = 0;
	uint64_t r = 0;
	paddr_t pa;

	late_release = 0;
	report_eq(smp_call(1, late_spin, NULL, LATE_BOUND), SMP_ERUNNING,
		  "a call cpu 1 runs past its bound returns SMP_ERUNNING (the core named on the console)");
	report_eq(smp_call(1, late_count, &n, LATE_BOUND), SMP_EBUSY,
		  "while it runs, the next call is refused at once (SMP_EBUSY), not left waiting on a held lock");
	report_eq(n, 0, "... and does not run");
	late_release = 1;
	report_eq(smp_wait(1, LATE_HOLD), 0, "let go, cpu 1 answers the late call");
	report(is_eq(smp_call(1, late_count, &n, SMP_CALL_TIMEOUT), 0) && is_eq(n, 1),
	       "... and then answers a new call, once");
	pa = test_page();
	lin(pa)[3] = 0x1a7e0001;
	map(&kernel_mm, va, pa, 4096, PROT_READ | PROT_WRITE);
	report(e64_cpu_call(1, read_word, va + 12, &r) && r == 0x1a7e0001, "cpu 1 loads an entry for a page");
	report_eq(unmap(&kernel_mm, va, 4096), MMU_OK, "a shootdown after the late call reaches cpu 1 (no panic)");
	report(e64_cpu_call(1, tlb_has, va, &r) && r == 0, "... whose entry is gone");
	test_page_free(pa);
}

/* A call cpu 1 never took before its bound is withdrawn: it never runs, however late cpu 1 polls. */
static void late_withdrawn(void)
{
	uint64_t t0 = timebase_read();
	uint32_t n = 0;

	late_release = 0;
	late_started = 0;
	report_eq(smp_start(1, late_spin, NULL), 0, "cpu 1 is given work that does not poll");
	while (!late_started && timebase_read() - t0 < LATE_HOLD)
		;
	report_eq(smp_call(1, late_count, &n, LATE_BOUND), SMP_ETIMEDOUT,
		  "a call cpu 1 does not take in time returns SMP_ETIMEDOUT: withdrawn");
	late_release = 1;
	report_eq(smp_wait(1, LATE_HOLD), 0, "let go, cpu 1 ends its work and polls again");
	report_eq(n, 0, "the withdrawn call never ran (its argument may go)");
	report(is_eq(smp_call(1, late_count, &n, SMP_CALL_TIMEOUT), 0) && is_eq(n, 1),
	       "the next call is answered, once");
}

static void test_smp_call_late(void)
{
	if (arch_cpus() < 2) {
		report_skip("needs 2 online cores, %u here", arch_cpus());
		return;
	}
	late_running();
	late_withdrawn();
}

/*
 * An idle secondary sleeps in wait until a doorbell (smp/e500-64-smp.c).  A
 * doorbell that reaches it while it is busy (EE clear) stays pending and is
 * taken as soon as its idle loop sets EE, before the wait: the handler must
 * then resume past the wait, or the core sleeps with its doorbell spent and
 * a post made just before it idled goes unanswered.  This work sends cpu 1
 * its own doorbell with EE clear, then idles: it must come back.
 */
struct idle_probe {
	volatile uint32_t back;
	uint64_t msr;
};

static void idle_with_doorbell_pending(void *arg)
{
	struct idle_probe *p = arg;

	__asm__ volatile("msync; msgsnd %0" : : "r"(mfspr(SPRN_PIR) & DBELL_PIRTAG) : "memory");
	e64_smp_idle();
	__asm__ volatile("mfmsr %0" : "=r"(p->msr));
	p->back = 1;
}

static void test_smp_idle(void)
{
	struct idle_probe p = { 0, 0 };
	uint64_t r;

	if (arch_cpus() < 2) {
		report_skip("needs 2 online cores, %u here", arch_cpus());
		return;
	}
	report_eq(smp_start(1, idle_with_doorbell_pending, &p), 0, "cpu 1 takes the work");
	report(smp_wait(1, SMP_CALL_TIMEOUT) == 0 && p.back,
	       "cpu 1 idled with a doorbell pending and came back (the doorbell resumed it past its wait)");
	report(p.back && !(p.msr & MSR_EE), "it came back with external interrupts off (MSR 0x%08lx)",
	       (unsigned long)p.msr);
	report(e64_cpu_call(1, tlb_has, MISS_VA, &r),
	       "cpu 1, idle again, answers a call (the call's doorbell woke it)");
}

/* Each core's round-robin word of the miss handler (its per-core page, E64_PC_TLB1_NEXT): ESEL of its next slot. */
static unsigned int next_slot(unsigned int cpu)
{
	const volatile uint32_t *word = &e64_percpu_of(cpu)->tlb1_next;

	return (*word & MAS0_ESEL_MASK) >> MAS0_ESEL_SHIFT;
}

/*
 * The TLB1 round robin covers every huge slot in turn: E64_HUGE_SLOTS huge
 * misses in a row, each at a page of its own, fill the slots from this
 * core's next one on, each once; the miss after them takes that first slot
 * again, so the oldest huge entry is the one that goes.
 */
static void test_tlb1_round_robin(void)
{
	const vaddr_t base = E64_KMAP_START + 0x0000001000000000ull;
	const vsize_t size = 4u << 20;
	unsigned int i, s, filled = 0, mapped = 0;
	struct tlb_info t;
	paddr_t pa = hugepool_alloc(size);

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("4M: no page of that size in the pool");
		return;
	}
	for (i = 0; i <= E64_HUGE_SLOTS; i++)
		mapped += map(&kernel_mm, base + i * size, pa, size, PROT_READ) == MMU_OK;
	report_eq(mapped, E64_HUGE_SLOTS + 1, "one 4M page mapped at %u kernel addresses", E64_HUGE_SLOTS + 1);
	tlb_flush_all();
	s = next_slot(0);
	for (i = 0; i < E64_HUGE_SLOTS; i++) {
		(void)peek(base + i * size);
		filled += e64_tlb_read(1, 0, (s + i) % E64_HUGE_SLOTS, &t) && t.valid && t.va == base + i * size;
	}
	report_eq(filled, E64_HUGE_SLOTS, "%u huge misses in a row fill the %u huge slots in turn, from slot %u",
		  E64_HUGE_SLOTS, E64_HUGE_SLOTS, s);
	(void)peek(base + E64_HUGE_SLOTS * size);
	report(e64_tlb_read(1, 0, s, &t) && t.valid && t.va == base + E64_HUGE_SLOTS * size &&
	       e64_tlb_read(1, 0, (s + 1) % E64_HUGE_SLOTS, &t) && t.va == base + size,
	       "the next miss takes slot %u again: the oldest huge entry goes, the others stay", s);
	for (i = 0; i <= E64_HUGE_SLOTS; i++)
		unmap(&kernel_mm, base + i * size, size);
	hugepool_free(pa, size);
}

/*
 * The TLB1 round robin is per core: a huge miss on cpu 1 advances cpu 1's
 * slot and leaves cpu 0's, and the other way round (one shared word would
 * let two cores race on it).
 */
static void test_tlb1_per_core(void)
{
	const vaddr_t va = E64_KMAP_START + 0x0000001000000000ull;
	const vsize_t size = 4u << 20;
	unsigned int s0, s1;
	paddr_t pa;
	uint64_t r;

	if (arch_cpus() < 2) {
		report_skip("needs 2 online cores, %u here", arch_cpus());
		return;
	}
	pa = hugepool_alloc(size);
	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("4M: no page of that size in the pool");
		return;
	}
	*(volatile uint32_t *)lin(pa + 8) = 0x7e5e1001;
	report_eq(map(&kernel_mm, va, pa, size, PROT_READ | PROT_WRITE), MMU_OK, "map a 4M page");
	tlb_flush_all();
	s0 = next_slot(0);
	s1 = next_slot(1);
	report(e64_cpu_call(1, read_word, va + 8, &r) && r == 0x7e5e1001 &&
	       is_eq(next_slot(1), (s1 + 1) % E64_HUGE_SLOTS) && is_eq(next_slot(0), s0),
	       "a huge miss on cpu 1 advances cpu 1's slot (%u -> %u), not cpu 0's (%u)", s1, next_slot(1),
	       next_slot(0));
	s1 = next_slot(1);
	report(is_eq(peek(va + 8), 0x7e5e1001) && is_eq(next_slot(0), (s0 + 1) % E64_HUGE_SLOTS) &&
	       is_eq(next_slot(1), s1),
	       "a huge miss on cpu 0 advances cpu 0's slot (%u -> %u), not cpu 1's", s0, next_slot(0));
	report_eq(unmap(&kernel_mm, va, size), MMU_OK, "unmap");
	hugepool_free(pa, size);
}

static void set_pid(uint64_t pid)
{
	__asm__ volatile("mtspr %0, %1; isync" : : "i"(SPRN_PID), "r"(pid) : "memory");
}

/*
 * A kernel address missed while a user space's PID is loaded gets a global
 * entry (TID 0), 4K and huge alike: the handler clears the TID the hardware
 * autoloads from PID.  An entry tagged with the PID would vanish for the
 * kernel as soon as another space ran, and stay visible to that PID only.
 */
static void test_kernel_global(void)
{
	const vaddr_t va = MISS_VA + 0x20000, hva = E64_KMAP_START + 0x0000001000000000ull;
	const uint32_t hsize = 4u << 20;
	paddr_t pa = test_page(), hpa = hugepool_alloc(hsize);
	struct tlb_info t, h;
	uint32_t v, hv = 0;

	lin(pa)[3] = 0x6106a1;
	report_eq(map(&kernel_mm, va, pa, 4096, PROT_READ), MMU_OK, "map 4K");
	if (hpa != HUGEPOOL_FAIL) {
		*(volatile uint32_t *)lin(hpa + 12) = 0x6106a2;
		report_eq(map(&kernel_mm, hva, hpa, hsize, PROT_READ), MMU_OK, "map 4M");
	}
	tlb_flush_all();
	set_pid(0x2a);
	v = peek(va + 12);
	if (hpa != HUGEPOOL_FAIL)
		hv = peek(hva + 12);
	set_pid(0);
	report(is_eq(v, 0x6106a1) && tlb_lookup(va, 0, &t) && is_eq(t.tid, 0) && is_eq(t.level, 0),
	       "4K kernel page missed under PID 0x2a: a TLB0 entry with TID 0 (TID %u)", t.tid);
	if (hpa != HUGEPOOL_FAIL) {
		report(is_eq(hv, 0x6106a2) && tlb_lookup(hva, 0, &h) && is_eq(h.tid, 0) && is_eq(h.level, 1),
		       "4M kernel page missed under PID 0x2a: a TLB1 entry with TID 0 (TID %u)", h.tid);
		report_eq(unmap(&kernel_mm, hva, hsize), MMU_OK, "unmap 4M");
		hugepool_free(hpa, hsize);
	} else {
		skip_no_huge_page("4M: no page of that size in the pool");
	}
	report_eq(unmap(&kernel_mm, va, 4096), MMU_OK, "unmap 4K");
	test_page_free(pa);
}

static jmp_buf jb;
static volatile uint64_t kept;

static void __attribute__((noinline)) jump_back(uint64_t v)
{
	kept = v;
	longjmp(jb, 7);
}

/*
 * A non-volatile register reaches the jmp_buf whole: r14 holds a value with
 * a high word when setjmp is called (straight from assembly, so the value
 * is known), and its slot (r13..r31 from the third doubleword on, in
 * boot/setjmp64.S's layout) must hold all 64 bits.
 */
static void check_setjmp_nonvolatile(void)
{
	static jmp_buf probe;
	uint64_t pattern = 0x0123456789abcdefull, slot;

	__asm__ volatile("mr 14, %0\n\tmr 3, %1\n\tbl .setjmp\n\tnop"
			 : : "r"(pattern), "r"(&probe)
			 : "r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r14",
			   "lr", "ctr", "cr0", "cr1", "cr5", "cr6", "cr7", "memory");
	memcpy(&slot, (char *)&probe + (14 - 10) * 8, sizeof(slot));
	report_eq(slot, pattern, "setjmp keeps the whole 64-bit r14 (a non-volatile register)");
}

/*
 * The kernel's setjmp/longjmp (newlib 3.3's powerpc one keeps only the low
 * words): the saved stack pointer is the whole 64-bit one, and the jump
 * comes back to a frame at a 64-bit address (a truncated r1 or LR would
 * land below 4 GB, where nothing is mapped).
 */
static void test_setjmp(void)
{
	volatile int v;
	uint64_t sp;

	__asm__ volatile("mr %0, 1" : "=r"(sp));
	v = setjmp(jb);
	if (v == 0) {
		uint64_t saved;

		memcpy(&saved, &jb, sizeof(saved));
		report(saved >> 32 == KERNEL_VA >> 32 && saved <= sp && sp - saved < 4096,
		       "setjmp keeps the whole 64-bit stack pointer (0x%016lx)", (unsigned long)saved);
		jump_back(0xfedcba9876543210ull);
	}
	report_eq(v, 7, "longjmp comes back through setjmp with its value");
	report_eq(kept, 0xfedcba9876543210ull, "the function that jumped ran");
	check_setjmp_nonvolatile();
}

static bool tid_matches(const struct tlb_info *t, unsigned int tid)
{
	return t->tid == 0 || t->tid == tid;
}

unsigned int tlb_entries_covering(vaddr_t va, unsigned int tid)
{
	unsigned int sets, ways, way, slot, n = 0;
	struct tlb_info t;

	e64_tlb0_geometry(&sets, &ways);
	for (way = 0; way < ways; way++)
		n += e64_tlb_read(0, (unsigned int)(va >> 12) & (sets - 1), way, &t) &&
		     t.va == (va & ~(vaddr_t)0xfff) && tid_matches(&t, tid);
	for (slot = 0; slot < e64_tlb1_entries(); slot++)
		n += e64_tlb_read(1, 0, slot, &t) && t.size && tid_matches(&t, tid) &&
		     va - (t.va & ~(vaddr_t)(t.size - 1)) < t.size;
	return n;
}

/*
 * A kernel store to va that takes a TLB miss with known kernel values in the
 * registers the miss handler saves in SPRG4..7 (r10, r11, r12, CR).
 */
static void kernel_miss_marked(vaddr_t va)
{
	__asm__ volatile("lis 10, 0x5a5a\n\tlis 11, 0x6b6b\n\tlis 12, 0x7c7c\n\t"
			 "cmpwi 10, 0\n\tstw 10, 0(%0)"
			 : : "b"(va) : "r10", "r11", "r12", "cr0", "memory");
}

#define USER_HIGH_VA	(0x100000000ull + TEST_UVA)	/* a user address above 4 GB */
#define USER_TOP_VA	(E64_USER_LAST + 1 - 4096)	/* the last user page: indexes 511, 511, 127, 511 */

/*
 * User mode runs in 64-bit mode (MSR[CM] = 1 with MSR[PR] = 1): a user load
 * from above 4 GB reaches that page, where a 32-bit EA (TEST_UVA, nothing
 * mapped) would fault; its TLB entry carries the space's PID.
 */
static void test_user_cm(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	uint32_t r = 0;
	struct tlb_info t;

	lin(pa)[1] = 0x64b17e5u;
	report_eq(user_space_init(&mm, 6), MMU_OK, "a user space with PID 6");
	report_eq(map(&mm, USER_HIGH_VA, pa, 4096, UPROT_RW), MMU_OK, "map a user page at 0x%016lx",
		  (unsigned long)USER_HIGH_VA);
	tlb_flush_all();
	report(is_eq(user_call(&mm, user_routine(user_load_word), USER_HIGH_VA + 4, &r), 0) &&
	       is_eq(r, 0x64b17e5u), "user code loads from it: 64-bit effective addresses in user mode (0x%lx)",
	       (unsigned long)r);
	report(tlb_lookup(USER_HIGH_VA, 6, &t) && is_eq(t.va, USER_HIGH_VA) && is_eq(t.tid, 6) &&
	       is_eq(t.prot, UPROT_RW), "its TLB0 entry: EPN 0x%016lx, TID %u, user read/write",
	       (unsigned long)t.va, t.tid);
	expect_fault(USER_HIGH_VA + 4096);
	report(is_eq(user_call(&mm, user_routine(user_load_word), USER_HIGH_VA + 4096, &r), 1) &&
	       last_fault()->user && is_eq(last_fault()->addr, USER_HIGH_VA + 4096),
	       "the page after it faults, recorded with its whole address");
	expect_fault(USER_HIGH_VA + (1ull << 37) + 4);
	report(is_eq(user_call(&mm, user_routine(user_load_word), USER_HIGH_VA + (1ull << 37) + 4, &r), 1) &&
	       is_eq(last_fault()->addr, USER_HIGH_VA + (1ull << 37) + 4),
	       "its address plus 128G (PGD index 1, the rest the same) faults: the PGD index is EA bits 37..45");
	lin(pa)[2] = 0x7093e5u;
	report_eq(map(&mm, USER_TOP_VA, pa, 4096, UPROT_RW), MMU_OK, "map the same page at the last user page, 0x%016lx",
		  (unsigned long)USER_TOP_VA);
	tlb_flush_all();
	report(is_eq(user_call(&mm, user_routine(user_load_word), USER_TOP_VA + 8, &r), 0) && is_eq(r, 0x7093e5u),
	       "user code loads from it (every index at its largest: 511, 511, 127, 511)");
	unmap(&mm, USER_TOP_VA, 4096);
	unmap(&mm, USER_HIGH_VA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/*
 * User code can read SPRG3..7 (SPR 259..263): SPRG4..7, where the miss
 * handlers and the interrupt entry save kernel registers, hold no kernel
 * value once user code runs, even right after a kernel miss passed marked
 * kernel registers through them.
 */
static void test_user_sprgs(void)
{
	static const char *const names[] = { "SPRG3", "SPRG4", "SPRG5", "SPRG6", "SPRG7" };
	struct mm mm;
	paddr_t pa = test_page(), upa = test_page();
	uint32_t r = 1, *seen = lin(upa);
	unsigned int i;

	user_space_init(&mm, 4);
	map(&mm, TEST_UVA, upa, 4096, UPROT_RW);
	user_call(&mm, user_routine(user_read_sprgs), TEST_UVA, &r);	/* loads the entries it needs */
	map(&kernel_mm, MISS_VA, pa, 4096, KPROT_RW);
	tlb_flush_page(MISS_VA);
	kernel_miss_marked(MISS_VA);
	memset(seen, 0xee, 20);
	report(is_eq(user_call(&mm, user_routine(user_read_sprgs), TEST_UVA, &r), 0) && is_eq(r, 0),
	       "user code reads SPR 259..263");
	for (i = 0; i < 5; i++)
		report_eq(seen[i], 0, "%s reads as 0 in user mode (0x%08lx)", names[i], (unsigned long)seen[i]);
	unmap(&kernel_mm, MISS_VA, 4096);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
	test_page_free(upa);
}

PPCMMU_TEST_FN("e500-64-mode", "e500-64", "e500-64 64-bit mode", test_mode);
PPCMMU_TEST_FN("e500-64-page-sizes", "e500-64", "e500-64 TLB1 page sizes", test_page_sizes);
PPCMMU_TEST_FN("e500-64-pinned", "e500-64", "e500-64 pinned TLB1 entries", test_pinned);
PPCMMU_TEST_FN("e500-64-epn", "e500-64", "e500-64 64-bit EPN", test_epn64);
PPCMMU_TEST_FN("e500-64-kernel-table", "e500-64", "e500-64 kernel table", test_kernel_table);
PPCMMU_TEST_FN("e500-64-miss-4k", "e500-64", "e500-64 4K miss", test_miss_4k);
PPCMMU_TEST_FN("e500-64-miss-exec", "e500-64", "e500-64 instruction miss", test_miss_exec);
PPCMMU_TEST_FN("e500-64-miss-huge", "e500-64", "e500-64 huge miss", test_miss_huge);
PPCMMU_TEST_FN("e500-64-tlb1-round-robin", "e500-64", "e500-64 TLB1 round robin", test_tlb1_round_robin);
PPCMMU_TEST_FN("e500-64-tlb1-per-core", "e500-64", "e500-64 per-core TLB1 round robin", test_tlb1_per_core);
PPCMMU_TEST_FN("e500-64-kernel-global", "e500-64", "e500-64 kernel entries global", test_kernel_global);
PPCMMU_TEST_FN("e500-64-setjmp", "e500-64", "e500-64 setjmp", test_setjmp);
PPCMMU_TEST_FN("e500-64-smp", "e500-64", "e500-64 second core", test_smp);
PPCMMU_TEST_FN("smp-call-late", "e500-64", "smp cross-call past its bound", test_smp_call_late);
PPCMMU_TEST_FN("e500-64-smp-idle", "e500-64", "e500-64 idle secondary and its doorbell", test_smp_idle);
/* tests/target/test-smp-tables.c, the 32-bit family's test on the same shared deferred free */
PPCMMU_TEST_FN("smp-table-free", "e500-64", "smp page-table pages freed under concurrent walks",
	       test_smp_table_free);
PPCMMU_TEST_FN("smp-table-free-long", "long", "smp page-table pages freed under walks, 100000 steps",
	       test_smp_table_free_long);
PPCMMU_TEST_FN("e500-64-user-cm", "e500-64", "e500-64 user mode is 64-bit", test_user_cm);
PPCMMU_TEST_FN("e500-64-user-sprgs", "e500-64", "e500-64 SPRG4..7 in user mode", test_user_sprgs);
