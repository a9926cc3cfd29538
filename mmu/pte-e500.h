/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500/32 page-table entry format with 64-bit PTEs, bit-compatible with
 * Linux 6.11 (pte-e500.h after the hugepd removal).  Shared by C and the
 * TLB-miss handlers in tlb/e500-miss.S.
 *
 * A PTE is 64 bits, big endian: pte = (pfn << 24) | flags.  The low word
 * holds the flags and pfn[0..7] in its top byte; the high word holds pfn >> 8.
 *
 *   low word   | pfn & 0xff | W I M G E | A | U0..U3 | SW0 | D | TSIZE | UX SX UW SW UR SR | SW1 | P |
 *              31        24 23     19  18  17    14   13   12  11    8  7                  2   1   0
 *
 * How the miss handler moves the fields (one rlwinm/rlwimi each):
 *   MAS3[RPN]   = (high << 20) | ((low >> 24) << 12)
 *   MAS3[perms] = (low >> 2) & 0x3f         (BAP bits are MAS3 UX..SR shifted left by 2)
 *   MAS7        = (high >> 12) & 0xf        (PA bits 32..35)
 *   MAS2[WIMGE] = (low >> 19) & 0x1f
 *
 * PGD: 2048 eight-byte entries of 2 MB.  An entry is 0 (none), a pointer to a
 * 4 KB table of 512 PTEs in its low word (a kernel virtual address, so its
 * 0xf00 field is 0), or a leaf: a PTE whose TSIZE field says 4M..1G, repeated
 * over size/2M consecutive entries, entry i mapping base + i * 2M.
 *
 * The miss handler tells the three apart with one signed compare of the low
 * word: a table pointer is a kernel address (0xC0000000 and up: negative);
 * none is 0; a leaf's low word is below 0x01000000, because a huge page of
 * 4 MB or more starts on a 4 MB boundary, so pfn[0..7] is 0 in every entry of
 * its run.  pt_ref() must therefore return addresses with the top bit set.
 *
 * Word order on several cores: the low word (PRESENT) decides.  A writer
 * filling an entry stores the high word, mbar, then the low word; one
 * emptying it clears the low word, and the high word only after the TLB
 * shootdown, so a miss handler that read the old low word still meets the old
 * high word.  An entry whose low word is 0 is empty, whatever its high word.
 */
#ifndef PPCMMU_PTE_E500_H
#define PPCMMU_PTE_E500_H

#define _PAGE_PRESENT		0x000001
#define _PAGE_SW1		0x000002
#define _PAGE_BAP_SR		0x000004
#define _PAGE_BAP_UR		0x000008
#define _PAGE_BAP_SW		0x000010
#define _PAGE_BAP_UW		0x000020
#define _PAGE_BAP_SX		0x000040
#define _PAGE_BAP_UX		0x000080
#define _PAGE_PSIZE_MSK		0x000f00
#define _PAGE_TSIZE_4K		0x000100
#define _PAGE_DIRTY		0x001000
#define _PAGE_SPECIAL		0x002000	/* SW0 */
#define _PAGE_U3		0x004000
#define _PAGE_U2		0x008000
#define _PAGE_U1		0x010000
#define _PAGE_U0		0x020000
#define _PAGE_ACCESSED		0x040000
#define _PAGE_ENDIAN		0x080000
#define _PAGE_GUARDED		0x100000
#define _PAGE_COHERENT		0x200000
#define _PAGE_NO_CACHE		0x400000
#define _PAGE_WRITETHRU		0x800000

#define _PAGE_READ		(_PAGE_BAP_SR | _PAGE_BAP_UR)
#define _PAGE_WRITE		(_PAGE_BAP_SW | _PAGE_BAP_UW)
#define _PAGE_EXEC		(_PAGE_BAP_SX | _PAGE_BAP_UX)
#define _PAGE_USER_BITS		(_PAGE_BAP_UR | _PAGE_BAP_UW | _PAGE_BAP_UX)

#define PTE_BAP_SHIFT		2
#define PTE_WIMGE_SHIFT		19
#define PTE_RPN_SHIFT		24
#define _PAGE_PSIZE_SHIFT	7	/* size = 1 << (((pte & 0xf00) >> 7) + 10) */
#define _PAGE_PSIZE_SHIFT_OFFSET 10
/*
 * e500 in 64-bit mode only (the project's choice, Linux has none: it refuses
 * odd shifts): a huge page whose log2(size) is odd (2M, 8M, 32M, 128M, 512M,
 * which the e6500's MMU architecture 2.0 has) keeps TSIZE = log4 of half its
 * size in the field above and sets SW1: size = 1 << (((pte & 0xf00) >> 7) +
 * 10 + odd).  The miss handler turns it into MAS1[TSIZE] of MMU v2.0, 5 bits
 * at 0xf80 counting powers of 2: the field's bits and SW1 as its lowest bit
 * (0x80).  SW1 is 0 in every other entry, so nothing else changes.
 */
#define _PAGE_PSIZE_ODD		_PAGE_SW1
#define _PAGE_PSIZE_ODD_SHIFT	1	/* its bit number */

#define E500_PAGE_SHIFT		12	/* one PTE maps 4 KB */
#define E500_PGD_SHIFT		21	/* one PGD entry maps 2 MB */
#define E500_ENTRY_SHIFT	3	/* 8-byte entries at both levels */
#define E500_PGD_INDEX_BITS	11
#define E500_PTE_INDEX_BITS	9
#define E500_PTRS_PER_PGD	(1 << E500_PGD_INDEX_BITS)
#define E500_PTRS_PER_PTE	(1 << E500_PTE_INDEX_BITS)
#define E500_ENTRY_HI		0	/* byte offset of the high word (pfn >> 8) */
#define E500_ENTRY_LO		4	/* byte offset of the low word (flags) */
#define E500_PGD_BYTES		(E500_PTRS_PER_PGD * 8)
#define E500_PTE_TABLE_BYTES	(E500_PTRS_PER_PTE * 8)

/*
 * e500 in 64-bit mode (e5500, e6500), Linux's 64e table for 4K pages: the
 * same 64-bit entries, four levels, every entry a big-endian doubleword read
 * and written whole (ld/std), so no word order is needed.
 *   level  index bits  one entry maps        table
 *   PGD    9 (37..45)  128G                  512 entries, 4 KB
 *   PUD    9 (28..36)  256M: a leaf 256M/1G   512 entries, 4 KB
 *   PMD    7 (21..27)  2M: a leaf 2M..64M     128 entries, 1 KB (a 4 KB block here)
 *   PTE    9 (12..20)  4K                     512 entries, 4 KB
 * 46 bits are indexed; the bits above are the space's (kernel or user) and
 * are not part of any index.  A table entry is pt_ref() of the next table (a
 * kernel virtual address, 4 KB aligned: its TSIZE field is 0); a leaf is a
 * PTE with its TSIZE field set, repeated over size / span entries of its
 * level, entry i mapping base + i * span (4M, 16M, 64M: 2, 8, 32 PMD
 * entries; 256M: one PUD entry; 1G: 4).  On a core with power-of-2 TLB1
 * sizes (e6500) also 2M (one PMD entry), 8M (4), 32M (16), 128M (64) and
 * 512M (2 PUD entries), with _PAGE_PSIZE_ODD; which sizes a core has is read
 * from its TLB1 configuration at boot (pt_e500_64_enable_sizes()).
 */
#define E500_64_PTE_INDEX_BITS	9
#define E500_64_PMD_INDEX_BITS	7
#define E500_64_PUD_INDEX_BITS	9
#define E500_64_PGD_INDEX_BITS	9
#define E500_64_PMD_SHIFT	(E500_PAGE_SHIFT + E500_64_PTE_INDEX_BITS)	/* 21 */
#define E500_64_PUD_SHIFT	(E500_64_PMD_SHIFT + E500_64_PMD_INDEX_BITS)	/* 28 */
#define E500_64_PGD_SHIFT	(E500_64_PUD_SHIFT + E500_64_PUD_INDEX_BITS)	/* 37 */
#define E500_64_VA_BITS		(E500_64_PGD_SHIFT + E500_64_PGD_INDEX_BITS)	/* 46 */
#define E500_64_PA_BITS		40

#if defined(PPCMMU_E500_64) && !defined(__ASSEMBLER__)
#include <stdint.h>
/*
 * The huge sizes this core has (bit n: a TLB1 page of 2^n bytes, as the
 * family reads TLB1PS or TLB1CFG at boot): every other size of the format is
 * refused by map() and by the pool.  Before the call: the powers of 4.
 */
void pt_e500_64_enable_sizes(uint64_t shifts);
#endif

/* What the handlers require of a PTE before loading it, per access kind. */
#define PTE_NEED_KERNEL_READ	(_PAGE_PRESENT | _PAGE_ACCESSED | _PAGE_BAP_SR)
#define PTE_NEED_USER_READ	(_PAGE_PRESENT | _PAGE_ACCESSED | _PAGE_BAP_UR)
#define PTE_NEED_KERNEL_EXEC	(_PAGE_PRESENT | _PAGE_ACCESSED | _PAGE_BAP_SX)
#define PTE_NEED_USER_EXEC	(_PAGE_PRESENT | _PAGE_ACCESSED | _PAGE_BAP_UX)

#endif
