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
 * kept in b3_slb_save, then scratch; r12 saved in HSPRG1 (not SPRG3, which
 * user mode reads), then the save
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
	mtspr	SPRN_HSPRG1, r12
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
	mfspr	r12, SPRN_HSPRG1
	mfspr	r13, SPRN_SPRG2
	rfid

slow:	/* to the C path, as the stub would have gone: r13 the vector, SPRG2 the old r13 */
	ld	r11, SAVE_CR(r12)
	mtcr	r11
	ld	r9, SAVE_R9(r12)
	ld	r10, SAVE_R10(r12)
	ld	r11, SAVE_R11(r12)
	mfspr	r12, SPRN_HSPRG1
	b	b3_common

	.section .bss
	.balign	8
b3_slb_save:
	.space	48

/*
 * The hash-miss fast path (data storage 0x300), in real mode: a kernel
 * load or store with no HPTE (DSISR exactly NOHPTE, STORE allowed) at a
 * kernel_mm address whose walk ends at a present 4K PTE granting the
 * access with ACCESSED (and DIRTY for a store) already set, in a 256M
 * segment with a 4K base (slbfee.): the HPTE built as b3_hpte_v()/
 * b3_hpte_r() build it, put in the first free slot of the primary group,
 * then of the secondary, its slot recorded in the PTE (HASHPTE, SECOND,
 * GIX), the counters kept, rfid.  Anything else (a huge page, a user or
 * instruction access, bits to set, both groups full: eviction) goes to
 * the C path with the registers as the interrupt left them.
 *
 * Registers: r13 the vector on entry (SPRG2 holds r13), then scratch; r12
 * saved in HSPRG1, then the save area b3_hash_save; r5..r11 and CR saved
 * there.  r10 the address, r8 the PTE, r7 its address, r6 the VSID, r5
 * the hash, r9 and r11 scratch, then r9 dw0 and r11 dw1.
 */
#define HSAVE(n)		(8 * (n))	/* r5..r11 at HSAVE(5)..HSAVE(11) */
#define HSAVE_CR		(8 * 12)
#define HSAVE_MASK		(8 * 13)
#define HSAVE_HASH		(8 * 14)
#define RPN_CLEAR_HIGH		11		/* clrldi: the bits above the RPN field (53) */
#define GIX_RECORD_MASK		(H_PAGE_HASHPTE | H_PAGE_F_SECOND | H_PAGE_F_GIX)

	.section .vectors, "ax"
	.globl	b3_hash_fast
b3_hash_fast:
	mtspr	SPRN_HSPRG1, r12
	LOAD_IMM64 r12, b3_hash_save
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	std	r\n, HSAVE(\n)(r12)
	.endr
	mfcr	r11
	std	r11, HSAVE_CR(r12)
	/* a kernel access (SRR1[PR] = 0) with no HPTE, nothing else in DSISR but STORE */
	mfspr	r11, SPRN_SRR1
	andi.	r11, r11, MSR_PR
	bne	hslow
	mfspr	r11, SPRN_DSISR
	rlwinm	r9, r11, 0, ~DSISR_ISSTORE
	lis	r5, DSISR_NOHPTE@h
	cmplw	r9, r5
	bne	hslow
	mfspr	r10, SPRN_DAR
	srdi	r9, r10, B3_VA_BITS
	xoris	r9, r9, (B3_KMAP_START >> B3_VA_BITS) >> 16
	cmpdi	r9, 0
	bne	hslow
	/* the segment: 256M, 4K base */
	slbfee.	r6, r10
	bne	hslow
	rldicl.	r9, r6, 2, 62			/* B: 0 for 256M */
	bne	hslow
	andi.	r9, r6, SLB_VSID_LLP_MASK
	bne	hslow
	/* the walk: PGD, PUD, PMD tables, a present 4K PTE */
	LOAD_IMM64 r9, b3_kmap_pgd_pa
	ld	r9, 0(r9)
	cmpdi	r9, 0
	beq	hslow
	rldicl	r7, r10, 64 - B3_PGD_SHIFT, 64 - B3_PGD_INDEX_BITS
	sldi	r7, r7, 3
	ldx	r9, r9, r7
	rldicl	r7, r9, 2, 62
	cmpdi	r7, 2
	bne	hslow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r7, r10, 64 - B3_PUD_SHIFT, 64 - B3_PUD_INDEX_BITS
	sldi	r7, r7, 3
	ldx	r9, r9, r7
	rldicl	r7, r9, 2, 62
	cmpdi	r7, 2
	bne	hslow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r7, r10, 64 - B3_PMD_SHIFT, 64 - B3_PMD_INDEX_BITS
	sldi	r7, r7, 3
	ldx	r9, r9, r7
	rldicl	r7, r9, 2, 62
	cmpdi	r7, 2
	bne	hslow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r7, r10, 64 - B3_PAGE_SHIFT, 64 - B3_PTE_INDEX_BITS
	sldi	r7, r7, 3
	add	r7, r9, r7			/* the PTE's address */
	ld	r8, 0(r7)
	rldicl	r9, r8, 2, 62
	cmpdi	r9, 3				/* PRESENT and PTE */
	bne	hslow
	/* rights: READ, ACCESSED and PRIVILEGED (a kernel page: PP 000 or 110); a store also WRITE and DIRTY */
	andi.	r9, r8, _PAGE_READ | _PAGE_ACCESSED | _PAGE_PRIVILEGED
	cmpdi	r9, _PAGE_READ | _PAGE_ACCESSED | _PAGE_PRIVILEGED
	bne	hslow
	andis.	r9, r11, DSISR_ISSTORE@h
	beq	1f
	andi.	r9, r8, _PAGE_WRITE | _PAGE_DIRTY
	cmpdi	r9, _PAGE_WRITE | _PAGE_DIRTY
	bne	hslow
1:	/* the VSID, the hash (VSID xor page index in the segment) */
	rldicl	r6, r6, 64 - SLB_VSID_SHIFT, 14	/* VSID: RS bits 2..51 */
	rldicl	r9, r10, 64 - B3_PAGE_SHIFT, 64 - (SEGMENT_SHIFT_256M - B3_PAGE_SHIFT)
	clrldi	r5, r6, 25			/* VSID mod 2^39 */
	xor	r5, r5, r9
	std	r5, HSAVE_HASH(r12)
	/* dw1 (r11): RPN | R, C if dirty, the cache field, N unless EXEC, PP 110 unless WRITE */
	clrldi	r11, r8, RPN_CLEAR_HIGH
	rldicr	r11, r11, 0, 63 - B3_PAGE_SHIFT
	ori	r11, r11, HPTE_R_R
	andi.	r9, r8, _PAGE_DIRTY
	beq	2f
	ori	r11, r11, HPTE_R_C
2:	andi.	r9, r8, _PAGE_CACHE_MASK
	cmpdi	r9, 0
	bne	3f
	ori	r11, r11, HPTE_R_M
	b	5f
3:	cmpdi	r9, _PAGE_TOLERANT
	bne	4f
	ori	r11, r11, HPTE_R_I
	b	5f
4:	cmpdi	r9, _PAGE_NON_IDEMPOTENT
	bne	hslow
	ori	r11, r11, HPTE_R_I | HPTE_R_G
5:	andi.	r9, r8, _PAGE_EXEC
	bne	6f
	ori	r11, r11, HPTE_R_N
6:	andi.	r9, r8, _PAGE_WRITE
	bne	7f
	ori	r11, r11, 0x2			/* PP 110: PP1..2 here, PP0 (the top bit) next */
	li	r9, 1
	rldicr	r9, r9, 63, 0
	or	r11, r11, r9
7:	/* dw0 (r9): AVPN = (VSID << 5 | offset >> 23) << 7 | V */
	rldicl	r9, r10, 64 - 23, 64 - (SEGMENT_SHIFT_256M - 23)
	sldi	r13, r6, 5
	or	r9, r9, r13
	sldi	r9, r9, HPTE_V_AVPN_SHIFT
	ori	r9, r9, HPTE_V_VALID
	/* the primary group, then the secondary: the first slot with V clear */
	LOAD_IMM64 r13, b3_hash_mask
	ld	r13, 0(r13)
	std	r13, HSAVE_MASK(r12)		/* the mask, for the secondary */
	and	r6, r5, r13			/* primary group */
	li	r13, 0				/* 0: primary, HPTE_V_SECONDARY: secondary */
8:	LOAD_IMM64 r5, b3_hpt
	ld	r5, 0(r5)
	sldi	r6, r6, HPTEG_SHIFT
	add	r5, r5, r6			/* the group's first HPTE */
	li	r6, HPTES_PER_GROUP
	mtctr	r6
9:	ld	r6, 0(r5)
	andi.	r6, r6, HPTE_V_VALID
	beq	10f
	addi	r5, r5, HPTE_BYTES
	bdnz	9b
	cmpdi	r13, 0
	bne	hslow				/* both groups full: C evicts */
	li	r13, HPTE_V_SECONDARY
	/* the secondary group: NOT hash AND mask */
	ld	r6, HSAVE_HASH(r12)
	not	r6, r6
	ld	r5, HSAVE_MASK(r12)
	and	r6, r6, r5
	b	8b
10:	/* r5: the free slot; write dw1, then dw0 with H if secondary */
	std	r11, 8(r5)
	eieio
	or	r9, r9, r13
	std	r9, 0(r5)
	ptesync
	/* the record: HASHPTE | SECOND | slot in the PTE */
	rldicl	r6, r5, 64 - 4, 61		/* slot = (address >> 4) & 7 */
	cmpdi	r13, 0
	beq	11f
	ori	r6, r6, 8
11:	sldi	r6, r6, H_PAGE_F_GIX_SHIFT
	li	r9, 1
	rldicr	r9, r9, 60, 3			/* HASHPTE: 0x1000000000000000 */
	or	r6, r6, r9
	LOAD_IMM64 r9, GIX_RECORD_MASK
	andc	r8, r8, r9
	or	r8, r8, r6
	std	r8, 0(r7)
	/* counters */
	LOAD_IMM64 r9, b3_stats
	ld	r6, B3_STAT_HASH_MISS(r9)
	addi	r6, r6, 1
	std	r6, B3_STAT_HASH_MISS(r9)
	ld	r6, B3_STAT_INSERTS(r9)
	addi	r6, r6, 1
	std	r6, B3_STAT_INSERTS(r9)
	ld	r6, B3_STAT_DATA(r9)
	addi	r6, r6, 1
	std	r6, B3_STAT_DATA(r9)
	ld	r11, HSAVE_CR(r12)
	mtcr	r11
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	ld	r\n, HSAVE(\n)(r12)
	.endr
	mfspr	r12, SPRN_HSPRG1
	mfspr	r13, SPRN_SPRG2
	rfid

hslow:	/* to the C path, as the stub would have gone: r13 the vector, SPRG2 the old r13 */
	ld	r11, HSAVE_CR(r12)
	mtcr	r11
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	ld	r\n, HSAVE(\n)(r12)
	.endr
	mfspr	r12, SPRN_HSPRG1
	li	r13, VEC_DSI
	b	b3_common

	.section .bss
	.balign	8
b3_hash_save:
	.space	8 * 16
