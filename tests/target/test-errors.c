/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bad arguments to map/unmap/protect on the target: each returns its own
 * error and leaves the tables as they were.
 */
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "mmu/pgtable.h"

struct snapshot {
	int err;
	struct walk_result w;
};

static void snap(vaddr_t va, struct snapshot *s)
{
	memset(s, 0, sizeof(*s));
	s->err = walk(&kernel_mm, va, &s->w);
}

static bool same(vaddr_t va, const struct snapshot *before)
{
	struct snapshot now;

	snap(va, &now);
	return now.err == before->err && !memcmp(&now.w, &before->w, sizeof(now.w));
}

static void test_map_errors(void)
{
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x100000;
	struct snapshot s, s2;

	snap(va, &s);
	report(is_eq(map(&kernel_mm, va + 0x10, pa, 4096, KPROT_RW), MMU_EALIGN) && same(va, &s),
	       "misaligned va: EALIGN, nothing changed");
	report(is_eq(map(&kernel_mm, va, pa + 0x10, 4096, KPROT_RW), MMU_EALIGN) && same(va, &s),
	       "misaligned pa: EALIGN");
	report(is_eq(map(&kernel_mm, va, pa, 8192, KPROT_RW), MMU_ESIZE) && same(va, &s),
	       "8K is no page size: ESIZE");
	report_eq(map(&kernel_mm, 0x1000, pa, 4096, KPROT_RW), MMU_ERANGE,
	       "user address in the kernel space: ERANGE");
	report_eq(map(&kernel_mm, layout.kmap_last - 0xfff + 0x1000, pa, 4096, KPROT_RW), MMU_ERANGE,
	       "past the end of the space: ERANGE");
	report(is_eq(map(&kernel_mm, va, pa, 4096, PROT_WRITE), MMU_EPROT) && same(va, &s),
	       "write without read: EPROT");
	report_eq(map(&kernel_mm, va, pa, 4096, 0x100), MMU_EPROT, "unknown protection bit: EPROT");
	report_eq(map(&kernel_mm, va, pa, 4096, KPROT_RW), MMU_OK, "then the good call maps");
	snap(va, &s2);
	report(is_eq(map(&kernel_mm, va, pa, 4096, PROT_READ), MMU_EOVERLAP) && same(va, &s2),
	       "mapping it again: EOVERLAP, old mapping intact");
	report(is_eq(unmap(&kernel_mm, va + 0x800, 4096), MMU_EALIGN) && same(va, &s2),
	       "unmap misaligned: EALIGN");
	report_eq(unmap(&kernel_mm, va + 4096, 4096), MMU_ENOENT, "unmap of nothing: ENOENT");
	report_eq(protect(&kernel_mm, va + 4096, 4096, PROT_READ), MMU_ENOENT, "protect of nothing: ENOENT");
	report(is_eq(protect(&kernel_mm, va, 4096, PROT_EXEC), MMU_EPROT) && same(va, &s2),
	       "protect exec without read: EPROT, unchanged");
	report(is_eq(protect(&kernel_mm, va, 8192, PROT_READ), MMU_ENOENT) && same(va, &s2),
	       "protect of a range with an unmapped page: ENOENT, first page unchanged");
	report(is_eq(protect(&kernel_mm, va, 0, PROT_READ), MMU_ESIZE) && same(va, &s2),
	       "protect of nothing at all (size 0): ESIZE");
	report(is_eq(unmap(&kernel_mm, va, 8192), MMU_ENOENT) && same(va, &s2),
	       "unmap of a range with a hole: ENOENT, nothing unmapped");
	report(is_eq(unmap(&kernel_mm, va, 4096), MMU_OK) && is_eq(walk(&kernel_mm, va, &s.w), MMU_ENOENT),
	       "unmap works, walk then finds nothing");
	test_page_free(pa);
}

static void test_walk(void)
{
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x200000;
	struct walk_result w;

	map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_EXEC);
	report(is_eq(walk(&kernel_mm, va + 0x234, &w), MMU_OK) && is_eq(w.pa, pa + 0x234) &&
	       is_eq(w.page_pa, pa) && is_eq(w.page_va, va) && is_eq(w.size, 4096) &&
	       is_eq(w.level, (int)pt_geo.levels) && is_eq(w.prot, (KPROT_RW | PROT_EXEC)),
	       "walk: pa, base, size 4K, the PTE level (the last of %u), protection", pt_geo.levels);
	report_eq(walk(&kernel_mm, va + 4096, &w), MMU_ENOENT, "walk of an unmapped neighbour: ENOENT");
	report_eq(walk(&kernel_mm, 0x1000, &w), MMU_ERANGE, "walk outside the space: ERANGE");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

PPCMMU_TEST_FN("errors-map-unmap-protect", "errors", "map/unmap/protect errors", test_map_errors);
PPCMMU_TEST_FN("errors-walk", "errors", "walk", test_walk);
