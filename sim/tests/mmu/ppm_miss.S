# SPDX-License-Identifier: BSD-2-Clause
# A load that misses the DTLB while MD_CTR has PPM set: the translation warns
# (1 KB sub-pages are not modelled) before it raises the miss, at the first
# try and again at the retry after the handler wrote the entry, as the
# stepping dispatcher does it. tests/dispatch.sh stops this program at
# counts around the miss: the threaded dispatcher's shortcut to a DTLB miss
# must warn at the same instruction.
	.include "test.inc"
	.include "mmu.inc"
	.set PPM, 0x40000000
	START
	POKE 0x80000, 0x5A5A5A5A
	LI32 r5, 0x40000000		# group 0 = 01: the supervisor is key 0
	mtspr MD_AP, r5
	LI32 r5, TWAM | PPM
	mtspr MD_CTR, r5
	li r20, 0
	SETMSR MSR_ME | MSR_DR
	LI32 r6, 0x57000000
	lwz r7, 0(r6)
	CHECK r20, 1, 1
	CHECK r7, 0x5A5A5A5A, 2
	PASS

# miss: the page at INDX -> PA 0x80000 (SH)
h_0x1200:
	addi r20, r20, 1
	li r31, 1
	mtspr MD_TWC, r31
	LI32 r31, 0x00080000 | 0x1F5
	mtspr MD_RPN, r31
	rfi

	VECTORS
