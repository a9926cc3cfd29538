/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel side of `make bench`.  Nothing here measures anything by itself:
 * it provokes misses, maps and unmaps, and prints what the host needs on
 * lines starting with "BENCH " (tools/bench/run parses them):
 *
 *   paths   every miss path a few times, each scenario behind its own marker
 *           (bench-asm.S); the host counts instructions in a QEMU trace
 *           restricted to the handlers and the markers.
 *   counts  sweeps of 8M/64M/1G regions mapped with each page size (misses
 *           from the handlers' counters, tlb_counts()), and the page-table
 *           cost of each mapping: entries written, tables and pages
 *           allocated, time base ticks around map and unmap (the host runs
 *           this under -icount, where ticks are instructions).
 *   loop    the simulator's benchmark loop (bench_loop), between two lines
 *           the host timestamps.
 *   missloop a DTLB miss on every iteration (user_sweep over 2048 4K pages, all
 *           one physical page), between two lines, with the time base delta and a
 *           calibration; missloop8m, missloop64m the same over 8 MB and 64 MB of
 *           pages, each its own physical page.
 *   smcloop a loop storing into its own code page (bench_smc), between two
 *           lines.
 *   smp     multicore figures (bench_smp, e500: tests/bench/bench-smp-e500.c):
 *           shootdown costs, misses per core.
 *
 * The code is arch-neutral (arch.h, mmu.h, pgtable.h), as tests/target is.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tests/bench/bench.h"
#include "tests/target/env.h"
#include "tests/target/report.h"
#include "mmu/pgtable.h"
#include "mmu/palloc.h"
#include "hugetlb/pool.h"
#include "lib/kprintf.h"
#include "lib/cmdline.h"

#define BENCH_MARKS	64
extern const char bench_marks[], bench_marks_end[];
uint32_t bench_loop(uint32_t *array, uint32_t outer);
extern const char bench_smc[], bench_smc_end[];
#define BENCH_SMC_SETUP	10u	/* bench_smc's instructions besides 3 per iteration */

#define REPEAT		4		/* misses per path scenario */
#define KVA		kva_for(4096)	/* kernel 4K pages */
#define K_UNMAPPED	((layout.kmap_last & ~(vaddr_t)0xfffff) - 0x100000u)	/* nothing mapped there */
#define UVA		0x10000000u	/* user 4K data */
#define UHUGE		0x40000000u	/* user huge pages and the sweeps (1G aligned) */
#define U_UNMAPPED	0x20000000u
#define LOOP_OUTER	300000u		/* as sim/tests/bench/loop.S */
#define CALIB_OUTER	1000u		/* calibration of the time base under -icount */

static unsigned int nmarks;

/* The first address of the kernel's page-table area aligned to size, or 0 if it does not fit. */
static vaddr_t kva_for(vsize_t size)
{
	vaddr_t va = (layout.kmap_start + size - 1) & ~(vaddr_t)(size - 1);

	return va >= layout.kmap_start && va - 1 + size <= layout.kmap_last ? va : 0;
}

/* Announce scenario name and run its marker. */
static void mark(const char *fmt, vsize_t size)
{
	unsigned int id = nmarks++;

	if (id >= BENCH_MARKS)
		panic("bench: more than %d markers", BENCH_MARKS);
	bench_print("BENCH mark %u ", id);
	bench_print(fmt, (unsigned long)size);
	bench_print("\n");
	(void)call_at((vaddr_t)(uintptr_t)(bench_marks + 4 * id));	/* a blr: no descriptor on 64-bit */
}

/*
 * The lines for tools/bench/run ("BENCH ...") are printed when bench_raw is set: always from the
 * command line (bench=, make bench); the monitor's bench sets it only for "bench -r" and prints
 * the tables below instead, with their units.
 */
bool bench_raw = true;

int bench_print(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!bench_raw)
		return 0;
	va_start(ap, fmt);
	n = kvprintf(fmt, ap);
	va_end(ap);
	return n;
}

/* A size as the monitor writes one: 4K, 16K, 8M, 1G. */
static void print_size_unit(vsize_t size)
{
	if (size >= (1u << 30) && !(size & ((1u << 30) - 1)))
		kprintf("%4luG", (unsigned long)(size >> 30));
	else if (size >= (1u << 20) && !(size & ((1u << 20) - 1)))
		kprintf("%4luM", (unsigned long)(size >> 20));
	else
		kprintf("%4luK", (unsigned long)(size >> 10));
}

static const char *u64s(uint64_t v)
{
	static char buf[4][24];
	static unsigned int k;
	char *p = buf[k++ % 4] + 23;

	*p = 0;
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return p;
}

static unsigned int log2u(uint32_t v)
{
	unsigned int s = 0;

	while ((1u << s) < v)
		s++;
	return s;
}

/* ---- paths ---- */

static void paths_4k(void)
{
	paddr_t data = test_page(), code = test_page();
	struct mm mm;
	uint32_t r, sum = 0;
	unsigned int i;
	bool ok = true;

	for (i = 0; i < 1024; i++)
		lin(data)[i] = i;
	lin(code)[0] = INSN_LI_R3_42;
	lin(code)[1] = INSN_BLR;
	icache_sync(lin(code), 8);
	report(map(&kernel_mm, KVA, data, 4096, KPROT_RW) == MMU_OK &&
	       map(&kernel_mm, KVA + 4096, code, 4096, PROT_READ | PROT_EXEC) == MMU_OK,
	       "map a kernel data page and a kernel code page");

	mark("k4k-d", 0);
	for (i = 0; i < REPEAT; i++) {
		tlb_flush_all();
		sum += peek(KVA + 4 * i);
	}
	mark("k4k-i", 0);
	for (i = 0; i < REPEAT; i++) {
		tlb_flush_all();
		ok &= call_at(KVA + 4096) == 42;
	}
	report(sum == 0 + 1 + 2 + 3 && ok, "kernel 4K data and instruction misses");
	unmap(&kernel_mm, KVA, 8192);

	report(user_space_init(&mm, 5) == MMU_OK && map(&mm, UVA, data, 4096, UPROT_RW) == MMU_OK,
	       "user space with a 4K data page");
	mark("u4k", 0);
	ok = true;
	for (i = 0; i < REPEAT; i++) {
		tlb_flush_all();
		ok &= user_call(&mm, user_routine(user_load_word), UVA + 4 * i, &r) == 0 && r == i;
	}
	report(ok, "user 4K data and instruction misses");
	unmap(&mm, UVA, 4096);

	/* Misses the handlers refuse: vector to C. */
	mark("slow-u-d", 0);
	ok = true;
	for (i = 0; i < REPEAT; i++) {
		tlb_flush_all();
		expect_fault(U_UNMAPPED + 16 * i);
		ok &= user_call(&mm, user_routine(user_load_word), U_UNMAPPED + 16 * i, &r) == 1 &&
		      faults_taken() == 1;
	}
	mark("slow-u-i", 0);
	for (i = 0; i < REPEAT; i++) {
		expect_fault(U_UNMAPPED + 4096 * i);
		ok &= user_call(&mm, U_UNMAPPED + 4096 * i, 0, &r) == 1 && faults_taken() == 1;
	}
	report(ok, "user data and instruction misses on unmapped pages reach C");
	user_space_destroy(&mm);

	mark("slow-k-d", 0);
	ok = true;
	for (i = 0; i < REPEAT; i++) {
		expect_fault(K_UNMAPPED + 16 * i);
		(void)peek(K_UNMAPPED + 16 * i);
		ok &= faults_taken() == 1;
	}
	mark("slow-k-i", 0);
	for (i = 0; i < REPEAT; i++) {
		expect_fault(K_UNMAPPED + 4096 * i);
		(void)call_at(K_UNMAPPED + 4096 * i);
		ok &= faults_taken() == 1;
	}
	report(ok, "kernel data and instruction misses on unmapped pages reach C");
	test_page_free(data);
	test_page_free(code);
}

static void paths_huge_size(vsize_t size)
{
	paddr_t pa = hugepool_alloc(size);
	vaddr_t kva = kva_for(size), code = kva + size - 4096;
	struct mm mm;
	uint32_t r;
	unsigned int i;
	bool ok = true;
	int rc;

	if (pa == HUGEPOOL_FAIL) {
		bench_print("BENCH huge size=%lu status=nopool\n", (unsigned long)size);
		report_skip("no %lu-byte page in the pool", (unsigned long)size);
		return;
	}
	mark("h-setup-%lu", size);	/* the setup's own misses belong to no row (not to the last size's) */
	if (kva) {
		rc = map(&kernel_mm, kva, pa, size, KPROT_RW);
		if (rc != MMU_OK) {
			bench_print("BENCH huge size=%lu status=map%d\n", (unsigned long)size, rc);
			report_skip("map of a %lu-byte page: %s", (unsigned long)size, mmu_strerror(rc));
			hugepool_free(pa, size);
			return;
		}
		poke(code, INSN_LI_R3_42);
		poke(code + 4, INSN_BLR);
		icache_sync((const void *)(uintptr_t)code, 8);
		for (i = 0; i < REPEAT; i++)	/* + 16: clear of the code at the page's last 4 KB */
			poke(kva + i * (size / REPEAT) + 16, i);
		mark("kh-d-%lu", size);
		for (i = 0; i < REPEAT; i++) {
			tlb_flush_all();
			ok &= peek(kva + i * (size / REPEAT) + 16) == i;
		}
		protect(&kernel_mm, kva, size, PROT_READ | PROT_EXEC);
		mark("kh-i-%lu", size);
		for (i = 0; i < REPEAT; i++) {
			tlb_flush_all();
			ok &= call_at(code) == 42;
		}
		unmap(&kernel_mm, kva, size);
		report(ok, "kernel data and instruction misses, %lu-byte page", (unsigned long)size);
	}
	rc = user_space_init(&mm, 6);
	if (rc == MMU_OK)
		rc = map(&mm, UHUGE, pa, size, UPROT_RW);
	if (rc != MMU_OK) {
		bench_print("BENCH huge size=%lu status=map%d\n", (unsigned long)size, rc);
		report_skip("user map of a %lu-byte page: %s", (unsigned long)size, mmu_strerror(rc));
	} else {
		mark("uh-d-%lu", size);
		ok = true;
		for (i = 0; i < REPEAT; i++) {
			tlb_flush_all();
			ok &= user_call(&mm, user_routine(user_load_word), UHUGE + i * (size / REPEAT) + 8,
					&r) == 0;
		}
		report(ok, "user data misses, %lu-byte page", (unsigned long)size);
		unmap(&mm, UHUGE, size);
		bench_print("BENCH huge size=%lu status=ok\n", (unsigned long)size);
	}
	user_space_destroy(&mm);
	hugepool_free(pa, size);
}

static void bench_paths(void)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);

	paths_4k();
	for (i = 0; i < n; i++)
		if (sizes[i] > 4096)
			paths_huge_size(sizes[i]);
	bench_print("BENCH paths done\n");
	if (!bench_raw)
		kprintf("paths: every miss path ran behind its markers; their instruction counts come from "
			"make bench (a QEMU trace of the handlers)\n");
}

/* ---- counts ---- */

static uint32_t loop_array[1024] __attribute__((aligned(4096)));

/* Non-zero entries of the table at level and of every table below it (any number of levels). */
static unsigned long count_level(void *table, int level)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < pt_geo.level[level - 1].entries; i++) {
		uint64_t e = pt_entry_get(pt_table_slot(table, level, i));

		if (e == 0)
			continue;
		n++;
		if ((unsigned int)level < pt_geo.levels && !pmd_leaf(e))
			n += count_level(pmd_table(e), level + 1);
	}
	return n;
}

/* Non-zero entries in every table of mm, every level (PGD, PUD, PMD, PTE on e500 in 64-bit mode). */
static unsigned long count_entries(struct mm *mm)
{
	return count_level(mm->pgd, 1);
}

#ifndef PPCMMU_FAMILY_MPC8XX
/* Non-zero entries, at level and below, whose span meets [va, va + len); table at level maps from base. */
static unsigned long count_range(void *table, int level, vaddr_t base, vaddr_t va, vsize_t len)
{
	const struct pt_level *l = &pt_geo.level[level - 1];
	vsize_t span = (vsize_t)1 << l->shift;
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < l->entries; i++) {
		vaddr_t start = base + i * span;
		uint64_t e;

		if (start + span - 1 < va || start > va + len - 1)
			continue;
		e = pt_entry_get(pt_table_slot(table, level, i));
		if (e == 0)
			continue;
		n++;
		if ((unsigned int)level < pt_geo.levels && !pmd_leaf(e))
			n += count_range(pmd_table(e), level + 1, start, va, len);
	}
	return n;
}
#endif

#ifndef PPCMMU_FAMILY_MPC8XX
/*
 * The entries a mapping of len bytes at va (aligned to len) in pages of size
 * must write where each page is a run of leaves at one level: its run
 * entries, and one table entry at each level above for every span of that
 * level it touches.  (The 8xx keeps 8M pages another way: not checked.)
 */
static unsigned long ideal_entries(vsize_t len, vsize_t size)
{
	unsigned long n = 0;
	unsigned int i, l;
	int level = 0;

	for (i = 0; i < pt_geo.nr_sizes; i++)
		if (pt_geo.sizes[i].size == size)
			level = pt_geo.sizes[i].level;
	if (!level)
		return 0;
	for (l = 1; l <= (unsigned int)level; l++) {
		vsize_t span = (vsize_t)1 << pt_geo.level[l - 1].shift;

		n += len > span ? (unsigned long)(len / span) : 1;
	}
	return n;
}
#endif

/* What one sweep measured, for its table row and its BENCH line. */
struct sweep_figures {
	unsigned long pages, miss1, miss2, entries, tables, palloc_pages;
	uint64_t map_tb, unmap_tb;
	char range_text[80];
};

static void sweep_print_nopool(uint32_t region, vsize_t size)
{
	bench_print("BENCH sweep region=%lu size=%lu status=nopool\n", (unsigned long)region,
		(unsigned long)size);
	if (bench_raw)
		return;
	kprintf("  ");
	print_size_unit(region);
	kprintf(" ");
	print_size_unit(size);
	kprintf("  not run: no page of that size in the huge-page pool (hugepages=)\n");
}

static void sweep_print(uint32_t region, vsize_t size, const struct sweep_figures *f)
{
	if (!bench_raw) {
		kprintf("  ");
		print_size_unit(region);
		kprintf(" ");
		print_size_unit(size);
		kprintf(" %7lu   %7lu  %7lu  %12s %6lu  %12s %6lu  %6lu %4lu\n", f->pages, f->miss1, f->miss2,
			u64s(f->map_tb), (unsigned long)(f->map_tb / f->pages), u64s(f->unmap_tb),
			(unsigned long)(f->unmap_tb / f->pages), f->entries, f->tables);
	}
	bench_print("BENCH sweep region=%lu size=%lu status=ok pages=%lu counters=%d miss1=%lu miss2=%lu "
		"map_tb=%s unmap_tb=%s entries=%lu tables=%lu table_bytes=%lu palloc_pages=%lu%s\n",
		(unsigned long)region, (unsigned long)size, f->pages, tlb_counts_available(), f->miss1,
		f->miss2, u64s(f->map_tb), u64s(f->unmap_tb), f->entries, f->tables,
		f->tables * (4096ul << pt_geo.level[1].order), f->palloc_pages, f->range_text);
}

static void sweep(uint32_t region, vsize_t size)
{
	struct sweep_figures f = { .range_text = "" };
	struct palloc_stats s0, s1;
	unsigned long e0, t0;
#ifndef PPCMMU_FAMILY_MPC8XX
	unsigned long range0 = 0, range1 = 0;
#endif
	uint64_t tb0;
	uint32_t n = size <= region ? (uint32_t)(region / size) : 1;
	vsize_t len = size <= region ? region : size;
	uint32_t i, sum1 = 0, sum2 = 0;
	struct mm mm;
	paddr_t pa;
	int rc = MMU_OK, rc2 = -1;

	pa = size == 4096 ? test_page() : hugepool_alloc(size);
	if (pa == HUGEPOOL_FAIL) {
		sweep_print_nopool(region, size);
		return;
	}
	if (user_space_init(&mm, 9) != MMU_OK)
		panic("bench: user space");
	palloc_get_stats(&s0);
	e0 = count_entries(&mm);
#ifndef PPCMMU_FAMILY_MPC8XX
	range0 = count_range(mm.pgd, 1, 0, UHUGE, len);
#endif
	t0 = mm.tables;
	tb0 = timebase_read();
	for (i = 0; i < n && rc == MMU_OK; i++)
		rc = map(&mm, UHUGE + i * size, pa, size, UPROT_RW);
	f.map_tb = timebase_read() - tb0;
	if (rc != MMU_OK) {
		bench_print("BENCH sweep region=%lu size=%lu status=map%d at=%lu\n", (unsigned long)region,
			(unsigned long)size, rc, (unsigned long)(i - 1));
		if (!bench_raw)
			kprintf("  map of page %lu failed: %s\n", (unsigned long)(i - 1), mmu_strerror(rc));
		if (i > 1)
			unmap(&mm, UHUGE, (i - 1) * size);
		goto out;
	}
	palloc_get_stats(&s1);
	f.pages = n;
	f.entries = count_entries(&mm) - e0;
	f.tables = mm.tables - t0;
	f.palloc_pages = s0.free - s1.free;
#ifndef PPCMMU_FAMILY_MPC8XX
	range1 = count_range(mm.pgd, 1, 0, UHUGE, len);
#endif
	counted_begin();
	rc2 = user_call(&mm, user_routine(user_sweep), UHUGE | log2u(region), &sum1);
	f.miss1 = dmisses();
	rc2 |= user_call(&mm, user_routine(user_sweep), UHUGE | log2u(region), &sum2);
	f.miss2 = dmisses() - f.miss1;
	tb0 = timebase_read();
	rc = unmap(&mm, UHUGE, len);
	f.unmap_tb = timebase_read() - tb0;
	report(rc2 == 0 && rc == MMU_OK && sum1 == sum2, "sweep of %lu MB in %lu-byte pages",
	       (unsigned long)(region >> 20), (unsigned long)size);
#ifndef PPCMMU_FAMILY_MPC8XX
	snprintf(f.range_text, sizeof(f.range_text), " levels=%u range_entries=%lu ideal_entries=%lu",
		 pt_geo.levels, range1, ideal_entries(len, size));
	report(is_eq(range1, ideal_entries(len, size)) && is_eq(f.entries, range1 - range0),
	       "%lu MB in %lu-byte pages: %lu entries over %u levels, the ideal (the run and one table entry "
	       "per span above); %lu written, the rest were there", (unsigned long)(region >> 20),
	       (unsigned long)size, range1, pt_geo.levels, f.entries);
#endif
	sweep_print(region, size, &f);
out:
	user_space_destroy(&mm);
	if (size == 4096)
		test_page_free(pa);
	else
		hugepool_free(pa, size);
}

static void bench_counts(void)
{
	static const uint32_t regions[] = { 8u << 20, 64u << 20, 1u << 30 };
	unsigned int n, i, k;
	const vsize_t *sizes = mmu_page_sizes(&n);

	uint64_t t0, t1, t2;

	/* Calibration: two back-to-back reads, and the loop of known length. */
	t0 = timebase_read();
	t1 = timebase_read();
	(void)bench_loop(loop_array, CALIB_OUTER);
	t2 = timebase_read();
	bench_print("BENCH calib read_tb=%s loop_outer=%lu loop_tb=%s\n", u64s(t1 - t0),
		(unsigned long)CALIB_OUTER, u64s(t2 - t1));
	if (!bench_raw)
		kprintf("counts: map and unmap of each region in pages of each size, and two sweeps of it "
			"(one load a page)\n  times in time-base ticks (tb); a time-base read costs %s tb\n"
			"  region  page   pages  misses-1 misses-2        map tb  tb/pg      unmap tb  tb/pg  entries tables\n",
			u64s(t1 - t0));
	for (k = 0; k < 3; k++)
		for (i = 0; i < n; i++)
			sweep(regions[k], sizes[i]);
	bench_print("BENCH counts done\n");
}

/* ---- pin: the run-aware walker against one entry at a time ---- */

#define PIN_REGION	(8u << 20)	/* pinned each time: 2048 frames */
#define PIN_ITERS	4u

static paddr_t pin_frames[PIN_REGION / 4096];

/*
 * pin_range() and pin_range_by_entry() over the same 8 MB of a user space
 * mapped with pages of one size (pages smaller than the region all map one
 * physical page; a larger page is pinned over its first 8 MB): the table
 * entries each reads, and the time base across the pin calls alone (the
 * unpin after each is not timed).
 */
static void pin_one_size(vsize_t size)
{
	uint64_t tb[2] = { 0, 0 };
	unsigned long reads[2] = { 0, 0 };
	uint32_t i, it, w, pages = size >= PIN_REGION ? 1 : (uint32_t)(PIN_REGION / size);
	paddr_t pa = size == 4096 ? test_page() : hugepool_alloc(size);
	int rc = MMU_OK;
	struct mm mm;

	if (pa == HUGEPOOL_FAIL) {
		kprintf("BENCH pin size=%lu status=no-page\n", (unsigned long)size);
		return;
	}
	user_space_init(&mm, 9);
	for (i = 0; i < pages && rc == MMU_OK; i++)
		rc = map(&mm, UHUGE + i * size, pa, size, UPROT_RW);
	for (w = 0; w < 2 && rc == MMU_OK; w++) {
		/* one untimed round first: the frames array and the tables warm in the caches */
		rc = pin_range(&mm, UHUGE, PIN_REGION, true, pin_frames);
		unpin(&mm, UHUGE, PIN_REGION);
		for (it = 0; it < PIN_ITERS && rc == MMU_OK; it++) {
			unsigned long r0 = pin_walk_reads();
			uint64_t t0 = timebase_read();

			rc = w ? pin_range_by_entry(&mm, UHUGE, PIN_REGION, true, pin_frames) :
				 pin_range(&mm, UHUGE, PIN_REGION, true, pin_frames);
			tb[w] += timebase_read() - t0;
			reads[w] += pin_walk_reads() - r0;
			if (rc == MMU_OK && pin_frames[PIN_REGION / 4096 - 1] !=
			    pa + (size >= PIN_REGION ? PIN_REGION - 4096 : size - 4096))
				rc = MMU_ENOENT;
			unpin(&mm, UHUGE, PIN_REGION);
		}
	}
	if (rc == MMU_OK)
		kprintf("BENCH pin size=%lu region=%lu iters=%lu run_reads=%lu entry_reads=%lu "
			"run_tb=%s ", (unsigned long)size, (unsigned long)PIN_REGION,
			(unsigned long)PIN_ITERS, reads[0] / PIN_ITERS, reads[1] / PIN_ITERS, u64s(tb[0]));
	if (rc == MMU_OK)
		kprintf("entry_tb=%s status=ok\n", u64s(tb[1]));
	else
		kprintf("BENCH pin size=%lu status=error-%d\n", (unsigned long)size, rc);
	report(rc == MMU_OK, "pin walkers over 8 MB of %lu-byte pages give the same frames",
	       (unsigned long)size);
	unmap(&mm, UHUGE, pages * size > PIN_REGION ? size : pages * size);
	user_space_destroy(&mm);
	if (size == 4096)
		test_page_free(pa);
	else
		hugepool_free(pa, size);
}

static void bench_pin(void)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);

	for (i = 0; i < n; i++)
		pin_one_size(sizes[i]);
}

/* ---- loop ---- */

static void run_loop(void)
{
	uint32_t sum;
	uint64_t t0, t1;

	bench_print("BENCH loop start outer=%lu\n", (unsigned long)LOOP_OUTER);
	t0 = timebase_read();
	sum = bench_loop(loop_array, LOOP_OUTER);
	t1 = timebase_read();
	bench_print("BENCH loop end sum=%lu\n", (unsigned long)sum);
	if (!bench_raw)
		kprintf("loop: %lu outer iterations of the speed loop in %s time-base ticks\n",
			(unsigned long)LOOP_OUTER, u64s(t1 - t0));
	report(true, "speed loop ran (%lu outer iterations)", (unsigned long)LOOP_OUTER);
}

/* ---- missloop, smcloop ---- */

#define MISS_REGION	(8u << 20)	/* 2048 4K pages: more than either family's TLBs hold */
#define MISS_SWEEPS	800u	/* the simulator's window near 0.5 s: steadier on a shared host */
#define MISS_MISSES	(MISS_SWEEPS * (MISS_REGION / 4096))	/* every variant takes as many */
#define MISS_CHUNK_ORDER 8u	/* distinct pages come in 1 MB blocks */
#define MISS_CHUNKS_MAX	((64u << 20) >> (12 + MISS_CHUNK_ORDER))
#define SMC_ITER	3000000u	/* bench_smc: 3 instructions per iteration */

/*
 * The miss loops: user_sweep over region bytes of 4K pages, a DTLB miss on
 * every load, MISS_MISSES misses in all.  missloop maps every page to one
 * physical page; missloop8m and missloop64m map each to a distinct one (so a
 * simulator or emulator cost that grows with the physical pages in use shows).
 * The host gets the instruction count from the time base (one tick per
 * instruction on the simulator; under QEMU -icount, ticks per instruction from
 * the calibration loop on the same line).
 */
/*
 * RAM above the linear map that no huge-page block holds, at the top of RAM:
 * [*pa, *pa + bytes).  Nothing else uses it (the allocator is fenced off it),
 * so the 8xx's small linear map still gives a 64 MB sweep distinct pages.
 */
static bool high_ram(uint32_t bytes, paddr_t *pa)
{
	paddr_t top = layout.ram_size, start, bpa;
	vsize_t bsize;
	unsigned int i;
	bool high;

	if (top < layout.linear_size || top - layout.linear_size < bytes)
		return false;
	start = top - bytes;
	for (i = 0; hugepool_block(i, &bpa, &bsize, &high); i++)
		if (bpa < start + bytes && start < bpa + bsize)
			return false;
	*pa = start;
	return true;
}

static void run_missloop_named(const char *name, uint32_t region, bool distinct)
{
	static paddr_t chunk[MISS_CHUNKS_MAX];
	uint32_t i, sum = 0, m = 0, pages = region / 4096, sweeps = MISS_MISSES / pages;
	uint32_t per_chunk = 1u << MISS_CHUNK_ORDER, nchunks = distinct ? pages / per_chunk : 0;
	paddr_t one = test_page(), high;
	uint64_t t0, t1, t2, t3;
	int rc = MMU_OK, rc2 = 0;
	struct mm mm;

	if (distinct && high_ram(region, &high)) {
		for (i = 0; i < nchunks; i++)
			chunk[i] = high + (paddr_t)i * (4096u << MISS_CHUNK_ORDER);
		nchunks = 0;	/* nothing to give back */
	}
	for (i = 0; i < nchunks; i++) {
		chunk[i] = palloc_pages(MISS_CHUNK_ORDER);
		if (chunk[i] == PALLOC_FAIL) {
			bench_print("BENCH %s status=nomem chunks=%lu of %lu (more RAM: --ram)\n", name,
				(unsigned long)i, (unsigned long)nchunks);
			nchunks = i;
			rc = MMU_ENOMEM;
			break;
		}
	}
	if (user_space_init(&mm, 9) != MMU_OK)
		panic("bench: user space");
	for (i = 0; i < pages && rc == MMU_OK; i++)
		rc = map(&mm, UHUGE + i * 4096,
			 distinct ? chunk[i / per_chunk] + (paddr_t)(i % per_chunk) * 4096 : one, 4096, UPROT_RW);
	if (rc == MMU_OK) {
		t0 = timebase_read();
		(void)bench_loop(loop_array, CALIB_OUTER);
		t1 = timebase_read();
		bench_print("BENCH %s start sweeps=%lu pages=%lu distinct=%d\n", name, (unsigned long)sweeps,
			    (unsigned long)pages, distinct);
		counted_begin();
		t2 = timebase_read();
		for (i = 0; i < sweeps && rc2 == 0; i++)
			rc2 = user_call(&mm, user_routine(user_sweep), UHUGE | log2u(region), &sum);
		t3 = timebase_read();
		m = dmisses();
		bench_print("BENCH %s end tb=%s calib_outer=%lu calib_tb=%s dmisses=%lu counters=%d\n", name,
			    u64s(t3 - t2), (unsigned long)CALIB_OUTER, u64s(t1 - t0), (unsigned long)m,
			    tlb_counts_available());
		if (!bench_raw)
			kprintf("%s: %lu sweeps of %lu 4K pages%s, a DTLB miss a load: %s tb in all, "
				"%lu data TLB misses counted, %lu tb a load\n", name, (unsigned long)sweeps,
				(unsigned long)pages, distinct ? " (each its own physical page)" : "",
				u64s(t3 - t2), (unsigned long)m,
				(unsigned long)((t3 - t2) / ((uint64_t)sweeps * pages)));
		unmap(&mm, UHUGE, region);
	} else if (i > 1) {
		unmap(&mm, UHUGE, (i - 1) * 4096);
	}
	report(rc == MMU_OK && rc2 == 0, "miss loop: %lu sweeps of %lu 4K pages, %s", (unsigned long)sweeps,
	       (unsigned long)pages, distinct ? "each its own physical page" : "all one physical page");
	user_space_destroy(&mm);
	for (i = 0; i < nchunks; i++)
		palloc_free(chunk[i], MISS_CHUNK_ORDER);
	test_page_free(one);
}

static void run_missloop(void)
{
	run_missloop_named("missloop", MISS_REGION, false);
}

static void run_missloop8m(void)
{
	run_missloop_named("missloop8m", 8u << 20, true);
}

static void run_missloop64m(void)
{
	run_missloop_named("missloop64m", 64u << 20, true);
}

/* bench_smc copied to a kernel RWX page of its own: a store into that page every iteration. */
static void run_smcloop(void)
{
	uint32_t len = (uint32_t)(bench_smc_end - bench_smc), r = 0;
	paddr_t code = test_page();
	int rc;

	memcpy(lin(code), bench_smc, len);
	lin(code)[len / 4] = SMC_ITER;		/* the word the loop stores into */
	icache_sync(lin(code), len);
	rc = map(&kernel_mm, KVA, code, 4096, PROT_READ | PROT_WRITE | PROT_EXEC);
	if (rc == MMU_OK) {
		uint64_t t0, t1;

		bench_print("BENCH smcloop start iter=%lu\n", (unsigned long)SMC_ITER);
		t0 = timebase_read();
		r = call_at(KVA);
		t1 = timebase_read();
		bench_print("BENCH smcloop end insns=%lu\n", (unsigned long)(BENCH_SMC_SETUP + 3 * SMC_ITER));
		if (!bench_raw)
			kprintf("smcloop: %lu stores into the loop's own code page (%lu instructions) in %s "
				"time-base ticks\n", (unsigned long)SMC_ITER,
				(unsigned long)(BENCH_SMC_SETUP + 3 * SMC_ITER), u64s(t1 - t0));
		unmap(&kernel_mm, KVA, 4096);
	}
	report(rc == MMU_OK && r == SMC_ITER && lin(code)[len / 4] == SMC_ITER - 1,
	       "store-into-code-page loop ran (%lu iterations)", (unsigned long)SMC_ITER);
	test_page_free(code);
}

/* ---- command line ---- */

/* The value of the word "bench" or "bench=..." (empty for a bare "bench"), or NULL. */
static const char *bench_word(const char *s, size_t *len)
{
	const char *value;
	bool bare;

	return cmdline_find(s, "bench", &value, len, &bare) ? value : NULL;
}

bool bench_requested(const char *bootargs)
{
	size_t len;

	return bench_word(bootargs, &len) != NULL;
}

static const char *const bench_names[] = { "paths", "counts", "loop", "missloop", "missloop8m",
					   "missloop64m", "smcloop", "smp", "pin" };

/* The multicore figures: only a family with more than one core defines it. */
void bench_smp(void) __attribute__((weak));

/* Every item of a bench= list must name a benchmark; say which do not. */
static bool list_valid(const char *list, size_t len)
{
	bool ok = true;
	size_t i, j, k;

	for (i = 0; len; i = j + 1) {
		bool hit = false;

		for (j = i; j < len && list[j] != ','; j++)
			;
		for (k = 0; k < sizeof(bench_names) / sizeof(bench_names[0]); k++)
			hit = hit || (strlen(bench_names[k]) == j - i && !strncmp(list + i, bench_names[k], j - i));
		if (!hit) {
			report(false, "bench: \"%.*s\" names no benchmark (known: paths, counts, loop, missloop, "
			       "missloop8m, missloop64m, smcloop, smp, pin)",
			       (int)(j - i), list + i);
			ok = false;
		}
		if (j >= len)
			break;
	}
	return ok;
}

static bool wants(const char *list, size_t len, const char *item)
{
	size_t n = strlen(item), i = 0;

	if (len == 0)
		return !strcmp(item, "paths") || !strcmp(item, "counts");	/* bare "bench" */
	while (i < len) {
		size_t j = i;

		while (j < len && list[j] != ',')
			j++;
		if (j - i == n && !strncmp(list + i, item, n))
			return true;
		i = j + 1;
	}
	return false;
}

/* A benchmark run as a test of group "bench" (not registered: bench= runs it, not tests=). */
#define BENCH_TEST(id, what, fn)	{ id, "bench", what, fn, __FILE__, __LINE__ }

void bench_main(const char *bootargs)
{
	static const struct ppcmmu_test paths[] = { BENCH_TEST("bench-paths", "bench paths", bench_paths) };
	static const struct ppcmmu_test counts[] = { BENCH_TEST("bench-counts", "bench counts", bench_counts) };
	static const struct ppcmmu_test loop[] = { BENCH_TEST("bench-loop", "bench loop", run_loop) };
	static const struct ppcmmu_test missloop[] = { BENCH_TEST("bench-missloop", "bench missloop", run_missloop) };
	static const struct ppcmmu_test missloop8m[] = {
		BENCH_TEST("bench-missloop8m", "bench missloop8m", run_missloop8m) };
	static const struct ppcmmu_test missloop64m[] = {
		BENCH_TEST("bench-missloop64m", "bench missloop64m", run_missloop64m) };
	static const struct ppcmmu_test smcloop[] = { BENCH_TEST("bench-smcloop", "bench smcloop", run_smcloop) };
	static const struct ppcmmu_test smp[] = { BENCH_TEST("bench-smp", "bench smp", bench_smp) };
	static const struct ppcmmu_test pin[] = { BENCH_TEST("bench-pin", "bench pin", bench_pin) };
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);
	size_t len = 0;
	const char *list = bench_word(bootargs, &len);

	bench_print("BENCH info family=%s stats=%d marks=%d sizes=", layout.family, tlb_counts_available(),
		BENCH_MARKS);
	for (i = 0; i < n; i++)
		bench_print("%s%lu", i ? "," : "", (unsigned long)sizes[i]);
	bench_print("\n");
	if (!list_valid(list, len))
		return;
	if (bench_marks_end - bench_marks != 4 * BENCH_MARKS)
		panic("bench: bench-asm.S has %d bytes of markers", (int)(bench_marks_end - bench_marks));
	if (wants(list, len, "paths"))
		run_tests(paths, 1);
	if (wants(list, len, "counts"))
		run_tests(counts, 1);
	if (wants(list, len, "loop"))
		run_tests(loop, 1);
	if (wants(list, len, "missloop"))
		run_tests(missloop, 1);
	if (wants(list, len, "missloop8m"))
		run_tests(missloop8m, 1);
	if (wants(list, len, "missloop64m"))
		run_tests(missloop64m, 1);
	if (wants(list, len, "smcloop"))
		run_tests(smcloop, 1);
	if (wants(list, len, "pin"))
		run_tests(pin, 1);
	if (wants(list, len, "smp")) {
		if (bench_smp)
			run_tests(smp, 1);
		else
			bench_print("BENCH smp none reason=one-core family\n");
	}
	bench_print("BENCH end\n");
}
