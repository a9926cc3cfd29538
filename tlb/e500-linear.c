/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e500 linear map's plan (e500/tlb1.h): which TLB1 entries cover RAM
 * from physical 0.  Pure: no TLB access, so the host tests run it too.
 */
#include "e500/tlb1.h"

static paddr_t tsize_bytes(unsigned int tsize)
{
	return (paddr_t)1024 << (2 * tsize);
}

void tlb1_linear_plan(paddr_t ram, struct tlb1_linear *plan)
{
	paddr_t end = ram < LINEAR_MAX_BYTES ? ram : LINEAR_MAX_BYTES, pa = 0;
	unsigned int tsize;

	plan->n = 0;
	while (plan->n < LINEAR_SLOTS && pa < end) {
		for (tsize = LINEAR_TSIZE_MAX; tsize >= TSIZE_4K; tsize--)
			if (!(pa & (tsize_bytes(tsize) - 1)) && end - pa >= tsize_bytes(tsize))
				break;
		if (tsize < TSIZE_4K || (!plan->n && tsize < LINEAR_BOOT_TSIZE))
			break;
		plan->e[plan->n].pa = pa;
		plan->e[plan->n].tsize = tsize;
		plan->n++;
		pa += tsize_bytes(tsize);
	}
	plan->size = pa;
}

