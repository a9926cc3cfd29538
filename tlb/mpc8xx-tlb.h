/* SPDX-License-Identifier: BSD-2-Clause */
/* MPC8xx TLB operations beyond include/arch.h, for the 8xx boot and tests. */
#ifndef PPCMMU_MPC8XX_TLB_H
#define PPCMMU_MPC8XX_TLB_H

/*
 * Path lengths of the TLB-miss handlers (tlb/mpc8xx-miss.S), exception
 * vector through rfi inclusive: straight-line code, the same for every page
 * size; the assembler checks them, the target suite measures them.
 */
#ifdef CONFIG_TLB_STATS
#define MPC8XX_MISS_STATS_INSNS	3	/* load, add, store of the miss counter */
#else
#define MPC8XX_MISS_STATS_INSNS	0
#endif
#define MPC8XX_DTLB_MISS_INSNS	(16 + MPC8XX_MISS_STATS_INSNS)
#define MPC8XX_ITLB_MISS_INSNS	(19 + MPC8XX_MISS_STATS_INSNS)

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>
#include "include/arch.h"

/* The three debug words of one entry (sim/README.md layout). */
struct mpc8xx_tlb_raw {
	uint32_t cam;		/* EPN | EV | ASID */
	uint32_t ram0;		/* level-1 attributes: APG, G, PS, WT, V */
	uint32_t ram1;		/* the Mx_RPN value written */
};

/* Read entry idx (0..31) of the ITLB (insn) or the DTLB. */
void mpc8xx_tlb_read_raw(bool insn, unsigned int idx, struct mpc8xx_tlb_raw *raw);
/* Write entry idx (for a test that must restore a pinned entry it saw lost). */
void mpc8xx_tlb_write_raw(bool insn, unsigned int idx, const struct mpc8xx_tlb_raw *raw);
/* The words a pinned entry (28..31) holds as written at boot; false if none is pinned there. */
bool mpc8xx_pinned_raw(bool insn, unsigned int idx, struct mpc8xx_tlb_raw *raw);
/* The IMMR window DTLB 31 pins, VA = PA (IMMR_BASE, or where the device tree put the console). */
extern uint32_t mpc8xx_immr_window;
/* The linear map's pinned 8 MB entries: layout.linear_size of them (set before they are pinned). */
unsigned int mpc8xx_linear_pinned(void);
/* Pin entries 1.. of the linear map in both TLBs (start-up pinned entry 0). */
void mpc8xx_pin_linear(void);
/* A RAM probe's access is armed: a machine check sets hit and skips the access (mpc8xx-trap.c). */
extern volatile bool mpc8xx_probe_armed, mpc8xx_probe_hit;
/* Decode it; false if the entry is not valid (EV clear). */
bool mpc8xx_tlb_read(bool insn, unsigned int idx, struct tlb_info *info);
/* Find the entry of one TLB that translates va for address-space id pid; -1 if none. */
int mpc8xx_tlb_find(bool insn, vaddr_t va, unsigned int pid, struct tlb_info *info);

#endif /* __ASSEMBLER__ */

#endif
