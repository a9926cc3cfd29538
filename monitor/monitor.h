/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bring-up monitor: a prompt on the console with commands to look at
 * and change the MMU (monitor/monitor.c), the same names and output shapes on
 * every family; the family supplies what only it can show
 * (monitor/monitor-<family>.c).
 */
#ifndef PPCMMU_MONITOR_H
#define PPCMMU_MONITOR_H

#include <stdbool.h>
#include <stdint.h>
#include "include/arch.h"

#define MONITOR_PROMPT	"ppcmmu> "

/* Read and run commands until exit or end of input; returns the exit status. */
int monitor_main(void);

/*
 * The page-table path of va in mm, each level's entry decoded, the leaf,
 * and the TLB entry that translates va now (what "walk" prints).
 */
void monitor_show_walk(struct mm *mm, vaddr_t va);

/* Family hooks. */
/* Core, TLB geometry, the family's fix-up counters: lines of "info". */
void mon_arch_info(void);
/* Print the TLB: which is NULL (all), "i", "d", "0" or "1"; false if which is not one of this family's. */
bool mon_arch_tlb(const char *which, bool all);
/* One decoded TLB entry as tlb_lookup() returned it, on one line (no newline). */
void mon_arch_tlb_line(const struct tlb_info *t);
/* The flags of a raw page-table entry at a level (WALK_LEVEL_*), on one line (no newline). */
void mon_arch_entry_flags(uint64_t entry, int level);
/* Decode the cause word of a fault (ESR, DSISR or SRR1), no newline. */
void mon_arch_cause(const struct fault_record *f);
/* Fix-up counters for "stats". */
void mon_arch_stats(void);
/* The device window [pa, pa + size) lies in (e500: CCSR; 8xx: IMMR), or NULL: map's "not RAM" check. */
const char *mon_arch_device_window(paddr_t pa, uint64_t size);
/* The board's reset; on boards whose reset ends the run, the same as exit. */
void mon_arch_reset(void) __attribute__((noreturn));

#endif
