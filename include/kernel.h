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

#endif
