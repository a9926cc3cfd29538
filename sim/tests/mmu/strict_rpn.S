# SPDX-License-Identifier: BSD-2-Clause
# --strict: an MD_RPN write outside a miss handler that relies on the
# replacement counter (INDX not set since the last write) stops the run.
# sim-args: --strict
# expect: 125
	.include "test.inc"
	.include "mmu.inc"
	START
	DTLB 5, 0x40000000 | EV, 1, 0x1F1	# explicit INDX: fine
	LI32 r5, 0x40001000 | EV
	mtspr MD_EPN, r5
	LI32 r5, 0x1000 | 0x1F1
	mtspr MD_RPN, r5		# relies on the counter: error
	PASS

	VECTORS
