/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64: the interrupt vectors, copied to physical 0 at start-up
 * (boot/book3s64-start.S), where the processor takes every interrupt in
 * real mode (LPCR[AIL] = 0, HRMOR = 0).  Everything here is position
 * independent: a stub branches to the common code by a relative branch,
 * the common code reaches C through absolute (linear-map) addresses, which
 * real mode accepts.
 *
 * Every interrupt saves the whole register file (book3s64/frame.h) below
 * the interrupted stack, or from user mode (SRR1[PR]) at the top of the
 * core's exception stack (its struct b3_core, in SPRG1, has its top: the
 * user's r1 is never written through), and calls b3_trap(regs)
 * (boot/book3s64-trap.c); if
 * that returns, the registers come back and rfid (hrfid for a hypervisor
 * interrupt, whose state is in HSRR0/1) resumes.
 *
 * Registers: SPRG2 holds r13 while r13 carries the vector number until
 * the frame exists; HSPRG1 and HSPRG0 hold r12 and r11 while they choose
 * the stack (not SPRG3: user mode reads it); r1 the frame; r12, r13
 * scratch once saved.
 */
#include "book3s64/hash.h"
#include "book3s64/asm.h"
#include "book3s64/frame.h"
#include "tlb/book3s64-hash.h"

/* A vector slot: r13 saved, the vector number in r13, to the common code of its kind. */
.macro VECTOR vec, common
	.org \vec
	mtspr	SPRN_SPRG2, r13
	li	r13, \vec
	b	\common
.endm

/* Save everything, call b3_trap, restore; srr0/srr1: the save/restore pair, ret: rfid or hrfid. */
.macro COMMON name, srr0, srr1, hv, ret
\name:
	/* the frame's stack: from user mode (PR) the kernel's exception stack, never the user's r1 */
	mtspr	SPRN_HSPRG1, r12
	mtspr	SPRN_HSPRG0, r11
	mfspr	r12, \srr1
	rldicl	r12, r12, 64 - MSR_PR_BIT, 63	/* PR: 1 or 0 */
	neg	r12, r12			/* all ones or 0 */
	mfspr	r11, SPRN_SPRG1			/* this core's state: its exception stack */
	ld	r11, B3_CORE_EXC_STACK(r11)
	xor	r11, r11, r1
	and	r11, r11, r12
	xor	r11, r11, r1			/* PR ? the exception stack : r1 */
	stdu	r1, -(B3_FRAME_SIZE + B3_STACK_GAP)(r11)	/* the interrupted r1 as back chain */
	mr	r1, r11
	std	r13, B3_F_VEC(r1)
	mfspr	r13, SPRN_SPRG2
	std	r13, B3_F_GPR(13)(r1)
	std	r0, B3_F_GPR(0)(r1)
	ld	r0, 0(r1)
	std	r0, B3_F_GPR(1)(r1)
	mfspr	r11, SPRN_HSPRG0
	mfspr	r12, SPRN_HSPRG1
	.irp	n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std	r\n, B3_F_GPR(\n)(r1)
	.endr
	li	r12, \hv
	std	r12, B3_F_HV(r1)
	mfcr	r12
	std	r12, B3_F_CR(r1)
	mfxer	r12
	std	r12, B3_F_XER(r1)
	mflr	r12
	std	r12, B3_F_LR(r1)
	mfctr	r12
	std	r12, B3_F_CTR(r1)
	mfspr	r12, \srr0
	std	r12, B3_F_SRR0(r1)
	mfspr	r12, \srr1
	std	r12, B3_F_SRR1(r1)
	mfspr	r12, SPRN_DAR
	std	r12, B3_F_DAR(r1)
	mfspr	r12, SPRN_DSISR
	std	r12, B3_F_DSISR(r1)
	LOAD_IMM64 r12, b3_trap			/* its descriptor: code, TOC */
	ld	r0, 0(r12)
	ld	r2, 8(r12)
	mtctr	r0
	addi	r3, r1, B3_FRAME_REGS
	bctrl
	ld	r12, B3_F_CR(r1)
	mtcr	r12
	ld	r12, B3_F_XER(r1)
	mtxer	r12
	ld	r12, B3_F_LR(r1)
	mtlr	r12
	ld	r12, B3_F_CTR(r1)
	mtctr	r12
	ld	r12, B3_F_SRR0(r1)
	mtspr	\srr0, r12
	ld	r12, B3_F_SRR1(r1)
	mtspr	\srr1, r12
	.irp	n, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	r\n, B3_F_GPR(\n)(r1)
	.endr
	ld	r1, B3_F_GPR(1)(r1)
	\ret
.endm

	.section .vectors, "ax"
	.globl	__vec_base
__vec_base:
	/*
	 * System reset.  After a nap (b3_nap, boot/book3s64-start.S) SRR1's
	 * wake state is nonzero and nothing was lost (QEMU always says so):
	 * SRR1 goes to r3, b3_nap's return value, and rfid resumes after the
	 * nap (SRR0) with the MSR it had.  Any
	 * other system reset goes to C with every register as it came.
	 * Registers: r13 (SPRG2) and r12 (HSPRG1) scratch, CR kept in r12.
	 */
#if SRR1_WAKE_STATE_HI << 16 != SRR1_WAKE_STATE
#error "SRR1_WAKE_STATE_HI is SRR1_WAKE_STATE >> 16"
#endif
	.org VEC_SRESET
	mtspr	SPRN_SPRG2, r13
	mtspr	SPRN_HSPRG1, r12
	mfcr	r12
	mfspr	r13, SPRN_SRR1
	andis.	r13, r13, SRR1_WAKE_STATE_HI
	beq	1f
	mfspr	r3, SPRN_SRR1
	mtcr	r12
	mfspr	r12, SPRN_HSPRG1
	mfspr	r13, SPRN_SPRG2
	rfid
1:	mtcr	r12
	mfspr	r12, SPRN_HSPRG1
	li	r13, VEC_SRESET
	b	b3_common
	VECTOR	VEC_MCHECK, b3_common
	VECTOR	VEC_DSI, b3_hash_fast		/* tlb/book3s64-miss.S */
	VECTOR	VEC_DSEG, b3_slb_fast		/* tlb/book3s64-miss.S */
	VECTOR	VEC_ISI, b3_hash_fast
	VECTOR	VEC_ISEG, b3_slb_fast
	VECTOR	VEC_EXTERNAL, b3_hcommon	/* LPCR[LPES0] = 0: a hypervisor interrupt */
	VECTOR	VEC_ALIGN, b3_common
	VECTOR	VEC_PROGRAM, b3_common
	VECTOR	VEC_FPUNAVAIL, b3_common
	VECTOR	VEC_DEC, b3_common
	VECTOR	VEC_HDEC, b3_hcommon
	VECTOR	VEC_SYSCALL, b3_common
	VECTOR	VEC_TRACE, b3_common
	VECTOR	VEC_HDSI, b3_hcommon
	VECTOR	VEC_HISI, b3_hcommon
	VECTOR	VEC_HEMUL, b3_hcommon
	VECTOR	VEC_HMI, b3_hcommon
	VECTOR	VEC_HDOORBELL, b3_hcommon
	VECTOR	VEC_PERFMON, b3_common
	VECTOR	VEC_VMXUNAVAIL, b3_common
	VECTOR	VEC_VSXUNAVAIL, b3_common
	VECTOR	VEC_FACUNAVAIL, b3_common
	VECTOR	VEC_HFACUNAVAIL, b3_hcommon
	.org 0x1000
	.globl	b3_common
	COMMON	b3_common, SPRN_SRR0, SPRN_SRR1, 0, rfid
	COMMON	b3_hcommon, SPRN_HSRR0, SPRN_HSRR1, 1, hrfid

/*
 * void b3_user_enter(struct b3_regs *r): every register from r (r3 points at
 * the registers, B3_FRAME_REGS into a frame), SRR0 and SRR1 from it, then
 * rfid: to user mode.  Runs translated; the frame is
 * in the linear map (bolted: no fault between mtsrr1 and rfid).
 *
 * Registers: all loaded; r3 the frame until last.
 */
	.text
FUNC b3_user_enter
	addi	r3, r3, -B3_FRAME_REGS		/* the frame offsets of book3s64/frame.h */
	ld	r12, B3_F_CR(r3)
	mtcr	r12
	ld	r12, B3_F_XER(r3)
	mtxer	r12
	ld	r12, B3_F_LR(r3)
	mtlr	r12
	ld	r12, B3_F_CTR(r3)
	mtctr	r12
	ld	r12, B3_F_SRR0(r3)
	mtspr	SPRN_SRR0, r12
	ld	r12, B3_F_SRR1(r3)
	mtspr	SPRN_SRR1, r12
	.irp	n, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	r\n, B3_F_GPR(\n)(r3)
	.endr
	ld	r3, B3_F_GPR(3)(r3)
	rfid

/* The stacks user-mode interrupts build their frame on, one a core (b3_core_prepare() hands them out). */
	.section .bss
	.balign	4096
	.globl	b3_user_exc_stacks
b3_user_exc_stacks:
	.space	B3_EXC_STACK_BYTES * B3_MAX_CORES
