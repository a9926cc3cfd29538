/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 multicore: the cores the device tree lists, started through their
 * ePAPR spin tables, and a bounded cross-call between them.
 */
#ifndef PPCMMU_E500_SMP_H
#define PPCMMU_E500_SMP_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/fdt.h"

enum cpu_state {
	CPU_ABSENT = 0,		/* no such core */
	CPU_RELEASED,		/* its spin table entry written, not answered yet */
	CPU_ONLINE,		/* running the kernel, answering cross-calls */
	CPU_NO_ANSWER,		/* released, never came up */
};

/* Cores known (the boot core is 0); the index of the running core. */
unsigned int smp_cpus(void);
unsigned int smp_online(void);
unsigned int smp_this_cpu(void);
uint32_t smp_pir(unsigned int cpu);
enum cpu_state smp_state(unsigned int cpu);
struct e500_percpu *smp_percpu(unsigned int cpu);	/* its per-CPU page, in the linear map */
const char *smp_state_name(enum cpu_state s);

/* Start every core of f that has a spin table; log each. */
void smp_boot(const struct fdt_facts *f);
/*
 * The cores the device tree lists (1 without a tree), at most E500_MAX_CPUS:
 * what the board has, whatever start-up made of them.  Tests decide from it
 * whether a board can run them, and fail when fewer cores came online.
 */
unsigned int smp_cores_listed(void);

#define SMP_ETIMEDOUT	(-1)	/* the core did not take the call in time: withdrawn, it never runs */
#define SMP_EOFFLINE	(-2)	/* the core is not online */
#define SMP_EBUSY	(-3)	/* a call to it is still running (one that returned SMP_ERUNNING) */
#define SMP_ERUNNING	(-4)	/* the core took the call and did not finish it in time */

/*
 * Run fn(arg) on core cpu and wait until it returns, at most timeout_tb
 * time-base ticks; while waiting, this core answers calls made to it.  A core
 * that does not answer in time is named on the console.  If it had not taken
 * the call, the call is withdrawn (it never runs: arg may go) and
 * SMP_ETIMEDOUT returned; if it is running fn, SMP_ERUNNING: arg stays in use
 * until the core answers (smp_wait), and later calls to it get SMP_EBUSY
 * until then.  Calling the running core runs fn at once.
 */
int smp_call(unsigned int cpu, void (*fn)(void *), void *arg, uint64_t timeout_tb);
/*
 * Post fn(arg) to another core as work and return at once (0, SMP_EBUSY or
 * SMP_EOFFLINE): for work that goes on while this core does its own.  The
 * core takes it when idle, and answers calls (shootdowns) while it runs it;
 * arg stays in use until smp_wait() says the core answered.
 */
int smp_start(unsigned int cpu, void (*fn)(void *), void *arg);
/* Wait, at most timeout_tb, until cpu has answered its calls and work: 0, or SMP_ERUNNING. */
int smp_wait(unsigned int cpu, uint64_t timeout_tb);
/*
 * The same on every other online core, one after the other; the first error.
 * A core still running fn at its bound is waited for once more, as long;
 * SMP_ERUNNING means one still is, and arg is still in use.
 * A call of smp_shootdown_fn skips the cores whose TLBs are clean.
 */
int smp_call_others(void (*fn)(void *), void *arg, uint64_t timeout_tb);
/*
 * Return once every other core that may be walking page tables has passed a
 * quiescent point after the call (deferred table freeing, mmu/pt-linear.h):
 * 0, or the error of the first core that did not answer.
 */
int smp_quiesce(void);
/*
 * The same on the online cores of mask (bit n: core n) other than this one.
 * smp_call_others() is smp_call_cores() of every core.
 */
int smp_call_cores(uint32_t mask, void (*fn)(void *), void *arg, uint64_t timeout_tb);
/* *mask |= bits, atomically (lwarx/stwcx.), then msync: the bits are seen before what follows. */
void smp_mask_set(volatile uint32_t *mask, uint32_t bits);
/* Answer the calls posted to this core (the idle loop and every waiter call it). */
void smp_poll(void);

/* The TLB shootdown's cross-call function (tlb/e500-tlb.c); it calls smp_tlb_flushed after a full flush. */
extern void (*const smp_shootdown_fn)(void *);
bool smp_tlb_clean(unsigned int cpu);
void smp_tlb_flushed(void);	/* clean, if this core is idle */
/* The running core vouches that it holds no entry a shootdown is after, until its call returns. */
void smp_tlb_holds_none(void);

/* Time-base ticks a core has to answer a call by default (1 s at QEMU's 400 MHz). */
#define SMP_CALL_TIMEOUT	400000000ull

/*
 * Doze (MSR[WE], HID0[DOZE]) until an interrupt: an IPI from the MPIC, or
 * the decrementer after at most `ticks'.  Interrupts are enabled only while
 * dozing; smp_wakeup() is the interrupt side (true if it was one of ours).
 */
void smp_doze(uint32_t ticks);
/*
 * A doze leaves the decrementer parked at SMP_DEC_PARKED (5.4 s at 400 MHz:
 * far away, never negative), which sets TSR[DIS] (DIE off: no interrupt) if
 * no doze comes before; smp_dec_parked_at() is when the running core last did.
 */
#define SMP_DEC_PARKED	0x7fffffffu
uint64_t smp_dec_parked_at(void);
bool smp_wakeup(bool decrementer);
/* Wake another core from smp_doze (an IPI that posts no call). */
void smp_wake(unsigned int cpu);
/* An IPI to the running core: pending while MSR[EE] is clear, it ends the next doze at once. */
void smp_wake_self(void);
unsigned int smp_ipis_received(unsigned int cpu);

/*
 * A spin lock in coherent memory (lwarx/stwcx.; release with msync).  smp_lock()
 * panics, naming the holder, after 8 * SMP_CALL_TIMEOUT; smp_lock_wait() returns
 * SMP_ETIMEDOUT after timeout_tb with *holder = the core holding it (SMP_NO_CPU: none by then).
 */
#define SMP_NO_CPU	(~0u)
void smp_lock(volatile uint32_t *lock);
int smp_lock_wait(volatile uint32_t *lock, uint64_t timeout_tb, unsigned int *holder);
bool smp_lock_try(volatile uint32_t *lock);	/* once, without waiting */
void smp_unlock(volatile uint32_t *lock);

#endif
