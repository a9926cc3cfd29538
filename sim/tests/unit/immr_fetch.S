# SPDX-License-Identifier: BSD-2-Clause
# The IMMR window moved over RAM wins for fetches as for loads: code in RAM
# at 0x10100 runs (and is decoded and cached), then the window is moved to
# 0x10000 and other code is stored there; a load and a call at 0x10100 must
# both see the window's bytes.
	.include "test.inc"
	.set IMMR, 638
	.set CODE, 0x10100
	START
	LI32 r30, CODE
	LI32 r31, 0x38A00001		# li r5,1
	stw r31, 0(r30)
	LI32 r31, 0x4E800020		# blr
	stw r31, 4(r30)
	mtctr r30
	bctrl
	CHECK r5, 1, 1			# RAM's code ran
	LI32 r4, 0x10000
	mtspr IMMR, r4
	isync
	LI32 r30, CODE
	LI32 r31, 0x38A00007		# li r5,7, into the window
	stw r31, 0(r30)
	LI32 r31, 0x4E800020
	stw r31, 4(r30)
	lwz r6, 0(r30)
	CHECK r6, 0x38A00007, 2		# loads see the window
	mtctr r30
	bctrl
	CHECK r5, 7, 3			# and so do fetches
	PASS

	VECTORS
