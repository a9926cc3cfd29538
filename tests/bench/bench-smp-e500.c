/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench=smp on e500 (tools/bench/run's multicore section): what a TLB
 * shootdown costs on cpu 0 while every other core holds the range, and
 * how many misses each core takes over a known loop.  Lines:
 *
 *   BENCH smp info cores=N pvr=0x... local=METHOD
 *   BENCH smp shoot what=NAME pages=P bytes=B runs=R called=C med=T min=T max=T
 *       time-base ticks around mmu_tlb_invalidate() (its own invalidation
 *       and the cross-calls to the C cores holding entries), R runs
 *       (user-4k-1: one page of a user space that ran on cpu 1 alone; flush-all:
 *       tlb_flush_all(); every other core holding kernel entries in both)
 *   BENCH smp misses cpu=I pir=P dmiss=D imiss=I expect=E
 *       the miss counters' change on core I over LOOP_PAGES loads of
 *       distinct 4K pages after its own TLB flush (E: one miss a page)
 *   BENCH smp total cpu=I dmiss=D imiss=I   the counters since boot
 *
 * The time base is QEMU's virtual clock at 400 MHz (no -icount: host time).
 */
#include <string.h>
#include "tests/bench/bench.h"
#include "tests/target/env.h"
#include "tests/target/report.h"
#include "include/spr.h"
#include "e500/reg.h"
#include "e500/frame.h"
#include "smp/e500-smp.h"
#include "tlb/e500-tlb.h"
#include "hugetlb/pool.h"
#include "lib/kprintf.h"

#define RUNS		9
#define LOOP_PAGES	256	/* fit TLB0 (512 entries, 4 ways): one miss each */
#define HUGE_SIZE	(4u << 20)

struct range {
	vaddr_t va;
	uint32_t pages;		/* 4K pages to touch (1 for a huge page) */
	uint32_t miss_before[2];
	uint32_t miss_after[2];
};

static void touch(void *arg)
{
	const struct range *r = arg;
	uint32_t i;

	for (i = 0; i < r->pages; i++)
		(void)*(volatile uint32_t *)(uintptr_t)(r->va + i * 4096);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void sort_u32(uint32_t *v, unsigned int n)
{
	unsigned int i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && cmp_u32(&v[j - 1], &v[j]) > 0; j--) {
			uint32_t t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

/* Every online core touches r, then cpu 0 times the shootdown of bytes at r->va. */
static void shoot(const char *what, struct range *r, uint32_t bytes, uint32_t pages)
{
	uint32_t ticks[RUNS];
	unsigned int run, cpu, called = 0;

	for (run = 0; run < RUNS; run++) {
		uint64_t t0;

		called = 0;
		for (cpu = 1; cpu < smp_cpus(); cpu++)
			if (smp_state(cpu) == CPU_ONLINE && smp_call(cpu, touch, r, SMP_CALL_TIMEOUT) == 0)
				called++;
		touch(r);
		t0 = timebase_read();
		mmu_tlb_invalidate(&kernel_mm, r->va, bytes);
		ticks[run] = (uint32_t)(timebase_read() - t0);
	}
	sort_u32(ticks, RUNS);
	bench_print("BENCH smp shoot what=%s pages=%lu bytes=%lu runs=%u called=%u med=%lu min=%lu max=%lu\n",
		what, (unsigned long)pages, (unsigned long)bytes, RUNS, called,
		(unsigned long)ticks[RUNS / 2], (unsigned long)ticks[0], (unsigned long)ticks[RUNS - 1]);
	if (!bench_raw)
		kprintf("  shootdown %-10s %6lu pages %10lu bytes: median %lu tb (min %lu, max %lu) over %u runs, "
			"%u cores called\n", what, (unsigned long)pages, (unsigned long)bytes,
			(unsigned long)ticks[RUNS / 2], (unsigned long)ticks[0], (unsigned long)ticks[RUNS - 1],
			RUNS, called);
}

static void shoot_4k(const char *name, uint32_t pages, paddr_t pa)
{
	struct range r = { .va = TEST_KVA, .pages = pages };
	uint32_t i;

	for (i = 0; i < pages; i++)
		if (map(&kernel_mm, r.va + i * 4096, pa, 4096, KPROT_RW)) {
			report(false, "bench smp: map %lu 4K pages", (unsigned long)pages);
			unmap(&kernel_mm, r.va, pages * 4096);
			return;
		}
	shoot(name, &r, pages * 4096, pages);
	unmap(&kernel_mm, r.va, pages * 4096);
}

static void shoot_huge(void)
{
	struct range r = { .va = (TEST_KVA + HUGE_SIZE - 1) & ~(HUGE_SIZE - 1), .pages = 1 };
	paddr_t pa = hugepool_alloc(HUGE_SIZE);

	if (pa == HUGEPOOL_FAIL) {
		bench_print("BENCH smp shoot what=huge-4M status=nopool\n");
		return;
	}
	if (map(&kernel_mm, r.va, pa, HUGE_SIZE, KPROT_RW))
		report(false, "bench smp: map a 4M page");
	else
		shoot("huge-4M", &r, HUGE_SIZE, HUGE_SIZE / 4096);
	unmap(&kernel_mm, r.va, HUGE_SIZE);
	hugepool_free(pa, HUGE_SIZE);
}

/*
 * A user space that ran on cpu 1 alone while every other core holds kernel
 * entries (each touched r): the shootdown of one of its pages calls cpu 1
 * only (the space's core mask), against tlb_flush_all(), which calls every
 * core.
 */
#define BENCH_PID	50

struct uspace {
	struct mm *mm;
	vaddr_t va;
};

static void user_touch(void *arg)
{
	const struct uspace *u = arg;
	uint32_t v;

	user_call(u->mm, user_routine(user_load_word), u->va, &v);
}

static unsigned int popcount(uint32_t m)
{
	unsigned int n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

static void shoot_space(paddr_t pa)
{
	struct range r = { .va = TEST_KVA, .pages = 1 };
	uint32_t ticks[2][RUNS];
	struct mm mm;
	struct uspace u = { .mm = &mm, .va = TEST_UVA };
	unsigned int run, cpu, k, called[2] = { 0, 0 };
	static const char *const what[2] = { "user-4k-1", "flush-all" };

	if (smp_online() < 2 || user_space_init(&mm, BENCH_PID) ||
	    map(&mm, TEST_UVA, pa, 4096, UPROT_RW) || map(&kernel_mm, r.va, pa, 4096, KPROT_RW)) {
		report(false, "bench smp: a user space and a kernel page for the per-space shootdown");
		return;
	}
	for (k = 0; k < 2; k++)
		for (run = 0; run < RUNS; run++) {
			uint64_t t0;

			for (cpu = 1; cpu < smp_cpus(); cpu++)
				if (smp_state(cpu) == CPU_ONLINE)
					smp_call(cpu, touch, &r, SMP_CALL_TIMEOUT);
			smp_call(1, user_touch, &u, SMP_CALL_TIMEOUT);
			touch(&r);
			t0 = timebase_read();
			if (k == 0)
				mmu_tlb_invalidate(&mm, u.va, 4096);
			else
				tlb_flush_all();
			ticks[k][run] = (uint32_t)(timebase_read() - t0);
		}
	called[0] = popcount(mm.cpus & ~1u);
	for (cpu = 1; cpu < smp_cpus(); cpu++)
		called[1] += smp_state(cpu) == CPU_ONLINE;
	for (k = 0; k < 2; k++) {
		sort_u32(ticks[k], RUNS);
		bench_print("BENCH smp shoot what=%s pages=1 bytes=4096 runs=%u called=%u med=%lu min=%lu max=%lu\n",
			what[k], RUNS, called[k], (unsigned long)ticks[k][RUNS / 2], (unsigned long)ticks[k][0],
			(unsigned long)ticks[k][RUNS - 1]);
		if (!bench_raw)
			kprintf("  shootdown %-10s: median %lu tb (min %lu, max %lu) over %u runs, %u cores called\n",
				what[k], (unsigned long)ticks[k][RUNS / 2], (unsigned long)ticks[k][0],
				(unsigned long)ticks[k][RUNS - 1], RUNS, called[k]);
	}
	unmap(&kernel_mm, r.va, 4096);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
}

struct loop {
	struct range r;
	uint32_t dmiss, imiss;
};

/* On the calling core: its own TLB flushed, LOOP_PAGES loads, the change of its counters. */
static void miss_loop(void *arg)
{
	struct loop *l = arg;
	struct tlb_counts a, b;

	tlb_local_flush_all();
	tlb_counts(&a);
	touch(&l->r);
	tlb_counts(&b);
	l->dmiss = b.dmiss - a.dmiss;
	l->imiss = b.imiss - a.imiss;
}

static void misses_per_core(paddr_t pa)
{
	struct loop l = { .r = { .va = TEST_KVA, .pages = LOOP_PAGES } };
	unsigned int cpu;
	uint32_t i;

	for (i = 0; i < LOOP_PAGES; i++)
		map(&kernel_mm, l.r.va + i * 4096, pa, 4096, KPROT_RW);
	for (cpu = 0; cpu < smp_cpus(); cpu++) {
		if (smp_state(cpu) != CPU_ONLINE || smp_call(cpu, miss_loop, &l, SMP_CALL_TIMEOUT))
			continue;
		bench_print("BENCH smp misses cpu=%u pir=%lu dmiss=%lu imiss=%lu expect=%u\n", cpu,
			(unsigned long)smp_pir(cpu), (unsigned long)l.dmiss, (unsigned long)l.imiss,
			LOOP_PAGES);
		if (!bench_raw)
			kprintf("  cpu %u: %lu data and %lu instruction TLB misses over %u pages\n", cpu,
				(unsigned long)l.dmiss, (unsigned long)l.imiss, LOOP_PAGES);
	}
	unmap(&kernel_mm, l.r.va, LOOP_PAGES * 4096);
	for (cpu = 0; cpu < smp_cpus(); cpu++)
		if (smp_state(cpu) == CPU_ONLINE)
			bench_print("BENCH smp total cpu=%u dmiss=%lu imiss=%lu\n", cpu,
				(unsigned long)smp_percpu(cpu)->dmiss, (unsigned long)smp_percpu(cpu)->imiss);
}

void bench_smp(void)
{
	paddr_t pa = test_page();

	bench_print("BENCH smp info cores=%u pvr=0x%08lx local=%s stats=%d\n", smp_online(),
		(unsigned long)mfspr(SPRN_PVR), tlb_local_method(), tlb_counts_available());
	if (!bench_raw)
		kprintf("smp: %u cores; TLB shootdown times in time-base ticks (tb), local flush by %s\n",
			smp_online(), tlb_local_method());
	shoot_4k("4k-1", 1, pa);
	shoot_4k("4k-16", 16, pa);
	shoot_4k("4k-256", 256, pa);
	shoot_huge();
	shoot_space(pa);
	misses_per_core(pa);
	test_page_free(pa);
}
