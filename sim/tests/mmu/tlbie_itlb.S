# SPDX-License-Identifier: BSD-2-Clause
# tlbie on the ITLB: it invalidates every ITLB entry whose EPN matches the
# EA under the entry's own page size (any EA inside a 512K page), whatever
# its ASID, and leaves other entries alone; a fetch from the invalidated
# page then takes an ITLB miss instead of running through the old entry,
# also when the code invalidates its own page (after isync).
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	.set VA, 0x60000000

	START
	li r5, 2
	mtspr M_CASID, r5
	li r20, 0			# ITLB misses
	li r27, 0
	# entry 3: VA -> code_page, 4K, ASID 2, PP 00 (exec for the supervisor)
	LI32 r31, 3 << 8
	mtspr MI_CTR, r31
	LI32 r31, VA | EV | 2
	mtspr MI_EPN, r31
	li r31, 1
	mtspr MI_TWC, r31
	LI32 r5, code_page
	ori r5, r5, 0x0F1
	mtspr MI_RPN, r5
	# entry 4: a 512K page at 0x70000000 (PS = 01, SPS), ASID 5
	ITLB 4, 0x70000000 | EV | 5, 0x4 | 1, 0x00080000 | 0x0F9
	# entry 5: 4K at VA + 0x1000, must survive
	ITLB 5, (VA + 0x1000) | EV | 2, 1, 0x00006000 | 0x0F1

	# the code runs through entry 3
	LI32 r28, back1
	LI32 r31, VA
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
back1:
	CHECK r27, 0x5A, 1
	CHECK r20, 0, 2

	LI32 r5, VA + 0xABC		# any EA in the page
	tlbie r5
	ICAM 3, VA | 2, 3		# EV = 0
	ICAM 5, (VA + 0x1000) | EV | 2, 4
	LI32 r5, 0x7007F000		# the last 4K of the 512K page
	tlbie r5
	ICAM 4, 0x70000000 | 5, 5

	# the fetch now misses
	li r27, 0
	LI32 r28, back2
	LI32 r31, VA
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
back2:
	CHECK r20, 1, 6
	CHECK r27, 0, 7

	# code that tlbie's its own page: the fetch after isync misses
	LI32 r31, 6 << 8
	mtspr MI_CTR, r31
	LI32 r31, (VA + 0x2000) | EV | 2
	mtspr MI_EPN, r31
	li r31, 1
	mtspr MI_TWC, r31
	LI32 r5, self_page
	ori r5, r5, 0x0F1
	mtspr MI_RPN, r5
	LI32 r5, VA + 0x2000		# the page's own EA, for its tlbie
	li r27, 0
	LI32 r28, back3
	LI32 r31, VA + 0x2000
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
back3:
	CHECK r20, 2, 8			# the miss came, at the latest ...
	LI32 r31, VA + 0x2004		# ... at the fetch after isync:
	subf r6, r31, r23		# SRR0 is the isync or the word after it
	cmplwi r6, 4
	ble 2f
	FAIL 9
2:	CHECK r27, 0, 10
	PASS

# ITLB miss: count it and go back to the test with translation off
h_0x1100:
	addi r20, r20, 1
	mfsrr0 r23
	mtsrr0 r28
	li r31, MSR_ME
	mtsrr1 r31
	rfi

	SC_BACK_OR_EXIT

	.balign 4096
code_page:
	li r27, 0x5A
	li r3, 77
	sc

	.balign 4096
self_page:
	tlbie r5
	isync
	li r27, 0x77
	li r3, 77
	sc

	VECTORS
