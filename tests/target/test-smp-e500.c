/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Multicore e500: every core up with its own per-CPU page and TLB, the
 * cross-call and its bound, and TLB shootdown seen from the other core
 * (unmap, protect, every huge size, a destroyed space whose PID is reused).
 * On a one-core board each test skips, saying so.
 */
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "include/spr.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "e500/tlb1.h"
#include "smp/e500-smp.h"
#include "tlb/e500-tlb.h"
#include "hugetlb/pool.h"
#include "tlb/fault.h"
#include "mmu/pte-e500.h"
#include "tests/target/test-smp-e500.h"

#define SMP_UVA		0x40000000u	/* user pages, 1 GB aligned: every huge size fits */
#define SMP_PID		9
#define HOLD_TB		(SMP_CALL_TIMEOUT / 8)	/* a short bound for the held-core check */
#define HOLD_SLACK_TB	(4 * SMP_CALL_TIMEOUT)

extern struct e500_ctx kernel_ctx;

/*
 * A board whose device tree lists fewer than n cores skips (the board
 * decides); one that lists them fails when fewer came online.
 */
static bool need_cores(unsigned int n)
{
	if (smp_cores_listed() < n) {
		report_skip("needs %u cores; the device tree lists %u", n, smp_cores_listed());
		return false;
	}
	if (smp_online() >= n)
		return true;
	report(false, "%u cores online: the device tree lists %u", smp_online(), smp_cores_listed());
	return false;
}

/* Run fn(arg) on cpu; a failure to answer is a failed check. */
static bool on(unsigned int cpu, void (*fn)(void *), void *arg)
{
	int err = smp_call(cpu, fn, arg, SMP_CALL_TIMEOUT);

	if (err)
		report(false, "cpu %u answers a call (error %d)", cpu, err);
	return err == 0;
}

static uint32_t spr_pir(void)
{
	uint32_t v;

	__asm__ volatile("mfspr %0, %1" : "=r"(v) : "i"(SPRN_PIR));
	return v;
}

static uint32_t spr_sprg0(void)
{
	uint32_t v;

	__asm__ volatile("mfspr %0, %1" : "=r"(v) : "i"(SPRN_SPRG0));
	return v;
}

struct ident {
	uint32_t cpu, pir, sprg0;
	bool pinned;
	paddr_t percpu_pa;
};

static void ident_fn(void *arg)
{
	struct ident *id = arg;
	struct tlb_info t;

	id->cpu = this_cpu()->cpu;
	id->pir = spr_pir();
	id->sprg0 = spr_sprg0();
	id->pinned = tlb1_read(tlb1_fixed_slot(TLB1_PERCPU), &t) && t.va == PERCPU_VA &&
		     t.size == 4096 && (t.raw[0] & MAS1_IPROT);
	id->percpu_pa = t.pa;
}

void test_smp_cores_up(void)
{
	struct ident id[E500_MAX_CPUS];
	unsigned int c, d, n = smp_cpus();
	bool distinct = true;

	if (!need_cores(2))
		return;
	report_eq(smp_online(), n, "every core the device tree lists is online");
	for (c = 0; c < n; c++) {
		memset(&id[c], 0, sizeof(id[c]));
		if (!on(c, ident_fn, &id[c]))
			continue;
		report_eq(id[c].cpu, c, "cpu %u runs a call itself: its per-CPU page names it", c);
		report_eq(id[c].pir, smp_pir(c), "cpu %u: its PIR is the one recorded at start-up", c);
		report(id[c].pinned, "cpu %u: a per-CPU page pinned in its own TLB1", c);
		report_eq(id[c].percpu_pa, virt_to_phys(smp_percpu(c)), "cpu %u: ... its own page", c);
		report_eq(id[c].sprg0, kernel_ctx.pgd4, "cpu %u: SPRG0 holds the kernel's PGD", c);
	}
	for (c = 0; c < n; c++)
		for (d = c + 1; d < n; d++)
			distinct &= id[c].pir != id[d].pir && id[c].percpu_pa != id[d].percpu_pa;
	report(distinct, "PIRs and per-CPU pages differ between cores");
	for (c = 1; c < n; c++) {
		unsigned int them = smp_ipis_received(c), us = smp_ipis_received(smp_this_cpu());
		uint64_t t0;
		bool answered = on(c, ident_fn, &id[c]);

		/* a core that was awake answers first and takes the IPI when it next dozes */
		t0 = timebase_read();
		while ((smp_ipis_received(c) == them || smp_ipis_received(smp_this_cpu()) == us) &&
		       timebase_read() - t0 < SMP_CALL_TIMEOUT)
			smp_doze(SMP_CALL_TIMEOUT / 1000);
		report(answered && smp_ipis_received(c) > them && smp_ipis_received(smp_this_cpu()) > us,
		       "a call to cpu %u goes by MPIC IPI, and so does its answer (IPIs taken: %u -> %u there, %u -> %u here)", c, them, smp_ipis_received(c), us, smp_ipis_received(smp_this_cpu()));
	}
}

struct touch {
	vaddr_t va;
	uint32_t value, dmiss_before, dmiss_after;
	bool present;
	bool expect;			/* the access may fault: declared on the core that makes it */
	unsigned int faults;		/* ... and what it recorded */
	struct fault_record fault;
};

/* Around an access on the running core: its own fault expectation (they are per core). */
static void declare(struct touch *t)
{
	if (t->expect)
		expect_fault(t->va);
}

static void collect(struct touch *t)
{
	if (!t->expect)
		return;
	t->faults = faults_taken();
	t->fault = *last_fault();
	expect_fault_clear();
}

static void touch_fn(void *arg)
{
	struct touch *t = arg;
	struct tlb_info info;

	t->dmiss_before = this_cpu()->dmiss;
	t->value = peek(t->va);
	t->dmiss_after = this_cpu()->dmiss;
	t->present = tlb_lookup(t->va, 0, &info);
}

static void look_fn(void *arg)
{
	struct touch *t = arg;
	struct tlb_info info;

	t->present = tlb_lookup(t->va, 0, &info);
}

static void read_fn(void *arg)
{
	struct touch *t = arg;

	declare(t);
	t->value = peek(t->va);
	collect(t);
}

static void write_fn(void *arg)
{
	struct touch *t = arg;

	declare(t);
	poke(t->va, t->value);
	collect(t);
}

/* Each core takes its own miss on its own page; no other core's TLB or counter moves. */
void test_smp_own_misses(void)
{
	unsigned int c, d, n = smp_cpus();
	paddr_t pa[E500_MAX_CPUS];
	uint32_t others_before[E500_MAX_CPUS];

	if (!need_cores(2))
		return;
	for (c = 0; c < n; c++) {
		pa[c] = test_page();
		lin(pa[c])[0] = 0x5a5a0000u + c;
		map(&kernel_mm, TEST_KVA + c * 4096, pa[c], 4096, KPROT_RW);
	}
	tlb_flush_all();
	for (c = 0; c < n; c++) {
		struct touch t = { .va = TEST_KVA + c * 4096 };
		unsigned int moved = 0;

		for (d = 0; d < n; d++)
			others_before[d] = smp_percpu(d)->dmiss;
		if (!on(c, touch_fn, &t))
			continue;
		for (d = 0; d < n; d++)
			moved += d != c && d != smp_this_cpu() && smp_percpu(d)->dmiss != others_before[d];
		report_eq(t.value, 0x5a5a0000u + c, "cpu %u reads its page", c);
		report(t.present, "cpu %u holds the entry in its own TLB", c);
		if (tlb_counts_available()) {
			report_eq(t.dmiss_after - t.dmiss_before, 1, "cpu %u counted its miss", c);
			report_eq(moved, 0, "no idle core counted one");
		}
	}
	for (c = 0; c < n; c++)
		for (d = 0; d < n; d++) {
			struct touch t = { .va = TEST_KVA + c * 4096 };

			if (d == c || !on(d, look_fn, &t))
				continue;
			report(!t.present, "cpu %u's TLB has no entry for cpu %u's page", d, c);
		}
	for (c = 0; c < n; c++) {
		unmap(&kernel_mm, TEST_KVA + c * 4096, 4096);
		test_page_free(pa[c]);
	}
}

/* What tlbivax on this core did to cpu 1's entry, measured again; it must agree with start-up. */
void test_smp_tlbivax(void)
{
	bool boot = tlb_ivax_broadcasts();
	int now;

	if (!need_cores(2))
		return;
	now = tlb_probe_broadcast(1, TEST_KVA);
	report(now >= 0, "the probe runs: cpu 1 loads an entry, cpu 0 issues tlbivax, cpu 1 looks");
	report_eq(now, boot, "measured: tlbivax on cpu 0 %s cpu 1's TLB, as at start-up",
		  now > 0 ? "reaches" : "does not reach");
}

/* Core 0 maps, core 1 reads, core 0 unmaps: core 1 keeps no entry and faults. */
void test_smp_unmap(void)
{
	struct touch t = { .va = TEST_KVA };
	paddr_t pa;
	uint64_t t0, cost;

	if (!need_cores(2))
		return;
	pa = test_page();
	lin(pa)[0] = 0x600d0001u;
	map(&kernel_mm, TEST_KVA, pa, 4096, KPROT_RW);
	report(on(1, touch_fn, &t) && t.present, "cpu 1 reads the page and holds its entry");
	report_eq(t.value, 0x600d0001u, "... the page's word");
	t0 = timebase_read();
	unmap(&kernel_mm, TEST_KVA, 4096);
	cost = timebase_read() - t0;
	report_info("unmap of one 4K page held by cpu 1, %u other core(s) online: %lu time-base ticks",
		    smp_online() - 1, (unsigned long)cost);
	report(on(1, look_fn, &t) && !t.present, "after unmap on cpu 0, cpu 1's TLB has no entry");
	t.expect = true;
	report(on(1, read_fn, &t) && t.faults == 1, "cpu 1's next access faults");
	report_eq(t.fault.addr, TEST_KVA, "... at the page");
	test_page_free(pa);
}

/* protect RW -> RO on core 0: a store on core 1 faults and changes nothing. */
void test_smp_protect(void)
{
	struct touch t = { .va = TEST_KVA, .value = 0x11111111u };
	paddr_t pa;

	if (!need_cores(2))
		return;
	pa = test_page();
	map(&kernel_mm, TEST_KVA, pa, 4096, KPROT_RW);
	report(on(1, write_fn, &t) && on(1, look_fn, &t) && t.present,
	       "cpu 1 stores through the RW mapping and holds its entry");
	report_eq(lin(pa)[0], 0x11111111u, "... the store reached memory");
	protect(&kernel_mm, TEST_KVA, 4096, PROT_READ);
	t.value = 0x22222222u;
	t.expect = true;
	report(on(1, write_fn, &t) && t.faults == 1 && t.fault.store,
	       "after protect RO on cpu 0, a store on cpu 1 faults");
	report_eq(lin(pa)[0], 0x11111111u, "... memory unchanged");
	expect_fault_clear();
	unmap(&kernel_mm, TEST_KVA, 4096);
	test_page_free(pa);
}

struct ucall {
	struct mm *mm;
	vaddr_t va;
	uint32_t value;
	int kind;
	bool present;
	bool expect;			/* as in struct touch */
	unsigned int faults;
};

static void user_load_fn(void *arg)
{
	struct ucall *u = arg;
	struct tlb_info info;

	u->value = 0;
	if (u->expect)
		expect_fault(u->va);
	u->kind = user_call(u->mm, user_routine(user_load_word), u->va, &u->value);
	if (u->expect) {
		u->faults = faults_taken();
		expect_fault_clear();
	}
	u->present = tlb_lookup(u->va, u->mm->pid, &info);
}

static void user_look_fn(void *arg)
{
	struct ucall *u = arg;
	struct tlb_info info;

	u->present = tlb_lookup(u->va, u->mm->pid, &info);
}

/* One huge size in a user space: core 1 loads it into its TLB1, core 0 unmaps, core 1 faults. */
static void huge_remote(vsize_t size)
{
	struct mm mm;
	struct ucall u = { .mm = &mm, .va = SMP_UVA + size - 4 };
	paddr_t pa = hugepool_alloc(size);
	uint32_t *last;

	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("%luK: no free page of that size in the pool (hugepages=)",
				  (unsigned long)(size >> 10));
		return;
	}
	user_space_init(&mm, SMP_PID);
	map(&kernel_mm, TEST_KVA, (pa + size - 4096), 4096, KPROT_RW);
	last = (uint32_t *)(uintptr_t)(TEST_KVA + 4096 - 4);
	*last = 0x0b160000u + (size >> 20);
	map(&mm, SMP_UVA, pa, size, UPROT_RW);
	report(on(1, user_load_fn, &u) && u.kind == 0 && u.present,
	       "%luM: cpu 1 reads the last word in user mode and holds the entry",
	       (unsigned long)(size >> 20));
	report_eq(u.value, 0x0b160000u + (size >> 20), "%luM: ... the page's word", (unsigned long)(size >> 20));
	unmap(&mm, SMP_UVA, size);
	report(on(1, user_look_fn, &u) && !u.present, "%luM: after unmap on cpu 0, cpu 1 holds no entry",
	       (unsigned long)(size >> 20));
	u.expect = true;
	report(on(1, user_load_fn, &u) && u.kind == 1 && u.faults == 1,
	       "%luM: cpu 1's next user access faults", (unsigned long)(size >> 20));
	unmap(&kernel_mm, TEST_KVA, 4096);
	user_space_destroy(&mm);
	hugepool_free(pa, size);
}

void test_smp_huge(void)
{
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);

	if (!need_cores(2))
		return;
	for (i = 0; i < n; i++)
		if (sizes[i] > 4096)
			huge_remote(sizes[i]);
}

/* A space destroyed on core 0 and its PID given to a new one: core 1 sees the new page, never the old. */
void test_smp_pid_reuse(void)
{
	struct mm a, b;
	struct ucall u = { .va = SMP_UVA };
	paddr_t pa = test_page(), pb = test_page();

	if (!need_cores(2)) {
		test_page_free(pa);
		test_page_free(pb);
		return;
	}
	lin(pa)[0] = 0xaaaa0001u;
	lin(pb)[0] = 0xbbbb0002u;
	user_space_init(&a, SMP_PID);
	map(&a, SMP_UVA, pa, 4096, UPROT_RW);
	u.mm = &a;
	report(on(1, user_load_fn, &u) && u.kind == 0 && u.present,
	       "cpu 1 reads space A (PID %u) and holds its entry", SMP_PID);
	report_eq(u.value, 0xaaaa0001u, "... A's page");
	user_space_destroy(&a);
	user_space_init(&b, SMP_PID);
	u.mm = &b;
	report(on(1, user_look_fn, &u) && !u.present, "after A is destroyed on cpu 0, cpu 1 holds no PID %u entry",
	       SMP_PID);
	map(&b, SMP_UVA, pb, 4096, UPROT_RW);
	report(on(1, user_load_fn, &u) && u.kind == 0, "cpu 1 reads space B with the same PID");
	report_eq(u.value, 0xbbbb0002u, "... B's page, not A's");
	user_space_destroy(&b);
	test_page_free(pa);
	test_page_free(pb);
}

static volatile uint32_t hold_release;

/*
 * Keep the core from answering until released (bounded: it lets go on its
 * own).  It dozes rather than spins, so that under QEMU's one-thread
 * round robin the waiting core is not starved of emulated time.
 */
static void hold_fn(void *arg)
{
	uint64_t t0 = timebase_read();

	(void)arg;
	while (!hold_release && timebase_read() - t0 < 8 * SMP_CALL_TIMEOUT)
		smp_doze(HOLD_TB / 100);
}

static void nop_fn(void *arg)
{
	(*(volatile uint32_t *)arg)++;
}

/* A held core: a call to it times out with its name on the console; it answers once let go. */
void test_smp_call_bound(void)
{
	unsigned int cpu = smp_cpus() - 1;
	uint32_t ran = 0;
	uint64_t t0, waited;
	int err;

	if (!need_cores(2))
		return;
	hold_release = 0;
	report_eq(smp_call(cpu, nop_fn, &ran, SMP_CALL_TIMEOUT), 0, "cpu %u answers a call", cpu);
	report_eq(ran, 1, "... and ran it once");
	t0 = timebase_read();
	err = smp_call(cpu, hold_fn, NULL, HOLD_TB);	/* it runs hold_fn and stops answering */
	waited = timebase_read() - t0;
	report_eq(err, SMP_ERUNNING, "a call that holds cpu %u times out while it runs, the core named on "
		  "the console", cpu);
	/* the slack: QEMU's cores take turns, and a loaded host can leave one waiting for its turn */
	report(waited >= HOLD_TB && waited <= HOLD_TB + HOLD_SLACK_TB,
	       "... after its bound and no later than %lu ticks more (%lu ticks for a bound of %lu)",
	       (unsigned long)HOLD_SLACK_TB, (unsigned long)waited, (unsigned long)HOLD_TB);
	report_eq(smp_call(cpu, nop_fn, &ran, HOLD_TB), SMP_EBUSY,
		  "the next call to it is refused at once (busy), not queued behind the held one");
	report_eq(ran, 1, "... and does not run");
	hold_release = 1;
	report_eq(smp_wait(cpu, HOLD_SLACK_TB), 0, "let go, cpu %u finishes the held call", cpu);
	report_eq(smp_call(cpu, nop_fn, &ran, SMP_CALL_TIMEOUT), 0, "... and answers again");
	report_eq(ran, 2, "... running the new call once");
}

/* Fix-ups are counted on the core that makes them; the monitor's stats add every core's. */
struct fixup_touch {
	vaddr_t va;
	uint32_t value;
	struct fault_fixup_counts before, after;
};

static void fixup_touch_fn(void *arg)
{
	struct fixup_touch *t = arg;

	fault_fixup_counts(&t->before);
	t->value = peek(t->va);
	fault_fixup_counts(&t->after);
}

void test_smp_fixup_counts(void)
{
	struct fixup_touch t = { .va = TEST_KVA };
	struct fault_fixup_counts here0, here1, sum0, sum1;
	struct walk_result w;
	paddr_t pa;

	if (!need_cores(2))
		return;
	pa = test_page();
	lin(pa)[0] = 0xf1c0u;
	map(&kernel_mm, TEST_KVA, pa, 4096, KPROT_RW);
	if (walk(&kernel_mm, TEST_KVA, &w) != MMU_OK || !w.ptep) {
		report(false, "the test page has a PTE");
		return;
	}
	*(volatile uint32_t *)((char *)w.ptep + E500_ENTRY_LO) &= ~(uint32_t)_PAGE_ACCESSED;
	tlb_flush_all();
	fault_fixup_counts(&here0);
	fault_fixup_counts_sum(&sum0);
	report(on(1, fixup_touch_fn, &t), "cpu 1 reads a page without the accessed bit");
	report_eq(t.value, 0xf1c0u, "... the page's word");
	fault_fixup_counts(&here1);
	fault_fixup_counts_sum(&sum1);
	report_eq(t.after.young - t.before.young, 1, "cpu 1 counted its accessed-bit fix-up");
	report_eq(here1.young - here0.young, 0, "cpu 0's count did not move");
	report_eq(sum1.young - sum0.young, 1, "the sum over the cores did");
	unmap(&kernel_mm, TEST_KVA, 4096);
	test_page_free(pa);
}

/*
 * A call that times out before the core takes it is withdrawn: the core
 * never runs it, even when it polls later, so the caller may let its
 * arguments go.  cpu 1 calls cpu 0 while cpu 0 waits without polling; the
 * call's argument lives on cpu 1's stack, in the frame of work cpu 0 gave it.
 */
struct withdraw {
	volatile uint32_t done, late_runs;
	volatile int err;
};

static void late_fn(void *arg)
{
	struct withdraw *w = *(struct withdraw **)arg;

	w->late_runs++;
}

static void call_back_fn(void *arg)
{
	struct withdraw *w = arg;
	struct withdraw *on_stack = w;	/* what late_fn would read from this frame */

	w->err = smp_call(0, late_fn, &on_stack, HOLD_TB);
	__asm__ volatile("msync" : : : "memory");	/* the error before done */
	w->done = 1;
	smp_wake(0);
}

void test_smp_call_withdrawn(void)
{
	struct withdraw w = { 0 };
	uint32_t ran = 0;
	uint64_t t0;

	if (!need_cores(2))
		return;
	report_eq(smp_start(1, call_back_fn, &w), 0, "cpu 1 is given a call that calls cpu 0 back");
	t0 = timebase_read();
	/* no poll, only dozes (a spinning core would keep QEMU's one thread from
	 * cpu 1 for a round-robin turn at a time): cpu 1's call to this core waits */
	while (!w.done && timebase_read() - t0 < HOLD_SLACK_TB)
		smp_doze(HOLD_TB / 100);
	report_eq(w.err, SMP_ETIMEDOUT, "cpu 1's call to cpu 0, never taken, times out and is withdrawn");
	smp_poll();
	report_eq(w.late_runs, 0, "cpu 0 polls afterwards: the withdrawn call does not run");
	report_eq(smp_wait(1, HOLD_SLACK_TB), 0, "cpu 1 answers the call cpu 0 made");
	report_eq(smp_call(1, nop_fn, &ran, SMP_CALL_TIMEOUT), 0, "both mailboxes work again");
	report_eq(ran + w.late_runs, 1, "... and the withdrawn call never ran");
}

/*
 * Accessed-bit fix-ups racing with another core's changes to the same PTE
 * word: cpu 1 counts in the PTE's U0..U3 field with lwarx/stwcx. while cpu 0
 * clears ACCESSED (atomically too) and touches the page, so that every access
 * takes the fix-up.  A fix-up that stored a word it had read before one of
 * cpu 1's increments would lose it: the field would not match cpu 1's count.
 */
#define RACE_FIELD	(_PAGE_U0 | _PAGE_U1 | _PAGE_U2 | _PAGE_U3)
#define RACE_ONE	_PAGE_U3	/* the field's lowest bit */
#define RACE_FIXUPS	4000u
#define RACE_BOUND	(8 * SMP_CALL_TIMEOUT)

struct race_bits {
	volatile uint32_t *lo;		/* the PTE's low word */
	volatile uint32_t ready, stop;
	volatile uint32_t bumps;
};

/* field = (field + RACE_ONE) & RACE_FIELD, the rest of the word kept, atomically */
static void word_count(volatile uint32_t *w)
{
	uint32_t v, t;

	__asm__ volatile("1:	lwarx	%0, 0, %2\n"
			 "	add	%1, %0, %3\n"
			 "	and	%1, %1, %4\n"
			 "	andc	%0, %0, %4\n"
			 "	or	%1, %1, %0\n"
			 "	stwcx.	%1, 0, %2\n"
			 "	bne-	1b\n"
			 : "=&r"(v), "=&r"(t) : "b"(w), "r"(RACE_ONE), "r"(RACE_FIELD)
			 : "cr0", "memory");
}

static void word_clear(volatile uint32_t *w, uint32_t bits)
{
	uint32_t v;

	__asm__ volatile("1:	lwarx	%0, 0, %1\n"
			 "	andc	%0, %0, %2\n"
			 "	stwcx.	%0, 0, %1\n"
			 "	bne-	1b\n"
			 : "=&r"(v) : "b"(w), "r"(bits) : "cr0", "memory");
}

static void race_count_fn(void *arg)
{
	struct race_bits *r = arg;
	uint64_t t0 = timebase_read();

	/*
	 * cpu 0 flushed every TLB just before the call, and this core has since
	 * run only through the pinned linear map: it holds no entry, and cpu 0's
	 * shootdowns may pass it by while it is busy here.
	 */
	smp_tlb_holds_none();
	r->ready = 1;
	smp_wake(0);
	while (!r->stop && timebase_read() - t0 < RACE_BOUND) {
		word_count(r->lo);
		r->bumps++;
	}
}

void test_smp_fixup_race(void)
{
	struct race_bits r = { 0 };
	struct walk_result w;
	uint32_t hi, lo, young0, sum = 0, i;
	uint64_t t0;
	paddr_t pa;
	int err;

	if (!need_cores(2))
		return;
	pa = test_page();
	for (i = 0; i < 1024; i++)
		lin(pa)[i] = i;
	map(&kernel_mm, TEST_KVA, pa, 4096, KPROT_RW);
	if (walk(&kernel_mm, TEST_KVA, &w) != MMU_OK || !w.ptep) {
		report(false, "the test page has a PTE");
		return;
	}
	r.lo = (volatile uint32_t *)((char *)w.ptep + E500_ENTRY_LO);
	hi = *(volatile uint32_t *)((char *)w.ptep + E500_ENTRY_HI);
	tlb_flush_all();
	err = smp_start(1, race_count_fn, &r);	/* it goes on counting until stopped */
	t0 = timebase_read();
	while (!r.ready && timebase_read() - t0 < SMP_CALL_TIMEOUT)
		smp_doze(HOLD_TB / 100);
	young0 = fixups_here().young;
	for (i = 0; i < RACE_FIXUPS && r.ready; i++) {
		word_clear(r.lo, _PAGE_ACCESSED);
		tlb_flush_page(TEST_KVA);
		sum += ((volatile uint32_t *)TEST_KVA)[i % 1024] == i % 1024;
	}
	r.stop = 1;
	err = smp_wait(1, RACE_BOUND);
	lo = *r.lo;
	report(err == 0 && r.ready, "cpu 1 counted in the PTE's word and answered again when stopped");
	report_eq(fixups_here().young - young0, RACE_FIXUPS, "cpu 0 took an accessed-bit fix-up each time");
	report_eq(sum, RACE_FIXUPS, "... and read the right word each time");
	report_eq(lo & RACE_FIELD, (r.bumps * RACE_ONE) & RACE_FIELD,
		  "no increment of cpu 1 lost to a fix-up (%lu increments)", (unsigned long)r.bumps);
	report((lo & (_PAGE_PRESENT | _PAGE_ACCESSED)) == (_PAGE_PRESENT | _PAGE_ACCESSED) &&
	       (lo & ~(RACE_FIELD | _PAGE_ACCESSED)) == ((uint32_t)w.entry & ~(RACE_FIELD | _PAGE_ACCESSED)) &&
	       *(volatile uint32_t *)((char *)w.ptep + E500_ENTRY_HI) == hi,
	       "the PTE keeps its other bits and its high word, present and accessed");
	unmap(&kernel_mm, TEST_KVA, 4096);
	test_page_free(pa);
}

/*
 * A racing writer: cpu 1 flips TEST_KVA between two mappings, A (read-write)
 * and B (read-only), whose physical pages differ in the PTE's high word, with
 * unmap() and map() as any writer would; cpu 0 reads the page meanwhile,
 * dropping its TLB entry before each read so that every read takes a miss,
 * and answers cpu 1's shootdowns between reads.  Each word of A and of B
 * holds its own signature: every read must see one of them (or fault in the
 * gap between unmap and map), and the TLB entry the read went through must
 * pair A's page with A's permissions or B's with B's, never a mix.  The
 * reader counts the flips it saw (a read of A after one of B or the reverse)
 * and must see at least a quarter of them.
 *
 * Under QEMU's default round robin (one host thread runs the cores in turn)
 * a core gives the thread up only when it dozes or when QEMU's 100 ms kick
 * timer fires.  A reader whose reads succeed never dozes, so each flip used
 * to wait for the kick (measured: 40 to 50 million time-base ticks between a
 * flip's start and its shootdown, where the shootdown itself takes about
 * 30,000), and a writer dozing on its decrementer alone was seen asleep for
 * many of the reader's turns.  So the two hand the thread over by IPI: after
 * each flip the writer dozes until the reader has seen the new mapping (or
 * RACE_TURN_TB passes), and the reader, when it first sees it, wakes the
 * writer (smp_wake) and dozes.  Two cores taking turns never split the
 * writer's two stores, so only a run with QEMU's multi-threaded TCG
 * (RUNBOARD_QEMU_ARGS="-accel tcg,thread=multi"), where the cores run at
 * once, can show a mix (docs/e500-smp.md).
 */
#define RACE_FLIPS_SHORT	1000u
#define RACE_FLIPS_LONG		100000u
#define RACE_FLIP_TB		4000000u	/* time-base budget a flip (10 ms at 400 MHz; about 2 ms taken) */
#define RACE_SIG_A	0xA0000000u
#define RACE_SIG_B	0xB0000000u
#define RACE_SENTINEL	0xFFFFFFFFu
#define RACE_POOL	300u		/* pages to find two in different MBs */
#define RACE_GAP_TB	4000u		/* the reader waits this long in a gap for PRESENT, then faults */
#define RACE_TURN_TB	40000u		/* the longest the writer waits for the reader to see a flip */

struct race_map {
	paddr_t pa, pb;
	uint32_t flips;
	uint64_t bound;			/* time base at which the writer gives up */
	volatile uint32_t done;		/* flips made */
	volatile uint32_t seen;		/* the reader saw the mapping of flip `seen' */
	volatile uint32_t ready, go, stop;
	volatile int failed;		/* the first unmap() or map() error */
	volatile uint32_t *lo;		/* the PTE's low word */
};

static void race_flip_fn(void *arg)
{
	struct race_map *r = arg;
	uint64_t t0 = timebase_read();
	uint32_t i;

	smp_tlb_holds_none();		/* as in race_count_fn: cpu 0 flushed every TLB */
	r->ready = 1;
	smp_wake(0);
	while (!r->go && timebase_read() - t0 < RACE_BOUND)	/* cpu 0 is back from its call */
		smp_doze(RACE_TURN_TB);
	for (i = 0; i < r->flips && !r->stop && timebase_read() < r->bound; i++) {
		bool b = i & 1;
		int err = unmap(&kernel_mm, TEST_KVA, 4096);

		if (!err)
			err = map(&kernel_mm, TEST_KVA, b ? r->pb : r->pa, 4096,
				  b ? PROT_READ : KPROT_RW);
		if (err) {
			r->failed = err;
			break;
		}
		r->done = i + 1;
		smp_wake(0);
		t0 = timebase_read();
		while (r->seen != i + 1 && !r->stop && timebase_read() - t0 < RACE_TURN_TB)
			smp_doze(RACE_TURN_TB);
	}
	r->stop = 1;
}

/* Two pages whose frame numbers differ above their low 8 bits (the high word). */
static bool race_pages(paddr_t *pa, paddr_t *pb)
{
	static paddr_t pool[RACE_POOL];
	unsigned int n, i;
	bool found = false;

	for (n = 0; n < RACE_POOL && !found; n++) {
		pool[n] = test_page();
		found = (pool[n] >> 20) != (pool[0] >> 20);
	}
	*pa = pool[0];
	*pb = pool[n - 1];
	for (i = 1; i < n - 1; i++)
		test_page_free(pool[i]);
	if (!found && n > 1)
		test_page_free(pool[n - 1]);
	return found;
}

struct race_seen {
	uint32_t reads, faults, a, b, mixed, flips;
	int last;			/* 0 none yet, 1 A, 2 B */
};

/* One read of the page through a fresh miss, classified. */
static void race_read(struct race_map *r, struct race_seen *s)
{
	uint32_t done = r->done;
	uint64_t t0;
	uint32_t off = s->reads++ % 1024, v = RACE_SENTINEL;
	volatile uint32_t *p = (volatile uint32_t *)(TEST_KVA + off * 4);
	struct tlb_info t;
	int now = 0;

	tlb_flush_page(TEST_KVA);
	/* in the gap between unmap and map, miss the moment PRESENT is back: with
	 * cores that run at once this lands among map()'s two stores */
	t0 = timebase_read();
	while (!(*r->lo & _PAGE_PRESENT) && timebase_read() - t0 < RACE_GAP_TB)
		;
	expect_fault((uint32_t)(uintptr_t)p);
	__asm__ volatile("lwz%U1%X1 %0, %1" : "+r"(v) : "m"(*p));
	expect_fault_clear();
	if (v == RACE_SENTINEL) {
		s->faults++;
		smp_doze(RACE_TURN_TB);	/* in the gap: until cpu 1 has mapped */
		return;
	}
	if (!tlb_lookup(TEST_KVA, 0, &t))
		t.pa = 0;
	if (v == (RACE_SIG_A | off) && t.pa == r->pa && (t.prot & PROT_WRITE))
		now = 1;
	else if (v == (RACE_SIG_B | off) && t.pa == r->pb && !(t.prot & PROT_WRITE))
		now = 2;
	else if (s->mixed++ == 0)
		report_info("first mix: read %08lx at word %lu through pa " PA_FMT " prot %x",
			    (unsigned long)v, (unsigned long)off, PA_ARG(t.pa), t.prot);
	s->a += now == 1;
	s->b += now == 2;
	s->flips += now && s->last && now != s->last;
	if (now)
		s->last = now;
	/* the last flip mapped A when its number is odd, B when even (B to start with) */
	if (now == 2 - (int)(done & 1) && r->seen != done) {
		r->seen = done;
		smp_wake(1);
		smp_doze(RACE_TURN_TB);
	}
}

static void smp_race(uint32_t flips)
{
	struct race_map r = { .flips = flips };
	struct race_seen s = { 0 };
	struct walk_result w;
	uint32_t off;
	uint64_t t0, t1, bound = (uint64_t)flips * RACE_FLIP_TB + SMP_CALL_TIMEOUT;
	int err;

	if (!need_cores(2))
		return;
	if (!race_pages(&r.pa, &r.pb)) {
		report(false, "two test pages in different MBs among %u", RACE_POOL);
		test_page_free(r.pa);
		return;
	}
	for (off = 0; off < 1024; off++) {
		lin(r.pa)[off] = RACE_SIG_A | off;
		lin(r.pb)[off] = RACE_SIG_B | off;
	}
	err = map(&kernel_mm, TEST_KVA + 4096, r.pa, 4096, KPROT_RW);	/* keeps the PTE table */
	if (!err)
		err = map(&kernel_mm, TEST_KVA, r.pb, 4096, PROT_READ);
	if (!err)
		err = walk(&kernel_mm, TEST_KVA, &w);
	if (err || !w.ptep) {
		report(false, "the two test mappings (error %d)", err);
		return;
	}
	r.lo = (volatile uint32_t *)((char *)w.ptep + E500_ENTRY_LO);
	tlb_flush_all();
	t0 = timebase_read();
	r.bound = t0 + bound;
	err = smp_start(1, race_flip_fn, &r);
	while (!err && !r.ready && timebase_read() - t0 < SMP_CALL_TIMEOUT)
		smp_doze(HOLD_TB / 100);
	t1 = timebase_read();
	r.go = 1;
	smp_wake(1);
	while (r.ready && !r.stop && timebase_read() < r.bound + SMP_CALL_TIMEOUT) {
		smp_poll();
		race_read(&r, &s);
	}
	t1 = timebase_read() - t1;
	r.stop = 1;
	err = smp_wait(1, RACE_BOUND);
	report_info("%lu flips in %lu thousand time-base ticks (%lu a flip); %lu reads: %lu A, %lu B, "
		    "%lu faulted between, %lu mixed; %lu flips seen", (unsigned long)r.done,
		    (unsigned long)(t1 / 1000), (unsigned long)(t1 / (r.done ? r.done : 1)),
		    (unsigned long)s.reads, (unsigned long)s.a,
		    (unsigned long)s.b, (unsigned long)s.faults, (unsigned long)s.mixed,
		    (unsigned long)s.flips);
	report(err == 0 && !r.failed, "cpu 1 flipped the page and answered again (unmap or map error %d)",
	       r.failed);
	report_eq(r.done, flips, "cpu 1 made every flip within %lu thousand time-base ticks",
		  (unsigned long)(bound / 1000));
	report_eq(s.mixed, 0, "no read on cpu 0 paired one mapping's page with the other's permissions "
		  "or read the wrong signature (%lu reads)", (unsigned long)s.reads);
	report(s.a > 0 && s.b > 0, "cpu 0 saw both mappings (A %lu, B %lu reads)", (unsigned long)s.a,
	       (unsigned long)s.b);
	report(s.flips >= flips / 4, "cpu 0 saw at least a quarter of the flips (%lu of %lu)",
	       (unsigned long)s.flips, (unsigned long)flips);
	unmap(&kernel_mm, TEST_KVA, 2 * 4096);
	test_page_free(r.pa);
	test_page_free(r.pb);
}

void test_smp_race(void)
{
	smp_race(RACE_FLIPS_SHORT);
}

void test_smp_race_long(void)
{
	smp_race(RACE_FLIPS_LONG);
}

/*
 * Scripted work on cpu 1: it runs steps cpu 0 releases one at a time and
 * answers calls (shootdowns) while it waits for the next, as any work that
 * waits does.  Each step is acknowledged in `done'.
 */
#define STEP_BOUND	(4 * SMP_CALL_TIMEOUT)

struct script {
	vaddr_t va;
	volatile uint32_t step;		/* released by cpu 0 */
	volatile uint32_t done;		/* reached by cpu 1 */
	uint32_t v1, v2;
	bool present;			/* cpu 1 holds an entry for va at the last step */
	unsigned int faults;		/* ... and its access there faulted */
	struct fault_record fault;
};

/* cpu 1: wait for step n, answering calls meanwhile; false if the bound passed. */
static bool script_wait(struct script *s, uint32_t n)
{
	uint64_t t0 = timebase_read();

	while (s->step < n) {
		if (timebase_read() - t0 > STEP_BOUND)
			return false;
		smp_poll();
		smp_doze(HOLD_TB / 100);
	}
	return true;
}

static void script_ack(struct script *s, uint32_t n)
{
	__asm__ volatile("msync" : : : "memory");	/* the step's results before done */
	s->done = n;
	smp_wake(0);
}

/* cpu 0: release step n and wait (dozing, answering calls) for cpu 1 to reach it. */
static bool script_step(struct script *s, uint32_t n)
{
	uint64_t t0 = timebase_read();

	s->step = n;
	smp_wake(1);
	while (s->done < n) {
		if (timebase_read() - t0 > STEP_BOUND)
			return false;
		smp_poll();
		smp_doze(HOLD_TB / 100);
	}
	return true;
}

/* cpu 1's part of the last step: does it hold an entry for va, and does an access fault. */
static void script_look_and_read(struct script *s)
{
	struct tlb_info info;

	s->present = tlb_lookup(s->va, 0, &info);
	expect_fault(s->va);
	(void)peek(s->va);
	s->faults = faults_taken();
	s->fault = *last_fault();
	expect_fault_clear();
}

static void busy_flush_work(void *arg)
{
	struct script *s = arg;

	s->v1 = peek(s->va);			/* loads P's entry */
	script_ack(s, 1);
	if (!script_wait(s, 2))			/* answers cpu 0's full flush from here, busy */
		return;
	s->v2 = peek(s->va);			/* loads it again */
	script_ack(s, 2);
	if (!script_wait(s, 3))			/* cpu 0 unmaps P meanwhile */
		return;
	script_look_and_read(s);
	script_ack(s, 3);
}

/*
 * A core that answers a full flush from inside other work goes on loading
 * entries: it must not count as TLB-clean afterwards.  cpu 1, in work, loads
 * P; cpu 0 flushes every TLB; cpu 1 loads P again; cpu 0 unmaps P: cpu 1
 * holds no entry for P and faults on it.
 */
void test_smp_busy_flush(void)
{
	static struct script s;
	paddr_t pa;
	bool ok;

	if (!need_cores(2))
		return;
	memset(&s, 0, sizeof(s));
	s.va = TEST_KVA;
	pa = test_page();
	lin(pa)[0] = 0xb5f10001u;
	map(&kernel_mm, s.va, pa, 4096, KPROT_RW);
	ok = smp_start(1, busy_flush_work, &s) == 0 && script_step(&s, 1);
	report(ok && s.v1 == 0xb5f10001u, "work on cpu 1 reads the page");
	tlb_flush_all();
	ok = ok && script_step(&s, 2);
	report(ok && s.v2 == 0xb5f10001u, "after a full flush it answered from inside that work, it reads the "
	       "page again");
	unmap(&kernel_mm, s.va, 4096);
	ok = ok && script_step(&s, 3);
	report(ok && !s.present, "after unmap on cpu 0, cpu 1 (still in its work) holds no entry for the page");
	report(ok && s.faults == 1 && s.fault.addr == s.va, "... and its next access faults at the page");
	report_eq(smp_wait(1, HOLD_SLACK_TB), 0, "cpu 1 finishes its work");
	test_page_free(pa);
}

struct remote_unmap {
	vaddr_t va;
	vsize_t size;
	int err;
};

static void remote_unmap_work(void *arg)
{
	struct remote_unmap *r = arg;

	r->err = unmap(&kernel_mm, r->va, r->size);
}

static void remote_flush_work(void *arg)
{
	(void)arg;
	tlb_flush_all();
}

/*
 * The boot core starts TLB-dirty and stays so (it is never idle): a
 * shootdown started on another core reaches it, also after it answered a
 * full flush from another core while it waited.  Work on cpu 1 flushes
 * every TLB; cpu 0 loads P; work on cpu 1 unmaps P: cpu 0 holds no entry
 * for P and faults on it.
 */
void test_smp_boot_dirty(void)
{
	static struct remote_unmap r;
	struct tlb_info info;
	paddr_t pa;

	if (!need_cores(2))
		return;
	pa = test_page();
	lin(pa)[0] = 0xb00d0001u;
	map(&kernel_mm, TEST_KVA, pa, 4096, KPROT_RW);
	report(smp_start(1, remote_flush_work, NULL) == 0 && smp_wait(1, HOLD_SLACK_TB) == 0,
	       "work on cpu 1 flushes every TLB (cpu 0 answers while it waits)");
	report_eq(peek(TEST_KVA), 0xb00d0001u, "cpu 0 reads the page");
	report(tlb_lookup(TEST_KVA, 0, &info), "... and holds its entry");
	r.va = TEST_KVA;
	r.size = 4096;
	r.err = -1;
	report(smp_start(1, remote_unmap_work, &r) == 0 && smp_wait(1, HOLD_SLACK_TB) == 0 && r.err == 0,
	       "work on cpu 1 unmaps the page (cpu 0 answers its shootdown while it waits)");
	report(!tlb_lookup(TEST_KVA, 0, &info), "cpu 0 holds no entry for the page any more");
	expect_fault(TEST_KVA);
	(void)peek(TEST_KVA);
	report(faults_taken() == 1 && last_fault()->addr == TEST_KVA, "... and its next access faults");
	expect_fault_clear();
	test_page_free(pa);
}

/* A range shootdown drops every page of the range on the other core, not only the first. */
#define RANGE_PAGES	8

struct range_touch {
	vaddr_t va;
	uint32_t sum;
	unsigned int held;		/* pages of the range cpu 1 holds an entry for */
};

static void range_load_fn(void *arg)
{
	struct range_touch *r = arg;
	unsigned int i;

	r->sum = 0;
	for (i = 0; i < RANGE_PAGES; i++)
		r->sum += peek(r->va + i * 4096);
}

static void range_count_fn(void *arg)
{
	struct range_touch *r = arg;
	struct tlb_info info;
	unsigned int i;

	r->held = 0;
	for (i = 0; i < RANGE_PAGES; i++)
		r->held += tlb_lookup(r->va + i * 4096, 0, &info);
}

void test_smp_range_shootdown(void)
{
	struct range_touch r = { .va = TEST_KVA };
	paddr_t pa[RANGE_PAGES];
	uint32_t want = 0;
	unsigned int i;

	if (!need_cores(2))
		return;
	for (i = 0; i < RANGE_PAGES; i++) {
		pa[i] = test_page();
		lin(pa[i])[0] = 0x7a000000u + i;
		want += 0x7a000000u + i;
		map(&kernel_mm, TEST_KVA + i * 4096, pa[i], 4096, KPROT_RW);
	}
	report(on(1, range_load_fn, &r) && r.sum == want, "cpu 1 reads %u consecutive pages", RANGE_PAGES);
	report(on(1, range_count_fn, &r) && r.held == RANGE_PAGES, "... and holds an entry for each (%u)",
	       r.held);
	report_eq(unmap(&kernel_mm, TEST_KVA, RANGE_PAGES * 4096), 0, "cpu 0 unmaps the %u pages at once",
		  RANGE_PAGES);
	report(on(1, range_count_fn, &r) && r.held == 0, "cpu 1 holds an entry for none of them (%u held)",
	       r.held);
	for (i = 0; i < RANGE_PAGES; i++)
		test_page_free(pa[i]);
}

/*
 * smp_wait waits for the core's call mailbox as well as its work: a call
 * that timed out while it runs still uses its argument, so the caller may
 * let the argument go only after the wait.  The call runs on after its
 * caller's bound and after its release; the wait must return after it.
 */
#define SLOW_AFTER_TB	(SMP_CALL_TIMEOUT / 4)

struct slow_call {
	volatile uint32_t release, finished;
};

static void slow_fn(void *arg)
{
	struct slow_call *s = arg;
	uint64_t t0 = timebase_read();

	while (!s->release && timebase_read() - t0 < 8 * SMP_CALL_TIMEOUT)
		smp_doze(HOLD_TB / 100);
	t0 = timebase_read();
	while (timebase_read() - t0 < SLOW_AFTER_TB)
		smp_doze(HOLD_TB / 100);
	__asm__ volatile("msync" : : : "memory");
	s->finished = 1;
}

void test_smp_wait_call(void)
{
	static struct slow_call s;
	uint64_t t0;
	int err;

	if (!need_cores(2))
		return;
	s.release = 0;
	s.finished = 0;
	report_eq(smp_call(1, slow_fn, &s, HOLD_TB), SMP_ERUNNING,
		  "a call to cpu 1 outruns its bound while it runs");
	s.release = 1;
	err = smp_wait(1, HOLD_SLACK_TB);
	report(err == 0 && s.finished, "smp_wait(1) returns only once that call has finished (error %d, "
	       "finished %u)", err, s.finished);
	t0 = timebase_read();
	while (!s.finished && timebase_read() - t0 < HOLD_SLACK_TB)	/* leave no call behind */
		smp_doze(HOLD_TB / 100);
}

/*
 * Each secondary core's TLB1 round robin starts at the first huge-page
 * slot: its first huge miss goes to TLB1 slot 0, not to TLB0.  The first
 * huge miss each core takes, so this test runs before the other multicore
 * tests take any.
 */
struct first_huge {
	vaddr_t va;
	uint32_t next_before, next_after;
	bool in_slot0, anywhere_tlb1;
};

static void first_huge_fn(void *arg)
{
	struct first_huge *f = arg;
	struct tlb_info t;

	f->next_before = this_cpu()->tlb1_next;
	(void)peek(f->va);
	f->next_after = this_cpu()->tlb1_next;
	f->in_slot0 = tlb1_read(0, &t) && t.valid && t.va == f->va && t.size == (4u << 20);
	f->anywhere_tlb1 = tlb_lookup(f->va, 0, &t) && t.level == 1;
}

void test_smp_tlb1_first_slot(void)
{
	struct first_huge f;
	paddr_t pa;
	unsigned int c;

	if (!need_cores(2))
		return;
	pa = hugepool_alloc(4u << 20);
	if (pa == HUGEPOOL_FAIL) {
		skip_no_huge_page("no 4M page in the pool");
		return;
	}
	map(&kernel_mm, layout.kmap_start, pa, 4u << 20, PROT_READ);
	for (c = 1; c < smp_cpus(); c++) {
		memset(&f, 0, sizeof(f));
		f.va = layout.kmap_start;
		if (!on(c, first_huge_fn, &f))
			continue;
		report_eq(f.next_before, MAS0_TLBSEL1, "cpu %u: before its first huge miss, its round robin "
			  "points at TLB1 slot 0", c);
		report(f.in_slot0 && f.anywhere_tlb1, "cpu %u: its first huge miss loads TLB1 slot 0", c);
		report_eq(f.next_after, MAS0_TLBSEL1 | (1u << MAS0_ESEL_SHIFT), "cpu %u: ... and moves on to "
			  "slot 1", c);
	}
	unmap(&kernel_mm, layout.kmap_start, 4u << 20);
	hugepool_free(pa, 4u << 20);
}

/*
 * Fault counters under concurrency: cpu 1 and cpu 0 each take FAULT_COUNT_EACH
 * declared data faults at the same time.  Each core's own count moves by
 * exactly its faults, and the total by their sum: no increment lost, none
 * counted on the wrong core (mutant fault-count-shared).
 */
#define FAULT_COUNT_EACH	400u

struct fault_loop {
	vaddr_t va;
	unsigned int n, taken;
};

static void fault_loop_fn(void *arg)
{
	struct fault_loop *l = arg;
	unsigned int i;

	for (i = 0; i < l->n; i++) {
		expect_fault(l->va);
		(void)peek(l->va);
		l->taken += faults_taken();
	}
}

void test_smp_fault_counts(void)
{
	static struct fault_loop l1;
	struct fault_loop l0 = { .va = TEST_KVA + 0x2000, .n = FAULT_COUNT_EACH };
	unsigned int c0, c1, sum;
	struct walk_result w;
	int err;

	if (!need_cores(2))
		return;
	if (walk(&kernel_mm, l0.va, &w) == MMU_OK) {
		report(false, "0x%08lx is unmapped for the test", (unsigned long)l0.va);
		return;
	}
	l1 = (struct fault_loop){ .va = l0.va, .n = FAULT_COUNT_EACH };
	c0 = fault_count_cpu(0, FAULT_TLB_DATA);
	c1 = fault_count_cpu(1, FAULT_TLB_DATA);
	sum = fault_counts()[FAULT_TLB_DATA];
	err = smp_start(1, fault_loop_fn, &l1);
	fault_loop_fn(&l0);
	if (!err)
		err = smp_wait(1, SMP_CALL_TIMEOUT);
	report_eq(err, 0, "cpu 1 ran its fault loop while cpu 0 ran its own");
	report(l0.taken == FAULT_COUNT_EACH && l1.taken == FAULT_COUNT_EACH,
	       "each core took every declared fault (cpu 0 %u, cpu 1 %u of %u)", l0.taken, l1.taken,
	       FAULT_COUNT_EACH);
	report_eq(fault_count_cpu(0, FAULT_TLB_DATA) - c0, l0.taken,
		  "cpu 0's data-miss fault count moved by its faults");
	report_eq(fault_count_cpu(1, FAULT_TLB_DATA) - c1, l1.taken, "cpu 1's by its own");
	report_eq(fault_counts()[FAULT_TLB_DATA] - sum, l0.taken + l1.taken,
		  "the total by both, exactly (no increment lost)");
}

/*
 * Lock waits are bounded and name the holder: cpu 0 holds a lock, cpu 1's
 * bounded wait for it times out and names cpu 0; released, cpu 1 takes it.
 */
#define LOCK_BOUND_TB	(SMP_CALL_TIMEOUT / 100)

struct lock_wait {
	volatile uint32_t *lock;
	int err;
	unsigned int holder;
	uint64_t waited;
};

static void lock_wait_fn(void *arg)
{
	struct lock_wait *w = arg;
	uint64_t t0 = timebase_read();

	w->holder = SMP_NO_CPU;
	w->err = smp_lock_wait(w->lock, LOCK_BOUND_TB, &w->holder);
	w->waited = timebase_read() - t0;
	if (!w->err)
		smp_unlock(w->lock);
}

void test_smp_lock_bound(void)
{
	static volatile uint32_t lock;
	struct lock_wait w = { .lock = &lock };

	if (!need_cores(2))
		return;
	smp_lock(&lock);
	report(on(1, lock_wait_fn, &w) && w.err == SMP_ETIMEDOUT && w.waited >= LOCK_BOUND_TB,
	       "cpu 1's wait for a lock cpu 0 holds ends at its bound (error %d after %lu ticks, bound %lu)",
	       w.err, (unsigned long)w.waited, (unsigned long)LOCK_BOUND_TB);
	report_eq(w.holder, 0, "... naming cpu 0 as the holder");
	smp_unlock(&lock);
	report(on(1, lock_wait_fn, &w) && w.err == 0, "released, cpu 1 takes the lock (error %d)", w.err);
	report_eq(lock, 0, "... and lets it go");
}

/*
 * The doze's decrementer rules (smp_doze; the held-core flake, docs/e500-smp.md),
 * on the running core alone and without a window that load could close:
 * - a doze entered while an expired count has left TSR[DIS] set sleeps for its
 *   own count (the entry clears the stale status instead of skipping the doze
 *   or being woken, or not, by it): it lasts at least its count;
 * - a doze an interrupt ends at once (an IPI to itself, pending before it)
 *   leaves no deadline behind: once its count has passed, TSR[DIS] is still
 *   clear.  Under QEMU 7.2 a negative count stored on the way out does not
 *   replace the deadline, which fires later and leaves DIS set for the next
 *   doze (mutant doze-exit-negative).
 * Each is a lower bound on time or a state, so a loaded host only makes it slower.
 */
#define DOZE_TEST_TB	4000000u	/* 10 ms at 400 MHz */
#define DOZE_EARLY_TB	160000000u	/* 400 ms: the doze the IPI ends (long: a loaded host may pause QEMU) */
#define DOZE_TRIES	5u

static void expire_decrementer(void)
{
	uint64_t t0 = timebase_read();

	mtspr(SPRN_TCR, 0);
	mtspr(SPRN_DEC, 1);			/* DIS set, no interrupt (DIE off) */
	/* bounded generously: a loaded host may take its time to expire even one tick */
	while (!(mfspr(SPRN_TSR) & TSR_DIS) && timebase_read() - t0 < SMP_CALL_TIMEOUT)
		;
}

void test_smp_doze_bound(void)
{
	uint64_t t0, took = 0;
	unsigned int tries, ipis;
	bool stale = false;

	if (!need_cores(2))
		return;
	/* an IPI from another core (a late answer of an earlier test) may end a doze early: try again */
	for (tries = 0; tries < DOZE_TRIES; tries++) {
		expire_decrementer();
		stale = mfspr(SPRN_TSR) & TSR_DIS;
		ipis = smp_ipis_received(smp_this_cpu());
		t0 = timebase_read();
		smp_doze(DOZE_TEST_TB);
		took = timebase_read() - t0;
		if (smp_ipis_received(smp_this_cpu()) == ipis)
			break;
	}
	report(stale, "an expired count with the decrementer interrupt off leaves TSR[DIS] set");
	report(took >= DOZE_TEST_TB, "a doze of %lu ticks entered with that status sleeps its count (%lu ticks; "
	       "%u dozes ended by an IPI before)", (unsigned long)DOZE_TEST_TB, (unsigned long)took, tries);
	report_eq(mfspr(SPRN_TSR) & TSR_DIS, 0, "... and leaves no decrementer status behind");

	smp_wake_self();
	t0 = timebase_read();
	smp_doze(DOZE_EARLY_TB);
	took = timebase_read() - t0;
	report(took < DOZE_EARLY_TB, "an IPI to itself ends a doze of %lu ticks at once (%lu ticks)",
	       (unsigned long)DOZE_EARLY_TB, (unsigned long)took);
	while (timebase_read() - t0 < DOZE_EARLY_TB + DOZE_EARLY_TB / 4)
		;
	report_eq(mfspr(SPRN_TSR) & TSR_DIS, 0, "once that doze's count has passed, TSR[DIS] is still clear "
		  "(no deadline left pending by the doze's exit)");
}
