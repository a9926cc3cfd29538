# SPDX-License-Identifier: BSD-2-Clause
# Hot loops, translated to host code after a few passes (jit.c), compute
# what the threaded code computes, and a store over a translated loop takes
# effect at its next instruction: from outside the loop (the loop's next
# run), and from inside it, by the translated store itself; loops closed by
# bdnz and by bc on CR bits the translated code sets. Real mode; the
# data live at 0x20000 (not a code page). tests/dispatch.sh stops this
# program inside its loops, with and without --jit 1.
	.include "test.inc"
	.set DATA, 0x20000
	.set TABLE, 0x21000
	.set SCRATCH, 0x22000
	START
	# 1: 64 words stored (i, i+1, ...) and summed back by translated loops
	LI32 r4, DATA - 4
	li r5, 0
	li r6, 64
	mtctr r6
1:	stwu r5, 4(r4)
	addi r5, r5, 1
	bdnz 1b
	LI32 r4, DATA - 4
	li r5, 0
	mtctr r6
2:	lwzu r7, 4(r4)
	add r5, r5, r7
	rlwinm r8, r7, 1, 0, 30
	xor r8, r8, r7
	bdnz 2b
	CHECK r5, 2016, 1		# 0 + 1 + ... + 63
	CHECK r8, (63 << 1) ^ 63, 2

	# 2: the loop at 3 translated, then patched from outside, then run again
	LI32 r9, 3f
	LI32 r10, add2
	lwz r11, 0(r10)			# addi r5, r5, 2
	li r5, 0
	li r12, 0			# passes
again:
	li r6, 40
	mtctr r6
3:	addi r5, r5, 1
	bdnz 3b
	addi r12, r12, 1
	cmpwi r12, 2
	beq 4f
	stw r11, 0(r9)			# from then on each pass adds 2
	b again
4:	CHECK r5, 40 + 80, 3

	# 3: the store of the translated loop at 6 changes its own first
	# instruction in pass 30 of 40 (the address comes from a table)
	LI32 r4, TABLE - 4
	LI32 r5, SCRATCH
	li r6, 40
	mtctr r6
5:	stwu r5, 4(r4)
	bdnz 5b
	LI32 r4, TABLE
	LI32 r5, 6f
	stw r5, 30 * 4(r4)
	li r5, 0
	li r6, 40
	mtctr r6
6:	addi r5, r5, 1
	lwz r9, 0(r4)
	addi r4, r4, 4
	stw r11, 0(r9)
	bdnz 6b
	CHECK r5, 31 + 2 * 9, 4

	# 4: loops closed by bc on a CR bit that cmpw, cmplw and a record form
	# set in the translated code; SO is copied into every CR field written
	LI32 r5, 0x80000000
	mtxer r5
	li r5, 0
	li r6, -16
7:	addi r5, r5, 1
	addi r6, r6, 1
	cmpwi cr3, r6, 16		# signed: -15 .. 16
	blt cr3, 7b
	CHECK r5, 32, 5
	li r5, 0
	LI32 r6, 0xFFFFFFF0
	li r10, 16
8:	addi r5, r5, 1
	addi r6, r6, 1
	cmplw cr1, r6, r10		# unsigned: 0xFFFFFFF1 .. 0
	bgt cr1, 8b
	CHECK r5, 16, 6
	li r5, 0
	li r6, 37
9:	add r5, r5, r6
	addi r6, r6, -1
	or. r6, r6, r6
	bne 9b
	mfcr r7
	CHECK r5, 37 * 38 / 2, 7
	CHECK r7, 0x39030000, 8		# cr0 EQ|SO, cr1 LT|SO, cr3 EQ|SO
	PASS

add2:	addi r5, r5, 2			# a template, never run here

	VECTORS
