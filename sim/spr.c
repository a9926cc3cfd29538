/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mfspr/mtspr: privilege rule, unknown SPRs, and the SPRs outside the MMU.
 * SPRs whose number has bit 0x10 set are supervisor-only (program
 * exception in user mode); an SPR the 8xx does not have raises the
 * software-emulation exception, as every unimplemented instruction does.
 */
#include "sim.h"
#include "spr.h"

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
	if ((spr & SPR_SUPERVISOR) && (c->msr & MSR_PR)) {
		program_exception(c, SRR1_PROG_PRIV);
		return -1;
	}
	return 0;
}

/* The MMU's SPR numbers (784..826), looked at first: a TLB miss handler's. */
static bool mmu_range(int spr)
{
	return spr >= SPR_MI_CTR && spr <= SPR_MD_RAM1;
}

int spr_read(struct cpu *c, int spr, uint32_t *val)
{
	if (check_priv(c, spr))
		return -1;
	if (mmu_range(spr) && mmu_spr_read(c, spr, val))
		return 0;
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
	swemu_exception(c);
	return -1;
}

static void write_immr(struct cpu *c, uint32_t val)
{
	c->immr = val & 0xFFFF0000u;
	soft_tlb_flush_all(c);
	c->fetch_valid = false;		/* the window may now cover the fetch page */
	c->itlb_gen++;			/* or a page whose fetch translation is cached */
}

int spr_write(struct cpu *c, int spr, uint32_t val)
{
	if (check_priv(c, spr))
		return -1;
	if (mmu_range(spr) && mmu_spr_write(c, spr, val))
		return 0;
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
	swemu_exception(c);
	return -1;
}

/* Names as the MPC8xx manuals spell them (lower case), for traces and the debugger. */
static const struct {
	int spr;
	const char *name;
} spr_names[] = {
	{ SPR_XER, "xer" }, { SPR_LR, "lr" }, { SPR_CTR, "ctr" },
	{ SPR_DSISR, "dsisr" }, { SPR_DAR, "dar" }, { SPR_DEC, "dec" },
	{ SPR_SRR0, "srr0" }, { SPR_SRR1, "srr1" }, { SPR_EIE, "eie" },
	{ SPR_EID, "eid" }, { SPR_NRI, "nri" },
	{ 144, "cmpa" }, { 145, "cmpb" }, { 146, "cmpc" }, { 147, "cmpd" },
	{ 148, "icr" }, { 149, "der" }, { 150, "counta" }, { 151, "countb" },
	{ 152, "cmpe" }, { 153, "cmpf" }, { 154, "cmpg" }, { 155, "cmph" },
	{ 156, "lctrl1" }, { 157, "lctrl2" }, { 158, "ictrl" }, { 159, "bar" },
	{ SPR_TBL, "tbl" }, { SPR_TBU, "tbu" },
	{ SPR_SPRG0, "sprg0" }, { SPR_SPRG0 + 1, "sprg1" },
	{ SPR_SPRG0 + 2, "sprg2" }, { SPR_SPRG0 + 3, "sprg3" },
	{ SPR_TBWL, "tbwl" }, { SPR_TBWU, "tbwu" }, { SPR_PVR, "pvr" },
	{ 560, "ic_cst" }, { 561, "ic_adr" }, { 562, "ic_dat" },
	{ 568, "dc_cst" }, { 569, "dc_adr" }, { 570, "dc_dat" },
	{ 630, "dpdr" }, { SPR_IMMR, "immr" },
	{ SPR_MI_CTR, "mi_ctr" }, { SPR_MI_AP, "mi_ap" },
	{ SPR_MI_EPN, "mi_epn" }, { SPR_MI_TWC, "mi_twc" },
	{ SPR_MI_RPN, "mi_rpn" }, { SPR_MD_CTR, "md_ctr" },
	{ SPR_M_CASID, "m_casid" }, { SPR_MD_AP, "md_ap" },
	{ SPR_MD_EPN, "md_epn" }, { SPR_M_TWB, "m_twb" },
	{ SPR_MD_TWC, "md_twc" }, { SPR_MD_RPN, "md_rpn" },
	{ SPR_M_TW, "m_tw" }, { SPR_MI_CAM, "mi_dbcam" },
	{ SPR_MI_RAM0, "mi_dbram0" }, { SPR_MI_RAM1, "mi_dbram1" },
	{ SPR_MD_CAM, "md_dbcam" }, { SPR_MD_RAM0, "md_dbram0" },
	{ SPR_MD_RAM1, "md_dbram1" },
};

/* The SPR's name, or NULL for a number the 8xx does not name. */
const char *spr_name(int spr)
{
	for (size_t i = 0; i < sizeof(spr_names) / sizeof(spr_names[0]); i++)
		if (spr_names[i].spr == spr)
			return spr_names[i].name;
	return NULL;
}
