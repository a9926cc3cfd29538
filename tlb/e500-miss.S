/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 data and instruction TLB-error handlers (IVOR13, IVOR14): reload TLB0
 * from the page tables for 4 KB pages, TLB1 for huge pages (leaf PGD runs).
 *
 * Registers (every one the handlers touch):
 *   r10  EPN (autoloaded MAS2), then scratch
 *   r11  PGD pointer, PGD entry, PTE pointer, PTE high word
 *   r12  PGD offset, PTE low word, scratch
 *   cr0  clobbered (CR saved in SPRG7)
 *   SPRG0 (read)  current PGD + E500_ENTRY_LO (the low word of entry 0);
 *                 supervisor-only, so user code never sees the kernel address
 *   SPRG1 (read)  PTE bits an instruction fetch needs in this context
 *   SPRG2 (read)  PTE bits a data access needs in this context
 *   SPRG4..7      save r10, r11, r12, CR (user-readable: the return to user
 *                 mode clears them; a user miss leaves only the user's own)
 *   per-CPU page  at PERCPU_VA, reached with absolute addressing: miss
 *                 counters (CONFIG_TLB_STATS), the next TLB1 slot
 *   MAS1 (huge only), MAS2, MAS3, MAS7, MAS0 (huge only) written; for 4 KB
 *   pages MAS0 (TLB0 way from the hardware's NV) and MAS1 (V, TID = PID, TS,
 *   TSIZE 4K) are the hardware's autoload.
 *   MAS8 (e500mc) not written: start-up sets it to 0 and only the kernel's
 *   tlbwe paths write it (0), so every entry here is a host entry.
 *
 * Inputs: the autoload of a TLB-error interrupt with MAS4 = TSIZED 4K,
 * TLBSELD 0, TIDSELD PID0, WIMGED 0, so MAS2 = EPN of the miss.  The kernel
 * runs with PID 0 and the kernel PGD, a user context with its PID, its PGD
 * and the user NEED masks (e500_ctx), so nothing here branches on MSR[PR].
 *
 * Exceptions taken here: none.  Page tables and the per-CPU page live in
 * TLB1-mapped memory.  A fatal-class interrupt (machine check, critical,
 * debug) may come in between; it saves into the per-CPU page, never SPRG4..7.
 *
 * 4 KB fast path, straight line: save, index the PGD, one signed compare
 * tells a table pointer (a kernel address, negative) from a null or leaf
 * entry (non-negative: see pte-e500.h), load the PTE, check it against the
 * NEED mask, build MAS2/MAS3/MAS7, tlbwe, restore, rfi.  A leaf goes to the
 * huge path; anything missing or not permitted restores the registers and
 * enters the generic prologue of the same vector, whose C code explains it.
 *
 * SMP rule (the 64-bit PTE is never used torn): the low word (PRESENT,
 * flags, permissions) is loaded first and the high word (pfn >> 8) through
 * an address that depends on the low word's value (the NEED check leaves 0
 * in a register only when the low word passed; the 4 KB path indexes the
 * high word with it, the huge path adds it to the EA), so the high word is
 * never older than the low word it is used with.  Writers store the high
 * word, order it (mbar), then the low word (pt_entry_set in
 * mmu/pgtable-e500.c).  An entry being emptied loses its low word first
 * (pt_entry_invalidate); its high word stays until every core has answered
 * the shootdown that follows, and only then goes (unmap in mmu/mmu.c), so a
 * reader that read the old low word just before still pairs it with the old
 * high word.  A zero low word is an empty entry whatever the high word holds.
 *
 * The dirty rule: SW/UW go into MAS3 as the PTE has them, without looking at
 * _PAGE_DIRTY.  That is sound because no writable entry is ever clean:
 * map() and protect() set DIRTY with write permission, and set_huge_pte_at()
 * refuses a writable entry without it (MMU_EDIRTY, pte_leaf_check()).
 */
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "mmu/pte-e500.h"

/*
 * Every rotate and mask below, from the layouts (rlwinm/rlwimi take the
 * rotate left and the IBM bit numbers, 0 = most significant, of the mask).
 */
#define ROT_RIGHT(n)		(32 - (n))		/* rotate left by 32 - n: x >> n */
/* PGD byte offset = (EA >> E500_PGD_SHIFT) << E500_ENTRY_SHIFT */
#define PGD_OFF_ROT		ROT_RIGHT(E500_PGD_SHIFT - E500_ENTRY_SHIFT)
#define PGD_OFF_MB		(32 - E500_PGD_INDEX_BITS - E500_ENTRY_SHIFT)
#define PGD_OFF_ME		(31 - E500_ENTRY_SHIFT)
/* PTE byte offset = ((EA >> E500_PAGE_SHIFT) & (PTRS_PER_PTE - 1)) << E500_ENTRY_SHIFT */
#define PTE_OFF_ROT		ROT_RIGHT(E500_PAGE_SHIFT - E500_ENTRY_SHIFT)
#define PTE_OFF_MB		(32 - E500_PTE_INDEX_BITS - E500_ENTRY_SHIFT)
#define PTE_OFF_ME		(31 - E500_ENTRY_SHIFT)
/* MAS2[WIMGE] = low >> PTE_WIMGE_SHIFT, MAS3[perms] = low >> PTE_BAP_SHIFT */
#define WIMGE_ROT		ROT_RIGHT(PTE_WIMGE_SHIFT)
#define WIMGE_MB		27			/* MAS2_WIMGE_MASK: bits 27..31 */
#define PERM_ROT		ROT_RIGHT(PTE_BAP_SHIFT)
#define PERM_MB			26			/* MAS3_PERM_MASK: bits 26..31 */
/*
 * The PTE holds pfn << PTE_RPN_SHIFT: the low word's top byte is pfn[0..7]
 * (the low 8 bits of the pfn), the high word is pfn >> 8.
 */
#define PFN_LO_BITS		(32 - PTE_RPN_SHIFT)	/* pfn bits in the low word */
#define RPN_HI_ROT		(E500_PAGE_SHIFT + PFN_LO_BITS)	/* high word -> MAS3 RPN top */
#define RPN_HI_ME		(31 - RPN_HI_ROT)
#define RPN_LO_ROT		ROT_RIGHT(PTE_RPN_SHIFT - E500_PAGE_SHIFT)	/* low word -> RPN */
#define RPN_LO_MB		(RPN_HI_ME + 1)
#define RPN_LO_ME		(31 - E500_PAGE_SHIFT)
#define MAS7_ROT		ROT_RIGHT(32 - RPN_HI_ROT)	/* high word >> 12: PA bits 32..35 */
#define MAS7_MB			28			/* MAS7_RPN_HI_MASK: bits 28..31 */
/* TSIZE: same field in the PTE and in MAS1 */
#define TSIZE_MB		(32 - MAS1_TSIZE_SHIFT - 4)
#define TSIZE_ME		(31 - MAS1_TSIZE_SHIFT)
/* 2 * TSIZE = (pte & _PAGE_PSIZE_MSK) >> _PAGE_PSIZE_SHIFT; log2(size) = that + 10 */
#define TSIZE2_ROT		ROT_RIGHT(_PAGE_PSIZE_SHIFT)
#define TSIZE2_MB		(TSIZE_MB + _PAGE_PSIZE_SHIFT)
#define TSIZE2_ME		(TSIZE_ME + _PAGE_PSIZE_SHIFT)
/* TLB1 round robin: ESEL + 1 modulo TLB1_HUGE_SLOTS, in place in MAS0 */
#define ESEL_ONE_HI		((1 << MAS0_ESEL_SHIFT) >> 16)	/* addis immediate */
/*
 * ...and TLBSEL kept: one andis. with TLBSEL's bit and the slot bits (a
 * mask rlwinm cannot make, the two fields being apart)
 */
#define NEXT_KEEP_HI		((MAS0_TLBSEL1 | ((TLB1_HUGE_SLOTS - 1) << MAS0_ESEL_SHIFT)) >> 16)
#define PGD_HI_FROM_SPRG	(E500_ENTRY_HI - E500_ENTRY_LO)	/* SPRG0 points at a low word */

/* The layout facts those rotates rely on. */
#if _PAGE_PSIZE_MSK != MAS1_TSIZE_MASK
#error "TSIZE must sit at the same place in the PTE and in MAS1"
#endif
#if _PAGE_PSIZE_SHIFT != MAS1_TSIZE_SHIFT - 1 || _PAGE_PSIZE_SHIFT_OFFSET != 10
#error "the huge path computes log2(size) = 2 * TSIZE + 10 with one rotate"
#endif
#if MAS2_WIMGE_MASK != (0xffffffff >> WIMGE_MB)
#error "MAS2 WIMGE mask"
#endif
#if (_PAGE_WRITETHRU >> PTE_WIMGE_SHIFT) != MAS2_W || (_PAGE_NO_CACHE >> PTE_WIMGE_SHIFT) != MAS2_I || \
	(_PAGE_COHERENT >> PTE_WIMGE_SHIFT) != MAS2_M || (_PAGE_GUARDED >> PTE_WIMGE_SHIFT) != MAS2_G || \
	(_PAGE_ENDIAN >> PTE_WIMGE_SHIFT) != MAS2_E
#error "PTE WIMGE bits must be MAS2 WIMGE shifted by PTE_WIMGE_SHIFT"
#endif
#if MAS3_PERM_MASK != (0xffffffff >> PERM_MB)
#error "MAS3 permission mask"
#endif
#if (_PAGE_BAP_SR >> PTE_BAP_SHIFT) != MAS3_SR || (_PAGE_BAP_UR >> PTE_BAP_SHIFT) != MAS3_UR || \
	(_PAGE_BAP_SW >> PTE_BAP_SHIFT) != MAS3_SW || (_PAGE_BAP_UW >> PTE_BAP_SHIFT) != MAS3_UW || \
	(_PAGE_BAP_SX >> PTE_BAP_SHIFT) != MAS3_SX || (_PAGE_BAP_UX >> PTE_BAP_SHIFT) != MAS3_UX
#error "PTE BAP bits must be MAS3 permissions shifted by PTE_BAP_SHIFT"
#endif
#if MAS3_RPN_MASK != ((0xffffffff << E500_PAGE_SHIFT) & 0xffffffff) || \
	MAS7_RPN_HI_MASK != (0xffffffff >> MAS7_MB) || PTE_RPN_SHIFT != 24
#error "RPN: MAS3 holds PA bits 12..31, MAS7 bits 32..35; the PTE holds pfn << 24"
#endif
#if (1 << E500_PGD_SHIFT) != (E500_PTRS_PER_PTE << E500_PAGE_SHIFT) || \
	E500_PGD_SHIFT + E500_PGD_INDEX_BITS != 32 || E500_ENTRY_LO != 4 || E500_ENTRY_HI != 0
/* E500_ENTRY_HI == 0 also lets the 4 KB path load the high word with lwzx PTE, 0-from-low-word */
#error "PGD and PTE geometry"
#endif
#if ((4 << 20) >> E500_PAGE_SHIFT) & ((1 << PFN_LO_BITS) - 1)
#error "a leaf's low word must be non-negative: pfn[0..7] of a 4M-aligned page is 0"
#endif
#if TLB1_HUGE_SLOTS != (1 << TLB1_HUGE_SLOTS_LOG2) || MAS0_ESEL_SHIFT < 16 || \
	MAS0_TLBSEL1 & 0xffff || ((TLB1_HUGE_SLOTS - 1) << MAS0_ESEL_SHIFT) & ~MAS0_ESEL_MASK
#error "TLB1 round robin: a power-of-two slot count, ESEL in MAS0's high half"
#endif
#if PERCPU_VA != 0xfffff000 || PC_TLB1_NEXT >= 0x1000 || PC_DMISS >= 0x1000 || PC_IMISS >= 0x1000
#error "the per-CPU page must be reachable with a 16-bit displacement from 0"
#endif

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
	rlwinm	r12, r10, PGD_OFF_ROT, PGD_OFF_MB, PGD_OFF_ME	/* (EA >> 21) * 8 */
	lwzx	r11, r11, r12			/* PGD entry, low word */
	cmpwi	r11, 0
	bge-	\leaf				/* not a table pointer */
	rlwimi	r11, r10, PTE_OFF_ROT, PTE_OFF_MB, PTE_OFF_ME	/* + ((EA >> 12) & 0x1ff) * 8 */
	lwz	r12, E500_ENTRY_LO(r11)		/* PTE low word: flags */
.endm

/* r10 = EPN, r11 = PTE pointer, r12 = PTE low word. */
.macro LOAD_TLB0 need, fail
	rlwimi	r10, r12, WIMGE_ROT, WIMGE_MB, 31	/* WIMGE = pte >> 19 */
	mtspr	SPRN_MAS2, r10
	mfspr	r10, \need
	andc.	r10, r10, r12			/* required bits missing? */
	bne-	\fail
	lwzx	r11, r11, r10			/* PTE high word: pfn >> 8 (r10 = 0, from the low word) */
	rlwinm	r10, r11, RPN_HI_ROT, 0, RPN_HI_ME	/* RPN: pfn[8..19] ... */
	rlwimi	r10, r12, RPN_LO_ROT, RPN_LO_MB, RPN_LO_ME	/* ... and pfn[0..7] */
	rlwimi	r10, r12, PERM_ROT, PERM_MB, 31	/* UX SX UW SW UR SR = pte >> 2 */
	mtspr	SPRN_MAS3, r10
	rlwinm	r11, r11, MAS7_ROT, MAS7_MB, 31	/* PA bits 32..35 */
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
	add	r10, r10, r12			/* r12 = 0, from the low word: orders the high word's load */
	mfspr	r12, SPRN_MAS1
	rlwimi	r12, r11, 0, TSIZE_MB, TSIZE_ME	/* TSIZE: same field in PTE and MAS1 */
	mtspr	SPRN_MAS1, r12
	rlwinm	r12, r11, TSIZE2_ROT, TSIZE2_MB, TSIZE2_ME	/* 2 * TSIZE ... */
	addi	r12, r12, _PAGE_PSIZE_SHIFT_OFFSET	/* ... + 10 = log2(page size) */
	srw	r10, r10, r12
	slw	r10, r10, r12			/* EA aligned down to the page */
	rlwimi	r10, r11, WIMGE_ROT, WIMGE_MB, 31	/* WIMGE */
	mtspr	SPRN_MAS2, r10
	rlwinm	r12, r10, PGD_OFF_ROT, PGD_OFF_MB, PGD_OFF_ME	/* offset of the run's first entry */
	mfspr	r10, SPRN_SPRG_PGD
	add	r12, r12, r10
	lwz	r12, PGD_HI_FROM_SPRG(r12)	/* its high word */
	rlwinm	r10, r12, RPN_HI_ROT, 0, RPN_HI_ME	/* RPN */
	rlwimi	r10, r11, PERM_ROT, PERM_MB, 31	/* permissions */
	mtspr	SPRN_MAS3, r10
	rlwinm	r12, r12, MAS7_ROT, MAS7_MB, 31	/* PA bits 32..35 */
	mtspr	SPRN_MAS7, r12
	lwz	r10, PCPU(PC_TLB1_NEXT)(0)	/* round robin over TLB1_HUGE_SLOTS */
	mtspr	SPRN_MAS0, r10
	addis	r10, r10, ESEL_ONE_HI
	andis.	r10, r10, NEXT_KEEP_HI		/* ESEL mod TLB1_HUGE_SLOTS, TLBSEL 1 */
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
e500_percpu_page:			/* one page per core, the boot core's first */
	.space	4096 * E500_MAX_CPUS
