/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame of an interrupt on book3s/64: every register as a
 * doubleword at r1 + B3_FRAME_REGS (below it the ELFv1 ABI's 112-byte frame
 * header, so the C handler can be called with r1 as its stack).  The frame
 * is built B3_STACK_GAP bytes below the interrupted r1: the ABI lets a leaf
 * function use the 288 bytes under its stack pointer without moving it.
 * Shared by boot/book3s64-vectors.S and C.
 */
#ifndef PPCMMU_BOOK3S64_FRAME_H
#define PPCMMU_BOOK3S64_FRAME_H

#define B3_STACK_GAP		288
#define B3_FRAME_REGS		112
#define B3_F_GPR(n)		(B3_FRAME_REGS + 8 * (n))
#define B3_F_CR			(B3_FRAME_REGS + 256)
#define B3_F_XER		(B3_FRAME_REGS + 264)
#define B3_F_LR			(B3_FRAME_REGS + 272)
#define B3_F_CTR		(B3_FRAME_REGS + 280)
#define B3_F_SRR0		(B3_FRAME_REGS + 288)
#define B3_F_SRR1		(B3_FRAME_REGS + 296)
#define B3_F_DAR		(B3_FRAME_REGS + 304)
#define B3_F_DSISR		(B3_FRAME_REGS + 312)
#define B3_F_VEC		(B3_FRAME_REGS + 320)
#define B3_F_HV			(B3_FRAME_REGS + 328)
#define B3_FRAME_SIZE		464		/* 16-byte multiple, room for the above */

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct b3_regs {
	uint64_t gpr[32];
	uint64_t cr, xer, lr, ctr;
	uint64_t srr0, srr1;	/* HSRR0/1 for a hypervisor interrupt (hv = 1) */
	uint64_t dar, dsisr, vector, hv;
};

_Static_assert(B3_FRAME_REGS + offsetof(struct b3_regs, vector) == B3_F_VEC &&
	       B3_FRAME_REGS + offsetof(struct b3_regs, hv) == B3_F_HV &&
	       B3_FRAME_REGS + offsetof(struct b3_regs, dar) == B3_F_DAR &&
	       B3_F_HV + 8 <= B3_FRAME_SIZE && B3_FRAME_SIZE % 16 == 0, "book3s64 frame offsets");
#endif

#endif
