/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64: the fast paths of segment misses and hash misses, in real
 * mode, part of the vectors copied to physical 0.  They serve kernel_mm's
 * addresses (0x8000..., the 46 indexed bits) and, while a user_call()
 * runs, its user space's (0x0000..., MSR[PR] = 1 or 0), at every page size
 * and both sides (data and instruction), from the spaces of this core's
 * struct b3_core (each space's PGD and VSID context; SPRG1 holds the
 * struct's address on each core, so each core keeps its own save areas,
 * SLB shadow and user space); everything else goes to the C path
 * (b3_common -> b3_hash_fault, tlb/book3s64-hash.c) with the registers as
 * the interrupt left them.  Both compute what C computes (b3_vsid(),
 * b3_hash(), b3_hpte_v(), b3_hpte_r(), slb_insert()); the tests compare
 * their results.
 */
#include "include/book3s64/hash.h"
#include "include/book3s64/asm.h"
#include "mmu/pte-book3s64.h"
#include "tlb/book3s64-hash.h"

#define VSID_MULTIPLIER		12538073
#define VSID_MOD_BITS_256M	37		/* modulus 2^37 - 1 */
#define VSID_MOD_BITS_1T	25		/* modulus 2^25 - 1 */
#define ESID_BITS_256M		18
#define ESID_BITS_1T		6
#define SLB_FIRST_FREE		1		/* entry 0: the linear map */
#define SLBIE_B_SHIFT		25		/* slbie RB: the segment size B */
#define TABLE_ADDR_CLEAR	8		/* clrldi: PRESENT and PTE and the other high flags go */
#define LEAF			3		/* PRESENT and PTE, the top two bits */
#define TABLE			2		/* PRESENT alone */
#define B_1T_SHIFT		62		/* SLB B and HPTE B: 01 for 1T */
#if SLB_VSID_B_1T != 1 << B_1T_SHIFT || HPTE_V_B_1T != 1 << B_1T_SHIFT
#error "B of a 1T segment is 01 at bit 62 of the SLB VSID word and of HPTE dw0"
#endif
#if B3_CONTEXT_BITS + ESID_BITS_1T > VSID_MOD_BITS_1T
#error "a 1T proto-VSID (context << 6 | ESID) must stay below 2^25: VSID_SCRAMBLE's one fold"
#endif
#if HPTE_PP_USER_RW != 2 || HPTE_PP_USER_RO != 3 || (HPTE_PP_KERNEL_RO & 4) == 0
#error "user PP codes have PP0 clear (ori into PP1..2); the kernel's read-only one has it set"
#endif
#if B3_SLB_BYTES != 16
#error "the shadow entry index is scaled by 16 (sldi 4)"
#endif

/*
 * The HPT lock (b3_hpt_lock, a word shared with C: 0 free): one core at a
 * time chooses a free slot and fills it, so two cores never take one slot.
 * Spins reading until the word is 0, then takes it with lwarx/stwcx.
 * ra, rt scratch (ra: the lock's address, from this core's state at r12).
 */
.macro HPT_LOCK ra, rt
	ld	\ra, B3_CORE_HPT_LOCK(r12)
1:	lwarx	\rt, 0, \ra
	cmpwi	\rt, 0
	bne-	2f
	li	\rt, 1
	stwcx.	\rt, 0, \ra
	beq+	3f
	b	1b
2:	lwz	\rt, 0(\ra)
	cmpwi	\rt, 0
	bne	2b
	b	1b
3:	isync
.endm

.macro HPT_UNLOCK ra, rt
	ld	\ra, B3_CORE_HPT_LOCK(r12)
	lwsync
	li	\rt, 0
	stw	\rt, 0(\ra)
.endm

/*
 * The space an address belongs to, both paths' rule: an address with
 * zeros above bit B3_VA_BITS is the running user space's (B3_SPACE_USER,
 * whose PGD is 0 when no user_call() runs), one with kernel_mm's top bits
 * (0x8, zeros) kernel_mm's (B3_SPACE_KERNEL); rs gets its struct b3_space
 * in this core's state (r12), any other address branches to fail.  ra
 * the address (kept), rt scratch, CR0.
 */
.macro SPACE_OF rs, ra, rt, fail
	addi	\rs, r12, B3_CORE_SPACES		/* B3_SPACE_USER first */
	srdi	\rt, \ra, B3_VA_BITS
	cmpdi	\rt, 0
	beq	1f
	xoris	\rt, \rt, (B3_KMAP_START >> B3_VA_BITS) >> 16
	cmpdi	\rt, 0
	bne	\fail
	addi	\rs, \rs, B3_SPACE_BYTES * B3_SPACE_KERNEL
1:
.endm

/* The two top bits of a table entry (PRESENT, PTE) into rt. */
.macro KIND rt, entry
	rldicl	\rt, \entry, 2, 62
.endm

/*
 * rv = (rv * VSID_MULTIPLIER) mod (2^bits - 1): one fold, one conditional
 * subtract (a context below 2^B3_CONTEXT_BITS keeps the product below
 * 2^(2 * bits - 1), so the fold's sum is below twice the modulus).  rt
 * scratch.
 */
.macro VSID_SCRAMBLE rv, rt, bits
	lis	\rt, VSID_MULTIPLIER@h
	ori	\rt, \rt, VSID_MULTIPLIER@l
	mulld	\rv, \rv, \rt
	srdi	\rt, \rv, \bits
	clrldi	\rv, \rv, 64 - \bits
	add	\rv, \rv, \rt
	addi	\rt, \rv, 1			/* rv >= 2^bits - 1 exactly when rv + 1 reaches 2^bits */
	srdi.	\rt, \rt, \bits
	beq	1f
	addi	\rv, \rv, 1
	clrldi	\rv, \rv, 64 - \bits		/* rv - (2^bits - 1) */
1:
.endm

/*
 * Drop the shadow entry at p, whose 1T flag is in t: slbie (B from t),
 * the shadow invalid, the count of 1T entries kept (r12: this core's
 * state).  r11 and t scratch.
 */
.macro DROP_ENTRY p, t
	ld	r11, B3_SLB_ESID(\p)
	sldi	\t, \t, SLBIE_B_SHIFT
	or	r11, r11, \t
	slbie	r11
	li	r11, 0
	stb	r11, B3_SLB_VALID(\p)
	stb	r11, B3_SLB_TERA(\p)
	cmpdi	\t, 0
	beq	1f
	ld	\t, B3_CORE_SLB_TERA(r12)
	addi	\t, \t, -1
	std	\t, B3_CORE_SLB_TERA(r12)
1:
.endm

/*
 * No two SLB entries may cover one address: a 1T entry is made, so drop
 * the valid entries 1..31 in the 1T region of the address in r10 (256M
 * ones: a 1T entry there would have covered the address).  r5 the shadow
 * pointer, r6 the region, r11 and r13 scratch, CTR.
 */
.macro DROP_OVERLAPS
	addi	r5, r12, B3_CORE_SLB + SLB_FIRST_FREE * B3_SLB_BYTES
	srdi	r6, r10, SEGMENT_SHIFT_1T
	li	r11, SLB_ENTRIES - SLB_FIRST_FREE
	mtctr	r11
2:	lbz	r11, B3_SLB_VALID(r5)
	cmpdi	r11, 0
	beq	3f
	ld	r11, B3_SLB_ESID(r5)
	srdi	r11, r11, SEGMENT_SHIFT_1T
	cmpd	r11, r6
	bne	3f
	lbz	r13, B3_SLB_TERA(r5)
	DROP_ENTRY r5, r13
3:	addi	r5, r5, B3_SLB_BYTES
	bdnz	2b
.endm

/*
 * The segment-miss fast path (data 0x380, instruction 0x480).  For an
 * address of kernel_mm (context 2) or of the running user space (context
 * 3 + its id) whose table path reaches a PUD leaf (16G: a 1T segment with
 * a 16G base, the 1T VSID: proto = context << 6 | ESID, times 12538073
 * mod 2^25 - 1) or a PMD entry (a 256M segment: a PMD leaf gives a 16M
 * base, a PTE table a 4K base; proto = context << 18 | ESID mod 2^37 - 1),
 * as slb_insert(): a 1T segment first drops every entry of
 * its 1T region (no two entries may cover one address; a 256M segment
 * has no 1T entry around it, or there would be no segment miss), the next
 * index round robin over 1..31 with its old entry dropped, the shadow, the
 * 1T count and the counters kept, then rfid.  An address of no space (a
 * user address with no user_call() running), or whose path ends above
 * the PMD level without a leaf (nothing mapped), goes to C.
 *
 * Registers: r13 the vector number on entry (the stub saved r13 in SPRG2),
 * kept in the save area, then scratch; r12 saved in HSPRG1 (not SPRG3,
 * which user mode reads), then this core's state (SPRG1), its segment
 * save area, shadow, next index and 1T count; r5..r11 and CR saved there.
 * r10 the address; r9 the space, then the table walk, then the ESID word;
 * r8 the segment's flags, then RS; r7 the space's context, then 1 for a
 * 1T segment; r5, r6, r11, r13 scratch; CTR in the overlap scan.  All
 * come back as they were, to rfid or to the C path.
 *
 * Path length, vector to rfid (make bench counts it: tools/bench/book3s64-
 * paths, one data segment miss each): a 256M segment with a 4K base 114
 * instructions for a kernel_mm address, 110 for a user one, with a 16M
 * base 117 and 113; a 1T segment (16G base) 276 and 268, its scan of the
 * shadow's 31 entries 5 instructions an empty entry, 9 a valid one, more
 * for one it drops.
 */
#define SAVE(n)			(B3_CORE_SLB_SAVE + 8 * (n))	/* r5..r11 at SAVE(5)..SAVE(11) */
#define SAVE_CR			SAVE(12)
#define SAVE_VEC		SAVE(13)
#if SAVE(14) > B3_CORE_HASH_SAVE
#error "the segment path's save area fits its place in struct b3_core"
#endif

	.section .vectors, "ax"
	.globl	b3_slb_fast
b3_slb_fast:
	mtspr	SPRN_HSPRG1, r12
	mfspr	r12, SPRN_SPRG1			/* this core's state */
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	std	r\n, SAVE(\n)(r12)
	.endr
	mfcr	r11
	std	r11, SAVE_CR(r12)
	std	r13, SAVE_VEC(r12)
	cmpdi	r13, VEC_DSEG
	mfspr	r10, SPRN_DAR
	beq	1f
	mfspr	r10, SPRN_SRR0
1:	/* the space: the running user space's or kernel_mm's */
	SPACE_OF r9, r10, r11, slow
	ld	r7, B3_SPACE_CONTEXT(r9)
	ld	r9, B3_SPACE_PGD(r9)
	cmpdi	r9, 0
	beq	slow
	/* PGD: a table; PUD: a 16G leaf or a table; PMD: a 16M leaf or a PTE table */
	rldicl	r11, r10, 64 - B3_PGD_SHIFT, 64 - B3_PGD_INDEX_BITS
	sldi	r11, r11, 3
	ldx	r9, r9, r11
	KIND	r11, r9
	cmpdi	r11, TABLE
	bne	slow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r11, r10, 64 - B3_PUD_SHIFT, 64 - B3_PUD_INDEX_BITS
	sldi	r11, r11, 3
	ldx	r9, r9, r11
	KIND	r11, r9
	cmpdi	r11, LEAF
	beq	tera
	cmpdi	r11, TABLE
	bne	slow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r11, r10, 64 - B3_PMD_SHIFT, 64 - B3_PMD_INDEX_BITS
	sldi	r11, r11, 3
	ldx	r9, r9, r11
	KIND	r11, r9
	li	r8, SLB_VSID_KP | SLB_VSID_LLP_4K
	cmpdi	r11, TABLE			/* a PTE table: 4K base */
	beq	3f
	cmpdi	r11, LEAF			/* a leaf: 16M base */
	bne	slow
	li	r8, SLB_VSID_KP | SLB_VSID_LLP_16M
3:	/* a 256M segment (no 1T entry covers it, or there would be no segment miss) */
	/* VSID = (context << 18 | ESID) * 12538073 mod (2^37 - 1), into RS */
	rldicl	r11, r10, 64 - SEGMENT_SHIFT_256M, 64 - ESID_BITS_256M
	sldi	r7, r7, ESID_BITS_256M
	or	r11, r11, r7
	VSID_SCRAMBLE r11, r9, VSID_MOD_BITS_256M
	sldi	r11, r11, SLB_VSID_SHIFT
	or	r8, r8, r11			/* RS */
	rldicr	r9, r10, 0, 63 - SEGMENT_SHIFT_256M	/* the ESID */
	li	r7, 0
	b	insert

tera:	/* a 16G leaf: a 1T segment with a 16G base, VSID (context << 6 | ESID) * 12538073 mod (2^25 - 1) */
	rldicl	r11, r10, 64 - SEGMENT_SHIFT_1T, 64 - ESID_BITS_1T
	sldi	r7, r7, ESID_BITS_1T
	or	r11, r11, r7
	VSID_SCRAMBLE r11, r9, VSID_MOD_BITS_1T
	sldi	r11, r11, SLB_VSID_SHIFT_1T
	li	r8, 1
	sldi	r8, r8, B_1T_SHIFT
	ori	r8, r8, SLB_VSID_KP | SLB_VSID_LLP_16G
	or	r8, r8, r11			/* RS */
	rldicr	r9, r10, 0, 63 - SEGMENT_SHIFT_1T	/* the ESID */
	/* every entry of its 1T region goes first (r8, r9 kept) */
	DROP_OVERLAPS
	li	r7, 1

insert:	/* the next index round robin over 1..31; a valid old entry there is dropped */
	ld	r13, B3_CORE_SLB_NEXT(r12)	/* the index taken */
	addi	r5, r13, 1
	cmpldi	r5, SLB_ENTRIES
	blt	4f
	li	r5, SLB_FIRST_FREE
4:	std	r5, B3_CORE_SLB_NEXT(r12)
	addi	r5, r12, B3_CORE_SLB
	sldi	r11, r13, 4			/* * B3_SLB_BYTES */
	add	r5, r5, r11
	lbz	r11, B3_SLB_VALID(r5)
	cmpdi	r11, 0
	beq	5f
	lbz	r6, B3_SLB_TERA(r5)
	DROP_ENTRY r5, r6
5:	li	r11, 1
	stb	r11, B3_SLB_VALID(r5)
	stb	r7, B3_SLB_TERA(r5)
	std	r9, B3_SLB_ESID(r5)
	cmpdi	r7, 0
	beq	6f
	ld	r6, B3_CORE_SLB_TERA(r12)
	addi	r6, r6, 1
	std	r6, B3_CORE_SLB_TERA(r12)
6:	oris	r9, r9, SLB_ESID_V@h
	or	r9, r9, r13			/* RB: ESID | V | index */
	slbmte	r8, r9
	/* counters: a segment miss, resolved (data or instruction) */
	addi	r9, r12, B3_CORE_STATS
	ld	r11, B3_STAT_SLB_MISS(r9)
	addi	r11, r11, 1
	std	r11, B3_STAT_SLB_MISS(r9)
	ld	r13, SAVE_VEC(r12)
	li	r10, B3_STAT_INST
	cmpdi	r13, VEC_DSEG
	bne	7f
	li	r10, B3_STAT_DATA
7:	ldx	r11, r9, r10
	addi	r11, r11, 1
	stdx	r11, r9, r10
	ld	r11, SAVE_CR(r12)
	mtcr	r11
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	ld	r\n, SAVE(\n)(r12)
	.endr
	mfspr	r12, SPRN_HSPRG1
	mfspr	r13, SPRN_SPRG2
	rfid

slow:	/* to the C path, as the stub would have gone: r13 the vector, SPRG2 the old r13 */
	ld	r11, SAVE_CR(r12)
	mtcr	r11
	ld	r13, SAVE_VEC(r12)
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	ld	r\n, SAVE(\n)(r12)
	.endr
	mfspr	r12, SPRN_HSPRG1
	b	b3_common

/*
 * The hash-miss fast path (data storage 0x300, instruction storage 0x400):
 * a load, store or fetch with no HPTE (DSISR exactly NOHPTE, STORE
 * allowed; SRR1's cause exactly NOHPTE) at an address of kernel_mm or of
 * the running user space (the segment path's rule) whose walk ends at a
 * leaf: a 4K PTE, a PMD entry of a 16M run or a PUD entry of a 16G run.
 * The leaf must grant the access (READ, WRITE for a store, EXEC for a
 * fetch) with ACCESSED (and DIRTY for a store) already set, and, for a
 * user access (SRR1[PR] = 1), not be a supervisor page (PRIVILEGED); the
 * segment (slbfee.) must be the page's: 256M with a 4K or 16M base, or 1T
 * with a 16G base, its VSID the space's (the segment path made it).  The
 * PP code is the C path's: a supervisor page 000 or 110, a user page 010
 * or 011, read-write or read-only.  The HPTE is built as
 * b3_hpte_v()/b3_hpte_r() build it from the run's first
 * entry (the run index: the entry's address rounded down to 8 PMD or 64
 * PUD entries), put in the first free slot of the primary group, then of
 * the secondary (~hash), its slot recorded in that first entry (HASHPTE,
 * SECOND, GIX), all under the HPT lock (C's inserts and removals take it
 * too), the counters kept, rfid.  Under the lock the first entry is read
 * again: when its record names a slot that holds this page's HPTE
 * (another core inserted it since this core's walk), nothing goes in; when
 * it changed otherwise (another core's unmap or protect), C walks again.
 * The record is stored (ldarx/stdcx.) before the HPTE is: an invalidation,
 * which reads the record under the lock, finds it.  Anything else (no
 * space, rights refused, bits to set, both groups full: eviction) goes to
 * the C path.
 *
 * A fault at the same 4K page as the last one this path resolved, with no
 * HPTE removed in between (C's progress_reset() forgets it), goes to C:
 * an HPTE the MMU does not take (a wrong encoding) then ends in C's
 * bounded retries, not in a loop here.
 *
 * Registers: r13 the vector on entry (SPRG2 holds r13), then scratch; r12
 * saved in HSPRG1, then this core's state (SPRG1): its hash save area,
 * last page, counters, the HPT's address, mask and lock; r5..r11 and CR
 * saved there.  cr1 eq: a kernel access.  r10 the address; r11 the entry
 * bits the access needs, then the hash, then dw1; r5 the space, then the
 * page shift, then the lock's and group addresses; r7 the leaf's address,
 * then the run's first entry's; r8 that entry (read again under the
 * lock); r6 the VSID word, then the VSID, then scratch; r9 the walk, then
 * dw0; r13 scratch, then H; CTR the slot scan.
 *
 * Path length, vector to rfid (make bench counts it, as above; a free
 * slot in the primary group, no record in the entry): a kernel_mm load 216
 * instructions from a 4K page, 211 from a 16M page, 205 from a 16G page; a
 * user load 215, 210, 204; the HPT lock and the second look at the entry
 * take about 25 of them.  (The C path took about 1,000 for each before
 * user faults came here.)
 */
#define HSAVE(n)		(B3_CORE_HASH_SAVE + 8 * (n))	/* r5..r11 at HSAVE(5)..HSAVE(11) */
#define HSAVE_CR		HSAVE(12)
#define HSAVE_HASH		HSAVE(14)
#define HSAVE_VEC		HSAVE(15)
#define HSAVE_V			HSAVE(16)
#define HSAVE_HEAD		HSAVE(4)	/* the run's first entry as the HPTE was built from it */
#define HSAVE_LAST		B3_CORE_HASH_LAST
#if HSAVE(17) > B3_CORE_HASH_LAST
#error "the hash path's save area fits its place in struct b3_core"
#endif
#define RPN_CLEAR_HIGH		11		/* clrldi: the bits above the RPN field (53) */
#define GIX_RECORD_MASK		(H_PAGE_HASHPTE | H_PAGE_F_SECOND | H_PAGE_F_GIX)
#define V_COMPARE_NO_H		(-0x7b)		/* li: HPTE_V_COMPARE without H, sign-extended */
#if (HPTE_V_COMPARE & ~HPTE_V_SECONDARY) != 0xffffffffffffff85
#error "V_COMPARE_NO_H is HPTE_V_COMPARE without H"
#endif
#define GIX_RECORD_HIGH		0x11e0		/* GIX_RECORD_MASK >> 48 */
#if GIX_RECORD_MASK != GIX_RECORD_HIGH << 48
#error "GIX_RECORD_MASK is GIX_RECORD_HIGH << 48"
#endif
/* GIX_RECORD_MASK into r: two instructions. */
.macro GIX_RECORD_MASK_INTO r
	lis	\r, GIX_RECORD_HIGH
	sldi	\r, \r, 32
.endm
#define HASHPTE_ROTATE		4		/* rldicl: H_PAGE_HASHPTE to bit 63 */
#define SECOND_ROTATE		8		/* ... H_PAGE_F_SECOND */
#if H_PAGE_HASHPTE != 1ull << (64 - HASHPTE_ROTATE) || H_PAGE_F_SECOND != 1ull << (64 - SECOND_ROTATE)
#error "the record's HASHPTE and SECOND rotate to bit 63"
#endif
#define NEED_LOAD		(_PAGE_READ | _PAGE_ACCESSED)
#define NEED_STORE		(NEED_LOAD | _PAGE_WRITE | _PAGE_DIRTY)
#define NEED_FETCH		(NEED_LOAD | _PAGE_EXEC)
#define ISI_CAUSES		(SRR1_ISI_NOHPTE | SRR1_ISI_N_OR_G | SRR1_ISI_PROT)
/*
 * The segment a page needs, as its SLB VSID word rotated left by 2: B in
 * the two low bits, L||LP at SLB_VSID_LLP_MASK << 2.
 */
#define SEG_KEY(b, llp)		(((llp) << 2) | (b))
#define SEG_KEY_MASK		SEG_KEY(3, SLB_VSID_LLP_MASK)
#define SEG_KEY_4K		SEG_KEY(0, SLB_VSID_LLP_4K)
#define SEG_KEY_16M		SEG_KEY(0, SLB_VSID_LLP_16M)
#define SEG_KEY_16G		SEG_KEY(1, SLB_VSID_LLP_16G)
/* A run's first entry: the leaf's address with these low bits clear (8 bytes an entry). */
#define RUN_MASK_4K		(-8)
#define RUN_MASK_16M		(-8 << (B3_16M_SHIFT - B3_PMD_SHIFT))
#define RUN_MASK_16G		(-8 << (B3_16G_SHIFT - B3_PUD_SHIFT))

	.section .vectors, "ax"
	.globl	b3_hash_fast
b3_hash_fast:
	mtspr	SPRN_HSPRG1, r12
	mfspr	r12, SPRN_SPRG1			/* this core's state */
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	std	r\n, HSAVE(\n)(r12)
	.endr
	mfcr	r11
	std	r11, HSAVE_CR(r12)
	std	r13, HSAVE_VEC(r12)
	/* a user access (SRR1[PR] = 1): cr1 eq clear, so that its leaf must not be PRIVILEGED */
	mfspr	r11, SPRN_SRR1
	andi.	r9, r11, MSR_PR
	cmpdi	cr1, r9, 0
	cmpdi	r13, VEC_ISI
	beq	1f
	/* data: no HPTE, nothing else in DSISR but STORE */
	mfspr	r11, SPRN_DSISR
	rlwinm	r9, r11, 0, ~DSISR_ISSTORE
	lis	r5, DSISR_NOHPTE@h
	cmplw	r9, r5
	bne	hslow
	mfspr	r10, SPRN_DAR
	andis.	r9, r11, DSISR_ISSTORE@h
	li	r11, NEED_LOAD
	beq	2f
	li	r11, NEED_STORE
	b	2f
1:	/* instruction: no HPTE, not N or G, not protection */
	andis.	r9, r11, ISI_CAUSES@h
	lis	r5, SRR1_ISI_NOHPTE@h
	cmplw	r9, r5
	bne	hslow
	mfspr	r10, SPRN_SRR0
	li	r11, NEED_FETCH
2:	/* not the page this path resolved last (nothing removed since): C counts such repeats */
	ld	r9, HSAVE_LAST(r12)
	srdi	r5, r10, B3_PAGE_SHIFT
	cmpd	r9, r5
	beq	hslow
	/* the space: the running user space's or kernel_mm's (as the segment path) */
	SPACE_OF r5, r10, r9, hslow
	/* the segment */
	slbfee.	r6, r10
	bne	hslow
	/* the walk: PGD and PUD tables or a 16G leaf, a PMD table or a 16M leaf, a 4K PTE */
	ld	r9, B3_SPACE_PGD(r5)
	cmpdi	r9, 0
	beq	hslow
	rldicl	r7, r10, 64 - B3_PGD_SHIFT, 64 - B3_PGD_INDEX_BITS
	sldi	r7, r7, 3
	ldx	r9, r9, r7
	KIND	r7, r9
	cmpdi	r7, TABLE
	bne	hslow
	clrldi	r9, r9, TABLE_ADDR_CLEAR
	rldicl	r7, r10, 64 - B3_PUD_SHIFT, 64 - B3_PUD_INDEX_BITS
	sldi	r7, r7, 3
	add	r7, r9, r7			/* the PUD entry's address */
	ld	r8, 0(r7)
	KIND	r9, r8
	cmpdi	r9, LEAF
	beq	pud_leaf
	cmpdi	r9, TABLE
	bne	hslow
	clrldi	r9, r8, TABLE_ADDR_CLEAR
	rldicl	r7, r10, 64 - B3_PMD_SHIFT, 64 - B3_PMD_INDEX_BITS
	sldi	r7, r7, 3
	add	r7, r9, r7			/* the PMD entry's address */
	ld	r8, 0(r7)
	KIND	r9, r8
	cmpdi	r9, LEAF
	beq	pmd_leaf
	cmpdi	r9, TABLE
	bne	hslow
	clrldi	r9, r8, TABLE_ADDR_CLEAR
	rldicl	r7, r10, 64 - B3_PAGE_SHIFT, 64 - B3_PTE_INDEX_BITS
	sldi	r7, r7, 3
	add	r7, r9, r7			/* the PTE's address */
	ld	r8, 0(r7)
	KIND	r9, r8
	cmpdi	r9, LEAF
	bne	hslow
	li	r5, B3_PAGE_SHIFT
	li	r13, SEG_KEY_4K
	li	r9, RUN_MASK_4K
	b	leaf
pmd_leaf:
	li	r5, B3_16M_SHIFT
	li	r13, SEG_KEY_16M
	li	r9, RUN_MASK_16M
	b	leaf
pud_leaf:
	li	r5, B3_16G_SHIFT
	li	r13, SEG_KEY_16G
	li	r9, RUN_MASK_16G
leaf:	/* rights: the faulting entry has every bit the access needs, and none a user access may not meet */
	and	r7, r7, r9			/* the run's first entry */
	and	r9, r8, r11
	cmpd	r9, r11
	bne	hslow
	beq	cr1, 30f			/* a kernel access */
	andi.	r9, r8, _PAGE_PRIVILEGED
	bne	hslow				/* a user access to a supervisor page: refused by C */
30:
	/* the segment is the page's (B and base size), else C remakes it */
	rotldi	r9, r6, 2
	andi.	r9, r9, SEG_KEY_MASK
	cmpd	r9, r13
	bne	hslow
	ld	r8, 0(r7)			/* the run's first entry: the page, the record */
	/* VSID, hash (primary group), AVPN: 256M or 1T */
	cmpdi	r5, B3_16G_SHIFT
	beq	3f
	rldicl	r6, r6, 64 - SLB_VSID_SHIFT, 14		/* VSID: RS bits 2..51 */
	clrldi	r9, r10, 64 - SEGMENT_SHIFT_256M	/* the offset in the segment */
	srd	r13, r9, r5
	clrldi	r11, r6, 25				/* VSID mod 2^39 */
	xor	r11, r11, r13				/* hash = VSID ^ page index */
	sldi	r13, r6, SEGMENT_SHIFT_256M - 23
	b	4f
3:	rldicl	r6, r6, 64 - SLB_VSID_SHIFT_1T, 26	/* VSID: RS bits 2..39 */
	clrldi	r9, r10, 64 - SEGMENT_SHIFT_1T
	srd	r13, r9, r5
	sldi	r11, r6, 25
	xor	r11, r11, r6
	xor	r11, r11, r13
	clrldi	r11, r11, 25				/* hash = (VSID ^ VSID << 25 ^ page index) mod 2^39 */
	sldi	r13, r6, SEGMENT_SHIFT_1T - 23
4:	std	r11, HSAVE_HASH(r12)
	srdi	r9, r9, 23
	or	r9, r9, r13				/* AVPN = VSID || offset >> 23 */
	addi	r13, r5, -23				/* a large page: its bits inside the page clear */
	cmpdi	r13, 0
	ble	5f
	srd	r9, r9, r13
	sld	r9, r9, r13
5:	/* dw0 (r9): AVPN << 7 | B | L | V */
	sldi	r9, r9, HPTE_V_AVPN_SHIFT
	ori	r9, r9, HPTE_V_VALID
	cmpdi	r5, B3_PAGE_SHIFT
	beq	6f
	ori	r9, r9, HPTE_V_LARGE
	cmpdi	r5, B3_16G_SHIFT
	bne	6f
	li	r13, 1
	sldi	r13, r13, B_1T_SHIFT
	or	r9, r9, r13
6:	std	r9, HSAVE_V(r12)
	/* dw1 (r11): RPN of the page (LP 3 for 16G) | R, C if dirty, the cache field, N unless EXEC, PP */
	clrldi	r11, r8, RPN_CLEAR_HIGH
	li	r13, -1
	sld	r13, r13, r5
	and	r11, r11, r13
	cmpdi	r5, B3_16G_SHIFT
	bne	7f
	ori	r11, r11, PENC_16G << HPTE_R_LP_SHIFT
7:	ori	r11, r11, HPTE_R_R
	andi.	r9, r8, _PAGE_DIRTY
	beq	8f
	ori	r11, r11, HPTE_R_C
8:	andi.	r9, r8, _PAGE_CACHE_MASK
	cmpdi	r9, 0
	bne	9f
	ori	r11, r11, HPTE_R_M
	b	11f
9:	cmpdi	r9, _PAGE_TOLERANT
	bne	10f
	ori	r11, r11, HPTE_R_I
	b	11f
10:	cmpdi	r9, _PAGE_NON_IDEMPOTENT
	bne	hslow
	ori	r11, r11, HPTE_R_I | HPTE_R_G
11:	andi.	r9, r8, _PAGE_EXEC
	bne	12f
	ori	r11, r11, HPTE_R_N
12:	/* PP: a supervisor page 000 (read-write) or 110, a user page 010 or 011 */
	andi.	r9, r8, _PAGE_PRIVILEGED
	beq	31f
	andi.	r9, r8, _PAGE_WRITE
	bne	32f
	ori	r11, r11, HPTE_PP_KERNEL_RO & HPTE_R_PP	/* PP 110: PP1..2 here, PP0 (the top bit) next */
	li	r9, 1
	rldicr	r9, r9, 63, 0
	or	r11, r11, r9
	b	32f
31:	andi.	r9, r8, _PAGE_WRITE
	ori	r11, r11, HPTE_PP_USER_RW
	bne	32f
	ori	r11, r11, HPTE_PP_USER_RO
32:	std	r8, HSAVE_HEAD(r12)			/* the head the HPTE is built from */
	HPT_LOCK r5, r6
	ld	r9, HSAVE_V(r12)
	/*
	 * Another core may have inserted this page's HPTE since the walk (it
	 * faulted on the page too): if the run's record, read again under the
	 * lock, names a slot holding this dw0, nothing goes in.
	 */
	ld	r8, 0(r7)
	rldicl.	r6, r8, HASHPTE_ROTATE, 63		/* HASHPTE */
	beq	40f
	ld	r13, HSAVE_HASH(r12)
	rldicl.	r6, r8, SECOND_ROTATE, 63		/* SECOND: the group is ~hash */
	beq	41f
	not	r13, r13
41:	ld	r5, B3_CORE_HASH_MASK(r12)
	and	r13, r13, r5
	sldi	r13, r13, HPTEG_SHIFT
	rldicl	r6, r8, 64 - H_PAGE_F_GIX_SHIFT, 61	/* the slot */
	sldi	r6, r6, 4				/* * HPTE_BYTES */
	add	r13, r13, r6
	ld	r5, B3_CORE_HPT(r12)
	ldx	r6, r5, r13				/* that slot's dw0 */
	xor	r6, r6, r9
	li	r5, V_COMPARE_NO_H			/* HPTE_V_COMPARE but H */
	and.	r6, r6, r5
	beq	present
40:	/* the head changed since the walk (another core's unmap or protect): C walks again */
	ld	r6, HSAVE_HEAD(r12)
	xor	r6, r6, r8
	GIX_RECORD_MASK_INTO r5
	andc.	r6, r6, r5
	bne	hfull
	/* the primary group, then the secondary: the first slot with V clear (the HPT lock held) */
	ld	r13, B3_CORE_HASH_MASK(r12)
	ld	r6, HSAVE_HASH(r12)
	and	r6, r6, r13			/* primary group */
	li	r13, 0				/* 0: primary, HPTE_V_SECONDARY: secondary */
14:	ld	r5, B3_CORE_HPT(r12)
	sldi	r6, r6, HPTEG_SHIFT
	add	r5, r5, r6			/* the group's first HPTE */
	li	r6, HPTES_PER_GROUP
	mtctr	r6
15:	ld	r6, 0(r5)
	andi.	r6, r6, HPTE_V_VALID
	beq	16f
	addi	r5, r5, HPTE_BYTES
	bdnz	15b
	cmpdi	r13, 0
	bne	hfull				/* both groups full: C evicts */
	li	r13, HPTE_V_SECONDARY
	/* the secondary group: NOT hash AND mask */
	ld	r6, HSAVE_HASH(r12)
	not	r6, r6
	ld	r5, B3_CORE_HASH_MASK(r12)
	and	r6, r6, r5
	b	14b
16:	/*
	 * r5: the free slot.  First the record in the run's first entry,
	 * HASHPTE | SECOND | slot, by ldarx/stdcx. against the head read under
	 * the lock (a writer that takes no lock sends this to C); then dw1,
	 * then dw0 with H if secondary.  (b3_probe_record: a test's probe
	 * site, see b3_probe_stop below.)
	 */
	.globl	b3_probe_record
b3_probe_record:
	rldicl	r6, r5, 64 - 4, 61		/* slot = (address >> 4) & 7 */
	cmpdi	r13, 0
	beq	17f
	ori	r6, r6, 8
17:	sldi	r6, r6, H_PAGE_F_GIX_SHIFT
	li	r9, 1
	rldicr	r9, r9, 60, 3			/* HASHPTE: 0x1000000000000000 */
	or	r6, r6, r9
	GIX_RECORD_MASK_INTO r9
	andc	r9, r8, r9
	or	r6, r6, r9			/* the head with the new record */
	ldarx	r9, 0, r7
	cmpd	r9, r8
	bne-	hfull
	stdcx.	r6, 0, r7
	bne-	hfull
	ld	r9, HSAVE_V(r12)
	std	r11, 8(r5)
	eieio
	or	r9, r9, r13
	std	r9, 0(r5)
	ptesync
	HPT_UNLOCK r9, r6
	/* counters: an insert; then a hash miss, resolved (data or instruction) */
	addi	r9, r12, B3_CORE_STATS
	ld	r6, B3_STAT_INSERTS(r9)
	addi	r6, r6, 1
	std	r6, B3_STAT_INSERTS(r9)
	b	42f
present:	/* another core's HPTE serves: nothing inserted */
	HPT_UNLOCK r9, r6
	addi	r9, r12, B3_CORE_STATS
42:	srdi	r6, r10, B3_PAGE_SHIFT
	std	r6, HSAVE_LAST(r12)
	ld	r6, B3_STAT_HASH_MISS(r9)
	addi	r6, r6, 1
	std	r6, B3_STAT_HASH_MISS(r9)
	ld	r13, HSAVE_VEC(r12)
	li	r10, B3_STAT_INST
	cmpdi	r13, VEC_DSI
	bne	18f
	li	r10, B3_STAT_DATA
18:	ldx	r6, r9, r10
	addi	r6, r6, 1
	stdx	r6, r9, r10
	ld	r11, HSAVE_CR(r12)
	mtcr	r11
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	ld	r\n, HSAVE(\n)(r12)
	.endr
	mfspr	r12, SPRN_HSPRG1
	mfspr	r13, SPRN_SPRG2
	rfid

hfull:	/* both groups full, or the head changed: C (the HPT lock given back) */
	HPT_UNLOCK r5, r6
hslow:	/* to the C path, as the stub would have gone: r13 the vector, SPRG2 the old r13 */
	ld	r11, HSAVE_CR(r12)
	mtcr	r11
	ld	r13, HSAVE_VEC(r12)
	.irp	n, 5, 6, 7, 8, 9, 10, 11
	ld	r\n, HSAVE(\n)(r12)
	.endr
	mfspr	r12, SPRN_HSPRG1
	b	b3_common

/*
 * A test's stop inside the hash path (tests/target/test-book3s64.c), for
 * the window between the head's second read under the HPT lock and the
 * record's store: the test writes a branch here over the instruction at
 * b3_probe_record, that instruction into b3_probe_insn and a branch back
 * to the one after it into b3_probe_back; unpatched, nothing reaches
 * this.  A core whose state asks for a stop here (probe_site
 * B3_PROBE_ASM_RECORD and probe_until set) says it stopped and waits
 * until another core clears probe_until or the time base passes it, as
 * b3_probe() in C; any other core goes through.
 *
 * Registers: r12 this core's state; r6, r9 and CR0 scratch (free at the
 * site: the instruction there sets r6, CR0 and r9 are set after it).
 */
	.globl	b3_probe_stop
b3_probe_stop:
	ld	r6, B3_CORE_PROBE_SITE(r12)
	cmpdi	r6, B3_PROBE_ASM_RECORD
	bne	2f
	ld	r6, B3_CORE_PROBE_UNTIL(r12)
	cmpdi	r6, 0
	beq	2f
	li	r9, 1
	std	r9, B3_CORE_PROBE_STOPPED(r12)
	sync
1:	mftb	r9
	ld	r6, B3_CORE_PROBE_UNTIL(r12)
	cmpld	r9, r6
	blt	1b
	li	r9, 0
	std	r9, B3_CORE_PROBE_UNTIL(r12)
	std	r9, B3_CORE_PROBE_STOPPED(r12)
	sync
2:
	.globl	b3_probe_insn
b3_probe_insn:
	nop					/* the site's instruction (patched) */
	.globl	b3_probe_back
b3_probe_back:
	b	.				/* a branch back after the site (patched) */
