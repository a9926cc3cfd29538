/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The start of the register frame every family's exception prologue saves
 * on the stack: the registers all PowerPC cores have, at the same offsets.
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
#define F_FAMILY	(FRAME_REGS + 152)	/* the family's own words start here */
#define FRAME_GAP	64		/* left untouched below an interrupted kernel stack */

#endif
