# SPDX-License-Identifier: BSD-2-Clause
# Fetch translation after IMMR moves: a page run once through the ITLB,
# then covered by the IMMR window (which wins over RAM for fetches too),
# must be fetched from the window, not from the RAM it ran from before.
# The window's first words (SIUMCR, SYPCR, SWT: plain storage here) are
# written with "li r27, 3; li r3, 77; sc", so r27 tells where the fetch went.
	.include "test.inc"
	.include "mmu.inc"
	.set VA, 0x60000000
	.set IMMR, 638
	.set IMMR_RESET, 0xFF000000
	.set LI_R27_3, 0x3B600003
	.set LI_R3_77, 0x3860004D
	.set SC, 0x44000002
	START
	tlbia
	ITLB 0, VA | EV, 1, page_a + 0xF5
	li r27, 0
	LI32 r28, back1
	bl run_va
back1:
	CHECK r27, 1, 1			# page A ran from RAM
	LI32 r5, page_a			# 64 KB aligned: the window's base
	mtspr IMMR, r5
	LI32 r6, LI_R27_3
	stw r6, 0(r5)
	LI32 r6, LI_R3_77
	stw r6, 4(r5)
	LI32 r6, SC
	stw r6, 8(r5)
	LI32 r28, back2
	bl run_va
back2:
	CHECK r27, 3, 2			# the window's words ran
	LI32 r5, IMMR_RESET
	mtspr IMMR, r5
	LI32 r28, back3
	bl run_va
back3:
	CHECK r27, 1, 3			# and RAM again once the window left
	PASS

	RUN_VA VA			# fetch VA with IR on; returns to r28

	SC_BACK_OR_EXIT

	.balign 65536
page_a:
	li r27, 1
	li r3, 77
	sc

	VECTORS
