# SPDX-License-Identifier: BSD-2-Clause
# Benchmark: a DTLB miss on every load, 2,000,000 misses, the EA sweeping
# 64 MB of 4K pages and each page mapped by an 8-instruction miss handler to
# one of 1 << PABITS distinct physical pages at 16 MB (PABITS from --defsym;
# the Makefile builds missloop-p5.elf, 32 pages, and missloop-p14.elf, 16384
# pages = 64 MB: run with --ram 128M).  Same instruction count for every
# PABITS: a cost that grows with the physical pages in use shows as a
# difference in host time between the two (tests/bench.sh prints both).
	.include "test.inc"
	.include "mmu.inc"
	START
	LI32 r5, 0x40000000		# group 0: key 0 for the supervisor
	mtspr MD_AP, r5
	tlbia
	LI32 r5, 2000000
	mtctr r5
	LI32 r4, 0x40000000
	SETMSR MSR_ME | MSR_DR
1:	lwz r7, 0(r4)
	addi r4, r4, 0x1000
	rlwinm r4, r4, 0, 6, 31		# wrap at 64 MB ...
	oris r4, r4, 0x4000		# ... above 0x40000000
	bdnz 1b
	PASS
h_0x1200:
	mfspr r31, MD_EPN
	rlwinm r31, r31, 0, 32 - PABITS - 12, 19	# page number mod 1 << PABITS
	addis r31, r31, 0x0100		# + 16 MB
	ori r31, r31, 0x1F0 | 1		# RW for all, valid
	li r30, 1
	mtspr MD_TWC, r30
	mtspr MD_RPN, r31
	rfi
	VECTORS
