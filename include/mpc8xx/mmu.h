/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx MMU register layouts (docs/hw/mpc8xx.md sections 3, 6) and
 * the values this kernel programs: access-protection groups, the pinned
 * entries.  Page-table bits live in mmu/pte-mpc8xx.h.  Shared by C and asm.
 */
#ifndef PPCMMU_MPC8XX_MMU_H
#define PPCMMU_MPC8XX_MMU_H

#include "linear.h"

/* MI_CTR / MD_CTR */
#define MX_CTR_GPM		0x80000000	/* domain-manager mode (unused) */
#define MX_CTR_PPM		0x40000000	/* 1 KB sub-pages (unused) */
#define MX_CTR_CIDEF		0x20000000
#define MD_CTR_WTDEF		0x10000000
#define MX_CTR_RSV4		0x08000000	/* entries 28..31 reserved (pinned) */
#define MD_CTR_TWAM		0x04000000	/* 4 KB tablewalk-assist mode */
#define MX_CTR_PPCS		0x02000000
#define MX_CTR_INDX_SHIFT	8
#define MX_CTR_INDX_MASK	0x00001F00	/* next entry written = replacement counter */

#define TLB_ENTRIES		32
#define TLB_FIRST_PINNED	28

/* MI_EPN / MD_EPN, and the debug CAM read-out (same layout, sim/README.md) */
#define MX_EPN_MASK		0xFFFFF000
#define MX_EPN_EV		0x00000200
#define MX_EPN_ASID_MASK	0x0000000F

/* MI_TWC / MD_TWC (level-1 attributes), and the debug RAM0 read-out */
#define MX_TWC_L2TB_MASK	0xFFFFF000
#define MX_TWC_APG_SHIFT	5
#define MX_TWC_APG_MASK		0x000001E0
#define MX_TWC_G		0x00000010
#define MX_TWC_PS_MASK		0x0000000C
#define MX_TWC_PS_512K		0x00000004
#define MX_TWC_PS_8M		0x0000000C
#define MD_TWC_WT		0x00000002
#define MX_TWC_V		0x00000001

/* MI_RPN / MD_RPN (level-2 descriptor), and the debug RAM1 read-out */
#define MX_RPN_MASK		0xFFFFF000
#define MX_RPN_PP_MASK		0x00000C00	/* bits 20..21 */
#define MX_RPN_PP_SHIFT		10
#define MX_RPN_PP20		0x00000800	/* PP bit 20 */
#define MX_RPN_PP21		0x00000400	/* PP bit 21: extended 01 = execute (I), read (D) */
#define MX_RPN_E		0x00000200	/* extended PP encoding */
#define MX_RPN_C		0x00000100	/* changed (DTLB) */
/* MI_RPN bits 20 and 23 stay clear in every ITLB entry (Linux's rule). */
#define MI_RPN_CLEAR		(MX_RPN_PP20 | MX_RPN_C)
#define MX_RPN_SUBPAGES		0x000000F0	/* bits 24..27: 1111 with PPM = PPCS = 0 */
#define MX_RPN_SPS		0x00000008
#define MX_RPN_SH		0x00000004
#define MX_RPN_CI		0x00000002
#define MX_RPN_V		0x00000001

/*
 * Access-protection groups (Mx_AP, PowerPC key mode), Linux's values.  The
 * level-1 APG of an entry is 0 0 USER ACCESSED (pte-mpc8xx.h), so
 *   group 0  kernel, not accessed   11: checked as user -> no access
 *   group 1  kernel, accessed       01: the page's own definition
 *   group 2  user, not accessed     11: no access
 *   group 3  user, accessed         I 10 (swapped: user may execute an
 *            "exec supervisor" page, the kernel may not), D 00 (both
 *            checked as supervisor: user pages are PowerPC RW or
 *            extended RO, valid for either)
 */
#define MI_AP_INIT		0xDE000000
#define MD_AP_INIT		0xDC000000

/*
 * Pinned entries (RSV4I/RSV4D, entries 28..31), written at boot:
 *   ITLB 28..30, DTLB 28..30: the linear map, 8 MB pages KERNEL_VA + n * 8M
 *     -> n * 8M, as many as RAM holds whole (at most PINNED_LINEAR_MAX: an
 *     entry never reaches past the end of RAM; start-up pins entry 28, the
 *     one it runs from, C the others), kernel group 1, RPN = PowerPC PP 00 (supervisor R/W or
 *     execute, user nothing) | sub-pages | SPS | SH | V, plus C in the DTLB
 *     (the ITLB keeps bit 23 clear, MI_RPN_CLEAR)
 *   DTLB 31: the IMMR window, 512 KB identity-mapped, cache-inhibited, guarded.
 *   ITLB 31 stays empty: the ITLB pins exactly the span the DTLB does, or a
 *   data fault above the linear map (whose tlbie hits both TLBs) would drop it.
 */
#define PINNED_PAGE		0x00800000
#define PINNED_LINEAR_MAX	3			/* 24 MB: the linear map at most */
#define PINNED_TWC_8M		(MX_TWC_PS_8M | (1 << MX_TWC_APG_SHIFT) | MX_TWC_V)
#define PINNED_RPN_I		(MX_RPN_SUBPAGES | MX_RPN_SPS | MX_RPN_SH | MX_RPN_V)
#define PINNED_RPN_D		(PINNED_RPN_I | MX_RPN_C)
#define PINNED_IMMR_ENTRY	31
#define PINNED_IMMR_SIZE	0x00080000
#define PINNED_TWC_IMMR		(MX_TWC_PS_512K | (1 << MX_TWC_APG_SHIFT) | MX_TWC_G | MX_TWC_V)
#define PINNED_RPN_IMMR		(PINNED_RPN_D | MX_RPN_CI)

#endif
