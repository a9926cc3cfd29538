# SPDX-License-Identifier: BSD-2-Clause
# --strict: loads through a 4K entry (its translation is now cached), then a
# DTLB miss elsewhere whose handler writes an 8M entry covering the first EA
# too: the next load there hits two entries, which the simulator must see
# although the first translation was cached, so the run stops with status
# 125 (multi-hit).
# sim-args: --strict
# expect: 125
	.include "test.inc"
	.include "mmu.inc"
	.set EA, 0x50000000
	START
	DTLB 5, EA | EV, 1, 0x00010000 | 0x100 | 0xF0 | 1
	SETMSR MSR_ME | MSR_DR
	LI32 r4, EA + 0x10
	lwz r5, 0(r4)
	lwz r5, 0(r4)
	LI32 r6, EA + 0x2000
	lwz r7, 0(r6)				# miss: the 8M entry is written
	lwz r5, 0(r4)				# two entries hit
	FAIL 1

h_0x1200:
	LI32 r31, 0xD				# 8M, valid
	mtspr MD_TWC, r31
	LI32 r31, 0x100 | 0xF0 | 0x8 | 1	# RPN 0, C, SPS, V
	mtspr MD_RPN, r31
	rfi

	VECTORS
