# SPDX-License-Identifier: BSD-2-Clause
# Replacement counter with RSV4D, victim choice: a DTLB miss names entry
# INDX as its victim (MD_CTR[INDX] as the handler sees it), and with RSV4D
# only entries 0..27 can be chosen: an INDX of 28..31 is replaced by 27 (the
# manual: "with RSV4 the counter only selects among entries 0..27"; 27, the
# top unreserved entry, is the simulator's documented choice), so the pinned
# entry 30 keeps its mapping.
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	START
	# pinned entry 30: EA 0xC0000000 (8M) -> PA 0
	DTLB 30, 0xC0000000 | EV, 0xC | 1, 0x00000000 | 0x1F8 | 1
	li r20, 0			# DTLB misses
	# RSV4D, INDX = 5: the miss's victim is entry 5
	LI32 r5, TWAM | RSV4 | (5 << 8)
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x40001000
	lwz r7, 0(r4)
	CHECK r20, 1, 1
	CHECK r21, 5 << 8, 2		# INDX seen by the handler
	SETMSR MSR_ME
	CHECKSPR MD_CTR, TWAM | RSV4 | (4 << 8), 3	# one write: 5 - 1
	LI32 r5, TWAM | (5 << 8)
	mtspr MD_CTR, r5
	mtspr MD_CAM, r5
	CHECKSPR MD_CAM, 0x40001000 | EV, 4	# entry 5 holds the miss

	# RSV4D, INDX = 30 (a reserved entry): the victim is 27, not 30
	LI32 r5, TWAM | RSV4 | (30 << 8)
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x40002000
	lwz r7, 0(r4)
	CHECK r20, 2, 5
	CHECK r21, 27 << 8, 6
	SETMSR MSR_ME
	CHECKSPR MD_CTR, TWAM | RSV4 | (26 << 8), 7
	LI32 r5, TWAM | (27 << 8)
	mtspr MD_CTR, r5
	mtspr MD_CAM, r5
	CHECKSPR MD_CAM, 0x40002000 | EV, 8	# entry 27 holds the miss
	LI32 r5, TWAM | (30 << 8)
	mtspr MD_CTR, r5
	mtspr MD_CAM, r5
	CHECKSPR MD_CAM, 0xC0000000 | EV, 9	# entry 30 still pinned
	# and the pinned mapping still translates without a miss
	LI32 r5, TWAM | RSV4
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0xC0004000
	lwz r7, 0(r4)
	CHECK r20, 2, 10
	PASS

# identity-map the missing 4K page (PA kept inside RAM) at INDX
	DTLB_MISS_MAP_4K 0x1F1, 4

	VECTORS
