# SPDX-License-Identifier: BSD-2-Clause
# Fetch translation after ITLB changes: a page executed once, then its
# entry replaced by one to another physical page, must run the new code;
# after MI_CTR[GPM] and MI_AP take away access, the same fetch must raise
# the ITLB error (protection) instead of running it.
	.include "test.inc"
	.include "mmu.inc"
	.set VA, 0x60000000
	.set GPM, 0x80000000
	START
	tlbia
	li r21, 0			# ITLB errors
	ITLB 0, VA | EV, 1, page_a + 0xF5
	LI32 r28, back1
	bl run_va
back1:
	CHECK r27, 1, 1			# page A ran
	ITLB 0, VA | EV, 1, page_b + 0xF5
	LI32 r28, back2
	bl run_va
back2:
	CHECK r27, 2, 2			# the new entry's page ran
	li r27, 0
	li r5, 0			# group 0: 00 = no access with GPM
	mtspr MI_AP, r5
	LI32 r5, GPM
	mtspr MI_CTR, r5
	LI32 r28, back3
	bl run_va
back3:
	CHECK r21, 1, 3			# ITLB error ...
	CHECK r27, 0, 4			# ... and the page did not run
	CHECK r24, 0x80000000 | 0x08000000 | MSR_ME | MSR_IR, 5
	PASS

	RUN_VA VA			# fetch VA with IR on; returns to r28

h_0x1300:
	addi r21, r21, 1
	mfsrr1 r24
	li r3, 77
	b h_0xc00

	SC_BACK_OR_EXIT

	.balign 4096
page_a:
	li r27, 1
	li r3, 77
	sc
	.balign 4096
page_b:
	li r27, 2
	li r3, 77
	sc

	VECTORS
