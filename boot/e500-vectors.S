/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 exception entry and exit: save the full register frame, switch to the
 * kernel context, call exception_dispatch(struct e500_regs *), restore and
 * return (through rfi for the standard class).  The fatal classes (critical,
 * watchdog, debug: CSRR0/1; machine check: MCSRR0/1) call exception_fatal(),
 * which reports and stops.
 *
 * Registers in a standard-class prologue (before the frame exists):
 *   r10, r11  scratch, saved in SPRG4/SPRG5; CR saved in SPRG7
 *   r1        becomes the frame: below the interrupted r1 in kernel mode,
 *             this core's exception stack (PC_EXC_FRAME) from user mode
 * Registers in a fatal-class prologue:
 *   r10, r11  scratch, saved with CR in the class's area of the per-CPU page
 *             (PC_CRIT or PC_MCHK, absolute addressing: no register needed),
 *             so SPRG4..7 keep what a TLB-miss handler saved there
 *   r1        becomes the frame, at the top of the class's own stack on
 *             this core (PC_CRIT_FRAME, PC_MCHK_FRAME)
 * Every GPR, CR, XER, LR, CTR, SRRx, DEAR, ESR and PID is in the frame
 * before C runs.  Exceptions possible here: none (TLB1 memory only).
 */
#include "e500/reg.h"
#include "e500/frame.h"
#include "ppc-asm.h"

	.section .text.vectors, "ax"

/*
 * Both entry kinds end here: r10 = the frame to use, r11 = the interrupted
 * SRR1 (or CSRR1, MCSRR1); r1, SRR1 and SRR0 go in the frame, r1 becomes
 * it, r11 = the vector number, on to \common.
 */
.macro ENTER_FRAME vec, srr0, common
	stw	r1, F_GPR(1)(r10)
	mr	r1, r10
	stw	r11, F_SRR1(r1)
	mfspr	r11, \srr0
	stw	r11, F_SRR0(r1)
	li	r11, \vec
	b	\common
.endm

/* The label goes after the alignment: IVORs ignore their low 4 bits on silicon. */
.macro EXC_ENTRY name, vec, srr0, srr1, common
	.balign	16
	.globl	\name
\name:
	mtspr	SPRN_SPRG_R10, r10
	mtspr	SPRN_SPRG_R11, r11
	mfcr	r10
	mtspr	SPRN_SPRG_CR, r10
	mfspr	r11, \srr1
	andi.	r10, r11, MSR_PR
	subi	r10, r1, FRAME_SIZE + FRAME_GAP
	beq	1f
	lwz	r10, PCPU(PC_EXC_FRAME)(0)
1:	ENTER_FRAME \vec, \srr0, \common
.endm

/*
 * A fatal class: nothing of the interrupted state is touched before it is
 * saved, and the frame goes on a stack of its own (the interrupted r1 may be
 * a user stack or the middle of a prologue).
 */
.macro FATAL_ENTRY name, vec, srr0, srr1, area, frame, common
	.balign	16
	.globl	\name
\name:
	stw	r10, PCPU(\area + PCS_R10)(0)
	stw	r11, PCPU(\area + PCS_R11)(0)
	mfcr	r10
	stw	r10, PCPU(\area + PCS_CR)(0)
	mfspr	r11, \srr1
	lwz	r10, PCPU(\frame)(0)
	ENTER_FRAME \vec, \srr0, \common
.endm

	FATAL_ENTRY e500_vec_critical, VEC_CRITICAL, SPRN_CSRR0, SPRN_CSRR1, PC_CRIT, PC_CRIT_FRAME, exc_crit
	FATAL_ENTRY e500_vec_mcheck, VEC_MCHECK, SPRN_MCSRR0, SPRN_MCSRR1, PC_MCHK, PC_MCHK_FRAME, exc_mchk
	EXC_ENTRY e500_vec_dsi, VEC_DSI, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_isi, VEC_ISI, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_external, VEC_EXTERNAL, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_align, VEC_ALIGN, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_program, VEC_PROGRAM, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_fpunavail, VEC_FPUNAVAIL, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_syscall, VEC_SYSCALL, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_apunavail, VEC_APUNAVAIL, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_dec, VEC_DEC, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_fit, VEC_FIT, SPRN_SRR0, SPRN_SRR1, exc_common
	FATAL_ENTRY e500_vec_watchdog, VEC_WATCHDOG, SPRN_CSRR0, SPRN_CSRR1, PC_CRIT, PC_CRIT_FRAME, exc_crit
	EXC_ENTRY e500_dtlb_fault, VEC_DTLB, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_itlb_fault, VEC_ITLB, SPRN_SRR0, SPRN_SRR1, exc_common
	FATAL_ENTRY e500_vec_debug, VEC_DEBUG, SPRN_CSRR0, SPRN_CSRR1, PC_CRIT, PC_CRIT_FRAME, exc_crit
	EXC_ENTRY e500_vec_speunavail, VEC_SPEUNAVAIL, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_spedata, VEC_SPEDATA, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_speround, VEC_SPEROUND, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_perfmon, VEC_PERFMON, SPRN_SRR0, SPRN_SRR1, exc_common
	/* e500mc and later (IVOR36..41, set by e500mc_hv_setup): nothing here uses them */
	EXC_ENTRY e500_vec_doorbell, VEC_DOORBELL, SPRN_SRR0, SPRN_SRR1, exc_common
	FATAL_ENTRY e500_vec_doorbell_crit, VEC_DOORBELL_CRIT, SPRN_CSRR0, SPRN_CSRR1, PC_CRIT, PC_CRIT_FRAME, exc_crit
	EXC_ENTRY e500_vec_guest_doorbell, VEC_GUEST_DOORBELL, SPRN_SRR0, SPRN_SRR1, exc_common
	FATAL_ENTRY e500_vec_guest_doorbell_crit, VEC_GUEST_DOORBELL_CRIT, SPRN_CSRR0, SPRN_CSRR1, PC_CRIT, PC_CRIT_FRAME, exc_crit
	EXC_ENTRY e500_vec_hcall, VEC_HCALL, SPRN_SRR0, SPRN_SRR1, exc_common
	EXC_ENTRY e500_vec_ehpriv, VEC_EHPRIV, SPRN_SRR0, SPRN_SRR1, exc_common

/*
 * r1 = frame with GPR1, SRR0, SRR1 stored; r11 = vector; the interrupted
 * r10/r11/CR in SPRG4/5/7, or for a fatal class in the per-CPU area \area.
 */
.macro SAVE_FRAME area=-1
	stw	r11, F_VEC(r1)
	SAVE_GPRS_0_9
.if \area < 0
	mfspr	r10, SPRN_SPRG_R10
	stw	r10, F_GPR(10)(r1)
	mfspr	r10, SPRN_SPRG_R11
	stw	r10, F_GPR(11)(r1)
	stmw	r12, F_GPR(12)(r1)
	mfspr	r10, SPRN_SPRG_CR
.else
	lwz	r10, PCPU(\area + PCS_R10)(0)
	stw	r10, F_GPR(10)(r1)
	lwz	r10, PCPU(\area + PCS_R11)(0)
	stw	r10, F_GPR(11)(r1)
	stmw	r12, F_GPR(12)(r1)
	lwz	r10, PCPU(\area + PCS_CR)(0)
.endif
	stw	r10, F_CR(r1)
	SAVE_XER_LR_CTR
	mfspr	r10, SPRN_DEAR
	stw	r10, F_DEAR(r1)
	mfspr	r10, SPRN_ESR
	stw	r10, F_ESR(r1)
	mfspr	r10, SPRN_PID
	stw	r10, F_PID(r1)
	li	r10, 0
	stw	r10, 0(r1)			/* end of the back chain */
.endm

/* Load SPRG0..2 and PID from the e500_ctx at r10; clobbers r11. */
load_ctx:
	lwz	r11, CTX_PGD4(r10)
	mtspr	SPRN_SPRG_PGD, r11
	lwz	r11, CTX_INEED(r10)
	mtspr	SPRN_SPRG_INEED, r11
	lwz	r11, CTX_DNEED(r10)
	mtspr	SPRN_SPRG_DNEED, r11
	lwz	r11, CTX_PID(r10)
	mtspr	SPRN_PID, r11
	isync
	blr

exc_common:
	SAVE_FRAME
	lwz	r10, F_SRR1(r1)
	andi.	r10, r10, MSR_PR
	beq	1f
	lis	r10, kernel_ctx@ha
	addi	r10, r10, kernel_ctx@l
	bl	load_ctx
1:	addi	r3, r1, FRAME_REGS
	bl	exception_dispatch
	/* fall through */

/* Return through the frame at r1. */
	.globl	exc_return
exc_return:
	lwz	r10, F_SRR1(r1)
	andi.	r10, r10, MSR_PR
	beq	1f
	lwz	r10, PCPU(PC_USER_CTX)(0)	/* struct e500_ctx * of this core's user */
	bl	load_ctx
	li	r10, 0				/* user code can read SPRG4..7 (SPR 260-263): */
	mtspr	SPRN_SPRG_R10, r10		/* leave it no kernel register values */
	mtspr	SPRN_SPRG_R11, r10
	mtspr	SPRN_SPRG_R12, r10
	mtspr	SPRN_SPRG_CR, r10
1:	REST_FRAME_AND_RFI

/*
 * Critical, watchdog, debug or machine check: exception_fatal() reports and
 * stops (or, when a test armed it, records the frame and jumps back into the
 * test); the interrupted code is never resumed.
 */
.macro FATAL_COMMON name, area
\name:
	SAVE_FRAME \area
	addi	r3, r1, FRAME_REGS
	bl	exception_fatal
1:	b	1b
.endm

	FATAL_COMMON exc_crit, PC_CRIT
	FATAL_COMMON exc_mchk, PC_MCHK

	.text
/*
 * void e500_enter_frame(struct e500_regs *regs): return through a frame
 * built by C (to enter user mode).  regs must sit FRAME_REGS above a frame.
 */
	.globl	e500_enter_frame
e500_enter_frame:
	subi	r1, r3, FRAME_REGS
	b	exc_return
