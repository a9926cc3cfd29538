/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 (POWER8, hash MMU): what this family runs so far.  The kernel
 * translated through the bolted linear map, the hashed page table's size
 * and SDR1, segment and hash misses resolved by the fault path for 4K, 16M
 * and 16G pages (HPTE words and the slot recorded in the PTE), misses per
 * sweep, group overflow and eviction, and invalidation after unmap and
 * protect.
 */
#include <setjmp.h>
#include <string.h>
#include "tests/target/report.h"
#include "tests/target/env.h"
#include "include/kernel.h"
#include "include/book3s64/hash.h"
#include "mmu/pgtable.h"
#include "mmu/pte-book3s64.h"
#include "mmu/palloc.h"
#include "tlb/book3s64-hash.h"

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })
#define MB		(1ull << 20)
#define GB		(1ull << 30)
#define SEG		(1ull << SEGMENT_SHIFT_256M)
#define MISS_VA		(B3_KMAP_START + 0x0000001230000000ull)
#define SWEEP_VA	(B3_KMAP_START + 0x0000002000000000ull)
#define HUGE16M_VA	(B3_KMAP_START + 0x0000003000000000ull)
#define HUGE16G_VA	(B3_KMAP_START + 0x0000010000000000ull)	/* a 1T region of its own */
#define EVICT_VA	(B3_KMAP_START + 0x0000020000000000ull)

static uint64_t msr(void)
{
	uint64_t m;

	__asm__ volatile("mfmsr %0" : "=r"(m));
	return m;
}

static struct b3_counts counts_now(void)
{
	struct b3_counts c;

	b3_counts(&c);
	return c;
}

static enum fault_kind load_faults(vaddr_t va)
{
	expect_fault(va);
	(void)peek(va);
	enum fault_kind k = faults_taken() == 1 ? last_fault()->kind : FAULT_NONE;

	expect_fault_clear();
	return k;
}

static void test_mode(void)
{
	uint64_t m = msr(), sp;

	__asm__ volatile("mr %0, 1" : "=r"(sp));
	report((m & (MSR_SF | MSR_HV | MSR_ME)) == (MSR_SF | MSR_HV | MSR_ME) && !(m & MSR_LE),
	       "64-bit, hypervisor, machine checks on, big-endian (MSR 0x%016lx)", (unsigned long)m);
	report((m & (MSR_IR | MSR_DR)) == (MSR_IR | MSR_DR), "instruction and data translation on");
	report((uint64_t)(uintptr_t)test_mode >> 60 == 0xc && sp >> 60 == 0xc,
	       "code and stack at linear-map addresses 0x%016lx, 0x%016lx",
	       (unsigned long)(uintptr_t)test_mode, (unsigned long)sp);
	report_eq(mfspr(SPRN_PVR) >> 16, 0x004d, "a POWER8 core (PVR 0x%08lx)", (unsigned long)mfspr(SPRN_PVR));
}

/* Linux's size rule and SDR1's encoding, from the RAM the tree gave. */
static void test_hpt(void)
{
	struct b3_hpt_info h;
	uint64_t esid, vsid;
	unsigned int want_shift = 64 - (unsigned int)__builtin_clzll(layout.ram_size - 1) - 13 + 7;

	b3_hpt_info(&h);
	if (want_shift < HTAB_MIN_SHIFT)
		want_shift = HTAB_MIN_SHIFT;
	report_eq(h.bytes, 1ull << want_shift, "hash table: a 128-byte group per two 4K pages of RAM "
		  "(%lu MB RAM: %lu KB)", (unsigned long)(layout.ram_size >> 20), (unsigned long)(h.bytes >> 10));
	report(h.base % h.bytes == 0, "the table is aligned to its size (0x%lx)", (unsigned long)h.base);
	report_eq(mfspr(SPRN_SDR1), h.base | (want_shift - HTAB_MIN_SHIFT),
		  "SDR1 = HTABORG | log2(size) - 18");
	b3_slb_read(0, &esid, &vsid);
	report(esid == (KERNEL_VA | SLB_ESID_V) && (vsid & SLB_VSID_B_1T) &&
	       (vsid & SLB_VSID_LLP_MASK) == SLB_VSID_LLP_16M,
	       "SLB entry 0: the linear map, a 1T segment with 16M base pages (0x%016lx 0x%016lx)",
	       (unsigned long)esid, (unsigned long)vsid);
	report_eq(h.bolted, (unsigned int)((layout.ram_size + 16 * MB - 1) / (16 * MB)),
		  "one bolted 16M HPTE per 16M of RAM");
}

/* The HPTE the fault path inserted for va, and the slot the PTE records. */
static bool hpte_recorded(vaddr_t page_va, void *headp, unsigned int shift, uint64_t *v, uint64_t *r)
{
	uint64_t group, e = pt_entry_get(headp);
	unsigned int slot;
	struct b3_seg s;

	if (!b3_hpte_find(page_va, &group, &slot, v, r, &s) || s.base_shift != shift)
		return false;
	return (e & H_PAGE_HASHPTE) && ((e & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT) == slot &&
	       !!(e & H_PAGE_F_SECOND) == !!(*v & HPTE_V_SECONDARY);
}

static void test_4k(void)
{
	paddr_t pa = test_page();
	uint32_t *l = lin(pa);
	struct walk_result w;
	struct b3_counts c0, c1;
	uint64_t v, r;

	l[3] = 0x4c0ffee4;
	report_eq(map(&kernel_mm, MISS_VA, pa, 4096, KPROT_RW), MMU_OK, "map 4K read-write in kernel_mm");
	c0 = counts_now();
	report_eq(peek(MISS_VA + 12), 0x4c0ffee4, "a load at 0x%016lx reads the page", (unsigned long)(MISS_VA + 12));
	c1 = counts_now();
	report(c1.slb_miss - c0.slb_miss == 1 && c1.hash_miss - c0.hash_miss == 1,
	       "it took one segment miss and one hash miss (%lu, %lu)", c1.slb_miss - c0.slb_miss,
	       c1.hash_miss - c0.hash_miss);
	report_eq(walk(&kernel_mm, MISS_VA, &w), MMU_OK, "walk it");
	report(hpte_recorded(MISS_VA, w.ptep, 12, &v, &r), "an HPTE for it, its slot recorded in the PTE");
	report(!(v & HPTE_V_LARGE) && !(v & HPTE_V_B_1T) && (r & HPTE_R_RPN_MASK) == pa &&
	       (r & (HPTE_R_PP0 | HPTE_R_PP)) == 0 && (r & HPTE_R_N) && (r & HPTE_R_M),
	       "HPTE: 4K (L = 0), 256M segment, RPN the page, PP 000, no-execute, coherent "
	       "(V %016lx R %016lx)", (unsigned long)v, (unsigned long)r);
	poke(MISS_VA + 16, 0x5707e);
	report_eq(l[4], 0x5707e, "a store through it lands in the page");
	report_eq(protect(&kernel_mm, MISS_VA, 4096, PROT_READ), MMU_OK, "protect read-only");
	report(!b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }),
	       "protect removed the recorded HPTE");
	expect_fault(MISS_VA + 20);
	poke(MISS_VA + 20, 1);
	report(faults_taken() == 1 && l[5] == 0, "a store to the read-only page faults, nothing written");
	expect_fault_clear();
	report_eq(peek(MISS_VA + 16), 0x5707e, "a load still reads it (a new HPTE, read-only)");
	report_eq(unmap(&kernel_mm, MISS_VA, 4096), MMU_OK, "unmap");
	report(!b3_hpte_find(MISS_VA, &(uint64_t){ 0 }, &(unsigned int){ 0 }, &v, &r, &(struct b3_seg){ 0 }),
	       "unmap removed the HPTE");
	report_eq(load_faults(MISS_VA), FAULT_TLB_DATA, "a load after unmap faults (no stale translation)");
	test_page_free(pa);
}

const struct target_test tests_family[] = {
	{ "book3s64 mode", test_mode, NULL, "book3s64-mode" },
	{ "book3s64 hash table", test_hpt, NULL, "book3s64-hpt" },
	{ "book3s64 4K hash fault", test_4k, NULL, "book3s64-4k" },
};
const unsigned int tests_family_count = sizeof(tests_family) / sizeof(tests_family[0]);
