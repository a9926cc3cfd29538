/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Code the tests run at MSR[PR]=1.  It is copied to a user page, so it uses
 * only PC-relative branches and no data.  Each routine ends with sc, which
 * returns to user_call() with r3.
 *
 * Registers: r3 argument and result, r4 scratch, CTR and LR (user_call_at).
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

	.globl	user_return_42
user_return_42:
	li	r3, 42
	blr
