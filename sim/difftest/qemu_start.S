/* SPDX-License-Identifier: BSD-2-Clause */
/* Linux user-mode harness (qemu-ppc): run the blocks, write the data area to stdout. */
	.text
	.globl _start, harness_done
_start:
	b	blocks_begin
harness_done:
	li	r0, 4			/* write(1, data_begin, data_end - data_begin) */
	li	r3, 1
	lis	r4, data_begin@ha
	addi	r4, r4, data_begin@l
	lis	r5, data_end@ha
	addi	r5, r5, data_end@l
	subf	r5, r4, r5
	sc
	li	r0, 1			/* exit(0) */
	li	r3, 0
	sc
