/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame the e500 exception prologue saves on the stack, and the
 * per-context values the TLB-miss handlers read from SPRG1..3 and PID.
 * Offsets are from the frame's stack pointer; C sees struct e500_regs at
 * r1 + FRAME_REGS.
 */
#ifndef PPCMMU_E500_FRAME_H
#define PPCMMU_E500_FRAME_H

#define FRAME_REGS	8		/* after the ABI back chain and LR save word */
#define F_GPR(n)	(FRAME_REGS + 4 * (n))
#define F_CR		(FRAME_REGS + 128)
#define F_XER		(FRAME_REGS + 132)
#define F_LR		(FRAME_REGS + 136)
#define F_CTR		(FRAME_REGS + 140)
#define F_SRR0		(FRAME_REGS + 144)
#define F_SRR1		(FRAME_REGS + 148)
#define F_DEAR		(FRAME_REGS + 152)
#define F_ESR		(FRAME_REGS + 156)
#define F_VEC		(FRAME_REGS + 160)
#define F_PID		(FRAME_REGS + 164)
#define FRAME_SIZE	(FRAME_REGS + 176)
#define FRAME_GAP	64		/* left untouched below an interrupted kernel stack */

/* struct e500_ctx: what SPRG1..3 and PID hold while a context runs. */
#define CTX_PGD4	0
#define CTX_INEED	4
#define CTX_DNEED	8
#define CTX_PID		12

/* struct tlb_stats: counters the miss handlers bump (CONFIG_TLB_STATS). */
#define TLBSTAT_DMISS	0
#define TLBSTAT_IMISS	4

#ifndef __ASSEMBLER__
#include <stdint.h>

struct e500_regs {
	uint32_t gpr[32];
	uint32_t cr, xer, lr, ctr;
	uint32_t srr0, srr1, dear, esr;
	uint32_t vector, pid;
	uint32_t pad[2];
};

struct e500_ctx {
	uint32_t pgd4;
	uint32_t ineed;
	uint32_t dneed;
	uint32_t pid;
};

struct tlb_stats {
	uint32_t dmiss;
	uint32_t imiss;
};

_Static_assert(sizeof(struct e500_regs) == FRAME_SIZE - FRAME_REGS, "frame layout");
#endif

#endif
