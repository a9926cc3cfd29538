# SPDX-License-Identifier: BSD-2-Clause
# Compares, CR logical instructions, mfcr/mtcrf/mcrf and branches with
# every BO form, CTR decrement and LR update.
	.include "test.inc"
	START
	li r5, -1
	li r6, 1
	cmpw cr3, r5, r6		# signed: LT
	cmplw cr4, r5, r6		# unsigned: GT
	cmpwi cr5, r6, 1		# EQ
	cmplwi cr6, r6, 0xFFFF		# LT
	mfcr r8
	CHECK r8, 0x00084280, 1
	# CR logical on bits of cr3 (12..15) and cr4 (16..19)
	crand 0, 12, 17			# 1 & 1 = 1
	cror 1, 13, 18			# 0 | 0 = 0
	crxor 2, 12, 17			# 1 ^ 1 = 0
	crnand 3, 12, 13		# !(1 & 0) = 1
	mfcr r8
	rlwinm r8, r8, 4, 28, 31
	CHECK r8, 0x9, 2
	crnor 0, 13, 14			# !(0|0) = 1
	creqv 1, 12, 13			# !(1^0) = 0
	crandc 2, 12, 13		# 1 & !0 = 1
	crorc 3, 13, 12			# 0 | !1 = 0
	mfcr r8
	rlwinm r8, r8, 4, 28, 31
	CHECK r8, 0xA, 3
	mcrf cr7, cr3
	mfcr r8
	rlwinm r8, r8, 0, 28, 31
	CHECK r8, 0x8, 4
	LI32 r5, 0x12345678
	mtcrf 0x81, r5			# fields 0 and 7 only
	mfcr r8
	rlwinm r9, r8, 4, 28, 31
	CHECK r9, 0x1, 5
	rlwinm r9, r8, 0, 28, 31
	CHECK r9, 0x8, 6

	# bdnz loop: 10 iterations
	li r5, 10
	mtctr r5
	li r7, 0
1:	addi r7, r7, 1
	bdnz 1b
	CHECK r7, 10, 10
	mfctr r8
	CHECK r8, 0, 11
	# bdz: taken when CTR becomes 0
	li r5, 1
	mtctr r5
	bdz 2f
	FAIL 12
2:	# bc 8 (decrement, branch if CTR!=0 and cond true): cond true, ctr 2->1
	li r5, 2
	mtctr r5
	cmpw r5, r5			# EQ set
	bc 8, 2, 3f
	FAIL 13
3:	mfctr r8
	CHECK r8, 1, 14
	# bc 0: decrement, branch if CTR!=0 and cond false -> ctr 1->0: not taken
	cmpw r5, r5
	bc 0, 1, 4f			# cond bit 1 (GT) false, but CTR==0
	b 5f
4:	FAIL 15
5:	# bc 2: decrement, branch if CTR==0 and cond false
	li r5, 1
	mtctr r5
	bc 2, 1, 6f
	FAIL 16
6:	# bc 20: branch always, no CTR change
	li r5, 7
	mtctr r5
	bc 20, 0, 7f
	FAIL 17
7:	mfctr r8
	CHECK r8, 7, 18
	# beq/bne
	cmpwi r5, 7
	bne 8f
	beq 9f
8:	FAIL 19
9:	# bl / blr / LR
	bl sub1
after_bl:
	mflr r8
	CHECK r3, 0x55, 20
	LI32 r9, after_bl
	cmpw r8, r9
	beq 11f
	FAIL 21
11:
	# bctrl
	LI32 r9, sub1
	mtctr r9
	li r3, 0
	bctrl
	CHECK r3, 0x55, 22
	# blrl: branches to old LR, LR = next instruction
	LI32 r9, sub2
	mtlr r9
	blrl
sub2_ret:
	CHECK r3, 0x66, 23
	# bcctr with BO=12 (branch if cond true): not taken
	LI32 r9, bad
	mtctr r9
	cmpwi r5, 0
	beqctr
	# bclr with decrement (bdnzlr): CTR 2->1, taken
	li r5, 2
	mtctr r5
	LI32 r9, 10f
	mtlr r9
	bdnzlr
	FAIL 24
10:	mfctr r8
	CHECK r8, 1, 25
	# absolute branch: ba to a label below 0x2000000
	ba abs_target
	FAIL 26
	.globl abs_target
abs_target:
	PASS

sub1:	li r3, 0x55
	blr
sub2:	li r3, 0x66
	mflr r10
	LI32 r9, sub2_ret
	cmpw r10, r9
	beqlr
	FAIL 27
bad:	FAIL 28

	VECTORS
