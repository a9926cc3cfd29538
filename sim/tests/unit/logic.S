# SPDX-License-Identifier: BSD-2-Clause
# Logical, rotate and shift instructions (values worked out by hand).
	.include "test.inc"
	START
	LI32 r5, 0xF0F0A5A5
	LI32 r6, 0x0FF0FFFF
	and r7, r5, r6
	CHECK r7, 0x00F0A5A5, 1
	andc r7, r5, r6
	CHECK r7, 0xF0000000, 2
	or r7, r5, r6
	CHECK r7, 0xFFF0FFFF, 3
	orc r7, r5, r6
	CHECK r7, 0xF0F0A5A5 | 0xF00F0000, 4
	xor r7, r5, r6
	CHECK r7, 0xFF005A5A, 5
	nor r7, r5, r6
	CHECK r7, 0x000F0000, 6
	nand r7, r5, r6
	CHECK r7, 0xFF0F5A5A, 7
	eqv r7, r5, r6
	CHECK r7, 0x00FFA5A5, 8
	ori r7, r5, 0x5A5A
	CHECK r7, 0xF0F0FFFF, 9
	oris r7, r5, 0x0F0F
	CHECK r7, 0xFFFFA5A5, 10
	xori r7, r5, 0xFFFF
	CHECK r7, 0xF0F05A5A, 11
	xoris r7, r5, 0xFFFF
	CHECK r7, 0x0F0FA5A5, 12
	andi. r7, r5, 0x00FF
	mfcr r8
	CHECK r7, 0xA5, 13
	CHECK r8, 0x40000000, 14	# GT
	andis. r7, r5, 0x0F0F
	mfcr r8
	CHECK r7, 0, 15
	CHECK r8, 0x20000000, 16	# EQ

	# rotates
	LI32 r5, 0x12345678
	rlwinm r7, r5, 8, 0, 31		# rotl 8
	CHECK r7, 0x34567812, 20
	rlwinm r7, r5, 0, 24, 31	# clrlwi 24
	CHECK r7, 0x78, 21
	rlwinm r7, r5, 4, 28, 3		# wrapping mask: bits 28..31,0..3
	CHECK r7, 0x20000001, 22
	rlwinm. r7, r5, 0, 31, 31	# last bit of ...78 = 0 -> EQ
	mfcr r8
	CHECK r8, 0x20000000, 23
	LI32 r7, 0xFFFFFFFF
	rlwimi r7, r5, 16, 8, 15	# insert bits 8..15 of rotl16 = 0x78
	CHECK r7, 0xFF78FFFF, 24
	li r6, 36			# rlwnm uses the low 5 bits: 4
	rlwnm r7, r5, r6, 0, 31
	CHECK r7, 0x23456781, 25

	# shifts
	li r6, 4
	slw r7, r5, r6
	CHECK r7, 0x23456780, 30
	srw r7, r5, r6
	CHECK r7, 0x01234567, 31
	li r6, 32			# >= 32 gives 0
	slw r7, r5, r6
	CHECK r7, 0, 32
	srw r7, r5, r6
	CHECK r7, 0, 33
	li r6, 63
	srw r7, r5, r6
	CHECK r7, 0, 34

	li r0, 0
	mtxer r0
	LI32 r5, 0x80000011
	srawi r7, r5, 4			# 1-bits shifted out of a negative: CA
	mfxer r8
	CHECK r7, 0xF8000001, 40
	CHECK r8, 0x20000000, 41
	LI32 r5, 0x80000010
	srawi r7, r5, 4			# only zeros shifted out: no CA
	mfxer r8
	CHECK r8, 0, 42
	LI32 r5, 0x70000001
	srawi r7, r5, 1			# positive: never CA
	mfxer r8
	CHECK r7, 0x38000000, 43
	CHECK r8, 0, 44
	LI32 r5, 0x80000000
	li r6, 40			# >= 32: sign fill, CA = sign
	sraw r7, r5, r6
	mfxer r8
	CHECK r7, 0xFFFFFFFF, 45
	CHECK r8, 0x20000000, 46
	li r6, 0
	sraw. r7, r5, r6		# shift 0: CA cleared, LT
	mfxer r8
	mfcr r9
	CHECK r8, 0, 47
	CHECK r9, 0x80000000, 48

	li r5, 0
	cntlzw r7, r5
	CHECK r7, 32, 50
	LI32 r5, 0x00010000
	cntlzw r7, r5
	CHECK r7, 15, 51
	li r5, 0x80
	extsb r7, r5
	CHECK r7, 0xFFFFFF80, 52
	LI32 r5, 0x12348000
	extsh r7, r5
	CHECK r7, 0xFFFF8000, 53
	extsh. r7, r5
	mfcr r8
	CHECK r8, 0x80000000, 54
	PASS

	VECTORS
