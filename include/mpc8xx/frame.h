/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The register frame the MPC8xx exception prologue saves, and the per-CPU
 * block the handlers reach with translation off.  Offsets are from the
 * frame's stack pointer; C sees struct mpc8xx_regs at r1 + FRAME_REGS.
 */
#ifndef PPCMMU_MPC8XX_FRAME_H
#define PPCMMU_MPC8XX_FRAME_H

#include "ppc-frame.h"
#define F_DAR		(F_FAMILY + 0)
#define F_DSISR		(F_FAMILY + 4)
#define FRAME_SIZE	(FRAME_REGS + 176)

/*
 * The per-CPU block: 256 bytes at physical PERCPU_PA (inside the image,
 * right after the vectors), so code running untranslated reaches a field
 * with one absolute load, "lwz rD, PCPU(field)(0)".  C reaches it through
 * the linear map as struct mpc8xx_percpu mpc8xx_percpu.
 */
#define PERCPU_PA	0x2000
#define PERCPU_BYTES	256	/* reserved in boot/mpc8xx-vectors.S */
#define PCPU(off)	(PERCPU_PA + (off))
#define PC_KPGD		0	/* physical address of the kernel PGD */
#define PC_UPGD		4	/* physical address of the user PGD to return to */
#define PC_UCASID	8	/* its address-space id */
#define PC_DMISS	12	/* data TLB misses (CONFIG_TLB_STATS) */
#define PC_IMISS	16	/* instruction TLB misses (CONFIG_TLB_STATS) */

/* Physical address of the simulator's exit device. */
#include "include/sim/exit-device.h"

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

struct mpc8xx_regs {
	PPC_REGS_HEAD;
	uint32_t dar, dsisr;
	uint32_t pad[3];
};

struct mpc8xx_percpu {
	uint32_t kpgd;
	uint32_t upgd;
	uint32_t ucasid;
	uint32_t dmiss;
	uint32_t imiss;
};

extern volatile struct mpc8xx_percpu mpc8xx_percpu;

/* The offsets the assembly uses are the C layout's. */
#define F_OFFSET(field)	PPC_REGS_AT(struct mpc8xx_regs, field)
_Static_assert(sizeof(struct mpc8xx_regs) == FRAME_SIZE - FRAME_REGS, "frame layout");
PPC_REGS_HEAD_CHECK(struct mpc8xx_regs);
_Static_assert(F_OFFSET(dar) == F_DAR && F_OFFSET(dsisr) == F_DSISR,
	       "frame offsets F_* match struct mpc8xx_regs");
_Static_assert(offsetof(struct mpc8xx_percpu, kpgd) == PC_KPGD &&
	       offsetof(struct mpc8xx_percpu, upgd) == PC_UPGD &&
	       offsetof(struct mpc8xx_percpu, ucasid) == PC_UCASID &&
	       offsetof(struct mpc8xx_percpu, dmiss) == PC_DMISS &&
	       offsetof(struct mpc8xx_percpu, imiss) == PC_IMISS &&
	       sizeof(struct mpc8xx_percpu) <= PERCPU_BYTES, "per-CPU offsets PC_* match struct mpc8xx_percpu");
#endif

#endif
