/* SPDX-License-Identifier: BSD-2-Clause */
/* book3s/64 assembly helpers: those of every 64-bit family. */
#ifndef PPCMMU_BOOK3S64_ASM_H
#define PPCMMU_BOOK3S64_ASM_H

#include "ppc64-asm.h"

#endif
