# SPDX-License-Identifier: BSD-2-Clause
# Whatever changes a translation takes effect at the next access, even for
# a page the last access just used (the simulator caches translations):
# tlbie, overwriting a slot, a new M_CASID, a new MD_AP, and the entry the
# hardware drops on a store to a clean (C = 0) page.  Pages map PA 0x80000
# (word 0x11111111); a miss maps its page to PA 0x81000 (0x22222222).
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	.set SUP, MSR_ME | MSR_DR
	.set X, 0x11111111
	.set Y, 0x22222222

	.macro LOAD ea
	LI32 r4, \ea
	li r7, 0
	lwz r7, 0(r4)
	.endm

	START
	POKE 0x80000, X
	POKE 0x81000, Y
	li r20, 0			# DTLB misses
	li r21, 0			# DTLB errors
	LI32 r5, 0x40000000		# group 0 = 01: the supervisor is key 0
	mtspr MD_AP, r5

	# tlbie
	DTLB 1, 0x50000000 | EV, 1, 0x00080000 | 0x1F0 | 1
	SETMSR SUP
	LOAD 0x50000000
	CHECK r7, X, 1
	LI32 r5, 0x50000000
	tlbie r5
	LOAD 0x50000000
	CHECK r20, 1, 2			# a miss, not the old translation
	CHECK r7, Y, 3

	# overwriting a slot
	SETMSR MSR_ME
	DTLB 2, 0x52000000 | EV, 1, 0x00080000 | 0x1F0 | 1
	SETMSR SUP
	LOAD 0x52000000
	CHECK r7, X, 4
	SETMSR MSR_ME
	DTLB 2, 0x52000000 | EV, 1, 0x00081000 | 0x1F0 | 1
	SETMSR SUP
	LOAD 0x52000000
	CHECK r7, Y, 5

	# M_CASID: a private entry of ASID 1 does not serve ASID 2
	SETMSR MSR_ME
	li r5, 1
	mtspr M_CASID, r5
	DTLB 3, 0x53000000 | EV | 1, 1, 0x00080000 | 0x1F0 | 1
	SETMSR SUP
	LOAD 0x53000000
	CHECK r7, X, 6
	li r5, 2
	mtspr M_CASID, r5
	LOAD 0x53000000
	CHECK r20, 2, 7
	CHECK r7, Y, 8

	# MD_AP: group 0 = 10 makes the supervisor key 1: PP 00 is no access
	SETMSR MSR_ME
	li r5, 0
	mtspr M_CASID, r5
	DTLB 4, 0x54000000 | EV, 1, 0x00080000 | 0x1F4 | 1	# SH
	SETMSR SUP
	LOAD 0x54000000
	CHECK r7, X, 9
	LI32 r5, 0x80000000
	mtspr MD_AP, r5
	LOAD 0x54000000
	CHECK r21, 1, 10		# a protection error
	CHECK r26, 0x08000000, 11
	LI32 r5, 0x40000000
	mtspr MD_AP, r5

	# a store to a clean page: the entry goes, the next load misses
	SETMSR MSR_ME
	DTLB 5, 0x55000000 | EV, 1, 0x00080000 | 0x0F4 | 1	# C = 0
	SETMSR SUP
	LOAD 0x55000000
	CHECK r7, X, 12
	LI32 r4, 0x55000000
	stw r4, 0(r4)
	CHECK r21, 2, 13
	CHECK r26, 0x02000000, 14	# DSISR: the store bit alone
	LOAD 0x55000000
	CHECK r20, 3, 15
	CHECK r7, Y, 16
	PASS

# miss: map the page at INDX to PA 0x81000 (SH)
h_0x1200:
	addi r20, r20, 1
	li r31, 1
	mtspr MD_TWC, r31
	LI32 r31, 0x00081000 | 0x1F5
	mtspr MD_RPN, r31
	rfi

# error: record DSISR, skip the access
h_0x1400:
	addi r21, r21, 1
	mfspr r26, 18
	mfsrr0 r31
	addi r31, r31, 4
	mtsrr0 r31
	rfi

	VECTORS
