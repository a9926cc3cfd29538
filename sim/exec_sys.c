/* SPDX-License-Identifier: BSD-2-Clause */
/* Branches, condition-register instructions and system instructions. */
#include "exec.h"
#include "mmu.h"

OP(illegal)
{
	(void)d;
	swemu_exception(c);
}

OP(b)
{
	uint32_t target = (d->flags & DI_AA) ? d->imm : c->pc + d->imm;

	if (d->flags & DI_LK)
		c->lr = c->pc + 4;
	c->pc = target;
}

OP(bc)
{
	uint32_t target = (d->flags & DI_AA) ? d->imm : c->pc + d->imm;
	uint32_t next = c->pc + 4;

	if (d->flags & DI_LK)
		c->lr = next;
	c->pc = branch_taken(c, d) ? target : next;
}

OP(bdnz)	/* bc with BO_BDNZ, neither AA nor LK */
{
	c->pc = --c->ctr ? c->pc + d->imm : c->pc + 4;
}

OP(bclr)
{
	uint32_t target = c->lr & ~3u;
	uint32_t next = c->pc + 4;
	bool taken = branch_taken(c, d);

	if (d->flags & DI_LK)
		c->lr = next;
	c->pc = taken ? target : next;
}

OP(bcctr)	/* BO without "don't decrement" is rejected at decode */
{
	uint32_t next = c->pc + 4;
	bool taken = branch_taken(c, d);

	if (d->flags & DI_LK)
		c->lr = next;
	c->pc = taken ? c->ctr & ~3u : next;
}

/* CR logical: the truth table for (a,b) in imm bits 3..0 = f(1,1),f(1,0),f(0,1),f(0,0) */
OP(crop)
{
	int a = cr_bit(c, d->ra), b = cr_bit(c, d->rb);
	uint32_t bit = (d->imm >> (a * 2 + b)) & 1;
	uint32_t mask = 0x80000000u >> d->rd;

	c->cr = bit ? (c->cr | mask) : (c->cr & ~mask);
	c->pc += 4;
}

OP(mcrf)
{
	uint32_t f = (c->cr >> (28 - 4 * d->ra)) & 0xF;

	c->cr = (c->cr & ~(0xF0000000u >> (4 * d->sh))) |
		(f << (28 - 4 * d->sh));
	c->pc += 4;
}

OP(mcrxr)
{
	uint32_t f = c->xer >> 28;

	c->cr = (c->cr & ~(0xF0000000u >> (4 * d->sh))) |
		(f << (28 - 4 * d->sh));
	c->xer &= 0x0FFFFFFFu;
	c->pc += 4;
}

OP(mfcr)
{
	c->gpr[d->rd] = c->cr;
	c->pc += 4;
}

OP(mtcrf)	/* imm holds the field mask expanded to bits */
{
	c->cr = (c->cr & ~d->imm) | (c->gpr[d->rd] & d->imm);
	c->pc += 4;
}

/* mfspr/mtspr of LR and CTR (user-level SPRs), decoded apart */
OP(mflr)
{
	c->gpr[d->rd] = c->lr;
	c->pc += 4;
}

OP(mtlr)
{
	c->lr = c->gpr[d->rd];
	c->pc += 4;
}

OP(mfctr)
{
	c->gpr[d->rd] = c->ctr;
	c->pc += 4;
}

OP(mtctr)
{
	c->ctr = c->gpr[d->rd];
	c->pc += 4;
}

/* supervisor SPRs kept as plain storage (SPRGs, SRRs, DAR, DSISR, M_TW; Mx_TWC, M_TWB written) */
OP(mfspr_plain)
{
	if (!priv_check(c))
		return;
	c->gpr[d->rd] = *plain_spr(c, d);
	c->pc += 4;
}

OP(mtspr_plain)
{
	if (!priv_check(c))
		return;
	*plain_spr(c, d) = c->gpr[d->rd];
	c->pc += 4;
}

/* supervisor SPRs in the MMU's range; one the MMU lacks takes the general path */
OP(mfspr_mmu)
{
	uint32_t v;

	if (!priv_check(c))
		return;
	if (!mmu_spr_read(c, d->imm, &v))
		return op_mfspr(c, d);
	c->gpr[d->rd] = v;
	c->pc += 4;
}

OP(mtspr_mmu)
{
	if (!priv_check(c))
		return;
	if (!mmu_spr_write(c, d->imm, c->gpr[d->rd]))
		return op_mtspr(c, d);
	c->pc += 4;
}

/* M_TWB, MD_TWC reads and MD_RPN writes (supervisor-only) */
OP(mfspr_twb)
{
	if (!priv_check(c))
		return;
	c->gpr[d->rd] = mmu_read_m_twb(c);
	c->pc += 4;
}

OP(mfspr_twc)
{
	if (!priv_check(c))
		return;
	c->gpr[d->rd] = mmu_read_md_twc(c);
	c->pc += 4;
}

OP(mtspr_rpn)
{
	if (!priv_check(c))
		return;
	mmu_write_md_rpn(c, c->gpr[d->rd]);
	c->pc += 4;
}

OP(sc)
{
	(void)d;
	take_exception(c, VEC_SC, c->pc + 4, c->msr & MSR_SRR1_MASK);
}

OP(rfi)
{
	(void)d;
	if (!priv_check(c))
		return;
	set_msr(c, (c->msr & ~0xFF73u) | (c->srr1 & 0xFF73u));
	c->pc = c->srr0 & ~3u;
	c->fetch_valid = false;
	mmu_rfi(c);
}

OP(mfmsr)
{
	if (!priv_check(c))
		return;
	c->gpr[d->rd] = c->msr;
	c->pc += 4;
}

OP(mtmsr)
{
	if (!priv_check(c))
		return;
	set_msr(c, c->gpr[d->rd]);
	c->pc += 4;
}

OP(mfspr)
{
	uint32_t v;

	if (spr_read(c, d->imm, &v))
		return;
	c->gpr[d->rd] = v;
	c->pc += 4;
}

OP(mtspr)
{
	if (spr_write(c, d->imm, c->gpr[d->rd]))
		return;
	c->pc += 4;
}

OP(mftb)
{
	uint64_t tb = tb_read(c);

	if (d->imm == 268)
		c->gpr[d->rd] = (uint32_t)tb;
	else if (d->imm == 269)
		c->gpr[d->rd] = (uint32_t)(tb >> 32);
	else
		return swemu_exception(c);
	c->pc += 4;
}

static bool trap_cond(uint32_t to, uint32_t a, uint32_t b)
{
	return ((to & 0x10) && (int32_t)a < (int32_t)b) ||
	       ((to & 0x08) && (int32_t)a > (int32_t)b) ||
	       ((to & 0x04) && a == b) ||
	       ((to & 0x02) && a < b) ||
	       ((to & 0x01) && a > b);
}

OP(tw)
{
	if (trap_cond(d->rd, c->gpr[d->ra], c->gpr[d->rb]))
		return program_exception(c, SRR1_PROG_TRAP);
	c->pc += 4;
}

OP(twi)
{
	if (trap_cond(d->rd, c->gpr[d->ra], d->imm))
		return program_exception(c, SRR1_PROG_TRAP);
	c->pc += 4;
}

OP(nop)
{
	(void)d;
	c->pc += 4;
}

OP(swemu)
{
	(void)d;
	swemu_exception(c);
}

OP(tlbie)
{
	if (!priv_check(c))
		return;
	mmu_tlbie(c, c->gpr[d->rb]);
	c->pc += 4;
}

OP(tlbia)
{
	(void)d;
	if (!priv_check(c))
		return;
	mmu_tlbia(c);
	c->pc += 4;
}

OP(tlbsync)
{
	(void)d;
	if (!priv_check(c))
		return;
	c->pc += 4;
}
