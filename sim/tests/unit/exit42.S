# SPDX-License-Identifier: BSD-2-Clause
# Exit device: a 32-bit store of 0x1234562A ends the run with status 42
# (only the low byte counts). Also: byte stores there are ignored and
# loads read 0.
# expect: 42
	.include "test.inc"
	START
	lis r4, EXIT_DEV@h
	li r5, 7
	stb r5, 0(r4)			# ignored (not a 32-bit store)
	lwz r6, 0(r4)
	cmpwi r6, 0
	bne 1f
	LI32 r5, 0x1234562A
	stw r5, 0(r4)
1:	li r5, 99			# not reached on success
	stw r5, 0(r4)

	VECTORS
