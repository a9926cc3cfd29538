# SPDX-License-Identifier: BSD-2-Clause
# The translator's 4 MB code buffer fills up, and everything it held is
# dropped (jit.c): a 200-instruction loop is translated, patched (which
# drops that translation but not its bytes in the buffer) and translated
# again, 1500 times: some 5 MB of host code in all. A second loop,
# translated before the buffer first fills, runs again after it has been
# refilled: a translation the drop missed would run whatever code now lies
# at its old place. Every result is worked out by hand. Run with --jit 1
# (translated at the first branch back); tests/run.sh also checks
# --jit-stats (the buffer was full at least once) and that --jit 0 leaves
# the same registers.
# sim-args: --jit 1
	.include "test.inc"
	.set PASSES, 1500		# even
	START
	# 1: loop B, translated at its first branch back: r6 = 10 * 3
	bl loop_b
	CHECK r6, 30, 1

	# 2: PASSES passes of the body loop, two iterations each; the
	# body's first instruction is patched before every pass, to
	# addi r5, r5, 1 in even passes and addi r5, r5, 2 in odd ones
	LI32 r9, body
	LI32 r10, templates
	lwz r13, 0(r10)			# addi r5, r5, 1
	lwz r14, 4(r10)			# addi r5, r5, 2
	li r5, 0
	li r12, 0			# pass number
next_pass:
	andi. r0, r12, 1
	mr r15, r13
	beq 1f
	mr r15, r14
1:	stw r15, 0(r9)			# drops the body's translation
	li r7, 2
	mtctr r7
	bl run_body
	addi r12, r12, 1
	cmpwi r12, PASSES
	blt next_pass
	# per pass 2 * (199 + 1) or 2 * (199 + 2): 401 a pair of passes
	CHECK r5, 401 * PASSES, 2

	# 3: loop B again, after the buffer has been full and refilled
	bl loop_b
	CHECK r6, 30, 3
	PASS

loop_b:
	li r6, 0
	li r7, 10
	mtctr r7
2:	addi r6, r6, 3
	addi r6, r6, 0
	bdnz 2b
	blr

templates:
	addi r5, r5, 1
	addi r5, r5, 2

	# the body in a page of its own, so that patching it resets no other code
	.balign 4096
run_body:
body:	addi r5, r5, 1			# patched
	.rept 199
	addi r5, r5, 1
	.endr
	bdnz body
	blr

	VECTORS
