/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode, multicore: each core's record (what it said of itself
 * when it came up) and two mailboxes per core: a call (short, waited for:
 * TLB shootdowns, the tests' probes) and work (long, posted and waited for
 * later: stress-smp's runs).  The names and error codes are the 32-bit
 * family's (smp/e500-smp.h), for the part this family has: a waiting core
 * polls, no doze; an idle secondary sleeps in wait until a post's doorbell
 * (e64_smp_idle).  book3s/64 (POWER8) runs the same mailboxes (nothing here
 * is e500's but the name and the doorbell): its secondary passes LPCR where
 * e500 passes EPCR, and naps when idle until a post's hypervisor doorbell.
 */
#ifndef PPCMMU_E500_64_SMP_H
#define PPCMMU_E500_64_SMP_H

#include <stdbool.h>
#include <stdint.h>

#define SMP_ETIMEDOUT	(-1)	/* the core did not take the call in time: withdrawn, it never runs */
#define SMP_EOFFLINE	(-2)	/* the core is not online */
#define SMP_EBUSY	(-3)	/* work posted to it earlier, or a call that returned SMP_ERUNNING, still runs */
#define SMP_ERUNNING	(-4)	/* the core took the call or work and did not finish it in time */

/* Time-base ticks a core has to answer a call by default (1 s at QEMU's 400 MHz). */
#define SMP_CALL_TIMEOUT	400000000ull

/* Cores online (the boot core included), and the cores the device tree lists (1 without any). */
unsigned int smp_online(void);
unsigned int smp_cores_listed(void);

/*
 * Run fn(arg) on core cpu and wait, at most timeout_tb, until it returns;
 * while waiting this core answers calls made to it (so two cores calling
 * each other both go on).  Calling the running core runs fn at once.  At
 * the bound (the console names the core): a call the core has not taken is
 * withdrawn, it never runs and arg may go (SMP_ETIMEDOUT); one it is
 * running goes on (SMP_ERUNNING): arg stays in use until smp_wait() says the
 * core answered, and until then a call to it gets SMP_EBUSY at once.  The
 * mailbox lock is released in every case: a late answer only frees the
 * mailbox (its done word), which no other call can have used meanwhile.
 */
int smp_call(unsigned int cpu, void (*fn)(void *), void *arg, uint64_t timeout_tb);
/*
 * smp_call(), but a call still running from an earlier smp_call() that
 * returned SMP_ERUNNING is waited for within the same bound (shootdowns and
 * the quiescent point, which must reach the core) instead of refused.
 */
int smp_call_after(unsigned int cpu, void (*fn)(void *), void *arg, uint64_t timeout_tb);
/* Post fn(arg) to cpu as work and return (0, SMP_EBUSY, SMP_EOFFLINE); smp_wait() for its end. */
int smp_start(unsigned int cpu, void (*fn)(void *), void *arg);
/* Wait, at most timeout_tb, until cpu has answered its call and its work: 0, or SMP_ERUNNING. */
int smp_wait(unsigned int cpu, uint64_t timeout_tb);
/* Answer the calls posted to this core (a core running work calls it between steps). */
void smp_poll(void);
/* Wait about ticks time-base ticks, answering calls (no doze in this family); smp_wake: nothing to do. */
void smp_doze(uint32_t ticks);
void smp_wake(unsigned int cpu);
/*
 * Whether a shootdown may skip core cpu: it has run no call or work since
 * its start-up, so it holds no entry but its pinned ones.  Read after the
 * PTE change and msync.
 */
bool smp_tlb_clean(unsigned int cpu);
/*
 * The quiescent point of deferred page-table frees (pt_linear_set_quiesce):
 * returns once every other core that may walk a table answered a call made
 * after it was entered (0), or the first core's error.
 */
int smp_quiesce(void);
/* A spin lock word: 0 free, else the holder's core + 1. */
bool smp_lock_try(volatile uint32_t *lock);
void smp_unlock(volatile uint32_t *lock);

/* Start-up (boot/e500-64-setup.c): the boot core's record, the listed count, a secondary's own. */
void e64_smp_boot_core(unsigned int listed);
void e64_smp_secondary(unsigned int index, uint64_t msr, uint64_t epcr, uint64_t pir)
	__attribute__((noreturn));
/*
 * A secondary's idle: on e500, sleep (wait, MSR[EE] on) until a doorbell,
 * which a post to any core's mailbox sends it, or one already pending; then
 * return with EE clear.  On book3s/64: nap until the hypervisor doorbell a
 * post rings, or one already pending (b3_idle_nap()).
 */
void e64_smp_idle(void);
/* book3s/64: the nap of e64_smp_idle() (boot/book3s64-setup.c). */
void b3_idle_nap(void);
/* Wait at most timeout_tb for core index to come up; true (counted online) if it did. */
bool e64_smp_wait_up(unsigned int index, uint64_t timeout_tb);

/* The older interface of the family's tests and shootdown: fn(arg) on cpu, its result; false if none. */
bool e64_cpu_call(unsigned int cpu, uint64_t (*fn)(uint64_t), uint64_t arg, uint64_t *result);
bool e64_cpu_state(unsigned int cpu, uint64_t *msr, uint64_t *epcr, uint64_t *pir);

#endif
