/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel's memory at start-up: the layout the family chose, the physical
 * page allocator over RAM, the huge-page pool, and the linear map handed to
 * the page-table environment (mmu/pt-linear.c).
 */
#include <string.h>
#include "include/arch.h"
#include "mmu/palloc.h"
#include "mmu/pt-linear.h"
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

	pt_linear_init(layout.linear_va, layout.linear_size, page_zero);
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
