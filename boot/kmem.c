/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The page-table environment on the target: tables come from the physical
 * page allocator and are reached through the linear map; an entry refers to
 * a table by its kernel virtual address.
 */
#include <string.h>
#include "include/arch.h"
#include "mmu/palloc.h"

struct mm kernel_mm;

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
	} while (pa + size > layout.linear_size);
	va = phys_to_virt(pa);
	memset(va, 0, (size_t)size);
	return va;
}

void pt_free(void *p, unsigned int order)
{
	palloc_free(virt_to_phys(p), order);
}

uint32_t pt_ref(const void *table)
{
	return (uint32_t)(uintptr_t)table;
}

void *pt_deref(uint32_t ref)
{
	return (void *)(uintptr_t)ref;
}

/* 8xx: a PMD holds its table's physical address (the tablewalk runs untranslated). */
uint32_t pt_phys_ref(const void *table)
{
	return (uint32_t)virt_to_phys(table);
}

void *pt_phys_deref(uint32_t ref)
{
	return phys_to_virt(ref);
}
