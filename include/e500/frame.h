/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame the e500 exception prologue saves on the stack, and the
 * per-context values the TLB-miss handlers read from SPRG0..2 and PID.
 * Offsets are from the frame's stack pointer; C sees struct e500_regs at
 * r1 + FRAME_REGS.
 */
#ifndef PPCMMU_E500_FRAME_H
#define PPCMMU_E500_FRAME_H

#include "ppc-frame.h"
#define F_DEAR		(F_FAMILY + 0)
#define F_ESR		(F_FAMILY + 4)
#define F_PID		(F_FAMILY + 8)
#define FRAME_SIZE	(FRAME_REGS + 184)	/* a multiple of 16: the ABI's stack alignment */

/* struct e500_ctx: what SPRG0..2 and PID hold while a context runs. */
#define CTX_PGD4	0
#define CTX_INEED	4
#define CTX_DNEED	8
#define CTX_PID		12

/*
 * The per-CPU page: 4 KB of RAM pinned in TLB1 at PERCPU_VA, the top page of
 * the address space, so the miss handlers reach it with absolute addressing
 * (lwz rD, PCPU(field)(0)) and need no register to point at it.
 */
#define PERCPU_VA	0xfffff000
#define PCPU(off)	((off) - 0x1000)	/* 16-bit displacement from 0 */
#define PC_DMISS	0	/* data TLB misses (CONFIG_TLB_STATS) */
#define PC_IMISS	4	/* instruction TLB misses (CONFIG_TLB_STATS) */
#define PC_TLB1_NEXT	8	/* MAS0 of the next TLB1 slot for a huge page */
/* The fatal classes' own save areas: r10, r11, CR of the interrupted code. */
#define PC_CRIT		12	/* critical, watchdog, debug (CSRR0/1) */
#define PC_MCHK		24	/* machine check (MCSRR0/1) */
#define PCS_R10		0
#define PCS_R11		4
#define PCS_CR		8
#define PC_SAVE_BYTES	12
/* This core's stacks and user context, read by the exception prologues and exc_return. */
#define PC_EXC_FRAME	36	/* exception frame when coming from user mode */
#define PC_CRIT_FRAME	40	/* critical, watchdog, debug frame */
#define PC_MCHK_FRAME	44	/* machine-check frame */
#define PC_USER_CTX	48	/* struct e500_ctx * of the user context this core runs */
#define PC_CPU		52	/* this core's index (0 = the boot core) */
#define PC_PIR		56	/* its PIR */

#define E500_MAX_CPUS	8	/* per-CPU pages and stacks reserved */

/* struct e500_cpu_start: what a secondary core's start-up reads (its r3 points at it). */
#define CPU_START_STACK	0
#define CPU_START_CPU	4

#include "e500/tlb1.h"		/* TLB1_HUGE_SLOTS: the round robin over PC_TLB1_NEXT */

#ifndef __ASSEMBLER__
#include <stdint.h>

struct e500_regs {
	PPC_REGS_HEAD;
	uint32_t dear, esr, pid;
	uint32_t pad[2];
};

struct e500_ctx {
	uint32_t pgd4;
	uint32_t ineed;
	uint32_t dneed;
	uint32_t pid;
};

struct e500_fatal_save {
	uint32_t r10, r11, cr;
};

struct e500_percpu {
	uint32_t dmiss;
	uint32_t imiss;
	uint32_t tlb1_next;
	struct e500_fatal_save crit;
	struct e500_fatal_save mchk;
	uint32_t exc_frame, crit_frame, mchk_frame;
	uint32_t user_ctx;
	uint32_t cpu, pir;
};

struct e500_cpu_start {
	uint32_t stack_top;
	uint32_t cpu;
};

/* This core's per-CPU page, where every core sees its own. */
static inline struct e500_percpu *this_cpu(void)
{
	return (struct e500_percpu *)PERCPU_VA;
}

#include <stddef.h>
#include <setjmp.h>

/*
 * A test arms e500_fatal_capture to enter a fatal-class prologue on purpose:
 * exception_fatal() then stores the frame and SPRG4..7 as it found them and
 * longjmp()s to back instead of stopping the run.
 */
struct e500_fatal_capture {
	struct e500_regs regs;
	uint32_t sprg4_7[4];
	jmp_buf back;
};
extern struct e500_fatal_capture *e500_fatal_capture;

/* The offsets the assembly uses, tied to the structs C uses. */
#define FRAME_AT(field)	PPC_REGS_AT(struct e500_regs, field)
PPC_REGS_HEAD_CHECK(struct e500_regs);
_Static_assert(F_DEAR == FRAME_AT(dear) && F_ESR == FRAME_AT(esr), "frame: DEAR, ESR");
_Static_assert(F_PID == FRAME_AT(pid), "frame: PID");
_Static_assert(CTX_PGD4 == offsetof(struct e500_ctx, pgd4) &&
	       CTX_INEED == offsetof(struct e500_ctx, ineed) &&
	       CTX_DNEED == offsetof(struct e500_ctx, dneed) &&
	       CTX_PID == offsetof(struct e500_ctx, pid), "e500_ctx layout");
_Static_assert(PC_DMISS == offsetof(struct e500_percpu, dmiss) &&
	       PC_IMISS == offsetof(struct e500_percpu, imiss) &&
	       PC_TLB1_NEXT == offsetof(struct e500_percpu, tlb1_next), "per-CPU page: miss handler");
_Static_assert(PC_CRIT == offsetof(struct e500_percpu, crit) &&
	       PC_MCHK == offsetof(struct e500_percpu, mchk) &&
	       PCS_R10 == offsetof(struct e500_fatal_save, r10) &&
	       PCS_R11 == offsetof(struct e500_fatal_save, r11) &&
	       PCS_CR == offsetof(struct e500_fatal_save, cr) &&
	       PC_SAVE_BYTES == sizeof(struct e500_fatal_save), "per-CPU page: fatal save areas");
_Static_assert(PC_EXC_FRAME == offsetof(struct e500_percpu, exc_frame) &&
	       PC_CRIT_FRAME == offsetof(struct e500_percpu, crit_frame) &&
	       PC_MCHK_FRAME == offsetof(struct e500_percpu, mchk_frame) &&
	       PC_USER_CTX == offsetof(struct e500_percpu, user_ctx) &&
	       PC_CPU == offsetof(struct e500_percpu, cpu) && PC_PIR == offsetof(struct e500_percpu, pir),
	       "per-CPU page: stacks and identity");
_Static_assert(CPU_START_STACK == offsetof(struct e500_cpu_start, stack_top) &&
	       CPU_START_CPU == offsetof(struct e500_cpu_start, cpu), "secondary start record");
_Static_assert(sizeof(struct e500_percpu) <= 4096, "per-CPU page: one page");
_Static_assert(sizeof(struct e500_regs) <= FRAME_SIZE - FRAME_REGS, "frame layout");
_Static_assert((FRAME_SIZE + FRAME_GAP) % 16 == 0 && FRAME_SIZE % 16 == 0, "stack alignment");
#endif

#endif
