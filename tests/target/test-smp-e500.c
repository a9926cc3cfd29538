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
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "e500/tlb1.h"
#include "e500/smp.h"
#include "tlb/e500-tlb.h"
#include "hugetlb/pool.h"
#include "lib/fault.h"
#include "mmu/pte-e500.h"
#include "tests/target/test-smp-e500.h"

#define SMP_UVA		0x40000000u	/* user pages, 1 GB aligned: every huge size fits */
#define SMP_PID		9
#define HOLD_TB		(SMP_CALL_TIMEOUT / 8)	/* a short bound for the held-core check */
#define HOLD_SLACK_TB	(4 * SMP_CALL_TIMEOUT)

extern struct e500_ctx kernel_ctx;

static bool need_cores(unsigned int n)
{
	if (smp_online() >= n)
		return true;
	report_skip("needs %u online cores; this board has %u", n, smp_online());
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
	report(smp_online() == n, "every core the device tree lists is online (%u of %u)", smp_online(), n);
	for (c = 0; c < n; c++) {
		memset(&id[c], 0, sizeof(id[c]));
		if (!on(c, ident_fn, &id[c]))
			continue;
		report(id[c].cpu == c && id[c].pir == smp_pir(c),
		       "cpu %u runs a call itself: its per-CPU page says cpu %lu, its PIR is %lu", c,
		       (unsigned long)id[c].cpu, (unsigned long)id[c].pir);
		report(id[c].pinned && id[c].percpu_pa == virt_to_phys(smp_percpu(c)),
		       "cpu %u: its own per-CPU page pinned in its own TLB1 (" PA_FMT ")", c,
		       PA_ARG(id[c].percpu_pa));
		report(id[c].sprg0 == kernel_ctx.pgd4, "cpu %u: SPRG0 holds the kernel's PGD", c);
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
};

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

	t->value = peek(t->va);
}

static void write_fn(void *arg)
{
	struct touch *t = arg;

	poke(t->va, t->value);
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
		report(t.value == 0x5a5a0000u + c && t.present,
		       "cpu %u reads its page and holds the entry in its own TLB", c);
		if (tlb_counts_available())
			report(t.dmiss_after == t.dmiss_before + 1 && moved == 0,
			       "cpu %u counted its miss (%lu), no idle core counted one", c,
			       (unsigned long)(t.dmiss_after - t.dmiss_before));
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
	report(now == (int)boot, "measured: tlbivax on cpu 0 %s cpu 1's TLB, as at start-up",
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
	report(on(1, touch_fn, &t) && t.value == 0x600d0001u && t.present,
	       "cpu 1 reads the page and holds its entry");
	t0 = timebase_read();
	unmap(&kernel_mm, TEST_KVA, 4096);
	cost = timebase_read() - t0;
	report_info("unmap of one 4K page held by cpu 1, %u other core(s) online: %lu time-base ticks",
		    smp_online() - 1, (unsigned long)cost);
	report(on(1, look_fn, &t) && !t.present, "after unmap on cpu 0, cpu 1's TLB has no entry");
	expect_fault(TEST_KVA);
	report(on(1, read_fn, &t) && faults_taken() == 1 && last_fault()->addr == TEST_KVA,
	       "cpu 1's next access faults");
	expect_fault_clear();
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
	report(on(1, write_fn, &t) && lin(pa)[0] == 0x11111111u && on(1, look_fn, &t) && t.present,
	       "cpu 1 stores through the RW mapping and holds its entry");
	protect(&kernel_mm, TEST_KVA, 4096, PROT_READ);
	t.value = 0x22222222u;
	expect_fault(TEST_KVA);
	report(on(1, write_fn, &t) && faults_taken() == 1 && last_fault()->store &&
	       lin(pa)[0] == 0x11111111u, "after protect RO on cpu 0, a store on cpu 1 faults, memory unchanged");
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
};

static void user_load_fn(void *arg)
{
	struct ucall *u = arg;
	struct tlb_info info;

	u->value = 0;
	u->kind = user_call(u->mm, user_routine(user_load_word), u->va, &u->value);
	u->present = tlb_lookup(u->va, u->mm->pid, &info);
}

static void user_look_fn(void *arg)
{
	struct ucall *u = arg;
	struct tlb_info info;

	u->present = tlb_lookup(u->va, u->mm->pid, &info);
}

/* One huge size in a user space: core 1 loads it into its TLB1, core 0 unmaps, core 1 faults. */
static void huge_remote(uint32_t size)
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
	report(on(1, user_load_fn, &u) && u.kind == 0 && u.value == 0x0b160000u + (size >> 20) && u.present,
	       "%luM: cpu 1 reads the last word in user mode and holds the entry",
	       (unsigned long)(size >> 20));
	unmap(&mm, SMP_UVA, size);
	report(on(1, user_look_fn, &u) && !u.present, "%luM: after unmap on cpu 0, cpu 1 holds no entry",
	       (unsigned long)(size >> 20));
	expect_fault(u.va);
	report(on(1, user_load_fn, &u) && u.kind == 1 && faults_taken() == 1,
	       "%luM: cpu 1's next user access faults", (unsigned long)(size >> 20));
	expect_fault_clear();
	unmap(&kernel_mm, TEST_KVA, 4096);
	user_space_destroy(&mm);
	hugepool_free(pa, size);
}

void test_smp_huge(void)
{
	unsigned int n, i;
	const uint32_t *sizes = mmu_page_sizes(&n);

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
	report(on(1, user_load_fn, &u) && u.kind == 0 && u.value == 0xaaaa0001u && u.present,
	       "cpu 1 reads space A (PID %u) and holds its entry", SMP_PID);
	user_space_destroy(&a);
	user_space_init(&b, SMP_PID);
	u.mm = &b;
	report(on(1, user_look_fn, &u) && !u.present, "after A is destroyed on cpu 0, cpu 1 holds no PID %u entry",
	       SMP_PID);
	map(&b, SMP_UVA, pb, 4096, UPROT_RW);
	report(on(1, user_load_fn, &u) && u.kind == 0 && u.value == 0xbbbb0002u,
	       "cpu 1 reads space B with the same PID: B's page (0x%08lx)", (unsigned long)u.value);
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
	report(smp_call(cpu, nop_fn, &ran, SMP_CALL_TIMEOUT) == 0 && ran == 1, "cpu %u answers a call", cpu);
	t0 = timebase_read();
	err = smp_call(cpu, hold_fn, NULL, HOLD_TB);	/* it runs hold_fn and stops answering */
	waited = timebase_read() - t0;
	report(err == SMP_ETIMEDOUT, "a call that holds cpu %u times out (%d), the core named on the console",
	       cpu, err);
	/* the slack: QEMU's cores take turns, and a loaded host can leave one waiting for its turn */
	report(waited >= HOLD_TB && waited <= HOLD_TB + HOLD_SLACK_TB,
	       "... after its bound and no later than %lu ticks more (%lu ticks for a bound of %lu)",
	       (unsigned long)HOLD_SLACK_TB, (unsigned long)waited, (unsigned long)HOLD_TB);
	report(smp_call(cpu, nop_fn, &ran, HOLD_TB) == SMP_EBUSY && ran == 1,
	       "the next call to it is refused at once (busy), not queued behind the held one");
	hold_release = 1;
	t0 = timebase_read();
	while ((err = smp_call(cpu, nop_fn, &ran, SMP_CALL_TIMEOUT)) == SMP_EBUSY &&
	       timebase_read() - t0 < HOLD_SLACK_TB)
		smp_poll();
	report(err == 0 && ran == 2, "let go, cpu %u answers again", cpu);

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
	smp_tlb_flushed();
	r->ready = 1;
	while (!r->stop && timebase_read() - t0 < RACE_BOUND) {
		word_count(r->lo);
		r->bumps++;
	}
}

void test_smp_fixup_race(void)
{
	struct race_bits r = { 0 };
	struct walk_result w;
	uint32_t ran = 0, hi, lo, young0, sum = 0, i;
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
	err = smp_call(1, race_count_fn, &r, HOLD_TB);	/* it goes on counting: the call times out */
	t0 = timebase_read();
	while (!r.ready && timebase_read() - t0 < SMP_CALL_TIMEOUT)
		smp_doze(HOLD_TB / 100);
	young0 = fault_fixups.young;
	for (i = 0; i < RACE_FIXUPS && r.ready; i++) {
		word_clear(r.lo, _PAGE_ACCESSED);
		tlb_flush_page(TEST_KVA);
		sum += ((volatile uint32_t *)TEST_KVA)[i % 1024] == i % 1024;
	}
	r.stop = 1;
	t0 = timebase_read();
	while ((err = smp_call(1, nop_fn, &ran, SMP_CALL_TIMEOUT)) == SMP_EBUSY &&
	       timebase_read() - t0 < RACE_BOUND)
		smp_poll();
	lo = *r.lo;
	report(err == 0 && r.ready, "cpu 1 counted in the PTE's word and answered again when stopped");
	report(fault_fixups.young - young0 == RACE_FIXUPS && sum == RACE_FIXUPS,
	       "cpu 0 took %u accessed-bit fix-ups (of %u) and read the right word each time",
	       fault_fixups.young - young0, RACE_FIXUPS);
	report((lo & RACE_FIELD) == ((r.bumps * RACE_ONE) & RACE_FIELD),
	       "no increment of cpu 1 lost to a fix-up: field %lx, %lu increments",
	       (unsigned long)(lo & RACE_FIELD), (unsigned long)r.bumps);
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
 * pair A's page with A's permissions or B's with B's, never a mix.
 */
#define RACE_FLIPS_SHORT	10u	/* QEMU's round robin: about 70 ms of emulated time a flip */
#define RACE_SIG_A	0xA0000000u
#define RACE_SIG_B	0xB0000000u
#define RACE_SENTINEL	0xFFFFFFFFu
#define RACE_POOL	300u		/* pages to find two in different MBs */
#define RACE_DOZE_TB	4000u		/* 10 us at 400 MHz: hands QEMU's one thread to the other core */

struct race_map {
	paddr_t pa, pb;
	uint32_t flips, done;		/* done: flips made */
	volatile uint32_t ready, go, stop;
	volatile int failed;		/* the first unmap() or map() error */
};

static void race_flip_fn(void *arg)
{
	struct race_map *r = arg;
	uint32_t i;

	uint64_t t0 = timebase_read();

	smp_tlb_flushed();		/* as in race_count_fn: cpu 0 flushed every TLB */
	r->ready = 1;
	while (!r->go && timebase_read() - t0 < RACE_BOUND)	/* cpu 0 is back from its call */
		smp_doze(RACE_DOZE_TB);
	for (i = 0; i < r->flips && !r->stop; i++) {
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
		/* under QEMU's one-thread round robin the reader runs only while
		 * this core waits: let it see the new mapping before the next flip */
		smp_doze(RACE_DOZE_TB);
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

static void smp_race(uint32_t flips)
{
	struct race_map r = { .flips = flips };
	uint32_t reads = 0, faults = 0, seen_a = 0, seen_b = 0, mixed = 0, ran = 0, off, v;
	uint64_t t0;
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
	if (err) {
		report(false, "the two test mappings (error %d)", err);
		return;
	}
	tlb_flush_all();
	smp_call(1, race_flip_fn, &r, HOLD_TB);	/* it goes on flipping: the call times out */
	t0 = timebase_read();
	while (!r.ready && timebase_read() - t0 < SMP_CALL_TIMEOUT)
		smp_doze(HOLD_TB / 100);
	r.go = 1;
	while (r.ready && !r.stop && timebase_read() - t0 < (uint64_t)flips * SMP_CALL_TIMEOUT) {
		volatile uint32_t *p = (volatile uint32_t *)(TEST_KVA + (reads % 1024) * 4);
		struct tlb_info t;

		smp_poll();
		tlb_flush_page(TEST_KVA);
		v = RACE_SENTINEL;
		expect_fault((uint32_t)(uintptr_t)p);
		__asm__ volatile("lwz%U1%X1 %0, %1" : "+r"(v) : "m"(*p));
		expect_fault_clear();
		off = reads++ % 1024;
		if (v == RACE_SENTINEL) {
			faults++;
			smp_doze(RACE_DOZE_TB);	/* in the gap: let cpu 1 map */
			continue;
		}
		if (!tlb_lookup(TEST_KVA, 0, &t))
			t.pa = 0;
		if (v == (RACE_SIG_A | off) && t.pa == r.pa && (t.prot & PROT_WRITE))
			seen_a++;
		else if (v == (RACE_SIG_B | off) && t.pa == r.pb && !(t.prot & PROT_WRITE))
			seen_b++;
		else if (mixed++ == 0)
			report_info("first mix: read %08lx at word %lu through pa %lx prot %x",
				    (unsigned long)v, (unsigned long)off, (unsigned long)t.pa, t.prot);
	}
	r.stop = 1;
	t0 = timebase_read();
	/* busy until it returns; a slow answer under a loaded round robin is a retry */
	while ((err = smp_call(1, nop_fn, &ran, SMP_CALL_TIMEOUT)) != 0 &&
	       timebase_read() - t0 < RACE_BOUND)
		smp_poll();
	report(err == 0 && !r.failed && r.done == flips,
	       "cpu 1 flipped the page %lu times of %lu (unmap and map succeed: %d)",
	       (unsigned long)r.done, (unsigned long)flips, r.failed);
	report(mixed == 0 && seen_a > 0 && seen_b > 0,
	       "%lu reads on cpu 0: %lu saw A (RW), %lu B (RO), %lu faulted between, %lu mixed",
	       (unsigned long)reads, (unsigned long)seen_a, (unsigned long)seen_b,
	       (unsigned long)faults, (unsigned long)mixed);
	unmap(&kernel_mm, TEST_KVA, 2 * 4096);
	test_page_free(r.pa);
	test_page_free(r.pb);
}

void test_smp_race(void)
{
	smp_race(RACE_FLIPS_SHORT);
}


