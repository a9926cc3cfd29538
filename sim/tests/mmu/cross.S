# SPDX-License-Identifier: BSD-2-Clause
# A misaligned load that crosses into a page whose entry is invalid: the
# DTLB error reports DAR = the load's own EA (docs/hw/mpc8xx.md 10.4), not
# the address of the second page, and no byte is loaded.
	.include "test.inc"
	.include "mmu.inc"
	.set EA, 0x50000000
	START
	DTLB 1, EA | EV, 1, 0x00010000 | 0xF0 | 1		# valid
	DTLB 2, EA + 0x1000 | EV, 1, 0x00011000 | 0xF0		# page V = 0
	li r5, 0x77
	SETMSR MSR_ME | MSR_DR
	LI32 r4, EA + 0xFFE
	lwz r5, 0(r4)
	FAIL 1

h_0x1400:
	mfdar r6
	CHECK r6, EA + 0xFFE, 2
	mfdsisr r6
	CHECK r6, 0x40000000, 3
	CHECK r5, 0x77, 4				# the load did not happen
	PASS

	VECTORS
