/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Markers and the speed loop of `make bench`; plain 32-bit PowerPC, so the
 * same file serves e500 and 8xx.
 *
 * bench_marks: BENCH_MARKS consecutive `blr`.  bench.c calls mark n
 * (bench_marks + 4 * n) before a scenario; in an instruction trace the last
 * marker executed names the scenario every later miss belongs to.
 *
 * uint32_t bench_loop(uint32_t *array, uint32_t outer): BENCH_LOOP
 * (bench-loop.inc, shared with sim/tests/bench/loop.S).  Uses r3-r8, r10,
 * r12, CTR, CR0 (all volatile in the SysV ABI); returns the running sum.
 */
#include "bench-loop.inc"
	.text
	.balign	16
	.globl	bench_marks, bench_marks_end
bench_marks:
	.rept	64
	blr
	.endr
bench_marks_end:

	.balign	16
	.globl	bench_loop
bench_loop:
	mr	r12, r4
	mr	r4, r3
	li	r10, 0
	BENCH_LOOP
	mr	r3, r10
	blr

/*
 * bench_smc: copied alone to a page (bench.c); the word after it holds the
 * iteration count N. Stores into that word (its own code page) on every
 * iteration; returns N. Setup 9 + 3 per iteration + blr = BENCH_SMC_SETUP
 * + 3 N instructions. Uses r0, r3-r5, CTR, LR (restored).
 */
	.balign	16
	.globl	bench_smc, bench_smc_end
bench_smc:
	mflr	r0
	bcl	20, 31, 1f
1:	mflr	r5
	mtlr	r0
	lwz	r4, bench_smc_end - 1b(r5)
	mtctr	r4
	li	r3, 0
	addi	r5, r5, bench_smc_end - 1b
	nop
2:	stw	r3, 0(r5)
	addi	r3, r3, 1
	bdnz	2b
	blr
bench_smc_end:
