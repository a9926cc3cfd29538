/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 multicore start-up and cross-calls.
 *
 * Every core the device tree lists with an ePAPR spin table (enable-method
 * "spin-table", cpu-release-addr) is started by writing its entry: r3 (the
 * kernel virtual address of its struct e500_cpu_start), then the entry
 * address, high word first, so the entry reads 1 (keep spinning) until the
 * last store.  The core enters e500_secondary_entry (e500-start.S) through
 * the loader's initial mapping, pins the linear map and its own per-CPU page
 * in its own TLB1, and comes here, to e500_secondary_start().
 *
 * Cores are numbered in the order they were started (the boot core is 0);
 * each one's PIR is recorded as it reads it from its own SPR.
 *
 * Cross-calls go through a mailbox per core: the caller takes the mailbox's
 * lock, writes fn and arg, orders them before the sequence number with
 * msync, sends the core an IPI (MPIC IPI dispatch register 0), and waits,
 * bounded by the time base, for the core to echo the number and IPI it
 * back; a core answers in its idle loop and whenever it waits itself
 * (smp_poll), so two cores calling each other both make progress.  Waiting
 * cores doze (MSR[WE]) with interrupts enabled only there: an IPI, or the
 * decrementer as a bound, wakes them; the kernel otherwise runs with
 * MSR[EE] clear, so a core busy in code that does not wait is not
 * interrupted (it answers when it next waits, or the caller times out).
 */
#include <string.h>
#include "include/arch.h"
#include "include/kernel.h"
#include "include/spr.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "e500/tlb1.h"
#include "smp/e500-smp.h"
#include "e500/spin-table.h"
#include "e500/core.h"
#include "lib/kprintf.h"

#define ADDR_FMT	"0x%lx%08lx"	/* a 36-bit physical address (kprintf has no %ll) */
#define ADDR_ARG(a)	(unsigned long)((uint64_t)(a) >> 32), (unsigned long)(uint32_t)(a)
#define KSTACK_BYTES	16384
#define XSTACK_BYTES	8192
#define BOOT_WAIT_TB	(2 * SMP_CALL_TIMEOUT)	/* for a released core to come online */

/* The MPIC (OpenPIC programming model) in CCSR; "this core" registers through the private alias. */
#define MPIC_CCSR_OFFSET	0x40000
#define MPIC_IPIDR0		0x00040	/* IPI dispatch 0: bit n sends to core n */
#define MPIC_CTPR		0x00080	/* this core's current task priority */
#define MPIC_IACK		0x000a0	/* interrupt acknowledge: the vector */
#define MPIC_EOI		0x000b0
#define MPIC_GCR		0x01020
#define MPIC_GCR_MIXED		0x20000000	/* deliver to the cores' int inputs */
#define MPIC_IPIVPR0		0x010a0	/* IPI 0 vector/priority */
#define MPIC_SVR		0x010e0	/* spurious vector */
#define MPIC_VPR_PRIO_SHIFT	16
#define IPI_PRIORITY		15
#define IPI_VECTOR		0x00e0
#define SPURIOUS_VECTOR		0x00ff
#define DOZE_TICKS		400000	/* re-check at least this often while waiting */
#define LOCK_WAIT_TB		(8 * SMP_CALL_TIMEOUT)	/* smp_lock(): a lock held longer is a hang */

struct cpu_stacks {
	uint8_t kernel[KSTACK_BYTES];	/* secondaries; the boot core runs on boot_stack */
	uint8_t exc[XSTACK_BYTES];	/* from user mode */
	uint8_t crit[XSTACK_BYTES];	/* critical, watchdog, debug */
	uint8_t mchk[XSTACK_BYTES];	/* machine check */
} __attribute__((aligned(16)));

/*
 * A core's mailbox: one call at a time.  Calls (smp_call, shootdowns among
 * them) are answered wherever the core polls, also inside a call it runs;
 * work (smp_start) is taken only by an idle core, so a core doing work still
 * answers calls (its shootdowns) meanwhile.
 */
enum { BOX_CALL, BOX_WORK };

struct mailbox {
	volatile uint32_t lock;		/* held by the core posting to it */
	void (*volatile fn)(void *);
	void *volatile arg;
	volatile uint32_t posted;	/* sequence number of the last call posted */
	volatile uint32_t answered;	/* ... and of the last one answered */
	volatile uint32_t claim;	/* the call the core took, or withdrawn by its caller (see claim_call) */
	volatile uint32_t caller;	/* the core to IPI when the call is answered */
};

struct cpu_slot {
	volatile uint32_t state;	/* enum cpu_state */
	volatile uint32_t pir;		/* the device tree's reg, then what the core read */
	uint64_t release_addr;
	struct mailbox box[2];		/* BOX_CALL: smp_call; BOX_WORK: smp_start */
	volatile uint32_t tlb_dirty;	/* may hold TLB0 or huge entries (see smp_tlb_clean) */
	uint32_t busy;			/* calls other than shootdowns in progress, or the boot core's work */
	volatile uint32_t ipis;		/* IPIs this core took */
};

_Static_assert(E500_MAX_CPUS <= ARCH_MAX_CPUS, "per-core arrays of arch-neutral code");

static struct cpu_stacks stacks[E500_MAX_CPUS];
static struct e500_cpu_start starts[E500_MAX_CPUS];
static struct cpu_slot cpus[E500_MAX_CPUS];
static unsigned int ncpus = 1;
static unsigned int listed = 1;		/* cores the device tree lists */

extern struct e500_percpu e500_percpu_page;	/* E500_MAX_CPUS pages (e500-miss.S) */
extern struct e500_ctx kernel_ctx;
void e500_secondary_entry(void);
void e500_secondary_start(const struct e500_cpu_start *start, unsigned int tlb1_n);
void e500_cpu_early(unsigned int cpu);
void e500_load_ctx(const struct e500_ctx *c);
void e500_pin_shared(void);

static inline void msync(void)
{
	__asm__ volatile("msync" : : : "memory");
}

static volatile uint32_t *mpic_reg(uint32_t off)
{
	return (volatile uint32_t *)(uintptr_t)(CCSR_VA + MPIC_CCSR_OFFSET + off);
}

static void mpic_write(uint32_t off, uint32_t v)
{
	*mpic_reg(off) = v;
	msync();
}

/* Global set-up, once, on the boot core: IPI 0 unmasked at the top priority. */
static void mpic_init(void)
{
	mpic_write(MPIC_GCR, *mpic_reg(MPIC_GCR) | MPIC_GCR_MIXED);
	mpic_write(MPIC_SVR, SPURIOUS_VECTOR);
	mpic_write(MPIC_IPIVPR0, IPI_PRIORITY << MPIC_VPR_PRIO_SHIFT | IPI_VECTOR);
}

/* Every core: accept every priority. */
static void mpic_cpu_init(void)
{
	mpic_write(MPIC_CTPR, 0);
}

static void send_ipi(unsigned int cpu)
{
	mpic_write(MPIC_IPIDR0, 1u << cpus[cpu].pir);
}

/*
 * e500mc and later have no MSR[WE]/HID0[DOZE] doze; they have the wait
 * instruction (ISA 2.06) instead.  An interrupt taken between the mtmsr that
 * sets EE and the wait must not return to the wait (it would sleep with EE
 * clear): the wake-up path steps SRR0 past it (e500_doze_wait: the isync
 * and the wait, either of which an interrupt may return to).
 */
#define INSN_WAIT	".long 0x7c00007c"	/* wait: e500v2 assemblers lack it */

static bool core_lacks_doze(void)
{
	return core_is_e500mc();
}

/*
 * The decrementer is the doze's bound, so it must be armed afresh each time
 * and no stale TSR[DIS] may be left when TCR[DIE] goes on.  Measured under
 * QEMU 7.2 (docs/e500-smp.md): a doze entered with DIS already set (left by
 * the deadline of an earlier doze that an IPI had ended: the exit's store of
 * 0xffffffff, a negative count, did not replace that deadline) was not woken
 * by its decrementer at all, only by the next IPI, up to 8 s later.  So: DIE
 * off, DIS cleared, then the new count (which replaces the old deadline),
 * then DIE; if DIS is set by then (an old deadline in between), the doze is
 * skipped (the caller re-checks and dozes again).  On exit the count is a
 * large positive one, which does replace the deadline.
 */
static uint64_t parked_at[E500_MAX_CPUS];	/* the time base when each core last parked DEC */

uint64_t smp_dec_parked_at(void)
{
	return parked_at[smp_this_cpu()];
}

__attribute__((noinline)) void smp_doze(uint32_t ticks)
{
	uint32_t hid0 = mfspr(SPRN_HID0), msr = mfmsr();

	mtspr(SPRN_TCR, 0);
	mtspr(SPRN_TSR, TSR_DIS);
	mtspr(SPRN_DEC, ticks);
	mtspr(SPRN_TCR, TCR_DIE);
	if (mfspr(SPRN_TSR) & TSR_DIS) {
		/* a deadline passed while it was set up: no doze this time */
	} else if (core_lacks_doze()) {
		__asm__ volatile("msync; mtmsr %0\n"
				 ".globl e500_doze_wait\n"
				 "e500_doze_wait: isync\n"
				 "	" INSN_WAIT "\n"
				 "	mtmsr %1; isync" : : "r"(msr | MSR_EE), "r"(msr) : "memory");
	} else {
		mtspr(SPRN_HID0, hid0 | HID0_DOZE);
		__asm__ volatile("msync; mtmsr %0; isync" : : "r"(msr | MSR_EE | MSR_WE) : "memory");
	}
	/* awake: smp_wakeup() returned here with EE and WE clear */
	mtspr(SPRN_TCR, 0);
	mtspr(SPRN_DEC, SMP_DEC_PARKED);
	parked_at[smp_this_cpu()] = timebase_read();
	mtspr(SPRN_TSR, TSR_DIS);
	mtspr(SPRN_HID0, hid0);
	__asm__ volatile("isync" : : : "memory");
}

bool smp_wakeup(bool decrementer)
{
	uint32_t vec;

	if (decrementer) {
		mtspr(SPRN_TCR, 0);
		mtspr(SPRN_TSR, TSR_DIS);
		return true;
	}
	vec = *mpic_reg(MPIC_IACK);
	if (vec == SPURIOUS_VECTOR)
		return true;
	mpic_write(MPIC_EOI, 0);
	if (vec != IPI_VECTOR)
		return false;
	cpus[smp_this_cpu()].ipis++;
	return true;
}

unsigned int smp_ipis_received(unsigned int cpu)
{
	return cpu < ncpus ? cpus[cpu].ipis : 0;
}

struct e500_percpu *smp_percpu(unsigned int cpu)
{
	return (struct e500_percpu *)((uintptr_t)&e500_percpu_page + 4096u * cpu);
}

static uint32_t frame_below(const uint8_t *stack, size_t bytes)
{
	return (uint32_t)(uintptr_t)(stack + bytes) - FRAME_SIZE;
}

/*
 * Called from start-up assembly with a stack, before anything can take a TLB
 * miss or a fatal-class interrupt: this core's per-CPU page in its own TLB1,
 * its huge-page round robin from slot 0, its exception stacks, its identity.
 */
void e500_cpu_early(unsigned int cpu)
{
	struct e500_percpu *pc = smp_percpu(cpu);
	struct cpu_stacks *st = &stacks[cpu];

	e500mc_hv_setup();
	tlb1_pin(TLB1_PERCPU, virt_to_phys(pc));
	pc->tlb1_next = MAS0_TLBSEL1;
	pc->exc_frame = frame_below(st->exc, sizeof(st->exc));
	pc->crit_frame = frame_below(st->crit, sizeof(st->crit));
	pc->mchk_frame = frame_below(st->mchk, sizeof(st->mchk));
	pc->cpu = cpu;
	pc->pir = mfspr(SPRN_PIR);
}

unsigned int smp_cpus(void)
{
	return ncpus;
}

unsigned int smp_cores_listed(void)
{
	return listed;
}

unsigned int smp_online(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < ncpus; i++)
		n += cpus[i].state == CPU_ONLINE;
	return n;
}

unsigned int smp_this_cpu(void)
{
	return this_cpu()->cpu;
}

unsigned int arch_this_cpu(void)
{
	return smp_this_cpu();
}

unsigned int arch_cpus(void)
{
	return ncpus;
}

uint32_t smp_pir(unsigned int cpu)
{
	return cpu < ncpus ? cpus[cpu].pir : 0;
}

enum cpu_state smp_state(unsigned int cpu)
{
	return cpu < ncpus ? cpus[cpu].state : CPU_ABSENT;
}

const char *smp_state_name(enum cpu_state s)
{
	switch (s) {
	case CPU_ABSENT: return "absent";
	case CPU_RELEASED: return "released";
	case CPU_ONLINE: return "online";
	case CPU_NO_ANSWER: return "released, never came up";
	}
	return "?";
}

static bool smp_trylock(volatile uint32_t *lock, uint32_t owner)
{
	uint32_t old;

	__asm__ volatile("1:	lwarx	%0, 0, %1\n"
			 "	cmpwi	%0, 0\n"
			 "	bne-	2f\n"
			 "	stwcx.	%2, 0, %1\n"
			 "	bne-	1b\n"
			 "	isync\n"
			 "2:"
			 : "=&r"(old) : "r"(lock), "r"(owner) : "cr0", "memory");
	return old == 0;
}

bool smp_lock_try(volatile uint32_t *lock)
{
	return smp_trylock(lock, smp_this_cpu() + 1);
}

/*
 * While it spins, the core keeps answering calls: a core holding a lock may be
 * calling it.  Bounded: SMP_ETIMEDOUT after timeout_tb, *holder = the core that
 * held it then (the lock word is the owner's number + 1).
 */
int smp_lock_wait(volatile uint32_t *lock, uint64_t timeout_tb, unsigned int *holder)
{
	uint32_t owner = smp_this_cpu() + 1, held;
	uint64_t t0 = timebase_read();

	while (!smp_trylock(lock, owner)) {
		smp_poll();
		if (timebase_read() - t0 > timeout_tb) {
			held = *lock;
			*holder = held ? held - 1 : SMP_NO_CPU;
			return SMP_ETIMEDOUT;
		}
	}
	return 0;
}

/* A lock held longer than LOCK_WAIT_TB is a hang: stop, naming both cores. */
void smp_lock(volatile uint32_t *lock)
{
	unsigned int holder;

	if (smp_lock_wait(lock, LOCK_WAIT_TB, &holder))
		panic("smp: cpu %u waited %lu time-base ticks for the lock at %p, held by cpu %u",
		      smp_this_cpu(), (unsigned long)LOCK_WAIT_TB, (void *)(uintptr_t)lock, holder);
}

void smp_unlock(volatile uint32_t *lock)
{
	msync();
	*lock = 0;
}

/*
 * A core idling in smp_poll touches only the TLB1-pinned linear map, so once
 * it has flushed its TLBs it holds no entry a shootdown could be after: it is
 * clean until it runs a call other than a shootdown.  Marked dirty (and the
 * mark ordered) before the call runs, so a writer that clears a PTE, orders
 * that, then finds the core clean knows the core will see the cleared PTE.
 * Only an idle core becomes clean by a full flush: one that answers it from
 * a wait inside other work (a call, or the boot core's tests) goes on with
 * that work and loads entries again (stress-smp saw such a core skipped by
 * later shootdowns, and read stale pages through the entries it kept).
 */
bool smp_tlb_clean(unsigned int cpu)
{
	return cpu < ncpus && !cpus[cpu].tlb_dirty;
}

void smp_tlb_flushed(void)
{
	struct cpu_slot *c = &cpus[smp_this_cpu()];

	if (!c->busy)
		c->tlb_dirty = 0;
}

void smp_tlb_holds_none(void)
{
	cpus[smp_this_cpu()].tlb_dirty = 0;
}

/*
 * The claim word decides, atomically, between the core taking call seq and
 * its caller giving up on it: the core stores seq (it runs the call), the
 * caller seq | CALL_WITHDRAWN (the call never runs).  Whoever comes second
 * finds seq in it and backs off.  So a caller that timed out before the core
 * took the call may return and let its arguments go (they usually live on
 * its stack): a late poll finds the call withdrawn.
 */
#define CALL_WITHDRAWN	0x80000000u
#define CALL_SEQ_MASK	0x7fffffffu

static bool claim_call(volatile uint32_t *claim, uint32_t value)
{
	uint32_t old, seq = value & CALL_SEQ_MASK;

	__asm__ volatile("1:	lwarx	%0, 0, %1\n"
			 "	rlwinm	%0, %0, 0, 1, 31\n"	/* old & CALL_SEQ_MASK */
			 "	cmpw	%0, %3\n"
			 "	beq-	2f\n"
			 "	stwcx.	%2, 0, %1\n"
			 "	bne-	1b\n"
			 "2:"
			 : "=&r"(old) : "r"(claim), "r"(value), "r"(seq) : "cr0", "memory");
	return old != seq;
}

/*
 * The quiescent point deferred table freeing waits for (smp_quiesce): a core
 * answers calls only between its walks of the page tables (a miss handler,
 * the C fix-up's walk), never in the middle of one.
 */
static void quiesce_fn(void *arg)
{
	(void)arg;
}

/* Calls that load no TLB entry: they leave a core's clean mark alone and pass clean cores. */
static bool tlb_only(void (*fn)(void *))
{
	return fn == smp_shootdown_fn || fn == quiesce_fn;
}

static void poll_box(struct cpu_slot *c, struct mailbox *b)
{
	uint32_t seq = b->posted;
	void (*fn)(void *);

	/* a call whose fn itself waits on another core (a shootdown from unmap)
	 * polls again from inside: the claim keeps it from running twice */
	if (seq == b->answered || !claim_call(&b->claim, seq))
		return;
	msync();			/* fn and arg were written before posted */
	fn = b->fn;
	if (!tlb_only(fn)) {
		c->busy++;
		c->tlb_dirty = 1;
		msync();
	}
	fn(b->arg);
	if (!tlb_only(fn))
		c->busy--;
	msync();			/* fn's stores before the answer */
	b->answered = seq;
	send_ipi(b->caller);
}

void smp_poll(void)
{
	struct cpu_slot *c = &cpus[smp_this_cpu()];

	poll_box(c, &c->box[BOX_CALL]);
	if (!c->busy)
		poll_box(c, &c->box[BOX_WORK]);
}

void smp_wake(unsigned int cpu)
{
	if (cpu < ncpus && cpu != smp_this_cpu() && cpus[cpu].state == CPU_ONLINE)
		send_ipi(cpu);
}

void smp_wake_self(void)
{
	if (listed > 1)			/* the MPIC is set up on a multicore board only */
		send_ipi(smp_this_cpu());
}

/* The bound passed: withdraw the call if the core has not taken it yet. */
static int give_up(unsigned int cpu, uint32_t seq, uint64_t timeout_tb)
{
	struct cpu_slot *c = &cpus[cpu];
	struct mailbox *b = &c->box[BOX_CALL];
	bool withdrawn = claim_call(&b->claim, seq | CALL_WITHDRAWN);

	if (withdrawn) {
		msync();
		b->answered = seq;	/* the mailbox is free again */
	}
	smp_unlock(&b->lock);
	kprintf("smp: cpu %u (PIR %lu) did not answer a call within %lu time-base ticks%s\n", cpu,
		(unsigned long)c->pir, (unsigned long)timeout_tb,
		withdrawn ? "; the call is withdrawn" : "; it is running the call");
	return withdrawn ? SMP_ETIMEDOUT : SMP_ERUNNING;
}

static bool box_busy(const struct mailbox *b)
{
	return b->answered != b->posted;
}

/* Wait, bounded, until cpu's mailboxes in mask (1 << BOX_*) have answered what was posted. */
static int wait_boxes(unsigned int cpu, unsigned int mask, uint64_t timeout_tb)
{
	uint64_t t0 = timebase_read();

	if (cpu >= ncpus)
		return SMP_EOFFLINE;
	/* a core dozing in its call rechecks what it waits for: under QEMU's round
	 * robin a doze bounded by the decrementer alone was seen to last seconds */
	smp_wake(cpu);
	while (((mask & 1u << BOX_WORK) && box_busy(&cpus[cpu].box[BOX_WORK])) ||
	       ((mask & 1u << BOX_CALL) && box_busy(&cpus[cpu].box[BOX_CALL]))) {
		if (timebase_read() - t0 > timeout_tb) {
			kprintf("smp: cpu %u (PIR %lu) did not finish its %s within %lu time-base ticks\n",
				cpu, (unsigned long)cpus[cpu].pir,
				box_busy(&cpus[cpu].box[BOX_CALL]) ? "call" : "work", (unsigned long)timeout_tb);
			return SMP_ERUNNING;
		}
		smp_poll();
		smp_doze(DOZE_TICKS);
	}
	msync();			/* its stores before ours that follow */
	return 0;
}

int smp_wait(unsigned int cpu, uint64_t timeout_tb)
{
	return wait_boxes(cpu, 1u << BOX_WORK | 1u << BOX_CALL, timeout_tb);
}

/* Post fn(arg) in cpu's mailbox, locked by the caller, and IPI it: the call's sequence number. */
static uint32_t post(unsigned int cpu, struct mailbox *b, void (*fn)(void *), void *arg)
{
	uint32_t seq;

	b->fn = fn;
	b->arg = arg;
	b->caller = smp_this_cpu();
	msync();
	seq = (b->posted + 1) & CALL_SEQ_MASK;
	b->posted = seq;
	send_ipi(cpu);
	return seq;
}

/* Lock mailbox box of cpu if the core is online and has answered its last call there. */
static int mailbox_take(unsigned int cpu, unsigned int box)
{
	struct mailbox *b = &cpus[cpu].box[box];

	if (cpu >= ncpus || cpus[cpu].state != CPU_ONLINE || cpu == smp_this_cpu())
		return SMP_EOFFLINE;
	smp_lock(&b->lock);
	if (b->answered != b->posted) {
		smp_unlock(&b->lock);
		return SMP_EBUSY;
	}
	return 0;
}

int smp_start(unsigned int cpu, void (*fn)(void *), void *arg)
{
	struct mailbox *b = &cpus[cpu].box[BOX_WORK];
	int err = mailbox_take(cpu, BOX_WORK);

	if (err)
		return err;
	post(cpu, b, fn, arg);
	smp_unlock(&b->lock);
	return 0;
}

int smp_call(unsigned int cpu, void (*fn)(void *), void *arg, uint64_t timeout_tb)
{
	struct mailbox *b = &cpus[cpu].box[BOX_CALL];
	uint32_t seq;
	uint64_t t0;
	int err;

	if (cpu == smp_this_cpu()) {
		fn(arg);
		return 0;
	}
	err = mailbox_take(cpu, BOX_CALL);
	if (err)
		return err;
	seq = post(cpu, b, fn, arg);
	t0 = timebase_read();
	while (b->answered != seq) {
		smp_poll();
		if (b->answered != seq)
			smp_doze(DOZE_TICKS);
		if (b->answered != seq && timebase_read() - t0 > timeout_tb)
			return give_up(cpu, seq, timeout_tb);
	}
	msync();			/* its stores before ours that follow */
	smp_unlock(&b->lock);
	return 0;
}

void smp_mask_set(volatile uint32_t *mask, uint32_t bits)
{
	uint32_t old;

	__asm__ volatile("1:	lwarx	%0, 0, %1\n"
			 "	or	%0, %0, %2\n"
			 "	stwcx.	%0, 0, %1\n"
			 "	bne-	1b\n"
			 "	msync"
			 : "=&r"(old) : "r"(mask), "r"(bits) : "cr0", "memory");
}

int smp_call_others(void (*fn)(void *), void *arg, uint64_t timeout_tb)
{
	return smp_call_cores(~0u, fn, arg, timeout_tb);
}

int smp_call_cores(uint32_t mask, void (*fn)(void *), void *arg, uint64_t timeout_tb)
{
	unsigned int i, me = smp_this_cpu();
	int err, first = 0;

	msync();			/* the caller's stores (a cleared PTE) before the clean marks are read */
	for (i = 0; i < ncpus; i++) {
		if (i == me || cpus[i].state != CPU_ONLINE || !(mask & 1u << i))
			continue;
		if (tlb_only(fn) && !cpus[i].tlb_dirty)
			continue;
		err = smp_call(i, fn, arg, timeout_tb);
		if (err == SMP_ERUNNING)	/* arg is in use until it answers */
			err = wait_boxes(i, 1u << BOX_CALL, timeout_tb) ? SMP_ERUNNING : 0;
		if (err && !first)
			first = err;
	}
	return first;
}

/*
 * Every core that may be walking page tables passes a quiescent point: each
 * TLB-dirty core answers a call (a clean core marks itself dirty, ordered,
 * before it runs anything that walks, so it reads whatever was unlinked
 * before this as unlinked).  0, or the first core's error.
 */
int smp_quiesce(void)
{
	return smp_call_others(quiesce_fn, NULL, SMP_CALL_TIMEOUT);
}

/* The secondary's C entry: the kernel context, then online, answering calls. */
void e500_secondary_start(const struct e500_cpu_start *start, unsigned int tlb1_n)
{
	struct cpu_slot *c = &cpus[start->cpu];

	(void)tlb1_n;
	e500_pin_shared();
	e500_load_ctx(&kernel_ctx);
	mpic_cpu_init();
	c->tlb_dirty = 0;		/* start-up flushed TLB0 and every unpinned TLB1 slot */
	c->pir = mfspr(SPRN_PIR);
	msync();
	c->state = CPU_ONLINE;
	for (;;) {
		smp_poll();
		smp_doze(DOZE_TICKS);
	}
}

/*
 * Write the core's spin table entry through a temporary kernel mapping of
 * its page: cached and coherent in RAM (where U-Boot keeps the table), else
 * cache-inhibited and guarded (QEMU's table is a device).
 */
static int release(unsigned int cpu)
{
	vaddr_t window = layout.kmap_last & ~0xfffu;
	paddr_t pa = cpus[cpu].release_addr;
	bool ram = pa < layout.ram_size;
	unsigned int prot = PROT_READ | PROT_WRITE | (ram ? PROT_COHERENT : PROT_NOCACHE | PROT_GUARDED);
	volatile uint32_t *e;
	int err;

	if ((pa & 7) || (pa & 0xfff) > 0x1000 - 16)
		return MMU_EALIGN;
	err = map(&kernel_mm, window, pa & ~(paddr_t)0xfff, 0x1000, prot);
	if (err)
		return err;
	e = (volatile uint32_t *)(uintptr_t)(window + (uint32_t)(pa & 0xfff));
	spin_table_release(e, (uint32_t)(uintptr_t)&starts[cpu],
			   virt_to_phys((const void *)(uintptr_t)e500_secondary_entry));
	if (ram)
		__asm__ volatile("dcbf 0, %0; msync" : : "r"(e) : "memory");
	return unmap(&kernel_mm, window, 0x1000);
}

static void start_core(unsigned int cpu)
{
	uint64_t t0;
	int err;

	starts[cpu].stack_top = (uint32_t)(uintptr_t)(stacks[cpu].kernel + KSTACK_BYTES);
	starts[cpu].cpu = cpu;
	msync();
	cpus[cpu].state = CPU_RELEASED;
	err = release(cpu);
	if (err) {
		cpus[cpu].state = CPU_NO_ANSWER;
		kprintf("smp: cpu %u (PIR %lu): spin table at " ADDR_FMT " not writable: %s\n", cpu,
			(unsigned long)cpus[cpu].pir, ADDR_ARG(cpus[cpu].release_addr),
			mmu_strerror(err));
		return;
	}
	t0 = timebase_read();
	while (cpus[cpu].state != CPU_ONLINE && timebase_read() - t0 < BOOT_WAIT_TB)
		smp_doze(DOZE_TICKS);
	if (cpus[cpu].state != CPU_ONLINE) {
		cpus[cpu].state = CPU_NO_ANSWER;
		kprintf("smp: cpu %u (PIR %lu) released through " ADDR_FMT " did not come up within %lu "
			"time-base ticks\n", cpu, (unsigned long)cpus[cpu].pir,
			ADDR_ARG(cpus[cpu].release_addr), (unsigned long)BOOT_WAIT_TB);
		return;
	}
	kprintf("smp: cpu %u (PIR %lu) online, released through " ADDR_FMT "\n", cpu,
		(unsigned long)cpus[cpu].pir, ADDR_ARG(cpus[cpu].release_addr));
}

void smp_boot(const struct fdt_facts *f)
{
	uint32_t me = mfspr(SPRN_PIR);
	unsigned int i, n = f->ncpus < FDT_MAX_CPUS ? f->ncpus : FDT_MAX_CPUS;

	cpus[0].pir = me;
	cpus[0].state = CPU_ONLINE;
	cpus[0].tlb_dirty = 1;		/* the boot core runs everything, never idle */
	cpus[0].busy = 1;
	if (f->ncpus > 1)
		listed = f->ncpus < E500_MAX_CPUS ? f->ncpus : E500_MAX_CPUS;
	if (f->ncpus > 1) {
		mpic_init();
		mpic_cpu_init();
	}
	if (f->ncpus > FDT_MAX_CPUS)
		kprintf("smp: the device tree lists %u cores; only the first %u are read\n", f->ncpus,
			FDT_MAX_CPUS);
	for (i = 0; i < n; i++) {
		const struct fdt_cpu *c = &f->cpus[i];

		if (c->id == me)
			continue;
		if (!c->spin_table) {
			kprintf("smp: core with PIR %lu has no spin table: left alone\n", (unsigned long)c->id);
			continue;
		}
		if (ncpus == E500_MAX_CPUS) {
			kprintf("smp: core with PIR %lu: room for %u cores only\n", (unsigned long)c->id,
				E500_MAX_CPUS);
			continue;
		}
		cpus[ncpus].pir = c->id;
		cpus[ncpus].release_addr = c->release_addr;
		start_core(ncpus++);
	}
}
