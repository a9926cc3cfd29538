/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 (POWER8, hypervisor mode): entry from skiboot and OPAL calls
 * (setjmp/longjmp are boot/setjmp64.S, shared with e500 in 64-bit mode).
 *
 * skiboot enters _start in real mode (MSR = SF | HV, big-endian, IR = DR =
 * ME = 0) at the physical address where the ELF file lies, with r3 = the
 * device tree, r8 = OPAL's base and r9 = OPAL's entry (both also in the
 * tree).  The kernel is linked at KERNEL_VA + that address: real mode
 * ignores the top four address bits, so every absolute address works at
 * once.  Start-up:
 *  1. TOC (r2), stack, BSS;
 *  2. the vectors copied to physical 0 (their code is position independent)
 *     and made visible to instruction fetch;
 *  3. OPAL's base and entry kept for b3_opal_call;
 *  4. hrfid into b3_start (C) with MSR = SF | HV | ME: machine checks on
 *     (skiboot leaves ME off; on QEMU mtmsrd does not set it, hrfid does).
 *
 * Registers: r31 device tree, r30 OPAL base, r29 OPAL entry (all kept
 * until the hrfid), r3..r7 scratch.
 */
#include "book3s64/hash.h"
#include "book3s64/asm.h"
#include "book3s64/second.h"

	.section .text.start, "ax"
	.globl	_start
_start:
	mr	r31, r3
	mr	r30, r8
	mr	r29, r9
	LOAD_IMM64 r2, .TOC.
	LOAD_IMM64 r1, b3_boot_stack_top
	li	r0, 0
	stdu	r0, -112(r1)
	LOAD_IMM64 r3, __bss_start
	LOAD_IMM64 r4, __bss_end
1:	cmpld	r3, r4
	bge	2f
	std	r0, 0(r3)
	addi	r3, r3, 8
	b	1b
2:
	/* the vectors to physical 0, a doubleword at a time, each line pushed to fetch */
	LOAD_IMM64 r3, __vectors_start
	LOAD_IMM64 r4, __vectors_end
	li	r5, 0
3:	cmpld	r3, r4
	bge	4f
	ld	r6, 0(r3)
	std	r6, 0(r5)
	dcbst	0, r5
	sync
	icbi	0, r5
	addi	r3, r3, 8
	addi	r5, r5, 8
	b	3b
4:	sync
	isync

	LOAD_IMM64 r3, b3_opal
	std	r30, 0(r3)
	std	r29, 8(r3)

	LOAD_IMM64 r5, b3_start		/* ELFv1: a function descriptor */
	ld	r5, 0(r5)			/* its first doubleword: the code */
	mtspr	SPRN_HSRR0, r5
	LOAD_IMM64 r5, MSR_SF | MSR_HV | MSR_ME
	mtspr	SPRN_HSRR1, r5
	mr	r3, r31
	hrfid

/*
 * int64_t b3_opal_call(uint64_t token, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
 *
 * OPAL runs in real mode, big-endian, with r0 = token, r2 = OPAL's base,
 * r3.. = arguments; it keeps r1 and r13..r31 and clobbers r2 and the
 * other volatile registers.  IR and DR are turned off around the call
 * (the code and the return address work untranslated: see above) and the
 * caller's MSR restored after it; pointers passed must be physical.
 * Registers: r31 the caller's MSR, r30 scratch (both saved on the stack),
 * r11, r12 scratch.
 */
	.text
FUNC b3_opal_call
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -144(r1)
	std	r2, 112(r1)
	std	r31, 120(r1)
	std	r30, 128(r1)
	mfmsr	r31
	mr	r0, r3
	mr	r3, r4
	mr	r4, r5
	mr	r5, r6
	mr	r6, r7
	li	r11, MSR_IR | MSR_DR
	andc	r12, r31, r11
	mtmsrd	r12
	isync
	LOAD_IMM64 r11, b3_opal
	ld	r2, 0(r11)
	ld	r12, 8(r11)
	mtctr	r12
	bctrl
	mtmsrd	r31
	isync
	ld	r2, 112(r1)
	ld	r31, 120(r1)
	ld	r30, 128(r1)
	addi	r1, r1, 144
	ld	r0, 16(r1)
	mtlr	r0
	blr

	.section .bss
	.balign	128
	.globl	b3_box
b3_box:
	.space	B3_BOX_BYTES
	.balign	16
	.globl	b3_opal
b3_opal:
	.space	16		/* OPAL base, OPAL entry */
	.balign	4096
b3_boot_stack:
	.space	65536
	.globl	b3_boot_stack_top
b3_boot_stack_top:

/* uint32_t e64_call_at(vaddr_t va): call the code at va (no descriptor), return its r3. */
	.text
FUNC e64_call_at
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -112(r1)
	std	r2, 40(r1)
	mtctr	r3
	bctrl
	ld	r2, 40(r1)
	addi	r1, r1, 112
	ld	r0, 16(r1)
	mtlr	r0
	blr

/*
 * A secondary core's start (OPAL_START_CPU): real mode, r3 its PIR, MSR
 * SF | HV.  From the start block (book3s64/second.h; real mode ignores the
 * top address bits, so its linear-map address serves untranslated): its
 * stack, its state into SPRG1, SDR1, the SLB emptied but for entry 0 (the
 * linear map); then hrfid into b3_secondary_main(pir) with translation
 * and machine checks on (ME as the boot core has it: hrfid sets it).
 *
 * Registers: r10 the start block, r3 the PIR (kept), r1 the stack, r2
 * the TOC, r4..r6, r12 scratch.
 */
	.globl	b3_second_entry
b3_second_entry:
	LOAD_IMM64 r10, b3_box
	ld	r1, B3_BOX_STACK(r10)
	ld	r5, B3_BOX_CORE(r10)
	mtspr	SPRN_SPRG1, r5
	ld	r5, B3_BOX_SDR1(r10)
	ptesync
	mtspr	SPRN_SDR1, r5
	isync
	slbia
	ld	r5, B3_BOX_SLB0_VSID(r10)
	ld	r6, B3_BOX_SLB0_ESID(r10)
	slbmte	r5, r6
	isync
	LOAD_IMM64 r12, b3_secondary_main	/* its descriptor: code, TOC */
	ld	r4, 0(r12)
	ld	r2, 8(r12)
	mtspr	SPRN_HSRR0, r4
	LOAD_IMM64 r5, MSR_SF | MSR_HV | MSR_ME | MSR_IR | MSR_DR
	mtspr	SPRN_HSRR1, r5
	hrfid

/*
 * uint64_t b3_nap(void): nap until a pending interrupt that LPCR's exit
 * bits name (boot/book3s64-setup.c: the hypervisor doorbell, the
 * decrementer) ends it through the system reset vector, which returns
 * here with the wake's SRR1 in r3 (boot/book3s64-vectors.S).  One already
 * pending ends it at once.  Before nap every store and page-table update
 * of this core must have gone out: ptesync, then a load of a doubleword
 * just stored (below the stack pointer: the ABI's scratch zone) and a
 * compare that waits for its value (the sequence POWER8 asks for before
 * a power-saving state).  Nap keeps every register (ISA: no state loss).
 * Registers: r0 scratch, r3 the result.
 */
FUNC b3_nap
	std	r0, -8(r1)
	ptesync
	ld	r0, -8(r1)
1:	cmpd	r0, r0
	bne-	1b
	nap
	blr

/* uint32_t b3_bench_load(vaddr_t va): one load, for make bench to step through (tests/bench/). */
FUNC b3_bench_load
	lwz	r3, 0(r3)
	blr

/*
 * uint32_t b3_bench_fetch(vaddr_t va): a call to the code at va (its first
 * fetch takes the instruction misses), for make bench to step through from
 * the bctrl at b3_bench_fetch_call.
 */
FUNC b3_bench_fetch
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -112(r1)
	std	r2, 40(r1)
	mtctr	r3
	.globl	b3_bench_fetch_call
b3_bench_fetch_call:
	bctrl
	ld	r2, 40(r1)
	addi	r1, r1, 112
	ld	r0, 16(r1)
	mtlr	r0
	blr
