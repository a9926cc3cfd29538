/* SPDX-License-Identifier: BSD-2-Clause */
/* e500 in 64-bit mode: TLB geometry and reads (boot/e500-64-setup.c), for the monitor and the tests. */
#ifndef PPCMMU_E500_E64_TLB_H
#define PPCMMU_E500_E64_TLB_H

#include <stdbool.h>
#include <stdint.h>
#include "include/arch.h"

unsigned int e64_tlb1_entries(void);
void e64_tlb0_geometry(unsigned int *sets, unsigned int *ways);
/* One bit per log2 of a TLB1 page size the core reports (TLB1PS or TLB1CFG); *mav2: MMU v2.0. */
uint64_t e64_tlb1_page_shifts(bool *mav2);
/* TLB 0 (set, way) or 1 (esel = way) through tlbre; raw[4] holds MAS2's high word. */
bool e64_tlb_read(unsigned int tlb, unsigned int set, unsigned int way, struct tlb_info *t);
const char *e64_tlb1_slot_use(unsigned int slot);
/*
 * The largest PID a user space may have: 2^(MMUCFG[PIDSIZE] + 1) - 1, read
 * at boot; *why says where it came from (the fallback's reason when MMUCFG
 * reads 0).
 */
unsigned int e64_pid_max(const char **why);

#endif
