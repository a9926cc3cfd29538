# SPDX-License-Identifier: BSD-2-Clause
# --strict: a live ITLB entry written with MI_RPN bit 23 (the DTLB's changed
# bit) set stops the run with status 125 (warning mi-rpn-bits).
# sim-args: --strict
# expect: 125
	.include "test.inc"
	.include "mmu.inc"
	START
	ITLB 3, 0x40000000 | EV, 0x00000001, 0x000006F1 | 0x100
	FAIL 1

	VECTORS
