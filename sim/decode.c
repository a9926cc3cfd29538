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
	E(32, -1, "lwz", lwz, F_DLS), E(33, -1, "lwzu", lwzu, F_DLS),
	E(34, -1, "lbz", lbz, F_DLS), E(35, -1, "lbzu", lbzu, F_DLS),
	E(36, -1, "stw", stw, F_DLS), E(37, -1, "stwu", stwu, F_DLS),
	E(38, -1, "stb", stb, F_DLS), E(39, -1, "stbu", stbu, F_DLS),
	E(40, -1, "lhz", lhz, F_DLS), E(41, -1, "lhzu", lhzu, F_DLS),
	E(42, -1, "lha", lha, F_DLS), E(43, -1, "lhau", lhau, F_DLS),
	E(44, -1, "sth", sth, F_DLS), E(45, -1, "sthu", sthu, F_DLS),
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
	E(31, 4, "tw", tw, F_TW),
	XO(266, "add", add), XO(10, "addc", addc), XO(138, "adde", adde),
	XO2(234, "addme", addme), XO2(202, "addze", addze),
	XO(40, "subf", subf), XO(8, "subfc", subfc), XO(136, "subfe", subfe),
	XO2(232, "subfme", subfme), XO2(200, "subfze", subfze),
	XO2(104, "neg", neg), XO(235, "mullw", mullw),
	XO(491, "divw", divw), XO(459, "divwu", divwu),
	E(31, 75, "mulhw", mulhw, F_XO3), E(31, 11, "mulhwu", mulhwu, F_XO3),
	E(31, 28, "and", and, F_XL3), E(31, 60, "andc", andc, F_XL3),
	E(31, 444, "or", or, F_XL3), E(31, 412, "orc", orc, F_XL3),
	E(31, 316, "xor", xor, F_XL3), E(31, 124, "nor", nor, F_XL3),
	E(31, 476, "nand", nand, F_XL3), E(31, 284, "eqv", eqv, F_XL3),
	E(31, 24, "slw", slw, F_XL3), E(31, 536, "srw", srw, F_XL3),
	E(31, 792, "sraw", sraw, F_XL3), E(31, 824, "srawi", srawi, F_SHI),
	E(31, 26, "cntlzw", cntlzw, F_XL2), E(31, 954, "extsb", extsb, F_XL2),
	E(31, 922, "extsh", extsh, F_XL2),
	E(31, 19, "mfcr", mfcr, F_RD), E(31, 144, "mtcrf", mtcrf, F_MTCRF),
	E(31, 512, "mcrxr", mcrxr, F_CRFD),
	E(31, 83, "mfmsr", mfmsr, F_RD), E(31, 146, "mtmsr", mtmsr, F_RS),
	E(31, 339, "mfspr", mfspr, F_MFSPR), E(31, 467, "mtspr", mtspr, F_MTSPR),
	E(31, 371, "mftb", mftb, F_MFTB),
	E(31, 23, "lwzx", lwzx, F_XLS), E(31, 55, "lwzux", lwzux, F_XLS),
	E(31, 87, "lbzx", lbzx, F_XLS), E(31, 119, "lbzux", lbzux, F_XLS),
	E(31, 279, "lhzx", lhzx, F_XLS), E(31, 311, "lhzux", lhzux, F_XLS),
	E(31, 343, "lhax", lhax, F_XLS), E(31, 375, "lhaux", lhaux, F_XLS),
	E(31, 151, "stwx", stwx, F_XLS), E(31, 183, "stwux", stwux, F_XLS),
	E(31, 215, "stbx", stbx, F_XLS), E(31, 247, "stbux", stbux, F_XLS),
	E(31, 407, "sthx", sthx, F_XLS), E(31, 439, "sthux", sthux, F_XLS),
	E(31, 534, "lwbrx", lwbrx, F_XLS), E(31, 790, "lhbrx", lhbrx, F_XLS),
	E(31, 662, "stwbrx", stwbrx, F_XLS), E(31, 918, "sthbrx", sthbrx, F_XLS),
	E(31, 597, "lswi", lswi, F_LSWI), E(31, 533, "lswx", lswx, F_XLS),
	E(31, 725, "stswi", stswi, F_LSWI), E(31, 661, "stswx", stswx, F_XLS),
	E(31, 20, "lwarx", lwarx, F_XLS), E(31, 150, "stwcx.", stwcx, F_XLS),
	E(31, 1014, "dcbz", dcbz, F_AB), E(31, 54, "dcbst", dcbst, F_AB),
	E(31, 86, "dcbf", dcbf, F_AB), E(31, 470, "dcbi", dcbi, F_AB),
	E(31, 982, "icbi", icbi, F_AB), E(31, 278, "dcbt", nop, F_AB),
	E(31, 246, "dcbtst", nop, F_AB),
	E(31, 598, "sync", nop, F_NONE), E(31, 854, "eieio", nop, F_NONE),
	E(31, 306, "tlbie", tlbie, F_RB), E(31, 370, "tlbia", tlbia, F_NONE),
	E(31, 566, "tlbsync", tlbsync, F_NONE),
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
	}
	return 0;
}

/*
 * mfspr/mtspr of LR and CTR (no privilege check, no side effect), and of
 * the supervisor SPRs that are plain storage (imm becomes the offset of
 * the register in struct cpu; the privilege check stays).
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
	}
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
		d->imm = (uint32_t)((int32_t)(raw << 6) >> 6) & ~3u;
		d->flags = (raw & 1 ? DI_LK : 0) | (raw & 2 ? DI_AA : 0);
		d->flags |= DI_TERM;
		break;
	case F_BC:
		d->imm = simm16(raw) & ~3u;
		/* fall through */
	case F_BCR:
		d->sh = d->rd;
		if (o->form == F_BCR)
			d->flags = raw & 1 ? DI_LK : 0;
		else
			d->flags = (raw & 1 ? DI_LK : 0) | (raw & 2 ? DI_AA : 0);
		d->flags |= DI_TERM;
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
		d->imm = 0;
		for (int f = 0; f < 8; f++)
			if (raw & (0x80000u >> f))
				d->imm |= 0xF0000000u >> (4 * f);
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
