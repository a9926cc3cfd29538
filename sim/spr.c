/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mfspr/mtspr: privilege rule, unknown SPRs, and the SPRs outside the MMU.
 * SPRs whose number has bit 0x10 set are supervisor-only (program
 * exception in user mode); an SPR the 8xx does not have raises the
 * software-emulation exception, as every unimplemented instruction does.
 */
#include "sim.h"

#define SPR_XER		1
#define SPR_LR		8
#define SPR_CTR		9
#define SPR_DSISR	18
#define SPR_DAR		19
#define SPR_DEC		22
#define SPR_SRR0	26
#define SPR_SRR1	27
#define SPR_EIE		80
#define SPR_EID		81
#define SPR_NRI		82
#define SPR_TBL		268
#define SPR_TBU		269
#define SPR_SPRG0	272
#define SPR_TBWL	284
#define SPR_TBWU	285
#define SPR_PVR		287
#define SPR_IMMR	638

#define PVR_VALUE	0x00500000u
#define IMMR_PARTNUM	0x00000900u	/* MPC870/875/880/885 family */

/* 8xx SPRs with no side effect: debug, cache control, DPDR */
static bool plain_spr(int spr)
{
	return (spr >= 144 && spr <= 159) || (spr >= 560 && spr <= 562) ||
	       (spr >= 568 && spr <= 570) || spr == 630;
}

static int check_priv(struct cpu *c, int spr)
{
	if ((spr & 0x10) && (c->msr & MSR_PR)) {
		program_exception(c, SRR1_PROG_PRIV);
		return -1;
	}
	return 0;
}

int spr_read(struct cpu *c, int spr, uint32_t *val)
{
	if (check_priv(c, spr))
		return -1;
	switch (spr) {
	case SPR_XER:	*val = c->xer; return 0;
	case SPR_LR:	*val = c->lr; return 0;
	case SPR_CTR:	*val = c->ctr; return 0;
	case SPR_DSISR:	*val = c->dsisr; return 0;
	case SPR_DAR:	*val = c->dar; return 0;
	case SPR_DEC:	*val = dec_read(c); return 0;
	case SPR_SRR0:	*val = c->srr0; return 0;
	case SPR_SRR1:	*val = c->srr1; return 0;
	case SPR_TBL:	*val = (uint32_t)tb_read(c); return 0;
	case SPR_TBU:	*val = (uint32_t)(tb_read(c) >> 32); return 0;
	case SPR_PVR:	*val = PVR_VALUE; return 0;
	case SPR_IMMR:	*val = (c->immr & 0xFFFF0000u) | IMMR_PARTNUM;
			return 0;
	}
	if (spr >= SPR_SPRG0 && spr < SPR_SPRG0 + 4) {
		*val = c->sprg[spr - SPR_SPRG0];
		return 0;
	}
	if (plain_spr(spr)) {
		*val = c->misc_spr[spr];
		return 0;
	}
	if (mmu_spr_read(c, spr, val))
		return 0;
	swemu_exception(c);
	return -1;
}

static void write_immr(struct cpu *c, uint32_t val)
{
	c->immr = val & 0xFFFF0000u;
	soft_tlb_flush_all(c);
}

int spr_write(struct cpu *c, int spr, uint32_t val)
{
	if (check_priv(c, spr))
		return -1;
	switch (spr) {
	case SPR_XER:	c->xer = val & 0xE000007Fu; return 0;
	case SPR_LR:	c->lr = val; return 0;
	case SPR_CTR:	c->ctr = val; return 0;
	case SPR_DSISR:	c->dsisr = val; return 0;
	case SPR_DAR:	c->dar = val; return 0;
	case SPR_DEC:	dec_write(c, val); return 0;
	case SPR_SRR0:	c->srr0 = val; return 0;
	case SPR_SRR1:	c->srr1 = val; return 0;
	case SPR_EIE:	set_msr(c, c->msr | MSR_EE | MSR_RI); return 0;
	case SPR_EID:	set_msr(c, (c->msr & ~MSR_EE) | MSR_RI); return 0;
	case SPR_NRI:	set_msr(c, c->msr & ~(MSR_EE | MSR_RI)); return 0;
	case SPR_TBWL:
		tb_write(c, (tb_read(c) & 0xFFFFFFFF00000000ull) | val);
		return 0;
	case SPR_TBWU:
		tb_write(c, (tb_read(c) & 0xFFFFFFFFull) |
			 ((uint64_t)val << 32));
		return 0;
	case SPR_IMMR:	write_immr(c, val); return 0;
	}
	if (spr >= SPR_SPRG0 && spr < SPR_SPRG0 + 4) {
		c->sprg[spr - SPR_SPRG0] = val;
		return 0;
	}
	if (plain_spr(spr)) {
		c->misc_spr[spr] = val;
		return 0;
	}
	if (mmu_spr_write(c, spr, val))
		return 0;
	swemu_exception(c);
	return -1;
}
