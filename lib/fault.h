/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What happens to a fault once the family has decoded it into a
 * struct fault_record and could not fix it up itself (accessed or dirty bit):
 * the same policy on every family.
 */
#ifndef PPCMMU_FAULT_H
#define PPCMMU_FAULT_H

#include <stdint.h>
#include <stddef.h>
#include "include/arch.h"

/* The registers every PowerPC frame has, for a register dump. */
struct ppc_gprs {
	const uint32_t *gpr;	/* r0..r31 */
	uint32_t lr, ctr, cr, xer;
};

/* Room for a register dump (formatted by the family's fault_dump_fn). */
#define FAULT_DUMP_BYTES	2048

/* The user space a user-mode fault happened in (NULL outside user_call()). */
struct mm *fault_user_mm(void);

/*
 * Append to a dump of len bytes at buf + n (nothing once it is full);
 * returns the new length.  fault_dump_head() writes the first line's start
 * (vector, its name, SRR0, SRR1, the MSR as it is now), the family adds its
 * own registers, fault_dump_gprs() the GPR block.
 */
size_t fault_dump_append(char *buf, size_t n, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
size_t fault_dump_head(char *buf, size_t len, uint32_t vector, const char *name,
		       uint32_t srr0, uint32_t srr1);
size_t fault_dump_gprs(char *buf, size_t n, size_t len, const struct ppc_gprs *g);

/* Formats the family's register frame for a report. */
typedef void (*fault_dump_fn)(const void *regs, char *buf, size_t len);

/*
 * A declared fault returns the address a kernel-mode access resumes at: past
 * the faulting instruction (srr0 + 4), or the caller (lr) when a fetch
 * failed; a user-mode one ends the user_call().  An undeclared fault is
 * reported with the register dump and abandons the test (or ends the
 * user_call()): no return then.
 */
uint32_t fault_resolve(const struct fault_record *f, fault_dump_fn dump, const void *regs,
		       uint32_t srr0, uint32_t lr);

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

/* Counted for the tests, the same on every family. */
struct fault_fixup_counts {
	unsigned int faults;	/* faults resolved by a fix-up (one may fix two pages) */
	unsigned int young;	/* pages given the accessed bit */
	unsigned int dirty;	/* pages given the changed bit */
};
extern struct fault_fixup_counts fault_fixups;

/*
 * sc: from user mode it ends the user_call() with its r3.  From the kernel
 * nothing issues sc, so it is reported like any fault (FAULT_OTHER at the
 * sc); a declared one resumes at SRR0, which already points past it.
 * f is the family's record of the exception, pc and addr the sc's address.
 */
void fault_syscall(const struct fault_record *f, uint32_t r3, fault_dump_fn dump, const void *regs);

/*
 * User mode: user_run() makes mm the user space (fault_user_mm()) and calls
 * enter(arg), which drops to user mode and never returns; the user code
 * comes back through user_return() (system call: kind 0 and its r3; fault:
 * kind 1).  user_run() returns kind and stores r3.
 */
int user_run(struct mm *mm, void (*enter)(void *arg), void *arg, uint32_t *result);
void user_return(int kind, uint32_t r3) __attribute__((noreturn));

#endif
