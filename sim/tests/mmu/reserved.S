# SPDX-License-Identifier: BSD-2-Clause
# Reserved entries and the replacement counter: with RSV4D the counter
# wraps from 0 to 27, tlbia keeps entries 28..31 and clears the counter,
# tlbie removes a reserved entry too. Without RSV4D it wraps 0 -> 31.
	.include "test.inc"
	.include "mmu.inc"
	START
	# pin EA 0xC0000000 (8M) in entry 28, then set RSV4D
	DTLB 28, 0xC0000000 | EV, 0xC | 1, 0x00000000 | 0x1F8 | 1
	CHECKSPR MD_CTR, TWAM | (27 << 8), 1	# decremented after the write
	LI32 r5, TWAM | RSV4
	mtspr MD_CTR, r5		# INDX = 0
	tlbia
	CHECKSPR MD_CTR, TWAM | RSV4, 2
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0xC0008000		# hits the pinned entry: no miss
	li r20, 0
	lwz r7, 0(r4)
	CHECK r20, 0, 3
	# misses take entries 0, 27, 26
	LI32 r4, 0x40000000
	lwz r7, 0(r4)
	CHECK r21, 0, 4
	LI32 r4, 0x40001000
	lwz r7, 0(r4)
	CHECK r21, 27 << 8, 5
	LI32 r4, 0x40002000
	lwz r7, 0(r4)
	CHECK r21, 26 << 8, 6
	CHECK r20, 3, 7
	# tlbie removes even a reserved entry
	LI32 r4, 0xC0000000
	tlbie r4
	lwz r7, 0(r4)
	CHECK r20, 4, 8
	# without RSV4D the counter wraps to 31
	SETMSR MSR_ME
	LI32 r5, TWAM
	mtspr MD_CTR, r5
	tlbia
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x40000000
	lwz r7, 0(r4)
	LI32 r4, 0x40001000
	lwz r7, 0(r4)
	CHECK r21, 31 << 8, 9
	PASS

# identity-map the missing 4K page at INDX
	DTLB_MISS_MAP_4K 0x1F1, 4	# keep the PA inside RAM

	VECTORS
