/* SPDX-License-Identifier: BSD-2-Clause */
/* Helpers shared by the instruction implementations. */
#ifndef SIM_EXEC_H
#define SIM_EXEC_H

#include "sim.h"

#define OP(name) void op_##name(struct cpu *c, const struct dinsn *d)

static inline uint32_t ra0(const struct cpu *c, const struct dinsn *d)
{
	return d->ra ? c->gpr[d->ra] : 0;
}

static inline void set_cr0(struct cpu *c, uint32_t r)
{
	uint32_t f = (int32_t)r < 0 ? 8 : (r ? 4 : 2);

	f |= c->xer >> 31;
	c->cr = (c->cr & 0x0FFFFFFFu) | (f << 28);
}

static inline void set_crf(struct cpu *c, int crf, uint32_t f)
{
	int shift = 28 - 4 * crf;

	c->cr = (c->cr & ~(0xFu << shift)) | (f << shift);
}

static inline void set_ov(struct cpu *c, bool ov)
{
	if (ov)
		c->xer |= XER_OV | XER_SO;
	else
		c->xer &= ~XER_OV;
}

static inline void set_ca(struct cpu *c, bool ca)
{
	if (ca)
		c->xer |= XER_CA;
	else
		c->xer &= ~XER_CA;
}

static inline uint32_t carry_in(const struct cpu *c)
{
	return (c->xer >> 29) & 1;
}

static inline bool priv_check(struct cpu *c)
{
	if (c->msr & MSR_PR) {
		program_exception(c, SRR1_PROG_PRIV);
		return false;
	}
	return true;
}

static inline uint32_t rotl32(uint32_t x, unsigned int n)
{
	n &= 31;
	return n ? (x << n) | (x >> (32 - n)) : x;
}

#define OPS_LIST(X) \
	X(illegal) X(li) X(addi) X(addic) X(addic_rc) X(subfic) X(mulli) \
	X(cmpi) X(cmpli) X(cmp) X(cmpl) X(ori) X(xori) X(andi_rc) \
	X(rlwinm) X(rlwimi) X(rlwnm) \
	X(add) X(addc) X(adde) X(addme) X(addze) X(subf) X(subfc) X(subfe) \
	X(subfme) X(subfze) X(neg) X(mullw) X(mulhw) X(mulhwu) X(divw) \
	X(divwu) \
	X(and) X(andc) X(or) X(orc) X(xor) X(nor) X(nand) X(eqv) X(slw) \
	X(srw) X(sraw) X(srawi) X(cntlzw) X(extsb) X(extsh) \
	X(crop) X(mcrf) X(mcrxr) X(mfcr) X(mtcrf) \
	X(mflr) X(mtlr) X(mfctr) X(mtctr) X(mfspr_plain) X(mtspr_plain) \
	X(mfspr_mmu) X(mtspr_mmu) X(mfspr_twb) X(mfspr_twc) X(mtspr_rpn) \
	X(b) X(bc) X(bdnz) X(bclr) X(bcctr) \
	X(sc) X(rfi) X(mfmsr) X(mtmsr) X(mfspr) X(mtspr) X(mftb) X(tw) \
	X(twi) X(nop) X(tlbie) X(tlbia) X(tlbsync) X(swemu) \
	X(lwz) X(lwzu) X(lwzx) X(lwzux) X(lbz) X(lbzu) X(lbzx) X(lbzux) \
	X(lhz) X(lhzu) X(lhzx) X(lhzux) X(lha) X(lhau) X(lhax) X(lhaux) \
	X(stw) X(stwu) X(stwx) X(stwux) X(stb) X(stbu) X(stbx) X(stbux) \
	X(sth) X(sthu) X(sthx) X(sthux) \
	X(lwbrx) X(lhbrx) X(stwbrx) X(sthbrx) X(lmw) X(stmw) \
	X(lswi) X(lswx) X(stswi) X(stswx) X(lwarx) X(stwcx) \
	X(dcbz) X(dcbst) X(dcbf) X(dcbi) X(icbi)

#define DECLARE_OP(name) OP(name);
OPS_LIST(DECLARE_OP)

#define OP_ENUM(name) OPID_##name,
enum op_id {
	OPS_LIST(OP_ENUM)
	OPID_stub,		/* not decoded yet */
	OPID_pageend,		/* the sentinel after a page's last entry */
	OPID_jit,		/* run.c's label of a translated entry (jit.c) */
	NUM_OPS
};

/* a plain SPR specialized at decode: imm is its offset in struct cpu */
static inline uint32_t *plain_spr(struct cpu *c, const struct dinsn *d)
{
	return (uint32_t *)((char *)c + d->imm);
}

static inline bool cr_bit(const struct cpu *c, int n)
{
	return (c->cr >> (31 - n)) & 1;
}

/*
 * BO bits: 0x10 ignore the CR bit, 0x08 the CR bit value wanted, 0x04 do
 * not decrement CTR, 0x02 branch when CTR is 0 (else when not 0), 0x01 a
 * hint. bdnz (decrement, branch while CTR != 0, no CR bit) is decoded apart.
 */
#define BO_BDNZ_MASK	0x16u
#define BO_BDNZ		0x10u

/* BO decoding shared by bc, bclr and bcctr; decrements CTR if asked. */
static inline bool branch_taken(struct cpu *c, const struct dinsn *d)
{
	uint32_t bo = d->sh;
	bool ctr_ok = true, cond_ok = true;

	if (!(bo & 0x04)) {
		c->ctr--;
		ctr_ok = (c->ctr != 0) != !!(bo & 0x02);
	}
	if (!(bo & 0x10))
		cond_ok = cr_bit(c, d->ra) == !!(bo & 0x08);
	return ctr_ok && cond_ok;
}

#endif
