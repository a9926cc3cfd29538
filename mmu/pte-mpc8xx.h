/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx page-table entry format with 4 KB base pages, bit-compatible with
 * Linux after "Reimplement huge pages without hugepd" (nohash/32/pte-8xx.h;
 * facts in docs/hw/mpc8xx.md section 7).  Shared by C and the TLB-miss
 * handlers.  Bit numbers below are IBM ones (bit 0 = 0x80000000).
 *
 * PTE (level-2 descriptor), 32 bits, big endian:
 *
 *   | RPN | PP: HUGE/RO/NA | C = DIRTY | SPECIAL EXEC ACCESSED GUARDED | SPS | SH | CI | V |
 *     0-19   20   21   22       23         24      25     26      27      28    29   30   31
 *
 * Where the Linux handlers move each field (one rlwimi/rlwinm each):
 *   MD_RPN  = pte with bits 24..27 forced to 1111 (RPN_PATTERN): RPN, PP (bits
 *             20..22, _PAGE_HUGE included: docs/hw/mpc8xx.md 7.4), C, SPS, SH,
 *             CI and V land unchanged.
 *   MI_RPN  = pte with bits 20..23 cleared, _PAGE_EXEC (bit 25) << 4 into PP
 *             bit 21, | 0x2F0 (extended encoding, bits 24..27 = 1111).
 *   Mx_TWC  = the PMD, plus _PAGE_GUARDED and _PAGE_ACCESSED (0x30) inserted
 *             at the same positions (TWC G and the APG lsb), plus _PAGE_HUGE
 *             rotated right by 9 into PS (0x800 -> 0x004: PS = 01, 512K).
 *
 * PMD (level-1 descriptor), 32 bits: the PHYSICAL address of a 4 KB table of
 * 1024 PTEs (the tablewalk runs untranslated) | flags:
 *
 *   | L2TB | 0 0 0 | APG: 0 0 USER ACCESSED | G | PS | WT | V |
 *     0-19   20-22        23 24 25   26        27  28-29 30   31
 *
 *   _PMD_USER selects APG groups 2/3 (user), clear 0/1 (kernel); _PMD_ACCESSED
 *   is never stored in a PMD (the handler copies it from the PTE); PS = 11
 *   (_PMD_PAGE_8M) on both PMDs of an 8M page; _PMD_PAGE_512K is never stored
 *   (512K comes from _PAGE_HUGE in the PTE).  Mx_TWC takes the PMD as is.
 *
 * Page sizes, all runs of PTEs of 4 KB span, slot i holding base + i * 4K:
 *   4K: one PTE.  16K: 4 slots, _PAGE_SPS.  512K: 128 slots, _PAGE_SPS |
 *   _PAGE_HUGE, normal PMD.  8M: the 8M-aligned pair of PMDs, each with
 *   _PMD_PAGE_8M and a table of its own (1024 slots each), _PAGE_SPS | _PAGE_HUGE.
 */
#ifndef PPCMMU_PTE_8XX_H
#define PPCMMU_PTE_8XX_H

/* PTE bits */
#define _PAGE_PRESENT		0x0001	/* V */
#define _PAGE_NO_CACHE		0x0002	/* CI */
#define _PAGE_SH		0x0004	/* SH: shared, ASID not compared (kernel pages) */
#define _PAGE_SPS		0x0008	/* SPS: 16K, 512K, 8M */
#define _PAGE_GUARDED		0x0010	/* SW, into TWC G */
#define _PAGE_ACCESSED		0x0020	/* SW, into TWC APG lsb */
#define _PAGE_EXEC		0x0040	/* SW, into MI_RPN PP bit 21 */
#define _PAGE_SPECIAL		0x0080	/* SW */
#define _PAGE_DIRTY		0x0100	/* C */
#define _PAGE_NA		0x0200	/* PP extended 00: no access */
#define _PAGE_RO		0x0600	/* PP extended 01: supervisor read-only */
#define _PAGE_HUGE		0x0800	/* SW, into TWC PS (512K) */
#define _PAGE_RW		0x0000	/* PP PowerPC 00: supervisor read/write */
#define _PAGE_PP_MASK		0x0600	/* NA / RO / RW */
#define _PAGE_RPN_MASK		0xFFFFF000

/* PMD bits */
#define _PMD_PRESENT		0x0001	/* TWC V */
#define _PMD_PAGE_MASK		0x000C	/* TWC PS */
#define _PMD_PAGE_8M		0x000C
#define _PMD_PAGE_512K		0x0004	/* never stored in a PMD */
#define _PMD_ACCESSED		0x0020	/* APG lsb, never stored in a PMD */
#define _PMD_USER		0x0040	/* APG groups 2/3 */
#define _PMD_BAD		0x0F90
#define _PMD_TABLE_MASK		0xFFFFF000

/* ORed into MD_RPN bits 24..27 on every load; also the DAR tag after a DTLB miss. */
#define RPN_PATTERN		0x00F0

#define MPC8XX_PAGE_SHIFT	12
#define MPC8XX_PGD_SHIFT	22	/* one PMD maps 4 MB */
#define MPC8XX_PTRS_PER_PGD	1024
#define MPC8XX_PTRS_PER_PTE	1024
#define MPC8XX_PGD_BYTES	(MPC8XX_PTRS_PER_PGD * 4)
#define MPC8XX_PTE_TABLE_BYTES	(MPC8XX_PTRS_PER_PTE * 4)

#endif
