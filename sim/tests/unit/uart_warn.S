# SPDX-License-Identifier: BSD-2-Clause
# A warning while the console is in the middle of a line: transmit "PASS: a" through SMC1, read M_TWB
# with MD_CTR[TWAM] = 0 (a twam0 warning on stderr), then transmit " b\n". cli.sh runs it with stdout
# and stderr in one file, as the board runner does: the console line must stay whole, the warning on
# a line of its own.
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
	li r6, 0x2000			# W
	sth r6, 0(r7)
	li r6, 0x0091			# INIT RX&TX, SMC1, FLG
	sth r6, 0x9C0(r4)
	li r6, 0x4823			# 8N1 UART, TEN|REN
	sth r6, 0xA82(r4)
	LI32 r8, msg1
	stw r8, 4(r7)
	li r6, 7
	sth r6, 2(r7)			# "PASS: a": no newline yet
	eieio
	li r6, -0x6000			# R | W
	sth r6, 0(r7)
	li r6, 0
	mtspr 792, r6			# MD_CTR: TWAM = 0 (1 KB tablewalk mode)
	mfspr r6, 796			# M_TWB with TWAM = 0: a warning
	LI32 r8, msg2
	stw r8, 4(r7)
	li r6, 3
	sth r6, 2(r7)			# " b\n"
	eieio
	li r6, -0x6000
	sth r6, 0(r7)
	PASS

msg1:	.ascii "PASS: a"
msg2:	.ascii " b\n"
	.balign 4

	VECTORS
