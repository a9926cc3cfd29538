/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode (e5500, e6500): the kernel's virtual layout, the TLB1
 * plan and the registers only a 64-bit core has.  Shared by C and assembly.
 *
 *   0x0000_0000_0000_0000 .. 0x0000_3fff_ffff_ffff  user spaces (46 indexed bits)
 *   0x8000_0000_0000_0000 .. 0x8000_001f_ffff_ffff  kernel addresses served by
 *                                                   the page table (kernel_mm):
 *                                                   128 GB, one PGD entry, whose
 *                                                   PUD table is kept for good
 *   0xc000_0000_0000_0000 ..                        linear map of RAM (KERNEL_VA),
 *                                                   pinned 1 GB TLB1 entries
 *   0xf000_0000_0000_0000 .. + 1 MB                 CCSR, one pinned TLB1 entry
 *
 * TLB1 plan: fixed entries counted down from the last slot (as the 32-bit
 * e500), huge pages round robin in slots 0..E64_HUGE_SLOTS-1.
 */
#ifndef PPCMMU_E500_E64_H
#define PPCMMU_E500_E64_H

#include "linear.h"

#define E64_KMAP_START		0x8000000000000000
#define E64_KMAP_LAST		0x8000001fffffffff
#define E64_KREGION_SHIFT	37		/* the kernel region's span: one PGD entry (E500_64_PGD_SHIFT) */
#define E64_USER_LAST		0x00003fffffffffff
#define E64_CCSR_VA		0xf000000000000000
#define E64_CCSR_TSIZE		5		/* 1 MB */
#define E64_CCSR_SIZE		0x100000

#define E64_LINEAR_TSIZE	10		/* 1 GB */
#define E64_LINEAR_ENTRY_BYTES	0x40000000
#define E64_LINEAR_ENTRIES	2		/* up to 2 GB of RAM in the linear map */

/* Fixed TLB1 entries, counted down from the last slot. */
#define E64_TLB1_LINEAR0	0		/* KERNEL_VA -> PA 0, 1 GB: start-up pins it */
#define E64_TLB1_LINEAR1	1		/* KERNEL_VA + 1G -> PA 1G, if RAM has it */
#define E64_TLB1_CCSR		2
#define E64_TLB1_SPIN		3		/* the secondary cores' spin tables, while releasing them */
#define E64_TLB1_PERCPU		4		/* E64_PERCPU_VA -> this core's per-core page, 4 KB */
#define E64_TLB1_FIXED		5
#define E64_SPIN_VA		(E64_CCSR_VA + E64_CCSR_SIZE)

/* Cores: each secondary core's stack (boot/e500-64-start.S). */
#define E64_MAX_CPUS		8		/* = ARCH_MAX_CPUS */
#define E64_STACK_SHIFT		14		/* 16 KB each */
#define E64_HUGE_SLOTS_LOG2	3
#define E64_HUGE_SLOTS		(1 << E64_HUGE_SLOTS_LOG2)

/*
 * The per-core page: 4 KB of RAM pinned in TLB1 at the top page of the
 * 64-bit address space, each core's entry mapping a page of its own, so the
 * miss handlers reach it with one load and no base register (ld rD,
 * E64_PCPU(field)(0): a 16-bit displacement sign-extends to the top 32 KB).
 * The address lies in neither the user nor the kernel region, so no page
 * table ever maps it.
 */
#define E64_PERCPU_VA		0xfffffffffffff000
#define E64_PCPU(off)		((off) - 0x1000)
#define E64_PC_KPUD		0	/* the kernel region's PUD table (the same on every core) */
#define E64_PC_NO_USER_PGD	8	/* the empty PGD SPRG0 holds when no user space runs */
#define E64_PC_KMAS1		16	/* MAS1 of a kernel 4K entry: V, TID 0, TS 0, TSIZE 4K */
#define E64_PC_TLB1_NEXT	20	/* MAS0 of this core's next huge slot (round robin) */
#define E64_PC_DMISS		24	/* data TLB misses (CONFIG_TLB_STATS) */
#define E64_PC_IMISS		28	/* instruction TLB misses (CONFIG_TLB_STATS) */

/* Registers and bits of the 64-bit cores. */
#define MSR_CM			0x80000000	/* 64-bit computation mode */
#define EPCR_ICM		0x02000000	/* interrupts run with MSR[CM] = 1 */
#define SPRN_TLB1PS		345		/* MAV 2.0: one bit per TLB1 page size */
#define SPRN_MMUCFG		1015
#define MMUCFG_MAVN		0x3		/* 0: MAV 1.0 (e5500), 1: MAV 2.0 (e6500) */
#define MMUCFG_PIDSIZE_SHIFT	6		/* PIDSIZE: the PID register's bits - 1 */
#define MMUCFG_PIDSIZE_MASK	0x1f
/*
 * MAS1[TID] and MAS6[SPID] of the 64-bit cores: 14 bits at 16..29, the most
 * PIDSIZE may report (the e500v2's 8 are its low bits); a core with fewer
 * PID bits reads the others as 0.  The PID limit is MMUCFG[PIDSIZE]'s
 * (e64_pid_max()); where MMUCFG reads 0 (QEMU 7.2's e5500), 8 bits.
 */
#define E64_MAS1_TID_MASK	0x3fff0000
#define E64_PID_BITS_FALLBACK	8
#define TLBCFG_MINSIZE_SHIFT	20		/* MAV 1.0 TSIZE units */
#define TLBCFG_MAXSIZE_SHIFT	16
#define TLBCFG_SIZE_MASK	0xf
/*
 * MAS1[TSIZE] read as MMU architecture 2.0 does, 5 bits at 0xf80 counting
 * powers of 2 KB; on a 1.0 core (4 bits at 0xf00, powers of 4) bit 0x80 is
 * 0 and the value is the same size.
 */
#define E64_MAS1_TSIZE_LOG2K(mas1)	((unsigned int)((mas1) >> 7) & 0x1f)

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct e64_percpu {
	uint64_t kpud;
	uint64_t no_user_pgd;
	uint32_t kmas1;
	uint32_t tlb1_next;
	uint32_t dmiss, imiss;
};
_Static_assert(offsetof(struct e64_percpu, kpud) == E64_PC_KPUD &&
	       offsetof(struct e64_percpu, no_user_pgd) == E64_PC_NO_USER_PGD &&
	       offsetof(struct e64_percpu, kmas1) == E64_PC_KMAS1 &&
	       offsetof(struct e64_percpu, tlb1_next) == E64_PC_TLB1_NEXT &&
	       offsetof(struct e64_percpu, dmiss) == E64_PC_DMISS &&
	       offsetof(struct e64_percpu, imiss) == E64_PC_IMISS, "e64 per-core page layout");

/* Core `cpu''s per-core page through the linear map (boot/e500-64-setup.c); each core sees its own at E64_PERCPU_VA. */
struct e64_percpu *e64_percpu_of(unsigned int cpu);
static inline struct e64_percpu *e64_this_cpu(void)
{
	return (struct e64_percpu *)E64_PERCPU_VA;
}
#endif

#endif
