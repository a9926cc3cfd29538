# SPDX-License-Identifier: BSD-2-Clause
# Tablewalk assist index widths (TWAM = 1).  M_TWB reads as the level-1
# base (bits 0..19 of what was written) | EA[0:9] << 2 for the EA in MD_EPN:
# a 10-bit index reaching 0xFFC.  MD_TWC (level-2 base written to it) reads
# as base | EA[10:19] << 2, also 10 bits, for a 4K-page PMD (PS = 00).
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"

	# M_TWB for EA ea, expected value
	.macro TWB ea, val, code
	LI32 r5, \ea
	mtspr MD_EPN, r5
	CHECKSPR M_TWB, \val, \code
	.endm
	.macro TWC ea, val, code
	LI32 r5, \ea
	mtspr MD_EPN, r5
	CHECKSPR MD_TWC, \val, \code
	.endm

	START
	LI32 r5, TWAM
	mtspr MD_CTR, r5
	LI32 r5, 0x00123ABC		# bits 20..31 of the base are not kept
	mtspr M_TWB, r5
	TWB 0x00000000, 0x00123000, 1
	TWB 0x003FFFFF, 0x00123000, 2	# still PMD 0 (4 MB each)
	TWB 0x00400000, 0x00123004, 3
	TWB 0x80000000, 0x00123800, 4	# the top index bit
	TWB 0x7FC00000, 0x001237FC, 5
	TWB 0xFFC00000, 0x00123FFC, 6	# index 1023
	TWB 0xC1800000, 0x00123C18, 7
	LI32 r5, 0x00456001		# PMD: L2 table 0x456000, V, PS = 00
	mtspr MD_TWC, r5
	TWC 0x00000000, 0x00456000, 8
	TWC 0x003FF000, 0x00456FFC, 9	# slot 1023
	TWC 0xFFE01000, 0x00456804, 10	# slot 513: the index ignores EA[0:9]
	PASS

	VECTORS
