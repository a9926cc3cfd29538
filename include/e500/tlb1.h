/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e500 kernel's virtual layout and the TLB1 plan: which slot holds what.
 *
 * TLB1 has TLB1CFG[NENTRY] slots (16 on e500v2, 64 on e500mc).  Huge pages
 * take slots 0..TLB1_HUGE_SLOTS-1 round robin (the miss handler, per core);
 * the kernel's fixed entries sit at the top, counted down from the last slot:
 * fixed entry n lives in slot TLB1CFG[NENTRY] - 1 - n.  The table of what
 * each fixed entry maps is tlb1_plan[] (tlb/e500-tlb.c); start-up assembly
 * pins only TLB1_LINEAR_LOW, the entry it runs from, 64 MB (LINEAR_BOOT_*:
 * the least RAM an e500 board runs this kernel with), and C pins the rest.
 *
 * The linear map is up to LINEAR_SLOTS entries, each naturally aligned and
 * of a size TLB1 has (4^n KB), that together cover RAM from physical 0 and
 * never reach past its end (nor past LINEAR_MAX_BYTES, where the kernel's
 * page-table addresses begin): 2 GB of RAM is 256M + 256M, 192 MB is
 * 64M + 64M + 64M.  RAM the entries cannot cover (past LINEAR_MAX_BYTES,
 * or what four entries leave over) feeds only the huge-page pool.  C grows
 * the first entry in place (same slot, same base: never two entries for one
 * address) from the boot size to its planned one.  Every core has the same plan;
 * only the per-CPU page's physical address differs.
 * Shared by C and assembly.
 */
#ifndef PPCMMU_E500_TLB1_H
#define PPCMMU_E500_TLB1_H

#include "e500/mas.h"
#include "linear.h"

#define LINEAR_BOOT_BYTES	0x04000000	/* the entry start-up pins, 64 MB */
#define LINEAR_BOOT_TSIZE	TSIZE_64M
#define LINEAR_MAX_BYTES	0x20000000	/* KERNEL_VA .. the page-table addresses */
#define LINEAR_TSIZE_MAX	TSIZE_256M	/* the largest entry that fits LINEAR_MAX_BYTES twice */
#define LINEAR_SLOTS		4
#define LINEAR_WIMGE		MAS2_M		/* coherent: other cores share it */
#define LINEAR_PERMS		(MAS3_SR | MAS3_SW | MAS3_SX)
#define CCSR_VA			0xfe000000
#define CCSR_SIZE		0x00100000
#define CCSR_TSIZE		TSIZE_1M

/* Fixed entries, counted down from the last TLB1 slot. */
#define TLB1_LINEAR_LOW		0	/* KERNEL_VA -> PA 0: the linear map's first entry */
					/* 1..LINEAR_SLOTS-1: its others, as RAM needs them */
#define TLB1_CCSR		LINEAR_SLOTS	/* CCSR_VA -> the CCSR window, 1 MB, I|G */
#define TLB1_PERCPU		(LINEAR_SLOTS + 1)	/* PERCPU_VA -> this core's per-CPU page, 4 KB */
#define TLB1_FIXED		(LINEAR_SLOTS + 2)

/* Huge pages: slots 0..TLB1_HUGE_SLOTS-1, round robin (a power of two). */
#define TLB1_HUGE_SLOTS_LOG2	3
#define TLB1_HUGE_SLOTS		(1 << TLB1_HUGE_SLOTS_LOG2)

#if KERNEL_VA & (LINEAR_MAX_BYTES - 1) || LINEAR_BOOT_BYTES != (1024 << (2 * LINEAR_BOOT_TSIZE)) || \
	2 * (1024 << (2 * LINEAR_TSIZE_MAX)) != LINEAR_MAX_BYTES
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

/* Fixed entries past the linear map's (CCSR, per-CPU page); the linear ones are tlb1_linear[]. */
extern const struct tlb1_plan_entry tlb1_plan[TLB1_FIXED];

/* The linear map's entries: entry i maps KERNEL_VA + pa -> pa, 1024 << (2 * tsize) bytes. */
struct tlb1_linear {
	unsigned int n;			/* entries in use */
	paddr_t size;			/* bytes they cover from physical 0 */
	struct {
		paddr_t pa;
		unsigned int tsize;
	} e[LINEAR_SLOTS];
};
extern struct tlb1_linear tlb1_linear;

/*
 * Plan the linear map over [0, ram) (ram >= LINEAR_BOOT_BYTES): greedily the
 * largest naturally aligned TLB1 size that fits below min(ram,
 * LINEAR_MAX_BYTES), at most LINEAR_SLOTS entries, the first at least the
 * boot entry.  Pure (no TLB write).
 */
void tlb1_linear_plan(paddr_t ram, struct tlb1_linear *plan);
/* Pin this core's linear-map entries from tlb1_linear (the first grows the boot entry in place). */
void tlb1_pin_linear(void);

/* The slot of fixed entry `fixed' (TLB1_LINEAR_LOW..TLB1_PERCPU) on this core. */
unsigned int tlb1_fixed_slot(unsigned int fixed);
/* Pin fixed entry `fixed' in this core's TLB1, mapping its VA to pa (IPROT). */
void tlb1_pin(unsigned int fixed, paddr_t pa);
/* What slot holds by the plan ("huge page", a fixed entry's name, or "free"). */
const char *tlb1_slot_use(unsigned int slot);
#endif

#endif
