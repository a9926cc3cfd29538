/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e500 kernel's virtual layout and the TLB1 plan: which slot holds what.
 *
 * TLB1 has TLB1CFG[NENTRY] slots (16 on e500v2, 64 on e500mc).  Huge pages
 * take slots 0..TLB1_HUGE_SLOTS-1 round robin (the miss handler, per core);
 * the kernel's fixed entries sit at the top, counted down from the last slot:
 * fixed entry n lives in slot TLB1CFG[NENTRY] - 1 - n.  The table of what
 * each fixed entry maps is tlb1_plan[] (tlb/e500-tlb.c); start-up assembly
 * pins only TLB1_LINEAR_LOW, the entry it runs from, with the constants
 * below, and C pins the rest from the table.  Every core has the same plan;
 * only the per-CPU page's physical address differs.
 * Shared by C and assembly.
 */
#ifndef PPCMMU_E500_TLB1_H
#define PPCMMU_E500_TLB1_H

#include "e500/mas.h"
#include "linear.h"

#define LINEAR_ENTRY_BYTES	0x10000000	/* one TLB1 entry of the linear map */
#define LINEAR_TSIZE		TSIZE_256M
#define LINEAR_WIMGE		MAS2_M		/* coherent: other cores share it */
#define LINEAR_PERMS		(MAS3_SR | MAS3_SW | MAS3_SX)
#define CCSR_VA			0xfe000000
#define CCSR_SIZE		0x00100000
#define CCSR_TSIZE		TSIZE_1M

/* Fixed entries, counted down from the last TLB1 slot. */
#define TLB1_LINEAR_LOW		0	/* KERNEL_VA -> PA 0, 256 MB */
#define TLB1_LINEAR_HIGH	1	/* KERNEL_VA + 256M -> PA 256M, 256 MB, if RAM has it */
#define TLB1_CCSR		2	/* CCSR_VA -> the CCSR window, 1 MB, I|G */
#define TLB1_PERCPU		3	/* PERCPU_VA -> this core's per-CPU page, 4 KB */
#define TLB1_FIXED		4

/* Huge pages: slots 0..TLB1_HUGE_SLOTS-1, round robin (a power of two). */
#define TLB1_HUGE_SLOTS_LOG2	3
#define TLB1_HUGE_SLOTS		(1 << TLB1_HUGE_SLOTS_LOG2)

#if KERNEL_VA & (LINEAR_ENTRY_BYTES - 1) || LINEAR_ENTRY_BYTES != (1024 << (2 * LINEAR_TSIZE))
#error "the linear map's entries: TSIZE and alignment"
#endif
#if CCSR_VA & (CCSR_SIZE - 1) || CCSR_SIZE != (1024 << (2 * CCSR_TSIZE))
#error "the CCSR entry: TSIZE and alignment"
#endif

#ifndef __ASSEMBLER__
#include <stdint.h>
#include "mmu/mmu.h"

struct tlb1_plan_entry {
	const char *what;
	vaddr_t va;
	unsigned int tsize;	/* MAV1 TSIZE */
	unsigned int wimge;	/* MAS2 WIMGE */
	unsigned int perms;	/* MAS3 permissions */
};

extern const struct tlb1_plan_entry tlb1_plan[TLB1_FIXED];

/* The slot of fixed entry `fixed' (TLB1_LINEAR_LOW..TLB1_PERCPU) on this core. */
unsigned int tlb1_fixed_slot(unsigned int fixed);
/* Pin fixed entry `fixed' in this core's TLB1, mapping its VA to pa (IPROT). */
void tlb1_pin(unsigned int fixed, paddr_t pa);
/* What slot holds by the plan ("huge page", a fixed entry's name, or "free"). */
const char *tlb1_slot_use(unsigned int slot);
#endif

#endif
