# SPDX-License-Identifier: BSD-2-Clause
# Benchmark: a loop-heavy program with the MMU on (IR=DR=1), code and data
# through 8M TLB entries at EA 0xC0000000 -> PA 0. Inner loop: sum and
# scale a 4 KB array with loads, stores, arithmetic and a bdnz.
	.include "test.inc"
	.include "mmu.inc"
	.include "bench-loop.inc"
	.set KERN, 0xC0000000
	.set ARRAY, 0x10000
	START
	ITLB 31, KERN | EV, 0xC | 1, 0x1FD
	DTLB 31, KERN | EV, 0xC | 1, 0x1FD
	LI32 r31, virt + KERN
	mtsrr0 r31
	li r31, MSR_ME | MSR_IR | MSR_DR
	mtsrr1 r31
	rfi
virt:
	LI32 r4, ARRAY + KERN
	li r10, 0
	LI32 r12, 300000		# outer iterations
	BENCH_LOOP
	li r3, 0
	sc

	VECTORS
