/* SPDX-License-Identifier: BSD-2-Clause */
/* Arch-neutral kernel entry points and the environment of mmu/ on the target. */
#ifndef PPCMMU_KERNEL_H
#define PPCMMU_KERNEL_H

#include "mmu/mmu.h"
#include "mmu/palloc.h"

void kernel_main(void) __attribute__((noreturn));

/*
 * Boot-time memory (boot/kmem.c).  kmem_start_allocator(): the page
 * allocator over RAM up to ram_max (bitmap has a bit per page of that),
 * the image and a device tree of dt_size bytes at dt_phys (0: none)
 * reserved.  kmem_fence_high_memory(): once the huge-page pool has taken its
 * pages, RAM above the linear map is reserved, so that page tables and
 * everything else the kernel touches come from the linear map.
 */
void kmem_start_allocator(uint32_t *bitmap, paddr_t ram_max, paddr_t dt_phys, uint32_t dt_size);
void kmem_fence_high_memory(paddr_t ram_max);

/*
 * arch_exit() status when no console answers (its driver gave up waiting,
 * see drivers/poll.h): nothing can be printed, so the status says it
 * (the simulator's exit status; QEMU carries none).
 */
#define EXIT_NO_CONSOLE	3

/*
 * The boot sequence both families share.  kmem_set_layout(): once
 * layout.ram_size is known, the linear map at KERNEL_VA over RAM up to
 * linear_max, kernel addresses kmap_start..kmap_last served by page tables,
 * user addresses 0..user_last.  kmem_start_memory(): the page allocator
 * (as kmem_start_allocator()), the huge-page pool from layout.bootargs,
 * the fence above the linear map and kernel_mm; returns the pool's error,
 * which kmem_check_pool() reports once the console line is out.
 */
void kmem_set_layout(const char *family, paddr_t linear_max, vaddr_t kmap_start,
		     vaddr_t kmap_last, vaddr_t user_last);
int kmem_start_memory(uint32_t *bitmap, paddr_t ram_max, paddr_t dt_phys, uint32_t dt_size);
void kmem_check_pool(int pool_err);

#endif
