# SPDX-License-Identifier: BSD-2-Clause
# Protection matrix: PP with the PowerPC and extended encodings, selected
# through APG/MD_AP (Ks/Kp keys), for loads and stores in supervisor and
# user mode; an invalid entry (V=0) gives "no translation".
# Each case: DTLB entry 1 maps EA 0x50000000 -> 0x30000; the access runs
# with the given MSR and DTLB errors record DSISR in r26.
	.include "test.inc"
	.include "mmu.inc"
	.set SUP, MSR_ME | MSR_DR
	.set USR, MSR_ME | MSR_DR | MSR_PR
	.set PROT, 0x08000000
	.set ST, 0x02000000
	.set NOTR, 0x40000000

	# case: rpn low bits (0x100 here clears C), twc, MD_AP, MSR, 0=load/1=store, expected DSISR
	.macro CASE rpnbits, twc, ap, msr, store, dsisr
	.long 0x30000 | 0x1F0 ^ (\rpnbits), \twc, \ap, \msr, \store, \dsisr
	.endm

	.data
cases:
	# AP group 0 = 01: supervisor uses the sup column, user the user one
	CASE 0x000|1, 1, 0x40000000, SUP, 0, 0		# PPC 00: sup RW
	CASE 0x000|1, 1, 0x40000000, SUP, 1, 0
	CASE 0x000|1, 1, 0x40000000, USR, 0, PROT	# user NA
	CASE 0x000|1, 1, 0x40000000, USR, 1, PROT|ST
	CASE 0x400|1, 1, 0x40000000, USR, 0, 0		# PPC 01: user RO
	CASE 0x400|1, 1, 0x40000000, USR, 1, PROT|ST
	CASE 0x400|1, 1, 0x40000000, SUP, 1, 0
	CASE 0x800|1, 1, 0x40000000, USR, 1, 0		# PPC 10: RW/RW
	CASE 0xC00|1, 1, 0x40000000, SUP, 1, PROT|ST	# PPC 11: RO/RO
	CASE 0xC00|1, 1, 0x40000000, USR, 0, 0
	CASE 0x200|1, 1, 0x40000000, SUP, 0, PROT	# ext 00: NA/NA
	CASE 0x600|1, 1, 0x40000000, SUP, 0, 0		# ext 01: sup RO
	CASE 0x600|1, 1, 0x40000000, SUP, 1, PROT|ST
	CASE 0x600|1, 1, 0x40000000, USR, 0, PROT	# user NA
	# AP field 10 (swapped): supervisor checked as user and vice versa
	CASE 0x000|1, 1, 0x80000000, SUP, 0, PROT
	CASE 0x000|1, 1, 0x80000000, USR, 1, 0
	# AP field 11: everyone is checked as user; 00: everyone as sup
	CASE 0x000|1, 1, 0xC0000000, SUP, 0, PROT
	CASE 0x000|1, 1, 0x00000000, USR, 1, 0
	# C=0 store to a writable page: DSISR store bit only
	CASE 0x000|0x100|1, 1, 0x40000000, SUP, 1, ST
	# group 3 (APG in TWC bits 23-26) uses AP bits 6-7
	CASE 0x000|1, 0x61, 0x03000000, USR, 0, PROT
	CASE 0x000|1, 0x61, 0x02000000, USR, 0, 0
	# invalid page (RPN V=0) or segment (TWC V=0): no translation
	CASE 0x000|0, 1, 0x40000000, SUP, 0, NOTR
	CASE 0x000|1, 0, 0x40000000, SUP, 1, NOTR|ST
	# protection is checked before the changed bit: C=0 store to RO
	CASE 0xC00|0x100|1, 1, 0x40000000, SUP, 1, PROT|ST
cases_end:

	START
	LI32 r14, cases
	LI32 r15, cases_end
	li r16, 0			# case number
	LI32 r4, 0x50000010
next:
	cmpw r14, r15
	bge done
	addi r16, r16, 1
	lwz r5, 0(r14)			# RPN
	lwz r6, 4(r14)			# TWC
	lwz r7, 8(r14)			# AP
	lwz r8, 12(r14)			# MSR
	lwz r9, 16(r14)			# store?
	lwz r10, 20(r14)		# expected DSISR
	addi r14, r14, 24
	LI32 r31, TWAM | (1 << 8)
	mtspr MD_CTR, r31
	LI32 r31, 0x50000000 | EV
	mtspr MD_EPN, r31
	mtspr MD_TWC, r6
	mtspr MD_RPN, r5
	mtspr MD_AP, r7
	li r26, 0
	LI32 r28, back
	LI32 r31, access
	mtsrr0 r31
	mtsrr1 r8
	rfi
back:
	cmpw r26, r10
	beq next
	mr r3, r16			# failing case number
	sc
done:
	PASS

access:
	cmpwi r9, 0
	bne 1f
	lwz r11, 0(r4)
	b 2f
1:	stw r11, 0(r4)
2:	li r3, 77
	sc

h_0x1400:
	mfdsisr r26
	mfsrr0 r31
	addi r31, r31, 4
	mtsrr0 r31
	mfspr r31, MD_RPN		# the entry stays put for the next case
	rfi

	SC_BACK_OR_EXIT

	VECTORS
