# SPDX-License-Identifier: BSD-2-Clause
# Domain-manager mode (Mx_CTR[GPM] = 1): the APG's two-bit field of Mx_AP
# is 00 no access (whatever PP says), 01 client (PP checked), 11 manager
# (no protection check).  One 4K DTLB entry in APG group 1 at 0x50000000;
# r26 = DSISR of each access's DTLB error (0 if it succeeded).
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"
	.set GPM, 0x80000000
	.set PROT, 0x08000000
	.set ST, 0x02000000

	# MD_AP with group 1's field = f
	.macro GROUP1 f
	SETMSR MSR_ME
	LI32 r5, (\f << 28)
	mtspr MD_AP, r5
	LI32 r5, GPM | TWAM
	mtspr MD_CTR, r5
	SETMSR MSR_ME | MSR_DR
	.endm

	START
	# APG 1 (TWC bits 23..26 = 0001), PP ext 01: supervisor read-only
	DTLB 1, 0x50000000 | EV, (1 << 5) | 1, 0x00080000 | 0x400 | 0x200 | 0x1F0 | 1
	GROUP1 1			# client: PP decides
	ACCESS 0x50000000, 0
	CHECK r26, 0, 1
	ACCESS 0x50000000, 1
	CHECK r26, PROT | ST, 2
	GROUP1 0			# no access, though PP allows reads
	ACCESS 0x50000000, 0
	CHECK r26, PROT, 3
	GROUP1 3			# manager: even the store goes through
	ACCESS 0x50000000, 1
	CHECK r26, 0, 4
	LI32 r4, 0x50000000
	lwz r7, 0(r4)
	CHECK r7, 0x50000000, 5		# the stored word
	PASS

	DTLB_ERROR_SKIP

	VECTORS
