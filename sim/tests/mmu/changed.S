# SPDX-License-Identifier: BSD-2-Clause
# Changed bit: a store to an entry with C=0 raises a DTLB error with DSISR
# 0x02000000 and DAR = EA, and invalidates the entry (the retry misses);
# MD_EPN is not written by the error. dcbX: dcbz/dcbst/icbi leave DAR
# alone on DTLB miss/error, dcbst reports a store. Invalid entries keep
# faulting until tlbie'd.
	.include "test.inc"
	.include "mmu.inc"
	.set EA, 0x50000000
	.set RPN_C0, 0x30000 | 0xF0 | 1		# C clear
	START
	li r20, 0			# DTLB errors
	li r21, 0			# DTLB misses
	DTLB 2, EA | EV, 1, RPN_C0
	LI32 r5, 0x12345000 | EV
	mtspr MD_EPN, r5		# marker: errors must not overwrite it
	SETMSR MSR_ME | MSR_DR
	LI32 r4, EA + 0x44
	lwz r7, 0(r4)			# loads are fine with C=0
	CHECK r20, 0, 1
	stw r7, 0(r4)			# error, entry dropped; handler reloads
	CHECK r20, 1, 2
	CHECK r22, 0x02000000, 3	# DSISR
	CHECK r23, EA + 0x44, 4		# DAR
	CHECK r24, 0x12345000 | EV, 5	# MD_EPN untouched
	CHECK r25, EA, 6		# debug CAM of entry 2: EV now clear
	CHECK r21, 1, 7			# the retried store missed once
	CHECK r20, 1, 8

	# dcbz on a C=0 page: error, store bit, DAR unchanged
	SETMSR MSR_ME
	DTLB 3, EA + 0x1000 | EV, 1, RPN_C0
	SETMSR MSR_ME | MSR_DR
	li r5, 0xF0
	mtdar r5
	li r20, 0
	LI32 r4, EA + 0x1000
	dcbz 0, r4
	CHECK r20, 1, 10
	CHECK r22, 0x02000000, 11
	CHECK r23, 0xF0, 12
	# dcbst on a page whose entry is invalid: no-translation + store bit
	SETMSR MSR_ME
	DTLB 4, EA + 0x2000 | EV, 1, 0x30000 | 0x1F0	# page V=0
	SETMSR MSR_ME | MSR_DR
	li r20, 0
	li r5, 0xF0
	mtdar r5
	LI32 r4, EA + 0x2000
	li r30, 1			# handler: do not fix, count only
	dcbst 0, r4
	CHECK r20, 1, 13
	CHECK r22, 0x42000000, 14
	CHECK r23, 0xF0, 15
	# a load on the invalid entry: no translation, DAR = EA
	lwz r7, 8(r4)
	CHECK r20, 2, 16
	CHECK r22, 0x40000000, 17
	CHECK r23, EA + 0x2008, 18
	# icbi on an unmapped page: DTLB miss without DAR update
	li r5, 0xF0
	mtdar r5
	li r21, 0
	LI32 r4, 0x70000000
	icbi 0, r4
	CHECK r21, 1, 19
	CHECK r23, 0xF0, 20
	# dcbt never faults
	LI32 r4, 0x71000000
	dcbt 0, r4
	CHECK r21, 1, 21
	PASS

h_0x1400:
	addi r20, r20, 1
	mfdsisr r22
	mfdar r23
	mfspr r24, MD_EPN
	LI32 r31, TWAM | (2 << 8)
	mtspr MD_CTR, r31
	mtspr MD_CAM, r31
	mfspr r25, MD_CAM
	cmpwi r30, 1
	beq 1f				# counting only: skip the instruction
	rlwinm. r31, r22, 0, 6, 6	# C=0 store: retry, it will miss
	beq 1f
	rfi
1:	mfsrr0 r31
	addi r31, r31, 4
	mtsrr0 r31
	rfi

# miss handler: map EA page with C set at entry INDX, or skip if unmapped
h_0x1200:
	addi r21, r21, 1
	mfdar r23
	mfspr r31, MD_EPN
	rlwinm r31, r31, 0, 0, 19
	LI32 r29, EA
	cmpw r31, r29
	bne 1f
	li r31, 1
	mtspr MD_TWC, r31
	LI32 r31, 0x30000 | 0x1F0 | 1
	mtspr MD_RPN, r31
	rfi
1:	mfsrr0 r31
	addi r31, r31, 4
	mtsrr0 r31
	rfi

	VECTORS
