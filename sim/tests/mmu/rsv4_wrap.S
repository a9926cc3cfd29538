# SPDX-License-Identifier: BSD-2-Clause
# Replacement counter, wrap: every Mx_RPN write writes entry INDX and then
# decrements INDX by one; from 0 it wraps to 27 when RSV4x is set (the
# counter ranges over 0..27) and to 31 when it is clear.  Checked for the
# DTLB through misses and for the ITLB through explicit writes.
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	START
	li r20, 0
	# DTLB, RSV4D: INDX 1 -> miss fills 1 -> 0 -> miss fills 0 -> 27
	LI32 r5, TWAM | RSV4 | (1 << 8)
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x40001000
	lwz r7, 0(r4)
	CHECK r21, 1 << 8, 1
	LI32 r4, 0x40002000
	lwz r7, 0(r4)
	CHECK r21, 0, 2
	SETMSR MSR_ME
	CHECKSPR MD_CTR, TWAM | RSV4 | (27 << 8), 3
	# DTLB, no RSV4D: INDX 0 -> miss fills 0 -> 31
	LI32 r5, TWAM
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x40003000
	lwz r7, 0(r4)
	CHECK r21, 0, 4
	SETMSR MSR_ME
	CHECKSPR MD_CTR, TWAM | (31 << 8), 5
	CHECK r20, 3, 6

	# ITLB, RSV4I: a write to entry 0 wraps the counter to 27
	LI32 r5, RSV4
	mtspr MI_CTR, r5
	LI32 r5, 0x60000000 | EV
	mtspr MI_EPN, r5
	li r5, 1
	mtspr MI_TWC, r5
	LI32 r5, 0x00005000 | 0x0F1
	mtspr MI_RPN, r5
	CHECKSPR MI_CTR, RSV4 | (27 << 8), 7
	# ITLB, no RSV4I: the same write wraps it to 31
	li r5, 0
	mtspr MI_CTR, r5
	mtspr MI_RPN, r5
	CHECKSPR MI_CTR, 31 << 8, 8
	# and a write at 12 leaves 11
	LI32 r5, RSV4 | (12 << 8)
	mtspr MI_CTR, r5
	LI32 r5, 0x00005000 | 0x0F1
	mtspr MI_RPN, r5
	CHECKSPR MI_CTR, RSV4 | (11 << 8), 9
	PASS

# identity-map the missing 4K page (PA kept inside RAM) at INDX
	DTLB_MISS_MAP_4K 0x0F1, 4

	VECTORS
