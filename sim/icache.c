/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Decoded-instruction cache: one slot per physical 4 KB page of RAM,
 * direct-mapped. Entries start as a stub; the first execution of one
 * decodes its basic block (up to the next branch, or the page end) and
 * gives every entry of it the count of instructions left in the block.
 * A store over a decoded instruction resets it and the entries before it
 * in its block (their counts include it), and reports that code changed.
 */
#include <stdlib.h>

#include "exec.h"
#include "jit.h"

#define SENTINEL_BLEN	0xFFFFu	/* never fits a budget: leaves the page */

struct dpage *dpage_slots[DPAGE_SLOTS];
bool code_changed;

static void dpage_reset(struct dpage *p)
{
	for (int i = 0; i < PAGE_INSNS; i++)
		decode_stub_init(&p->insn[i]);
	decode_stub_init(&p->insn[PAGE_INSNS]);
	p->insn[PAGE_INSNS].blen = SENTINEL_BLEN;
	p->insn[PAGE_INSNS].lbl = op_labels[OPID_pageend];
	jit_page_reset(p);
}

/* dpage_get's miss: take over the slot (sim.h) */
struct dpage *dpage_fill(uint32_t ppn)
{
	struct dpage **slot = &dpage_slots[ppn & (DPAGE_SLOTS - 1)];
	struct dpage *p = *slot;

	if (!p) {
		p = malloc(sizeof(*p));
		if (!p) {
			perror("mpc8xx-sim");
			exit(1);
		}
		p->jit = NULL;
		*slot = p;
	} else {
		code_map[p->ppn] = 0;
	}
	p->ppn = ppn;
	dpage_reset(p);
	code_map[ppn] = 1;
	return p;
}

/* Decode from idx up to a block end, an entry already decoded or the page end. */
void dpage_decode_block(struct dpage *p, uint32_t idx)
{
	const uint8_t *code = ram + (p->ppn << 12);
	uint32_t end = idx;

	while (end < PAGE_INSNS && !p->insn[end].blen) {
		struct dinsn *d = &p->insn[end];

		decode_insn(d, get_be32(code + 4 * end));
		d->blen = 1;	/* for now: marks it decoded */
		end++;
		if (d->flags & DI_TERM)
			break;
	}
	for (uint32_t j = end; j-- > idx;) {
		struct dinsn *d = &p->insn[j];

		if (d->flags & DI_TERM || j + 1 == PAGE_INSNS)
			d->blen = 1;
		else
			d->blen = (uint16_t)(p->insn[j + 1].blen + 1);
	}
}

/* Reset entry i and the decoded non-final entries before it. */
static void reset_block_prefix(struct dpage *p, uint32_t i)
{
	decode_stub_init(&p->insn[i]);
	while (i-- > 0 && p->insn[i].blen && !(p->insn[i].flags & DI_TERM))
		decode_stub_init(&p->insn[i]);
}

/* code_page_store's work on page p: true when the store changed a decoded instruction. */
bool code_store_reset(struct dpage *p, uint32_t pa, int size)
{
	uint32_t first = (pa & 0xFFF) >> 2;
	uint32_t last = ((pa & 0xFFF) + size - 1) >> 2;
	bool hit = false;

	for (uint32_t i = first; i <= last && i < PAGE_INSNS; i++) {
		if (p->insn[i].blen) {
			reset_block_prefix(p, i);
			hit = true;
		}
	}
	if (hit)
		code_changed = true;
	return hit;
}

void dpage_invalidate_all(void)
{
	for (int i = 0; i < DPAGE_SLOTS; i++)
		if (dpage_slots[i])
			dpage_reset(dpage_slots[i]);
}
