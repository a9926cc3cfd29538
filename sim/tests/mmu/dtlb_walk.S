# SPDX-License-Identifier: BSD-2-Clause
# DTLB miss: vector, MD_EPN (EPN|EV|ASID), DAR, M_TWB and MD_TWC values
# during a Linux-style tablewalk, entry creation by MD_RPN, replacement
# order (0, 31, 30 after tlbia), ASID matching and SH, debug CAM/RAM.
	.include "test.inc"
	.include "mmu.inc"
	.set L1, 0x10000
	.set L2, 0x11000
	.set PHYS, 0x20000
	START
	# L1 entry for EA 0x40000000 (index 0x100) -> L2 table
	POKE L1 + 0x100 * 4, L2 | 1
	# PTEs: slot 3 -> PHYS (RW, C), slot 4 -> PHYS+0x1000, slot 5 shared
	POKE L2 + 3 * 4, PHYS | 0x100 | 1
	POKE L2 + 4 * 4, PHYS + 0x1000 | 0x100 | 1
	POKE L2 + 5 * 4, PHYS + 0x2000 | 0x100 | 4 | 1
	POKE PHYS + 0x120, 0xDEADBEEF
	POKE PHYS + 0x1000, 0x11112222
	POKE PHYS + 0x2000, 0x33334444
	LI32 r5, L1
	mtspr M_TWB, r5
	li r5, 5
	mtspr M_CASID, r5
	tlbia
	li r26, 0			# miss count
	SETMSR MSR_ME | MSR_DR

	LI32 r4, 0x40003120
t1:	lwz r7, 0(r4)
	CHECK r7, 0xDEADBEEF, 1
	CHECK r26, 1, 2
	CHECK r20, L1 + 0x400, 3	# M_TWB: L1 base | EA[0:9]<<2
	CHECK r21, L2 + 3 * 4, 4	# MD_TWC: L2 base | EA[10:19]<<2
	CHECK r22, 0x40003000 | EV | 5, 5	# MD_EPN
	CHECK r25, 0x40003120, 6	# DAR
	LI32 r6, t1
	cmpw r23, r6
	beq 1f
	FAIL 7
1:	CHECK r24, 0, 8			# INDX = 0 right after tlbia
	CHECK r27, MSR_ME | MSR_DR, 30	# SRR1: bits 16-31 = MSR, 0-15 = 0
	# second access to the page: no miss
	lwz r7, 4(r4)
	CHECK r26, 1, 9
	# the next miss uses entry 31, then 30
	LI32 r4, 0x40004000
	lwz r7, 0(r4)
	CHECK r7, 0x11112222, 10
	CHECK r24, 31 << 8, 11
	CHECK r26, 2, 12
	# a different ASID misses on the non-shared entry
	li r5, 6
	mtspr M_CASID, r5
	lwz r7, 0(r4)
	CHECK r26, 3, 13
	CHECK r24, 30 << 8, 14
	CHECK r22, 0x40004000 | EV | 6, 15
	# shared entry (SH=1) created under ASID 6 hits under ASID 2
	LI32 r4, 0x40005000
	lwz r7, 0(r4)
	CHECK r26, 4, 16
	li r5, 2
	mtspr M_CASID, r5
	lwz r7, 0(r4)
	CHECK r7, 0x33334444, 17
	CHECK r26, 4, 18
	# stores go through the same entry
	LI32 r5, 0x5555AAAA
	stw r5, 8(r4)
	SETMSR MSR_ME
	LI32 r6, PHYS + 0x2008
	lwz r7, 0(r6)
	CHECK r7, 0x5555AAAA, 19
	# debug read-out of entry 31 (EA 0x40004000, ASID 5)
	LI32 r5, TWAM | (31 << 8)
	mtspr MD_CTR, r5
	mtspr MD_CAM, r5
	mfspr r7, MD_CAM
	CHECK r7, 0x40004000 | EV | 5, 20
	mfspr r7, MD_RAM0
	CHECK r7, 1, 21
	mfspr r7, MD_RAM1
	CHECK r7, PHYS + 0x1000 | 0x1F0 | 1, 22
	# tlbie (ASID ignored) invalidates it: EV reads back 0
	LI32 r5, 0x40004ABC
	tlbie r5
	mtspr MD_CAM, r5
	mfspr r7, MD_CAM
	CHECK r7, 0x40004000 | 5, 23
	PASS

# Linux-style DTLB miss handler that also records the assist registers
h_0x1200:
	addi r26, r26, 1
	mfspr r20, M_TWB
	mfspr r22, MD_EPN
	mfsrr0 r23
	mfsrr1 r27
	mfspr r24, MD_CTR
	rlwinm r24, r24, 0, 19, 23
	mfdar r25
	lwz r10, 0(r20)
	mtspr MD_TWC, r10
	mfspr r21, MD_TWC
	lwz r11, 0(r21)
	ori r11, r11, 0xF0
	rlwinm r10, r10, 0, 23, 31	# keep the L1 attributes
	mtspr MD_TWC, r10
	mtspr MD_RPN, r11
	rfi

	VECTORS
