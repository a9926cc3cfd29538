/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx TLB misses: ITLB miss (0x1100), DTLB miss (0x1200), run with
 * translation off.  The TLB errors (0x1300, 0x1400) take the generic
 * exception path (boot/mpc8xx-vectors.S); the C fault path purges the
 * invalid entry a retry would meet (boot/mpc8xx-trap.c), where it knows
 * which pages are pinned.
 *
 * The miss handlers reload one entry from the page tables with the
 * tablewalk assist (MD_CTR[TWAM] = 1), straight line, no branch, no check:
 *   M_TWB  -> address of the level-1 entry (PMD) of the EA held in MD_EPN
 *   MD_TWC <- PMD; MD_TWC -> address of the level-2 entry (PTE) (for an 8M
 *             PMD, PS = 11, the first slot of its table: every slot of an 8M
 *             table holds a correct entry, the TLB ignores RPN bits below 8M)
 *   Mx_TWC <- PMD | PTE's GUARDED and ACCESSED (TWC G and APG lsb) |
 *             _PAGE_HUGE rotated into PS (512K)
 *   Mx_RPN <- PTE with the hardware fields fixed up (see each handler);
 *             the write creates the entry the replacement counter names.
 * Whatever the tables hold is loaded: a zero PMD or a non-present PTE gives
 * an entry with V = 0, and the retried access raises a TLB *error*.
 *
 * Address spaces: M_TWB holds the physical address of the running space's
 * PGD (the kernel's in the kernel, the user's PGD in user mode: switched by
 * the exception prologue and exc_return, boot/mpc8xx-vectors.S), M_CASID its
 * id; kernel PTEs carry SH.  So neither handler looks at MSR[PR] or the EA:
 * user, kernel, 4K, 16K, 512K and 8M pages take the same instructions.
 *
 * Every rotate and mask below is written with the named fields of
 * mmu/pte-mpc8xx.h and mpc8xx/mmu.h; the layout facts each one relies on are
 * checked here at build time.  The handlers are straight-line code, so the
 * path length (vector through rfi) is the instruction count of each vector,
 * checked against MPC8XX_[ID]TLB_MISS_INSNS (tlb/mpc8xx-tlb.h) at assembly.
 */
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/frame.h"
#include "mmu/pte-mpc8xx.h"
#include "tlb/mpc8xx-tlb.h"

/* Rotates (left) that carry a PTE field onto a TLB field. */
#define PTE_HUGE_TO_TWC_PS	(32 - 9)	/* _PAGE_HUGE -> Mx_TWC PS = 512K */
#define PTE_EXEC_TO_MI_PP	4		/* _PAGE_EXEC -> MI_RPN PP bit 21 */

/* Fields that move with a rotate of 0: the PTE bit is the TLB bit. */
#if _PAGE_GUARDED != MX_TWC_G || _PAGE_ACCESSED != (1 << MX_TWC_APG_SHIFT) || \
    _PMD_ACCESSED != _PAGE_ACCESSED
#error "_PAGE_GUARDED/_PAGE_ACCESSED are not Mx_TWC G and the APG lsb"
#endif
#if (_PAGE_HUGE >> (32 - PTE_HUGE_TO_TWC_PS)) != MX_TWC_PS_512K || _PMD_PAGE_512K != MX_TWC_PS_512K
#error "_PAGE_HUGE is not one rotate from Mx_TWC PS = 512K"
#endif
#if (_PAGE_EXEC << PTE_EXEC_TO_MI_PP) != MX_RPN_PP21
#error "_PAGE_EXEC is not one rotate from MI_RPN PP bit 21"
#endif
/* Fields that reach Mx_RPN unchanged (the RPN, PP/E, C, SPS, SH, CI, V). */
#if _PAGE_RPN_MASK != MX_RPN_MASK || _PAGE_DIRTY != MX_RPN_C || _PAGE_SPS != MX_RPN_SPS || \
    _PAGE_SH != MX_RPN_SH || _PAGE_NO_CACHE != MX_RPN_CI || _PAGE_PRESENT != MX_RPN_V
#error "a PTE field is not at its Mx_RPN place"
#endif
#if _PAGE_NA != MX_RPN_E || _PAGE_RO != (MX_RPN_E | MX_RPN_PP21) || _PAGE_RW != 0
#error "_PAGE_NA/_PAGE_RO/_PAGE_RW are not the DTLB PP codes"
#endif
#if _PAGE_HUGE != MX_RPN_PP20
#error "_PAGE_HUGE is not the PP bit 20 the DTLB miss clears"
#endif
#if RPN_PATTERN != MX_RPN_SUBPAGES
#error "RPN_PATTERN is not the four sub-page bits"
#endif
/* The PMD is Mx_TWC as is. */
#if _PMD_TABLE_MASK != MX_TWC_L2TB_MASK || _PMD_PRESENT != MX_TWC_V || \
    _PMD_PAGE_MASK != MX_TWC_PS_MASK || _PMD_PAGE_8M != MX_TWC_PS_8M || \
    _PMD_USER != (2 << MX_TWC_APG_SHIFT)
#error "a PMD field is not at its Mx_TWC place"
#endif

.macro COUNT field
#ifdef CONFIG_TLB_STATS
	lwz	r10, PCPU(\field)(0)
	addi	r10, r10, 1
	stw	r10, PCPU(\field)(0)
#endif
.endm

/*
 * The instructions both handlers share, as macros: the register list of
 * each handler below includes what its macros use.
 * Entry: free r10 and r11 (SPRG2, M_TW), count the miss.
 */
.macro MISS_ENTER counter
	mtspr	SPRN_SPRG_MISS_R10, r10
	mtspr	SPRN_SPRG_MISS_R11, r11
	COUNT	\counter
.endm

/*
 * The walk, through the tablewalk assist (MD_EPN names the EA): reads M_TWB
 * and MD_TWC, writes MD_TWC; out r11 = PMD, r10 = PTE, and \twc (MI_TWC or
 * MD_TWC) = the PMD with the PTE's GUARDED and ACCESSED and _PAGE_HUGE
 * rotated into PS.
 */
.macro WALK_TO_TWC twc
	mfspr	r10, SPRN_M_TWB
	lwz	r11, 0(r10)			/* PMD */
	mtspr	SPRN_MD_TWC, r11
	mfspr	r10, SPRN_MD_TWC
	lwz	r10, 0(r10)			/* PTE */
	rlwimi	r11, r10, 0, _PAGE_GUARDED | _PAGE_ACCESSED
	rlwimi	r11, r10, PTE_HUGE_TO_TWC_PS, MX_TWC_PS_512K
	mtspr	\twc, r11
.endm

/* Exit: restore r10 and r11, back to the access. */
.macro MISS_EXIT
	mfspr	r10, SPRN_SPRG_MISS_R10
	mfspr	r11, SPRN_SPRG_MISS_R11
	rfi
.endm

/* The instruction count of a straight-line handler from \start to here. */
.macro CHECK_LENGTH start, insns
	.if (. - \start) != 4 * (\insns)
	.error "TLB-miss path length changed: update MPC8XX_*TLB_MISS_INSNS and the docs"
	.endif
.endm

/*
 * ITLB miss.
 * Registers:
 *   r10     fetch EA (SRR0), L1 entry address, L2 entry address, PTE,
 *           MI_RPN value; saved in SPRN_SPRG_MISS_R10 (SPRG2)
 *   r11     PMD, MI_TWC value; saved in SPRN_SPRG_MISS_R11 (M_TW)
 *   SRR0    read; MD_EPN written (the walk indexes with MD_EPN, not MI_EPN);
 *   M_TWB, MD_TWC read; MD_TWC, MI_TWC, MI_RPN written
 *   CR, SRR1, DAR, DSISR not touched; with CONFIG_TLB_STATS r10 also counts
 *   into the per-CPU block (PCPU_PA, absolute addressing)
 * Exceptions taken here: none (two loads from RAM, physical).
 *
 * MI_RPN = PTE with bits 20..23 cleared (PP, E, C: the ITLB entry keeps
 * bits 20 and 23 clear, as every Linux ITLB miss does), _PAGE_EXEC rotated
 * into PP bit 21, then E and the four sub-page bits set: PP = extended 01,
 * "execute for the supervisor key", when _PAGE_EXEC, extended 00, "no
 * access", otherwise.
 */
	.section .vec.0x1100, "ax"
	.globl	mpc8xx_itlb_miss
mpc8xx_itlb_miss:
	MISS_ENTER	PC_IMISS
	mfspr	r10, SPRN_SRR0			/* the fetch EA ... */
	mtspr	SPRN_MD_EPN, r10		/* ... indexes the walk */
	WALK_TO_TWC	SPRN_MI_TWC
	rlwinm	r10, r10, 0, ~(MX_RPN_PP_MASK | MX_RPN_E | MX_RPN_C)
	rlwimi	r10, r10, PTE_EXEC_TO_MI_PP, MX_RPN_PP21
	ori	r10, r10, MX_RPN_E | MX_RPN_SUBPAGES
	mtspr	SPRN_MI_RPN, r10
	MISS_EXIT
	CHECK_LENGTH mpc8xx_itlb_miss, MPC8XX_ITLB_MISS_INSNS

/*
 * DTLB miss.
 * Registers:
 *   r10     L1 entry address, L2 entry address, PTE, MD_RPN value; saved in
 *           SPRN_SPRG_MISS_R10 (SPRG2)
 *   r11     PMD, MD_TWC value; saved in SPRN_SPRG_MISS_R11 (M_TW)
 *   M_TWB, MD_TWC read (MD_EPN, loaded by the hardware, names the EA);
 *   MD_TWC, MD_RPN written
 *   CR, SRR0, SRR1, DAR, DSISR not touched; with CONFIG_TLB_STATS r10 also
 *   counts into the per-CPU block (PCPU_PA, absolute addressing)
 * Exceptions taken here: none (two loads from RAM, physical).
 *
 * MD_RPN = PTE with _PAGE_HUGE (PP bit 20) cleared and bits 24..27 set: PP
 * (RW = PowerPC 00, RO = extended 01, NA = extended 00), C = _PAGE_DIRTY,
 * SPS, SH, CI, V pass unchanged.  Linux passes _PAGE_HUGE and relies on the
 * silicon ignoring PP bit 20 for large pages, which no manual says; clearing
 * it costs the instruction Linux spends on its DAR tag, which this kernel
 * writes in the exception prologue instead (boot/mpc8xx-vectors.S).
 */
	.section .vec.0x1200, "ax"
	.globl	mpc8xx_dtlb_miss
mpc8xx_dtlb_miss:
	MISS_ENTER	PC_DMISS
	WALK_TO_TWC	SPRN_MD_TWC
	rlwinm	r10, r10, 0, ~_PAGE_HUGE
	ori	r10, r10, RPN_PATTERN
	mtspr	SPRN_MD_RPN, r10
	MISS_EXIT
	CHECK_LENGTH mpc8xx_dtlb_miss, MPC8XX_DTLB_MISS_INSNS
