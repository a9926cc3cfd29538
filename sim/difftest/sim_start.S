/* SPDX-License-Identifier: BSD-2-Clause */
/* Bare-metal harness for build/sim/mpc8xx-sim: run the blocks, exit through the exit device
 * (status 0); the runner dumps the data area with --dump. Any exception exits with
 * status 0x80 + vector/0x100, so a block that traps is reported instead of hanging. */
	.section .vectors, "ax"
	.irp v, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.org	\v * 0x100
	li	r4, 0x80 + \v
	lis	r3, 0xf000
	stw	r4, 0(r3)
	b	.
	.endr

	.text
	.globl _start, harness_done
_start:
	b	blocks_begin
harness_done:
	li	r4, 0
	lis	r3, 0xf000
	stw	r4, 0(r3)
	b	.
