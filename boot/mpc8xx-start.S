/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx entry.  Reached through the reset vector (physical 0x100, MSR[IP]
 * = 0: the simulator's board, or a board that boots this image from RAM) or
 * from a boot loader that jumps to physical 0 (U-Boot bootm, see
 * docs/boards-mpc8xx.md); in both cases with translation off.  r3 may hold the
 * physical address of a device tree (as U-Boot passes one; the simulator's
 * --dtb): it is kept in r31 and handed to mpc8xx_start(), which checks it.
 *
 * 1. MSR = ME|RI, IMMR = IMMR_BASE, watchdog off (SYPCR), timebase on.
 * 2. MMU: MI_CTR = 0, MD_CTR = TWAM, tlbia; MI_AP/MD_AP; M_CASID = 0; then
 *    the pinned entries 28..31 (RSV4I/RSV4D, INDX set before each write):
 *    ITLB 28 and DTLB 28 map KERNEL_VA -> 0, 8 MB (the rest of the linear
 *    map is C's, as RAM allows), DTLB 31 the IMMR window (mpc8xx/mmu.h).
 * 3. Caches: unlock, invalidate, enable both.  No debug-mode entry (DER = 0).
 * 4. rfi to the linked address with translation on: stack, BSS, an empty
 *    PGD in M_TWB until the kernel's exists, then mpc8xx_start() in C.
 *
 * Registers: r31 the boot loader's r3, r3 IMMR base, r4..r9 scratch.  Exceptions possible here: none
 * expected (a machine check would find no stack before step 4).
 */
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/immr.h"
#include "mpc8xx/frame.h"
#include "ppc-asm.h"

/* Load a 32-bit constant. */
.macro LI32 reg, val
	lis	\reg, (\val)@h
	ori	\reg, \reg, (\val)@l
.endm

/*
 * Pin entry \n of one TLB: INDX first, so the write does not rely on the
 * replacement counter; ctr is the Mx_CTR base value, the rest SPR numbers.
 */
.macro PIN ctr_spr, epn_spr, twc_spr, rpn_spr, ctr, n, epn, twc, rpn
	LI32	r4, (\ctr) | MX_CTR_RSV4 | ((\n) << MX_CTR_INDX_SHIFT)
	mtspr	\ctr_spr, r4
	LI32	r4, (\epn) | MX_EPN_EV
	mtspr	\epn_spr, r4
	LI32	r4, \twc
	mtspr	\twc_spr, r4
	LI32	r4, \rpn
	mtspr	\rpn_spr, r4
.endm
#define PIN_I	PIN SPRN_MI_CTR, SPRN_MI_EPN, SPRN_MI_TWC, SPRN_MI_RPN, 0,
#define PIN_D	PIN SPRN_MD_CTR, SPRN_MD_EPN, SPRN_MD_TWC, SPRN_MD_RPN, MD_CTR_TWAM,

	.text
	.globl	mpc8xx_reset
mpc8xx_reset:
	mr	r31, r3
	li	r4, MSR_REAL
	mtmsr	r4
	isync
	LI32	r3, IMMR_BASE
	mtspr	SPRN_IMMR, r3
	isync
	LI32	r4, SYPCR_NO_WATCHDOG
	stw	r4, SIU_SYPCR(r3)
	LI32	r4, KAPWR_KEY
	stw	r4, SITK_TBSCRK(r3)
	li	r4, TBSCR_TBE
	sth	r4, SIT_TBSCR(r3)
	LI32	r4, 0x7fffffff			/* no decrementer request for a long time */
	mtspr	SPRN_DEC, r4

	li	r4, 0
	mtspr	SPRN_MI_CTR, r4
	LI32	r4, MD_CTR_TWAM
	mtspr	SPRN_MD_CTR, r4
	tlbia
	isync
	LI32	r4, MI_AP_INIT
	mtspr	SPRN_MI_AP, r4
	LI32	r4, MD_AP_INIT
	mtspr	SPRN_MD_AP, r4
	li	r4, 0
	mtspr	SPRN_M_CASID, r4

	PIN_I	28, KERNEL_VA + 0 * PINNED_PAGE, PINNED_TWC_8M, 0 * PINNED_PAGE | PINNED_RPN_I
	PIN_D	28, KERNEL_VA + 0 * PINNED_PAGE, PINNED_TWC_8M, 0 * PINNED_PAGE | PINNED_RPN_D
	PIN_D	31, IMMR_BASE, PINNED_TWC_IMMR, IMMR_BASE | PINNED_RPN_IMMR
	isync

	LI32	r4, IDC_UNALL
	mtspr	SPRN_IC_CST, r4
	mtspr	SPRN_DC_CST, r4
	LI32	r4, IDC_INVALL
	mtspr	SPRN_IC_CST, r4
	mtspr	SPRN_DC_CST, r4
	LI32	r4, IDC_ENABLE
	mtspr	SPRN_IC_CST, r4
	mtspr	SPRN_DC_CST, r4
	li	r4, 0
	mtspr	SPRN_DER, r4
	isync

	LI32	r4, high
	mtspr	SPRN_SRR0, r4
	li	r4, MSR_KERNEL
	mtspr	SPRN_SRR1, r4
	rfi

high:
	BOOT_STACK_AND_BSS boot_stack_top
	LI32	r4, boot_pgd - KERNEL_VA	/* an empty PGD: early misses load */
	mtspr	SPRN_M_TWB, r4			/* invalid entries and reach C */
	mr	r3, r31
	bl	mpc8xx_start
3:	b	3b

	.section .bss
	.balign	4096
boot_pgd:
	.space	4096
boot_stack:
	.space	16384
	.globl	boot_stack_top
boot_stack_top:
