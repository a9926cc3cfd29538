/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The exception path every family shares, once the family's prologue has
 * saved the frame: the register dump, what happens to a fault the family
 * decoded into a struct fault_record (the accessed/changed-bit fix-up, a
 * declared or an unexpected fault), sc, and running code in user mode.
 */
#ifndef PPCMMU_FAULT_H
#define PPCMMU_FAULT_H

#include <stdint.h>
#include <stddef.h>
#include "include/arch.h"
#include "include/ppc-frame.h"

/* Room for a register dump (fault_dump()). */
#define FAULT_DUMP_BYTES	2048

/*
 * The family's side of the exception path every family shares, defined in
 * its boot/<family>-trap.c; r is the common head of its frame.
 * - trap_vector_name(): the vector's name, for a report;
 * - trap_dump_regs(): appends the family's own registers to a dump of len
 *   bytes at buf + n (with fault_dump_append()), returns the new length;
 * - trap_decode(): fills the fault record's family-decoded fields (addr,
 *   cause, store, user, kind) from the frame;
 * - trap_enter_user(): returns through the frame r (to user mode).
 */
const char *trap_vector_name(uint32_t vector);
size_t trap_dump_regs(const struct ppc_regs *r, char *buf, size_t n, size_t len);
void trap_decode(const struct ppc_regs *r, struct fault_record *f);
void trap_enter_user(struct ppc_regs *r) __attribute__((noreturn));

/* The user space a user-mode fault happened in (NULL outside user_call()). */
struct mm *fault_user_mm(void);

/*
 * Append to a dump of len bytes at buf + n (nothing once it is full);
 * returns the new length.
 */
size_t fault_dump_append(char *buf, size_t n, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The fault record of the exception in frame r (vector, pc = SRR0, and trap_decode()'s). */
void fault_record(const struct ppc_regs *r, struct fault_record *f);

/*
 * The whole frame for a report: vector and its name, SRR0, SRR1, the MSR as
 * it is now, the family's registers (trap_dump_regs()), the GPR block.
 */
void fault_dump(const struct ppc_regs *r, char *buf, size_t len);

/*
 * A fault the family could not fix up.  A declared one sets r->srr0 to
 * resume a kernel-mode access past the faulting instruction (SRR0 + 4), or
 * at the caller (LR) when a fetch failed; a user-mode one ends the
 * user_call().
 * An undeclared fault is reported with fault_dump() and abandons the test
 * (or ends the user_call()): no return then.
 */
void fault_resolve(const struct fault_record *f, struct ppc_regs *r);

/*
 * The accessed/changed-bit fix-up, one policy for every family.  For each
 * 4K page of [ea, ea + len), in order, whose leaf grants the access
 * (grants(), the family's rule, which also says which faults qualify), every
 * entry of the page's run gets pte_mkyoung(), and pte_mkdirty() too for a
 * store to a writable leaf; its TLB entries are dropped so that the retry
 * reloads them.  The first page that refuses ends the walk (its fault
 * stands).  A fix-up for the same fault address more than
 * FAULT_FIXUP_RETRY_LIMIT times in a row is refused: a bit that does not
 * stick must end in a reported fault, not a loop.  Returns whether any page
 * was fixed (the access is then retried).
 */
#define FAULT_FIXUP_RETRY_LIMIT	4
typedef bool (*fault_grants_fn)(const struct fault_record *f, const struct walk_result *w);
bool fault_fix_bits(const struct fault_record *f, vaddr_t ea, uint32_t len, fault_grants_fn grants);

/*
 * Counted per core, the same on every family: like the miss counters
 * (tlb_counts()), fault_fixup_counts() reads the running core's, and
 * fault_fixup_counts_sum() adds every core's (the monitor's stats).
 */
struct fault_fixup_counts {
	unsigned int faults;	/* faults resolved by a fix-up (one may fix two pages) */
	unsigned int young;	/* pages given the accessed bit */
	unsigned int dirty;	/* pages given the changed bit */
};
void fault_fixup_counts(struct fault_fixup_counts *c);
void fault_fixup_counts_sum(struct fault_fixup_counts *c);

/*
 * sc (the frame's SRR0 points past it): from user mode it ends the
 * user_call() with its r3.  From the kernel nothing issues sc, so it is
 * reported like any fault (FAULT_OTHER at the sc); a declared one resumes
 * at SRR0.
 */
void fault_syscall(struct ppc_regs *r);

/*
 * User mode: user_run() makes mm the user space (fault_user_mm()), sets the
 * frame r to start at pc with MSR msr and arg in r3 (the other registers
 * zero) and enters it with trap_enter_user(); the user code comes back
 * through user_return() (system call: kind 0 and its r3; fault: kind 1).
 * user_run() returns kind and stores r3.
 */
int user_run(struct mm *mm, struct ppc_regs *r, vaddr_t pc, uint32_t msr, vaddr_t arg,
	     uint32_t *result);
void user_return(int kind, uint32_t r3) __attribute__((noreturn));

#endif
