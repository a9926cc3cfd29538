/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode: interrupt vectors.  IVPR = KERNEL_VA; IVORn = the
 * offset of each stub below.  Every interrupt saves the whole register file
 * (doublewords, e500/e64-frame.h) and calls e64_trap(regs)
 * (boot/e500-64-trap.c); if that returns, the registers come back and rfi
 * resumes.  (Critical, machine-check and debug interrupts save their state
 * in CSRR/MCSRR/DSRR: the frame's SRR0/1 are then the last base-class
 * values, and e64_trap does not return.)
 *
 * Where the frame goes: from the kernel (SRR1[PR] = 0), below the
 * interrupted r1 and the ABI's protected zone (FRAME_GAP); from user mode,
 * at the top of this core's exception stack (e64_exc_stacks, by PIR), never
 * below the user's r1.  An interrupt from user mode also switches the miss
 * handlers' context to the kernel's (SPRG0 = the empty PGD: no user table; SPRG1/2 the
 * kernel's NEED bits; PID 0); the return to user mode loads this core's
 * user context (e64_user_ctx) and clears SPRG4..7, which user code can read
 * (SPR 260..263), so no kernel register value is left in them.
 *
 * Registers before the frame exists: r10 the vector number (the stub saves
 * r10 in SPRG4, r11 in SPRG5), r11 the interrupted r1, r12 scratch (saved in
 * SPRG6), CR saved in SPRG7; r1 becomes the frame.  Exceptions possible
 * here: none (the frame is in the pinned linear map).
 */
#include "e500/reg.h"
#include "e500/e64.h"
#include "ppc64-asm.h"
#include "e500/e64-frame.h"
#include "mmu/pte-e500.h"

.macro VECTOR name, n
	.balign	16
	.globl	\name
\name:
	mtspr	SPRN_SPRG4, r10
	mtspr	SPRN_SPRG5, r11
	li	r10, \n
	b	e64_trap_common
.endm

	.section .text.vectors, "ax"
	VECTOR e64_vec_critical, 0
	VECTOR e64_vec_mcheck, 1
	VECTOR e64_vec_dsi, 2
	VECTOR e64_vec_isi, 3
	VECTOR e64_vec_external, 4
	VECTOR e64_vec_align, 5
	VECTOR e64_vec_program, 6
	VECTOR e64_vec_fpunavail, 7
	VECTOR e64_vec_syscall, 8
	VECTOR e64_vec_apunavail, 9
	VECTOR e64_vec_dec, 10
	VECTOR e64_vec_fit, 11
	VECTOR e64_vec_watchdog, 12
	VECTOR e64_vec_dtlb, 13
	VECTOR e64_vec_itlb, 14
	VECTOR e64_vec_debug, 15
	VECTOR e64_vec_perfmon, 35
	VECTOR e64_vec_doorbell, 36
	VECTOR e64_vec_cdoorbell, 37

e64_trap_common:
	mtspr	SPRN_SPRG6, r12
	mfcr	r12
	mtspr	SPRN_SPRG7, r12
	mr	r11, r1
	mfspr	r12, SPRN_SRR1
	andi.	r12, r12, MSR_PR
	bne	1f
	subi	r1, r1, E64_FRAME_SIZE + FRAME_GAP	/* kernel: below the interrupted stack */
	std	r11, 0(r1)				/* back chain */
	b	2f
1:	LOAD_IMM64 r1, e64_exc_stacks			/* user: this core's exception stack */
	mfspr	r12, SPRN_PIR
	andi.	r12, r12, E64_MAX_CPUS - 1
	addi	r12, r12, 1
	sldi	r12, r12, E64_STACK_SHIFT
	add	r1, r1, r12
	subi	r1, r1, E64_FRAME_SIZE
	li	r12, 0
	std	r12, 0(r1)				/* the end of the back chain */
2:	std	r11, E64_F_GPR(1)(r1)
	std	r10, E64_F_VEC(r1)
	mfspr	r10, SPRN_SPRG4
	std	r10, E64_F_GPR(10)(r1)
	mfspr	r10, SPRN_SPRG5
	std	r10, E64_F_GPR(11)(r1)
	mfspr	r10, SPRN_SPRG6
	std	r10, E64_F_GPR(12)(r1)
	mfspr	r10, SPRN_SPRG7
	std	r10, E64_F_CR(r1)
	.irp	n, 0, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std	r\n, E64_F_GPR(\n)(r1)
	.endr
	mfxer	r10
	std	r10, E64_F_XER(r1)
	mflr	r10
	std	r10, E64_F_LR(r1)
	mfctr	r10
	std	r10, E64_F_CTR(r1)
	mfspr	r10, SPRN_SRR0
	std	r10, E64_F_SRR0(r1)
	mfspr	r10, SPRN_SRR1
	std	r10, E64_F_SRR1(r1)
	mfspr	r10, SPRN_DEAR
	std	r10, E64_F_DEAR(r1)
	mfspr	r10, SPRN_ESR
	std	r10, E64_F_ESR(r1)
	mfspr	r10, SPRN_PID
	std	r10, E64_F_PID(r1)
	ld	r10, E64_F_SRR1(r1)
	andi.	r10, r10, MSR_PR
	beq	3f
	ld	r10, E64_PCPU(E64_PC_NO_USER_PGD)(0)	/* from user mode: the kernel's context */
	mtspr	SPRN_SPRG0, r10
	li	r10, 0
	mtspr	SPRN_PID, r10
	lis	r10, PTE_NEED_KERNEL_EXEC@h
	ori	r10, r10, PTE_NEED_KERNEL_EXEC@l
	mtspr	SPRN_SPRG1, r10
	lis	r10, PTE_NEED_KERNEL_READ@h
	ori	r10, r10, PTE_NEED_KERNEL_READ@l
	mtspr	SPRN_SPRG2, r10
	isync
3:	LOAD_IMM64 r2, .TOC.
	addi	r3, r1, E64_FRAME_REGS
	bl	e64_trap
	nop
	/* fall through */

/* Return through the frame at r1; to user mode, with this core's user context. */
e64_exc_return:
	ld	r10, E64_F_SRR1(r1)
	andi.	r10, r10, MSR_PR
	beq	4f
	LOAD_IMM64 r11, e64_user_ctx
	mfspr	r10, SPRN_PIR
	andi.	r10, r10, E64_MAX_CPUS - 1
	sldi	r10, r10, UCTX_SIZE_SHIFT
	add	r11, r11, r10
	ld	r10, UCTX_PGD(r11)
	mtspr	SPRN_SPRG0, r10
	ld	r10, UCTX_INEED(r11)
	mtspr	SPRN_SPRG1, r10
	ld	r10, UCTX_DNEED(r11)
	mtspr	SPRN_SPRG2, r10
	ld	r10, UCTX_PID(r11)
	mtspr	SPRN_PID, r10
	li	r10, 0
	mtspr	SPRN_SPRG4, r10
	mtspr	SPRN_SPRG5, r10
	mtspr	SPRN_SPRG6, r10
	mtspr	SPRN_SPRG7, r10
	isync
4:	ld	r10, E64_F_CR(r1)
	mtcr	r10
	ld	r10, E64_F_XER(r1)
	mtxer	r10
	ld	r10, E64_F_LR(r1)
	mtlr	r10
	ld	r10, E64_F_CTR(r1)
	mtctr	r10
	ld	r10, E64_F_SRR0(r1)
	mtspr	SPRN_SRR0, r10
	ld	r10, E64_F_SRR1(r1)
	mtspr	SPRN_SRR1, r10
	.irp	n, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	r\n, E64_F_GPR(\n)(r1)
	.endr
	ld	r1, E64_F_GPR(1)(r1)
	rfi

/* IVORn = offset of each stub from IVPR (KERNEL_VA).  Clobbers r5. */
.macro SET_IVOR spr, label
	LOAD_IMM64 r5, \label - KERNEL_VA
	mtspr	\spr, r5
.endm

	.text
	.globl	e64_set_ivors
e64_set_ivors:
	SET_IVOR SPRN_IVOR0 + 0, e64_vec_critical
	SET_IVOR SPRN_IVOR0 + 1, e64_vec_mcheck
	SET_IVOR SPRN_IVOR0 + 2, e64_vec_dsi
	SET_IVOR SPRN_IVOR0 + 3, e64_vec_isi
	SET_IVOR SPRN_IVOR0 + 4, e64_vec_external
	SET_IVOR SPRN_IVOR0 + 5, e64_vec_align
	SET_IVOR SPRN_IVOR0 + 6, e64_vec_program
	SET_IVOR SPRN_IVOR0 + 7, e64_vec_fpunavail
	SET_IVOR SPRN_IVOR0 + 8, e64_vec_syscall
	SET_IVOR SPRN_IVOR0 + 9, e64_vec_apunavail
	SET_IVOR SPRN_IVOR0 + 10, e64_vec_dec
	SET_IVOR SPRN_IVOR0 + 11, e64_vec_fit
	SET_IVOR SPRN_IVOR0 + 12, e64_vec_watchdog
	SET_IVOR SPRN_IVOR0 + 13, e64_dtlb_miss	/* tlb/e500-64-miss.S: to e64_vec_dtlb when C must act */
	SET_IVOR SPRN_IVOR0 + 14, e64_itlb_miss
	SET_IVOR SPRN_IVOR0 + 15, e64_vec_debug
	SET_IVOR SPRN_IVOR32 + 3, e64_vec_perfmon
	SET_IVOR SPRN_IVOR36, e64_vec_doorbell
	SET_IVOR SPRN_IVOR36 + 1, e64_vec_cdoorbell
	isync
	blr

/* uint32_t e64_call_at(vaddr_t va): call the code at va (no descriptor), return its r3. */
FUNC e64_call_at
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -112(r1)
	std	r2, 40(r1)
	mtctr	r3
	bctrl
	ld	r2, 40(r1)
	addi	r1, r1, 112
	ld	r0, 16(r1)
	mtlr	r0
	blr

/*
 * void e64_enter_frame(struct e64_regs *regs): return through a frame built
 * by C (to enter user mode).  regs must sit E64_FRAME_REGS above the frame.
 */
FUNC e64_enter_frame
	subi	r1, r3, E64_FRAME_REGS
	b	e64_exc_return

	.section .bss
	.balign	4096
	.globl	e64_exc_stacks
e64_exc_stacks:			/* core n's ends at e64_exc_stacks + (n + 1) << E64_STACK_SHIFT */
	.space	E64_MAX_CPUS << E64_STACK_SHIFT
