# SPDX-License-Identifier: BSD-2-Clause
# SIU and CPM interrupt controllers with an SMC1 transmit event: SMCE1[TX] & SMCM1 makes CIPR
# bit 4 (SMC1's vector) pending; with CIMR and CICR[IEN] the CPM requests SIU level 2 (SIPEND
# bit 5); SIVEC codes it as 5 * 4; with SIMASK and MSR[EE] the core takes 0x500 (SRR0 = the next
# instruction). CIVR acknowledge returns vector 4 and sets CISR bit 4, which holds the request
# off until software writes it back. A masked source requests nothing.
	.include "test.inc"
	.set IMMR, 0xFF000000
	.set PRAM, IMMR + 0x3E80
	.set TXBD, 0x808
	.set LVL2, 0x04000000		# SIPEND/SIMASK bit of SIU level 2
	.set SMC1_VEC_BIT, 0x10		# 1 << 4
	START
	li r20, 0
	LI32 r4, IMMR
	LI32 r5, PRAM
	li r6, TXBD
	sth r6, 2(r5)			# TBASE
	addi r7, r4, 0x2000 + TXBD
	LI32 r8, msg
	stw r8, 4(r7)
	li r6, 0x2000			# W
	sth r6, 0(r7)
	li r6, 0x0091			# INIT RX&TX, SMC1
	sth r6, 0x9C0(r4)
	li r6, 0x4822			# UART, TEN
	sth r6, 0xA82(r4)
	li r6, 0x02
	stb r6, 0xA8A(r4)		# SMCM1 = TX
	LI32 r6, (2 << 13) | 0x1F00 | 0x80	# CICR: IRL 2, HP 31, IEN
	stw r6, 0x940(r4)
	li r6, SMC1_VEC_BIT
	stw r6, 0x948(r4)		# CIMR
	LI32 r6, LVL2
	stw r6, 0x14(r4)		# SIMASK
	lwz r6, 0x10(r4)
	CHECK r6, 0, 1			# nothing pending yet
	li r6, 2
	sth r6, 2(r7)			# length
	li r6, -0x6000			# R | W: sent at once, SMCE1[TX] set
	sth r6, 0(r7)
	lwz r6, 0x944(r4)
	CHECK r6, SMC1_VEC_BIT, 2	# CIPR
	lwz r6, 0x10(r4)
	CHECK r6, LVL2, 3		# SIPEND
	lwz r6, 0x1C(r4)
	CHECK r6, 0x14000000, 4		# SIVEC: code 5 * 4 in the first byte
	li r6, -1
	stw r6, 0x10(r4)		# SIPEND is not storage: a level stays
	lwz r6, 0x10(r4)
	CHECK r6, LVL2, 5
	CHECK r20, 0, 6			# MSR[EE] = 0: not taken
	LI32 r6, 0x1002 | 0x8000
	mtmsr r6			# EE on: 0x500 now
after_ee:
	CHECK r20, 1, 7
	LI32 r6, after_ee
	cmpw r21, r6
	beq 1f
	FAIL 8
1:	CHECK r22, 0x2000, 9		# CIVR: vector 4 << 11
	CHECK r23, SMC1_VEC_BIT, 10	# CISR bit 4 set by the acknowledge
	CHECK r24, 0, 11		# in service: no request to the SIU
	lwz r6, 0x94C(r4)
	CHECK r6, 0, 12			# the handler wrote CISR back
	# a masked source (SMCM1 = 0) requests nothing
	li r6, 0
	stb r6, 0xA8A(r4)
	li r6, -0x6000
	sth r6, 0(r7)
	lbz r6, 0xA86(r4)
	CHECK r6, 0x02, 13		# the event is there
	lwz r6, 0x944(r4)
	CHECK r6, 0, 14			# but CIPR is clear
	lwz r6, 0x10(r4)
	CHECK r6, 0, 15
	CHECK r20, 1, 16
	PASS

h_0x500:
	addi r20, r20, 1
	mfsrr0 r21
	li r6, 1
	sth r6, 0x930(r4)		# CIVR: acknowledge
	lhz r22, 0x930(r4)
	lwz r23, 0x94C(r4)
	lwz r24, 0x10(r4)
	li r6, 0x02
	stb r6, 0xA86(r4)		# clear SMCE1[TX]
	li r6, SMC1_VEC_BIT
	stw r6, 0x94C(r4)		# end of service
	rfi

msg:	.ascii "i\n"
	.balign 4

	VECTORS
