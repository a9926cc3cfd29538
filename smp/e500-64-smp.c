/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode, multicore (smp/e500-64-smp.h); book3s/64 uses it too.  Every mailbox field
 * is written whole, with msync between the fields and the sequence number
 * that publishes them; the core that answers reads them after seeing the new
 * number (isync), so it never runs a half-posted call.
 */
#include <stddef.h>
#include "include/arch.h"
#include "smp/e500-64-smp.h"
#include "lib/kprintf.h"
#ifdef PPCMMU_E500_64
#include "e500/reg.h"
#else
#include "include/book3s64/hash.h"
#endif

/*
 * A mailbox: seq counts what was posted, done what was answered (equal:
 * free).  claim is the seq the core took, or seq | CALL_WITHDRAWN when the
 * caller gave the call up before the core took it: whichever of the two
 * claims a call first wins (claim_call), so a withdrawn call never runs and
 * a taken one is never withdrawn.
 */
struct slot {
	void (*volatile fn)(void *arg);
	void *volatile arg;
	volatile uint32_t seq, done;
	volatile uint32_t claim;
};

#define CALL_WITHDRAWN	0x80000000u
#define CALL_SEQ_MASK	0x7fffffffu

struct core {
	volatile uint32_t online;
	/*
	 * dirty: the core may hold TLB entries a shootdown is after.  0 only
	 * while it has run nothing since its start-up (start-up left it only
	 * its pinned entries); set (msync) before it runs its first call or
	 * work, so a shooter that stored its PTE, ran msync and then reads 0
	 * may skip it: whatever the core runs later reads the new PTE.
	 */
	volatile uint32_t dirty;
	volatile uint64_t msr, epcr, pir;
	volatile uint32_t idles;	/* a secondary: it sleeps in e64_smp_idle between posts */
	struct slot call, work;
	/*
	 * One caller at a time posts to call and waits for it; released when
	 * the caller returns, whatever the outcome (a call still running at its
	 * bound leaves call busy, not the lock held).
	 */
	volatile uint32_t call_lock;
};

static struct core cores[ARCH_MAX_CPUS];
static volatile unsigned int online = 1;
static unsigned int listed = 1;

/* sync: e500's msync is the same instruction, so book3s/64 builds this file too. */
static inline void msync(void)
{
	__asm__ volatile("sync" : : : "memory");
}

static inline void isync(void)
{
	__asm__ volatile("isync" : : : "memory");
}

unsigned int smp_online(void)
{
	return online;
}

unsigned int smp_cores_listed(void)
{
	return listed;
}

static unsigned int me(void)
{
	return arch_this_cpu() % ARCH_MAX_CPUS;
}

/*
 * Claim call seq for value (seq: the core takes it; seq | CALL_WITHDRAWN: its
 * caller gives it up): false if it was claimed already, by either side.
 */
static bool claim_call(volatile uint32_t *claim, uint32_t value)
{
	uint32_t old = *claim, seq = value & CALL_SEQ_MASK;

	do {
		if ((old & CALL_SEQ_MASK) == seq)
			return false;
	} while (!__atomic_compare_exchange_n(claim, &old, value, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
	return true;
}

/*
 * Run what s holds (c's mailbox) if it was posted, not answered and not
 * withdrawn; true if it ran.  The claim also keeps a call whose fn polls
 * from running a second time inside itself.
 */
static bool serve(struct core *c, struct slot *s)
{
	uint32_t seq = s->seq;

	if (seq == s->done || !claim_call(&s->claim, seq))
		return false;
	c->dirty = 1;
	msync();
	isync();
	s->fn(s->arg);
	msync();
	s->done = seq;
	msync();
	return true;
}

void smp_poll(void)
{
	struct core *c = &cores[me()];

	serve(c, &c->call);
}

bool smp_tlb_clean(unsigned int cpu)
{
	msync();
	return cpu < ARCH_MAX_CPUS && cores[cpu].online && !cores[cpu].dirty;
}


bool smp_lock_try(volatile uint32_t *lock)
{
	uint32_t free = 0;

	if (!__atomic_compare_exchange_n(lock, &free, me() + 1, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return false;
	isync();
	return true;
}

void smp_unlock(volatile uint32_t *lock)
{
	msync();
	*lock = 0;
	msync();
}

void smp_doze(uint32_t ticks)
{
	uint64_t t0 = timebase_read();

	while (timebase_read() - t0 < ticks)
		smp_poll();
}

void smp_wake(unsigned int cpu)
{
	(void)cpu;
}

#ifdef PPCMMU_E500_64
/*
 * An idle e500 secondary sleeps in wait (ISA 2.06, e5500/e6500) with
 * MSR[EE] on, and a core that posts to its mailbox sends it a doorbell
 * (msgsnd to its PIR): under QEMU a secondary that polled instead kept a
 * host CPU busy for the whole run.  The doorbell stays pending while the
 * target has EE clear, so one sent between the idle core's last look at its
 * mailboxes and its wait is taken as soon as it sets EE; the interrupt then
 * returns past the wait (doorbell(), boot/e500-64-trap.c), never into
 * it.  Only the idle loop runs with EE on.
 */
#define INSN_WAIT	".long 0x7c00007c"	/* wait */

/* noinline: one copy of the labels the doorbell handler knows */
__attribute__((noinline)) void e64_smp_idle(void)
{
	uint64_t msr;

	__asm__ volatile("mfmsr %0" : "=r"(msr));
	__asm__ volatile("mtmsr %0\n"
			 ".globl e64_idle_wait\n"
			 "e64_idle_wait: isync\n"
			 "	" INSN_WAIT "\n"
			 ".globl e64_idle_woken\n"
			 "e64_idle_woken: mtmsr %1; isync"
			 : : "r"(msr | MSR_EE), "r"(msr & ~(uint64_t)MSR_EE) : "memory");
}

/* Wake core c if it is one that idles (a secondary): a doorbell to its PIR (msgsnd's tag). */
static void kick(struct core *c)
{
	if (!c->idles)
		return;
	msync();
	__asm__ volatile("msgsnd %0" : : "r"(c->pir & DBELL_PIRTAG) : "memory");
}
#else
/*
 * book3s/64 (POWER8): an idle secondary naps (b3_idle_nap()) with the
 * hypervisor doorbell as its exit, and a post rings that doorbell (msgsnd,
 * message type 5, to its PIR): QEMU halts a napping virtual CPU, which then
 * takes no host time.  The doorbell stays pending while the target runs
 * with MSR[EE] clear, so one rung between the idle core's last look at its
 * mailboxes and its nap ends the nap at once; one that finds it in user
 * mode (EE on) is taken there and dropped (boot/book3s64-trap.c).
 */
void e64_smp_idle(void)
{
	b3_idle_nap();
}

static void kick(struct core *c)
{
	if (!c->idles)
		return;
	msync();
	__asm__ volatile("msgsnd %0" : : "r"(DBELL_TYPE_HV | (c->pir & DBELL_PIR_MASK)) : "memory");
}
#endif

static void post(struct core *c, struct slot *s, void (*fn)(void *), void *arg)
{
	s->fn = fn;
	s->arg = arg;
	msync();
	s->seq = (s->seq + 1) & CALL_SEQ_MASK;
	msync();
	kick(c);
}

/* Wait (answering calls) until s has answered, at most timeout_tb. */
static int wait_answer(struct slot *s, uint64_t timeout_tb)
{
	uint64_t t0 = timebase_read();

	while (s->done != s->seq) {
		smp_poll();
		if (timebase_read() - t0 > timeout_tb)
			return SMP_ERUNNING;
	}
	isync();
	return 0;
}

/*
 * The bound passed: withdraw the call if the core has not taken it (it will
 * never run it: the mailbox is free again, arg may go), else leave it
 * running (the mailbox stays busy until the core answers; arg stays in
 * use).  Either way the lock goes, and the console names the core.
 */
static int give_up(unsigned int cpu, struct core *c, uint64_t timeout_tb)
{
	uint32_t seq = c->call.seq;
	bool withdrawn = claim_call(&c->call.claim, seq | CALL_WITHDRAWN);

	if (withdrawn) {
		msync();
		c->call.done = seq;
		msync();
	} else if (c->call.done == seq) {	/* it answered since the bound passed */
		isync();
		smp_unlock(&c->call_lock);
		return 0;
	}
	smp_unlock(&c->call_lock);
	kprintf("smp: cpu %u (PIR %lu) did not answer a call within %lu time-base ticks%s\n", cpu,
		(unsigned long)c->pir, (unsigned long)timeout_tb,
		withdrawn ? "; the call is withdrawn" : "; it is running the call");
	return withdrawn ? SMP_ETIMEDOUT : SMP_ERUNNING;
}

int smp_call(unsigned int cpu, void (*fn)(void *), void *arg, uint64_t timeout_tb)
{
	struct core *c = &cores[cpu % ARCH_MAX_CPUS];
	uint64_t t0 = timebase_read();

	if (cpu == me()) {
		fn(arg);
		return 0;
	}
	if (cpu >= ARCH_MAX_CPUS || !c->online)
		return SMP_EOFFLINE;
	while (!smp_lock_try(&c->call_lock)) {
		smp_poll();
		if (timebase_read() - t0 > timeout_tb)
			return SMP_ETIMEDOUT;
	}
	if (c->call.done != c->call.seq) {	/* an earlier call that ran past its bound: still running */
		smp_unlock(&c->call_lock);
		return SMP_EBUSY;
	}
	post(c, &c->call, fn, arg);
	if (wait_answer(&c->call, timeout_tb))
		return give_up(cpu, c, timeout_tb);
	smp_unlock(&c->call_lock);
	return 0;
}

int smp_call_after(unsigned int cpu, void (*fn)(void *), void *arg, uint64_t timeout_tb)
{
	uint64_t t0 = timebase_read();
	int err;

	while ((err = smp_call(cpu, fn, arg, timeout_tb)) == SMP_EBUSY) {
		if (timebase_read() - t0 > timeout_tb)
			return err;
		smp_poll();
	}
	return err;
}

int smp_start(unsigned int cpu, void (*fn)(void *), void *arg)
{
	struct core *c = &cores[cpu % ARCH_MAX_CPUS];

	if (cpu >= ARCH_MAX_CPUS || !c->online || cpu == me())
		return SMP_EOFFLINE;
	if (c->work.seq != c->work.done)
		return SMP_EBUSY;
	post(c, &c->work, fn, arg);
	return 0;
}

int smp_wait(unsigned int cpu, uint64_t timeout_tb)
{
	if (cpu >= ARCH_MAX_CPUS || !cores[cpu].online)
		return SMP_EOFFLINE;
	if (cpu == me())
		return 0;
	if (wait_answer(&cores[cpu].call, timeout_tb))
		return SMP_ERUNNING;
	return wait_answer(&cores[cpu].work, timeout_tb);
}

void e64_smp_boot_core(unsigned int n)
{
	struct core *c = &cores[me()];

	listed = n ? n : 1;
	c->dirty = 1;		/* the boot core runs the kernel itself: never clean */
	c->online = 1;
}

/* A secondary core: its record, then calls and work for good. */
void e64_smp_secondary(unsigned int index, uint64_t msr, uint64_t epcr, uint64_t pir)
{
	struct core *c = &cores[index % ARCH_MAX_CPUS];

	c->msr = msr;
	c->epcr = epcr;
	c->pir = pir;
	c->idles = 1;
	msync();
	c->online = 1;
	msync();
	for (;;) {
		bool ran = serve(c, &c->call);

		if (!(serve(c, &c->work) || ran))
			e64_smp_idle();
	}
}

bool e64_smp_wait_up(unsigned int index, uint64_t timeout_tb)
{
	uint64_t t0 = timebase_read();

	while (!cores[index].online && timebase_read() - t0 < timeout_tb)
		;
	if (!cores[index].online)
		return false;
	online = online + 1;
	return true;
}

/*
 * The quiescent point deferred table freeing waits for (mmu/pt-linear.c, the
 * 32-bit family's rule): every other core that may be walking a page table
 * answers a call that does nothing.  A core answers calls only between its
 * walks (the miss handlers never poll; C polls between steps, never inside
 * a walk), so once each has answered, no walk that began before the call
 * is still going.  A core that has run nothing since its start-up walks no
 * table and is passed.
 */
static void quiesce_fn(void *arg)
{
	(void)arg;
}

/* As generous as a shootdown's bound (boot/e500-64-setup.c): a busy host may starve a QEMU core. */
#define QUIESCE_WAIT	(8 * SMP_CALL_TIMEOUT)

int smp_quiesce(void)
{
	unsigned int c, self = me();
	int err;

	for (c = 0; c < online; c++)
		if (c != self && !smp_tlb_clean(c) && (err = smp_call_after(c, quiesce_fn, NULL, QUIESCE_WAIT)))
			return err;
	return 0;
}

struct u64_call {
	uint64_t (*fn)(uint64_t);
	uint64_t arg, result;
};

static void run_u64(void *p)
{
	struct u64_call *u = p;

	u->result = u->fn(u->arg);
}

/* A core running past its bound still writes u, on this stack: wait for it, or stop. */
#define LATE_WAIT	(8 * SMP_CALL_TIMEOUT)

bool e64_cpu_call(unsigned int cpu, uint64_t (*fn)(uint64_t), uint64_t arg, uint64_t *result)
{
	struct u64_call u = { fn, arg, 0 };
	int err;

	if (cpu == me())
		return false;
	err = smp_call(cpu, run_u64, &u, SMP_CALL_TIMEOUT);
	if (err == SMP_ERUNNING && smp_wait(cpu, LATE_WAIT))
		panic("smp: cpu %u still runs a call whose argument is on this stack", cpu);
	if (err)
		return false;
	*result = u.result;
	return true;
}

bool e64_cpu_state(unsigned int cpu, uint64_t *msr, uint64_t *epcr, uint64_t *pir)
{
	if (cpu >= ARCH_MAX_CPUS || !cores[cpu].online || cpu == 0)
		return false;
	*msr = cores[cpu].msr;
	*epcr = cores[cpu].epcr;
	*pir = cores[cpu].pir;
	return true;
}
