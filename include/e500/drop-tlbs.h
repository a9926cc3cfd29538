/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Start-up of every e500 core, 32-bit or 64-bit mode: once running from the
 * linear map, invalidate every TLB1 entry below the first linear-map slot
 * and all of TLB0.
 */
#ifndef PPCMMU_E500_DROP_TLBS_H
#define PPCMMU_E500_DROP_TLBS_H

#include "e500/reg.h"
#include "e500/mas.h"

#ifdef __ASSEMBLER__
/*
 * A function named name: TLB1 entries 0 .. nentry - (keep + 1) are written
 * invalid (nentry in r30, kept), then TLB0 is flash-invalidated and waited
 * for.  keep: how many slots at the top of TLB1 stay (the linear map's
 * first slot and those above it).  Clobbers r5..r7, CTR.
 */
.macro DROP_TLBS name, keep
\name:
	li	r6, 0
	subi	r7, r30, \keep
	mtctr	r7
1:	slwi	r5, r6, MAS0_ESEL_SHIFT
	oris	r5, r5, MAS0_TLBSEL1@h
	mtspr	SPRN_MAS0, r5
	li	r5, 0
	mtspr	SPRN_MAS1, r5
	mtspr	SPRN_MAS2, r5
	mtspr	SPRN_MAS3, r5
	isync
	tlbwe
	isync
	addi	r6, r6, 1
	bdnz	1b
	li	r5, MMUCSR0_TLB0_FI
	mtspr	SPRN_MMUCSR0, r5
2:	mfspr	r5, SPRN_MMUCSR0
	andi.	r5, r5, MMUCSR0_TLB0_FI
	bne	2b
	isync
	blr
.endm
#endif

#endif
