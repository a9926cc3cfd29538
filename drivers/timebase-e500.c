/* SPDX-License-Identifier: BSD-2-Clause */
/* e500 time base.  e500v2 has no mftb: read TBU/TBL through mfspr 269/268. */
#include <stdint.h>
#include "include/arch.h"
#include "include/spr.h"
#include "e500/reg.h"

uint64_t timebase_read(void)
{
	uint32_t hi, lo, hi2;

	do {
		hi = mfspr(SPRN_TBRU);
		lo = mfspr(SPRN_TBRL);
		hi2 = mfspr(SPRN_TBRU);
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
}
