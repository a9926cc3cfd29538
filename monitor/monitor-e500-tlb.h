/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e500 monitor's "tlb" command, shared by the 32-bit and 64-bit halves:
 * both walk TLB0 set by set and TLB1 slot by slot; only how an entry is read
 * differs, so each half defines e500_tlb_view with its readers.
 */
#ifndef PPCMMU_MONITOR_E500_TLB_H
#define PPCMMU_MONITOR_E500_TLB_H

#include <stdbool.h>
#include "include/arch.h"

struct e500_tlb_view {
	void (*tlb0_geometry)(unsigned int *sets, unsigned int *ways);
	bool (*tlb0_read)(unsigned int set, unsigned int way, struct tlb_info *t);
	unsigned int (*tlb1_entries)(void);
	bool (*tlb1_read)(unsigned int esel, struct tlb_info *t);
	const char *(*tlb1_slot_use)(unsigned int esel);
	const char *tlb1_pad;	/* after "TLB1 esel N:", lining TLB1 up with TLB0 or not */
};

/* This half's readers; mon_arch_tlb() (monitor-e500-tlb.c) dumps through them. */
extern const struct e500_tlb_view e500_tlb_view;

#endif
