# SPDX-License-Identifier: BSD-2-Clause
# 16K, 512K and 8M pages: EA bits compared and PA formation (RPN bits
# below the page size ignored), MD_TWC reads for PS=00/11, tlbie masked to
# the page size, and a 4K page next to them.
	.include "test.inc"
	.include "mmu.inc"
	START
	li r20, 0
	# 8M: EA 0x80000000 -> PA 0x00800000 (junk RPN bits 9..19 ignored)
	DTLB 1, 0x80000000 | EV, 0xC | 1, 0x00800000 | 0x7F000 | 0x1F8 | 1
	# 512K: EA 0x90080000 -> PA 0x00100000
	DTLB 2, 0x90080000 | EV, 0x4 | 1, 0x00100000 | 0x7000 | 0x1F8 | 1
	# 16K: EA 0xA0004000 -> PA 0x00204000 (SPS=1)
	DTLB 3, 0xA0004000 | EV, 1, 0x00204000 | 0x3000 | 0x1F8 | 1
	# 4K: EA 0xB0001000 -> PA 0x00301000
	DTLB 4, 0xB0001000 | EV, 1, 0x00301000 | 0x1F0 | 1
	POKE 0x00800000 + 0x7ABCD0, 0x88888888
	POKE 0x00100000 + 0x2BCD0, 0x55555555
	POKE 0x00204000 + 0x2344, 0x16161616
	POKE 0x00301000 + 0x344, 0x44444444
	SETMSR MSR_ME | MSR_DR
	LI32 r4, 0x807ABCD0
	lwz r7, 0(r4)
	CHECK r7, 0x88888888, 1
	LI32 r4, 0x900ABCD0
	lwz r7, 0(r4)
	CHECK r7, 0x55555555, 2
	LI32 r4, 0xA0006344
	lwz r7, 0(r4)
	CHECK r7, 0x16161616, 3
	LI32 r4, 0xB0001344
	lwz r7, 0(r4)
	CHECK r7, 0x44444444, 4
	CHECK r20, 0, 5
	# just outside each page: misses
	LI32 r4, 0x80800000
	lwz r7, 0(r4)
	CHECK r20, 1, 6
	LI32 r4, 0x90100000
	lwz r7, 0(r4)
	CHECK r20, 2, 7
	LI32 r4, 0xA0008000
	lwz r7, 0(r4)
	CHECK r20, 3, 8
	LI32 r4, 0xA0000000 + 0x3FFC
	lwz r7, 0(r4)
	CHECK r20, 4, 9
	LI32 r4, 0xB0002000
	lwz r7, 0(r4)
	CHECK r20, 5, 10
	# tlbie with an EA inside the 8M page drops the entry
	LI32 r4, 0x80012340
	tlbie r4
	LI32 r4, 0x80000000
	lwz r7, 0(r4)
	CHECK r20, 6, 11
	# MD_TWC reads: PS=00 indexes EA[10:19], PS=11 returns L2TB only
	SETMSR MSR_ME
	LI32 r5, 0x12345000 | EV
	mtspr MD_EPN, r5
	LI32 r5, 0x00042000 | 1
	mtspr MD_TWC, r5
	CHECKSPR MD_TWC, 0x00042000 | (0x345 << 2), 12
	LI32 r5, 0x00042000 | 0xC | 1
	mtspr MD_TWC, r5
	CHECKSPR MD_TWC, 0x00042000, 13
	# M_TWB: L1 base | EA[0:9] << 2
	LI32 r5, 0x00055000
	mtspr M_TWB, r5
	CHECKSPR M_TWB, 0x00055000 | (0x48 << 2), 14
	# MI_TWC reads back only APG, G, PS, V
	LI32 r5, 0xFFFFFFFF
	mtspr MI_TWC, r5
	CHECKSPR MI_TWC, 0x1FD, 15
	PASS

h_0x1200:
	addi r20, r20, 1
	mfsrr0 r31
	addi r31, r31, 4
	mtsrr0 r31
	rfi

	VECTORS
