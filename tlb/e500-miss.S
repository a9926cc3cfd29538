/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 data and instruction TLB-error handlers (IVOR13, IVOR14): reload TLB0
 * from the page tables for 4 KB pages.
 *
 * Registers:
 *   r10  EPN (autoloaded MAS2), then scratch
 *   r11  PGD pointer, PGD entry, PTE pointer, PTE high word
 *   r12  scratch, PTE low word
 *   cr0  clobbered (CR saved in SPRG7)
 *   SPRG0 (read)  &tlb_stats, with CONFIG_TLB_STATS
 *   SPRG1 (read)  PTE bits an instruction fetch needs in this context
 *   SPRG2 (read)  PTE bits a data access needs in this context
 *   SPRG3 (read)  current PGD + 4
 *   SPRG4..7      save r10, r11, r12, CR
 *   MAS2, MAS3, MAS7 written; MAS0 (TLB0 way from the hardware's NV) and
 *   MAS1 (V, TID = PID, TS, TSIZE 4K from MAS4) are the hardware's autoload.
 *
 * Inputs: the hardware autoload of a TLB-error interrupt with MAS4 =
 * TSIZED 4K, TLBSELD 0, TIDSELD PID0, WIMGED 0, so MAS2 = EPN of the miss.
 * The kernel runs with PID 0 and the kernel PGD; a user context runs with its
 * PID, its own PGD and the user NEED masks (see e500_ctx_enter), so nothing
 * here branches on MSR[PR].
 *
 * Exceptions taken here: none.  Page tables live in TLB1-mapped memory.
 *
 * Fast path, straight line: save, index the PGD, reject a missing table or a
 * leaf entry, load the PTE, check it against the NEED mask, build
 * MAS2/MAS3/MAS7, tlbwe, restore, rfi.  Anything else restores the registers
 * and enters the generic prologue of the same vector, whose C code explains
 * the fault.
 */
#include "e500/reg.h"
#include "e500/frame.h"
#include "mmu/pte-e500.h"

	.section .text.vectors, "ax"

.macro TLB_SAVE
	mtspr	SPRN_SPRG_R10, r10
	mtspr	SPRN_SPRG_R11, r11
	mtspr	SPRN_SPRG_R12, r12
	mfcr	r12
	mtspr	SPRN_SPRG_CR, r12
.endm

.macro TLB_RESTORE
	mfspr	r12, SPRN_SPRG_CR
	mtcr	r12
	mfspr	r10, SPRN_SPRG_R10
	mfspr	r11, SPRN_SPRG_R11
	mfspr	r12, SPRN_SPRG_R12
.endm

.macro TLB_COUNT field
#ifdef CONFIG_TLB_STATS
	mfspr	r12, SPRN_SPRG_STATS
	lwz	r10, \field(r12)
	addi	r10, r10, 1
	stw	r10, \field(r12)
#endif
.endm

/*
 * r10 = EPN, r11 = PGD + 4.  Leaves r11 = PTE pointer, r12 = PTE low word,
 * or branches to \slow.
 */
.macro FIND_PTE slow
	rlwinm	r12, r10, 14, 18, 28		/* (EA >> 21) * 8 */
	lwzx	r11, r11, r12			/* PGD entry, low word */
	xoris	r12, r11, 0x8000		/* tables are at 0xC0000000 and up: */
	rlwinm.	r12, r12, 0, 20, 0		/* null or leaf (0xf00) sets 0x80000fff */
	bne-	\slow
	rlwimi	r11, r10, 23, 20, 28		/* + ((EA >> 12) & 0x1ff) * 8 */
	lwz	r12, 4(r11)			/* PTE low word: flags */
.endm

/* r10 = EPN, r11 = PTE pointer, r12 = PTE low word; \need = SPRG of the mask. */
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

	.globl	e500_dtlb_miss
	.balign	16
e500_dtlb_miss:
	TLB_SAVE
	TLB_COUNT TLBSTAT_DMISS
	mfspr	r10, SPRN_MAS2
	mfspr	r11, SPRN_SPRG_PGD
	FIND_PTE dtlb_slow
	LOAD_TLB0 SPRN_SPRG_DNEED, dtlb_slow
	TLB_RESTORE
	rfi
dtlb_slow:
	TLB_RESTORE
	b	e500_dtlb_fault

	.globl	e500_itlb_miss
	.balign	16
e500_itlb_miss:
	TLB_SAVE
	TLB_COUNT TLBSTAT_IMISS
	mfspr	r10, SPRN_MAS2
	mfspr	r11, SPRN_SPRG_PGD
	FIND_PTE itlb_slow
	LOAD_TLB0 SPRN_SPRG_INEED, itlb_slow
	TLB_RESTORE
	rfi
itlb_slow:
	TLB_RESTORE
	b	e500_itlb_fault
