/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * User spaces on every core (docs/e500-smp.md, "User spaces on every core"):
 * - smp-user-spaces: every core runs a space of its own at once, each with
 *   its own PID: each reads its own page at an address all of them map, and
 *   its own address; another space's address and a kernel-only page fault;
 * - smp-user-move: a space runs on one core, then on another; an unmap
 *   reaches both;
 * - smp-user-unmap-running: a space unmapped on cpu 0 while cpu 1 runs it
 *   in a loop: once the unmap has returned, every load of cpu 1 faults;
 * - smp-user-shootdown-mask: a shootdown for a space reaches only the cores
 *   that ran it (counted per core).
 * PID reuse after a space is freed: smp-pid-reuse (test-smp-e500.c).
 */
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "smp/e500-smp.h"
#include "tlb/e500-tlb.h"
#include "tests/target/test-smp-e500.h"
#include "lib/kprintf.h"

#define U_SHARED	TEST_UVA			/* every space maps it, each to its own page */
#define U_OWN(c)	(TEST_UVA + 0x100000u + (c) * 4096u)	/* only space c maps it */
#define U_SIGN		0x05ace000u			/* word 0 of space c's page: U_SIGN | c */
#define U_PID_BASE	20u				/* space of core c: PID U_PID_BASE + c */
#define SPACE_ROUNDS	100u
#define MOVE_PID	31u
#define RUN_PID		32u
#define MASK_PID	33u
#define RUN_LOADS	50u				/* loads of cpu 1 before and after the unmap */
#define RUN_BOUND_TB	(4 * SMP_CALL_TIMEOUT)
#define YIELD_EVERY	8u
#define YIELD_TB	4000u				/* 10 us: hand QEMU's one thread over */

static inline void msync(void)
{
	__asm__ volatile("msync" : : : "memory");
}

/* Every core the device tree lists online, at least n of them. */
static bool need_online(unsigned int n)
{
	if (smp_cores_listed() < n) {
		report_skip("needs %u cores; the device tree lists %u", n, smp_cores_listed());
		return false;
	}
	if (smp_online() == smp_cores_listed())
		return true;
	report(false, "%u cores online: the device tree lists %u", smp_online(), smp_cores_listed());
	return false;
}

static bool on(unsigned int cpu, void (*fn)(void *), void *arg)
{
	int err = smp_call(cpu, fn, arg, SMP_CALL_TIMEOUT);

	if (err)
		report(false, "cpu %u answers a call (error %d)", cpu, err);
	if (err == SMP_ERUNNING && smp_wait(cpu, 8 * SMP_CALL_TIMEOUT))	/* arg is on the caller's stack */
		panic("cpu %u still runs a call whose argument is on this stack", cpu);
	return err == 0;
}

/* A user load of va in mm: kind (0 read, 1 faulted as declared, -1 not as declared), the word. */
static int user_load(struct mm *mm, vaddr_t va, bool fault, uint32_t *value)
{
	int kind;

	*value = 0;
	if (fault)
		expect_fault(va);
	kind = user_call(mm, user_routine(user_load_word), va, value);
	if (fault) {
		if (kind == 1 && faults_taken() != 1)
			kind = -1;
		expect_fault_clear();
	}
	return kind;
}

/* ---------------------------------------------------------------- a space on every core */

struct space_run {
	struct mm mm;
	paddr_t page;
	unsigned int cpu, ncpus;
	unsigned int own_wrong, other_mapped, kernel_read, rounds;
	uint32_t first_bad;
	bool holds_own;
};

static void space_run_fn(void *arg)
{
	struct space_run *s = arg;
	uint32_t sign = U_SIGN | s->cpu, v;
	struct tlb_info t;
	unsigned int i, other;

	for (i = 0; i < SPACE_ROUNDS; i++) {
		if (user_load(&s->mm, U_SHARED, false, &v) != 0 || v != sign) {
			s->own_wrong++;
			s->first_bad = s->first_bad ? s->first_bad : v;
		}
		if (user_load(&s->mm, U_OWN(s->cpu), false, &v) != 0 || v != sign)
			s->own_wrong++;
		other = (s->cpu + 1 + i % (s->ncpus - 1)) % s->ncpus;
		if (user_load(&s->mm, U_OWN(other), true, &v) != 1)
			s->other_mapped++;
		if (user_load(&s->mm, TEST_KVA, true, &v) != 1)
			s->kernel_read++;
		s->rounds++;
		smp_poll();
		if (!(i % YIELD_EVERY))
			smp_doze(YIELD_TB);
	}
	s->holds_own = tlb_lookup(U_SHARED, s->mm.pid, &t) && t.pa == s->page && t.tid == s->mm.pid;
}

void test_smp_user_spaces(void)
{
	static struct space_run run[ARCH_MAX_CPUS];
	unsigned int n, c;
	paddr_t kpage;
	int err = 0;

	if (!need_online(2))
		return;
	n = smp_online();
	kpage = test_page();
	map(&kernel_mm, TEST_KVA, kpage, 4096, KPROT_RW);	/* the kernel's only */
	for (c = 0; c < n; c++) {
		struct space_run *s = &run[c];

		memset(s, 0, sizeof(*s));
		s->cpu = c;
		s->ncpus = n;
		s->page = test_page();
		lin(s->page)[0] = U_SIGN | c;
		user_space_init(&s->mm, U_PID_BASE + c);
		map(&s->mm, U_SHARED, s->page, 4096, UPROT_RW);
		map(&s->mm, U_OWN(c), s->page, 4096, UPROT_RW);
	}
	for (c = 1; c < n && !err; c++)
		err = smp_start(c, space_run_fn, &run[c]);
	space_run_fn(&run[0]);
	for (c = 1; c < n; c++)
		err |= smp_wait(c, RUN_BOUND_TB);
	report_eq(err, 0, "every core ran its own space at once (%u cores)", n);
	for (c = 0; c < n; c++) {
		struct space_run *s = &run[c];

		report(s->rounds == SPACE_ROUNDS && s->own_wrong == 0, "cpu %u, space PID %u: %u rounds, each read "
		       "its own page at the address every space maps, and at its own (%u wrong; first 0x%08lx)",
		       c, s->mm.pid, s->rounds, s->own_wrong, (unsigned long)s->first_bad);
		report_eq(s->other_mapped, 0, "cpu %u: another space's address faults in its space", c);
		report_eq(s->kernel_read, 0, "cpu %u: the kernel-only page faults in its user space", c);
		report(s->holds_own, "cpu %u: its TLB entry for the shared address is its own PID's, to its page", c);
		report_eq(s->mm.cpus, 1u << c, "cpu %u: the space's core mask names that core alone", c);
	}
	for (c = 0; c < n; c++) {
		unmap(&run[c].mm, U_SHARED, 4096);
		unmap(&run[c].mm, U_OWN(c), 4096);
		user_space_destroy(&run[c].mm);
		test_page_free(run[c].page);
	}
	unmap(&kernel_mm, TEST_KVA, 4096);
	test_page_free(kpage);
}

/* ---------------------------------------------------------------- a space moving between cores */

struct uload {
	struct mm *mm;
	vaddr_t va;
	bool fault;
	int kind;
	uint32_t value;
	bool present;
};

static void uload_fn(void *arg)
{
	struct uload *u = arg;
	struct tlb_info t;

	u->kind = user_load(u->mm, u->va, u->fault, &u->value);
	u->present = tlb_lookup(u->va, u->mm->pid, &t);
}

static void ulook_fn(void *arg)
{
	struct uload *u = arg;
	struct tlb_info t;

	u->present = tlb_lookup(u->va, u->mm->pid, &t);
}

void test_smp_user_move(void)
{
	struct mm mm;
	struct uload u = { .mm = &mm, .va = U_SHARED };
	unsigned int to;
	paddr_t pa;

	if (!need_online(2))
		return;
	to = smp_online() > 2 ? 2 : 0;
	pa = test_page();
	lin(pa)[0] = 0x0b0e0001u;
	user_space_init(&mm, MOVE_PID);
	map(&mm, U_SHARED, pa, 4096, UPROT_RW);
	report(on(1, uload_fn, &u) && u.kind == 0 && u.value == 0x0b0e0001u && u.present,
	       "the space runs on cpu 1: its page, its entry held");
	u.value = 0;
	report(on(to, uload_fn, &u) && u.kind == 0 && u.value == 0x0b0e0001u && u.present,
	       "then on cpu %u: the same page, an entry there too", to);
	report_eq(mm.cpus, 1u << 1 | 1u << to, "the space's core mask names both cores");
	unmap(&mm, U_SHARED, 4096);
	report(on(1, ulook_fn, &u) && !u.present, "unmapped on cpu 0: cpu 1, where it ran first, holds no entry");
	report(on(to, ulook_fn, &u) && !u.present, "... nor cpu %u, where it runs now", to);
	u.fault = true;
	report(on(1, uload_fn, &u) && u.kind == 1, "a load in the space on cpu 1 faults");
	report(on(to, uload_fn, &u) && u.kind == 1, "... and on cpu %u", to);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/* ---------------------------------------------------------------- unmapped while running */

struct running {
	struct mm *mm;
	volatile uint32_t gone, stop;
	unsigned int before, after, stale, wrong;
};

static void running_fn(void *arg)
{
	struct running *r = arg;
	uint64_t t0 = timebase_read();
	uint32_t v;
	unsigned int i = 0;

	while (!r->stop && timebase_read() - t0 < RUN_BOUND_TB) {
		bool gone = r->gone;
		int kind;

		msync();
		kind = user_load(r->mm, U_SHARED, true, &v);
		if (gone) {
			r->after++;
			r->stale += kind != 1;
		} else {
			r->before += kind == 0;
			r->wrong += kind == 0 && v != 0x0b0e0002u;
		}
		smp_poll();		/* cpu 0's shootdown */
		if (!(++i % YIELD_EVERY))
			smp_doze(YIELD_TB);
	}
}

static bool wait_count(volatile unsigned int *count, unsigned int n)
{
	uint64_t t0 = timebase_read();

	while (*count < n && timebase_read() - t0 < RUN_BOUND_TB) {
		smp_poll();
		smp_doze(YIELD_TB);
	}
	return *count >= n;
}

void test_smp_user_unmap_running(void)
{
	static struct running r;
	struct mm mm;
	paddr_t pa;
	int err;

	if (!need_online(2))
		return;
	pa = test_page();
	lin(pa)[0] = 0x0b0e0002u;
	user_space_init(&mm, RUN_PID);
	map(&mm, U_SHARED, pa, 4096, UPROT_RW);
	memset(&r, 0, sizeof(r));
	r.mm = &mm;
	err = smp_start(1, running_fn, &r);
	report(!err && wait_count(&r.before, RUN_LOADS), "cpu 1 runs the space, reading its page (%u loads)",
	       r.before);
	unmap(&mm, U_SHARED, 4096);
	msync();
	r.gone = 1;
	report(wait_count(&r.after, RUN_LOADS), "cpu 1 goes on loading after cpu 0's unmap returned (%u loads)",
	       r.after);
	r.stop = 1;
	report_eq(smp_wait(1, RUN_BOUND_TB), 0, "cpu 1 stops");
	report_eq(r.wrong, 0, "before the unmap, every load read the page");
	report_eq(r.stale, 0, "after it, every load of cpu 1 faults (no entry kept)");
	user_space_destroy(&mm);
	test_page_free(pa);
}

/* ---------------------------------------------------------------- shootdowns reach only the space's cores */

static void nop_fn(void *arg)
{
	(void)arg;
}

/* Cores other than `except' whose shootdown count moved since before[]. */
static unsigned int moved(const unsigned int *before, unsigned int except, unsigned int *which)
{
	unsigned int c, n = 0;

	for (c = 1; c < smp_cpus(); c++)
		if (c != except && tlb_shootdowns_answered(c) != before[c]) {
			n++;
			*which = c;
		}
	return n;
}

void test_smp_user_shootdown_mask(void)
{
	unsigned int before[ARCH_MAX_CPUS], c, which = 0, dirty = 0;
	struct mm mm;
	struct uload u = { .mm = &mm, .va = U_SHARED };
	uint32_t v;
	paddr_t pa;

	if (!need_online(2))
		return;
	pa = test_page();
	user_space_init(&mm, MASK_PID);
	map(&mm, U_SHARED, pa, 4096, UPROT_RW);
	map(&mm, U_SHARED + 4096, pa, 4096, UPROT_RW);
	for (c = 1; c < smp_cpus(); c++) {
		on(c, nop_fn, NULL);		/* a call: the core may hold kernel entries now */
		dirty += !smp_tlb_clean(c);
	}
	report_eq(dirty, smp_cpus() - 1, "every other core is TLB-dirty (kernel shootdowns reach it)");
	user_load(&mm, U_SHARED, false, &v);	/* the space runs on cpu 0 alone */
	for (c = 0; c < smp_cpus(); c++)
		before[c] = tlb_shootdowns_answered(c);
	unmap(&mm, U_SHARED, 4096);
	report(moved(before, ~0u, &which) == 0, "unmap in a space that ran on cpu 0 alone calls no other core%s",
	       which ? " (one that did: below)" : "");
	if (which)
		report(false, "cpu %u answered that shootdown", which);
	report(on(1, uload_fn, &(struct uload){ .mm = &mm, .va = U_SHARED + 4096 }), "the space then runs on cpu 1");
	for (c = 0; c < smp_cpus(); c++)
		before[c] = tlb_shootdowns_answered(c);
	unmap(&mm, U_SHARED + 4096, 4096);
	report_eq(tlb_shootdowns_answered(1) - before[1], 1, "an unmap in it now calls cpu 1, once");
	which = 0;
	report(moved(before, 1, &which) == 0, "... and no core the space never ran on");
	if (which)
		report(false, "cpu %u, where the space never ran, answered that shootdown", which);
	u.va = U_SHARED + 4096;
	report(on(1, ulook_fn, &u) && !u.present, "cpu 1 holds no entry of the unmapped page");
	user_space_destroy(&mm);
	test_page_free(pa);
}
