# SPDX-License-Identifier: BSD-2-Clause
# An endless loop: only --max-insns ends it (status 124).
# sim-args: --max-insns 100000
# expect: 124
	.include "test.inc"
	START
	b _start

	VECTORS
