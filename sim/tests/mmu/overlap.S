# SPDX-License-Identifier: BSD-2-Clause
# A load through a 4K entry (index 5) caches its translation; a DTLB miss in
# the next 8 KB has its handler write the next victim (index 4) for a 16K page
# that covers the first EA too, elsewhere in RAM: the next load of the first
# EA must use the lower index (the README's multi-hit rule), not the
# translation cached from entry 5.
	.include "test.inc"
	.include "mmu.inc"
	.set EA, 0x50000000
	START
	POKE 0x00010010, 0x11111111
	POKE 0x00020010, 0x22222222
	DTLB 5, EA | EV, 1, 0x00010000 | 0x100 | 0xF0 | 1
	SETMSR MSR_ME | MSR_DR
	LI32 r4, EA + 0x10
	lwz r5, 0(r4)
	CHECK r5, 0x11111111, 1
	LI32 r6, EA + 0x2000
	lwz r7, 0(r6)				# miss: entry 4 is written
	lwz r5, 0(r4)
	CHECK r5, 0x22222222, 2
	PASS

h_0x1200:
	LI32 r31, 1				# 4K/16K, valid
	mtspr MD_TWC, r31
	LI32 r31, 0x00020000 | 0x100 | 0xF0 | 0x8 | 1	# 16K (SPS)
	mtspr MD_RPN, r31
	rfi

	VECTORS
