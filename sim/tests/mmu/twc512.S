# SPDX-License-Identifier: BSD-2-Clause
# Without --strict, MD_TWC read after PS=01 gives L2TB | EA[10:12]<<9
# (the modelled choice, with a warning), and an RPN write outside a miss
# with no explicit INDX is allowed (warning only).
	.include "test.inc"
	.include "mmu.inc"
	START
	READ_TWC_512K
	# EA 0x12345000: EA[10:12] = 0b110
	CHECK r6, 0x00042000 | (6 << 9), 1
	LI32 r5, 0x123D5000 | EV	# EA[10:12] = 7
	mtspr MD_EPN, r5
	mfspr r6, MD_TWC
	CHECK r6, 0x00042000 | (7 << 9), 2
	PASS

	VECTORS
