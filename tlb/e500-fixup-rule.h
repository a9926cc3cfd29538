/* SPDX-License-Identifier: BSD-2-Clause */
/* The accessed-bit fix-up rule of the e500 miss handlers: one rule for the 32-bit and 64-bit families. */
#ifndef PPCMMU_E500_FIXUP_RULE_H
#define PPCMMU_E500_FIXUP_RULE_H

#include <stdbool.h>
#include <stdint.h>
#include "mmu/mmu.h"
#include "mmu/pte-e500.h"
#include "tlb/fault.h"

/*
 * The miss handlers refuse a leaf whose accessed bit is clear (the software-managed
 * reference bit, part of the NEED bits they test): a TLB miss on a leaf that has every
 * other bit the access needs is granted the fix-up. The NEED bits all lie in the low
 * word, so the 32-bit family's 64-bit entry and the 64-bit family's entry read alike.
 */
static inline bool e500_fixup_grants(const struct fault_record *f, const struct walk_result *w)
{
	uint64_t need;

	if (f->kind == FAULT_TLB_INST)
		need = f->user ? PTE_NEED_USER_EXEC : PTE_NEED_KERNEL_EXEC;
	else if (f->kind == FAULT_TLB_DATA)
		need = f->user ? PTE_NEED_USER_READ : PTE_NEED_KERNEL_READ;
	else
		return false;
	return (((uint64_t)w->entry | _PAGE_ACCESSED) & need) == need;
}

#endif
