/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * setjmp/longjmp for every 64-bit family: newlib 3.3's powerpc setjmp
 * keeps only the low words of the registers in a 64-bit build.  Saved as
 * doublewords: r1, r2, r13..r31, LR and CR, 23 of the jmp_buf's 32.
 *
 * Registers: r3 the jmp_buf (setjmp's result, longjmp's value out), r4
 * longjmp's value in and setjmp's scratch, r5 longjmp's scratch.
 */
#include "ppc64-asm.h"

	.text
FUNC setjmp
	std	r1, 0(r3)
	std	r2, 8(r3)
	.irp	n, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	std	r\n, (\n - 10) * 8(r3)
	.endr
	mflr	r4
	std	r4, 22 * 8(r3)
	mfcr	r4
	std	r4, 23 * 8(r3)
	li	r3, 0
	blr

/* longjmp(buf, 0) returns 1 from setjmp, as C asks. */
FUNC longjmp
	ld	r1, 0(r3)
	ld	r2, 8(r3)
	.irp	n, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	ld	r\n, (\n - 10) * 8(r3)
	.endr
	ld	r5, 22 * 8(r3)
	mtlr	r5
	ld	r5, 23 * 8(r3)
	mtcr	r5
	mr.	r3, r4
	bnelr
	li	r3, 1
	blr
