# SPDX-License-Identifier: BSD-2-Clause
# --strict: ITLB entries that do not warn mi-rpn-bits: a live one with bits
# 20 and 23 clear (extended PP 01, as the kernel's miss handler builds it),
# and entries with bits 20 and 23 set that can never translate (TWC V or
# RPN V clear); then a DTLB entry with C set, which is the DTLB's own bit.
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	START
	ITLB 3, 0x40000000 | EV, 0x00000001, 0x000006F1
	ITLB 4, 0x40001000 | EV, 0x00000000, 0x000009F1
	ITLB 5, 0x40002000 | EV, 0x00000001, 0x000009F0
	DTLB 6, 0x40003000 | EV, 0x00000001, 0x000001F1
	PASS

	VECTORS
