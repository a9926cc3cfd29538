/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx exception vectors 0x000..0x1F00 (except the TLB-miss vectors
 * 0x1100 and 0x1200, in tlb/mpc8xx-miss.S) and the exception entry and exit
 * that save the full register frame and call mpc8xx_exception() in C.
 *
 * Every vector sits at its physical offset (linker/mpc8xx.ld places section
 * .vec.XXXX at XXXX) and runs with translation off: code branches only
 * PC-relative, data is addressed physically until the prologue turns
 * translation back on with an rfi.
 *
 * Registers in a vector and in exc_prolog (before the frame exists):
 *   SPRG0, SPRG1, SPRG3  save r10, r11, r12 (the miss handlers use SPRG2
 *                        and M_TW, so a miss inside C cannot clobber these)
 *   r10                  CR, then scratch
 *   r11                  the vector number
 *   r12                  the frame, physical
 *   cr0                  clobbered (CR is in r10 by then)
 *   DAR                  tagged with RPN_PATTERN (0xF0) once saved, so a
 *                        stale DAR (the dcbX erratum leaves DAR unchanged)
 *                        never names a page
 *   M_TWB, M_CASID       switched to the kernel's when coming from user mode
 * The frame goes below the interrupted r1 in kernel mode (FRAME_GAP bytes
 * left alone), at the top of exc_stack from user mode.  Exceptions possible
 * in this code: none (real-mode RAM only; the kernel stack is pinned).
 */
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/frame.h"
#include "ppc-asm.h"
#include "mmu/pte-mpc8xx.h"

/* A vector: save r10/r11 and CR, go to exc_prolog with the vector number. */
.macro EXC_VECTOR vec
	.section .vec.\vec, "ax"
	mtspr	SPRN_SPRG_EXC_R10, r10
	mtspr	SPRN_SPRG_EXC_R11, r11
	mfcr	r10
	li	r11, \vec
	b	exc_prolog
.endm

/* Physical 0: the entry point for a boot loader (U-Boot bootm jumps here). */
	.section .vec.0x0000, "ax"
	.globl	_start
_start:
	b	mpc8xx_reset

/* Reset (0x100): where the chip starts with MSR[IP] = 0. */
	.section .vec.0x0100, "ax"
	b	mpc8xx_reset

	EXC_VECTOR 0x0200
	EXC_VECTOR 0x0300
	EXC_VECTOR 0x0400
	EXC_VECTOR 0x0500
	EXC_VECTOR 0x0600
	EXC_VECTOR 0x0700
	EXC_VECTOR 0x0800
	EXC_VECTOR 0x0900
	EXC_VECTOR 0x0A00
	EXC_VECTOR 0x0B00
	EXC_VECTOR 0x0C00
	EXC_VECTOR 0x0D00
	EXC_VECTOR 0x0E00
	EXC_VECTOR 0x0F00
	EXC_VECTOR 0x1000
	EXC_VECTOR 0x1300
	EXC_VECTOR 0x1400
	EXC_VECTOR 0x1500
	EXC_VECTOR 0x1600
	EXC_VECTOR 0x1700
	EXC_VECTOR 0x1800
	EXC_VECTOR 0x1900
	EXC_VECTOR 0x1A00
	EXC_VECTOR 0x1B00
	EXC_VECTOR 0x1C00
	EXC_VECTOR 0x1D00
	EXC_VECTOR 0x1E00
	EXC_VECTOR 0x1F00

/* The per-CPU block at PERCPU_PA (see mpc8xx/frame.h). */
	.section .vec.percpu, "aw"
	.globl	mpc8xx_percpu
mpc8xx_percpu:
	.space	PERCPU_BYTES

	.text
/*
 * Common prologue, translation off.  In: r10 = CR, r11 = vector, SPRG0/1 =
 * r10/r11 of the interrupted code.  Saves the volatile state into the frame,
 * switches to the kernel address space if needed, and turns translation on
 * at exc_virt with r1 = the frame.
 */
	.globl	exc_prolog
exc_prolog:
	mtspr	SPRN_SPRG_EXC_R12, r12
	mfspr	r12, SPRN_SRR1
	andi.	r12, r12, MSR_PR
	bne	1f
	subi	r12, r1, FRAME_SIZE + FRAME_GAP
	b	2f
1:	lis	r12, (exc_stack_top - FRAME_SIZE)@ha
	addi	r12, r12, (exc_stack_top - FRAME_SIZE)@l
2:	addis	r12, r12, -KERNEL_VA@h		/* the frame, physical */
	stw	r1, F_GPR(1)(r12)
	stw	r10, F_CR(r12)
	stw	r11, F_VEC(r12)
	mfspr	r10, SPRN_SPRG_EXC_R10
	stw	r10, F_GPR(10)(r12)
	mfspr	r10, SPRN_SPRG_EXC_R11
	stw	r10, F_GPR(11)(r12)
	mfspr	r10, SPRN_SPRG_EXC_R12
	stw	r10, F_GPR(12)(r12)
	mfspr	r10, SPRN_SRR0
	stw	r10, F_SRR0(r12)
	mfspr	r11, SPRN_SRR1
	stw	r11, F_SRR1(r12)
	mfspr	r10, SPRN_DAR
	stw	r10, F_DAR(r12)
	mfspr	r10, SPRN_DSISR
	stw	r10, F_DSISR(r12)
	li	r10, RPN_PATTERN
	mtspr	SPRN_DAR, r10
	andi.	r11, r11, MSR_PR
	beq	3f
	lwz	r10, PCPU(PC_KPGD)(0)		/* from user: the kernel's tables */
	mtspr	SPRN_M_TWB, r10
	li	r10, 0
	mtspr	SPRN_M_CASID, r10
3:	addis	r1, r12, KERNEL_VA@h		/* the frame, virtual */
	lis	r10, exc_virt@h
	ori	r10, r10, exc_virt@l
	mtspr	SPRN_SRR0, r10
	li	r10, MSR_KERNEL
	mtspr	SPRN_SRR1, r10
	rfi

/* Translation on, r1 = frame with r1, r10..r12, CR, SRR0/1, DAR, DSISR, vector. */
exc_virt:
	SAVE_GPRS_0_9
	stmw	r13, F_GPR(13)(r1)
	SAVE_XER_LR_CTR
	li	r10, 0
	stw	r10, 0(r1)			/* end of the back chain */
	addi	r3, r1, FRAME_REGS
	bl	mpc8xx_exception
	/* fall through */

/*
 * Return through the frame at r1 (translation on).  To user mode: load the
 * user's PGD and address-space id first.  Between the SRR0/SRR1 writes and
 * rfi only pinned memory is touched, so no TLB miss can clobber them.
 */
	.globl	exc_return
exc_return:
	lwz	r10, F_SRR1(r1)
	andi.	r10, r10, MSR_PR
	beq	1f
	lis	r11, mpc8xx_percpu@ha
	addi	r11, r11, mpc8xx_percpu@l
	lwz	r10, PC_UPGD(r11)
	mtspr	SPRN_M_TWB, r10
	lwz	r10, PC_UCASID(r11)
	mtspr	SPRN_M_CASID, r10
1:	REST_FRAME_AND_RFI

/*
 * void mpc8xx_enter_frame(struct mpc8xx_regs *regs): return through a frame
 * built by C (to enter user mode).  regs must sit FRAME_REGS above a frame.
 */
	.globl	mpc8xx_enter_frame
mpc8xx_enter_frame:
	subi	r1, r3, FRAME_REGS
	b	exc_return

/*
 * void mpc8xx_exit_device(uint32_t status): store status to the exit device
 * with translation off (it is not mapped) and stop.
 */
	.globl	mpc8xx_exit_device
mpc8xx_exit_device:
	lis	r4, (1f - KERNEL_VA)@h
	ori	r4, r4, (1f - KERNEL_VA)@l
	mtspr	SPRN_SRR0, r4
	li	r4, MSR_REAL
	mtspr	SPRN_SRR1, r4
	rfi
1:	lis	r4, SIM_EXIT_PA@h
	stw	r3, 0(r4)
2:	b	2b

	.section .bss
	.balign	16
exc_stack:
	.space	8192
	.globl	exc_stack_top
exc_stack_top:
