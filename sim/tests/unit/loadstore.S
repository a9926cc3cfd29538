# SPDX-License-Identifier: BSD-2-Clause
# Loads and stores of every width, update/indexed forms, byte-reverse,
# lmw/stmw, string instructions, lwarx/stwcx., dcbz, misaligned accesses.
	.include "test.inc"
	.set BUF, 0x8000
	START
	LI32 r4, BUF
	LI32 r5, 0x89ABCDEF
	stw r5, 0(r4)
	lwz r7, 0(r4)
	CHECK r7, 0x89ABCDEF, 1
	lbz r7, 1(r4)
	CHECK r7, 0xAB, 2
	lhz r7, 2(r4)
	CHECK r7, 0xCDEF, 3
	lha r7, 2(r4)
	CHECK r7, 0xFFFFCDEF, 4
	lha r7, 0(r4)
	CHECK r7, 0xFFFF89AB, 5
	li r5, 0x12
	stb r5, 3(r4)
	lwz r7, 0(r4)
	CHECK r7, 0x89ABCD12, 6
	li r5, 0x3456
	sth r5, 0(r4)
	lwz r7, 0(r4)
	CHECK r7, 0x3456CD12, 7

	# update forms
	mr r6, r4
	lwzu r7, 4(r6)			# r6 = BUF+4
	LI32 r8, BUF + 4
	cmpw r6, r8
	beq 1f
	FAIL 8
1:	li r5, 0x77
	stbu r5, -1(r6)			# BUF+3
	lbz r7, 3(r4)
	CHECK r7, 0x77, 9
	LI32 r8, BUF + 3
	cmpw r6, r8
	beq 2f
	FAIL 10
2:	li r9, 8
	LI32 r5, 0xCAFEF00D
	stwx r5, r4, r9
	lwzx r7, r4, r9
	CHECK r7, 0xCAFEF00D, 11
	mr r6, r4
	lhzux r7, r6, r9		# halfword at BUF+8
	CHECK r7, 0xCAFE, 12
	LI32 r8, BUF + 8
	cmpw r6, r8
	beq 3f
	FAIL 13
3:	mr r6, r4
	lhaux r7, r6, r9
	CHECK r7, 0xFFFFCAFE, 14
	li r9, 10
	lbzx r7, r4, r9
	CHECK r7, 0xF0, 15
	sthx r5, r4, r9			# 0xF00D at BUF+10
	lhax r7, r4, r9
	CHECK r7, 0xFFFFF00D, 16

	# byte reverse
	li r9, 16
	LI32 r5, 0x11223344
	stwbrx r5, r4, r9
	lwz r7, 16(r4)
	CHECK r7, 0x44332211, 20
	lwbrx r7, r4, r9
	CHECK r7, 0x11223344, 21
	lhbrx r7, r4, r9		# bytes 44 33 -> 0x3344
	CHECK r7, 0x3344, 22
	sthbrx r5, r4, r9		# 0x3344 -> bytes 44 33
	lhz r7, 16(r4)
	CHECK r7, 0x4433, 23

	# misaligned word (big-endian mode: no exception)
	LI32 r5, 0xA1B2C3D4
	stw r5, 33(r4)
	lwz r7, 33(r4)
	CHECK r7, 0xA1B2C3D4, 24
	lbz r7, 33(r4)
	CHECK r7, 0xA1, 25

	# stmw / lmw
	li r26, 26
	li r27, 27
	li r28, 28
	li r29, 29
	li r30, 30
	stmw r26, 64(r4)
	lwz r7, 64+12(r4)
	CHECK r7, 29, 30
	li r26, 0
	li r27, 0
	lmw r26, 64(r4)
	CHECK r26, 26, 31
	CHECK r27, 27, 32

	# lswi / stswi: 7 bytes into r5, r6 (low byte of r6 zeroed)
	LI32 r5, 0x01020304
	stw r5, 96(r4)
	LI32 r5, 0x05060708
	stw r5, 100(r4)
	addi r10, r4, 96
	LI32 r6, 0xFFFFFFFF
	lswi r5, r10, 7
	CHECK r5, 0x01020304, 33
	CHECK r6, 0x05060700, 34
	addi r10, r4, 112
	stswi r5, r10, 6
	lwz r7, 112(r4)
	CHECK r7, 0x01020304, 35
	lhz r7, 116(r4)
	CHECK r7, 0x0506, 36
	lbz r7, 118(r4)
	CHECK r7, 0, 37
	# lswx / stswx with XER byte count 5
	li r0, 5
	mtxer r0
	addi r10, r4, 96
	li r11, 1			# start at BUF+97
	lswx r20, r10, r11
	CHECK r20, 0x02030405, 38
	CHECK r21, 0x06000000, 39
	li r0, 0
	mtxer r0

	# lwarx / stwcx.
	addi r10, r4, 128
	li r5, 5
	stw r5, 0(r10)
	lwarx r7, 0, r10
	addi r7, r7, 1
	stwcx. r7, 0, r10
	mfcr r8
	CHECK r8, 0x20000000, 40	# EQ: stored
	lwz r7, 0(r10)
	CHECK r7, 6, 41
	stwcx. r5, 0, r10		# no reservation any more
	mfcr r8
	CHECK r8, 0, 42
	lwz r7, 0(r10)
	CHECK r7, 6, 43

	# dcbz clears the 16-byte line around the address
	addi r10, r4, 160
	li r5, -1
	stw r5, 0(r10)
	stw r5, 12(r10)
	stw r5, 16(r10)
	li r11, 7
	dcbz r10, r11
	lwz r7, 0(r10)
	CHECK r7, 0, 44
	lwz r7, 12(r10)
	CHECK r7, 0, 45
	lwz r7, 16(r10)
	CHECK r7, 0xFFFFFFFF, 46
	# cache ops and sync are harmless with the MMU off
	dcbst 0, r10
	dcbf 0, r10
	icbi 0, r10
	dcbt 0, r10
	sync
	isync
	eieio
	PASS

	VECTORS
