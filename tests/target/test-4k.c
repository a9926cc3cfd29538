/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * 4 KB pages on the target: every check provokes real TLB misses through the
 * family's handlers and looks at the data, the miss counters, the entry the
 * handler created and the fault record.
 */
#include "tests/target/env.h"
#include "tests/target/tests.h"

static vaddr_t kva(unsigned int page)
{
	return TEST_KVA + page * 4096u;
}

static void test_two_mappings(void)
{
	paddr_t pa = test_page();
	vaddr_t a = kva(0), b = kva(1);
	static const uint32_t offs[] = { 0, 4, 0x7fc, 0x800, 0xffc };
	bool ok = true;
	unsigned int i;

	report_eq(map(&kernel_mm, a, pa, 4096, KPROT_RW), MMU_OK, "map first view");
	report_eq(map(&kernel_mm, b, pa, 4096, KPROT_RW), MMU_OK, "map second view");
	counted_begin();
	for (i = 0; i < 5; i++)
		poke(a + offs[i], 0xa5000000u | offs[i]);
	for (i = 0; i < 5; i++)
		ok &= is_eq(peek(b + offs[i]), (0xa5000000u | offs[i])) &&
		      is_eq(lin(pa)[offs[i] / 4], (0xa5000000u | offs[i]));
	report(ok, "writes through one view read back through the other and the linear map");
	if (tlb_counts_available())
		report_eq(dmisses(), 2, "one miss per view");
	poke(b + 8, 0x12345678);
	report_eq(peek(a + 8), 0x12345678, "and the other way round");
	unmap(&kernel_mm, a, 4096);
	unmap(&kernel_mm, b, 4096);
	test_page_free(pa);
}

static void test_ifetch(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(2);
	uint32_t r;

	put_li42(lin(pa));
	report_eq(map(&kernel_mm, va, pa, 4096, PROT_READ | PROT_EXEC), MMU_OK, "map code page");
	counted_begin();
	r = call_at(va);
	report_eq(r, 42, "code copied to a fresh page runs (r3)");
	if (tlb_counts_available())
		report_eq(imisses(), 1, "exactly one instruction miss");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

#define SWEEP_PAGES 24

static void test_exact_misses(void)
{
	paddr_t pa[SWEEP_PAGES];
	unsigned int i;
	uint32_t sum = 0, first, second;

	if (!tlb_counts_available()) {
		report_skip("built without TLB statistics");
		return;
	}
	for (i = 0; i < SWEEP_PAGES; i++) {
		pa[i] = test_page();
		lin(pa[i])[1] = i;
		map(&kernel_mm, kva(16 + i), pa[i], 4096, PROT_READ);
	}
	counted_begin();
	for (i = 0; i < SWEEP_PAGES; i++)
		sum += peek(kva(16 + i) + 4);
	first = dmisses();
	for (i = 0; i < SWEEP_PAGES; i++)
		sum += peek(kva(16 + i) + 8);
	second = dmisses() - first;
	report_eq(sum, SWEEP_PAGES * (SWEEP_PAGES - 1) / 2, "data read back from %d pages", SWEEP_PAGES);
	report_eq(first, SWEEP_PAGES, "touching %d pages after a flush costs %d misses (%lu)",
	       SWEEP_PAGES, SWEEP_PAGES, (unsigned long)first);
	report_eq(second, 0, "touching them again costs no miss");
	for (i = 0; i < SWEEP_PAGES; i++) {
		unmap(&kernel_mm, kva(16 + i), 4096);
		test_page_free(pa[i]);
	}
}

/* An attribute the entry read back must carry: book3s/64 has guarded only with cache-inhibited. */
#ifdef PPCMMU_FAMILY_BOOK3S64
#define READBACK_ATTR	(PROT_NOCACHE | PROT_GUARDED)
#else
#define READBACK_ATTR	PROT_GUARDED
#endif

static void test_readback(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(3);
	struct tlb_info t;

	map(&kernel_mm, va, pa, 4096, KPROT_RW | READBACK_ATTR);
	tlb_flush_all();
	report(!tlb_lookup(va, 0, &t), "no entry after a flush");
	(void)peek(va + 0x123);
	report(tlb_lookup(va, 0, &t), "the miss created an entry");
	report_eq(t.va, va, "EPN");
	report_eq(t.pa, pa, "RPN " PA_FMT, PA_ARG(t.pa));
	report_eq(t.size, 4096, "size");
	report_eq(t.tid, 0, "kernel entry is global (TID 0)");
	report_eq(t.prot, KPROT_RW | READBACK_ATTR, "protection");
	report_eq(t.level, 0, "in the 4K TLB");
	unmap(&kernel_mm, va, 4096);
	report(!tlb_lookup(va, 0, &t), "unmap removed the entry");
	test_page_free(pa);
}

static void test_unmapped(void)
{
	vaddr_t va = kva(40) + 0x10;
	const struct fault_record *f = last_fault();
	paddr_t pa = test_page();

	/* a neighbour keeps the PTE table present: the walk reaches an empty PTE */
	map(&kernel_mm, kva(41), pa, 4096, KPROT_RW);

	expect_fault(va);
	(void)peek(va);
	report_eq(faults_taken(), 1, "load from an unmapped page (its PTE table present) faults once");
	report(is_eq(f->kind, FAULT_TLB_DATA) && is_eq(f->addr, va) && !f->store && !f->user,
	       "as a data TLB miss at 0x%08lx (%s at 0x%08lx)", (unsigned long)va,
	       fault_kind_name(f->kind), (unsigned long)f->addr);
	expect_fault(va + 4);
	poke(va + 4, 1);
	report(is_eq(faults_taken(), 1) && f->store && is_eq(f->addr, va + 4), "a store says it is a store");
	unmap(&kernel_mm, kva(41), 4096);
	test_page_free(pa);
	/* No page table at all for this 8 MB: the walk finds an empty top-level entry. */
	va = layout.kmap_start + (8u << 20) + 0x3008;
	expect_fault(va);
	(void)peek(va);
	report(is_eq(faults_taken(), 1) && is_eq(f->addr, va),
	       "a load where no page table exists faults once");
}

static void test_read_only(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(4);
	const struct fault_record *f = last_fault();

	lin(pa)[0] = 0x11111111;
	map(&kernel_mm, va, pa, 4096, PROT_READ);
	report_eq(peek(va), 0x11111111, "read-only page reads");
	expect_fault(va);
	poke(va, 0x22222222);
	report(is_eq(faults_taken(), 1) && is_eq(f->kind, FAULT_PROT_DATA) && f->store,
	       "store faults as a protection fault with the store bit (%s, cause 0x%08lx)",
	       fault_kind_name(f->kind), (unsigned long)f->cause);
	report_eq(lin(pa)[0], 0x11111111, "memory unchanged");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

static void test_no_execute(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(5);
	const struct fault_record *f = last_fault();

	put_li42(lin(pa));
	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	expect_fault(va);
	(void)call_at(va);
	report(is_eq(faults_taken(), 1) && is_eq(f->addr, va) &&
	       (is_eq(f->kind, FAULT_TLB_INST) || is_eq(f->kind, FAULT_PROT_INST)),
	       "fetch from a no-execute page faults (%s)", fault_kind_name(f->kind));
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

static void test_stale_after_unmap(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(6);

	lin(pa)[0] = 7;
	map(&kernel_mm, va, pa, 4096, PROT_READ);
	report_eq(peek(va), 7, "mapped page reads (entry now in the TLB)");
	unmap(&kernel_mm, va, 4096);
	expect_fault(va);
	(void)peek(va);
	report_eq(faults_taken(), 1, "after unmap the next access faults");
	test_page_free(pa);
}

static void test_protect(void)
{
	paddr_t pa = test_page();
	vaddr_t va = kva(7);

	map(&kernel_mm, va, pa, 4096, PROT_READ);
	(void)peek(va);
	expect_fault(va);
	poke(va, 1);
	report_eq(faults_taken(), 1, "read-only: store faults");
	report_eq(protect(&kernel_mm, va, 4096, KPROT_RW), MMU_OK, "protect RO -> RW");
	poke(va, 0x5555);
	report_eq(lin(pa)[0], 0x5555, "store now lands");
	report_eq(protect(&kernel_mm, va, 4096, PROT_READ), MMU_OK, "protect RW -> RO");
	expect_fault(va);
	poke(va, 0x6666);
	report(is_eq(faults_taken(), 1) && is_eq(lin(pa)[0], 0x5555),
	       "store faults again (no stale writable entry)");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

#define RANGE_SMALL	4
#define RANGE_LARGE	80	/* above the flush-all threshold of both families (64 pages) */

/* Touch every page of the range; how many of them have a TLB entry afterwards. */
static unsigned int touch_and_count(vaddr_t va, unsigned int pages)
{
	struct tlb_info t;
	unsigned int i, n = 0;

	for (i = 0; i < pages; i++)
		(void)peek(va + i * 4096u);
	for (i = 0; i < pages; i++)
		n += tlb_lookup(va + i * 4096u, 0, &t);
	return n;
}

static unsigned int entries_left(vaddr_t va, unsigned int pages)
{
	struct tlb_info t;
	unsigned int i, n = 0;

	for (i = 0; i < pages; i++)
		n += tlb_lookup(va + i * 4096u, 0, &t) && (t.prot & PROT_WRITE);
	return n;
}

/*
 * protect() and unmap() of a range of pages: every page's entry goes, not
 * only the first, for a short range (page by page) and one above the
 * flush-all threshold.
 */
static void check_range_flush(unsigned int pages)
{
	vaddr_t va = kva(64);
	paddr_t pa = test_page();
	struct tlb_info t;
	unsigned int i, before, left = 0;

	for (i = 0; i < pages; i++)
		map(&kernel_mm, va + i * 4096u, pa, 4096, KPROT_RW);
	tlb_flush_all();
	before = touch_and_count(va, pages);
	report_ge(before, (pages < 16 ? pages : 16), "%u of %u pages have a writable entry", before, pages);
	report_eq(protect(&kernel_mm, va, pages * 4096u, PROT_READ), MMU_OK, "protect the range read-only");
	report_eq(entries_left(va, pages), 0, "no page keeps a writable entry (%u do)",
	       entries_left(va, pages));
	before = touch_and_count(va, pages);
	report_eq(unmap(&kernel_mm, va, pages * 4096u), MMU_OK, "unmap the range (%u entries loaded)",
	       before);
	for (i = 0; i < pages; i++)
		left += tlb_lookup(va + i * 4096u, 0, &t);
	report_eq(left, 0, "no page keeps an entry (%u do)", left);
	test_page_free(pa);
}

static void test_range_flush(void)
{
	report_prefix_push("4 pages");
	check_range_flush(RANGE_SMALL);
	report_prefix_pop();
	report_prefix_push("80 pages");
	check_range_flush(RANGE_LARGE);
	report_prefix_pop();
}

PPCMMU_TEST_FN("4k-two-mappings", "4k", "4k data through two mappings", test_two_mappings);
PPCMMU_TEST_FN("4k-ifetch", "4k", "4k instruction fetch", test_ifetch);
PPCMMU_TEST_FN("4k-exact-misses", "4k", "4k exact miss count", test_exact_misses);
PPCMMU_TEST_FN("4k-readback", "4k", "4k TLB entry read-back", test_readback);
PPCMMU_TEST_FN("4k-unmapped", "4k", "4k unmapped access", test_unmapped);
PPCMMU_TEST_FN("4k-read-only", "4k", "4k read-only", test_read_only);
PPCMMU_TEST_FN("4k-no-execute", "4k", "4k no-execute", test_no_execute);
PPCMMU_TEST_FN("4k-stale-after-unmap", "4k", "4k stale entry after unmap", test_stale_after_unmap);
PPCMMU_TEST_FN("4k-protect", "4k", "4k protect", test_protect);
PPCMMU_TEST_FN("4k-range-flush", "4k", "4k range flush", test_range_flush);
