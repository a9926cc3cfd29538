# SPDX-License-Identifier: BSD-2-Clause
# Exceptions: sc, trap, privileged and illegal instructions, unknown SPRs,
# alignment, machine check, rfi to user mode, MSR changes on entry, EIE/EID.
# Each handler records (vector, SRR0, SRR1, MSR) in r21..r24 and resumes
# after the faulting instruction (except sc, whose SRR0 is already past it).
	.include "test.inc"
	.set BUF, 0x8000

	.macro RECORD vec, skip
	li r21, \vec
	mfsrr0 r22
	mfsrr1 r23
	mfmsr r24
	.if \skip
	addi r25, r22, 4
	mtsrr0 r25
	.endif
	rfi
	.endm

	START
	# ME|RI for the checks, plus a marker bit (FP) that must be cleared
	li r5, 0x1002 | 0x2000
	mtmsr r5
t_sc:	li r3, 77			# r3 = 77 selects "record" in h_0xc00
	sc
	CHECK r21, 0xC00, 1
	LI32 r6, t_sc + 8
	cmpw r22, r6			# SRR0 = instruction after sc
	beq 1f
	FAIL 2
1:	CHECK r23, 0x3002, 3		# SRR1 = MSR bits
	CHECK r24, 0x1000, 4		# handler MSR: ME kept, rest cleared
	li r5, 0x1002
	mtmsr r5

	li r21, 0
t_tw:	tweq r5, r5
	CHECK r21, 0x700, 5
	LI32 r6, t_tw
	cmpw r22, r6
	beq 2f
	FAIL 6
2:	CHECK r23, 0x1002 | 0x20000, 7	# trap bit 14
	li r21, 0
	twi 0x10, r5, 0			# r5 < 0 signed? no: not taken
	CHECK r21, 0, 8
	twi 0x2, r5, -1			# r5 <u 0xFFFFFFFF: taken
	CHECK r21, 0x700, 9

	li r21, 0
	.long 0xFC00002A		# fadd: all FP -> software emulation
	CHECK r21, 0x1000, 10
	li r21, 0
	mfspr r7, 1000			# SPR the 8xx does not have
	CHECK r21, 0x1000, 11
	li r21, 0
	.long 0x00000000		# illegal
	CHECK r21, 0x1000, 12
	li r21, 0
	.long 0x7C000026 | (1 << 20)	# mfcr with reserved bit: accepted
	li r21, 0
	.long 0x7CA0019C		# tdi-like opcode 31/206: illegal
	CHECK r21, 0x1000, 13

	# alignment: lmw at a misaligned address
	li r21, 0
	LI32 r4, BUF + 2
	lmw r30, 0(r4)
	CHECK r21, 0x600, 14
	mfdar r7
	CHECK r7, BUF + 2, 15
	li r21, 0
	lwarx r7, 0, r4
	CHECK r21, 0x600, 16

	# machine check: load from an unmapped physical address
	li r21, 0
	LI32 r4, 0x50000000
	lwz r7, 0(r4)
	CHECK r21, 0x200, 17
	mfdar r7
	CHECK r7, 0x50000000, 18

	# EIE / EID / NRI
	mtspr 80, r0
	mfmsr r7
	CHECK r7, 0x1000 | 0x8000 | 2, 19
	mtspr 81, r0
	mfmsr r7
	CHECK r7, 0x1002, 20
	mtspr 82, r0
	mfmsr r7
	CHECK r7, 0x1000, 21

	# rfi into user mode, then privileged instructions trap
	LI32 r6, user
	mtsrr0 r6
	li r6, 0x4000 | 0x1000		# PR | ME
	mtsrr1 r6
	rfi
user:
	li r21, 0
	mfmsr r7
	CHECK r21, 0x700, 22
	CHECK r23, 0x5000 | 0x40000, 23	# privileged bit 13
	CHECK r24, 0x1000, 24		# handler runs in supervisor mode
	li r21, 0
	mfsrr0 r7			# SPR 26 has bit 0x10: privileged
	CHECK r21, 0x700, 25
	li r21, 0
	mtspr 272, r7			# SPRG0
	CHECK r21, 0x700, 26
	li r21, 0
	mflr r7				# user SPRs are fine
	mtctr r7
	mftb r7
	CHECK r21, 0, 27
	li r21, 0
	tlbie r7
	CHECK r21, 0x700, 28
	li r21, 0			# MMU SPRs (decoded to their own ops): privileged
	mfspr r7, 796			# M_TWB
	CHECK r21, 0x700, 30
	li r21, 0
	mfspr r7, 797			# MD_TWC
	CHECK r21, 0x700, 31
	li r21, 0
	mtspr 798, r7			# MD_RPN
	CHECK r21, 0x700, 32
	li r21, 0
	mfspr r7, 784			# MI_CTR
	CHECK r21, 0x700, 33
	li r21, 0
	mtspr 792, r7			# MD_CTR
	CHECK r21, 0x700, 34
	li r21, 0
	rfi
	CHECK r21, 0x700, 29
	PASS

h_0x200: RECORD 0x200, 1
h_0x600: RECORD 0x600, 1
h_0x700: RECORD 0x700, 1
h_0x1000: RECORD 0x1000, 1
h_0xc00:
	cmpwi r3, 77
	beq 1f
	lis r29, EXIT_DEV@h
	stw r3, 0(r29)
1:	li r3, 0
	RECORD 0xC00, 0

	VECTORS
