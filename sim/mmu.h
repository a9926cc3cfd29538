/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The MPC8xx MMU registers' fields, and the tablewalk assist's reads of
 * M_TWB and MD_TWC, inline: mmu-mpc8xx.c and the threaded dispatcher
 * (run.c, which runs a miss handler's reads without a call) share them.
 * Facts: docs/hw/mpc8xx.md.
 */
#ifndef SIM_MMU_H
#define SIM_MMU_H

#include "sim.h"

/* Mx_CTR */
#define CTR_GPM		0x80000000u
#define CTR_PPM		0x40000000u
#define CTR_RSV4	0x08000000u
#define CTR_TWAM	0x04000000u
#define CTR_PPCS	0x02000000u
#define CTR_INDX_SHIFT	8
#define CTR_INDX	0x00001F00u

/* Mx_EPN */
#define EPN_EPN		0xFFFFF000u
#define EPN_EV		0x00000200u
#define EPN_ASID	0x0000000Fu
#define EPN_MASK	(EPN_EPN | EPN_EV | EPN_ASID)

/* Mx_TWC */
#define TWC_L2TB	0xFFFFF000u
#define TWC_G		0x00000010u
#define TWC_PS		0x0000000Cu
#define TWC_V		0x00000001u
#define MI_TWC_MASK	0x000001FDu
#define MD_TWC_MASK	0x000001FFu

/* Mx_RPN */
#define RPN_PP20	0x00000800u
#define RPN_E		0x00000200u
#define RPN_C		0x00000100u
#define RPN_SPS		0x00000008u
#define RPN_SH		0x00000004u
#define RPN_CI		0x00000002u
#define RPN_V		0x00000001u

/* The level-2 entry address MD_TWC reads as, for EA and an L1 entry 'twc'. */
static inline uint32_t l2_address(struct cpu *c, uint32_t ea, uint32_t twc,
			   uint32_t ctr, bool warn)
{
	uint32_t base = twc & TWC_L2TB;

	if (!(ctr & CTR_TWAM)) {
		if (warn)
			sim_warn(c, W_TWAM0, "MD_TWC read with TWAM=0 (1 KB "
				 "tablewalk mode)");
		return (twc & 0xFFFFFC00u) | ((ea >> 10) & 0x3FCu);
	}
	switch ((twc & TWC_PS) >> 2) {
	case 3:		/* 8M: the level-2 base, no index */
		return base;
	case 1:		/* 512K: EA[10:12] selects a slot 512 bytes apart */
		if (warn)
			sim_warn(c, W_TWC_READ_512K, "MD_TWC read while PS=01 "
				 "(512K): returning L2TB | EA[10:12]<<9");
		return base | (((ea >> 19) & 7) << 9);
	case 2:
		if (warn)
			sim_warn(c, W_TWC_READ_PS10, "MD_TWC read while PS=10 "
				 "(reserved): treated as PS=00");
		break;
	}
	return base | ((ea >> 10) & 0xFFCu);
}

static inline uint32_t md_twc_read(struct cpu *c)
{
	struct mmu *m = &c->mmu;

	return l2_address(c, m->md_epn, m->md_twc, m->md_ctr, true);
}

/* The level-1 entry address M_TWB reads as, for EA. */
static inline uint32_t l1_address(struct cpu *c, uint32_t ea, bool warn)
{
	struct mmu *m = &c->mmu;

	if (!(m->md_ctr & CTR_TWAM)) {
		if (warn)
			sim_warn(c, W_TWAM0, "M_TWB read with TWAM=0 (1 KB "
				 "tablewalk mode)");
		return (m->m_twb & 0xFFFFC000u) | ((ea >> 18) & 0x3FFCu);
	}
	return (m->m_twb & 0xFFFFF000u) | ((ea >> 20) & 0xFFCu);
}

static inline uint32_t m_twb_read(struct cpu *c)
{
	return l1_address(c, c->mmu.md_epn, true);
}

/* mfspr M_TWB, MD_TWC (warnings included) */
static inline uint32_t mmu_read_m_twb(struct cpu *c)
{
	return m_twb_read(c);
}

static inline uint32_t mmu_read_md_twc(struct cpu *c)
{
	return md_twc_read(c);
}

#endif
