/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The page-table environment on the target: tables come from the physical
 * page allocator and are reached through the linear map; an entry refers to
 * a table by its kernel virtual address.
 */
#include <string.h>
#include "include/arch.h"
#include "mmu/palloc.h"
#include "include/kernel.h"
#include "include/linear.h"
#include "lib/kprintf.h"
#include "hugetlb/pool.h"

struct arch_layout layout;
struct mm kernel_mm;

extern char _end[];

void *phys_to_virt(paddr_t pa)
{
	return (void *)(uintptr_t)(KERNEL_VA + (uint32_t)pa);
}

paddr_t virt_to_phys(const void *va)
{
	return (uintptr_t)va - KERNEL_VA;
}

void kmem_set_layout(const char *family, paddr_t linear_max, vaddr_t kmap_start,
		     vaddr_t kmap_last, vaddr_t user_last)
{
	layout.linear_va = KERNEL_VA;
	layout.linear_size = layout.ram_size < linear_max ? layout.ram_size : linear_max;
	layout.kmap_start = kmap_start;
	layout.kmap_last = kmap_last;
	layout.user_start = 0;
	layout.user_last = user_last;
	layout.family = family;
}

static paddr_t ram_below(paddr_t ram_max)
{
	return layout.ram_size < ram_max ? layout.ram_size : ram_max;
}

void kmem_start_allocator(uint32_t *bitmap, paddr_t ram_max, paddr_t dt_phys, uint32_t dt_size)
{
	paddr_t ram = ram_below(ram_max);

	palloc_set_bitmap(bitmap, palloc_bitmap_bytes(0, ram));
	palloc_init(0, ram);
	palloc_reserve(0, virt_to_phys(_end));
	if (dt_size)
		palloc_reserve(dt_phys, dt_phys + dt_size);
}

void kmem_fence_high_memory(paddr_t ram_max)
{
	paddr_t ram = ram_below(ram_max);

	if (ram > layout.linear_size)
		palloc_reserve(layout.linear_size, ram);
}

int kmem_start_memory(uint32_t *bitmap, paddr_t ram_max, paddr_t dt_phys, uint32_t dt_size)
{
	int err, pool_err;

	kmem_start_allocator(bitmap, ram_max, dt_phys, dt_size);
	pool_err = hugepool_init(layout.bootargs);
	kmem_fence_high_memory(ram_max);
	err = mm_init(&kernel_mm, layout.kmap_start, layout.kmap_last, 0);
	if (err)
		panic("kernel address space: %s", mmu_strerror(err));
	return pool_err;
}

void kmem_check_pool(int pool_err)
{
	if (pool_err)
		panic("huge-page pool (bootargs \"%s\"): %s", layout.bootargs, hugepool_strerror(pool_err));
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
	} while (pa + size > layout.linear_size);
	va = phys_to_virt(pa);
	page_zero(va, (size_t)size);
	return va;
}

void pt_free(void *p, unsigned int order)
{
	palloc_free(virt_to_phys(p), order);
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
	return (uint32_t)virt_to_phys(table);
}

void *pt_phys_deref(uint32_t ref)
{
	return phys_to_virt(ref);
}
