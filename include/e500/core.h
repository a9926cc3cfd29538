/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What differs between the e500 cores the kernel runs on, decided at run
 * time on each core from its PVR (docs/hw/e500.md section 8): e500v2, or
 * e500mc and later (tlbilx, MAS8, category E.HV, IVOR36..41, no SPE, no
 * MSR[WE] doze).  Run time rather than build time because one image then
 * boots on both and the choice costs one mfspr where it is made, never in the
 * miss handler; a build-time choice would need an image per core, and an
 * e500mc image on an e500v2 would die on its first tlbilx.
 *
 * The L1 line size every cache loop steps by comes from L1CFG0/L1CFG1 and
 * the device tree's cpu node, the smaller of the two when they disagree.
 */
#ifndef PPCMMU_E500_CORE_H
#define PPCMMU_E500_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "include/spr.h"
#include "e500/reg.h"

/* e500mc or a later core (PVR version 0x8023 and up). */
static inline bool core_is_e500mc(void)
{
	return (mfspr(SPRN_PVR) >> PVR_VER_SHIFT) >= PVR_VER_E500MC;
}

/*
 * Hypervisor state of an E.HV core, set on every core before its first
 * interrupt: MSR[GS] clear (the rfi into C), EPCR 0 (every interrupt to
 * this kernel, 32-bit interrupt mode), MSRP 0, LPIDR 0, MAS5 0 (searches
 * find host entries), MAS8 0 (entries are written as host entries), and
 * IVOR36..41 on handlers that report them.  Nothing on an e500v2.
 */
/*
 * mfspr n into a register holding SPR_SENTINEL: SPR_SENTINEL comes back where
 * the core does not implement n (QEMU 7.2 leaves the target register alone).
 */
#define SPR_SENTINEL	0x5a5a5a5au
#define MFSPR_OR_SENTINEL(n)	({ uint32_t v_ = SPR_SENTINEL;					\
				   __asm__ volatile("mfspr %0, %1" : "+r"(v_) : "i"(n)); v_; })

/* e500-vectors.S: the e500mc-only vectors (IVOR36..41), each reported as an unexpected interrupt. */
extern const char e500_vec_doorbell[], e500_vec_doorbell_crit[], e500_vec_guest_doorbell[],
	e500_vec_guest_doorbell_crit[], e500_vec_hcall[], e500_vec_ehpriv[];

#define EPCR_KERNEL	0
#define MSRP_KERNEL	0
#define LPIDR_KERNEL	0
void e500mc_hv_setup(void);
/* An e500mc whose MAS8 can be read (QEMU 7.2 implements none: mfspr returns nothing). */
bool e500mc_mas8_readable(void);

/* L1 line size (bytes) from this core's L1CFG0/1, before the device tree is read. */
unsigned int l1cfg_line_bytes(void);
/* The device tree's line sizes (0: not given); say on the console if they differ from L1CFGn. */
void cache_line_from_dt(uint32_t dcache, uint32_t icache);
/* The line size every cache loop steps by. */
unsigned int cache_line_bytes(void);
/*
 * The RAM the board says it has, as the loader handed it over: the device
 * tree's /memory size (from physical 0), else board.cfg's.  A board fact
 * for a test's skip, not the kernel's checked figure (layout.ram_size).
 */
uint64_t e500_board_ram(void);
/* Zero [va, va + len) with dcbz, one line at a time; va and len line-aligned. */
void dcache_zero(void *va, size_t len);

/*
 * The CCSR's physical base: the 1 MB block of the console UART the device
 * tree (else board.cfg) names.  A board fact: tests decide from it whether
 * the board has a 36-bit address to map, never from a TLB read-back.
 */
uint64_t e500_ccsr_pa(void);

#endif
