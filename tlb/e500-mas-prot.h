/* SPDX-License-Identifier: BSD-2-Clause */
/* What an e500 TLB entry grants, read from its MAS2/MAS3: one reading for the 32-bit and 64-bit families. */
#ifndef PPCMMU_E500_MAS_PROT_H
#define PPCMMU_E500_MAS_PROT_H

#include <stdint.h>
#include "mmu/mmu.h"
#include "e500/mas.h"

/* The protection and storage attributes (PROT_*) of an entry's MAS2 (WIMGE) and MAS3 (permissions). */
static inline unsigned int mas_prot(uint64_t mas2, uint64_t mas3)
{
	unsigned int prot = 0;

	if (mas3 & (MAS3_SR | MAS3_UR))
		prot |= PROT_READ;
	if (mas3 & (MAS3_SW | MAS3_UW))
		prot |= PROT_WRITE;
	if (mas3 & (MAS3_SX | MAS3_UX))
		prot |= PROT_EXEC;
	if (mas3 & (MAS3_UR | MAS3_UW | MAS3_UX))
		prot |= PROT_USER;
	if (mas2 & MAS2_I)
		prot |= PROT_NOCACHE;
	if (mas2 & MAS2_G)
		prot |= PROT_GUARDED;
	if (mas2 & MAS2_M)
		prot |= PROT_COHERENT;
	if (mas2 & MAS2_W)
		prot |= PROT_WRITETHRU;
	return prot;
}

#endif
