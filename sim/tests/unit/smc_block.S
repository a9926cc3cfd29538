# SPDX-License-Identifier: BSD-2-Clause
# Self-modifying code inside one basic block: a store over a later
# instruction of the block being run, and over an earlier one, must take
# effect; a store next to code (same page, not over an instruction) must
# change nothing else. The count of executed instructions is checked by
# the timebase (one tick per instruction).
	.include "test.inc"
	.set TBSCR, 0xFF000200
	START
	LI32 r9, TBSCR
	li r10, 1
	sth r10, 0(r9)			# timebase on: TB counts instructions
	LI32 r4, 1f
	LI32 r5, 0x3A800002		# li r20, 2
	LI32 r6, data
	li r20, 0
	li r21, 0
	stw r21, 0(r6)			# a first store to the page (fills caches)
	b 0f				# the block below starts here
0:	mftb r12
	stw r5, 0(r4)			# over "li r20, 1", two ahead
	stw r5, 0(r6)			# next to the code: no effect
	nop
1:	li r20, 1			# replaced before it runs
	addi r21, r21, 1
	mftb r13
	cmpwi r21, 2
	beq 2f
	LI32 r5, 0x3A800003		# li r20, 3: over the first store itself
	LI32 r4, 0b + 4
	b 0b
2:	CHECK r20, 2, 1			# second pass: 1: still holds li r20, 2
	subf r13, r12, r13
	CHECK r13, 6, 2			# mftb to mftb: 6 instructions
	LI32 r7, 0b + 4
	lwz r8, 0(r7)
	CHECK r8, 0x3A800003, 3		# the store replaced itself
	PASS
	.balign 4
data:	.long 0

	VECTORS
