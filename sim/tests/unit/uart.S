# SPDX-License-Identifier: BSD-2-Clause
# CPM SMC1 UART, U-Boot-style polled init: BDs in DPRAM, CPCR INIT
# RX&TX, transmit "ok\n" through one Tx BD (run.sh checks stdout), then
# check R was cleared, TBPTR wrapped and SMCE1[TX] set (write 1 clears).
	.include "test.inc"
	.set IMMR, 0xFF000000
	.set PRAM, IMMR + 0x3E80
	.set RXBD, 0x800
	.set TXBD, 0x808
	START
	LI32 r4, IMMR
	LI32 r5, PRAM
	li r6, RXBD
	sth r6, 0(r5)			# RBASE
	li r6, TXBD
	sth r6, 2(r5)			# TBASE
	li r6, 0x10
	stb r6, 4(r5)
	stb r6, 5(r5)
	li r6, 1
	sth r6, 6(r5)			# MRBLR
	addi r7, r4, 0x2000 + TXBD
	LI32 r8, msg
	stw r8, 4(r7)			# Tx buffer pointer (RAM)
	li r6, 0x2000			# W
	sth r6, 0(r7)
	li r6, 0x0091			# INIT RX&TX, SMC1, FLG
	sth r6, 0x9C0(r4)
	lhz r6, 0x9C0(r4)
	CHECK r6, 0x0090, 1		# FLG cleared by the CP
	lhz r6, 0x20(r5)		# TBPTR = TBASE
	CHECK r6, TXBD, 2
	li r6, 0x4823			# 8N1 UART, TEN|REN
	sth r6, 0xA82(r4)
	li r6, 3
	sth r6, 2(r7)			# length
	eieio
	li r6, -0x6000			# R | W (0xA000 in the halfword)
	sth r6, 0(r7)
	lhz r6, 0(r7)
	CHECK r6, 0x2000, 3		# sent: R clear
	lbz r6, 0xA86(r4)
	CHECK r6, 0x02, 4		# SMCE1 TX
	li r6, 0x02
	stb r6, 0xA86(r4)
	lbz r6, 0xA86(r4)
	CHECK r6, 0, 5
	lhz r6, 0x20(r5)
	CHECK r6, TXBD, 6		# wrapped back to TBASE
	PASS

msg:	.ascii "ok\n"
	.balign 4

	VECTORS
