/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64: the segment-miss fast path (data 0x380, instruction 0x480),
 * in real mode, part of the vectors copied to physical 0.  For an address
 * of kernel_mm (0x8000..., the 46 indexed bits) whose page-table path
 * reaches a PMD entry, it makes a 256M segment: the VSID from context 2
 * and the ESID (proto = 2 << 18 | ESID, times 12538073 mod 2^37 - 1, as
 * b3_vsid()), the base page size from the PMD entry (a leaf: 16M, a table:
 * 4K), the next SLB index round robin from 1, the shadow and the counters
 * updated, then rfid.  Everything else goes to the C path (b3_common ->
 * b3_hash_fault) with the registers as the interrupt left them: other
 * spaces, a path that ends above the PMD level (nothing mapped, or a 16G
 * leaf, which needs a 1T segment), and any time a 1T entry is valid (C
 * then keeps the entries from overlapping).
 *
 * Registers: r13 the vector number on entry (the stub saved r13 in SPRG2),
 * kept in b3_slb_save, then scratch; r12 saved in SPRG3, then the save
 * area; r9, r10, r11 and CR saved in b3_slb_save; r10 the address, r9 and
 * r11 scratch.  All come back as they were, to rfid or to the C path.
 */
#include "include/book3s64/hash.h"
#include "include/book3s64/asm.h"
#include "mmu/pte-book3s64.h"
#include "tlb/book3s64-hash.h"

#define CONTEXT_KERNEL_MM	2
#define VSID_MULTIPLIER		12538073
#define VSID_MOD_BITS		37		/* modulus 2^37 - 1 */
#define ESID_BITS_256M		18
#define TABLE_ADDR_CLEAR	8		/* clrldi: PRESENT and PTE and the other high flags go */
#define SAVE_R9			0
#define SAVE_R10		8
#define SAVE_R11		16
#define SAVE_CR			24
#define SAVE_TMP		32
#define SAVE_VEC		40

	.section .vectors, "ax"
	.globl	b3_slb_fast
b3_slb_fast:
	mtspr	SPRN_SPRG3, r12
	LOAD_IMM64 r12, b3_slb_save
	std	r9, SAVE_R9(r12)
	std	r10, SAVE_R10(r12)
	std	r11, SAVE_R11(r12)
	mfcr	r11
	std	r11, SAVE_CR(r12)
	std	r13, SAVE_VEC(r12)
	cmpdi	r13, VEC_DSEG
	mfspr	r10, SPRN_DAR
	beq	1f
	mfspr	r10, SPRN_SRR0
1:	/* kernel_mm only: the top bits 0x8 then zeros down to bit 46 */
	srdi	r11, r10, B3_VA_BITS
	xoris	r11, r11, (B3_KMAP_START >> B3_VA_BITS) >> 16
	cmpdi	r11, 0
	bne	slow
	LOAD_IMM64 r11, b3_slb_tera
	ld	r11, 0(r11)
	cmpdi	r11, 0
	bne	slow
	LOAD_IMM64 r9, b3_kmap_pgd_pa
	ld	r9, 0(r9)
	cmpdi	r9, 0
	beq	slow
	/* PGD, PUD, PMD: each entry a table (PRESENT without PTE) to go on */
	rldicl	r11, r10, 64 - B3_PGD_SHIFT, 64 - B3_PGD_INDEX_BITS
	sldi	r11, r11, 3
	ldx	r9, r9, r11
	rldicl	r11, r9, 2, 62		/* PRESENT, PTE */
	cmpdi	r11, 2			/* a table */
	bne	slow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r11, r10, 64 - B3_PUD_SHIFT, 64 - B3_PUD_INDEX_BITS
	sldi	r11, r11, 3
	ldx	r9, r9, r11
	rldicl	r11, r9, 2, 62
	cmpdi	r11, 2			/* a table (a 16G leaf: C makes its 1T segment) */
	bne	slow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r11, r10, 64 - B3_PMD_SHIFT, 64 - B3_PMD_INDEX_BITS
	sldi	r11, r11, 3
	ldx	r9, r9, r11
	rldicl	r11, r9, 2, 62
	li	r9, SLB_VSID_KP | SLB_VSID_LLP_4K
	cmpdi	r11, 2			/* a PTE table: 4K base */
	beq	2f
	cmpdi	r11, 3			/* a leaf: 16M base */
	bne	slow
	li	r9, SLB_VSID_KP | SLB_VSID_LLP_16M
2:	/* VSID = (2 << 18 | ESID) * 12538073 mod (2^37 - 1), into the VSID word */
	rldicl	r11, r10, 64 - SEGMENT_SHIFT_256M, 64 - ESID_BITS_256M
	oris	r11, r11, (CONTEXT_KERNEL_MM << ESID_BITS_256M) >> 16
	std	r9, SAVE_TMP(r12)		/* flags while r9 computes */
	lis	r9, VSID_MULTIPLIER@h
	ori	r9, r9, VSID_MULTIPLIER@l
	mulld	r11, r11, r9
	srdi	r9, r11, VSID_MOD_BITS
	clrldi	r11, r11, 64 - VSID_MOD_BITS
	add	r11, r11, r9
	addi	r9, r11, 1			/* r11 >= 2^37 - 1 exactly when r11 + 1 reaches 2^37 */
	srdi.	r9, r9, VSID_MOD_BITS
	beq	3f
	addi	r11, r11, 1
	clrldi	r11, r11, 64 - VSID_MOD_BITS	/* r11 - (2^37 - 1) */
3:	sldi	r11, r11, SLB_VSID_SHIFT
	ld	r9, SAVE_TMP(r12)
	or	r11, r11, r9			/* RS: the VSID word */
	/* the next index, round robin over 1..31; its shadow entry: a valid 256M segment */
	std	r11, SAVE_TMP(r12)		/* RS while r11 walks the shadow */
	LOAD_IMM64 r9, b3_slb_next
	ld	r11, 0(r9)			/* the index taken */
	addi	r13, r11, 1
	cmpldi	r13, SLB_ENTRIES
	blt	4f
	li	r13, 1
4:	std	r13, 0(r9)
	LOAD_IMM64 r9, b3_slb
	sldi	r13, r11, 4			/* * B3_SLB_BYTES */
	add	r9, r9, r13
	li	r13, 1
	stb	r13, B3_SLB_VALID(r9)
	li	r13, 0
	stb	r13, B3_SLB_TERA(r9)
	rldicr	r10, r10, 0, 63 - SEGMENT_SHIFT_256M	/* the ESID */
	std	r10, B3_SLB_ESID(r9)
	oris	r10, r10, SLB_ESID_V@h
	or	r10, r10, r11			/* RB: ESID | V | index */
	ld	r11, SAVE_TMP(r12)
	slbmte	r11, r10
	/* counters: a segment miss, resolved (data or instruction) */
	LOAD_IMM64 r9, b3_stats
	ld	r11, B3_STAT_SLB_MISS(r9)
	addi	r11, r11, 1
	std	r11, B3_STAT_SLB_MISS(r9)
	ld	r13, SAVE_VEC(r12)
	li	r10, B3_STAT_INST
	cmpdi	r13, VEC_DSEG
	bne	6f
	li	r10, B3_STAT_DATA
6:	ldx	r11, r9, r10
	addi	r11, r11, 1
	stdx	r11, r9, r10
	ld	r11, SAVE_CR(r12)
	mtcr	r11
	ld	r9, SAVE_R9(r12)
	ld	r10, SAVE_R10(r12)
	ld	r11, SAVE_R11(r12)
	mfspr	r12, SPRN_SPRG3
	mfspr	r13, SPRN_SPRG2
	rfid

slow:	/* to the C path, as the stub would have gone: r13 the vector, SPRG2 the old r13 */
	ld	r11, SAVE_CR(r12)
	mtcr	r11
	ld	r9, SAVE_R9(r12)
	ld	r10, SAVE_R10(r12)
	ld	r11, SAVE_R11(r12)
	mfspr	r12, SPRN_SPRG3
	b	b3_common

	.section .bss
	.balign	8
b3_slb_save:
	.space	48
