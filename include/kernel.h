/* SPDX-License-Identifier: BSD-2-Clause */
/* Arch-neutral kernel entry points and the environment of mmu/ on the target. */
#ifndef PPCMMU_KERNEL_H
#define PPCMMU_KERNEL_H

#include "mmu/mmu.h"
#include "mmu/palloc.h"

void kernel_main(void) __attribute__((noreturn));

#endif
