/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly helpers every PowerPC family here shares.  The frame macros use
 * F_GPR(n), which the including family's frame.h defines.
 */
#ifndef PPCMMU_PPC_ASM_H
#define PPCMMU_PPC_ASM_H

#ifdef __ASSEMBLER__

/* r0 and r2..r9 to / from the frame at r1 (r1 itself and r10.. differ per family). */
.macro SAVE_GPRS_0_9
	stw	r0, F_GPR(0)(r1)
	stw	r2, F_GPR(2)(r1)
	stw	r3, F_GPR(3)(r1)
	stw	r4, F_GPR(4)(r1)
	stw	r5, F_GPR(5)(r1)
	stw	r6, F_GPR(6)(r1)
	stw	r7, F_GPR(7)(r1)
	stw	r8, F_GPR(8)(r1)
	stw	r9, F_GPR(9)(r1)
.endm

.macro REST_GPRS_0_9
	lwz	r0, F_GPR(0)(r1)
	lwz	r2, F_GPR(2)(r1)
	lwz	r3, F_GPR(3)(r1)
	lwz	r4, F_GPR(4)(r1)
	lwz	r5, F_GPR(5)(r1)
	lwz	r6, F_GPR(6)(r1)
	lwz	r7, F_GPR(7)(r1)
	lwz	r8, F_GPR(8)(r1)
	lwz	r9, F_GPR(9)(r1)
.endm

/*
 * r1 = \stack_top with a zero back chain, then zero __bss_start..__bss_end
 * (word aligned).  Clobbers r0, r3, r4.  Runs at the link address.
 */
.macro BOOT_STACK_AND_BSS stack_top
	lis	r1, \stack_top@ha
	addi	r1, r1, \stack_top@l
	li	r0, 0
	stwu	r0, -16(r1)
	lis	r3, __bss_start@ha
	addi	r3, r3, __bss_start@l
	lis	r4, __bss_end@ha
	addi	r4, r4, __bss_end@l
.Lbss\@:
	cmplw	r3, r4
	bge	.Lbss_done\@
	stw	r0, 0(r3)
	addi	r3, r3, 4
	b	.Lbss\@
.Lbss_done\@:
.endm

#endif
#endif
