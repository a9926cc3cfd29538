/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel's linear map, the same on every family: VA KERNEL_VA + x maps
 * PA x (how much of RAM, and with which entries, is the family's plan).
 * Shared by C, assembly and the linker scripts.
 */
#ifndef PPCMMU_LINEAR_H
#define PPCMMU_LINEAR_H

#if defined(PPCMMU_E500_64) || defined(PPCMMU_BOOK3S64)
#define KERNEL_VA		0xC000000000000000	/* e500 in 64-bit mode, book3s/64 */
#else
#define KERNEL_VA		0xC0000000
#endif

#endif
