# SPDX-License-Identifier: BSD-2-Clause
# A DTLB miss handler that writes two entries for the missed page: entry 9
# (PA 0x80000, word X), then entry 20 (PA 0x81000, word Y). The retried load
# hits both, warns of the multi-hit and uses the lower entry: X. The
# simulator makes the retried load's translation at the entry write that
# answers a miss; only the first write may skip looking for a second hit
# (nothing changed since the miss), the second one must not.
	.include "test.inc"
	.include "mmu.inc"
	.set SUP, MSR_ME | MSR_DR
	.set X, 0x11111111
	.set Y, 0x22222222

	START
	POKE 0x80000, X
	POKE 0x81000, Y
	li r20, 0			# DTLB misses
	LI32 r5, 0x40000000		# group 0 = 01: the supervisor is key 0
	mtspr MD_AP, r5
	SETMSR SUP
	LI32 r4, 0x56000000
	li r7, 0
	lwz r7, 0(r4)
	CHECK r20, 1, 1			# one miss
	CHECK r7, X, 2			# the lower of the two entries
	lwz r7, 0(r4)			# again, from whatever is cached now
	CHECK r20, 1, 3
	CHECK r7, X, 4
	PASS

# miss: the page at entry 9 -> PA 0x80000, then at entry 20 -> PA 0x81000 (SH)
h_0x1200:
	addi r20, r20, 1
	LI32 r31, TWAM | (9 << 8)
	mtspr MD_CTR, r31
	li r31, 1
	mtspr MD_TWC, r31
	LI32 r31, 0x00080000 | 0x1F5
	mtspr MD_RPN, r31
	LI32 r31, TWAM | (20 << 8)
	mtspr MD_CTR, r31
	LI32 r31, 0x00081000 | 0x1F5
	mtspr MD_RPN, r31
	rfi

	VECTORS
