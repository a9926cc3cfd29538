/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 data and instruction TLB-error handlers (IVOR13, IVOR14): reload TLB0
 * from the page tables for 4 KB pages, TLB1 for huge pages (leaf PGD runs).
 *
 * Registers:
 *   r10  EPN (autoloaded MAS2), then scratch
 *   r11  PGD pointer, PGD entry, PTE pointer, PTE high word
 *   r12  PGD offset, PTE low word, scratch
 *   cr0  clobbered (CR saved in SPRG7)
 *   SPRG1 (read)  PTE bits an instruction fetch needs in this context
 *   SPRG2 (read)  PTE bits a data access needs in this context
 *   SPRG3 (read)  current PGD + 4 (the low word of entry 0)
 *   SPRG4..7      save r10, r11, r12, CR
 *   per-CPU page  at PERCPU_VA, reached with absolute addressing: miss
 *                 counters (CONFIG_TLB_STATS), the next TLB1 slot
 *   MAS1 (huge only), MAS2, MAS3, MAS7, MAS0 (huge only) written; for 4 KB
 *   pages MAS0 (TLB0 way from the hardware's NV) and MAS1 (V, TID = PID, TS,
 *   TSIZE 4K) are the hardware's autoload.
 *
 * Inputs: the autoload of a TLB-error interrupt with MAS4 = TSIZED 4K,
 * TLBSELD 0, TIDSELD PID0, WIMGED 0, so MAS2 = EPN of the miss.  The kernel
 * runs with PID 0 and the kernel PGD, a user context with its PID, its PGD
 * and the user NEED masks (e500_ctx), so nothing here branches on MSR[PR].
 *
 * Exceptions taken here: none.  Page tables and the per-CPU page live in
 * TLB1-mapped memory.
 *
 * 4 KB fast path, straight line: save, index the PGD, one signed compare
 * tells a table pointer (a kernel address, negative) from a null or leaf
 * entry (non-negative: see pte-e500.h), load the PTE, check it against the
 * NEED mask, build MAS2/MAS3/MAS7, tlbwe, restore, rfi.  A leaf goes to the
 * huge path; anything missing or not permitted restores the registers and
 * enters the generic prologue of the same vector, whose C code explains it.
 */
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "mmu/pte-e500.h"

	.section .text.vectors, "ax"

.macro TLB_SAVE counter
	mtspr	SPRN_SPRG_R10, r10
	mtspr	SPRN_SPRG_R11, r11
	mtspr	SPRN_SPRG_R12, r12
	mfcr	r12
	mtspr	SPRN_SPRG_CR, r12
#ifdef CONFIG_TLB_STATS
	lwz	r10, PCPU(\counter)(0)
	addi	r10, r10, 1
	stw	r10, PCPU(\counter)(0)
#endif
.endm

.macro TLB_RESTORE
	mfspr	r12, SPRN_SPRG_CR
	mtcr	r12
	mfspr	r10, SPRN_SPRG_R10
	mfspr	r11, SPRN_SPRG_R11
	mfspr	r12, SPRN_SPRG_R12
.endm

/* r10 = EPN.  Leaves r11 = PTE pointer, r12 = PTE low word; a leaf or null
 * PGD entry branches to \leaf with r11 = its low word. */
.macro FIND_PTE leaf
	mfspr	r11, SPRN_SPRG_PGD
	rlwinm	r12, r10, 14, 18, 28		/* (EA >> 21) * 8 */
	lwzx	r11, r11, r12			/* PGD entry, low word */
	cmpwi	r11, 0
	bge-	\leaf				/* not a table pointer */
	rlwimi	r11, r10, 23, 20, 28		/* + ((EA >> 12) & 0x1ff) * 8 */
	lwz	r12, 4(r11)			/* PTE low word: flags */
.endm

/* r10 = EPN, r11 = PTE pointer, r12 = PTE low word. */
.macro LOAD_TLB0 need, fail
	rlwimi	r10, r12, 13, 27, 31		/* WIMGE = pte >> 19 */
	mtspr	SPRN_MAS2, r10
	mfspr	r10, \need
	andc.	r10, r10, r12			/* required bits missing? */
	bne-	\fail
	lwz	r11, 0(r11)			/* PTE high word: pfn >> 8 */
	rlwinm	r10, r11, 20, 0, 11		/* RPN: pfn[8..19] ... */
	rlwimi	r10, r12, 20, 12, 19		/* ... and pfn[0..7] */
	rlwimi	r10, r12, 30, 26, 31		/* UX SX UW SW UR SR = pte >> 2 */
	mtspr	SPRN_MAS3, r10
	rlwinm	r11, r11, 20, 28, 31		/* PA bits 32..35 */
	mtspr	SPRN_MAS7, r11
	tlbwe
.endm

/*
 * r10 = EPN, r11 = low word of the leaf PGD entry covering EA (or 0).
 * Every entry of a run carries the page's TSIZE, flags and permissions; the
 * first entry of the run holds the page's base, so its high word gives the
 * RPN already aligned (pfn[0..7] is 0 for any page of 4 MB or more).
 */
.macro LOAD_TLB1 need, fail
	mfspr	r12, \need
	andc.	r12, r12, r11			/* also refuses a null entry */
	bne-	\fail
	mfspr	r12, SPRN_MAS1
	rlwimi	r12, r11, 0, 20, 23		/* TSIZE: same field in PTE and MAS1 */
	mtspr	SPRN_MAS1, r12
	rlwinm	r12, r11, 25, 27, 30		/* 2 * TSIZE ... */
	addi	r12, r12, 10			/* ... + 10 = log2(page size) */
	srw	r10, r10, r12
	slw	r10, r10, r12			/* EA aligned down to the page */
	rlwimi	r10, r11, 13, 27, 31		/* WIMGE */
	mtspr	SPRN_MAS2, r10
	rlwinm	r12, r10, 14, 18, 28		/* offset of the run's first entry */
	mfspr	r10, SPRN_SPRG_PGD
	add	r12, r12, r10
	lwz	r12, -4(r12)			/* its high word */
	rlwinm	r10, r12, 20, 0, 11		/* RPN */
	rlwimi	r10, r11, 30, 26, 31		/* permissions */
	mtspr	SPRN_MAS3, r10
	rlwinm	r12, r12, 20, 28, 31
	mtspr	SPRN_MAS7, r12
	lwz	r10, PCPU(PC_TLB1_NEXT)(0)	/* round robin over TLB1_HUGE_SLOTS */
	mtspr	SPRN_MAS0, r10
	addis	r10, r10, 1
	rlwinm	r10, r10, 0, 13, 15		/* ESEL mod 8 */
	oris	r10, r10, MAS0_TLBSEL1@h
	stw	r10, PCPU(PC_TLB1_NEXT)(0)
	tlbwe
.endm

	.globl	e500_dtlb_miss
	.balign	16
e500_dtlb_miss:
	TLB_SAVE PC_DMISS
	mfspr	r10, SPRN_MAS2
	FIND_PTE dtlb_leaf
	LOAD_TLB0 SPRN_SPRG_DNEED, dtlb_slow
	TLB_RESTORE
	rfi
dtlb_leaf:
	LOAD_TLB1 SPRN_SPRG_DNEED, dtlb_slow
	TLB_RESTORE
	rfi
dtlb_slow:
	TLB_RESTORE
	b	e500_dtlb_fault

	.globl	e500_itlb_miss
	.balign	16
e500_itlb_miss:
	TLB_SAVE PC_IMISS
	mfspr	r10, SPRN_MAS2
	FIND_PTE itlb_leaf
	LOAD_TLB0 SPRN_SPRG_INEED, itlb_slow
	TLB_RESTORE
	rfi
itlb_leaf:
	LOAD_TLB1 SPRN_SPRG_INEED, itlb_slow
	TLB_RESTORE
	rfi
itlb_slow:
	TLB_RESTORE
	b	e500_itlb_fault

	.globl	e500_tlb_miss_end
e500_tlb_miss_end:

	.section .bss
	.balign	4096
	.globl	e500_percpu_page
e500_percpu_page:
	.space	4096
