# SPDX-License-Identifier: BSD-2-Clause
# --strict: an entry loaded with its segment or page valid bit clear never
# translates, so its attributes (PS=01 with SPS=0, PP bit 20, PS=10) raise no
# warning and the run ends normally.  (strict_sps.S checks a live entry stops it.)
# sim-args: --strict
# expect: 0
	.include "test.inc"
	.include "mmu.inc"
	START
	DTLB 3, 0x40000000 | EV, 0x00000004, 0x00000800 | 0xF0 | 1
	DTLB 4, 0x40400000 | EV, 0x00000004 | 1, 0x00000800 | 0xF0 | 0
	ITLB 5, 0x40800000 | EV, 0x00000008, 0x000000F0 | 1
	PASS

	VECTORS
