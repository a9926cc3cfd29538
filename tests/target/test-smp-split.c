/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Multicore e500: a huge kernel page split and collapsed on cpu 0, again and
 * again, while every other core reads it word by word.  Each word read holds
 * a signature of its offset, so a read through any translation but the
 * page's own shows; a read in the break-before-make window faults (declared,
 * counted: no translation is not a wrong one).  After every read the core
 * looks in its own TLB for the address: a TLB1 entry and a TLB0 entry (or
 * two of either) that both cover it would be a multi-hit.
 */
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "smp/e500-smp.h"
#include "tlb/e500-tlb.h"
#include "hugetlb/pool.h"
#include "tests/target/test-smp-e500.h"
#include "include/xorshift.h"

#define SPLIT_SIG	0x5b000000u	/* word at offset o holds SPLIT_SIG | o >> 2 */
#define SPLIT_SENTINEL	0xdeadbeefu	/* left in the register by a faulted load */
#define SPLIT_STEPS	60		/* split + collapse pairs in make test, */
#define SPLIT_BUDGET_TB	(2 * SMP_CALL_TIMEOUT)	/* or as many as fit in 2 s: under QEMU a
						 * shootdown waits for round-robin turns */
#define SPLIT_STEPS_LONG 2000
#define SPLIT_BUDGET_LONG_TB (600 * SMP_CALL_TIMEOUT)
#define SPLIT_MIN_STEPS	1
#define SPLIT_BOUND_TB	(r->budget + 4 * SMP_CALL_TIMEOUT)

struct split_core {
	uint32_t reads, faults, wrong, multi, stale, sized;
	uint32_t first_wrong, first_va;
};

struct split_run {
	vaddr_t va;
	vsize_t size;
	uint64_t budget;
	volatile uint32_t stop;
	volatile uint32_t seq;		/* odd while cpu 0 splits or collapses */
	volatile vsize_t cur_size;	/* the size of the pages now (when seq is even) */
	volatile uint32_t started[ARCH_MAX_CPUS];
	struct split_core core[ARCH_MAX_CPUS];
};

/* Stores before it reach the other cores before stores after it. */
static inline void split_barrier(void)
{
	__asm__ volatile("msync" : : : "memory");
}

/* The word of piece k that the readers read: a different offset in each 4 KB. */
static uint32_t split_off(uint32_t k)
{
	return k * 4096u + ((k * 52u) & 0xffcu);
}

unsigned int tlb_entries_covering(vaddr_t va, unsigned int tid)
{
	unsigned int sets, ways, s, w, n = 0;
	struct tlb_info t;

	for (s = 0; s < tlb1_entries(); s++)
		if (tlb1_read(s, &t) && (t.tid == 0 || t.tid == tid) && va >= t.va && va - t.va < t.size)
			n++;
	tlb0_geometry(&sets, &ways);
	s = (va >> 12) & (sets - 1);
	for (w = 0; w < ways; w++)
		if (tlb0_read(s, w, &t) && (t.tid == 0 || t.tid == tid) && t.va == (va & ~0xfffu))
			n++;
	return n;
}

static void split_reader_fn(void *arg)
{
	struct split_run *r = arg;
	unsigned int cpu = arch_this_cpu();
	struct split_core *c = &r->core[cpu];
	uint32_t pieces = (uint32_t)(r->size / 4096), k = cpu * 97u;
	uint64_t t0 = timebase_read();

	r->started[cpu] = 1;
	while (!r->stop && timebase_read() - t0 < SPLIT_BOUND_TB) {
		uint32_t off = split_off(k++ % pieces), v = SPLIT_SENTINEL, s1 = r->seq;
		vsize_t size = r->cur_size;
		volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)(r->va + off);
		struct tlb_info t;

		expect_fault((uint32_t)(uintptr_t)p);
		__asm__ volatile("lwz%U1%X1 %0, %1" : "+r"(v) : "m"(*p));
		expect_fault_clear();
		c->reads++;
		if (v == SPLIT_SENTINEL) {
			c->faults++;
		} else if (v != (SPLIT_SIG | off >> 2)) {
			if (!c->wrong++) {
				c->first_wrong = v;
				c->first_va = r->va + off;
			}
		}
		if (tlb_entries_covering(r->va + off, 0) > 1)
			c->multi++;
		/* with the mapping unchanged around the read, the entry it used has the pages' size:
		 * an entry of the old size would have outlived the shootdown */
		if (v != SPLIT_SENTINEL && tlb_lookup(r->va + off, 0, &t) && !(s1 & 1) && r->seq == s1) {
			c->sized++;
			if (t.size != size)
				c->stale++;
		}
		smp_poll();
	}
}

/* Map the huge page at r->va, sign every piece, start the readers and wait until each runs. */
static int split_start(struct split_run *r, paddr_t pa)
{
	unsigned int cpu, i;
	uint64_t t0;
	int err = 0;

	report_eq(map(&kernel_mm, r->va, pa, r->size, KPROT_RW), MMU_OK, "map a huge kernel page");
	for (i = 0; i < r->size / 4096; i++)
		*(volatile uint32_t *)(uintptr_t)(r->va + split_off(i)) = SPLIT_SIG | split_off(i) >> 2;
	for (cpu = 1; cpu < smp_online() && !err; cpu++)
		err = smp_start(cpu, split_reader_fn, r);
	t0 = timebase_read();
	for (cpu = 1; cpu < smp_online() && !err; cpu++)
		while (!r->started[cpu] && timebase_read() - t0 < SMP_CALL_TIMEOUT)
			smp_doze(SMP_CALL_TIMEOUT / 100);
	return err;
}

/*
 * Split the page at a random piece to a random smaller size, then collapse it, STEPS times or
 * until r->budget runs out or a step fails (*err, which also stops it when set on entry); r->seq
 * is odd while the mapping changes. Returns the pairs done; *bad_steps counts the failed steps.
 */
static unsigned int split_pairs(struct split_run *r, unsigned int steps, int *err, uint32_t *bad_steps)
{
	unsigned int n, i, zi;
	const vsize_t *sizes = mmu_page_sizes(&n);
	uint64_t state = 7, t0 = timebase_read();

	for (i = 0; i < steps && !*err && timebase_read() - t0 < r->budget; i++) {
		for (zi = 0; zi + 1 < n && sizes[zi + 1] < r->size; zi++)	/* a smaller size at random */
			;
		zi = (unsigned int)(xorshift_next(&state) % (zi + 1));
		r->seq++;
		split_barrier();
		*err = split(&kernel_mm, r->va + (xorshift_next(&state) % (r->size / 4096)) * 4096, 4096,
			     sizes[zi]);
		r->cur_size = sizes[zi];
		split_barrier();
		r->seq++;
		*bad_steps += *err != 0;
		smp_poll();
		smp_doze(SMP_CALL_TIMEOUT / 1000);	/* let the readers run on QEMU's one thread */
		r->seq++;
		split_barrier();
		if (!*err)
			*err = collapse(&kernel_mm, r->va + (xorshift_next(&state) % (r->size / 4096)) * 4096);
		r->cur_size = r->size;
		split_barrier();
		r->seq++;
		*bad_steps += *err != 0;
		smp_poll();
		smp_doze(SMP_CALL_TIMEOUT / 1000);
	}
	return i;
}

/* Stop the readers and add up their counts in *sum; returns how many did not answer. */
static uint32_t split_stop(struct split_run *r, struct split_core *sum)
{
	uint32_t unanswered = 0;
	unsigned int cpu;

	r->stop = 1;
	for (cpu = 1; cpu < smp_online(); cpu++) {
		unanswered += smp_wait(cpu, SPLIT_BOUND_TB) != 0;
		sum->reads += r->core[cpu].reads;
		sum->faults += r->core[cpu].faults;
		sum->wrong += r->core[cpu].wrong;
		sum->multi += r->core[cpu].multi;
		sum->stale += r->core[cpu].stale;
		sum->sized += r->core[cpu].sized;
		if (r->core[cpu].wrong)
			report_info("cpu %u: first wrong read 0x%08lx at 0x%08lx", cpu,
				    (unsigned long)r->core[cpu].first_wrong, (unsigned long)r->core[cpu].first_va);
	}
	return unanswered;
}

static void smp_split(unsigned int steps, uint64_t budget)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);
	static struct split_run run;
	struct split_run *r = &run;
	struct split_core sum = { 0 };
	vsize_t size = sizes[1];
	uint32_t bad_steps = 0;
	struct walk_result w;
	paddr_t pa;
	int err;

	if (smp_online() < 2) {
		report_skip("needs 2 online cores; this board has %u", smp_online());
		return;
	}
	pa = hugepool_alloc(size);
	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("no free page of the smallest huge size");
		return;
	}
	*r = (struct split_run){ .va = layout.kmap_start, .size = size, .budget = budget, .cur_size = size };
	if (r->va % size) {
		report(false, "the kernel's map area at 0x%08lx is aligned to %lu KB", (unsigned long)r->va,
		       (unsigned long)(size >> 10));
		hugepool_free(pa, size);
		return;
	}
	err = split_start(r, pa);
	i = split_pairs(r, steps, &err, &bad_steps);
	bad_steps += split_stop(r, &sum);
	report_info("%u split/collapse pairs of a %lu KB page; %lu reads on %u other cores, %lu of them in "
		    "a break-before-make window (faulted, declared)", i, (unsigned long)(size >> 10),
		    (unsigned long)sum.reads, smp_online() - 1, (unsigned long)sum.faults);
	report(is_eq(err, 0) && is_eq(bad_steps, 0), "every split and collapse succeeded, every core answered");
	report(i >= SPLIT_MIN_STEPS, "at least %u pairs in the time allowed (%u)", SPLIT_MIN_STEPS, i);
	report(sum.reads > sum.faults, "the other cores read the page through it (%lu reads went through)",
	       (unsigned long)(sum.reads - sum.faults));
	report_eq(sum.wrong, 0, "no read saw anything but the page's own words (no stale or mixed translation)");
	report_eq(sum.multi, 0, "no core held two TLB entries covering one address (no multi-hit)");
	report_eq(sum.stale, 0, "no read between changes went through an entry of another size than the pages' "
		  "(%lu such reads checked)", (unsigned long)sum.sized);
	report(is_eq(walk(&kernel_mm, r->va + size - 1, &w), MMU_OK) && is_eq(w.size, size),
	       "the page is whole at the end");
	unmap(&kernel_mm, r->va, size);
	hugepool_free(pa, size);
}

static void test_smp_split(void)
{
	smp_split(SPLIT_STEPS, SPLIT_BUDGET_TB);
}

static void test_smp_split_long(void)
{
	smp_split(SPLIT_STEPS_LONG, SPLIT_BUDGET_LONG_TB);
}

PPCMMU_TEST_FN("smp-split", "e500", "smp split and collapse under readers", test_smp_split);
PPCMMU_TEST_FN("smp-split-long", "long", "smp split and collapse under readers, 2000 pairs",
	       test_smp_split_long);
