# SPDX-License-Identifier: BSD-2-Clause
# --strict: a live entry with PS=01 (512K) and SPS=0 depends on the undocumented
# size rule of docs/hw/mpc8xx.md 6.3, so the run stops with status 125.
# sim-args: --strict
# expect: 125
	.include "test.inc"
	.include "mmu.inc"
	START
	DTLB 3, 0x40000000 | EV, 0x00000004 | 1, 0x000000F0 | 1
	FAIL 1

	VECTORS
