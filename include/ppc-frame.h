/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The start of the register frame every family's exception prologue saves
 * on the stack: the registers all PowerPC cores have and the vector number,
 * at the same offsets.
 * The family's frame.h adds its own words from F_FAMILY on.  Offsets are
 * from the frame's stack pointer; C sees the family's struct at
 * r1 + FRAME_REGS.
 */
#ifndef PPCMMU_PPC_FRAME_H
#define PPCMMU_PPC_FRAME_H

#define FRAME_REGS	8		/* after the ABI back chain and LR save word */
#define F_GPR(n)	(FRAME_REGS + 4 * (n))
#define F_CR		(FRAME_REGS + 128)
#define F_XER		(FRAME_REGS + 132)
#define F_LR		(FRAME_REGS + 136)
#define F_CTR		(FRAME_REGS + 140)
#define F_SRR0		(FRAME_REGS + 144)
#define F_SRR1		(FRAME_REGS + 148)
#define F_VEC		(FRAME_REGS + 152)	/* the vector the prologue came from */
#define F_FAMILY	(FRAME_REGS + 156)	/* the family's own words start here */
#define FRAME_GAP	64		/* left untouched below an interrupted kernel stack */

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

/* The words every family's frame starts with (F_GPR(0)..F_VEC). */
#define PPC_REGS_FIELDS \
	uint32_t gpr[32]; \
	uint32_t cr, xer, lr, ctr; \
	uint32_t srr0, srr1; \
	uint32_t vector

/* Those words as one struct, what the shared exception code sees. */
struct ppc_regs {
	PPC_REGS_FIELDS;
};

/*
 * A family's struct <family>_regs starts with PPC_REGS_HEAD: the common words
 * by name (r->srr0) and as one struct ppc_regs (&r->ppc) for the code every
 * family shares (tlb/fault.c).
 */
#define PPC_REGS_HEAD \
	union { \
		struct ppc_regs ppc; \
		struct { PPC_REGS_FIELDS; }; \
	}

/* The head's offsets in the family's struct are the ones the assembly uses. */
#define PPC_REGS_AT(type, field)	(FRAME_REGS + offsetof(type, field))
#define PPC_REGS_HEAD_CHECK(type) \
	_Static_assert(PPC_REGS_AT(type, gpr) == F_GPR(0) && PPC_REGS_AT(type, gpr[31]) == F_GPR(31) && \
		       PPC_REGS_AT(type, cr) == F_CR && PPC_REGS_AT(type, xer) == F_XER && \
		       PPC_REGS_AT(type, lr) == F_LR && PPC_REGS_AT(type, ctr) == F_CTR && \
		       PPC_REGS_AT(type, srr0) == F_SRR0 && PPC_REGS_AT(type, srr1) == F_SRR1 && \
		       PPC_REGS_AT(type, vector) == F_VEC && offsetof(type, ppc) == 0 && \
		       offsetof(type, ppc.vector) == offsetof(type, vector), \
		       "frame: the common registers of " #type)
#endif

#endif
