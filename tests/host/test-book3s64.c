/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 hash with 4K pages (mmu/pgtable-book3s64.c): Linux's hash-4k
 * table, four levels of 9/9/7/9 index bits, table entries holding the next
 * table's physical address with PRESENT, leaves marked by _PAGE_PTE, 16M
 * pages as 8 leaf PMD entries and 16G pages as 64 leaf PUD entries, driven
 * through the same walker as every other format (mmu/mmu.c).  Every table
 * the code builds is compared byte for byte with one built here by hand
 * from the layout alone.
 */
#include <string.h>
#include "check.h"
#include "pgtable.h"
#include "table64.h"
#include "palloc.h"
#include "pool.h"

#define KB		1024ull
#define MB		(1024 * KB)
#define GB		(1024 * MB)
#define TB		(1024 * GB)
#define USER_LAST	((1ull << 46) - 1)
#define KERN_START	0x8000000000000000ull
#define KERN_LAST	(KERN_START + (1ull << 46) - 1)
#define RW		(PROT_READ | PROT_WRITE)
#define URW		(RW | PROT_USER)

/* Entry bits, from Linux's hash-4k layout, spelled out so a change in pte-book3s64.h shows. */
#define T_PRESENT	0x8000000000000000ull	/* a table entry: physical address | PRESENT */
#define L_USER_RW	0xc000000000000186ull	/* PRESENT PTE | ACCESSED DIRTY READ WRITE */
#define L_KERN_RW	0xc00000000000018eull	/* ... | PRIVILEGED */
#define L_KERN_RO	0xc00000000000010cull	/* PRESENT PTE | ACCESSED PRIVILEGED READ */
#define SLOT_BITS	0x11e0000000000000ull	/* HASHPTE | SECOND | GIX: the fault path's record */

/* The table a table entry points to, decoded from its bytes (a physical address in the arena). */
unsigned char *table_of(uint64_t e)
{
	uint64_t pa = e & ~T_PRESENT;

	if (!(e & T_PRESENT) || (e & 0x4000000000000000ull) || pa < ENV_PHYS_BASE ||
	    pa - ENV_PHYS_BASE >= ENV_ARENA_BYTES)
		return NULL;
	return env_arena + (pa - ENV_PHYS_BASE);
}

static uint64_t table_entry(const unsigned char *table)
{
	return T_PRESENT | (ENV_PHYS_BASE + (uint64_t)(table - env_arena));
}

static void user_space(struct mm *mm)
{
	report_eq(mm_init(mm, 0, USER_LAST, 5), MMU_OK, "a user space over the 46 indexed bits");
}

static void test_geometry(void)
{
	report(pt_geo.levels == 4 && pt_geo.level[0].shift == 37 && pt_geo.level[1].shift == 28 &&
	       pt_geo.level[2].shift == 21 && pt_geo.level[3].shift == 12,
	       "four levels; one entry maps 128G, 256M, 2M, 4K");
	report(pt_geo.level[0].entries == 512 && pt_geo.level[1].entries == 512 &&
	       pt_geo.level[2].entries == 128 && pt_geo.level[3].entries == 512,
	       "index bits 9/9/7/9 (PGD, PUD, PMD, PTE)");
	report(pt_geo.nr_sizes == 3 && pt_geo.sizes[0].size == 4 * KB && pt_geo.sizes[0].level == 4 &&
	       pt_geo.sizes[1].size == 16 * MB && pt_geo.sizes[1].level == 3 &&
	       pt_geo.sizes[2].size == 16 * GB && pt_geo.sizes[2].level == 2,
	       "page sizes: 4K at PTE level, 16M at PMD level, 16G at PUD level");
	report(pt_geo.level[1].leaf_size == 16 * GB && pt_geo.level[2].leaf_size == 16 * MB &&
	       !pt_geo.level[0].leaf_size && !pt_geo.level[3].leaf_size,
	       "a leaf's size comes from its level (the entries carry none)");
	report_eq(pt_geo.pa_bits, 53, "53-bit physical addresses (the RPN field, bits 12..52)");
}

static void test_4k(void)
{
	struct mm mm;
	vaddr_t va = 0x00001234567f9000ull;
	paddr_t pa = 0x1fedcba9876000ull;		/* the top of the 53 bits */
	uint64_t pte = pa | L_USER_RW;
	struct walk_result w;
	unsigned char *pud, *pmd, *ptt;

	user_space(&mm);
	report_eq(map(&mm, va, pa, 4 * KB, URW), MMU_OK, "map 4K, user read-write, pa near 2^53");
	pud = raw_table(&mm, va, 2);
	pmd = raw_table(&mm, va, 3);
	ptt = raw_table(&mm, va, 4);
	report(pud && pmd && ptt && mm.tables == 3, "a PUD, a PMD and a PTE table, linked by physical address");
	report(table_is(&mm, va, 1, (unsigned int[]){ idx(va, 1) }, (uint64_t[]){ table_entry(pud) }, 1),
	       "PGD: one entry, PRESENT | the PUD table's physical address, at index va[37..45]");
	report(table_is(&mm, va, 2, (unsigned int[]){ idx(va, 2) }, (uint64_t[]){ table_entry(pmd) }, 1),
	       "PUD: the PMD table at index va[28..36]");
	report(table_is(&mm, va, 3, (unsigned int[]){ idx(va, 3) }, (uint64_t[]){ table_entry(ptt) }, 1),
	       "PMD (128 entries, 1 KB): the PTE table at index va[21..27]");
	report(table_is(&mm, va, 4, (unsigned int[]){ idx(va, 4) }, &pte, 1),
	       "PTE: pa | PRESENT PTE ACCESSED DIRTY READ WRITE, not PRIVILEGED (0x%016llx)",
	       (unsigned long long)pte);
	report(is_eq(walk(&mm, va + 0xabc, &w), MMU_OK) && is_eq(w.level, 4) && is_eq(w.size, 4 * KB) &&
	       is_eq(w.pa, pa + 0xabc) && is_eq(w.prot, URW), "walk: level 4, 4K, the pa, the prot");
	report(is_eq(protect(&mm, va, 4 * KB, PROT_READ | PROT_USER), MMU_OK) &&
	       is_eq(get_be64(ptt, idx(va, 4)), pa | 0xc000000000000104ull),
	       "protect read-only: the rights rebuilt from prot, WRITE and DIRTY gone (0x%016llx)",
	       (unsigned long long)get_be64(ptt, idx(va, 4)));
	report(is_eq(unmap(&mm, va, 4 * KB), MMU_OK) && is_eq(mm.tables, 0) && is_eq(env.live, 1) &&
	       !get_be64(mm.pgd, idx(va, 1)), "unmap: the three tables freed, the PGD entry cleared");
	mm_destroy(&mm);
}

/* What the entries hold while unmap's invalidation runs: recorded from env_tlb_hook. */
static uint64_t seen_first, seen_last;
static const struct mm *seen_mm;
static vaddr_t seen_va, seen_last_va;
static int seen_level;

static void record_entries(const struct mm *mm, vaddr_t va, vsize_t size)
{
	unsigned char *t = raw_table(mm, seen_va, seen_level);

	(void)va;
	(void)size;
	if (t && mm == seen_mm) {
		seen_first = get_be64(t, idx(seen_va, seen_level));
		seen_last = get_be64(t, idx(seen_last_va, seen_level));
	}
}

/* A huge page at level (3: PMD, 2: PUD), its run compared with one built by hand. */
static void check_huge(vaddr_t va, paddr_t pa, vsize_t size, int level)
{
	vsize_t span = level == 3 ? 2 * MB : 256 * MB;
	unsigned int n = (unsigned int)(size / span), i;
	static unsigned int index[64];
	static uint64_t value[64];
	const char *name = level == 3 ? "16M" : "16G";
	unsigned char *t;
	struct walk_result w;
	struct mm mm;

	user_space(&mm);
	report_eq(map(&mm, va, pa, size, RW), MMU_OK, "%s: map at 0x%llx -> 0x%llx", name,
		  (unsigned long long)va, (unsigned long long)pa);
	for (i = 0; i < n; i++) {
		index[i] = idx(va, level) + i;
		value[i] = (pa + i * span) | L_KERN_RW;
	}
	report(table_is(&mm, va, level, index, value, n),
	       "%s: %u leaf %s entries, entry i = (pa + i * %lluM) | PRESENT PTE ACCESSED DIRTY "
	       "PRIVILEGED READ WRITE, nothing else", name, n, level == 3 ? "PMD" : "PUD",
	       (unsigned long long)(span >> 20));
	report_eq(mm.tables, (unsigned int)(level - 1), "%s: tables down to its level only (%u)", name,
		  mm.tables);
	report(is_eq(walk(&mm, va + size - 8, &w), MMU_OK) && is_eq(w.level, level) && is_eq(w.size, size) &&
	       is_eq(w.page_va, va) && is_eq(w.page_pa, pa) && is_eq(w.pa, pa + size - 8) && !w.ptep,
	       "%s: walk in the last replica gives the whole page", name);
	t = raw_table(&mm, va, level);
	report(is_eq(protect(&mm, va, size, PROT_READ), MMU_OK) && t &&
	       is_eq(get_be64(t, idx(va, level) + n - 1), (pa + (n - 1) * span) | L_KERN_RO),
	       "%s: protect rewrites every replica (the last: read-only)", name);
	report_eq(map(&mm, va + size - 4 * KB, 0, 4 * KB, RW), MMU_EOVERLAP, "%s: a 4K page inside it: EOVERLAP",
		  name);
	report_eq(unmap(&mm, va, span), MMU_EPARTIAL, "%s: unmap of one replica: EPARTIAL", name);
	/* the fault path's slot record in the head entry survives until the invalidation has read it */
	if (t)
		put_be64(t, idx(va, level), get_be64(t, idx(va, level)) | SLOT_BITS);
	seen_mm = &mm;
	seen_va = va;
	seen_last_va = va + size - 1;
	seen_level = level;
	seen_first = seen_last = 0;
	env_tlb_hook = record_entries;
	report(is_eq(unmap(&mm, va, size), MMU_OK) && is_eq(mm.tables, 0) && is_eq(env.live, 1),
	       "%s: unmap frees every table", name);
	env_tlb_hook = NULL;
	report(seen_first == ((pa | L_KERN_RO | SLOT_BITS) & ~T_PRESENT) &&
	       seen_last == (((pa + (n - 1) * span) | L_KERN_RO) & ~T_PRESENT),
	       "%s: during unmap's invalidation the entries have lost PRESENT only (the head keeps the HPTE "
	       "slot record: 0x%016llx)", name, (unsigned long long)seen_first);
	mm_destroy(&mm);
}

static void test_huge(void)
{
	check_huge(0x0000001081000000ull, 0x0c01000000ull, 16 * MB, 3);
	check_huge(0x00003fffff000000ull, 0x1fffffff000000ull, 16 * MB, 3);
	check_huge(0x0000123400000000ull, 0x0000000000ull, 16 * GB, 2);
	check_huge(0x00003ffc00000000ull, 0x1ffffc00000000ull, 16 * GB, 2);
}

static void test_errors(void)
{
	struct mm mm;

	user_space(&mm);
	CHECK_UNCHANGED(MMU_EPA, map(&mm, 0x1000, 1ull << 53, 4 * KB, RW), "4K at pa 2^53: EPA");
	CHECK_UNCHANGED(MMU_EPA, map(&mm, 16 * GB, 1ull << 53, 16 * GB, RW), "16G at pa 2^53: EPA");
	CHECK_UNCHANGED(MMU_ERANGE, map(&mm, 1ull << 46, 0, 4 * KB, RW), "4K at 2^46, past the space: ERANGE");
	CHECK_UNCHANGED(MMU_EALIGN, map(&mm, 24 * MB, 0, 16 * MB, RW), "16M on an 8M boundary: EALIGN");
	CHECK_UNCHANGED(MMU_EALIGN, map(&mm, 8 * GB, 0, 16 * GB, RW), "16G on an 8G boundary: EALIGN");
	CHECK_UNCHANGED(MMU_ESIZE, map(&mm, 0, 0, 2 * MB, RW), "2M (a PMD entry's span): not a page size");
	CHECK_UNCHANGED(MMU_ESIZE, map(&mm, 0, 0, 256 * MB, RW), "256M (a PUD entry's span): not a page size");
	CHECK_UNCHANGED(MMU_ECACHE, map(&mm, 0, 0, 4 * KB, RW | PROT_WRITETHRU),
			"write-through: no such mode in the cache field: ECACHE");
	CHECK_UNCHANGED(MMU_ECACHE, map(&mm, 0, 0, 4 * KB, RW | PROT_GUARDED),
			"guarded without cache-inhibited: ECACHE");
	report_eq(map(&mm, 2 * GB + 6 * MB, 0x1000, 4 * KB, RW | PROT_NOCACHE | PROT_GUARDED), MMU_OK,
		  "a 4K page, cache-inhibited and guarded (NON_IDEMPOTENT)");
	report(get_be64(raw_table(&mm, 2 * GB + 6 * MB, 4), idx(2 * GB + 6 * MB, 4)) == (0x1000 | L_KERN_RW | 0x20),
	       "its entry carries cache field 0x20");
	CHECK_UNCHANGED(MMU_EOVERLAP, map(&mm, 2 * GB, 0, 16 * MB, RW),
			"16M over a PMD entry that holds a PTE table: EOVERLAP");
	CHECK_UNCHANGED(MMU_EOVERLAP, map(&mm, 0, 0, 16 * GB, RW),
			"16G over a PUD entry that holds a PMD table: EOVERLAP");
	env_fail_after(1);	/* the PUD table comes, the PMD table does not */
	CHECK_UNCHANGED(MMU_ENOMEM, map(&mm, 5 * TB, 0, 16 * MB, RW), "16M, its PMD table refused: ENOMEM");
	env_fail_after(-1);
	mm_destroy(&mm);
	report_eq(env.live, 0, "mm_destroy frees every table");
}

static void test_kernel_space(void)
{
	struct mm mm;
	vaddr_t va = KERN_START + 0x0000000012345000ull;
	uint64_t pte = 0x7000 | L_KERN_RW;
	struct walk_result w;

	report_eq(mm_init(&mm, KERN_START, KERN_LAST, 0), MMU_OK, "a kernel space at 0x8000000000000000");
	report_eq(map(&mm, va, 0x7000, 4 * KB, RW), MMU_OK, "map 4K at 0x8000000012345000");
	report(idx(va, 1) == 0 && table_is(&mm, va, 4, (unsigned int[]){ idx(va, 4) }, &pte, 1),
	       "indexed by bits 12..45 alone: PGD entry 0, a PRIVILEGED PTE");
	report(is_eq(walk(&mm, va, &w), MMU_OK) && is_eq(w.pa, 0x7000) && is_eq(w.prot, RW),
	       "walk of the 64-bit address");
	mm_destroy(&mm);
}

/*
 * 16G pages in the huge-page pool: a block lies wholly in RAM the pool may
 * take, naturally aligned.  64 MB and no high range: hugepages=16M:2,16G:1
 * is refused with 16G the size that did not fit, nothing held; with RAM up
 * to 48 GB above the allocator's 4 GB (the high range) the 16G block comes
 * first, at 16 GB, and the 16M ones after it.
 */
#define POOL_RAM	(64ull << 20)
#define G16		(16ull << 30)

static void test_pool_16g(void)
{
	static uint32_t bitmap[POOL_RAM / 4096 / 32];
	unsigned int reserved, nfree;
	paddr_t pa;
	vsize_t size;
	bool high;

	palloc_set_bitmap(bitmap, sizeof(bitmap));
	palloc_init(0, POOL_RAM);
	hugepool_set_high(0, 0);
	report_eq(hugepool_init("hugepages=16M:2,16G:1"), HUGEPOOL_ENOMEM,
		  "16G:1 with 64 MB of RAM, no high range: refused");
	report(is_eq(hugepool_shortfall()->failed_size, G16) && !hugepool_block(0, &pa, &size, &high) &&
	       is_eq(palloc_free_pages(), POOL_RAM / 4096), "the size that did not fit is 16G; nothing held");
	hugepool_set_high(4ull << 30, 48ull << 30);
	report_eq(hugepool_init("hugepages=16M:2,16G:1"), HUGEPOOL_OK, "with RAM to 48 GB above 4 GB: reserved");
	report(hugepool_block(0, &pa, &size, &high) && is_eq(size, G16) && is_eq(pa, G16) && high,
	       "block 0: 16G at 16 GB (16G-aligned), from the high range");
	report(hugepool_block(1, &pa, &size, &high) && is_eq(size, 16ull << 20) && is_eq(pa, 2 * G16) && high,
	       "block 1: 16M right after it, at 32 GB");
	hugepool_count(G16, &reserved, &nfree);
	report(is_eq(reserved, 1) && is_eq(nfree, 1), "hugepool_count(16G): 1 reserved, 1 free");
	report(is_eq(hugepool_alloc(G16), G16) && is_eq(hugepool_free(G16, G16), HUGEPOOL_OK),
	       "allocated and freed by its 64-bit size");
	report_eq(hugepool_release(), HUGEPOOL_OK, "released");
	hugepool_set_high(0, 0);
}

static const struct host_test tests_book3s64[] = {
	{ "book3s/64 geometry", test_geometry },
	{ "book3s/64 4K", test_4k },
	{ "book3s/64 leaf PMD and PUD runs", test_huge },
	{ "book3s/64 errors", test_errors },
	{ "book3s/64 kernel space", test_kernel_space },
	{ "book3s/64 16G pool pages", test_pool_16g },
};

int main(void)
{
	run_tests(tests_book3s64, sizeof(tests_book3s64) / sizeof(tests_book3s64[0]));
	return report_summary();
}
