/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 entry.  Entered at physical 0 with translation through whatever TLB1
 * mapping the loader left (QEMU: TLB1[0] EA 0 -> PA 0; U-Boot bootm: its
 * IPROT entries, EA 0 -> PA 0 among them), r3 = device tree (physical),
 * from QEMU's ePAPR boot or U-Boot's bootm.
 *
 * 1. Interrupts off, timers quiet (U-Boot leaves a decrementer pending),
 *    the kernel's HID0 bits set (the others kept).
 * 2. The kernel's linear map, VA KERNEL_VA -> PA 0 (64 MB, IPROT), in its
 *    slot of the TLB1 plan (e500/tlb1.h: the last slot, which no loader
 *    uses); jump up to it.  This is the only entry start-up pins.
 * 3. Every other TLB1 entry and all of TLB0 invalidated: from here on the
 *    kernel owns the MMU.
 * 4. Stack, BSS; e500_cpu_early (C) pins the per-CPU page from the plan
 *    before anything can take a TLB miss; IVPR/IVORs, MAS4, SPRGs (SPRG3
 *    cleared), then rfi into e500_start (C) with MSR[ME] set (mtmsr cannot
 *    set ME under QEMU).
 *
 * Registers: r3 device tree, r28 the C entry, r30 TLB1 entry count, r31
 * device tree (kept), r4..r12 scratch.
 */
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "ppc-asm.h"
#include "e500/tlb1.h"
#include "e500/drop-tlbs.h"
#include "mmu/pte-e500.h"

#if TLB1_LINEAR_LOW != 0
#error "start-up keeps the last TLB1 slot and drops every one below it: the linear map must be last"
#endif

/* Write TLB1 entry (r30 - from_top): mas1, mas2 and mas3 are 32-bit constants; clobbers r5. */
.macro TLB1_PIN from_top, mas1, mas2, mas3
	subi	r5, r30, \from_top
	slwi	r5, r5, MAS0_ESEL_SHIFT
	oris	r5, r5, MAS0_TLBSEL1@h
	mtspr	SPRN_MAS0, r5
	lis	r5, (\mas1)@h
	ori	r5, r5, (\mas1)@l
	mtspr	SPRN_MAS1, r5
	lis	r5, (\mas2)@h
	ori	r5, r5, (\mas2)@l
	mtspr	SPRN_MAS2, r5
	lis	r5, (\mas3)@h
	ori	r5, r5, (\mas3)@l
	mtspr	SPRN_MAS3, r5
	li	r5, 0
	mtspr	SPRN_MAS7, r5
	isync
	tlbwe
	isync
.endm

	.section .text.start, "ax"
	.globl	_start
_start:
	mr	r31, r3
	bl	core_quiet
	mfspr	r4, SPRN_HID0			/* kept for the tests: what the loader left */
	lis	r5, (e500_hid0_at_entry - KERNEL_VA)@ha	/* still running at EA = PA */
	stw	r4, (e500_hid0_at_entry - KERNEL_VA)@l(r5)
	bl	e500_hid0_setup
	bl	pin_linear
	lis	r5, high@h
	ori	r5, r5, high@l
	mtctr	r5
	bctr

high:
	bl	drop_tlbs
	BOOT_STACK_AND_BSS boot_stack_top
	li	r3, 0				/* the boot core */
	lis	r28, e500_start@h
	ori	r28, r28, e500_start@l
	b	cpu_common

/*
 * A secondary core, released through its spin table entry (ePAPR): entered
 * at the physical address of e500_secondary_entry through the loader's
 * initial mapping (EA = PA for the first 64 MB), r3 = the kernel virtual
 * address of its struct e500_cpu_start (smp/e500-smp.c), which the boot core
 * filled.  The same steps as _start without the BSS and device tree: its own
 * stack, its own per-CPU page, then e500_secondary_start(start, tlb1_n).
 */
	.globl	e500_secondary_entry
e500_secondary_entry:
	mr	r31, r3
	bl	core_quiet
	bl	e500_hid0_setup
	bl	pin_linear
	lis	r5, secondary_high@h
	ori	r5, r5, secondary_high@l
	mtctr	r5
	bctr

secondary_high:
	bl	drop_tlbs
	lwz	r1, CPU_START_STACK(r31)
	li	r0, 0
	stwu	r0, -16(r1)
	lwz	r3, CPU_START_CPU(r31)
	lis	r28, e500_secondary_start@h
	ori	r28, r28, e500_secondary_start@l
	/* fall through */

/*
 * r3 = core index, r28 = the C entry, r31 its first argument, r30 the TLB1
 * entry count, r1 a stack: the per-CPU page, the vectors, MAS4, PIDs, SPRGs,
 * then rfi into r28(r31, r30).
 */
cpu_common:
	bl	e500_cpu_early
	lis	r5, KERNEL_VA@h
	mtspr	SPRN_IVPR, r5
	bl	e500_set_ivors

	li	r5, TSIZE_4K << MAS4_TSIZED_SHIFT
	mtspr	SPRN_MAS4, r5
	li	r5, 0
	mtspr	SPRN_PID, r5
	mtspr	SPRN_PID1, r5
	mtspr	SPRN_PID2, r5
	lis	r5, (boot_pgd + 4)@ha		/* an empty PGD until the kernel's exists: */
	addi	r5, r5, (boot_pgd + 4)@l	/* early misses reach the C fault path */
	mtspr	SPRN_SPRG_PGD, r5
	li	r5, 0				/* user-readable: holds nothing (reg.h) */
	mtspr	SPRN_SPRG3, r5
	lis	r5, PTE_NEED_KERNEL_READ@h
	ori	r5, r5, PTE_NEED_KERNEL_READ@l
	mtspr	SPRN_SPRG_DNEED, r5
	lis	r5, PTE_NEED_KERNEL_EXEC@h
	ori	r5, r5, PTE_NEED_KERNEL_EXEC@l
	mtspr	SPRN_SPRG_INEED, r5
	isync

	mtspr	SPRN_SRR0, r28
	li	r5, MSR_KERNEL
	mtspr	SPRN_SRR1, r5
	mr	r3, r31
	mr	r4, r30
	rfi

/*
 * Interrupts off, timers quiet (U-Boot leaves a decrementer pending); on an
 * e500mc MAS8 = 0 before the first tlbwe (a firmware's stale TGS or TLPID
 * would make the kernel's entries guest entries).  Clobbers r4, r5.
 */
core_quiet:
	li	r4, 0
	mtmsr	r4
	isync
	mfspr	r5, SPRN_PVR
	srwi	r5, r5, PVR_VER_SHIFT
	cmplwi	r5, PVR_VER_E500MC
	blt	1f
	li	r5, MAS8_KERNEL
	mtspr	SPRN_MAS8, r5
1:
	mtspr	SPRN_TCR, r4
	mtspr	SPRN_DECAR, r4
	li	r5, -1				/* a zero DEC would set TSR[DIS] again at once */
	mtspr	SPRN_DEC, r5
	lis	r4, TSR_ALL@h
	mtspr	SPRN_TSR, r4
	blr

/* r30 = TLB1 entry count; the linear map's first entry where the plan puts it.  Clobbers r5. */
pin_linear:
	mfspr	r30, SPRN_TLB1CFG
	andi.	r30, r30, TLBCFG_NENTRY
	TLB1_PIN TLB1_LINEAR_LOW + 1, MAS1_VALID | MAS1_IPROT | (LINEAR_BOOT_TSIZE << MAS1_TSIZE_SHIFT), \
		KERNEL_VA | LINEAR_WIMGE, LINEAR_PERMS
	blr

/* Running from the linear map: every other TLB1 entry and all of TLB0 go.  Clobbers r5..r7, CTR. */
	DROP_TLBS drop_tlbs, (TLB1_LINEAR_LOW + 1)

/*
 * void e500_hid0_setup(void): set the HID0 bits the kernel needs (time base,
 * MAS7 update on tlbre/tlbsx), keeping every bit the loader or reset chose.
 * Clobbers r4 only; callable from C.
 */
	.globl	e500_hid0_setup
e500_hid0_setup:
	mfspr	r4, SPRN_HID0
	oris	r4, r4, HID0_KERNEL@h
	ori	r4, r4, HID0_KERNEL@l
	mtspr	SPRN_HID0, r4
	isync
	blr

/* IVORn = offset of each handler from IVPR. */
.macro SET_IVOR n, label
	li	r5, (\label - KERNEL_VA)@l
	mtspr	SPRN_IVOR0 + \n, r5
.endm
.macro SET_IVOR_HI n, label
	li	r5, (\label - KERNEL_VA)@l
	mtspr	SPRN_IVOR32 + \n - 32, r5
.endm

e500_set_ivors:
	SET_IVOR 0, e500_vec_critical
	SET_IVOR 1, e500_vec_mcheck
	SET_IVOR 2, e500_vec_dsi
	SET_IVOR 3, e500_vec_isi
	SET_IVOR 4, e500_vec_external
	SET_IVOR 5, e500_vec_align
	SET_IVOR 6, e500_vec_program
	SET_IVOR 7, e500_vec_fpunavail
	SET_IVOR 8, e500_vec_syscall
	SET_IVOR 9, e500_vec_apunavail
	SET_IVOR 10, e500_vec_dec
	SET_IVOR 11, e500_vec_fit
	SET_IVOR 12, e500_vec_watchdog
	SET_IVOR 13, e500_dtlb_miss
	SET_IVOR 14, e500_itlb_miss
	SET_IVOR 15, e500_vec_debug
	SET_IVOR_HI 35, e500_vec_perfmon
	mfspr	r5, SPRN_PVR			/* an e500mc has no SPE and no IVOR32..34: */
	srwi	r5, r5, PVR_VER_SHIFT		/* its IVOR36..41 come from e500mc_hv_setup */
	cmplwi	r5, PVR_VER_E500MC
	bge	1f
	SET_IVOR_HI 32, e500_vec_speunavail
	SET_IVOR_HI 33, e500_vec_spedata
	SET_IVOR_HI 34, e500_vec_speround
1:	isync
	blr

	.data
	.balign	4
	.globl	e500_hid0_at_entry
e500_hid0_at_entry:
	.long	0

	.section .bss
	.balign	4096
boot_pgd:
	.space	E500_PGD_BYTES
boot_stack:
	.space	16384
	.globl	boot_stack_top
boot_stack_top:
