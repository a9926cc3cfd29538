/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode (e5500, e6500): entry.  QEMU enters at the physical
 * address of _start in 32-bit mode (MSR = 0) through its TLB1[0] entry
 * EA 0 -> PA 0, with r3 = device tree (physical).
 *
 * 1. MSR[CM] set by the first instruction after saving r3: everything from
 *    the second on computes 64-bit effective addresses (the fetch address
 *    is below 4 GB, so it reads the same zero-extended).
 * 2. Timers quiet; the linear map's first entry, KERNEL_VA -> PA 0, 1 GB,
 *    IPROT, in the last TLB1 slot; jump up to it.
 * 3. Every other TLB1 entry and all of TLB0 invalidated.
 * 4. TOC (r2), stack, BSS; EPCR[ICM] (interrupts keep 64-bit mode), IVPR,
 *    IVORs, MAS4, PID; rfi into e64_start (C) with MSR = CM | ME.
 * A secondary core takes the same steps from e64_secondary_entry.
 *
 * Registers: r31 device tree or core index (kept), r30 TLB1 entry count,
 * r28 the C entry's descriptor, r3..r9 scratch.
 */
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/e64.h"
#include "e500/drop-tlbs.h"
#include "ppc64-asm.h"


/* A 32-bit constant into r, zero-extended. */
.macro LOAD_IMM32 r, v
	lis	\r, (\v)@h
	ori	\r, \r, (\v)@l
	clrldi	\r, \r, 32
.endm

	.section .text.start, "ax"
	.globl	_start
_start:
	mr	r31, r3
	LOAD_IMM32 r4, MSR_CM
	mtmsr	r4
	isync
	bl	core_quiet
	bl	pin_linear
	LOAD_IMM64 r5, high
	mtctr	r5
	bctr

high:
	bl	drop_tlbs
	LOAD_IMM64 r2, .TOC.
	LOAD_IMM64 r1, e64_boot_stack_top
	li	r0, 0
	stdu	r0, -112(r1)
	LOAD_IMM64 r3, __bss_start
	LOAD_IMM64 r4, __bss_end
3:	cmpld	r3, r4
	bge	4f
	std	r0, 0(r3)
	addi	r3, r3, 8
	b	3b
4:	LOAD_IMM64 r28, e64_start		/* ELFv1: a function descriptor */
	b	cpu_common

/*
 * A secondary core, released through its spin table entry (ePAPR): entered
 * in 32-bit mode at the physical address of e64_secondary_entry through the
 * loader's mapping of its 64 MB window (EA = PA), r3 = its core index
 * (boot/e500-64-setup.c).  The same steps as _start without the BSS: MSR[CM],
 * the linear map, its own stack (e64_cpu_stacks), then
 * e64_secondary_start(index).
 */
	.globl	e64_secondary_entry
e64_secondary_entry:
	mr	r31, r3
	LOAD_IMM32 r4, MSR_CM
	mtmsr	r4
	isync
	bl	core_quiet
	bl	pin_linear
	LOAD_IMM64 r5, secondary_high
	mtctr	r5
	bctr

secondary_high:
	bl	drop_tlbs
	LOAD_IMM64 r2, .TOC.
	LOAD_IMM64 r1, e64_cpu_stacks
	addi	r4, r31, 1
	sldi	r4, r4, E64_STACK_SHIFT		/* the top of stack r31 */
	add	r1, r1, r4
	li	r0, 0
	stdu	r0, -112(r1)
	LOAD_IMM64 r28, e64_secondary_start
	/* fall through */

/*
 * r28 = the C entry's descriptor, r31 its first argument, r30 the TLB1
 * entry count, r1 a stack: EPCR[ICM], IVPR, IVORs, MAS4, PID, then rfi into
 * it with MSR = CM | ME (mtmsr cannot set ME under QEMU).
 */
cpu_common:
	LOAD_IMM32 r5, EPCR_ICM
	mtspr	SPRN_EPCR, r5
	LOAD_IMM64 r5, KERNEL_VA
	mtspr	SPRN_IVPR, r5
	bl	e64_set_ivors
	li	r5, TSIZE_4K << MAS4_TSIZED_SHIFT
	mtspr	SPRN_MAS4, r5
	li	r5, 0
	mtspr	SPRN_PID, r5
	isync
	ld	r5, 0(r28)			/* the descriptor's first doubleword: the code */
	mtspr	SPRN_SRR0, r5
	LOAD_IMM32 r5, MSR_CM | MSR_ME
	mtspr	SPRN_SRR1, r5
	mr	r3, r31
	mr	r4, r30
	rfi

/* Timers quiet, the kernel's HID0 bits (the others kept).  Clobbers r4, r5. */
core_quiet:
	li	r4, 0
	mtspr	SPRN_TCR, r4
	mtspr	SPRN_DECAR, r4
	li	r5, -1
	mtspr	SPRN_DEC, r5
	LOAD_IMM32 r4, TSR_ALL
	mtspr	SPRN_TSR, r4
	mfspr	r4, SPRN_HID0
	LOAD_IMM32 r5, HID0_KERNEL
	or	r4, r4, r5
	mtspr	SPRN_HID0, r4
	isync
	blr

/* r30 = TLB1 entry count; the linear map's first entry in the last slot.  Clobbers r5. */
pin_linear:
	mfspr	r30, SPRN_TLB1CFG
	andi.	r30, r30, TLBCFG_NENTRY
	subi	r5, r30, E64_TLB1_LINEAR0 + 1
	slwi	r5, r5, MAS0_ESEL_SHIFT
	oris	r5, r5, MAS0_TLBSEL1@h
	mtspr	SPRN_MAS0, r5
	LOAD_IMM32 r5, MAS1_VALID | MAS1_IPROT | (E64_LINEAR_TSIZE << MAS1_TSIZE_SHIFT)
	mtspr	SPRN_MAS1, r5
	LOAD_IMM64 r5, KERNEL_VA | MAS2_M
	mtspr	SPRN_MAS2, r5
	li	r5, MAS3_SR | MAS3_SW | MAS3_SX
	mtspr	SPRN_MAS3, r5
	li	r5, 0
	mtspr	SPRN_MAS7, r5
	isync
	tlbwe
	isync
	blr

/* Running from the linear map: every other TLB1 entry and all of TLB0 go.  Clobbers r5..r7, CTR. */
	DROP_TLBS drop_tlbs, (E64_TLB1_LINEAR0 + 1)

	.section .bss
	.balign	4096
e64_boot_stack:
	.space	32768
	.globl	e64_boot_stack_top
e64_boot_stack_top:
	.balign	4096
	.globl	e64_cpu_stacks
e64_cpu_stacks:				/* core n's stack ends at e64_cpu_stacks + (n + 1) << E64_STACK_SHIFT */
	.space	E64_MAX_CPUS << E64_STACK_SHIFT
