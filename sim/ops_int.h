/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Integer arithmetic, logical, rotate/shift and compare instructions, in
 * one place for both dispatchers: exec_int.c builds them as the op_*
 * functions (PC_ADVANCE steps the PC), run.c as inline bodies of the
 * threaded interpreter (PC_ADVANCE does nothing: the PC is implied by the
 * position in the decoded page). The includer defines OPFN and PC_ADVANCE.
 * None of these instructions can raise an exception.
 */

OPFN(li)
{
	c->gpr[d->rd] = d->imm;
	PC_ADVANCE(c);
}

OPFN(addi)	/* also addis: imm is pre-shifted; RA=0 is decoded as li */
{
	c->gpr[d->rd] = c->gpr[d->ra] + d->imm;
	PC_ADVANCE(c);
}

OPFN(addic)
{
	uint32_t a = c->gpr[d->ra], r = a + d->imm;

	set_ca(c, r < a);
	c->gpr[d->rd] = r;
	PC_ADVANCE(c);
}

OPFN(addic_rc)
{
	uint32_t a = c->gpr[d->ra], r = a + d->imm;

	set_ca(c, r < a);
	c->gpr[d->rd] = r;
	set_cr0(c, r);
	PC_ADVANCE(c);
}

OPFN(subfic)
{
	uint64_t r = (uint64_t)(uint32_t)~c->gpr[d->ra] + d->imm + 1;

	set_ca(c, r >> 32);
	c->gpr[d->rd] = (uint32_t)r;
	PC_ADVANCE(c);
}

OPFN(mulli)
{
	c->gpr[d->rd] = (uint32_t)((int64_t)(int32_t)c->gpr[d->ra] *
				   (int32_t)d->imm);
	PC_ADVANCE(c);
}

static uint32_t cmp_flags(struct cpu *c, bool lt, bool gt)
{
	return (lt ? 8 : gt ? 4 : 2) | (c->xer >> 31);
}

OPFN(cmpi)
{
	int32_t a = (int32_t)c->gpr[d->ra], b = (int32_t)d->imm;

	set_crf(c, d->sh, cmp_flags(c, a < b, a > b));
	PC_ADVANCE(c);
}

OPFN(cmpli)
{
	uint32_t a = c->gpr[d->ra], b = d->imm;

	set_crf(c, d->sh, cmp_flags(c, a < b, a > b));
	PC_ADVANCE(c);
}

OPFN(cmp)
{
	int32_t a = (int32_t)c->gpr[d->ra], b = (int32_t)c->gpr[d->rb];

	set_crf(c, d->sh, cmp_flags(c, a < b, a > b));
	PC_ADVANCE(c);
}

OPFN(cmpl)
{
	uint32_t a = c->gpr[d->ra], b = c->gpr[d->rb];

	set_crf(c, d->sh, cmp_flags(c, a < b, a > b));
	PC_ADVANCE(c);
}

/* D-form logical: rS is in the rd field, the target in ra. */
OPFN(ori)
{
	c->gpr[d->ra] = c->gpr[d->rd] | d->imm;
	PC_ADVANCE(c);
}

OPFN(xori)
{
	c->gpr[d->ra] = c->gpr[d->rd] ^ d->imm;
	PC_ADVANCE(c);
}

OPFN(andi_rc)
{
	uint32_t r = c->gpr[d->rd] & d->imm;

	c->gpr[d->ra] = r;
	set_cr0(c, r);
	PC_ADVANCE(c);
}

static inline void finish_logic(struct cpu *c, const struct dinsn *d,
				uint32_t r)
{
	c->gpr[d->ra] = r;
	if (d->flags & DI_RC)
		set_cr0(c, r);
	PC_ADVANCE(c);
}

OPFN(rlwinm)
{
	finish_logic(c, d, rotl32(c->gpr[d->rd], d->sh) & d->imm);
}

OPFN(rlwimi)
{
	uint32_t r = (rotl32(c->gpr[d->rd], d->sh) & d->imm) |
		     (c->gpr[d->ra] & ~d->imm);

	finish_logic(c, d, r);
}

OPFN(rlwnm)
{
	finish_logic(c, d, rotl32(c->gpr[d->rd], c->gpr[d->rb]) & d->imm);
}

static inline void finish_xo(struct cpu *c, const struct dinsn *d,
			     uint32_t r, bool ov)
{
	c->gpr[d->rd] = r;
	if (d->flags & DI_OE)
		set_ov(c, ov);
	if (d->flags & DI_RC)
		set_cr0(c, r);
	PC_ADVANCE(c);
}

static inline bool add_ov(uint32_t a, uint32_t b, uint32_t r)
{
	return ((a ^ r) & (b ^ r)) >> 31;
}

/* a + b + cin with carry out; used by the whole add/subtract family */
static inline uint32_t add3(struct cpu *c, const struct dinsn *d, uint32_t a,
			    uint32_t b, uint32_t cin, bool with_ca)
{
	uint64_t wide = (uint64_t)a + b + cin;
	uint32_t r = (uint32_t)wide;

	if (with_ca)
		set_ca(c, wide >> 32);
	finish_xo(c, d, r, add_ov(a, b, r));
	return r;
}

OPFN(add)
{
	add3(c, d, c->gpr[d->ra], c->gpr[d->rb], 0, false);
}

OPFN(addc)
{
	add3(c, d, c->gpr[d->ra], c->gpr[d->rb], 0, true);
}

OPFN(adde)
{
	add3(c, d, c->gpr[d->ra], c->gpr[d->rb], carry_in(c), true);
}

OPFN(addme)
{
	add3(c, d, c->gpr[d->ra], 0xFFFFFFFFu, carry_in(c), true);
}

OPFN(addze)
{
	add3(c, d, c->gpr[d->ra], 0, carry_in(c), true);
}

OPFN(subf)
{
	add3(c, d, ~c->gpr[d->ra], c->gpr[d->rb], 1, false);
}

OPFN(subfc)
{
	add3(c, d, ~c->gpr[d->ra], c->gpr[d->rb], 1, true);
}

OPFN(subfe)
{
	add3(c, d, ~c->gpr[d->ra], c->gpr[d->rb], carry_in(c), true);
}

OPFN(subfme)
{
	add3(c, d, ~c->gpr[d->ra], 0xFFFFFFFFu, carry_in(c), true);
}

OPFN(subfze)
{
	add3(c, d, ~c->gpr[d->ra], 0, carry_in(c), true);
}

OPFN(neg)
{
	uint32_t a = c->gpr[d->ra];

	finish_xo(c, d, -a, a == 0x80000000u);
}

OPFN(mullw)
{
	int64_t p = (int64_t)(int32_t)c->gpr[d->ra] *
		    (int32_t)c->gpr[d->rb];

	finish_xo(c, d, (uint32_t)p, p != (int32_t)p);
}

OPFN(mulhw)
{
	int64_t p = (int64_t)(int32_t)c->gpr[d->ra] *
		    (int32_t)c->gpr[d->rb];

	finish_xo(c, d, (uint32_t)((uint64_t)p >> 32), false);
}

OPFN(mulhwu)
{
	uint64_t p = (uint64_t)c->gpr[d->ra] * c->gpr[d->rb];

	finish_xo(c, d, (uint32_t)(p >> 32), false);
}

/* Undefined quotients follow QEMU: the divisor is replaced by 1. */
OPFN(divw)
{
	int32_t a = (int32_t)c->gpr[d->ra], b = (int32_t)c->gpr[d->rb];
	bool bad = b == 0 || (a == INT32_MIN && b == -1);

	finish_xo(c, d, (uint32_t)(bad ? a : a / b), bad);
}

OPFN(divwu)
{
	uint32_t a = c->gpr[d->ra], b = c->gpr[d->rb];

	finish_xo(c, d, b ? a / b : a, b == 0);
}

/* X-form logical: rS in rd, target in ra */
OPFN(and)  { finish_logic(c, d, c->gpr[d->rd] & c->gpr[d->rb]); }
OPFN(andc) { finish_logic(c, d, c->gpr[d->rd] & ~c->gpr[d->rb]); }
OPFN(or)   { finish_logic(c, d, c->gpr[d->rd] | c->gpr[d->rb]); }
OPFN(orc)  { finish_logic(c, d, c->gpr[d->rd] | ~c->gpr[d->rb]); }
OPFN(xor)  { finish_logic(c, d, c->gpr[d->rd] ^ c->gpr[d->rb]); }
OPFN(nor)  { finish_logic(c, d, ~(c->gpr[d->rd] | c->gpr[d->rb])); }
OPFN(nand) { finish_logic(c, d, ~(c->gpr[d->rd] & c->gpr[d->rb])); }
OPFN(eqv)  { finish_logic(c, d, ~(c->gpr[d->rd] ^ c->gpr[d->rb])); }

OPFN(slw)
{
	uint32_t n = c->gpr[d->rb] & 0x3F;

	finish_logic(c, d, n < 32 ? c->gpr[d->rd] << n : 0);
}

OPFN(srw)
{
	uint32_t n = c->gpr[d->rb] & 0x3F;

	finish_logic(c, d, n < 32 ? c->gpr[d->rd] >> n : 0);
}

static void sra_common(struct cpu *c, const struct dinsn *d, uint32_t n)
{
	int32_t s = (int32_t)c->gpr[d->rd];
	uint32_t r;
	bool ca;

	if (n >= 32) {
		r = (uint32_t)(s >> 31);
		ca = s < 0;
	} else {
		r = (uint32_t)(s >> n);
		ca = s < 0 && n && ((uint32_t)s << (32 - n));
	}
	set_ca(c, ca);
	finish_logic(c, d, r);
}

OPFN(sraw)
{
	sra_common(c, d, c->gpr[d->rb] & 0x3F);
}

OPFN(srawi)
{
	sra_common(c, d, d->sh);
}

OPFN(cntlzw)
{
	uint32_t s = c->gpr[d->rd];

	finish_logic(c, d, s ? (uint32_t)__builtin_clz(s) : 32);
}

OPFN(extsb)
{
	finish_logic(c, d, (uint32_t)(int32_t)(int8_t)c->gpr[d->rd]);
}

OPFN(extsh)
{
	finish_logic(c, d, (uint32_t)(int32_t)(int16_t)c->gpr[d->rd]);
}
