# SPDX-License-Identifier: BSD-2-Clause
# Integer arithmetic: add/addc/adde/addme/addze/subf family/neg with OE
# and Rc forms; expected values worked out by hand.
	.include "test.inc"
	START
	li r3, 5
	addi r4, r3, -7			# 5 - 7 = -2
	CHECK r4, 0xFFFFFFFE, 1
	addis r4, r3, 0x1234		# 0x12340005
	CHECK r4, 0x12340005, 2
	li r0, 100
	addi r4, 0, 1			# ra=0 means literal 0, not r0
	CHECK r4, 1, 3

	# add. sets CR0: result negative -> LT
	LI32 r5, 0x7FFFFFFF
	li r6, 1
	add. r7, r5, r6			# 0x80000000, no OE: XER untouched
	mfcr r8
	CHECK r7, 0x80000000, 4
	CHECK r8, 0x80000000, 5		# LT only
	mfxer r8
	CHECK r8, 0, 6

	# addo. overflows: OV and SO set, CR0 = LT|SO
	addo. r7, r5, r6
	mfxer r8
	mfcr r9
	CHECK r8, 0xC0000000, 7
	CHECK r9, 0x90000000, 8
	# a non-overflowing addo clears OV but keeps SO
	addo r7, r6, r6
	mfxer r8
	CHECK r8, 0x80000000, 9
	li r0, 0
	mtxer r0

	# addc: carry out of 0xFFFFFFFF + 2 = 1, CA
	li r5, -1
	li r6, 2
	addc r7, r5, r6
	CHECK r7, 1, 10
	mfxer r8
	CHECK r8, 0x20000000, 11
	# adde: 3 + 4 + CA(1) = 8, CA cleared
	li r5, 3
	li r6, 4
	adde r7, r5, r6
	CHECK r7, 8, 12
	mfxer r8
	CHECK r8, 0, 13
	# addme: 0 + CA(0) - 1 = -1, no carry
	li r5, 0
	addme r7, r5
	CHECK r7, 0xFFFFFFFF, 14
	mfxer r8
	CHECK r8, 0, 15
	# addme with 5: 5 - 1 = 4, carry
	li r5, 5
	addme r7, r5
	CHECK r7, 4, 16
	mfxer r8
	CHECK r8, 0x20000000, 17
	# addze: 0xFFFFFFFF + CA(1) = 0, CA
	li r5, -1
	addze. r7, r5
	mfcr r8
	CHECK r7, 0, 18
	CHECK r8, 0x20000000, 19	# EQ
	mfxer r8
	CHECK r8, 0x20000000, 20

	# subf: rb - ra = 10 - 3 = 7
	li r5, 3
	li r6, 10
	subf r7, r5, r6
	CHECK r7, 7, 21
	# subfc: 3 - 10 = -7, borrow -> CA=0
	subfc r7, r6, r5
	CHECK r7, 0xFFFFFFF9, 22
	mfxer r8
	CHECK r8, 0, 23
	# subfc: 10 - 3, no borrow -> CA=1
	subfc r7, r5, r6
	mfxer r8
	CHECK r8, 0x20000000, 24
	# subfe: ~3 + 10 + CA(1) = 7
	subfe r7, r5, r6
	CHECK r7, 7, 25
	# subfic: 100 - 3 = 97, CA=1
	subfic r7, r5, 100
	CHECK r7, 97, 26
	mfxer r8
	CHECK r8, 0x20000000, 27
	# subfic 0 - 0 = 0 with CA=1 (no borrow)
	li r5, 0
	subfic r7, r5, 0
	mfxer r8
	CHECK r8, 0x20000000, 28
	# subfze: ~0 + CA(1) = 0, CA=1
	subfze r7, r5
	CHECK r7, 0, 29
	# subfme: ~0 + CA(1) - 1 = -1
	subfme r7, r5
	CHECK r7, 0xFFFFFFFF, 30
	# neg and nego of 0x80000000
	li r0, 0
	mtxer r0
	LI32 r5, 0x80000000
	nego r7, r5
	CHECK r7, 0x80000000, 31
	mfxer r8
	CHECK r8, 0xC0000000, 32
	li r5, 5
	neg r7, r5
	CHECK r7, 0xFFFFFFFB, 33
	# subfo overflow: 0x7FFFFFFF - (-1)
	mtxer r0
	li r5, -1
	LI32 r6, 0x7FFFFFFF
	subfo r7, r5, r6
	CHECK r7, 0x80000000, 34
	mfxer r8
	CHECK r8, 0xC0000000, 35
	# addic / addic.
	mtxer r0
	li r5, -1
	addic r7, r5, 1
	CHECK r7, 0, 36
	mfxer r8
	CHECK r8, 0x20000000, 37
	addic. r7, r5, -1		# -2, carry out
	mfcr r8
	CHECK r8, 0x80000000, 38
	# mcrxr moves XER[0:3] (CA only here) to cr7 and clears them
	li r0, 0
	mtcrf 0xff, r0
	mcrxr cr7
	mfcr r8
	CHECK r8, 0x00000002, 39
	mfxer r8
	CHECK r8, 0, 40
	PASS

	VECTORS
