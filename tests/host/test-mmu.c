/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * map/unmap/protect/walk of 4K pages on the e500/32 format, checked byte for
 * byte against tables built by hand here (not with the mmu/ headers).
 *
 * Expected low words are spelled out: 0x00041115 for a kernel RW page is
 * PRESENT 0x1 | SR 0x4 | SW 0x10 | TSIZE 4K 0x100 | DIRTY 0x1000 | ACCESSED 0x40000.
 */
#include <string.h>
#include "check.h"
#include "pgtable.h"
#include "tests.h"

#define KERNEL_START	0xC0000000u
#define KERNEL_LAST	0xFFFFFFFFu
#define USER_LAST	0xBFFFFFFFu

#define LO_KRW		0x00041115u	/* P SR SW TSIZE4K D A */
#define LO_KRO		0x00040105u	/* P SR TSIZE4K A */
#define LO_URX_M	0x002401CDu	/* P SR UR SX UX TSIZE4K A M */

/* The arena hands out the PGD at offset 0 (16 KB), then tables from 0x4000. */
#define FIRST_TABLE_REF	0xC0004000u

static unsigned char exp_pgd[PGD_BYTES];
static unsigned char exp_pte[PTE_BYTES];

static void kernel_mm(struct mm *mm)
{
	report_eq(mm_init(mm, KERNEL_START, KERNEL_LAST, 0), MMU_OK, "kernel mm_init");
}

static void user_mm(struct mm *mm, unsigned int pid)
{
	report_eq(mm_init(mm, 0, USER_LAST, pid), MMU_OK, "user mm_init pid %u", pid);
}

static void test_mm_init(void)
{
	struct mm mm, before;

	memset(&mm, 0x5a, sizeof(mm));
	before = mm;
	report_err(mm_init(&mm, 0x00100000, KERNEL_LAST, 0), MMU_EALIGN, "start 1M");
	report_err(mm_init(&mm, 0, 0xBFFFEFFF, 0), MMU_EALIGN, "last+1 not 2M");
	report_err(mm_init(&mm, 0, 0xC0000000, 0), MMU_EALIGN, "last on a boundary");
	report_err(mm_init(&mm, 0x00400000, 0x001FFFFF, 0), MMU_ERANGE, "start > last");
	env_fail_after(0);
	report_err(mm_init(&mm, 0, USER_LAST, 1), MMU_ENOMEM, "no memory for the PGD");
	env_fail_after(-1);
	report(!memcmp(&mm, &before, sizeof(mm)) && is_eq(env.live, 0),
	       "failed mm_init leaves mm and memory untouched");

	report_err(mm_init(&mm, KERNEL_START, KERNEL_LAST, 0), MMU_OK, "kernel space");
	memset(exp_pgd, 0, sizeof(exp_pgd));
	report(is_eq((uintptr_t)mm.pgd, (uintptr_t)env_arena) && same_bytes(mm.pgd, exp_pgd, PGD_BYTES),
	       "PGD is 16 KB of zeroes at the first arena block");
	report(is_eq(mm.start, KERNEL_START) && is_eq(mm.last, KERNEL_LAST) && is_eq(mm.pid, 0) &&
	       is_eq(mm.tables, 0), "fields set");
	mm_destroy(&mm);
	report(is_eq(env.live, 0) && is_eq(env.bad_frees, 0) && mm.pgd == NULL,
	       "mm_destroy frees the order-2 PGD");
	mm_destroy(&mm);
	report_eq(env.bad_frees, 0, "second mm_destroy is harmless");

	report_err(mm_init(&mm, 0, KERNEL_LAST, 9), MMU_OK, "whole 4G space");
	report_eq(mm.pid, 9, "pid kept");
	mm_destroy(&mm);
}

static void test_sizes_and_strings(void)
{
	unsigned int n = 99, i, j;
	const vsize_t *sizes = mmu_page_sizes(&n);
	bool distinct = true;

	report(is_eq(n, 6) && is_eq(sizes[0], SZ_4K) && is_eq(sizes[1], SZ_4M) && is_eq(sizes[5], 0x40000000),
	       "page sizes: 4K, then 4M..1G (huge pages on by default)");
	for (i = 0; i <= 10; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(mmu_strerror(-(int)i), mmu_strerror(-(int)j)))
				distinct = false;
	report(distinct, "mmu_strerror: a distinct message per code");
	report(!strcmp(mmu_strerror(-42), "unknown error"), "mmu_strerror: unknown code");
}

static void test_map_bytes(void)
{
	struct mm mm;

	kernel_mm(&mm);
	report_err(map(&mm, 0xC0001000, 0x12345000, SZ_4K, PROT_READ | PROT_WRITE),
		   MMU_OK, "map RW kernel page");

	memset(exp_pgd, 0, sizeof(exp_pgd));
	put_entry(exp_pgd, 0x600, 0, FIRST_TABLE_REF);
	report(same_bytes(mm.pgd, exp_pgd, PGD_BYTES),
	       "PGD: entry 0x600 = 00000000 c0004000, all else 0");

	memset(exp_pte, 0, sizeof(exp_pte));
	/* pfn 0x12345: high word pfn >> 8, low word (pfn & 0xff) << 24 | flags */
	put_entry(exp_pte, 1, 0x00000123, 0x45000000 | LO_KRW);
	report(same_bytes(pte_table_of(&mm, 0xC0001000), exp_pte, PTE_BYTES),
	       "PTE table: entry 1 = 00000123 45041115, all else 0");
	report(is_eq(mm.tables, 1) && is_eq(env.live, 2), "one table allocated");
	report_eq(env_tlb_calls, 0, "map does not invalidate");
	mm_destroy(&mm);
}

static void test_map_36bit(void)
{
	struct mm mm;
	struct walk_result w;
	unsigned int prot = PROT_READ | PROT_EXEC | PROT_USER | PROT_COHERENT;

	user_mm(&mm, 3);
	report_err(map(&mm, 0x10000000, 0xFE0001000ull, SZ_4K, prot), MMU_OK,
		   "map pa 0xf_e000_1000");
	report_err(map(&mm, 0x10001000, 0xFFFFFF000ull, SZ_4K, prot), MMU_OK,
		   "map the last 4K of the 36-bit space");
	memset(exp_pte, 0, sizeof(exp_pte));
	put_entry(exp_pte, 0, 0x0000FE00, 0x01000000 | LO_URX_M);
	put_entry(exp_pte, 1, 0x0000FFFF, 0xFF000000 | LO_URX_M);
	report(same_bytes(pte_table_of(&mm, 0x10000000), exp_pte, PTE_BYTES),
	       "entries 0000fe00 012401cd and 0000ffff ff2401cd");
	memset(exp_pgd, 0, sizeof(exp_pgd));
	put_entry(exp_pgd, 0x80, 0, FIRST_TABLE_REF);
	report(same_bytes(mm.pgd, exp_pgd, PGD_BYTES), "PGD entry 0x80");
	report(is_eq(walk(&mm, 0x10000123, &w), MMU_OK) && is_eq(w.pa, 0xFE0001123ull) && is_eq(w.prot, prot),
	       "walk gives the 36-bit pa and the prot back");
	CHECK_UNCHANGED(MMU_EPA, map(&mm, 0x10002000, 0x1000000000ull, SZ_4K, prot),
			"pa 2^36");
	CHECK_UNCHANGED(MMU_EPA, map(&mm, 0x10002000, 0xFFFFFFFFFFFFF000ull, SZ_4K, prot),
			"pa 2^64 - 4K");
	mm_destroy(&mm);
}

/* The entry bits each PROT_* bit must produce, written out by hand. */
static uint32_t model_bits(unsigned int prot)
{
	bool user = prot & PROT_USER;
	uint32_t bits = 0x00040101;	/* ACCESSED | TSIZE 4K | PRESENT */

	if (prot & PROT_READ)
		bits |= 0x004 | (user ? 0x008 : 0);
	if (prot & PROT_WRITE)
		bits |= 0x010 | 0x1000 | (user ? 0x020 : 0);
	if (prot & PROT_EXEC)
		bits |= 0x040 | (user ? 0x080 : 0);
	if (prot & PROT_WRITETHRU)
		bits |= 0x800000;
	if (prot & PROT_NOCACHE)
		bits |= 0x400000;
	if (prot & PROT_COHERENT)
		bits |= 0x200000;
	if (prot & PROT_GUARDED)
		bits |= 0x100000;
	return bits;
}

static bool model_valid(unsigned int prot)
{
	if (prot & ~0xffu)
		return false;
	return (prot & PROT_READ) || !(prot & (PROT_WRITE | PROT_EXEC | PROT_USER));
}

/* W=1 with I=1: no storage mode of the architecture. */
static bool model_wimg_refused(unsigned int prot)
{
	return (prot & (PROT_NOCACHE | PROT_WRITETHRU)) == (PROT_NOCACHE | PROT_WRITETHRU);
}

/* Every access combination x every cache attribute, against the model. */
static void test_prot_model(void)
{
	struct env_snapshot snap;
	struct mm mm;
	unsigned int access, attr, bad_rc = 0, bad_bits = 0, bad_walk = 0, valid = 0;
	vaddr_t va = 0x20000000;

	user_mm(&mm, 1);
	report_err(map(&mm, 0x1FFFF000, 0x1000, SZ_4K, PROT_READ), MMU_OK, "anchor page");
	env_snapshot_take(&snap);
	for (access = 0; access < 16; access++)
		if (!model_valid(access))
			bad_rc += map(&mm, va, 0x1000, SZ_4K, access) != MMU_EPROT;
	bad_rc += map(&mm, va, 0x1000, SZ_4K, 0x100 | PROT_READ) != MMU_EPROT;
	bad_rc += map(&mm, va, 0x1000, SZ_4K, 0x80000000u | PROT_READ) != MMU_EPROT;
	report_eq(bad_rc, 0, "W, X or USER without READ, unknown bits: EPROT");
	bad_rc = 0;
	for (access = 0; access < 16; access++)
		for (attr = 0; attr < 16; attr++)
			if (model_valid(access) && model_wimg_refused(attr << 4))
				bad_rc += map(&mm, va, 0x1000, SZ_4K, access | attr << 4) != MMU_ECACHE;
	report_eq(bad_rc, 0, "NOCACHE with WRITETHRU (W=1 I=1), any other bits: ECACHE");
	report(env_snapshot_same(&snap), "refused prots changed nothing");
	env_snapshot_free(&snap);

	bad_rc = 0;
	for (access = 0; access < 16; access++) {
		if (!model_valid(access))
			continue;
		for (attr = 0; attr < 16; attr++) {
			unsigned int prot = access | attr << 4;
			paddr_t pa = 0x300000000ull + (paddr_t)va;
			struct walk_result w;
			unsigned char *t;

			if (model_wimg_refused(prot))
				continue;
			valid++;
			if (map(&mm, va, pa, SZ_4K, prot) != MMU_OK) {
				bad_rc++;
				continue;
			}
			t = pte_table_of(&mm, va);
			if (entry_lo(t, (va >> 12) & 511) != (((uint32_t)(pa >> 12) & 0xff) << 24 | model_bits(prot)) ||
			    entry_hi(t, (va >> 12) & 511) != (uint32_t)(pa >> 20))
				bad_bits++;
			if (walk(&mm, va, &w) != MMU_OK || w.prot != prot || w.pa != pa)
				bad_walk++;
			va += SZ_4K;
		}
	}
	report(is_eq(valid, 9 * 12) && is_eq(bad_rc, 0), "%u valid prots map", valid);
	report_eq(bad_bits, 0, "entry bits match the model (%u mismatches)", bad_bits);
	report_eq(bad_walk, 0, "walk returns each prot unchanged (%u mismatches)", bad_walk);
	mm_destroy(&mm);
}

#define RW	(PROT_READ | PROT_WRITE)
#define MAPPED_VA	0xC0001000u

static const struct map_case map_cases[] = {
	{ "size 0", 0xC0002000, 0x2000, 0, RW, MMU_ESIZE },
	{ "size 3", 0xC0002000, 0x2000, 3, RW, MMU_ESIZE },
	{ "size 8K", 0xC0002000, 0x2000, 0x2000, RW, MMU_ESIZE },
	{ "size 2M", 0xC0200000, 0x200000, SZ_2M, RW, MMU_ESIZE },
	{ "size 4M, va on 2M only", 0xC0200000, 0x400000, SZ_4M, RW, MMU_EALIGN },
	{ "size 1G over the mapped 4K page", 0xC0000000, 0x40000000, 0x40000000, RW,
	  MMU_EOVERLAP },
	{ "size 2G", 0x80000000, 0, 0x80000000, RW, MMU_ESIZE },
	{ "ESIZE before EALIGN", 0xC0002001, 0x2000, 0x2000, RW, MMU_ESIZE },
	{ "va misaligned", 0xC0002800, 0x2000, SZ_4K, RW, MMU_EALIGN },
	{ "pa misaligned", 0xC0002000, 0x2800, SZ_4K, RW, MMU_EALIGN },
	{ "pa +1", 0xC0002000, 0x2001, SZ_4K, RW, MMU_EALIGN },
	{ "EALIGN before ERANGE", 0x00000800, 0x2000, SZ_4K, RW, MMU_EALIGN },
	{ "va below the space", 0xBFFFF000, 0x2000, SZ_4K, RW, MMU_ERANGE },
	{ "va 0", 0, 0x2000, SZ_4K, RW, MMU_ERANGE },
	{ "ERANGE before EPA", 0x00001000, 0x1000000000ull, SZ_4K, RW, MMU_ERANGE },
	{ "pa 2^36", 0xC0002000, 0x1000000000ull, SZ_4K, RW, MMU_EPA },
	{ "EPA before EPROT", 0xC0002000, 0x1000000000ull, SZ_4K, PROT_WRITE, MMU_EPA },
	{ "write-only", 0xC0002000, 0x2000, SZ_4K, PROT_WRITE, MMU_EPROT },
	{ "exec-only", 0xC0002000, 0x2000, SZ_4K, PROT_EXEC, MMU_EPROT },
	{ "user without read", 0xC0002000, 0x2000, SZ_4K, PROT_USER, MMU_EPROT },
	{ "unknown bit", 0xC0002000, 0x2000, SZ_4K, PROT_READ | 0x100, MMU_EPROT },
	{ "EPROT before EOVERLAP", MAPPED_VA, 0x2000, SZ_4K, PROT_WRITE, MMU_EPROT },
	{ "same page again", MAPPED_VA, 0x12345000, SZ_4K, RW, MMU_EOVERLAP },
	{ "other pa and prot", MAPPED_VA, 0x7000, SZ_4K, PROT_READ, MMU_EOVERLAP },
};

static void test_map_errors(void)
{
	struct mm mm;

	kernel_mm(&mm);
	report_err(map(&mm, MAPPED_VA, 0x12345000, SZ_4K, RW), MMU_OK, "first page");
	run_map_cases(&mm, map_cases, sizeof(map_cases) / sizeof(map_cases[0]));
	mm_destroy(&mm);

	user_mm(&mm, 2);
	CHECK_UNCHANGED(MMU_ERANGE, map(&mm, 0xC0000000, 0x2000, SZ_4K, RW),
			"user space: kernel va");
	report_err(map(&mm, 0xBFFFF000, 0x2000, SZ_4K, RW), MMU_OK, "user space: last page");
	mm_destroy(&mm);
}

/* ENOMEM at each allocation a map needs, then success. */
static void test_map_enomem(void)
{
	struct env_snapshot snap;
	struct mm mm;
	unsigned int failures = 0;
	bool unchanged = true;
	long n;
	int err = MMU_ENOMEM;

	kernel_mm(&mm);
	for (n = 0; n < 8 && err == MMU_ENOMEM; n++) {
		env_fail_after(n);
		env_snapshot_take(&snap);
		err = map(&mm, 0xC0A00000, 0x5000, SZ_4K, RW);
		if (err == MMU_ENOMEM) {
			failures++;
			unchanged &= env_snapshot_same(&snap) && mm.tables == 0;
		}
		env_snapshot_free(&snap);
	}
	env_fail_after(-1);
	report_eq(failures, 1, "a 4K map into an empty 2M slot needs one allocation");
	report(unchanged, "ENOMEM changed nothing");
	report_err(err, MMU_OK, "map succeeds once memory is there");

	env_fail_after(0);
	report_err(map(&mm, 0xC0A01000, 0x6000, SZ_4K, RW), MMU_OK,
		   "second page in the same table needs no memory");
	CHECK_UNCHANGED(MMU_ENOMEM, map(&mm, 0xC0C00000, 0x6000, SZ_4K, RW),
			"new table without memory");
	env_fail_after(-1);
	mm_destroy(&mm);
}

static bool tlb_call_is(unsigned int i, const struct mm *mm, vaddr_t va, uint32_t size)
{
	return env_tlb_calls > i && env_tlb_log[i].mm == mm &&
	       env_tlb_log[i].va == va && env_tlb_log[i].size == size;
}

static void test_unmap(void)
{
	struct env_snapshot empty;
	struct mm mm;
	vaddr_t a = 0xC0100000;

	kernel_mm(&mm);
	env_snapshot_take(&empty);
	report(is_eq(map(&mm, a, 0x1000, SZ_4K, RW), MMU_OK) &&
	       is_eq(map(&mm, a + SZ_4K, 0x2000, SZ_4K, RW), MMU_OK) &&
	       is_eq(map(&mm, a + 2 * SZ_4K, 0x3000, SZ_4K, PROT_READ), MMU_OK), "three pages");
	report_err(unmap(&mm, a + SZ_4K, SZ_4K), MMU_OK, "unmap the middle one");
	memset(exp_pte, 0, sizeof(exp_pte));
	put_entry(exp_pte, 0x100, 0, 0x01000000 | LO_KRW);
	put_entry(exp_pte, 0x102, 0, 0x03000000 | LO_KRO);
	report(same_bytes(pte_table_of(&mm, a), exp_pte, PTE_BYTES),
	       "its entry is zero, the others intact");
	report(is_eq(env_tlb_calls, 1) && tlb_call_is(0, &mm, a + SZ_4K, SZ_4K),
	       "one TLB invalidation of that page");
	report_eq(mm.tables, 1, "table kept while not empty");

	env_reset_counters();
	CHECK_UNCHANGED(MMU_ENOENT, unmap(&mm, a + SZ_4K, SZ_4K), "unmap it again");
	CHECK_UNCHANGED(MMU_ENOENT, unmap(&mm, a, 3 * SZ_4K), "range with a hole");
	CHECK_UNCHANGED(MMU_ENOENT, unmap(&mm, 0xC0400000, SZ_4K), "empty PGD entry");
	CHECK_UNCHANGED(MMU_ESIZE, unmap(&mm, a, 0), "size 0");
	CHECK_UNCHANGED(MMU_EALIGN, unmap(&mm, a + 0x800, SZ_4K), "va misaligned");
	CHECK_UNCHANGED(MMU_EALIGN, unmap(&mm, a, 0x1800), "size not whole pages");
	CHECK_UNCHANGED(MMU_ERANGE, unmap(&mm, 0xBFFFF000, SZ_4K), "below the space");
	CHECK_UNCHANGED(MMU_ERANGE, unmap(&mm, 0xFFFFF000, 2 * SZ_4K), "wraps past 4G");
	report_eq(env_tlb_calls, 0, "failed unmaps do not invalidate");

	report_err(unmap(&mm, a, SZ_4K), MMU_OK, "unmap the first");
	report_err(unmap(&mm, a + 2 * SZ_4K, SZ_4K), MMU_OK, "unmap the last");
	report(is_eq(mm.tables, 0) && is_eq(entry_lo(mm.pgd, a >> 21), 0) && is_eq(env.live, 1),
	       "empty table freed and its PGD entry cleared");
	report(!memcmp(empty.mem, env_arena, ENV_ARENA_BYTES), "arena as after mm_init");
	env_snapshot_free(&empty);

	env_reset_counters();
	report(is_eq(map(&mm, 0xC01FF000, 0x1000, SZ_4K, RW), MMU_OK) &&
	       is_eq(map(&mm, 0xC0200000, 0x2000, SZ_4K, RW), MMU_OK) && is_eq(mm.tables, 2),
	       "two pages in two tables");
	report_err(unmap(&mm, 0xC01FF000, 2 * SZ_4K), MMU_OK, "one unmap over both");
	report(is_eq(mm.tables, 0) && is_eq(env.live, 1), "both tables freed");
	report(is_eq(env_tlb_calls, 1) && tlb_call_is(0, &mm, 0xC01FF000, 2 * SZ_4K),
	       "one invalidation of the whole range");

	report(is_eq(map(&mm, 0xFFFFF000, 0x1000, SZ_4K, RW), MMU_OK) &&
	       is_eq(unmap(&mm, 0xFFFFF000, SZ_4K), MMU_OK) && is_eq(mm.tables, 0),
	       "last page of the 4G space");
	mm_destroy(&mm);
}

static void test_protect(void)
{
	struct walk_result w;
	struct mm mm;
	vaddr_t a = 0xC0300000;
	unsigned char *t;
	unsigned int rx_nc = PROT_READ | PROT_EXEC | PROT_USER | PROT_NOCACHE | PROT_GUARDED;

	kernel_mm(&mm);
	report_eq(map(&mm, a, 0xABCDE000, SZ_4K, PROT_READ), MMU_OK, "RO page");
	t = pte_table_of(&mm, a);
	report(is_eq(entry_hi(t, 0x100), 0xABC) && is_eq(entry_lo(t, 0x100), (0xDE000000 | LO_KRO)),
	       "RO entry 00000abc de040105");
	report_err(protect(&mm, a, SZ_4K, RW), MMU_OK, "RO -> RW");
	report(is_eq(entry_hi(t, 0x100), 0xABC) && is_eq(entry_lo(t, 0x100), (0xDE000000 | LO_KRW)),
	       "RW entry 00000abc de041115 (dirty set)");
	report(is_eq(env_tlb_calls, 1) && tlb_call_is(0, &mm, a, SZ_4K), "invalidated");
	report(is_eq(walk(&mm, a, &w), MMU_OK) && is_eq(w.prot, RW), "walk sees RW");
	report_err(protect(&mm, a, SZ_4K, PROT_READ), MMU_OK, "RW -> RO");
	report_eq(entry_lo(t, 0x100), (0xDE000000 | LO_KRO), "dirty dropped with write");
	report_err(protect(&mm, a, SZ_4K, rx_nc), MMU_OK, "RO -> user RX uncached guarded");
	report(is_eq(entry_hi(t, 0x100), 0xABC) && is_eq(entry_lo(t, 0x100), 0xDE5401CD),
	       "entry 00000abc de5401cd");
	report_eq(env_tlb_calls, 3, "every protect invalidates");

	env_reset_counters();
	CHECK_UNCHANGED(MMU_EPROT, protect(&mm, a, SZ_4K, PROT_WRITE), "write-only");
	CHECK_UNCHANGED(MMU_EPROT, protect(&mm, a, SZ_4K, PROT_READ | 0x200), "unknown bit");
	CHECK_UNCHANGED(MMU_EPROT, protect(&mm, a + SZ_4K, SZ_4K, PROT_EXEC),
			"EPROT before ENOENT");
	CHECK_UNCHANGED(MMU_ENOENT, protect(&mm, a + SZ_4K, SZ_4K, RW), "unmapped page");
	CHECK_UNCHANGED(MMU_ENOENT, protect(&mm, a, 2 * SZ_4K, RW), "range runs off the page");
	CHECK_UNCHANGED(MMU_ESIZE, protect(&mm, a, 0, RW), "size 0");
	CHECK_UNCHANGED(MMU_EALIGN, protect(&mm, a + 4, SZ_4K, RW), "misaligned");
	CHECK_UNCHANGED(MMU_ERANGE, protect(&mm, 0x1000, SZ_4K, RW), "outside");
	report_eq(env_tlb_calls, 0, "failed protects do not invalidate");

	report(is_eq(map(&mm, 0xC03FF000, 0x1000, SZ_4K, PROT_READ), MMU_OK) &&
	       is_eq(map(&mm, 0xC0400000, 0x2000, SZ_4K, PROT_READ), MMU_OK), "two tables");
	report_err(protect(&mm, 0xC03FF000, 2 * SZ_4K, RW), MMU_OK, "protect across them");
	report(is_eq(entry_lo(pte_table_of(&mm, 0xC03FF000), 511), (0x01000000 | LO_KRW)) &&
	       is_eq(entry_lo(pte_table_of(&mm, 0xC0400000), 0), (0x02000000 | LO_KRW)),
	       "both entries RW");
	mm_destroy(&mm);
}

static void test_walk(void)
{
	struct env_snapshot snap;
	struct walk_result w;
	struct mm mm, user;
	unsigned char *t;

	kernel_mm(&mm);
	report_eq(map(&mm, 0xC0001000, 0x12345000, SZ_4K, RW), MMU_OK, "map");
	t = pte_table_of(&mm, 0xC0001000);
	env_snapshot_take(&snap);
	report_err(walk(&mm, 0xC0001ABC, &w), MMU_OK, "walk inside the page");
	report(is_eq(w.pa, 0x12345ABC) && is_eq(w.page_pa, 0x12345000) && is_eq(w.page_va, 0xC0001000),
	       "pa 0x12345abc, page 0x12345000 at 0xc0001000");
	report(is_eq(w.size, SZ_4K) && is_eq(w.level, WALK_LEVEL_PTE) && is_eq(w.prot, RW),
	       "4K, PTE level, RW");
	report_eq(w.entry, 0x0000012345041115ull, "raw entry 00000123 45041115");
	report(is_eq((uintptr_t)w.pmdp, (uintptr_t)((unsigned char *)mm.pgd + 0x600 * 8)) &&
	       is_eq((uintptr_t)w.ptep, (uintptr_t)(t + 8)),
	       "entry pointers");
	report(is_eq(walk(&mm, 0xC0001000, &w), MMU_OK) && is_eq(w.pa, 0x12345000), "first byte");
	report(is_eq(walk(&mm, 0xC0001FFF, &w), MMU_OK) && is_eq(w.pa, 0x12345FFF), "last byte");
	report_err(walk(&mm, 0xC0000FFF, &w), MMU_ENOENT, "empty PTE in a live table");
	report_err(walk(&mm, 0xC0400000, &w), MMU_ENOENT, "empty PGD entry");
	report_err(walk(&mm, 0xBFFFFFFF, &w), MMU_ERANGE, "below the space");
	report(env_snapshot_same(&snap), "walk changes nothing");
	env_snapshot_free(&snap);

	/* A PTE with PRESENT cleared by hand is not a mapping, nor a free slot. */
	t[15] &= 0xFE;
	report_err(walk(&mm, 0xC0001000, &w), MMU_ENOENT, "non-present PTE: walk");
	CHECK_UNCHANGED(MMU_ENOENT, unmap(&mm, 0xC0001000, SZ_4K), "non-present PTE: unmap");
	CHECK_UNCHANGED(MMU_ENOENT, protect(&mm, 0xC0001000, SZ_4K, RW),
			"non-present PTE: protect");
	CHECK_UNCHANGED(MMU_EOVERLAP, map(&mm, 0xC0001000, 0x1000, SZ_4K, RW),
			"non-present PTE: map");
	t[15] |= 1;

	user_mm(&user, 7);
	report_err(walk(&user, 0xC0001000, &w), MMU_ERANGE, "user mm: kernel va");
	report_err(walk(&user, 0, &w), MMU_ENOENT, "user mm: va 0, nothing mapped");
	mm_destroy(&user);
	mm_destroy(&mm);
}

static void test_address_spaces(void)
{
	struct walk_result w;
	struct mm k, u1, u2;
	unsigned long live;

	kernel_mm(&k);
	user_mm(&u1, 1);
	user_mm(&u2, 2);
	report(is_eq(map(&u1, 0x10000000, 0x100000, SZ_4K, RW | PROT_USER), MMU_OK) &&
	       is_eq(map(&u2, 0x10000000, 0x200000, SZ_4K, PROT_READ | PROT_USER), MMU_OK) &&
	       is_eq(map(&k, 0xD0000000, 0x100000, SZ_4K, RW), MMU_OK),
	       "same va in two spaces, same pa twice");
	report(is_eq(walk(&u1, 0x10000000, &w), MMU_OK) && is_eq(w.pa, 0x100000) &&
	       is_eq(walk(&u2, 0x10000000, &w), MMU_OK) && is_eq(w.pa, 0x200000),
	       "each space sees its own page");
	report(is_eq(unmap(&u1, 0x10000000, SZ_4K), MMU_OK) && is_eq(walk(&u2, 0x10000000, &w), MMU_OK) &&
	       is_eq(walk(&k, 0xD0000000, &w), MMU_OK),
	       "unmap in one leaves the others");
	report(is_eq(env_tlb_calls, 1) && env_tlb_log[0].mm == &u1, "invalidation names the mm");
	live = env.live;
	mm_destroy(&u2);
	report_eq(env.live, live - 2, "mm_destroy frees its PGD and table only");
	mm_destroy(&u1);
	mm_destroy(&k);
	report_eq(env.live, 0, "all memory back");
}

static void test_many_pages(void)
{
	static unsigned char exp[2][PTE_BYTES];
	struct walk_result w;
	struct mm mm;
	unsigned int i, bad_map = 0, bad_walk = 0;
	vaddr_t base = 0x10000000;

	user_mm(&mm, 4);
	memset(exp, 0, sizeof(exp));
	for (i = 0; i < 1024; i++) {
		paddr_t pa = 0x20000000 + (paddr_t)(1023 - i) * SZ_4K;
		unsigned int prot = i & 1 ? RW | PROT_USER : PROT_READ;
		/* user RW: P SR UR SW UW TSIZE4K D A */
		uint32_t lo = i & 1 ? 0x0004113D : LO_KRO;

		bad_map += map(&mm, base + i * SZ_4K, pa, SZ_4K, prot) != MMU_OK;
		put_entry(exp[i / 512], i % 512, (uint32_t)(pa >> 20),
			  (uint32_t)(pa >> 12 & 0xff) << 24 | lo);
	}
	report(is_eq(bad_map, 0) && is_eq(mm.tables, 2), "1024 pages in two tables");
	report(same_bytes(pte_table_of(&mm, base), exp[0], PTE_BYTES) &&
	       same_bytes(pte_table_of(&mm, base + SZ_2M), exp[1], PTE_BYTES),
	       "both tables byte for byte");
	for (i = 0; i < 1024; i++)
		if (walk(&mm, base + i * SZ_4K + 8, &w) != MMU_OK ||
		    w.pa != 0x20000000 + (paddr_t)(1023 - i) * SZ_4K + 8)
			bad_walk++;
	report_eq(bad_walk, 0, "walk finds every page");
	report_err(unmap(&mm, base, 1024 * SZ_4K), MMU_OK, "unmap 4 MB of 4K pages");
	report(is_eq(mm.tables, 0) && is_eq(env.live, 1) && tlb_call_is(0, &mm, base, 1024 * SZ_4K),
	       "tables freed, one invalidation");

	report(is_eq(map(&mm, 0x00000000, 0x1000, SZ_4K, RW), MMU_OK) &&
	       is_eq(map(&mm, 0x40000000, 0x1000, SZ_4K, RW), MMU_OK) &&
	       is_eq(map(&mm, 0xBFFFF000, 0x1000, SZ_4K, RW), MMU_OK) && is_eq(mm.tables, 3),
	       "three scattered tables");
	mm_destroy(&mm);
	report(is_eq(env.live, 0) && is_eq(env.bad_frees, 0), "mm_destroy frees mapped tables");
}

/*
 * unmap() on several cores: when the shootdown runs, each emptied entry has
 * its low word (PRESENT) clear and still its high word, for a miss handler
 * that read the old low word just before; after it, every byte is 0.
 */
static const void *order_table;
static unsigned int order_index, order_calls;
static uint32_t order_hi, order_lo;

static void order_look(const struct mm *mm, vaddr_t va, vsize_t size)
{
	(void)mm;
	(void)va;
	(void)size;
	order_calls++;
	order_hi = entry_hi(order_table, order_index);
	order_lo = entry_lo(order_table, order_index);
}

static void unmap_order_case(struct mm *mm, const char *what, vaddr_t va, vsize_t size,
			     const void *table, unsigned int index, uint32_t hi)
{
	order_table = table;
	order_index = index;
	order_calls = 0;
	env_tlb_hook = order_look;
	report_eq(unmap(mm, va, size), MMU_OK, "%s: unmap succeeds", what);
	env_tlb_hook = NULL;
	report(is_eq(order_calls, 1) && is_eq(order_lo, 0) && is_eq(order_hi, hi),
	       "%s: at the shootdown the low word is 0 and the high word still %x (%x %x)",
	       what, hi, order_hi, order_lo);
	report(is_eq(entry_hi(table, index), 0) && is_eq(entry_lo(table, index), 0), "%s: after it, 0", what);
}

static void test_unmap_order(void)
{
	struct mm mm;
	vaddr_t va = 0x10001000, huge = 0x40000000;

	user_mm(&mm, 4);
	report(is_eq(map(&mm, va, 0x20000000, SZ_4K, RW), MMU_OK) &&
	       is_eq(map(&mm, va + SZ_4K, 0x20001000, SZ_4K, RW), MMU_OK) &&
	       is_eq(map(&mm, huge, 0x30000000, SZ_4M, RW), MMU_OK), "two 4K pages and a 4M page mapped");
	unmap_order_case(&mm, "4K", va, SZ_4K, pte_table_of(&mm, va), 1, 0x200);
	unmap_order_case(&mm, "4M, second PGD entry of the run", huge, SZ_4M, mm.pgd,
			 (huge >> 21) + 1, 0x302);	/* entry i maps base + i * 2M */
	mm_destroy(&mm);
}

/*
 * Every write of a two-word entry, as another core's miss handler could see
 * it between the two stores: map() writes the high word (the frame) first,
 * so a present low word never comes with the old high word; protect()
 * rewrites a present entry the same way.
 */
static const void *set_entry;
static unsigned int set_calls;
static uint32_t set_hi, set_lo;

static void set_look(const void *entryp)
{
	if (entryp != set_entry)
		return;
	set_calls++;
	set_hi = entry_hi(entryp, 0);
	set_lo = entry_lo(entryp, 0);
}

static void test_set_order(void)
{
	struct mm mm;
	vaddr_t va = 0x10001000;
	const unsigned char *table;
	uint32_t old_lo;

	user_mm(&mm, 4);
	report(map(&mm, va + SZ_4K, 0x20000000, SZ_4K, RW) == MMU_OK, "a neighbour keeps the PTE table");
	table = pte_table_of(&mm, va);
	set_entry = table + 8 * ((va >> 12) & 0x1ff);
	set_calls = 0;
	pt_store_order_hook = set_look;
	report(map(&mm, va, 0x35000000, SZ_4K, RW) == MMU_OK, "map succeeds");
	pt_store_order_hook = NULL;
	report_eq(set_calls, 1, "map: one ordered two-word store");
	report(set_hi == 0x350 && set_lo == 0, "map: between the stores the high word is new (%x) and "
	       "the low word still empty (%x)", set_hi, set_lo);
	old_lo = entry_lo(set_entry, 0);
	set_calls = 0;
	pt_store_order_hook = set_look;
	report(protect(&mm, va, SZ_4K, PROT_READ | PROT_USER) == MMU_OK, "protect succeeds");
	pt_store_order_hook = NULL;
	report(set_calls >= 1 && set_hi == 0x350 && set_lo == old_lo && entry_lo(set_entry, 0) != old_lo,
	       "protect: between the stores the frame stays and the low word is still the old one "
	       "(%x %x, then %x)", set_hi, set_lo, entry_lo(set_entry, 0));
	mm_destroy(&mm);
}

const struct host_test mmu_tests[] = {
	{ "mm_init", test_mm_init },
	{ "sizes", test_sizes_and_strings },
	{ "map bytes", test_map_bytes },
	{ "map 36-bit", test_map_36bit },
	{ "prot model", test_prot_model },
	{ "map errors", test_map_errors },
	{ "map ENOMEM", test_map_enomem },
	{ "unmap", test_unmap },
	{ "protect", test_protect },
	{ "walk", test_walk },
	{ "address spaces", test_address_spaces },
	{ "many pages", test_many_pages },
	{ "unmap order", test_unmap_order },
	{ "set order", test_set_order },
};
const unsigned int nr_mmu_tests = sizeof(mmu_tests) / sizeof(mmu_tests[0]);
