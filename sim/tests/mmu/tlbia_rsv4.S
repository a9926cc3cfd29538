# SPDX-License-Identifier: BSD-2-Clause
# tlbia invalidates both TLBs except entries 28..31 of a TLB whose RSV4x is
# set (each TLB by its own bit: RSV4I in MI_CTR, RSV4D in MD_CTR), and
# resets both replacement counters to 0.  Entries are checked through the
# debug CAM read-out (EV).
# sim-args: --strict
	.include "test.inc"
	.include "mmu.inc"

	# valid 4K entries at 0, 27 and 28..31 of both TLBs, EA 0x4i000000
	.macro FILL
	.irp n, 0, 27, 28, 29, 30, 31
	ITLB \n, (0x40000000 + (\n << 20)) | EV, 1, 0x00005000 | 0x0F1
	DTLB \n, (0x40000000 + (\n << 20)) | EV, 1, 0x00005000 | 0x0F1
	.endr
	.endm

	START
	# RSV4I set, RSV4D clear
	FILL
	LI32 r5, RSV4 | (10 << 8)
	mtspr MI_CTR, r5
	LI32 r5, TWAM | (12 << 8)
	mtspr MD_CTR, r5
	tlbia
	CHECKSPR MI_CTR, RSV4, 1		# counters reset, other bits kept
	CHECKSPR MD_CTR, TWAM, 2
	ICAM 0, 0x40000000, 3			# EV = 0
	ICAM 27, 0x41B00000, 4
	ICAM 28, 0x41C00000 | EV, 5		# reserved: kept
	ICAM 31, 0x41F00000 | EV, 6
	DCAM 0, 0x40000000, 7
	DCAM 28, 0x41C00000, 8			# RSV4D clear: gone
	DCAM 31, 0x41F00000, 9

	# RSV4D set, RSV4I clear
	FILL
	LI32 r5, 7 << 8
	mtspr MI_CTR, r5
	LI32 r5, TWAM | RSV4 | (3 << 8)
	mtspr MD_CTR, r5
	tlbia
	CHECKSPR MI_CTR, 0, 10
	CHECKSPR MD_CTR, TWAM | RSV4, 11
	LI32 r31, TWAM | RSV4 | (29 << 8)	# read DTLB 29 with RSV4D kept
	mtspr MD_CTR, r31
	mtspr MD_CAM, r31
	mfspr r7, MD_CAM
	CHECK r7, 0x41D00000 | EV, 12
	DCAM 27, 0x41B00000, 13
	ICAM 29, 0x41D00000, 14		# RSV4I clear: gone
	ICAM 30, 0x41E00000, 15
	PASS

	VECTORS
