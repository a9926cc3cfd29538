/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode: the C side of every interrupt (boot/e500-64-vectors.S
 * saves the frame and calls e64_trap), decoded into the fault record the
 * shared fault path takes (tlb/fault.c: the accessed-bit fix-up, declared
 * and unexpected faults, sc), and user mode: code run at MSR[PR] = 1 with
 * MSR[CM] = 1 in a user space of its own (its PGD in SPRG0 for the miss
 * handlers, its id in PID and so in every TLB entry the handlers load for
 * it).
 */
#include <stdio.h>
#include <string.h>
#include "include/arch.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/e64.h"
#include "e500/e64-frame.h"
#include "e500/e64-tlb.h"
#include "mmu/pte-e500.h"
#include "mmu/pgtable.h"
#include "lib/kprintf.h"
#include "tlb/fault.h"
#include "tlb/e500-fixup-rule.h"

void e64_trap(struct e64_regs *r);
void e64_enter_frame(struct e64_regs *regs) __attribute__((noreturn));

/* Each core's user context, loaded by the return to user mode (e64_exc_return). */
struct e64_uctx e64_user_ctx[E64_MAX_CPUS];
static struct e64_regs user_frame[E64_MAX_CPUS] __attribute__((aligned(16)));

/* User mode: 64-bit computation, problem state, machine checks on; no external interrupts. */
#define MSR_USER64	(MSR_CM | MSR_PR | MSR_ME)

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })

static const char *const vector_names[38] = {
	[0] = "critical input", [1] = "machine check", [2] = "data storage", [3] = "instruction storage",
	[4] = "external input", [5] = "alignment", [6] = "program", [7] = "FP unavailable",
	[8] = "system call", [9] = "AP unavailable", [10] = "decrementer", [11] = "fixed-interval timer",
	[12] = "watchdog", [13] = "data TLB error", [14] = "instruction TLB error", [15] = "debug",
	[35] = "performance monitor", [36] = "doorbell", [37] = "critical doorbell",
};

const char *trap_vector_name(uint32_t v)
{
	return v < 38 && vector_names[v] ? vector_names[v] : "?";
}

/* DEAR, ESR, PID of the frame, and the MMU assist registers as they are now. */
size_t trap_dump_regs(const struct ppc_regs *regs, char *buf, size_t n, size_t len)
{
	const struct e64_regs *r = (const struct e64_regs *)regs;

	n = fault_dump_append(buf, n, len, "dear=%016lx esr=%08lx pid=%lu\n", (unsigned long)r->dear,
			      (unsigned long)r->esr, (unsigned long)r->pid);
	return fault_dump_append(buf, n, len, "mas0=%08lx mas1=%08lx mas2=%016lx mas3=%08lx mas6=%08lx\n",
				 (unsigned long)mfspr(SPRN_MAS0), (unsigned long)mfspr(SPRN_MAS1),
				 (unsigned long)mfspr(SPRN_MAS2), (unsigned long)mfspr(SPRN_MAS3),
				 (unsigned long)mfspr(SPRN_MAS6));
}

void trap_decode(const struct ppc_regs *regs, struct fault_record *f)
{
	const struct e64_regs *r = (const struct e64_regs *)regs;
	bool data = r->vector == 2 || r->vector == 13 || r->vector == 5;

	/* DEAR holds a data address only for these; otherwise it is stale */
	f->addr = data ? r->dear : r->srr0;
	f->cause = (uint32_t)r->esr;
	f->store = data && (r->esr & ESR_ST);
	f->user = (r->srr1 & MSR_PR) != 0;
	switch (r->vector) {
	case 13: f->kind = FAULT_TLB_DATA; break;
	case 14: f->kind = FAULT_TLB_INST; break;
	case 2: f->kind = FAULT_PROT_DATA; break;
	case 3: f->kind = FAULT_PROT_INST; break;
	default: f->kind = FAULT_OTHER; break;
	}
}

void trap_enter_user(struct ppc_regs *r)
{
	e64_enter_frame((struct e64_regs *)r);
}

/* Critical, machine check, watchdog, debug: their state is in CSRR/MCSRR/DSRR; nothing resumes. */
static bool fatal_class(uint64_t v)
{
	return v == 0 || v == 1 || v == 12 || v == 15;
}

/* The idle loop's wait (smp/e500-64-smp.c): from its isync up to the instruction after the wait. */
extern const char e64_idle_wait[], e64_idle_woken[];

/*
 * A doorbell: a core posted to this core's mailbox.  Taken in the idle loop
 * (the only code that runs with EE on), it returns past the wait, to the
 * mtmsr that clears EE, so the core looks at its mailboxes again and never
 * sleeps on a doorbell already taken.  One left pending from a post the
 * core answered while busy is taken at its next idle: the loop finds
 * nothing and idles again.
 */
static void doorbell(struct e64_regs *r)
{
	if (r->srr0 >= (uintptr_t)e64_idle_wait && r->srr0 < (uintptr_t)e64_idle_woken)
		r->srr0 = (uintptr_t)e64_idle_woken;
}

void e64_trap(struct e64_regs *r)
{
	static char text[FAULT_DUMP_BYTES];
	struct fault_record f;

	if (r->vector == 36) {
		doorbell(r);
		return;
	}
	if (r->vector == 8) {
		fault_syscall(&r->ppc);
		return;
	}
	if (fatal_class(r->vector)) {
		fault_dump(&r->ppc, text, sizeof(text));
		kprintf("\nppcmmu: unexpected interrupt: vector %lu (%s)\n%s\n", (unsigned long)r->vector,
			trap_vector_name((uint32_t)r->vector), text);
		arch_exit(1);
	}
	fault_record(&r->ppc, &f);
	if (!fault_fix_bits(&f, f.addr, 1, e500_fixup_grants))
		fault_resolve(&f, &r->ppc);
}

/*
 * Run user code: a space's id must tag its TLB entries as its own, so not 0
 * (the kernel's: TID 0 entries are global) and within the core's PID bits
 * (e64_pid_max(): MMUCFG[PIDSIZE]).
 */
int user_call(struct mm *mm, vaddr_t pc, vaddr_t arg, uint32_t *result)
{
	unsigned int cpu = arch_this_cpu() % E64_MAX_CPUS;
	struct e64_uctx *u = &e64_user_ctx[cpu];

	if (mm->pid == 0 || mm->pid > e64_pid_max(NULL))
		return MMU_EPID;
	u->pgd = (uint64_t)(uintptr_t)mm->pgd;
	u->ineed = PTE_NEED_USER_EXEC;
	u->dneed = PTE_NEED_USER_READ;
	u->pid = mm->pid;
	return user_run(mm, &user_frame[cpu].ppc, pc, MSR_USER64, arg, result);
}
