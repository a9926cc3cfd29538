# SPDX-License-Identifier: BSD-2-Clause
# --strict: MD_CTR/MI_CTR with PPM and PPCS set while translation is off changes
# nothing that is modelled (Linux's start-up does this): no warning, the run ends normally.
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	START
	LI32 r5, TWAM | 0x42000000	# TWAM, PPM, PPCS
	mtspr MD_CTR, r5
	LI32 r5, 0x42000000
	mtspr MI_CTR, r5
	LI32 r6, 0x100000
	lwz r7, 0(r6)			# real mode: no translation
	stw r7, 4(r6)
	LI32 r5, TWAM
	mtspr MD_CTR, r5
	li r5, 0
	mtspr MI_CTR, r5
	PASS

	VECTORS
