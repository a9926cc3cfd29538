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

void *pt_alloc(unsigned int order)
{
	paddr_t pa = palloc_pages(order);
	void *va;

	if (pa == PALLOC_FAIL)
		return NULL;
	va = phys_to_virt(pa);
	memset(va, 0, (size_t)PALLOC_PAGE_SIZE << order);
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
