/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel's memory at start-up: the layout the family chose, the physical
 * page allocator over RAM, the huge-page pool, and the linear map handed to
 * the page-table environment (mmu/pt-linear.c).
 */
#include <stdio.h>
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
	/* RAM past what the allocator covers (e500: above 4 GB) serves huge pages only */
	hugepool_set_high(ram_max, layout.ram_size);
	pool_err = hugepool_init(layout.bootargs);
	kmem_fence_high_memory(ram_max);
	err = mm_init(&kernel_mm, layout.kmap_start, layout.kmap_last, 0);
	if (err)
		panic("kernel address space: %s", mmu_strerror(err));
	return pool_err;
}

/* "1G", "512K": a huge-page size as hugepages= writes it, into buf (8 bytes). */
static const char *size_word(vsize_t size, char *buf)
{
	if (size >= 1u << 30)
		snprintf(buf, 8, "%luG", (unsigned long)(size >> 30));
	else if (size >= 1u << 20)
		snprintf(buf, 8, "%luM", (unsigned long)(size >> 20));
	else
		snprintf(buf, 8, "%luK", (unsigned long)(size >> 10));
	return buf;
}

/*
 * Where each size of the pool came from, one line: "8M:1 below 4 GB" or,
 * with RAM above 4 GB, "1G:1 above 4 GB at 0x1_00000000" (by the first
 * block's address: a family whose allocator ends below 4 GB, e500 in 64-bit
 * mode at 2 GB, serves pool pages from above that and below 4 GB).
 */
static void print_pool(void)
{
	unsigned int i = 0, k, n;
	paddr_t pa, first;
	vsize_t size, s;
	bool high, h, any = false;
	char w[8];

	kprintf("ppcmmu: huge-page pool:");
	while (hugepool_block(i, &pa, &size, &high)) {
		/* a run of blocks of one size from one place */
		first = pa;
		for (n = 1, k = i + 1; hugepool_block(k, &pa, &s, &h) && s == size && h == high; k++)
			n++;
		kprintf("%s %s:%u %s 4 GB from 0x%lx_%08lx", any ? "," : "", size_word(size, w), n,
			first >> 32 ? "above" : "below", (unsigned long)(first >> 32), (unsigned long)(uint32_t)first);
		any = true;
		i = k;
	}
	kprintf("%s\n", any ? "" : " empty");
}

void kmem_check_pool(int pool_err)
{
	static char why[400];
	const struct hugepool_shortfall *sf = hugepool_shortfall();
	size_t n;
	unsigned int i;
	char w[8];

	if (!pool_err) {
		print_pool();
		return;
	}
	n = (size_t)snprintf(why, sizeof(why), "%s", hugepool_strerror(pool_err));
	if (sf->nr) {
		n += (size_t)snprintf(why + n, sizeof(why) - n, ": %s:%u did not fit (%u of %u found room, larger "
				      "sizes first); this RAM holds at most",
				      size_word(sf->failed_size, w), sf->failed_count, sf->failed_got,
				      sf->failed_count);
		for (i = 0; i < sf->nr && n < sizeof(why); i++)
			n += (size_t)snprintf(why + n, sizeof(why) - n, "%s %s:%u%s", i ? "," : "",
					      size_word(sf->sizes[i].size, w), sf->sizes[i].fits,
					      sf->sizes[i].fits == HUGEPOOL_MAX_PAGES ? " (the pool's limit)" : "");
		if (n < sizeof(why))
			n += (size_t)snprintf(why + n, sizeof(why) - n, " (each size alone)");
		if (sf->failed_size > layout.ram_size && n < sizeof(why))
			snprintf(why + n, sizeof(why) - n, "; a %s page lies wholly in RAM, %s-aligned, and this "
				 "board has %lu MB", size_word(sf->failed_size, w), size_word(sf->failed_size, w),
				 (unsigned long)(layout.ram_size >> 20));
	}
	if (pool_err == HUGEPOOL_ESIZE) {	/* name the sizes this core and format have */
		const vsize_t *sizes;
		unsigned int nsizes;

		sizes = mmu_page_sizes(&nsizes);
		n += (size_t)snprintf(why + n, sizeof(why) - n, " (this %s has", layout.family);
		for (i = 1; i < nsizes && n < sizeof(why); i++)
			n += (size_t)snprintf(why + n, sizeof(why) - n, " %s", size_word(sizes[i], w));
		if (n < sizeof(why))
			snprintf(why + n, sizeof(why) - n, ")");
	}
	panic("huge-page pool (bootargs \"%s\"): %s", layout.bootargs, why);
}
