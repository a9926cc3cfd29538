/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 in hash mode with 4K pages: Linux's hash-4k page-table layout
 * after the hugepd removal (docs/hw/book3s64-hash.md, "page tables").
 * Shared by the format (mmu/pgtable-book3s64.c), the hash-fault path
 * (tlb/) and the tests.
 *
 * Four levels, from the top: PGD 9 index bits (128G an
 * entry), PUD 9 (256M), PMD 7 (2M), PTE 9 (4K): 46 bits of address.  Every
 * entry is one big-endian doubleword.  An entry above the PTE level is 0,
 * a table (its physical address | _PAGE_PRESENT) or a leaf (_PAGE_PTE set):
 * a 16M page is 8 consecutive leaf PMD entries, a 16G page 64 consecutive
 * leaf PUD entries, entry i holding the page's address + i * the entry's
 * span.  The fault path records where it put a page's HPTE in the PTE (the
 * first entry of a run): HASHPTE, SECONDARY and the slot in the group.
 */
#ifndef PPCMMU_PTE_BOOK3S64_H
#define PPCMMU_PTE_BOOK3S64_H

#define B3_PAGE_SHIFT		12
#define B3_PTE_INDEX_BITS	9
#define B3_PMD_INDEX_BITS	7
#define B3_PUD_INDEX_BITS	9
#define B3_PGD_INDEX_BITS	9
#define B3_PMD_SHIFT		(B3_PAGE_SHIFT + B3_PTE_INDEX_BITS)	/* 21 */
#define B3_PUD_SHIFT		(B3_PMD_SHIFT + B3_PMD_INDEX_BITS)	/* 28 */
#define B3_PGD_SHIFT		(B3_PUD_SHIFT + B3_PUD_INDEX_BITS)	/* 37 */
#define B3_VA_BITS		(B3_PGD_SHIFT + B3_PGD_INDEX_BITS)	/* 46 */
#define B3_PA_BITS		53		/* the RPN field: bits 12..52 */
#define B3_16M_SHIFT		24
#define B3_16G_SHIFT		34

#define _PAGE_PRESENT		0x8000000000000000
#define _PAGE_PTE		0x4000000000000000	/* a leaf, at any level */
#define H_PAGE_HASHPTE		0x1000000000000000	/* an HPTE may exist for it */
#define H_PAGE_F_SECOND		0x0100000000000000	/* ... in the secondary group */
#define H_PAGE_F_GIX		0x00e0000000000000	/* ... in this slot of the group */
#define H_PAGE_F_GIX_SHIFT	53
#define B3_RPN_MASK		0x001ffffffffff000	/* the page's physical address */
#define _PAGE_ACCESSED		0x100
#define _PAGE_DIRTY		0x080
#define H_PAGE_BUSY		0x040			/* the fault path holds it */
#define _PAGE_CACHE_MASK	0x030
#define _PAGE_TOLERANT		0x030			/* cache-inhibited */
#define _PAGE_NON_IDEMPOTENT	0x020			/* cache-inhibited and guarded */
#define _PAGE_PRIVILEGED	0x008			/* kernel only */
#define _PAGE_READ		0x004
#define _PAGE_WRITE		0x002
#define _PAGE_EXEC		0x001
#define B3_TABLE_MASKED_BITS	0xc0000000000000ff	/* a table entry's bits that are not its address */

#endif
