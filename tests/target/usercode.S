/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Code the tests run at MSR[PR]=1.  It is copied to a user page, so it uses
 * only PC-relative branches and no data.  Each routine ends with sc, which
 * returns to user_call() with r3.
 *
 * Registers: r3 argument and result, r4..r8 scratch, CTR and LR (user_call_at).
 */
	.section .usertext, "ax"

	.globl	user_load_word
user_load_word:			/* r3 = *(u32 *)r3 */
	lwz	r3, 0(r3)
	sc

	.globl	user_store_word
user_store_word:		/* *(u32 *)r3 = 0x600df00d; r3 = 0 */
	lis	r4, 0x600d
	ori	r4, r4, 0xf00d
	stw	r4, 0(r3)
	li	r3, 0
	sc

	.globl	user_call_at
user_call_at:			/* r3 = ((u32 (*)(void))r3)() */
	mtctr	r3
	bctrl
	sc

	.globl	user_spin
user_spin:			/* a branch to itself: where make linux-compare stops a run */
	b	user_spin

	.globl	user_return_42
user_return_42:
	li	r3, 42
	blr

	.globl	user_sweep
user_sweep:			/* r3 = base | log2(size): sum of the first word of every 4 KB */
	rlwinm	r5, r3, 0, 20, 31
#ifdef __powerpc64__
	rldicr	r3, r3, 0, 51		/* pages of 4G and more: base and size past 32 bits */
	li	r6, 1
	sld	r6, r6, r5
	srdi	r6, r6, 12
#else
	rlwinm	r3, r3, 0, 0, 19
	li	r6, 1
	slw	r6, r6, r5
	srwi	r6, r6, 12
#endif
	mtctr	r6
	li	r4, 0
1:	lwz	r7, 0(r3)
	add	r4, r4, r7
	addi	r3, r3, 4096
	bdnz	1b
	mr	r3, r4
	sc

	.globl	user_read_sprgs
user_read_sprgs:		/* r3[0..4] = SPRG3..7 through their user-readable aliases (e500 SPR 259..263) */
	mfspr	r4, 259		/* every read before the store, whose miss passes through SPRG4..7 */
	mfspr	r5, 260
	mfspr	r6, 261
	mfspr	r7, 262
	mfspr	r8, 263
	stw	r4, 0(r3)
	stw	r5, 4(r3)
	stw	r6, 8(r3)
	stw	r7, 12(r3)
	stw	r8, 16(r3)
	li	r3, 0
	sc

	.globl	user_r1_fault
user_r1_fault:			/* r1 = r3, then a load from address 0 (unmapped): a fault */
	mr	r1, r3
	li	r4, 0
	lwz	r3, 0(r4)
	sc

	.globl	user_r1_sc
user_r1_sc:			/* r1 = r3, then sc; r3 = 7 */
	mr	r1, r3
	li	r3, 7
	sc
