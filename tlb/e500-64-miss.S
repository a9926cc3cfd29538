/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode (e5500, e6500): data and instruction TLB-error
 * handlers (IVOR13, IVOR14).  A walk of Linux's 64e table (mmu/pte-e500.h):
 * a PTE goes into TLB0, a huge leaf found at PUD or PMD level goes into TLB1
 * from here, round robin over slots 0..E64_HUGE_SLOTS-1, with its TSIZE
 * (and, for an odd power of 2 on an e6500, the low TSIZE bit of MMU
 * architecture 2.0 from _PAGE_PSIZE_ODD).
 *
 * Registers (every one the handlers touch):
 *   r10  the EPN (the autoloaded MAS2: the EA's page, WIMGE 0 from MAS4);
 *        for the PGD and PUD levels the same EPN rotated right by 28
 *        (E500_64_PUD_SHIFT), so that both indexes lie in its low word;
 *        the NEED check and MAS3 at the end; scratch in the huge path
 *   r11  the table, then each level's entry: table pointer, leaf or PTE
 *   r12  the huge path only (saved there, in SPRG6): shift, MAS values
 *   cr0  clobbered (CR saved in SPRG7)
 *   SPRG4, 5, 7   save r10, r11, CR (doublewords); SPRG6 saves r12 in the
 *                 huge path
 *   SPRG0 (read)  the PGD of the running context's user space (in the
 *                 kernel's context an empty PGD: a user address finds an
 *                 empty PGD entry and faults to C, with no test here)
 *   SPRG1 (read)  PTE bits an instruction fetch needs in this context
 *   SPRG2 (read)  PTE bits a data access needs in this context
 *   per-core page at E64_PERCPU_VA (e500/e64.h), pinned in TLB1 on each
 *                 core to a page of its own and reached with one absolute
 *                 load (ld/lwz d(0)), as the 32-bit family's PERCPU_VA: the
 *                 kernel's PUD table, the MAS1 of a kernel 4K entry (read),
 *                 this core's next huge slot (read, written) and, with
 *                 CONFIG_TLB_STATS, its two miss counters (every miss
 *                 entering a handler counts, as on 32-bit)
 *   MAS0 (huge only), MAS1 (a kernel address: the kernel's, TID 0; huge:
 *   TSIZE), MAS2, MAS7_MAS3 written; for 4 KB pages MAS0 (TLB0 way from the
 *   hardware's NV) and, for a user address, MAS1 (V, TID = PID, TS, TSIZE
 *   4K) are the hardware's autoload (MAS4 = TSIZED 4K).
 *
 * Indexing: every table is aligned to its own size (pt_alloc() hands out
 * whole 4 KB pages; Linux's table caches align each table to its size), so
 * the entry's address is the table pointer with the index inserted into its
 * low bits: one rlwimi (or rldimi) and one ld per level, no index register.
 *
 * Address spaces, by the EA's top bits (e500/e64.h): bits 46..63 all 0 is
 * a user address (SPRG0's table, four levels); the kernel's region is one
 * PGD entry, 0x8000_0000_0000_0000 + 128 GB (bits 37..62 all 0), whose PUD
 * table start-up links and never frees (mm_keep_first_table()), so a kernel
 * address starts at that table, three levels; anything else faults.  Entry
 * tests at each of PGD, PUD and PMD, one signed compare as on 32-bit: a
 * table pointer is a kernel address (the linear map at KERNEL_VA, bit 63
 * set: negative); an empty entry (0) and a leaf (pfn << PTE_RPN_SHIFT with
 * 40 PA bits, below 2^52: non-negative) are not.  A non-negative entry at
 * PGD level faults (no page is that large); at PUD or PMD level it goes to
 * the huge path, whose NEED check refuses an empty entry (no PRESENT) and
 * whose TSIZE is the leaf's (pmd_leaf(): a leaf has a nonzero TSIZE, and
 * nothing else at those levels is non-negative).
 *
 * SMP rule (no torn entry): every entry is one aligned doubleword read with
 * one ld, which is single-copy atomic, and writers store it whole with one
 * std (pt_entry_set in mmu/pgtable-e500.c), so a core walking while another
 * writes sees the old entry or the new one, never half of each.  Each table
 * address is the entry just read with index bits inserted (a data
 * dependency), so the next level is never read before the pointer to it.
 *
 * Permissions, accessed and dirty (the 32-bit family's rules): the PTE must
 * hold every bit of the context's NEED mask (PRESENT, ACCESSED and SR/SX or
 * UR/UX); otherwise the miss goes to C.  SW/UW go into MAS3 as the PTE has
 * them: no writable entry is ever clean (map()/protect() set DIRTY with
 * write permission, set_huge_pte_at() refuses a clean writable entry), so
 * the hardware's write check is the whole dirty rule.
 *
 * Path lengths, vector to rfi inclusive (counted from this file, and the
 * same in a QEMU single-step trace, -d exec, of tests e500-64-miss-*):
 *   4 KB page, user address     39 instructions (kernel address: 39)
 *   huge leaf at PMD level      54 (user address; kernel: 54)
 *   huge leaf at PUD level      50 (user address; kernel: 50)
 * (save 4, EPN 1, region test 2, user PGD 1 and PGD level 4, or kernel
 * region 2, kernel MAS1 2 and PUD table 1; rotate 1, PUD level 4, rotate
 * back 1, PMD level 4, PTE 2, TLB0 load 10, restore 4, rfi 1; a huge leaf:
 * save r12 1, TLB1 load 25, restore 5, rfi 1.  The counts are of a
 * TLB_STATS=0 build: the miss counter adds 3 to each path.)  make bench's
 * goal for the 4K path is 40: the 32-bit path, 32, plus two 32-bit levels
 * of 4.  What was tried on the way: docs/hw/e500.md section 11.4.
 */
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/e64.h"
#include "mmu/pte-e500.h"

#define SPRN_SPRG_UPGD		SPRN_SPRG0
#define SPRN_SPRG_INEED64	SPRN_SPRG1
#define SPRN_SPRG_DNEED64	SPRN_SPRG2
#define SPRN_MAS7_MAS3		372

/*
 * rlwimi into a table pointer, for an index in a source register's low
 * word: offset = ((src >> shift) & (entries - 1)) * 8 into bits 3..
 */
#define INS_ROT(shift)		(32 - (shift) + E500_ENTRY_SHIFT)
#define INS_MB(bits)		(32 - (bits) - E500_ENTRY_SHIFT)
#define INS_ME			(31 - E500_ENTRY_SHIFT)
/*
 * The PGD and PUD indexes: EA bits 28..45 straddle bit 32, so the EPN is
 * rotated right by E500_64_PUD_SHIFT (and back after the PUD level): the PUD
 * index is then its bits 0..8 (rldimi shifts them left by 3 into the
 * pointer) and the PGD index its bits 9..17 (rlwimi).
 */
#define UPPER_ROT		(64 - E500_64_PUD_SHIFT)
#define PGD_IN_UPPER		(E500_64_PGD_SHIFT - E500_64_PUD_SHIFT)
#define PUD_INS_MB		(64 - E500_64_PUD_INDEX_BITS - E500_ENTRY_SHIFT)
/* MAS2[WIMGE] = pte >> PTE_WIMGE_SHIFT; MAS3 permissions = pte >> PTE_BAP_SHIFT (rlwimi) */
#define WIMGE_ROT		(32 - PTE_WIMGE_SHIFT)
#define WIMGE_MB		27
#define PERM_ROT		(32 - PTE_BAP_SHIFT)
#define PERM_MB			26
/* PA = pte >> (PTE_RPN_SHIFT - E500_PAGE_SHIFT), the low 12 bits cleared */
#define PA_SHIFT		(PTE_RPN_SHIFT - E500_PAGE_SHIFT)
#define PAGE_ME64		(63 - E500_PAGE_SHIFT)
/* TSIZE sits at the same place in the PTE and in MAS1 */
#define TSIZE_MB		(32 - MAS1_TSIZE_SHIFT - 4)
#define TSIZE_ME		(31 - MAS1_TSIZE_SHIFT)
/* 2 * TSIZE = (pte >> _PAGE_PSIZE_SHIFT) & 0x1e; log2(size) = that + 10 */
#define TSIZE2_ROT		(32 - _PAGE_PSIZE_SHIFT)
#define TSIZE2_MB		27
#define TSIZE2_ME		30
/*
 * An odd power of 2 (pte-e500.h): _PAGE_PSIZE_ODD becomes MAS1's bit below
 * the 4-bit TSIZE field (MMU v2.0's 5-bit TSIZE at 0xf80), and 1 added to
 * log2(size) (into bit 0 of the even 2 * TSIZE + 10).
 */
#define MAS1_TSIZE_ODD		(1 << (MAS1_TSIZE_SHIFT - 1))
#define ODD_ROT			(MAS1_TSIZE_SHIFT - 1 - _PAGE_PSIZE_ODD_SHIFT)
#define ODD_BIT			(31 - (MAS1_TSIZE_SHIFT - 1))
#define ODD_LOG_ROT		(32 - _PAGE_PSIZE_ODD_SHIFT)
/*
 * The user region: EA >> 46 == 0 (srdi.).  The kernel's: bit 63 set and
 * bits E64_KREGION_SHIFT..62 all 0: with EA >> 46 nonzero, one rldicl. of
 * those bits (the EA rotated left by 64 - E64_KREGION_SHIFT, bit 63 and the
 * low bits masked off) is 0 only for the kernel region.
 */
#define REGION_SHIFT		E500_64_VA_BITS
#define KREGION_ROT		(64 - E64_KREGION_SHIFT)
#define KREGION_MB		(E64_KREGION_SHIFT + 1)
/* ESEL + 1 modulo E64_HUGE_SLOTS, in place in MAS0 */
#define ESEL_ONE_HI		((1 << MAS0_ESEL_SHIFT) >> 16)
/*
 * ...and TLBSEL kept: one andis. with TLBSEL's bit and the slot bits (a
 * mask rlwinm cannot make, the two fields being apart)
 */
#define NEXT_KEEP_HI		((MAS0_TLBSEL1 | ((E64_HUGE_SLOTS - 1) << MAS0_ESEL_SHIFT)) >> 16)
/* the per-core page, one absolute load or store: d(0) */
#define PCPU(field)		E64_PCPU(field)

#if _PAGE_PSIZE_MSK != MAS1_TSIZE_MASK || _PAGE_PSIZE_SHIFT != MAS1_TSIZE_SHIFT - 1 || \
	_PAGE_PSIZE_SHIFT_OFFSET != 10
#error "TSIZE: the same field in the PTE and MAS1; log2(size) = 2 * TSIZE + 10"
#endif
#if E64_KREGION_SHIFT != E500_64_PGD_SHIFT || E64_KMAP_START != 0x8000000000000000 || \
	E64_KMAP_LAST != E64_KMAP_START + (1ull << E64_KREGION_SHIFT) - 1
#error "the kernel region: bit 63 and one PGD entry's span, so its walk starts at the PUD table"
#endif
#if PTE_RPN_SHIFT + E500_64_PA_BITS - E500_PAGE_SHIFT > 63 || !(KERNEL_VA >> 63)
#error "the sign test: a leaf (pfn << PTE_RPN_SHIFT) non-negative, a table's kernel address negative"
#endif
#if E500_PAGE_SHIFT + E500_64_PTE_INDEX_BITS + E500_64_PMD_INDEX_BITS > 32 || \
	PGD_IN_UPPER + E500_64_PGD_INDEX_BITS > 32 || PGD_IN_UPPER != E500_64_PUD_INDEX_BITS
#error "the PTE and PMD indexes lie in the EPN's low word, the PUD and PGD indexes in the rotated one's"
#endif
#if E500_ENTRY_SHIFT + E500_64_PGD_INDEX_BITS > 12 || E500_ENTRY_SHIFT + E500_64_PUD_INDEX_BITS > 12 || \
	E500_ENTRY_SHIFT + E500_64_PMD_INDEX_BITS > 12 || E500_ENTRY_SHIFT + E500_64_PTE_INDEX_BITS > 12
#error "index insertion: no table is larger than the 4 KB page it is allocated in"
#endif
#if _PAGE_PSIZE_ODD != (1 << _PAGE_PSIZE_ODD_SHIFT) || MAS1_TSIZE_ODD != 0x80 || \
	(_PAGE_PSIZE_ODD & (_PAGE_PSIZE_MSK | PTE_NEED_KERNEL_READ | PTE_NEED_USER_EXEC))
#error "the odd-size bit: a PTE bit of its own, MAS1 bit 0x80 (TSIZE's low bit in MMU v2.0)"
#endif
#if (1 << E64_HUGE_SLOTS_LOG2) != E64_HUGE_SLOTS || MAS0_ESEL_SHIFT < 16 || MAS0_TLBSEL1 & 0xffff || \
	((E64_HUGE_SLOTS - 1) << MAS0_ESEL_SHIFT) & ~MAS0_ESEL_MASK
#error "TLB1 round robin: a power-of-two slot count, ESEL and TLBSEL in MAS0's high half"
#endif
#if E64_PERCPU_VA != 0xfffffffffffff000 || E64_PC_IMISS >= 0x1000
#error "the per-core page: reached with a 16-bit displacement from 0"
#endif
#if (_PAGE_BAP_SR >> PTE_BAP_SHIFT) != MAS3_SR || (_PAGE_BAP_UX >> PTE_BAP_SHIFT) != MAS3_UX || \
	(_PAGE_GUARDED >> PTE_WIMGE_SHIFT) != MAS2_G || (_PAGE_WRITETHRU >> PTE_WIMGE_SHIFT) != MAS2_W
#error "PTE BAP and WIMGE bits are MAS3/MAS2 shifted"
#endif

	.section .text.vectors, "ax"

/* r10 and r11 for the walk, CR through r10; r12 is saved by the huge path alone. */
.macro MISS_SAVE counter
	mtspr	SPRN_SPRG4, r10
	mtspr	SPRN_SPRG5, r11
	mfcr	r10
	mtspr	SPRN_SPRG7, r10
#ifdef CONFIG_TLB_STATS
	lwz	r10, PCPU(\counter)(0)		/* this core's counter: its own page */
	addi	r10, r10, 1
	stw	r10, PCPU(\counter)(0)
#endif
.endm

.macro MISS_RESTORE
	mfspr	r10, SPRN_SPRG7
	mtcr	r10
	mfspr	r10, SPRN_SPRG4
	mfspr	r11, SPRN_SPRG5
.endm

/*
 * r10 = EPN, r11 = EA >> 46, nonzero (not a user address).  Leaves r11 =
 * the kernel's PUD table, or branches to \fail.  A kernel address replaces
 * the autoloaded MAS1 (TID = the PID of the running context) by the
 * kernel's: a kernel entry is global (TID 0) whatever space is running.
 * The rest of the autoload is the same constant: V, IPROT 0, TS 0 (nothing
 * here runs in address space 1), TSIZE 4K (MAS4); the huge path reads MAS1
 * back.
 */
.macro KERNEL_PUD fail
	rldicl.	r11, r10, KREGION_ROT, KREGION_MB
	bne-	\fail				/* neither space's */
	lwz	r11, PCPU(E64_PC_KMAS1)(0)
	mtspr	SPRN_MAS1, r11			/* TID 0: global */
	ld	r11, PCPU(E64_PC_KPUD)(0)	/* the kernel region's PUD table */
.endm

/* r11 = the address of an entry: r11 = the entry, one ld (the SMP rule). */
.macro READ_ENTRY
	ld	r11, 0(r11)
.endm

/* r11 = entry above the PTE level: a table pointer goes on, anything else to \leaf. */
.macro TABLE_OR_LEAF leaf
	cmpdi	r11, 0
	bge-	\leaf				/* not a table pointer: empty or a leaf */
.endm

/* r10 = EPN rotated (UPPER_ROT), r11 = the PGD: r11 = its entry for the EA. */
.macro PGD_ENTRY
	rlwimi	r11, r10, INS_ROT(PGD_IN_UPPER), INS_MB(E500_64_PGD_INDEX_BITS), INS_ME
	READ_ENTRY
.endm

/* r10 = EPN rotated (UPPER_ROT), r11 = a PUD table: r11 = its entry for the EA. */
.macro PUD_ENTRY
	rldimi	r11, r10, E500_ENTRY_SHIFT, PUD_INS_MB
	READ_ENTRY
.endm

/* r10 = EPN, r11 = a PMD table: r11 = its entry for the EA. */
.macro PMD_ENTRY
	rlwimi	r11, r10, INS_ROT(E500_64_PMD_SHIFT), INS_MB(E500_64_PMD_INDEX_BITS), INS_ME
	READ_ENTRY
.endm

/* r10 = EPN, r11 = a PTE table: r11 = the PTE for the EA. */
.macro PTE_ENTRY
	rlwimi	r11, r10, INS_ROT(E500_PAGE_SHIFT), INS_MB(E500_64_PTE_INDEX_BITS), INS_ME
	READ_ENTRY
.endm

/*
 * r10 = EPN, r11 = PTE: MAS2, the NEED check, MAS7_MAS3, tlbwe into TLB0
 * (autoloaded MAS0/MAS1).  MAS2 is written before the check, as on 32-bit:
 * a refused miss goes to C, which reads the EA from DEAR or SRR0.
 */
.macro LOAD_TLB0 need, fail
	rlwimi	r10, r11, WIMGE_ROT, WIMGE_MB, 31	/* EPN | WIMGE */
	mtspr	SPRN_MAS2, r10
	mfspr	r10, \need
	andc.	r10, r10, r11			/* required bits missing? */
	bne-	\fail
	srdi	r10, r11, PA_SHIFT
	rldicr	r10, r10, 0, PAGE_ME64		/* PA of the page */
	rlwimi	r10, r11, PERM_ROT, PERM_MB, 31	/* | UX SX UW SW UR SR */
	mtspr	SPRN_MAS7_MAS3, r10
	tlbwe
.endm

/*
 * r10 = EPN, r11 = leaf or 0 (any entry of its run: each carries the page's
 * TSIZE, flags and permissions; the RPN is masked to the page, so the
 * replica's offset goes), r12 saved.  TLB1 slot from this core's round
 * robin (a word in its own page: two cores sharing one would race on it and
 * skip or repeat slots in each other's TLB1).
 */
.macro LOAD_TLB1 need, fail
	mfspr	r12, \need
	andc.	r12, r12, r11			/* also refuses an empty entry */
	bne-	\fail
	mfspr	r12, SPRN_MAS1
	rlwimi	r12, r11, 0, TSIZE_MB, TSIZE_ME	/* TSIZE */
	rlwimi	r12, r11, ODD_ROT, ODD_BIT, ODD_BIT	/* odd power of 2: MMU v2.0's low TSIZE bit */
	mtspr	SPRN_MAS1, r12
	rlwinm	r12, r11, TSIZE2_ROT, TSIZE2_MB, TSIZE2_ME	/* 2 * TSIZE ... */
	addi	r12, r12, _PAGE_PSIZE_SHIFT_OFFSET	/* ... + 10 ... */
	rlwimi	r12, r11, ODD_LOG_ROT, 31, 31	/* ... + odd = log2(page size) */
	srd	r10, r10, r12
	sld	r10, r10, r12			/* EA aligned down to the page */
	rlwimi	r10, r11, WIMGE_ROT, WIMGE_MB, 31
	mtspr	SPRN_MAS2, r10
	srdi	r10, r11, PA_SHIFT
	srd	r10, r10, r12
	sld	r10, r10, r12			/* PA aligned down to the page */
	rlwimi	r10, r11, PERM_ROT, PERM_MB, 31
	mtspr	SPRN_MAS7_MAS3, r10
	lwz	r10, PCPU(E64_PC_TLB1_NEXT)(0)	/* MAS0: TLBSEL 1, this core's next huge slot */
	mtspr	SPRN_MAS0, r10
	addis	r10, r10, ESEL_ONE_HI
	andis.	r10, r10, NEXT_KEEP_HI		/* ESEL mod E64_HUGE_SLOTS, TLBSEL 1 */
	stw	r10, PCPU(E64_PC_TLB1_NEXT)(0)
	tlbwe
.endm

/*
 * r10 = EPN rotated (UPPER_ROT), r11 = a PUD table: walk the PUD, PMD and
 * PTE levels, load a 4 KB page into TLB0 and return.  A leaf PUD goes to 6:
 * (r10 still rotated), a leaf PMD to 8:.
 */
.macro WALK_FROM_PUD need
	PUD_ENTRY
	TABLE_OR_LEAF 6f
	rotldi	r10, r10, E500_64_PUD_SHIFT	/* the EPN again */
	PMD_ENTRY
	TABLE_OR_LEAF 8f
	PTE_ENTRY
	LOAD_TLB0 \need, 9f
	MISS_RESTORE
	rfi
.endm

/*
 * The user address falls through; a kernel address has a copy of the walk
 * of its own (7:), so neither path branches back.
 */
.macro MISS_HANDLER name, need, slow, counter
	.globl	\name
	.balign	16
\name:
	MISS_SAVE \counter
	mfspr	r10, SPRN_MAS2			/* EPN of the miss, WIMGE 0 */
	srdi.	r11, r10, REGION_SHIFT
	bne-	7f				/* not a user address */
	mfspr	r11, SPRN_SPRG_UPGD		/* the kernel's context: an empty PGD */
	rotldi	r10, r10, UPPER_ROT		/* the PGD and PUD indexes into the low word */
	PGD_ENTRY
	TABLE_OR_LEAF 9f			/* no leaf at PGD level */
	WALK_FROM_PUD \need
7:	KERNEL_PUD 9f
	rotldi	r10, r10, UPPER_ROT
	WALK_FROM_PUD \need
	.globl	\name\()_leaf, \name\()_slow	/* the huge path and the way to C, for make bench's trace */
6:	rotldi	r10, r10, E500_64_PUD_SHIFT	/* a leaf PUD: the EPN again */
\name\()_leaf:
8:	mtspr	SPRN_SPRG6, r12
	LOAD_TLB1 \need, 5f
	mfspr	r12, SPRN_SPRG6
	MISS_RESTORE
	rfi
5:	mfspr	r12, SPRN_SPRG6
\name\()_slow:
9:	MISS_RESTORE
	b	\slow
.endm

	MISS_HANDLER e64_dtlb_miss, SPRN_SPRG_DNEED64, e64_vec_dtlb, E64_PC_DMISS
	MISS_HANDLER e64_itlb_miss, SPRN_SPRG_INEED64, e64_vec_itlb, E64_PC_IMISS

	.globl	e64_tlb_miss_end
e64_tlb_miss_end:
