/* SPDX-License-Identifier: BSD-2-Clause */
/* Arch-neutral kernel entry points and the environment of mmu/ on the target. */
#ifndef PPCMMU_KERNEL_H
#define PPCMMU_KERNEL_H

#include "mmu/mmu.h"
#include "mmu/palloc.h"

void kernel_main(void) __attribute__((noreturn));

/*
 * arch_exit() status when no console answers (its driver gave up waiting,
 * see drivers/poll.h): nothing can be printed, so the status says it
 * (the simulator's exit status; QEMU carries none).
 */
#define EXIT_NO_CONSOLE	3

#endif
