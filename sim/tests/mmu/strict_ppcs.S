# SPDX-License-Identifier: BSD-2-Clause
# --strict: a data translation while MD_CTR has PPCS set depends on the unmodelled
# privilege-state protection, so the run stops with status 125.
# sim-args: --strict
# expect: 125
	.include "test.inc"
	.include "mmu.inc"
	START
	DTLB 3, 0x40000000 | EV, 1, 0x000000F0 | 0x100 | 1
	LI32 r5, TWAM | 0x02000000	# TWAM, PPCS
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	LI32 r6, 0x40000000
	lwz r7, 0(r6)
	FAIL 1

	VECTORS
