# SPDX-License-Identifier: BSD-2-Clause
# Multiply and divide, including overflow and division by zero (the
# simulator follows QEMU there: the quotient is the dividend).
	.include "test.inc"
	START
	li r0, 0
	mtxer r0
	li r5, -7
	mulli r7, r5, 6
	CHECK r7, 0xFFFFFFD6, 1		# -42
	LI32 r5, 0x00012345
	LI32 r6, 0x00010000
	mullw r7, r5, r6
	CHECK r7, 0x23450000, 2
	mulhwu r7, r5, r6
	CHECK r7, 0x1, 3
	LI32 r5, 0xFFFFFFFF
	li r6, 2
	mulhwu r7, r5, r6		# 0x1FFFFFFFE >> 32
	CHECK r7, 1, 4
	mulhw r7, r5, r6		# -1 * 2 = -2 -> high word -1
	CHECK r7, 0xFFFFFFFF, 5
	LI32 r5, 0x40000000
	li r6, 4
	mullwo r7, r5, r6		# 2^32: overflow
	mfxer r8
	CHECK r7, 0, 6
	CHECK r8, 0xC0000000, 7
	mtxer r0
	li r5, -3
	li r6, 5
	mullwo. r7, r5, r6
	mfxer r8
	mfcr r9
	CHECK r7, 0xFFFFFFF1, 8
	CHECK r8, 0, 9
	CHECK r9, 0x80000000, 10

	li r5, -17
	li r6, 5
	divw r7, r5, r6			# truncates toward zero
	CHECK r7, 0xFFFFFFFD, 20
	divwu r7, r5, r6		# 0xFFFFFFEF / 5
	CHECK r7, 0x3333332F, 21
	li r6, 0
	divwo r7, r5, r6
	mfxer r8
	CHECK r7, 0xFFFFFFEF, 22
	CHECK r8, 0xC0000000, 23
	mtxer r0
	divwuo. r7, r5, r6
	mfxer r8
	mfcr r9
	CHECK r7, 0xFFFFFFEF, 24
	CHECK r8, 0xC0000000, 25
	CHECK r9, 0x90000000, 26	# LT | SO
	mtxer r0
	LI32 r5, 0x80000000
	li r6, -1
	divwo r7, r5, r6
	mfxer r8
	CHECK r7, 0x80000000, 27
	CHECK r8, 0xC0000000, 28
	PASS

	VECTORS
