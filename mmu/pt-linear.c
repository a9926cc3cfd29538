/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The page-table environment on the target: tables come from the physical
 * page allocator (palloc.c) and are reached through the kernel's linear map;
 * an entry refers to a table by its kernel virtual address (8xx: by its
 * physical address, the tablewalk runs untranslated).  The boot code hands
 * the linear map over once, at start-up (pt_linear_init); host tests supply
 * their own environment instead of this file.
 */
#include "mmu/palloc.h"
#include "mmu/pt-linear.h"

static vaddr_t linear_va;
static paddr_t linear_size;
static void (*zero)(void *va, size_t len);

void pt_linear_init(vaddr_t va, paddr_t size, void (*zero_fn)(void *va, size_t len))
{
	linear_va = va;
	linear_size = size;
	zero = zero_fn;
}

static void *linear_virt(paddr_t pa)
{
	return (void *)(uintptr_t)(linear_va + (uint32_t)pa);
}

static paddr_t linear_phys(const void *va)
{
	return (uintptr_t)va - linear_va;
}

/*
 * A table must be reachable through the linear map.  The family fences the
 * memory above it off at boot, but a block given back to the allocator later
 * (a released huge page, say) can come from there: such a block is kept out
 * of use for good and the next one taken.
 */
void *pt_alloc(unsigned int order)
{
	paddr_t size = (paddr_t)PALLOC_PAGE_SIZE << order, pa;
	void *va;

	do {
		pa = palloc_pages(order);
		if (pa == PALLOC_FAIL)
			return NULL;
	} while (pa + size > linear_size);
	va = linear_virt(pa);
	zero(va, (size_t)size);
	return va;
}

void pt_free(void *p, unsigned int order)
{
	palloc_free(linear_phys(p), order);
}

ptref_t pt_ref(const void *table)
{
	return (ptref_t)(uintptr_t)table;
}

void *pt_deref(ptref_t ref)
{
	return (void *)(uintptr_t)ref;
}

/* 8xx: a PMD holds its table's physical address (the tablewalk runs untranslated). */
uint32_t pt_phys_ref(const void *table)
{
	return (uint32_t)linear_phys(table);
}

void *pt_phys_deref(uint32_t ref)
{
	return linear_virt(ref);
}
