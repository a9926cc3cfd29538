/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame of an interrupt on e500 in 64-bit mode: every register
 * as a doubleword, at r1 + E64_FRAME_REGS (below it the ELFv1 ABI's 112-byte
 * frame header, so the C handler can be called with r1 as its stack).
 * Shared by boot/e500-64-vectors.S and C.
 */
#ifndef PPCMMU_E500_E64_FRAME_H
#define PPCMMU_E500_E64_FRAME_H

#define E64_FRAME_REGS		112
#define E64_F_GPR(n)		(E64_FRAME_REGS + 8 * (n))
#define E64_F_CR		(E64_FRAME_REGS + 256)
#define E64_F_XER		(E64_FRAME_REGS + 264)
#define E64_F_LR		(E64_FRAME_REGS + 272)
#define E64_F_CTR		(E64_FRAME_REGS + 280)
#define E64_F_SRR0		(E64_FRAME_REGS + 288)
#define E64_F_SRR1		(E64_FRAME_REGS + 296)
#define E64_F_DEAR		(E64_FRAME_REGS + 304)
#define E64_F_ESR		(E64_FRAME_REGS + 312)
#define E64_F_VEC		(E64_FRAME_REGS + 320)
#define E64_FRAME_SIZE		448		/* 16-byte multiple, room for the above */

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct e64_regs {
	uint64_t gpr[32];
	uint64_t cr, xer, lr, ctr, srr0, srr1, dear, esr, vector;
};

_Static_assert(E64_FRAME_REGS + offsetof(struct e64_regs, vector) == E64_F_VEC &&
	       E64_FRAME_REGS + offsetof(struct e64_regs, dear) == E64_F_DEAR &&
	       E64_F_VEC + 8 <= E64_FRAME_SIZE, "e64 frame offsets");
#endif

#endif
