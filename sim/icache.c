/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Decoded-instruction cache: one slot per physical 4 KB page of RAM,
 * direct-mapped. Entries start as a stub that decodes on first execution.
 * A store to a page that has a slot resets the stored-to entries.
 */
#include <stdlib.h>

#include "sim.h"

#define DPAGE_SLOTS	256

static struct dpage *slots[DPAGE_SLOTS];

static void dpage_reset(struct dpage *p)
{
	for (int i = 0; i < PAGE_INSNS; i++)
		p->insn[i].fn = exec_decode_stub;
}

struct dpage *dpage_get(uint32_t ppn)
{
	struct dpage **slot = &slots[ppn & (DPAGE_SLOTS - 1)];
	struct dpage *p = *slot;

	if (p && p->ppn == ppn)
		return p;
	if (!p) {
		p = malloc(sizeof(*p));
		if (!p) {
			perror("mpc8xx-sim");
			exit(1);
		}
		*slot = p;
	} else {
		code_map[p->ppn] = 0;
	}
	p->ppn = ppn;
	dpage_reset(p);
	code_map[ppn] = 1;
	return p;
}

void code_page_store(uint32_t pa, int size)
{
	uint32_t ppn = pa >> 12;
	struct dpage *p = slots[ppn & (DPAGE_SLOTS - 1)];
	uint32_t first = (pa & 0xFFF) >> 2;
	uint32_t last = ((pa & 0xFFF) + size - 1) >> 2;

	if (!p || p->ppn != ppn)
		return;
	for (uint32_t i = first; i <= last && i < PAGE_INSNS; i++)
		p->insn[i].fn = exec_decode_stub;
}

void dpage_invalidate_all(void)
{
	for (int i = 0; i < DPAGE_SLOTS; i++)
		if (slots[i])
			dpage_reset(slots[i]);
}
