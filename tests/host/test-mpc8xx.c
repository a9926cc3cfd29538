/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * map/unmap/protect/walk on the MPC8xx format (mmu/pgtable-mpc8xx.c), checked
 * byte for byte against tables built here by hand (not with mmu/ headers).
 *
 * Spelled-out PTE flags: PRESENT 0x001, CI 0x002, SH 0x004, SPS 0x008,
 * GUARDED 0x010, ACCESSED 0x020, EXEC 0x040, DIRTY 0x100, NA 0x200, RO 0x600,
 * HUGE 0x800.  PMD: PRESENT 0x001, 8M 0x00c, USER 0x040, physical table
 * address above.  The arena's first block (the PGD) is physical 0x01000000,
 * so the first table is 0x01001000 (see env.h).
 */
#include <string.h>
#include "check.h"
#include "tests.h"
#include "tests-mpc8xx.h"

#define KRW	0x125u		/* P SH A D */
#define KRO	0x625u		/* P SH A RO */
#define URW	0x121u		/* P A D */
#define SPS	0x008u
#define HUGE	0x808u		/* SPS | HUGE */
#define PMD_K	0x001u
#define PMD_U	0x041u
#define PMD_8M	0x00cu

static unsigned char exp_pgd[M8_BYTES];
static unsigned char exp_tab[2][M8_BYTES];

uint32_t m8_pmd(const struct mm *mm, vaddr_t va)
{
	return get_be32((const unsigned char *)mm->pgd + (va >> 22) * 4);
}

unsigned char *m8_table(const struct mm *mm, vaddr_t va)
{
	uint32_t pmd = m8_pmd(mm, va);

	if (!pmd)
		return NULL;
	return env_arena + ((pmd & 0xFFFFF000u) - ENV_PHYS_BASE);
}

uint32_t m8_pte(const struct mm *mm, vaddr_t va)
{
	unsigned char *t = m8_table(mm, va);

	return t ? get_be32(t + ((va >> 12) & 1023) * 4) : 0;
}

void m8_put(unsigned char *table, unsigned int index, uint32_t v)
{
	put_be32(table + index * 4, v);
}

void m8_kernel_mm(struct mm *mm)
{
	report_eq(mm_init(mm, 0xC0000000, 0xFFFFFFFF, 0), MMU_OK, "kernel mm_init");
}

/*
 * Expected bytes of one page of size at va (a fresh mm: PGD, then its tables
 * in order from physical 0x01001000): slot i = pa + i * 4K | flags.
 */
bool m8_page_bytes(const struct mm *mm, vaddr_t va, paddr_t pa, uint32_t size,
		   uint32_t flags, uint32_t pmd_flags)
{
	unsigned int i, t, ntab = size == 0x800000 ? 2 : 1;
	bool ok;

	memset(exp_pgd, 0, sizeof(exp_pgd));
	memset(exp_tab, 0, sizeof(exp_tab));
	for (t = 0; t < ntab; t++)
		m8_put(exp_pgd, (va >> 22) + t, (0x01001000u + t * 0x1000u) | pmd_flags);
	for (i = 0; i < size / 0x1000; i++) {
		vaddr_t v = va + i * 0x1000u;

		m8_put(exp_tab[i / 1024], (v >> 12) & 1023, ((uint32_t)pa + i * 0x1000u) | flags);
	}
	ok = same_bytes(mm->pgd, exp_pgd, M8_BYTES);
	for (t = 0; t < ntab; t++)
		ok &= m8_table(mm, va + t * 0x400000u) != NULL &&
		      same_bytes(m8_table(mm, va + t * 0x400000u), exp_tab[t], M8_BYTES);
	return ok;
}

static void test_8xx_sizes(void)
{
	static const vsize_t want[] = { 0x1000, 0x4000, 0x80000, 0x800000 };
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);
	bool distinct = true;

	report(is_eq(n, 4) && !memcmp(sizes, want, sizeof(want)), "4K, 16K, 512K, 8M");
	for (i = 0; i < 10; i++)
		distinct &= strcmp(mmu_strerror(-10), mmu_strerror(-(int)i)) != 0;
	report(distinct, "EMIXED has a message of its own");
}

struct m8_size {
	const char *name;
	uint32_t size;
	uint32_t bits;		/* size bits of every slot */
	uint32_t pmd_bits;	/* size bits of the PMDs */
};

static const struct m8_size m8_sizes[] = {
	{ "4K", 0x1000, 0, 0 },
	{ "16K", 0x4000, SPS, 0 },
	{ "512K", 0x80000, HUGE, 0 },
	{ "8M", 0x800000, HUGE, PMD_8M },
};

/* One page of every size: bytes, walk at several offsets, protect, unmap. */
static void test_8xx_map_each(void)
{
	unsigned int s;

	for (s = 0; s < 4; s++) {
		const struct m8_size *z = &m8_sizes[s];
		vaddr_t va = 0xC0800000u;
		paddr_t pa = 0x03000000u;
		uint32_t offs[] = { 0, z->size - 1, z->size / 2 + 0x123, z->size - 0x1000 + 8 };
		struct walk_result w;
		unsigned int k, bad = 0;
		struct mm mm;

		env_init();
		report_prefix_push("%s", z->name);
		m8_kernel_mm(&mm);
		report_err(map(&mm, va, pa, z->size, PROT_READ | PROT_WRITE), MMU_OK, "map RW");
		report(m8_page_bytes(&mm, va, pa, z->size, KRW | z->bits, PMD_K | z->pmd_bits),
		       "PGD and tables byte for byte");
		report_eq(mm.tables, (z->size == 0x800000 ? 2u : 1u), "tables counted");
		for (k = 0; k < 4; k++) {
			vaddr_t v = va + offs[k];
			uint32_t slot = (v >> 12) & 1023;

			if (walk(&mm, v, &w) != MMU_OK || w.size != z->size ||
			    w.page_va != va || w.page_pa != pa || w.pa != pa + offs[k] ||
			    w.level != WALK_LEVEL_PTE ||
			    w.prot != (PROT_READ | PROT_WRITE) ||
			    w.pmdp != (unsigned char *)mm.pgd + (v >> 22) * 4 ||
			    w.ptep != m8_table(&mm, v) + slot * 4 ||
			    w.entry != m8_pte(&mm, v))
				bad++;
		}
		report_eq(bad, 0, "walk: first, last, middle, last slot (both 4M halves of 8M)");
		report(is_eq(walk(&mm, va - 1, &w), MMU_ENOENT) &&
		       is_eq(walk(&mm, va + z->size, &w), MMU_ENOENT), "nothing either side");

		if (z->size > 0x1000)
			CHECK_UNCHANGED(MMU_EPARTIAL, unmap(&mm, va, z->size / 2), "unmap half");
		report_err(protect(&mm, va, z->size, PROT_READ), MMU_OK, "protect RO");
		report(m8_page_bytes(&mm, va, pa, z->size, KRO | z->bits, PMD_K | z->pmd_bits),
		       "every slot RO (dirty dropped with write)");
		report_err(unmap(&mm, va, z->size), MMU_OK, "unmap");
		memset(exp_pgd, 0, sizeof(exp_pgd));
		report(same_bytes(mm.pgd, exp_pgd, M8_BYTES) && is_eq(mm.tables, 0) && is_eq(env.live, 1),
		       "PGD empty, tables freed");
		report(is_eq(env_tlb_calls, 2) && is_eq(env_tlb_log[1].va, va) &&
		       is_eq(env_tlb_log[1].size, z->size), "one invalidation per change, whole page");
		mm_destroy(&mm);
		report_prefix_pop();
	}
}

/*
 * The entry bits each PROT_* bit must produce on 8xx, by hand, in a user
 * address space: no SH there, even for a supervisor-only page, or the entry
 * would match every other space's M_CASID (the kernel's space adds SH).
 */
static uint32_t model_bits(unsigned int prot)
{
	uint32_t bits = 0x021;	/* ACCESSED | PRESENT */

	if (!(prot & PROT_READ))
		bits |= 0x200;
	else if (prot & PROT_WRITE)
		bits |= 0x100;
	else
		bits |= 0x600;
	if (prot & PROT_EXEC)
		bits |= 0x040;
	if (prot & PROT_NOCACHE)
		bits |= 0x002;
	if (prot & PROT_GUARDED)
		bits |= 0x010;
	return bits;
}

static bool model_valid(unsigned int prot)
{
	if (prot & ~0x3fu)
		return false;
	return (prot & PROT_READ) || !(prot & (PROT_WRITE | PROT_EXEC | PROT_USER));
}

/* Every prot byte against the model; user pages in a user 4M, kernel in another. */
static void test_8xx_prot_model(void)
{
	unsigned int prot, bad_rc = 0, bad_bits = 0, bad_walk = 0, valid = 0;
	vaddr_t kva = 0x10000000, uva = 0x20000000;
	struct env_snapshot snap;
	struct walk_result w;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0xBFFFFFFF, 3), MMU_OK, "mm");
	report_eq(map(&mm, uva - 0x1000, 0x1000, 0x1000, PROT_READ | PROT_USER), MMU_OK,
	       "anchor page");
	env_snapshot_take(&snap);
	for (prot = 0; prot < 0x100; prot++)
		if (!model_valid(prot))
			bad_rc += map(&mm, kva, 0x1000, 0x1000, prot) != MMU_EPROT;
	report_eq(bad_rc, 0, "COHERENT, WRITETHRU, W/X/USER without READ: EPROT");
	report(env_snapshot_same(&snap), "refused prots changed nothing");
	env_snapshot_free(&snap);

	bad_rc = 0;
	for (prot = 0; prot < 0x40; prot++) {
		vaddr_t *va = prot & PROT_USER ? &uva : &kva;
		paddr_t pa = 0x40000000u + *va;

		if (!model_valid(prot))
			continue;
		valid++;
		if (map(&mm, *va, pa, 0x1000, prot) != MMU_OK) {
			bad_rc++;
			continue;
		}
		if (m8_pte(&mm, *va) != ((uint32_t)pa | model_bits(prot)) ||
		    (m8_pmd(&mm, *va) & 0xFFF) != (prot & PROT_USER ? PMD_U : PMD_K))
			bad_bits++;
		if (walk(&mm, *va, &w) != MMU_OK || w.prot != prot || w.pa != pa)
			bad_walk++;
		*va += 0x1000;
	}
	report(is_eq(valid, 36) && is_eq(bad_rc, 0), "%u valid prots map", valid);
	report_eq(bad_bits, 0, "PTE and PMD bits match the model (%u mismatches)", bad_bits);
	report_eq(bad_walk, 0, "walk returns each prot unchanged (%u mismatches)", bad_walk);
	mm_destroy(&mm);
}

#define RW	(PROT_READ | PROT_WRITE)

/* Mapped before the cases: 4K at 0xC0001000, 512K at 0xC0080000, 8M at 0xC0800000. */
static const struct map_case m8_cases[] = {
	{ "size 8K", 0xC0002000, 0x2000, SZ_8K, RW, MMU_ESIZE },
	{ "size 4M", 0xC0400000, 0x400000, SZ_4M, RW, MMU_ESIZE },
	{ "size 2M", 0xC0200000, 0x200000, SZ_2M, RW, MMU_ESIZE },
	{ "size 1G", 0xC0000000, 0, SZ_1G, RW, MMU_ESIZE },
	{ "16K at 4K alignment", 0xC0003000, 0x4000, SZ_16K, RW, MMU_EALIGN },
	{ "16K, pa at 4K", 0xC0004000, 0x5000, SZ_16K, RW, MMU_EALIGN },
	{ "512K at 256K", 0xC0140000, 0x80000, SZ_512K, RW, MMU_EALIGN },
	{ "8M on an odd 4M (pair misaligned)", 0xC1400000, 0x800000, SZ_8M, RW, MMU_EALIGN },
	{ "8M, pa at 4M", 0xC1000000, 0x400000, SZ_8M, RW, MMU_EALIGN },
	{ "8M below the space", 0xBF800000, 0x800000, SZ_8M, RW, MMU_ERANGE },
	{ "pa 4G", 0xC0002000, 0x100000000ull, SZ_4K, RW, MMU_EPA },
	{ "8M at the top of 4G", 0xC1000000, 0xFF800000ull, SZ_8M, RW, MMU_OK },
	{ "8M past 4G", 0xC2000000, 0x100000000ull, SZ_8M, RW, MMU_EPA },
	{ "coherent", 0xC0002000, 0x2000, SZ_4K, RW | PROT_COHERENT, MMU_EPROT },
	{ "write-through", 0xC0002000, 0x2000, SZ_4K, RW | PROT_WRITETHRU, MMU_EPROT },
	{ "EPROT before EOVERLAP", 0xC0001000, 0x2000, SZ_4K, PROT_WRITE, MMU_EPROT },
	{ "4K again", 0xC0001000, 0x2000, SZ_4K, RW, MMU_EOVERLAP },
	{ "16K over the 4K page", 0xC0000000, 0x4000, SZ_16K, RW, MMU_EOVERLAP },
	{ "4K inside the 512K page", 0xC00FF000, 0x4000, SZ_4K, RW, MMU_EOVERLAP },
	{ "16K inside the 512K page", 0xC0084000, 0x4000, SZ_16K, RW, MMU_EOVERLAP },
	{ "8M over the 4K and 512K pages", 0xC0000000, 0x800000, SZ_8M, RW, MMU_EOVERLAP },
	{ "4K in the second half of the 8M page", 0xC0C00000, 0x2000, SZ_4K, RW, MMU_EOVERLAP },
	{ "512K in the 8M page", 0xC0F80000, 0x80000, SZ_512K, RW, MMU_EOVERLAP },
	{ "user 4K next to kernel pages", 0xC0002000, 0x2000, SZ_4K, RW | PROT_USER,
	  MMU_EMIXED },
	{ "EOVERLAP before EMIXED", 0xC0001000, 0x2000, SZ_4K, RW | PROT_USER, MMU_EOVERLAP },
};

static void test_8xx_map_errors(void)
{
	struct mm mm;

	m8_kernel_mm(&mm);
	report(is_eq(map(&mm, 0xC0001000, 0x1000, 0x1000, RW), MMU_OK) &&
	       is_eq(map(&mm, 0xC0080000, 0x80000, 0x80000, RW), MMU_OK) &&
	       is_eq(map(&mm, 0xC0800000, 0x800000, 0x800000, RW), MMU_OK), "4K, 512K, 8M");
	run_map_cases(&mm, m8_cases, sizeof(m8_cases) / sizeof(m8_cases[0]));
	CHECK_UNCHANGED(MMU_EMIXED, protect(&mm, 0xC0080000, 0x80000, RW | PROT_USER),
			"protect: make a kernel 512K page user");
	CHECK_UNCHANGED(MMU_EMIXED, protect(&mm, 0xC0800000, 0x800000, PROT_READ | PROT_USER),
			"protect: make the 8M page user");
	CHECK_UNCHANGED(MMU_EPARTIAL, unmap(&mm, 0xC0C00000, 0x400000), "unmap 4M of 8M");
	CHECK_UNCHANGED(MMU_EPARTIAL, protect(&mm, 0xC0800000, 0x400000, PROT_READ),
			"protect 4M of 8M");
	CHECK_UNCHANGED(MMU_EPARTIAL, unmap(&mm, 0xC0080000, 0x40000), "unmap 256K of 512K");
	CHECK_UNCHANGED(MMU_ENOENT, unmap(&mm, 0xC0000000, 0x2000), "unmap with a hole first");
	CHECK_UNCHANGED(MMU_EPROT, protect(&mm, 0xC0001000, 0x1000, RW | PROT_COHERENT),
			"protect coherent");
	mm_destroy(&mm);
	report_eq(env.live, 0, "all memory back");
}

/* ENOMEM at each allocation: 8M needs two tables, and the first goes if the second fails. */
static void test_8xx_enomem(void)
{
	struct env_snapshot snap;
	struct mm mm;
	long n;
	int err = MMU_ENOMEM;
	unsigned int failures = 0;
	bool unchanged = true;

	m8_kernel_mm(&mm);
	for (n = 0; n < 4 && err == MMU_ENOMEM; n++) {
		env_reset_counters();
		env_fail_after(n);
		env_snapshot_take(&snap);
		err = map(&mm, 0xC0800000, 0x800000, 0x800000, RW);
		if (err == MMU_ENOMEM) {
			failures++;
			unchanged &= env_snapshot_same(&snap) && mm.tables == 0 &&
				     env.allocs == (unsigned long)n && env.frees == (unsigned long)n;
		}
		env_snapshot_free(&snap);
	}
	env_fail_after(-1);
	report_eq(failures, 2, "8M: ENOMEM at the first and at the second table");
	report(unchanged, "each ENOMEM freed what it took and changed nothing");
	report_err(err, MMU_OK, "then 8M maps");
	report(m8_page_bytes(&mm, 0xC0800000, 0x800000, 0x800000, KRW | HUGE, PMD_K | PMD_8M),
	       "both tables byte for byte");
	env_fail_after(0);
	CHECK_UNCHANGED(MMU_ENOMEM, map(&mm, 0xC0000000, 0x80000, 0x80000, RW),
			"512K in an empty 4M without memory");
	CHECK_UNCHANGED(MMU_ENOMEM, map(&mm, 0xC0400000, 0x4000, 0x4000, RW),
			"16K in an empty 4M without memory");
	env_fail_after(-1);
	mm_destroy(&mm);
}

/* User and kernel PMDs, mixed sizes in one table, unmap across sizes. */
static void test_8xx_user(void)
{
	unsigned int urw = RW | PROT_USER;
	struct walk_result w;
	struct mm mm;

	report_eq(mm_init(&mm, 0, 0x7FFFFFFF, 5), MMU_OK, "user mm");
	report(is_eq(map(&mm, 0x10000000, 0x100000, 0x1000, urw), MMU_OK) &&
	       is_eq(map(&mm, 0x10004000, 0x104000, 0x4000, urw), MMU_OK) &&
	       is_eq(map(&mm, 0x10080000, 0x180000, 0x80000, urw), MMU_OK),
	       "user 4K, 16K and 512K in one table");
	report_eq(m8_pmd(&mm, 0x10000000), (0x01001000u | PMD_U), "PMD 01001041 (user)");
	report(is_eq(m8_pte(&mm, 0x10000000), (0x100000u | URW)) &&
	       is_eq(m8_pte(&mm, 0x10007000), (0x107000u | URW | SPS)) &&
	       is_eq(m8_pte(&mm, 0x100FF000), (0x1FF000u | URW | HUGE)), "PTEs without SH");
	report(is_eq(walk(&mm, 0x10006004, &w), MMU_OK) && is_eq(w.prot, urw) && is_eq(w.size, 0x4000) &&
	       is_eq(w.pa, 0x106004), "walk the 16K page: user RW");
	CHECK_UNCHANGED(MMU_ENOENT, protect(&mm, 0x10000000, 0x100000, PROT_READ | PROT_USER),
			"protect a range with a hole");
	report_err(protect(&mm, 0x10004000, 0x4000, PROT_READ | PROT_USER), MMU_OK,
		   "protect the 16K page user RO");
	report(is_eq(m8_pte(&mm, 0x10004000), (0x104000u | 0x621 | SPS)) &&
	       is_eq(m8_pte(&mm, 0x10007000), (0x107000u | 0x621 | SPS)), "its 4 slots 00104629..");
	report_err(map(&mm, 0x10400000, 0x200000, 0x1000, RW), MMU_OK,
		   "kernel page in the next 4M");
	report_eq(m8_pmd(&mm, 0x10400000), (0x01002000u | PMD_K), "its PMD is a kernel one");
	report_err(map(&mm, 0x10800000, 0x800000, 0x800000, urw), MMU_OK, "user 8M");
	report(is_eq(m8_pmd(&mm, 0x10800000), (0x01003000u | PMD_U | PMD_8M)) &&
	       is_eq(m8_pmd(&mm, 0x10C00000), (0x01004000u | PMD_U | PMD_8M)), "PMDs 0100304d 0100404d");
	report(is_eq(walk(&mm, 0x10C00010, &w), MMU_OK) && is_eq(w.prot, urw) && is_eq(w.pa, 0xC00010),
	       "walk the second half");
	report_err(unmap(&mm, 0x10000000, 0x1000), MMU_OK, "unmap the 4K page");
	CHECK_UNCHANGED(MMU_ENOENT, unmap(&mm, 0x10004000, 0xFC000), "unmap 16K, hole, 512K");
	report_err(unmap(&mm, 0x10004000, 0x4000), MMU_OK, "unmap the 16K page");
	report_err(unmap(&mm, 0x10080000, 0x80000), MMU_OK, "unmap the 512K page");
	report(is_eq(m8_pmd(&mm, 0x10000000), 0) && is_eq(mm.tables, 3), "the emptied table is freed");
	CHECK_UNCHANGED(MMU_ENOENT, unmap(&mm, 0x10400000, 0xC00000), "unmap 4K, hole, 8M");
	report(is_eq(unmap(&mm, 0x10400000, 0x1000), MMU_OK) &&
	       is_eq(unmap(&mm, 0x10800000, 0x800000), MMU_OK), "unmap the 4K page, then the 8M");
	report(is_eq(mm.tables, 0) && is_eq(env.live, 1), "every table freed");
	mm_destroy(&mm);
}

/* Every slot of the 8M page at va (both tables) is pa + i * 4K | flags. */
static unsigned int m8_8m_bad_slots(const struct mm *mm, vaddr_t va, paddr_t pa, uint32_t flags)
{
	unsigned int i, bad = 0;

	for (i = 0; i < 2048; i++)
		bad += m8_pte(mm, va + i * 0x1000u) != (((uint32_t)pa + i * 0x1000u) | flags);
	return bad;
}

/*
 * An 8M page whose two tables are not neighbours in memory (a freed table
 * taken first, another space's table after it): map and protect reach the
 * second half through its own PMD, and the table in between keeps its entry.
 */
static void test_8xx_8m_apart(void)
{
	vaddr_t va = 0xC0800000u, other = 0xC0000000u;
	paddr_t pa = 0x03000000u;
	unsigned char *t0, *t1, *mid;
	unsigned int i, bad = 0;
	struct mm mm;

	env_init();
	m8_kernel_mm(&mm);
	report_err(map(&mm, 0xC1000000u, 0x2000, 0x1000, RW), MMU_OK, "4K page: a table to free");
	report_err(map(&mm, other, 0x1000, 0x1000, RW), MMU_OK, "4K page: the table in between");
	report_err(unmap(&mm, 0xC1000000u, 0x1000), MMU_OK, "unmap the first 4K page");
	report_err(map(&mm, va, pa, 0x800000, RW), MMU_OK, "map 8M");
	t0 = m8_table(&mm, va);
	t1 = m8_table(&mm, va + 0x400000u);
	mid = m8_table(&mm, other);
	report(t0 && t1 && mid && is_ne((uintptr_t)t1, (uintptr_t)(t0 + 0x1000)) &&
	       is_eq((uintptr_t)mid, (uintptr_t)(t0 + 0x1000)),
	       "the 8M page's tables are apart, another table right after the first");
	report_eq(m8_8m_bad_slots(&mm, va, pa, KRW | HUGE), 0, "map: all 2048 slots in both tables");
	report_err(protect(&mm, va, 0x800000, PROT_READ), MMU_OK, "protect RO");
	report_eq(m8_8m_bad_slots(&mm, va, pa, KRO | HUGE), 0, "protect: all 2048 slots read-only");
	for (i = 0; i < 1024; i++)
		bad += m8_pte(&mm, other + i * 0x1000u) != (i ? 0 : (0x1000u | KRW));
	report_eq(bad, 0, "the table in between holds only its 4K page (%u slots differ)", bad);
	report_err(unmap(&mm, va, 0x800000), MMU_OK, "unmap 8M");
	report(m8_table(&mm, va) == NULL && m8_table(&mm, va + 0x400000u) == NULL &&
	       is_eq(m8_pte(&mm, other), (0x1000u | KRW)), "both tables gone, the 4K page stays");
	mm_destroy(&mm);
	report_eq(env.live, 0, "all memory back");
}

const struct host_test mpc8xx_tests[] = {
	{ "8xx 8M page with its tables apart", test_8xx_8m_apart },
	{ "8xx sizes", test_8xx_sizes },
	{ "8xx map each size", test_8xx_map_each },
	{ "8xx prot model", test_8xx_prot_model },
	{ "8xx map errors", test_8xx_map_errors },
	{ "8xx ENOMEM", test_8xx_enomem },
	{ "8xx user", test_8xx_user },
};
const unsigned int nr_mpc8xx_tests = sizeof(mpc8xx_tests) / sizeof(mpc8xx_tests[0]);
