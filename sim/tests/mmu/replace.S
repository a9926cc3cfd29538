# SPDX-License-Identifier: BSD-2-Clause
# A miss that replaces a valid entry removes that entry's translation: page
# A is loaded into entry 6 by a miss, 31 more misses take entries 5..0 and
# 31..7, the next miss (page B) takes entry 6 again, and A must then miss
# (it is no longer in the TLB), even though nothing else touched A.
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	.set A, 0x50000000
	.set B, 0x61020000

	START
	li r20, 0			# DTLB misses
	LI32 r5, TWAM | (6 << 8)
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	LI32 r4, A
	lwz r7, 0(r4)			# miss: entry 6
	lwz r7, 0(r4)			# hit
	CHECK r20, 1, 1
	CHECK r21, 6 << 8, 2
	LI32 r4, 0x60001000		# 31 misses on other pages
	li r6, 31
	mtctr r6
1:	lwz r7, 0(r4)
	addi r4, r4, 0x1000
	bdnz 1b
	CHECK r20, 32, 3
	LI32 r4, A
	lwz r7, 0(r4)			# A is still entry 6: a hit
	CHECK r20, 32, 4
	LI32 r4, B
	lwz r7, 0(r4)			# miss: replaces entry 6
	CHECK r20, 33, 5
	CHECK r21, 6 << 8, 6
	LI32 r4, A
	lwz r7, 0(r4)			# A is gone: a miss
	CHECK r20, 34, 7
	PASS

# map the missing 4K page (PA kept inside RAM) at INDX
	DTLB_MISS_MAP_4K 0x1F1, 8

	VECTORS
