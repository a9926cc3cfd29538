# SPDX-License-Identifier: BSD-2-Clause
# Explicit invalidation of one slot: set INDX, clear EV in Mx_EPN, write
# Mx_RPN.  The slot no longer translates (the next access misses) and reads
# back with EV = 0; the other slots are untouched.
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	START
	li r20, 0			# DTLB misses
	DTLB 4, 0x50000000 | EV, 1, 0x00080000 | 0x1F0 | 1
	DTLB 5, 0x50001000 | EV, 1, 0x00081000 | 0x1F0 | 1
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x50000000
	lwz r7, 0(r4)
	CHECK r20, 0, 1			# slot 4 translates
	SETMSR MSR_ME
	DTLB 4, 0x50000000, 1, 0x00080000 | 0x1F0 | 1	# EV clear
	LI32 r5, TWAM | (4 << 8)
	mtspr MD_CTR, r5
	mtspr MD_CAM, r5
	CHECKSPR MD_CAM, 0x50000000, 2	# EV reads 0
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x50000000
	lwz r7, 0(r4)
	CHECK r20, 1, 3			# now a miss
	LI32 r4, 0x50001000
	lwz r7, 0(r4)
	CHECK r20, 1, 4			# slot 5 still translates
	PASS

# the miss: map the page again at INDX
h_0x1200:
	addi r20, r20, 1
	li r31, 1
	mtspr MD_TWC, r31
	LI32 r31, 0x00080000 | 0x1F1
	mtspr MD_RPN, r31
	rfi

	VECTORS
