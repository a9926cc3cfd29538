/* SPDX-License-Identifier: BSD-2-Clause */
/* e500 time base.  e500v2 has no mftb: read TBU/TBL through mfspr 269/268. */
#include <stdint.h>
#include "include/arch.h"
#include "e500/reg.h"

uint64_t timebase_read(void)
{
	uint32_t hi, lo, hi2;

	do {
		__asm__ volatile("mfspr %0, %1" : "=r"(hi) : "i"(SPRN_TBRU));
		__asm__ volatile("mfspr %0, %1" : "=r"(lo) : "i"(SPRN_TBRL));
		__asm__ volatile("mfspr %0, %1" : "=r"(hi2) : "i"(SPRN_TBRU));
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
}
