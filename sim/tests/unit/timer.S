# SPDX-License-Identifier: BSD-2-Clause
# Timebase and decrementer: TB counts one tick per instruction only while
# TBSCR[TBE] is set; DEC raises 0x900 when it goes from 0 to -1, taken
# only with MSR[EE]=1; SRR0 = the next instruction.
	.include "test.inc"
	.set IMMR, 0xFF000000
	START
	li r5, 0x1002
	mtmsr r5
	mftb r6
	nop
	mftb r7
	CHECK r7, 0, 1			# TBE clear: frozen at 0
	LI32 r4, IMMR
	li r5, 1
	sth r5, 0x200(r4)		# TBSCR = TBE
	mftb r6
	nop
	nop
	mftb r7
	subf r7, r6, r7
	CHECK r7, 3, 2			# three instructions later
	# TBWL/TBWU write
	li r5, 0
	mttbl r5
	LI32 r5, 0x12
	mttbu r5
	mftbu r7
	CHECK r7, 0x12, 3
	# DEC = 5 with EE off: no exception, stays pending
	li r20, 0
	li r5, 5
	mtdec r5
	nop
	nop
	nop
	nop
	nop
	nop
	nop
	CHECK r20, 0, 4
	mfdec r7
	cmpwi r7, 0
	blt 1f
	FAIL 5
1:	# enabling EE takes the pending exception right away
	LI32 r5, 0x1002 | 0x8000
	mtmsr r5
after_ee:
	CHECK r20, 1, 6
	LI32 r6, after_ee
	cmpw r21, r6
	beq 2f
	FAIL 7
2:	# with EE on, DEC=20 fires inside the loop
	li r20, 0
	li r5, 20
	mtdec r5
	li r6, 100
	mtctr r6
3:	bdnz 3b
	CHECK r20, 1, 8
	PASS

h_0x900:
	addi r20, r20, 1
	mfsrr0 r21
	LI32 r31, 0x7FFFFFFF		# far away: no more exceptions
	mtdec r31
	rfi

	VECTORS
