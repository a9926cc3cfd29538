# SPDX-License-Identifier: BSD-2-Clause
# --strict: reading MD_TWC after writing PS=01 (512K) depends on
# undocumented behaviour, so the run stops with status 125. Without
# --strict the read returns L2TB | EA[10:12]<<9 (see sim/README.md).
# sim-args: --strict
# expect: 125
	.include "test.inc"
	.include "mmu.inc"
	.text
	.globl _start
_start:
	READ_TWC_512K
	CHECK r6, 0x00042000 | (0x1A3 >> 6 << 9), 1
	PASS

	VECTORS
