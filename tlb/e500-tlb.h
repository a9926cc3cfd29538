/* SPDX-License-Identifier: BSD-2-Clause */
/* e500 TLB operations used by the e500 boot and fault code. */
#ifndef PPCMMU_E500_TLB_H
#define PPCMMU_E500_TLB_H

#include <stdbool.h>
#include <stdint.h>
#include "mmu/mmu.h"
#include "include/arch.h"

struct tlb1_map {
	vaddr_t va;
	paddr_t pa;
	unsigned int tsize;	/* MAV1 TSIZE */
	unsigned int wimge;	/* MAS2 WIMGE bits */
	unsigned int perms;	/* MAS3 permission bits */
	bool iprot;
};

unsigned int tlb1_entries(void);
void tlb1_write(unsigned int slot, const struct tlb1_map *m);
void tlb1_clear(unsigned int slot);
bool tlb1_read(unsigned int slot, struct tlb_info *info);
void tlb0_geometry(unsigned int *sets, unsigned int *ways);
bool tlb0_read(unsigned int set, unsigned int way, struct tlb_info *info);

/*
 * Shootdown: does tlbivax reach the other cores' TLBs (measured once by
 * tlb_probe_broadcast with core `other' and a free kernel page at
 * scratch_va: 1 yes, 0 no, -1 the probe could not run); how many
 * shootdowns a core failed to answer.
 */
int tlb_probe_broadcast(unsigned int other, vaddr_t scratch_va);
void tlb_say_broadcast(void);	/* measure with cpu 1 and print the result (boot) */
bool tlb_ivax_broadcasts(void);
unsigned int tlb_shootdown_failures(void);
/* Shootdowns core cpu took from another core (cross-calls answered), since boot. */
unsigned int tlb_shootdowns_answered(unsigned int cpu);

/*
 * This core's TLBs only, what a shootdown does on each core: tlbilx on an
 * e500mc, tlbre and tlbwe (or MMUCSR0) on an e500v2 (tlb_local_method names
 * which).  A range for pid also drops TID 0 entries; TLB_PID_ANY: every PID.
 */
#define TLB_PID_ANY	(-1)
void tlb_local_flush_all(void);
void tlb_local_flush_range(int pid, vaddr_t va, uint32_t size);
void tlb_local_drop_pid(unsigned int pid);
const char *tlb_local_method(void);

#endif
