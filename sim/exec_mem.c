/* SPDX-License-Identifier: BSD-2-Clause */
/* Loads, stores, multiple/string, reservation and cache instructions. */
#include "exec.h"
#include "mem.h"

#define ZX(v)	(v)
#define SX16(v)	((uint32_t)(int32_t)(int16_t)(v))

#define LOAD_OPS(name, width, conv)					\
OP(name)								\
{									\
	uint32_t v;							\
									\
	if (load##width(c, ra0(c, d) + d->imm, &v))			\
		return;							\
	c->gpr[d->rd] = conv(v);					\
	c->pc += 4;							\
}									\
OP(name##u)								\
{									\
	uint32_t ea = c->gpr[d->ra] + d->imm, v;			\
									\
	if (load##width(c, ea, &v))					\
		return;							\
	c->gpr[d->rd] = conv(v);					\
	c->gpr[d->ra] = ea;						\
	c->pc += 4;							\
}									\
OP(name##x)								\
{									\
	uint32_t v;							\
									\
	if (load##width(c, ra0(c, d) + c->gpr[d->rb], &v))		\
		return;							\
	c->gpr[d->rd] = conv(v);					\
	c->pc += 4;							\
}									\
OP(name##ux)								\
{									\
	uint32_t ea = c->gpr[d->ra] + c->gpr[d->rb], v;		\
									\
	if (load##width(c, ea, &v))					\
		return;							\
	c->gpr[d->rd] = conv(v);					\
	c->gpr[d->ra] = ea;						\
	c->pc += 4;							\
}

#define STORE_OPS(name, width)						\
OP(name)								\
{									\
	if (store##width(c, ra0(c, d) + d->imm, c->gpr[d->rd]))	\
		return;							\
	c->pc += 4;							\
}									\
OP(name##u)								\
{									\
	uint32_t ea = c->gpr[d->ra] + d->imm;				\
									\
	if (store##width(c, ea, c->gpr[d->rd]))			\
		return;							\
	c->gpr[d->ra] = ea;						\
	c->pc += 4;							\
}									\
OP(name##x)								\
{									\
	if (store##width(c, ra0(c, d) + c->gpr[d->rb], c->gpr[d->rd]))	\
		return;							\
	c->pc += 4;							\
}									\
OP(name##ux)								\
{									\
	uint32_t ea = c->gpr[d->ra] + c->gpr[d->rb];			\
									\
	if (store##width(c, ea, c->gpr[d->rd]))			\
		return;							\
	c->gpr[d->ra] = ea;						\
	c->pc += 4;							\
}

LOAD_OPS(lwz, 32, ZX)
LOAD_OPS(lbz, 8, ZX)
LOAD_OPS(lhz, 16, ZX)
LOAD_OPS(lha, 16, SX16)
STORE_OPS(stw, 32)
STORE_OPS(stb, 8)
STORE_OPS(sth, 16)

static inline uint32_t ea_x(const struct cpu *c, const struct dinsn *d)
{
	return ra0(c, d) + c->gpr[d->rb];
}

OP(lwbrx)
{
	uint32_t v;

	if (load32(c, ea_x(c, d), &v))
		return;
	c->gpr[d->rd] = __builtin_bswap32(v);
	c->pc += 4;
}

OP(lhbrx)
{
	uint32_t v;

	if (load16(c, ea_x(c, d), &v))
		return;
	c->gpr[d->rd] = __builtin_bswap16((uint16_t)v);
	c->pc += 4;
}

OP(stwbrx)
{
	if (store32(c, ea_x(c, d), __builtin_bswap32(c->gpr[d->rd])))
		return;
	c->pc += 4;
}

OP(sthbrx)
{
	if (store16(c, ea_x(c, d), __builtin_bswap16((uint16_t)c->gpr[d->rd])))
		return;
	c->pc += 4;
}

static void alignment(struct cpu *c, uint32_t ea)
{
	c->dar = ea;
	c->dsisr = 0;
	take_exception(c, VEC_ALIGN, c->pc, c->msr & MSR_SRR1_MASK);
}

OP(lmw)
{
	uint32_t ea = ra0(c, d) + d->imm;
	uint32_t v[32];

	if (ea & 3)
		return alignment(c, ea);
	for (int r = d->rd; r < 32; r++, ea += 4)
		if (load32(c, ea, &v[r]))
			return;
	for (int r = d->rd; r < 32; r++)
		c->gpr[r] = v[r];
	c->pc += 4;
}

OP(stmw)
{
	uint32_t ea = ra0(c, d) + d->imm;

	if (ea & 3)
		return alignment(c, ea);
	for (int r = d->rd; r < 32; r++, ea += 4)
		if (store32(c, ea, c->gpr[r]))
			return;
	c->pc += 4;
}

/* Load n bytes into rd, rd+1, ... (wrapping to r0); nothing on a fault. */
static void load_string(struct cpu *c, const struct dinsn *d, uint32_t ea,
			uint32_t n)
{
	uint8_t buf[128];
	int r = d->rd;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t v;

		if (load8(c, ea + i, &v))
			return;
		buf[i] = (uint8_t)v;
	}
	for (uint32_t i = 0; i < n; i += 4, r = (r + 1) & 31) {
		uint32_t w = 0;

		for (uint32_t j = 0; j < 4; j++)
			w |= (i + j < n ? (uint32_t)buf[i + j] : 0) <<
			     (24 - 8 * j);
		c->gpr[r] = w;
	}
	c->pc += 4;
}

static void store_string(struct cpu *c, const struct dinsn *d, uint32_t ea,
			 uint32_t n)
{
	int r = d->rd;

	for (uint32_t i = 0; i < n; i++) {
		if (i && !(i & 3))
			r = (r + 1) & 31;
		if (store8(c, ea + i, c->gpr[r] >> (24 - 8 * (i & 3))))
			return;
	}
	c->pc += 4;
}

OP(lswi)
{
	load_string(c, d, ra0(c, d), d->rb ? d->rb : 32);
}

OP(lswx)
{
	load_string(c, d, ea_x(c, d), c->xer & 0x7F);
}

OP(stswi)
{
	store_string(c, d, ra0(c, d), d->rb ? d->rb : 32);
}

OP(stswx)
{
	store_string(c, d, ea_x(c, d), c->xer & 0x7F);
}

OP(lwarx)
{
	uint32_t ea = ea_x(c, d), v;

	if (ea & 3)
		return alignment(c, ea);
	if (load32(c, ea, &v))
		return;
	c->gpr[d->rd] = v;
	c->reserve = true;
	c->reserve_addr = ea;
	c->pc += 4;
}

OP(stwcx)
{
	uint32_t ea = ea_x(c, d);
	bool ok = c->reserve && c->reserve_addr == ea;

	if (ea & 3)
		return alignment(c, ea);
	if (ok && store32(c, ea, c->gpr[d->rd]))
		return;
	c->reserve = false;
	c->cr = (c->cr & 0x0FFFFFFFu) | ((ok ? 2u : 0u) << 28) |
		((c->xer >> 31) << 28);
	c->pc += 4;
}

OP(dcbz)
{
	if (mem_cache_op(c, ea_x(c, d), ACC_DCBZ))
		return;
	c->pc += 4;
}

OP(dcbst)
{
	if (mem_cache_op(c, ea_x(c, d), ACC_DCBST))
		return;
	c->pc += 4;
}

OP(dcbf)
{
	if (mem_cache_op(c, ea_x(c, d), ACC_DCBF))
		return;
	c->pc += 4;
}

OP(dcbi)
{
	if (!priv_check(c) || mem_cache_op(c, ea_x(c, d), ACC_DCBI))
		return;
	c->pc += 4;
}

OP(icbi)
{
	if (mem_cache_op(c, ea_x(c, d), ACC_ICBI))
		return;
	c->pc += 4;
}
