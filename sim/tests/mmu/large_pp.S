# SPDX-License-Identifier: BSD-2-Clause
# Extended PP on a large page (PS != 00): PP bit 20 is ignored (the
# simulator's documented choice; Linux keeps _PAGE_HUGE there), so extended PP 10 acts as 00
# (no access) and 11 as 01 (supervisor read-only).  On a 4K page the same
# reserved values give no access.  Each access records the DSISR of its
# DTLB error in r26 (0 if it succeeded).  Not --strict: the reserved
# encodings warn.
	.include "test.inc"
	.include "mmu.inc"
	.set PROT, 0x08000000
	.set ST, 0x02000000

	START
	# 512K pages at 0x50000000 (PP ext 10) and 0x50080000 (PP ext 11),
	# 4K page at 0x51000000 (PP ext 11), all -> PA 0x80000
	DTLB 1, 0x50000000 | EV, 0x4 | 1, 0x00080000 | 0x800 | 0x200 | 0x1F8 | 1
	DTLB 2, 0x50080000 | EV, 0x4 | 1, 0x00080000 | 0xC00 | 0x200 | 0x1F8 | 1
	DTLB 3, 0x51000000 | EV, 1, 0x00080000 | 0xC00 | 0x200 | 0x1F0 | 1
	LI32 r5, 0x40000000		# group 0 = 01: supervisor key 0
	mtspr MD_AP, r5
	SETMSR MSR_ME | MSR_DR
	ACCESS 0x50001000, 0		# ext 10 on 512K = ext 00: no access
	CHECK r26, PROT, 1
	ACCESS 0x50081000, 0		# ext 11 on 512K = ext 01: readable
	CHECK r26, 0, 2
	ACCESS 0x50081000, 1		# ... but not writable
	CHECK r26, PROT | ST, 3
	ACCESS 0x51000000, 0		# ext 11 on 4K: reserved, no access
	CHECK r26, PROT, 4
	PASS

	DTLB_ERROR_SKIP

	VECTORS
