/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame of an interrupt on e500 in 64-bit mode: the common
 * head every family saves (ppc-frame.h, doublewords here) and DEAR, ESR and
 * PID, at r1 + FRAME_REGS (below it the ELFv1 ABI's 112-byte frame header,
 * so the C handler can be called with r1 as its stack).  Also the per-core
 * user context the interrupt exit loads before returning to user mode.
 * Shared by boot/e500-64-vectors.S and C.
 */
#ifndef PPCMMU_E500_E64_FRAME_H
#define PPCMMU_E500_E64_FRAME_H

#include "ppc-frame.h"

#if PPC_REG_BYTES != 8
#error "e500/e64-frame.h is the 64-bit frame"
#endif

#define E64_FRAME_REGS		FRAME_REGS
#define E64_F_GPR(n)		F_GPR(n)
#define E64_F_CR		F_CR
#define E64_F_XER		F_XER
#define E64_F_LR		F_LR
#define E64_F_CTR		F_CTR
#define E64_F_SRR0		F_SRR0
#define E64_F_SRR1		F_SRR1
#define E64_F_VEC		F_VEC
#define E64_F_DEAR		(F_FAMILY + 0)
#define E64_F_ESR		(F_FAMILY + 8)
#define E64_F_PID		(F_FAMILY + 16)
#define E64_FRAME_SIZE		448		/* 16-byte multiple, room for the above */

/*
 * struct e64_uctx: what SPRG0..2 and PID hold while a user space runs on a
 * core (the miss handlers' context: its PGD, the PTE bits a fetch and a data
 * access need), one per core by PIR, loaded by the exit to user mode.
 */
#define UCTX_PGD		0
#define UCTX_INEED		8
#define UCTX_DNEED		16
#define UCTX_PID		24
#define UCTX_SIZE_SHIFT		5

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct e64_regs {
	PPC_REGS_HEAD;
	uint64_t dear, esr, pid;
};
PPC_REGS_HEAD_CHECK(struct e64_regs);

struct e64_uctx {
	uint64_t pgd, ineed, dneed, pid;
};

_Static_assert(E64_FRAME_REGS + offsetof(struct e64_regs, dear) == E64_F_DEAR &&
	       E64_FRAME_REGS + offsetof(struct e64_regs, pid) == E64_F_PID &&
	       E64_F_PID + 8 <= E64_FRAME_SIZE, "e64 frame offsets");
_Static_assert(offsetof(struct e64_uctx, ineed) == UCTX_INEED &&
	       offsetof(struct e64_uctx, dneed) == UCTX_DNEED &&
	       offsetof(struct e64_uctx, pid) == UCTX_PID &&
	       sizeof(struct e64_uctx) == 1u << UCTX_SIZE_SHIFT, "e64 user context offsets");
#endif

#endif
