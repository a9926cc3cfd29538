/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx page-table format with 4 KB base pages (Linux after the hugepd
 * removal, see pte-mpc8xx.h): a PGD of 1024 four-byte PMDs of 4 MB, PTE tables
 * of 1024 four-byte PTEs.  Every page size is a run of PTEs (nothing is a
 * leaf at PGD level): 4K = 1, 16K = 4, 512K = 128, 8M = 2048 over the two
 * tables of an 8M-aligned PMD pair, both PMDs flagged _PMD_PAGE_8M.
 *
 * A PMD holds the PHYSICAL address of its table (pt_phys_ref()), because the
 * miss handlers walk with translation off.
 *
 * PROT_* to entry bits (Linux's PAGE_KERNEL_* / PAGE_* values):
 *   READ and WRITE -> PP RW (0) | DIRTY (pages are pre-dirtied, as e500),
 *   READ alone -> _PAGE_RO, no READ -> _PAGE_NA (a guard page),
 *   EXEC -> _PAGE_EXEC, NOCACHE -> _PAGE_NO_CACHE, GUARDED -> _PAGE_GUARDED,
 *   no PROT_USER -> _PAGE_SH (kernel pages are shared across address spaces),
 *   plus PRESENT | ACCESSED always (the handler copies ACCESSED into the APG).
 * PROT_USER itself is the PMD's _PMD_USER (APG groups 2/3), so it is shared by
 * every page under one PMD: map()/protect() refuse a page whose PROT_USER
 * differs from its PMD's (MMU_EMIXED).  The 8xx has no M or W bit in a PTE:
 * PROT_COHERENT and PROT_WRITETHRU are MMU_EPROT.
 */
#include "pgtable.h"
#include "pte-mpc8xx.h"
#include "byteorder.h"

#define SZ_4K		0x00001000u
#define SZ_16K		0x00004000u
#define SZ_512K		0x00080000u
#define SZ_8M		0x00800000u
#define ENTRY_BYTES	4

static const struct pt_size mpc8xx_sizes[] = {
	{ SZ_4K, WALK_LEVEL_PTE, true },
	{ SZ_16K, WALK_LEVEL_PTE, true },
	{ SZ_512K, WALK_LEVEL_PTE, true },
	{ SZ_8M, WALK_LEVEL_PTE, true },
};

const struct pt_geometry pt_geo = {
	.levels		= 2,
	.level		= {
		{ MPC8XX_PGD_SHIFT, MPC8XX_PTRS_PER_PGD, ENTRY_BYTES, 0 },	/* PGD: 4 KB */
		{ MPC8XX_PAGE_SHIFT, MPC8XX_PTRS_PER_PTE, ENTRY_BYTES, 0 },	/* PTE: 4 KB */
	},
	.pa_bits	= 32,
	.sizes		= mpc8xx_sizes,
	.nr_sizes	= sizeof(mpc8xx_sizes) / sizeof(mpc8xx_sizes[0]),
};

/* The bits pte_modify() replaces; RPN, size bits, PRESENT, ACCESSED stay. */
#define PTE_PROT_MASK	(_PAGE_SH | _PAGE_NO_CACHE | _PAGE_GUARDED | _PAGE_EXEC | \
			 _PAGE_DIRTY | _PAGE_PP_MASK)
#define PROT_8XX	(PROT_READ | PROT_WRITE | PROT_EXEC | PROT_USER | \
			 PROT_NOCACHE | PROT_GUARDED)

uint64_t pt_entry_get(const void *entryp)
{
	return be32_load(entryp);
}

void pt_entry_set(void *entryp, uint64_t entry)
{
	be32_store(entryp, (uint32_t)entry);
}

void pt_entry_clear(void *entryp)
{
	be32_store(entryp, 0);
}

void pt_entry_invalidate(void *entryp)
{
	pt_entry_clear(entryp);
}

/* One word: pt_entry_invalidate() left nothing. */
void pt_entry_finish_clear(void *entryp)
{
	(void)entryp;
}

/* The 8xx has one core: no other writer can come between the load and the store. */
bool pt_entry_set_flags(void *entryp, uint64_t flags)
{
	uint32_t old = be32_load(entryp);

	if (!(old & _PAGE_PRESENT) || (flags >> 32))
		return false;
	be32_store(entryp, old | (uint32_t)flags);
	return true;
}

/* 8xx PMDs always point to a table, 8M pages included. */
bool pmd_leaf(uint64_t pmd)
{
	(void)pmd;
	return false;
}

void *pmd_table(uint64_t pmd)
{
	return pt_phys_deref((uint32_t)pmd & _PMD_TABLE_MASK);
}

static uint32_t pmd_flags(vsize_t size, unsigned int prot)
{
	return _PMD_PRESENT | (prot & PROT_USER ? _PMD_USER : 0) |
	       (size == SZ_8M ? _PMD_PAGE_8M : 0);
}

uint64_t pmd_mktable(void *table, vsize_t size, unsigned int prot)
{
	return pt_phys_ref(table) | pmd_flags(size, prot);
}

int pmd_fits(uint64_t pmd, vsize_t size, unsigned int prot)
{
	uint32_t want = pmd_flags(size, prot);

	if ((pmd & _PMD_PAGE_MASK) != (want & _PMD_PAGE_MASK))
		return MMU_EOVERLAP;
	if ((pmd & _PMD_USER) != (want & _PMD_USER))
		return MMU_EMIXED;
	return MMU_OK;
}

bool pte_present(uint64_t pte)
{
	return (pte & _PAGE_PRESENT) != 0;
}

/* As Linux: the PMD says 8M, then _PAGE_HUGE 512K, then _PAGE_SPS 16K. */
vsize_t pte_leaf_size(uint64_t pmd, uint64_t pte)
{
	if ((pmd & _PMD_PAGE_MASK) == _PMD_PAGE_8M)
		return SZ_8M;
	if (pte & _PAGE_HUGE)
		return SZ_512K;
	if (pte & _PAGE_SPS)
		return SZ_16K;
	return SZ_4K;
}

paddr_t pte_pa(uint64_t pte)
{
	return pte & _PAGE_RPN_MASK;
}

uint64_t pte_set_pa(uint64_t pte, paddr_t pa)
{
	return (pte & ~(uint64_t)_PAGE_RPN_MASK) | (pa & _PAGE_RPN_MASK);
}

/* No W bit on the 8xx: PROT_WRITETHRU is an unknown bit here (EPROT), never ECACHE. */
int pte_prot_check(unsigned int prot)
{
	unsigned int access = prot & (PROT_WRITE | PROT_EXEC | PROT_USER);

	if (prot & ~PROT_8XX)
		return MMU_EPROT;
	return !access || (prot & PROT_READ) ? MMU_OK : MMU_EPROT;
}

/* The 8xx handler takes a fault on the first store to a clean page: any leaf goes. */
int pte_leaf_check(uint64_t pte)
{
	(void)pte;
	return MMU_OK;
}

static uint32_t prot_bits(unsigned int prot)
{
	uint32_t bits = 0;

	if (!(prot & PROT_READ))
		bits |= _PAGE_NA;
	else if (prot & PROT_WRITE)
		bits |= _PAGE_RW | _PAGE_DIRTY;
	else
		bits |= _PAGE_RO;
	if (prot & PROT_EXEC)
		bits |= _PAGE_EXEC;
	if (prot & PROT_NOCACHE)
		bits |= _PAGE_NO_CACHE;
	if (prot & PROT_GUARDED)
		bits |= _PAGE_GUARDED;
	return bits;
}

static uint32_t size_bits(vsize_t size)
{
	if (size == SZ_16K)
		return _PAGE_SPS;
	if (size > SZ_16K)
		return _PAGE_SPS | _PAGE_HUGE;
	return 0;
}

/* 8M and 512K PTEs look alike: the 8M PMD pair tells them apart. */
bool pte_is_size(uint64_t pte, vsize_t size)
{
	return (pte & (_PAGE_SPS | _PAGE_HUGE)) == size_bits(size);
}

unsigned int pte_prot(uint64_t pmd, uint64_t pte)
{
	uint32_t pp = pte & _PAGE_PP_MASK;
	unsigned int prot = 0;

	if (pp != _PAGE_NA)
		prot |= PROT_READ;
	if (pp == _PAGE_RW)
		prot |= PROT_WRITE;
	if (pte & _PAGE_EXEC)
		prot |= PROT_EXEC;
	if (pmd & _PMD_USER)
		prot |= PROT_USER;
	if (pte & _PAGE_NO_CACHE)
		prot |= PROT_NOCACHE;
	if (pte & _PAGE_GUARDED)
		prot |= PROT_GUARDED;
	return prot;
}

uint64_t pte_mkleaf(paddr_t pa, vsize_t size, unsigned int prot)
{
	return pte_set_pa(0, pa) | _PAGE_PRESENT | _PAGE_ACCESSED |
	       size_bits(size) | prot_bits(prot);
}

/* SH: the entry matches whatever M_CASID holds (the kernel's pages). */
uint64_t pte_mkglobal(uint64_t pte)
{
	return pte | _PAGE_SH;
}

uint64_t pte_modify(uint64_t pte, unsigned int prot)
{
	return (pte & ~(uint64_t)PTE_PROT_MASK) | prot_bits(prot);
}

/* Linux pte_wrprotect: set _PAGE_RO (a no-access page stays no-access). */
uint64_t pte_wrprotect(uint64_t pte)
{
	if ((pte & _PAGE_PP_MASK) == _PAGE_NA)
		return pte;
	return pte | _PAGE_RO;
}

uint64_t pte_mkyoung(uint64_t pte)
{
	return pte | _PAGE_ACCESSED;
}

uint64_t pte_mkdirty(uint64_t pte)
{
	return pte | _PAGE_DIRTY;
}

/* PP 00 is read/write: _PAGE_RW is no bit of its own. */
bool pte_write(uint64_t pte)
{
	return (pte & _PAGE_PP_MASK) == _PAGE_RW;
}
