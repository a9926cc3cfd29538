# SPDX-License-Identifier: BSD-2-Clause
# --strict: reading MD_TWC after writing PS=01 (512K) depends on
# undocumented behaviour, so the run stops with status 125 at the first
# read of twc512.S's program. Without --strict the read returns
# L2TB | EA[10:12]<<9 (see sim/README.md and twc512.S).
# sim-args: --strict
# expect: 125
	.include "mmu/twc512.S"
