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
 * Registers (miss handlers):
 *   r10   EA, L1 address, L2 address, PTE, RPN value; saved in SPRG2
 *   r11   PMD, TWC value; saved in M_TW
 *   CR    not touched
 *   MD_EPN (ITLB only: the fetch EA, so that M_TWB/MD_TWC index it),
 *   MD_TWC, Mx_TWC, Mx_RPN written; with CONFIG_TLB_STATS the miss counter
 *   in the per-CPU block (PCPU_PA, absolute addressing) is incremented.
 * Exceptions taken here: none (two loads from RAM, physical).
 *
 * Path length, exception vector through rfi, without CONFIG_TLB_STATS:
 * DTLB miss 16 instructions, ITLB miss 18 (3 more each with the counters).
 */
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/frame.h"
#include "mmu/pte-8xx.h"

.macro COUNT field
#ifdef CONFIG_TLB_STATS
	lwz	r10, PCPU(\field)(0)
	addi	r10, r10, 1
	stw	r10, PCPU(\field)(0)
#endif
.endm

/*
 * ITLB miss.  MI_RPN = PTE with bits 20..23 := PTE bits 24..27 (SPECIAL,
 * EXEC, ACCESSED, GUARDED: one rlwimi), then E and the four sub-page bits
 * set: PP = extended (SPECIAL, EXEC), i.e. "execute for the supervisor key"
 * when _PAGE_EXEC, "no access" otherwise (Linux builds the same PP with
 * three instructions).  This kernel never sets _PAGE_SPECIAL (pgtable-8xx.c
 * has no use for it), so PP bit 20 is 0; bit 23, the changed bit, is the
 * PTE's GUARDED, set only on pages whose fetches the ITLB refuses anyway.
 */
	.section .vec.0x1100, "ax"
	.globl	mpc8xx_itlb_miss
mpc8xx_itlb_miss:
	mtspr	SPRN_SPRG_MISS_R10, r10
	mtspr	SPRN_SPRG_MISS_R11, r11
	COUNT	PC_IMISS
	mfspr	r10, SPRN_SRR0			/* the fetch EA ... */
	mtspr	SPRN_MD_EPN, r10		/* ... indexes the walk */
	mfspr	r10, SPRN_M_TWB
	lwz	r11, 0(r10)			/* PMD */
	mtspr	SPRN_MD_TWC, r11
	mfspr	r10, SPRN_MD_TWC
	lwz	r10, 0(r10)			/* PTE */
	rlwimi	r11, r10, 0, 26, 27		/* G, APG lsb = GUARDED, ACCESSED */
	rlwimi	r11, r10, 32 - 9, 29, 29	/* PS = 512K if _PAGE_HUGE */
	mtspr	SPRN_MI_TWC, r11
	rlwimi	r10, r10, 4, 20, 23		/* PP = SPECIAL(0), EXEC */
	ori	r10, r10, MX_RPN_E | RPN_PATTERN
	mtspr	SPRN_MI_RPN, r10
	mfspr	r10, SPRN_SPRG_MISS_R10
	mfspr	r11, SPRN_SPRG_MISS_R11
	rfi

/*
 * DTLB miss.  MD_EPN and M_TWB already name the EA.  MD_RPN = PTE with
 * bit 20 cleared and bits 24..27 set: PP (RW = PowerPC 00, RO = extended
 * 01, NA = extended 00), C = _PAGE_DIRTY, SPS, SH, CI, V pass unchanged.
 * Bit 20 is _PAGE_HUGE, a PP bit to the TLB: Linux passes it and relies on
 * the silicon ignoring it for large pages (addendum section 7); clearing it
 * costs the instruction Linux spends on its DAR tag, which this kernel
 * writes in the exception prologue instead (boot/mpc8xx-vectors.S).
 */
	.section .vec.0x1200, "ax"
	.globl	mpc8xx_dtlb_miss
mpc8xx_dtlb_miss:
	mtspr	SPRN_SPRG_MISS_R10, r10
	mtspr	SPRN_SPRG_MISS_R11, r11
	COUNT	PC_DMISS
	mfspr	r10, SPRN_M_TWB
	lwz	r11, 0(r10)			/* PMD */
	mtspr	SPRN_MD_TWC, r11
	mfspr	r10, SPRN_MD_TWC
	lwz	r10, 0(r10)			/* PTE */
	rlwimi	r11, r10, 0, 26, 27		/* G, APG lsb = GUARDED, ACCESSED */
	rlwimi	r11, r10, 32 - 9, 29, 29	/* PS = 512K if _PAGE_HUGE */
	mtspr	SPRN_MD_TWC, r11
	rlwinm	r10, r10, 0, 21, 19		/* clear bit 20 (_PAGE_HUGE) */
	ori	r10, r10, RPN_PATTERN
	mtspr	SPRN_MD_RPN, r10
	mfspr	r10, SPRN_SPRG_MISS_R10
	mfspr	r11, SPRN_SPRG_MISS_R11
	rfi
