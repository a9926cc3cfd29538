/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The accessed/changed-bit fix-up of tlb/fault.h, one policy for every
 * family, and its per-core counters.  Apart from the rest of the shared
 * exception path (tlb/fault.c, whose frame is the 32-bit one) so that a
 * 64-bit family links it too.
 */
#include "include/arch.h"
#include "tlb/fault.h"
#include "mmu/pgtable.h"

#define FIXUP_PAGE	0x1000u	/* the smallest page of every family */

/* Each core's fix-up retry count and fix-up counters. */
struct fixup_cpu {
	vaddr_t addr;
	unsigned int count;
	struct fault_fixup_counts counts;
};

static struct fixup_cpu cpus[ARCH_MAX_CPUS];

static struct fixup_cpu *me(void)
{
	return &cpus[arch_this_cpu()];
}

void fault_fixup_counts(struct fault_fixup_counts *c)
{
	*c = me()->counts;
}

void fault_fixup_counts_sum(struct fault_fixup_counts *c)
{
	unsigned int i;

	c->faults = c->young = c->dirty = 0;
	for (i = 0; i < arch_cpus() && i < ARCH_MAX_CPUS; i++) {
		c->faults += cpus[i].counts.faults;
		c->young += cpus[i].counts.young;
		c->dirty += cpus[i].counts.dirty;
	}
}

static bool fixup_allowed(vaddr_t addr)
{
	struct fixup_cpu *c = me();

	if (c->addr == addr)
		return ++c->count <= FAULT_FIXUP_RETRY_LIMIT;
	c->addr = addr;
	c->count = 1;
	return true;
}

/* The accessed bit, and the changed bit too when dirty. */
static uint64_t mark_entry(uint64_t entry, bool dirty)
{
	entry = pte_mkyoung(entry);
	return dirty ? pte_mkdirty(entry) : entry;
}

bool fault_fix_bits(const struct fault_record *f, vaddr_t ea, uint32_t len, fault_grants_fn grants)
{
	struct fault_fixup_counts *n = &me()->counts;
	struct mm *mm = f->user ? fault_user_mm() : &kernel_mm;
	vaddr_t va = ea & ~(vaddr_t)(FIXUP_PAGE - 1), last = (ea + len - 1) & ~(vaddr_t)(FIXUP_PAGE - 1);
	unsigned int fixed = 0;
	struct walk_result w;

	if (!mm || !len)
		return false;
	for (;; va += FIXUP_PAGE) {
		bool dirty, young;

		if (walk(mm, va, &w) != MMU_OK || !grants(f, &w))
			break;
		dirty = f->store && pte_write(w.entry) && pte_mkdirty(w.entry) != w.entry;
		young = pte_mkyoung(w.entry) != w.entry;
		if (dirty || young) {
			if (!fixed && !fixup_allowed(f->addr))
				return false;
			/* only the bits it adds, each entry's word updated atomically: a
			 * concurrent change to its other bits stays, an emptied entry stays empty */
			pt_run_set_flags(mm, w.level, w.size, w.page_va,
					 mark_entry(w.entry, dirty) & ~w.entry);
			mmu_tlb_invalidate(mm, w.page_va, w.size);
			n->dirty += dirty;
			n->young += young;
			fixed++;
		}
		if (va == last)
			break;
	}
	n->faults += !!fixed;
	return fixed;
}
