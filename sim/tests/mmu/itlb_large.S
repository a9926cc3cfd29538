# SPDX-License-Identifier: BSD-2-Clause
# Fetches from 16K, 512K and 8M ITLB entries: the PA is the RPN above the
# page size and the EA below it (RPN bits below the page size are ignored),
# so EA 0x90082000 (16K at 0x90080000, RPN 0x00080000 + junk 0x1000), 0x70002000
# (512K, RPN 0x00080000 + junk 0x7000) and 0x80082000 (8M, RPN 0 + junk
# 0x7F000) all run the code placed at PA 0x82000.
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"

	# run the code at EA ea with translation on; it sets r27 and returns by sc 77
	.macro RUN ea, code
	li r27, 0
	LI32 r28, 1f
	LI32 r31, \ea
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
1:	CHECK r27, 0x5A, \code
	.endm

	START
	POKE 0x82000, 0x3B60005A	# li r27, 0x5A
	POKE 0x82004, 0x3860004D	# li r3, 77
	POKE 0x82008, 0x44000002	# sc
	ITLB 1, 0x90080000 | EV, 1, 0x00080000 | 0x1000 | 0x0F9
	ITLB 2, 0x70000000 | EV, 0x4 | 1, 0x00080000 | 0x7000 | 0x0F9
	ITLB 3, 0x80000000 | EV, 0xC | 1, 0x00000000 | 0x7F000 | 0x0F9
	RUN 0x90082000, 1
	RUN 0x70002000, 2
	RUN 0x80082000, 3
	PASS

	SC_BACK_OR_EXIT

	VECTORS
