# SPDX-License-Identifier: BSD-2-Clause
# Self-modifying code: a store over an already executed (decoded)
# instruction must take effect the next time it runs.
	.include "test.inc"
	START
	li r20, 0
	LI32 r4, patch
	LI32 r5, 0x3A800002		# li r20, 2
1:	bl patch
	cmpwi r20, 1
	bne 2f
	stw r5, 0(r4)			# replace "li r20, 1"
	icbi 0, r4
	isync
	b 1b
2:	CHECK r20, 2, 1
	PASS
patch:	li r20, 1
	blr

	VECTORS
