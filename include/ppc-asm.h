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
	.irp	n, 0, 2, 3, 4, 5, 6, 7, 8, 9
	stw	r\n, F_GPR(\n)(r1)
	.endr
.endm

.macro REST_GPRS_0_9
	.irp	n, 0, 2, 3, 4, 5, 6, 7, 8, 9
	lwz	r\n, F_GPR(\n)(r1)
	.endr
.endm

/* XER, LR and CTR to the frame at r1, through r10. */
.macro SAVE_XER_LR_CTR
	mfxer	r10
	stw	r10, F_XER(r1)
	mflr	r10
	stw	r10, F_LR(r1)
	mfctr	r10
	stw	r10, F_CTR(r1)
.endm

/* CTR, LR, XER, CR, SRR0 and SRR1 back from the frame at r1, through r10. */
.macro REST_SPECIAL_REGS
	lwz	r10, F_CTR(r1)
	mtctr	r10
	lwz	r10, F_LR(r1)
	mtlr	r10
	lwz	r10, F_XER(r1)
	mtxer	r10
	lwz	r10, F_CR(r1)
	mtcr	r10
	lwz	r10, F_SRR0(r1)
	mtsrr0	r10
	lwz	r10, F_SRR1(r1)
	mtsrr1	r10
.endm

/* Return through the frame at r1: every register it holds, then rfi. */
.macro REST_FRAME_AND_RFI
	REST_SPECIAL_REGS
	REST_GPRS_0_9
	lwz	r10, F_GPR(10)(r1)
	lwz	r11, F_GPR(11)(r1)
	lmw	r12, F_GPR(12)(r1)
	lwz	r1, F_GPR(1)(r1)
	rfi
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
