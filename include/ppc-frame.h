/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The start of the register frame every family's exception prologue saves
 * on the stack: the registers all PowerPC cores have and the vector number,
 * at the same offsets.
 * The family's frame.h adds its own words from F_FAMILY on.  Offsets are
 * from the frame's stack pointer; C sees the family's struct at
 * r1 + FRAME_REGS.  Each word is a register's width: 4 bytes on a 32-bit
 * core, 8 in 64-bit mode (where FRAME_REGS leaves the ELFv1 ABI's 112-byte
 * frame header below the registers, so C can be called on that stack).
 */
#ifndef PPCMMU_PPC_FRAME_H
#define PPCMMU_PPC_FRAME_H

#ifdef __powerpc64__
#define PPC_REG_BYTES	8
#define FRAME_REGS	112		/* after the ELFv1 frame header */
#define FRAME_GAP	288		/* the ABI's protected zone below r1, left untouched */
#else
#define PPC_REG_BYTES	4
#define FRAME_REGS	8		/* after the ABI back chain and LR save word */
#define FRAME_GAP	64		/* left untouched below an interrupted kernel stack */
#endif
#define F_GPR(n)	(FRAME_REGS + PPC_REG_BYTES * (n))
#define F_CR		F_GPR(32)
#define F_XER		F_GPR(33)
#define F_LR		F_GPR(34)
#define F_CTR		F_GPR(35)
#define F_SRR0		F_GPR(36)
#define F_SRR1		F_GPR(37)
#define F_VEC		F_GPR(38)	/* the vector the prologue came from */
#define F_FAMILY	F_GPR(39)	/* the family's own words start here */

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

/* The words every family's frame starts with (F_GPR(0)..F_VEC), each a register wide. */
#define PPC_REGS_FIELDS \
	unsigned long gpr[32]; \
	unsigned long cr, xer, lr, ctr; \
	unsigned long srr0, srr1; \
	unsigned long vector

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
		       offsetof(type, ppc.vector) == offsetof(type, vector) && \
		       sizeof(unsigned long) == PPC_REG_BYTES, \
		       "frame: the common registers of " #type)
#endif

#endif
