/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Instruction decoding (raw word -> predecoded dinsn) and disassembly,
 * both driven by one table of the instructions the 8xx core implements.
 * Anything not in the table (including every floating-point instruction)
 * decodes to the software-emulation exception.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "exec.h"
#include "spr.h"

enum form {
	F_NONE, F_DA, F_DL, F_DLS, F_CMPI, F_CMPLI, F_XO3, F_XO2, F_XL3,
	F_XL2, F_XLS, F_CMP, F_RLW, F_RLWNM, F_SHI, F_B, F_BC, F_BCR,
	F_CRL, F_MCRF, F_RD, F_RS, F_MFSPR, F_MTSPR, F_MTCRF, F_CRFD, F_TW,
	F_TWI, F_AB, F_RB, F_LSWI, F_MFTB, F_SC, F_FORMS,
};

struct opdef {
	uint8_t prim;
	int16_t xo;		/* -1: primary opcode only */
	const char *name;
	uint8_t op;		/* enum op_id */
	uint8_t form;
	uint8_t xo_oe;		/* XO-form: also accept OE=1 */
	uint8_t crop;		/* CR-logical truth table */
};

#define E(p, x, n, f, fm) { p, x, n, OPID_##f, fm, 0, 0 }
#define XO(x, n, f) { 31, x, n, OPID_##f, F_XO3, 1, 0 }
#define XO2(x, n, f) { 31, x, n, OPID_##f, F_XO2, 1, 0 }
#define CR(x, n, t) { 19, x, n, OPID_crop, F_CRL, 0, t }
/* An opcode-31 instruction whose mnemonic is its operation's name. */
#define X31(x, f, fm) E(31, x, #f, f, fm)
/* A load or store and its update form: D-form at opcode + 1, X-form at xo + 32. */
#define DLS_U(p, f, fu) E(p, -1, #f, f, F_DLS), E((p) + 1, -1, #fu, fu, F_DLS)
#define XLS_U(x, f, fu) X31(x, f, F_XLS), X31((x) + 32, fu, F_XLS)

static const struct opdef optab[] = {
	E(3, -1, "twi", twi, F_TWI),
	E(7, -1, "mulli", mulli, F_DA),
	E(8, -1, "subfic", subfic, F_DA),
	E(10, -1, "cmplwi", cmpli, F_CMPLI),
	E(11, -1, "cmpwi", cmpi, F_CMPI),
	E(12, -1, "addic", addic, F_DA),
	E(13, -1, "addic.", addic_rc, F_DA),
	E(14, -1, "addi", addi, F_DA),
	E(15, -1, "addis", addi, F_DA),
	E(16, -1, "bc", bc, F_BC),
	E(17, -1, "sc", sc, F_SC),
	E(18, -1, "b", b, F_B),
	E(20, -1, "rlwimi", rlwimi, F_RLW),
	E(21, -1, "rlwinm", rlwinm, F_RLW),
	E(23, -1, "rlwnm", rlwnm, F_RLWNM),
	E(24, -1, "ori", ori, F_DL),
	E(25, -1, "oris", ori, F_DL),
	E(26, -1, "xori", xori, F_DL),
	E(27, -1, "xoris", xori, F_DL),
	E(28, -1, "andi.", andi_rc, F_DL),
	E(29, -1, "andis.", andi_rc, F_DL),
	DLS_U(32, lwz, lwzu), DLS_U(34, lbz, lbzu),
	DLS_U(36, stw, stwu), DLS_U(38, stb, stbu),
	DLS_U(40, lhz, lhzu), DLS_U(42, lha, lhau),
	DLS_U(44, sth, sthu),
	E(46, -1, "lmw", lmw, F_DLS), E(47, -1, "stmw", stmw, F_DLS),

	E(19, 0, "mcrf", mcrf, F_MCRF),
	E(19, 16, "bclr", bclr, F_BCR),
	E(19, 50, "rfi", rfi, F_NONE),
	E(19, 150, "isync", nop, F_NONE),
	E(19, 528, "bcctr", bcctr, F_BCR),
	CR(33, "crnor", 0x1), CR(129, "crandc", 0x4), CR(193, "crxor", 0x6),
	CR(225, "crnand", 0x7), CR(257, "crand", 0x8), CR(289, "creqv", 0x9),
	CR(417, "crorc", 0xD), CR(449, "cror", 0xE),

	E(31, 0, "cmpw", cmp, F_CMP),
	E(31, 32, "cmplw", cmpl, F_CMP),
	X31(4, tw, F_TW),
	XO(266, "add", add), XO(10, "addc", addc), XO(138, "adde", adde),
	XO2(234, "addme", addme), XO2(202, "addze", addze),
	XO(40, "subf", subf), XO(8, "subfc", subfc), XO(136, "subfe", subfe),
	XO2(232, "subfme", subfme), XO2(200, "subfze", subfze),
	XO2(104, "neg", neg), XO(235, "mullw", mullw),
	XO(491, "divw", divw), XO(459, "divwu", divwu),
	X31(75, mulhw, F_XO3), X31(11, mulhwu, F_XO3),
	X31(28, and, F_XL3), X31(60, andc, F_XL3),
	X31(444, or, F_XL3), X31(412, orc, F_XL3),
	X31(316, xor, F_XL3), X31(124, nor, F_XL3),
	X31(476, nand, F_XL3), X31(284, eqv, F_XL3),
	X31(24, slw, F_XL3), X31(536, srw, F_XL3),
	X31(792, sraw, F_XL3), X31(824, srawi, F_SHI),
	X31(26, cntlzw, F_XL2), X31(954, extsb, F_XL2),
	X31(922, extsh, F_XL2),
	X31(19, mfcr, F_RD), X31(144, mtcrf, F_MTCRF),
	X31(512, mcrxr, F_CRFD),
	X31(83, mfmsr, F_RD), X31(146, mtmsr, F_RS),
	X31(339, mfspr, F_MFSPR), X31(467, mtspr, F_MTSPR),
	X31(371, mftb, F_MFTB),
	XLS_U(23, lwzx, lwzux), XLS_U(87, lbzx, lbzux),
	XLS_U(279, lhzx, lhzux), XLS_U(343, lhax, lhaux),
	XLS_U(151, stwx, stwux), XLS_U(215, stbx, stbux),
	XLS_U(407, sthx, sthux),
	X31(534, lwbrx, F_XLS), X31(790, lhbrx, F_XLS),
	X31(662, stwbrx, F_XLS), X31(918, sthbrx, F_XLS),
	X31(597, lswi, F_LSWI), X31(533, lswx, F_XLS),
	X31(725, stswi, F_LSWI), X31(661, stswx, F_XLS),
	X31(20, lwarx, F_XLS), E(31, 150, "stwcx.", stwcx, F_XLS),
	X31(1014, dcbz, F_AB), X31(54, dcbst, F_AB),
	X31(86, dcbf, F_AB), X31(470, dcbi, F_AB),
	X31(982, icbi, F_AB), E(31, 278, "dcbt", nop, F_AB),
	E(31, 246, "dcbtst", nop, F_AB),
	E(31, 598, "sync", nop, F_NONE), E(31, 854, "eieio", nop, F_NONE),
	X31(306, tlbie, F_RB), X31(370, tlbia, F_NONE),
	X31(566, tlbsync, F_NONE),
};

static const struct opdef *prim_tab[64];
static const struct opdef *xo19_tab[1024];
static const struct opdef *xo31_tab[1024];
static bool tables_ready;

static void build_tables(void)
{
	for (size_t i = 0; i < sizeof(optab) / sizeof(optab[0]); i++) {
		const struct opdef *o = &optab[i];

		if (o->xo < 0)
			prim_tab[o->prim] = o;
		else if (o->prim == 19)
			xo19_tab[o->xo] = o;
		else if (o->xo_oe)
			xo31_tab[o->xo] = xo31_tab[o->xo | 0x200] = o;
		else
			xo31_tab[o->xo] = o;
	}
	tables_ready = true;
}

static const struct opdef *lookup(uint32_t raw)
{
	uint32_t prim = raw >> 26, xo = (raw >> 1) & 0x3FF;

	if (!tables_ready)
		build_tables();
	if (prim == 19)
		return xo19_tab[xo];
	if (prim == 31)
		return xo31_tab[xo];
	return prim_tab[prim];
}

static uint32_t rot_mask(unsigned int mb, unsigned int me)
{
	uint32_t m1 = 0xFFFFFFFFu >> mb;
	uint32_t m2 = 0xFFFFFFFFu << (31 - me);

	return mb <= me ? (m1 & m2) : (m1 | m2);
}

static uint32_t simm16(uint32_t raw)
{
	return (uint32_t)(int32_t)(int16_t)(raw & 0xFFFF);
}


static uint32_t spr_field(uint32_t raw)
{
	return ((raw >> 16) & 0x1F) | (((raw >> 11) & 0x1F) << 5);
}

/* Invalid forms the architecture leaves undefined: treated as illegal. */
static bool invalid_form(const struct opdef *o, uint32_t raw)
{
	uint32_t rd = (raw >> 21) & 31, ra = (raw >> 16) & 31;
	const char *n = o->name;
	size_t len = strlen(n);
	bool update = (n[len - 1] == 'u' && o->form == F_DLS) ||
		      (len > 2 && !strcmp(n + len - 2, "ux"));

	if (update && (ra == 0 || (n[0] == 'l' && ra == rd)))
		return true;
	if (o->op == OPID_bcctr && !(raw & 0x00800000u))
		return true;	/* bcctr that would decrement CTR */
	return false;
}

/* Where a plain SPR lives in struct cpu, or 0 for one with side effects. */
static uint32_t plain_spr_offset(uint32_t spr, bool write)
{
	switch (spr) {
	case SPR_SPRG0: case SPR_SPRG0 + 1: case SPR_SPRG0 + 2:
	case SPR_SPRG0 + 3:
		return offsetof(struct cpu, sprg) + 4 * (spr - SPR_SPRG0);
	case SPR_SRR0:	return offsetof(struct cpu, srr0);
	case SPR_SRR1:	return offsetof(struct cpu, srr1);
	case SPR_DAR:	return offsetof(struct cpu, dar);
	case SPR_DSISR:	return offsetof(struct cpu, dsisr);
	case SPR_MI_TWC: return write ? offsetof(struct cpu, mmu.mi_twc) : 0;
	case SPR_MD_TWC: return write ? offsetof(struct cpu, mmu.md_twc) : 0;
	case SPR_M_TWB:	return write ? offsetof(struct cpu, mmu.m_twb) : 0;
	case SPR_M_TW:	return offsetof(struct cpu, mmu.m_tw);
	}
	return 0;
}

/* The op for an MMU SPR: its own for a tablewalk miss handler's three */
static uint8_t mmu_spr_op(uint32_t spr, bool write)
{
	if (write)
		return spr == SPR_MD_RPN ? OPID_mtspr_rpn : OPID_mtspr_mmu;
	if (spr == SPR_M_TWB)
		return OPID_mfspr_twb;
	return spr == SPR_MD_TWC ? OPID_mfspr_twc : OPID_mfspr_mmu;
}

/*
 * mfspr/mtspr of LR and CTR (no privilege check, no side effect), of
 * the supervisor SPRs that are plain storage (imm becomes the offset of
 * the register in struct cpu; the privilege check stays), and of the
 * MMU's SPRs (all supervisor-only: straight to the MMU's own access).
 */
static void specialize_spr(struct dinsn *d, uint8_t form)
{
	static const uint8_t ops[2][2] = {
		{ OPID_mflr, OPID_mfctr }, { OPID_mtlr, OPID_mtctr },
	};
	bool write = form == F_MTSPR;
	uint32_t off;

	if (d->imm == SPR_LR || d->imm == SPR_CTR) {
		d->op = ops[write][d->imm == SPR_CTR];
		return;
	}
	off = plain_spr_offset(d->imm, write);
	if (off) {
		d->op = write ? OPID_mtspr_plain : OPID_mfspr_plain;
		d->imm = off;
	} else if (d->imm >= SPR_MI_CTR && d->imm <= SPR_MD_RAM1 &&
		   (d->imm & SPR_SUPERVISOR)) {
		d->op = mmu_spr_op(d->imm, write);
	}
}

/* b (LI, AA, LK), bc (BO in sh, BD, AA, LK), bclr/bcctr (BO, LK): each ends a block. */
static void fill_branch(struct dinsn *d, int form, uint32_t raw)
{
	if (form == F_B) {
		d->imm = (uint32_t)((int32_t)(raw << 6) >> 6) & ~3u;
	} else {
		d->sh = d->rd;
		if (form == F_BC)
			d->imm = simm16(raw) & ~3u;
	}
	d->flags = raw & 1 ? DI_LK : 0;
	if (form != F_BCR && (raw & 2))
		d->flags |= DI_AA;
	d->flags |= DI_TERM;
}

/* mtcrf's CRM field as the mask of the CR nibbles it writes. */
static uint32_t crm_mask(uint32_t raw)
{
	uint32_t m = 0;

	for (int f = 0; f < 8; f++)
		if (raw & (0x80000u >> f))
			m |= 0xF0000000u >> (4 * f);
	return m;
}

static void fill_fields(struct dinsn *d, const struct opdef *o, uint32_t raw)
{
	uint32_t prim = raw >> 26;

	d->rd = (raw >> 21) & 31;
	d->ra = (raw >> 16) & 31;
	d->rb = (raw >> 11) & 31;
	d->sh = 0;
	d->flags = (raw & 1) ? DI_RC : 0;
	d->imm = simm16(raw);
	switch (o->form) {
	case F_DL:
		d->imm = raw & 0xFFFF;
		d->flags = 0;
		if (prim == 25 || prim == 27 || prim == 29)
			d->imm <<= 16;
		break;
	case F_DA:
		d->flags = 0;
		if (prim == 15)
			d->imm <<= 16;
		if (prim == 14 || prim == 15)
			d->op = d->ra ? OPID_addi : OPID_li;
		break;
	case F_CMPI:
	case F_CMPLI:
	case F_CMP:
		d->sh = d->rd >> 2;
		if (o->form == F_CMPLI)
			d->imm = raw & 0xFFFF;
		break;
	case F_XO3:
	case F_XO2:
		if (o->xo_oe && (raw & 0x400))
			d->flags |= DI_OE;
		break;
	case F_RLW:
	case F_RLWNM:
		d->sh = d->rb;
		d->imm = rot_mask((raw >> 6) & 31, (raw >> 1) & 31);
		break;
	case F_SHI:
		d->sh = d->rb;
		break;
	case F_B:
	case F_BC:
	case F_BCR:
		fill_branch(d, o->form, raw);
		break;
	case F_CRL:
		d->imm = o->crop;
		break;
	case F_MCRF:
	case F_CRFD:
		d->sh = d->rd >> 2;
		d->ra >>= 2;
		break;
	case F_MTCRF:
		d->imm = crm_mask(raw);
		break;
	case F_MFSPR:
	case F_MTSPR:
	case F_MFTB:
		d->imm = spr_field(raw);
		break;
	}
}

static void decode_stub(struct cpu *c, const struct dinsn *d);

#define OP_FN(name) op_##name,
static const exec_fn op_fns[NUM_OPS] = { OPS_LIST(OP_FN) decode_stub, NULL };

static void set_dispatch(struct dinsn *d)
{
	d->fn = op_fns[d->op];
	d->lbl = op_labels[d->op];
}

/* Fills fn, lbl, op and the fields; blen is the caller's (icache.c). */
void decode_insn(struct dinsn *d, uint32_t raw)
{
	const struct opdef *o = lookup(raw);

	d->raw = raw;
	if (!o || invalid_form(o, raw)) {
		d->op = OPID_illegal;
		d->flags = 0;
	} else {
		d->op = o->op;
		fill_fields(d, o, raw);
		if (o->form == F_MFSPR || o->form == F_MTSPR)
			specialize_spr(d, o->form);
		if (d->op == OPID_bc && (d->sh & BO_BDNZ_MASK) == BO_BDNZ &&
		    !(d->flags & (DI_LK | DI_AA)))
			d->op = OPID_bdnz;
	}
	set_dispatch(d);
}

void decode_stub_init(struct dinsn *d)
{
	d->op = OPID_stub;
	d->flags = 0;
	d->blen = 0;
	set_dispatch(d);
}

/* The stepping dispatcher reached an entry not decoded yet. */
static void decode_stub(struct cpu *c, const struct dinsn *d)
{
	uint32_t idx = (uint32_t)(d - c->fetch_dpage->insn);

	dpage_decode_block(c->fetch_dpage, idx);
	d->fn(c, d);
}

static const char *suffix(const struct opdef *o, uint32_t raw)
{
	bool oe = o->xo_oe && (raw & 0x400);
	bool rc = (raw & 1) && (o->form == F_XO3 || o->form == F_XO2 ||
				o->form == F_XL3 || o->form == F_XL2 ||
				o->form == F_SHI || o->form == F_RLW ||
				o->form == F_RLWNM);

	return oe ? (rc ? "o." : "o") : (rc ? "." : "");
}

/*
 * The operands each form prints, one letter an operand (any other character
 * stands for itself): d a b: rD rA rB; D A B S: their numbers and SH; c C:
 * crSH, crA; s: the signed 16-bit immediate; u U: the unsigned one in hex,
 * in decimal; m e: MB and ME; t: the branch target; f: the mtcrf field mask;
 * p: the SPR, by name where it has one.  No entry: the mnemonic alone.
 */
static const char *const operands[F_FORMS] = {
	[F_DA] = "d,a,s",	[F_DL] = "a,d,u",	[F_DLS] = "d,s(a)",
	[F_CMPI] = "c,a,s",	[F_CMPLI] = "c,a,U",	[F_CMP] = "c,a,b",
	[F_XO3] = "d,a,b",	[F_XLS] = "d,a,b",	[F_XO2] = "d,a",
	[F_XL3] = "a,d,b",	[F_XL2] = "a,d",	[F_SHI] = "a,d,S",
	[F_RLW] = "a,d,S,m,e",	[F_RLWNM] = "a,d,b,m,e",
	[F_B] = "t",		[F_BC] = "S,A,t",	[F_BCR] = "D,A",
	[F_CRL] = "D,A,B",	[F_MCRF] = "c,C",	[F_CRFD] = "c",
	[F_RD] = "d",		[F_RS] = "d",		[F_MFSPR] = "d,p",
	[F_MFTB] = "d,p",	[F_MTSPR] = "p,d",	[F_MTCRF] = "f,d",
	[F_TW] = "D,a,b",	[F_TWI] = "D,a,s",	[F_AB] = "a,b",
	[F_RB] = "b",		[F_LSWI] = "d,a,B",
};

/* One operand of operands[] into buf; returns what snprintf() does. */
static int operand(char *buf, size_t len, char kind, const struct dinsn *d,
		   uint32_t raw, uint32_t pc)
{
	switch (kind) {
	case 'd': return snprintf(buf, len, "r%u", d->rd);
	case 'a': return snprintf(buf, len, "r%u", d->ra);
	case 'b': return snprintf(buf, len, "r%u", d->rb);
	case 'D': return snprintf(buf, len, "%u", d->rd);
	case 'A': return snprintf(buf, len, "%u", d->ra);
	case 'B': return snprintf(buf, len, "%u", d->rb);
	case 'S': return snprintf(buf, len, "%u", d->sh);
	case 'c': return snprintf(buf, len, "cr%u", d->sh);
	case 'C': return snprintf(buf, len, "cr%u", d->ra);
	case 's': return snprintf(buf, len, "%d", (int16_t)(raw & 0xFFFF));
	case 'u': return snprintf(buf, len, "0x%x", raw & 0xFFFF);
	case 'U': return snprintf(buf, len, "%u", raw & 0xFFFF);
	case 'm': return snprintf(buf, len, "%u", (raw >> 6) & 31);
	case 'e': return snprintf(buf, len, "%u", (raw >> 1) & 31);
	case 't': return snprintf(buf, len, "0x%x", (raw & 2) ? d->imm : pc + d->imm);
	case 'f': return snprintf(buf, len, "0x%02x", (raw >> 12) & 0xFF);
	case 'p':
		if (spr_name((int)d->imm))
			return snprintf(buf, len, "%s", spr_name((int)d->imm));
		return snprintf(buf, len, "%u", d->imm);
	default: return snprintf(buf, len, "%c", kind);
	}
}

void disasm(uint32_t raw, uint32_t pc, char *buf, size_t len)
{
	const struct opdef *o = lookup(raw);
	struct dinsn d;
	char name[16];
	const char *p;
	int n;

	if (!o || invalid_form(o, raw)) {
		snprintf(buf, len, ".long 0x%08x", raw);
		return;
	}
	memset(&d, 0, sizeof(d));
	fill_fields(&d, o, raw);
	snprintf(name, sizeof(name), "%s%s%s", o->name, suffix(o, raw),
		 (o->form == F_B || o->form == F_BC || o->form == F_BCR) ?
		 ((raw & 1) ? "l" : "") : "");
	if ((o->form == F_B || o->form == F_BC) && (raw & 2))
		strncat(name, "a", sizeof(name) - strlen(name) - 1);
	if (!operands[o->form]) {
		snprintf(buf, len, "%s", name);
		return;
	}
	n = snprintf(buf, len, "%-8s ", name);
	for (p = operands[o->form]; *p && n >= 0 && (size_t)n < len; p++)
		n += operand(buf + n, len - (size_t)n, *p, &d, raw, pc);
}
