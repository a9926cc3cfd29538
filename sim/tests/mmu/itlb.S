# SPDX-License-Identifier: BSD-2-Clause
# ITLB: miss vector with MI_EPN (EPN|EV|ASID), SRR0 = fetch address,
# SRR1 bit 0 set; Linux-style ITLB walk through MD_EPN/M_TWB/MD_TWC;
# ITLB errors for an invalid entry (bit 1), guarded page (bit 3) and
# no-execute protection (bit 4).
	.include "test.inc"
	.include "mmu.inc"
	.set L1, 0x10000
	.set L2, 0x11000
	.set VA, 0x60000000
	START
	POKE L1 + (VA >> 22) * 4, L2 | 1
	LI32 r5, code_page
	ori r5, r5, 0x100 | 1		# C, V; PP 00 (exec for sup)
	LI32 r6, L2
	stw r5, 0(r6)			# slot 0 -> code page
	LI32 r5, L1
	mtspr M_TWB, r5
	li r5, 3
	mtspr M_CASID, r5
	tlbia
	li r20, 0			# ITLB misses
	li r21, 0			# ITLB errors
	LI32 r28, back1
	LI32 r31, VA + 8		# the code page's third word
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
back1:
	CHECK r27, 0x5A, 1		# the translated code ran
	CHECK r20, 1, 2
	CHECK r22, VA | EV | 3, 3	# MI_EPN
	CHECK r23, VA + 8, 4		# SRR0
	CHECK r24, 0x80000000 | MSR_ME | MSR_IR, 5	# SRR1

	# guarded page: ITLB error with SRR1 bit 3
	ITLB 5, 0x61000000 | EV, 0x10 | 1, code_page + 0x1F5
	LI32 r28, back2
	LI32 r31, 0x61000000
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
back2:
	CHECK r21, 1, 6
	CHECK r24, 0x80000000 | 0x10000000 | MSR_ME | MSR_IR, 7
	CHECK r23, 0x61000000, 8
	# invalid entry: bit 1
	ITLB 6, 0x62000000 | EV, 1, code_page + 0x1F4
	LI32 r28, back3
	LI32 r31, 0x62000004
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
back3:
	CHECK r21, 2, 9
	CHECK r24, 0x80000000 | 0x40000000 | MSR_ME | MSR_IR, 10
	# extended PP 00: no execute -> bit 4
	ITLB 7, 0x63000000 | EV, 1, code_page + 0x3F5
	LI32 r28, back4
	LI32 r31, 0x63000000
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR
	mtsrr1 r31
	rfi
back4:
	CHECK r21, 3, 11
	CHECK r24, 0x80000000 | 0x08000000 | MSR_ME | MSR_IR, 12
	# user mode fetch of a PowerPC-PP 00 page (exec/NA); group 0 = 01
	LI32 r5, 0x40000000
	mtspr MI_AP, r5
	ITLB 8, 0x64000000 | EV, 1, code_page + 0x1F5
	LI32 r28, back5
	LI32 r31, 0x64000000
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR | MSR_PR
	mtsrr1 r31
	rfi
back5:
	CHECK r21, 4, 13
	CHECK r24, 0x80000000 | 0x08000000 | MSR_ME | MSR_IR | MSR_PR, 14
	PASS

h_0x1100:
	addi r20, r20, 1
	mfspr r22, MI_EPN
	mfsrr0 r23
	mfsrr1 r24
	mtspr MD_EPN, r23		# M_TWB indexes with MD_EPN only
	mfspr r10, M_TWB
	lwz r10, 0(r10)
	mtspr MD_TWC, r10
	mfspr r11, MD_TWC
	lwz r11, 0(r11)
	ori r11, r11, 0xF0
	mtspr MI_TWC, r10
	mtspr MI_RPN, r11
	rfi

h_0x1300:
	addi r21, r21, 1
	mfsrr0 r23
	mfsrr1 r24
	li r3, 77
	b h_0xc00

	SC_BACK_OR_EXIT

	.balign 4096
code_page:
	li r27, 0x11			# skipped: entry is at +8
	li r27, 0x22
	li r27, 0x5A
	li r3, 77
	sc

	VECTORS
