/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A small translator to x86-64 host code for hot loops of the threaded
 * dispatcher (run.c). A translation starts at a decoded entry that in-page
 * branches reached jit_hot times, and covers the entries from there on
 * while they are ops it knows (integer ops without Rc/OE, LR/CTR moves,
 * the D-form loads and stores); at the first one it does not know, or at
 * the block's branch, it returns that entry to the threaded dispatcher,
 * which executes it. A bdnz back to the translation's own start loops
 * inside the host code.
 *
 * The rules that keep it exact (run.c's comment says the same of the
 * threaded code):
 *  - guest registers live in struct cpu: every op writes its result back
 *    at once, so a return between two entries leaves the state exact;
 *  - the instruction count: the dispatcher added the block's count before
 *    jumping here; the loop back adds the start entry's count after the
 *    same budget check as the dispatcher's (icount + blen <= event_at),
 *    or returns the start entry tagged "enter" after the bdnz when the
 *    block does not fit;
 *  - memory: each access probes the current mode's soft TLB (c->rd,
 *    c->wr) as the threaded code does; a miss returns the access's entry
 *    before anything of it is done, so the dispatcher runs it on its own
 *    slow path (exceptions, IMMR, the exit device...). A store to a page
 *    that holds decoded code returns likewise, before storing, so the
 *    dispatcher's store resets the decoded entries (and with them this
 *    translation, see below) and leaves the block;
 *  - invalidation: a translation is reached only through its start
 *    entry's lbl (JIT label); every reset of that entry (a store over its
 *    block, a page reload, dpage_invalidate_all) re-decodes lbl, so the
 *    translation is never run again. Everything else the code reads it
 *    reads at run time (registers, soft TLBs, code_map).
 * The code buffer is mapped writable while a translation is written and
 * executable otherwise; when it is full every translation is dropped.
 * Built only for x86-64 hosts and never in the no-cache build.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "exec.h"
#include "jit.h"

unsigned int jit_hot = JIT_HOT_DEFAULT;
const void *jit_label;

#if JIT_BUILT

#define BUF_SIZE	(4u << 20)
#define MAX_CODE	4096u	/* bytes one translation may take */
#define MAX_EXITS	256u
#define HEAT_DONE	255u	/* translated, or not translatable */

struct jit_page {
	void *code[PAGE_INSNS];
	uint8_t heat[PAGE_INSNS];
};

/* x86-64 registers by number */
enum { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI };

struct emit {
	uint8_t code[MAX_CODE];
	uint8_t *p, *end;
	struct {
		uint8_t *rel;		/* rel32 to patch */
		uintptr_t ret;		/* value the exit returns */
	} exits[MAX_EXITS];
	unsigned int nexits;
	bool full;
};

static uint8_t *buf, *buf_pos;
static bool buf_failed;
/* --jit-stats: translations made, and how often a full buffer dropped them all */
static uint64_t n_translations, n_buffer_full;

static void b1(struct emit *e, uint8_t v)
{
	if (e->p < e->end)
		*e->p++ = v;
	else
		e->full = true;
}

static void b4(struct emit *e, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b1(e, (uint8_t)(v >> (8 * i)));
}

static void b8(struct emit *e, uint64_t v)
{
	b4(e, (uint32_t)v);
	b4(e, (uint32_t)(v >> 32));
}

/* op r32, [rdi + disp32] (opc 8B mov load, 03 add, 3B cmp...) */
static void rm_cpu(struct emit *e, uint8_t opc, int r, size_t off)
{
	b1(e, opc);
	b1(e, (uint8_t)(0x80 | r << 3 | RDI));
	b4(e, (uint32_t)off);
}

static void ld_gpr(struct emit *e, int r, unsigned int n)
{
	rm_cpu(e, 0x8B, r, offsetof(struct cpu, gpr) + 4 * n);
}

static void st_gpr(struct emit *e, int r, unsigned int n)
{
	rm_cpu(e, 0x89, r, offsetof(struct cpu, gpr) + 4 * n);
}

/* dst op= src, 32 bit (opc 01 add, 29 sub, 21 and, 09 or, 31 xor) */
static void alu_rr(struct emit *e, uint8_t opc, int dst, int src)
{
	b1(e, opc);
	b1(e, (uint8_t)(0xC0 | src << 3 | dst));
}

/* r op= imm32 (ext 0 add, 1 or, 4 and, 6 xor) */
static void alu_ri(struct emit *e, int ext, int r, uint32_t imm)
{
	b1(e, 0x81);
	b1(e, (uint8_t)(0xC0 | ext << 3 | r));
	b4(e, imm);
}

static void mov_ri(struct emit *e, int r, uint32_t imm)
{
	b1(e, (uint8_t)(0xB8 + r));
	b4(e, imm);
}

static void mov_rr(struct emit *e, int dst, int src)
{
	alu_rr(e, 0x89, dst, src);
}

static void not_r(struct emit *e, int r)
{
	b1(e, 0xF7);
	b1(e, (uint8_t)(0xD0 | r));
}

/* movabs r64, imm64 */
static void mov_r64(struct emit *e, int r, uint64_t imm)
{
	b1(e, 0x48);
	b1(e, (uint8_t)(0xB8 + r));
	b8(e, imm);
}

/* a jcc rel32 (cc 0x85 jne, 0x84 je, 0x87 ja) to an exit returning ret */
static void jcc_exit(struct emit *e, uint8_t cc, uintptr_t ret)
{
	b1(e, 0x0F);
	b1(e, cc);
	if (e->nexits == MAX_EXITS || e->p + 4 > e->end) {
		e->full = true;
		return;
	}
	e->exits[e->nexits].rel = e->p;
	e->exits[e->nexits].ret = ret;
	e->nexits++;
	b4(e, 0);
}

/* the exits: mov rax, ret; ret */
static void emit_exits(struct emit *e)
{
	for (unsigned int i = 0; i < e->nexits; i++) {
		uint8_t *rel = e->exits[i].rel;

		if (e->p + 11 > e->end) {
			e->full = true;
			return;
		}
		memcpy(rel, &(int32_t){ (int32_t)(e->p - (rel + 4)) }, 4);
		mov_r64(e, RAX, e->exits[i].ret);
		b1(e, 0xC3);
	}
}

static void ret_value(struct emit *e, uintptr_t v)
{
	mov_r64(e, RAX, v);
	b1(e, 0xC3);
}

/*
 * EA in eax (also kept in esi for an update form); on a soft-TLB hit rdx =
 * the host address (ea + the entry's bias), else exit to d.
 */
static void probe(struct emit *e, const struct dinsn *d, size_t tlb_off,
		  int size, bool upd)
{
	if (upd)
		mov_rr(e, RSI, RAX);
	mov_rr(e, RCX, RAX);
	/* (ea >> 12 & 63) * 16, the entry's offset: (ea >> 8) & 0x3F0 */
	b1(e, 0xC1); b1(e, 0xE9); b1(e, 8);		/* shr ecx, 8 */
	alu_ri(e, 4, RCX, (SOFT_TLB_SIZE - 1) << 4);	/* and ecx, 0x3F0 */
	b1(e, 0x48);					/* add rcx, [rdi+off] */
	rm_cpu(e, 0x03, RCX, tlb_off);
	mov_rr(e, RDX, RAX);
	alu_ri(e, 4, RDX, 0xFFFFF000u | (uint32_t)(size - 1));
	b1(e, 0x3B); b1(e, 0x11);			/* cmp edx, [rcx] */
	jcc_exit(e, 0x85, (uintptr_t)d);
	mov_rr(e, RDX, RAX);				/* zero-extends */
	b1(e, 0x48); b1(e, 0x03); b1(e, 0x51);		/* add rdx, [rcx+8] */
	b1(e, (uint8_t)offsetof(struct soft_tlb, bias));
}

_Static_assert(sizeof(struct soft_tlb) == 16, "probe scales the index by 16");
_Static_assert(offsetof(struct soft_tlb, tag) == 0, "probe compares [rcx]");

static void ea_d(struct emit *e, const struct dinsn *d, bool upd)
{
	if (!upd && !d->ra) {
		mov_ri(e, RAX, d->imm);
		return;
	}
	ld_gpr(e, RAX, d->ra);
	if (d->imm)
		alu_ri(e, 0, RAX, d->imm);
}

static bool emit_load(struct emit *e, const struct dinsn *d, int size,
		      bool sign, bool upd)
{
	ea_d(e, d, upd);
	probe(e, d, offsetof(struct cpu, rd), size, upd);
	if (size == 4) {
		b1(e, 0x8B); b1(e, 0x02);		/* mov eax, [rdx] */
		b1(e, 0x0F); b1(e, 0xC8);		/* bswap eax */
	} else if (size == 2) {
		b1(e, 0x0F); b1(e, 0xB7); b1(e, 0x02);	/* movzx eax, word [rdx] */
		b1(e, 0x66); b1(e, 0xC1); b1(e, 0xC0); b1(e, 8); /* rol ax, 8 */
		if (sign) {
			b1(e, 0x0F); b1(e, 0xBF); b1(e, 0xC0); /* movsx eax, ax */
		}
	} else {
		b1(e, 0x0F); b1(e, 0xB6); b1(e, 0x02);	/* movzx eax, byte [rdx] */
	}
	st_gpr(e, RAX, d->rd);
	if (upd)
		st_gpr(e, RSI, d->ra);
	return true;
}

/*
 * A store to a page with decoded code exits before storing: code_map's byte
 * for the page (host address - ram) >> 12. When ram is page aligned that is
 * (host >> 12) - (ram >> 12), the second term folded into code_map's address.
 */
static void code_check(struct emit *e, const struct dinsn *d)
{
	b1(e, 0x48); b1(e, 0x89); b1(e, 0xD1);		/* mov rcx, rdx */
	if ((uintptr_t)ram & 0xFFF) {
		mov_r64(e, RAX, (uintptr_t)ram);
		b1(e, 0x48); b1(e, 0x29); b1(e, 0xC1);	/* sub rcx, rax */
		b1(e, 0x48); b1(e, 0xC1); b1(e, 0xE9); b1(e, 12); /* shr rcx, 12 */
		mov_r64(e, RAX, (uintptr_t)code_map);
	} else {
		b1(e, 0x48); b1(e, 0xC1); b1(e, 0xE9); b1(e, 12); /* shr rcx, 12 */
		mov_r64(e, RAX, (uintptr_t)code_map - ((uintptr_t)ram >> 12));
	}
	b1(e, 0x80); b1(e, 0x3C); b1(e, 0x08); b1(e, 0); /* cmp byte [rax+rcx], 0 */
	jcc_exit(e, 0x85, (uintptr_t)d);
}

static bool emit_store(struct emit *e, const struct dinsn *d, int size,
		       bool upd)
{
	ea_d(e, d, upd);
	probe(e, d, offsetof(struct cpu, wr), size, upd);
	code_check(e, d);
	ld_gpr(e, RCX, d->rd);
	if (size == 4) {
		b1(e, 0x0F); b1(e, 0xC9);		/* bswap ecx */
		b1(e, 0x89); b1(e, 0x0A);		/* mov [rdx], ecx */
	} else if (size == 2) {
		b1(e, 0x66); b1(e, 0xC1); b1(e, 0xC1); b1(e, 8); /* rol cx, 8 */
		b1(e, 0x66); b1(e, 0x89); b1(e, 0x0A);	/* mov [rdx], cx */
	} else {
		b1(e, 0x88); b1(e, 0x0A);		/* mov [rdx], cl */
	}
	if (upd)
		st_gpr(e, RSI, d->ra);
	return true;
}

/* XO forms: eax = ra op rb (rb op ra when swapped); the target is rd */
static int emit_xo(struct emit *e, const struct dinsn *d, uint8_t opc,
		   bool swap)
{
	ld_gpr(e, RAX, swap ? d->rb : d->ra);
	ld_gpr(e, RCX, swap ? d->ra : d->rb);
	alu_rr(e, opc, RAX, RCX);
	return d->rd;
}

/* X-form logical: eax = rs op rb (rs in the rd field), optionally inverted; the target is ra */
static int emit_logic(struct emit *e, const struct dinsn *d, uint8_t opc,
		      bool inv_b, bool inv_result)
{
	ld_gpr(e, RAX, d->rd);
	ld_gpr(e, RCX, d->rb);
	if (inv_b)
		not_r(e, RCX);
	alu_rr(e, opc, RAX, RCX);
	if (inv_result)
		not_r(e, RAX);
	return d->ra;
}

static void rotate(struct emit *e, int r, unsigned int sh)
{
	if (sh & 31) {
		b1(e, 0xC1); b1(e, (uint8_t)(0xC0 | r)); b1(e, sh & 31);
	}
}

/* slw/srw: the 64-bit shift by rb & 63 leaves 0 in the low word from 32 on */
static int emit_shift(struct emit *e, const struct dinsn *d, uint8_t ext)
{
	ld_gpr(e, RAX, d->rd);
	ld_gpr(e, RCX, d->rb);
	b1(e, 0x48); b1(e, 0xD3); b1(e, ext);		/* shl/shr rax, cl */
	return d->ra;
}

static void move_spr(struct emit *e, size_t from, size_t to)
{
	rm_cpu(e, 0x8B, RAX, from);
	rm_cpu(e, 0x89, RAX, to);
}

#define GPR_OFF(n)	(offsetof(struct cpu, gpr) + 4 * (n))

/*
 * CR field crf from the flags of a compare just made (signed or not): LT,
 * GT, EQ, and SO copied from XER. Clobbers eax, ecx, edx.
 */
static void set_crf_flags(struct emit *e, unsigned int crf, bool sign)
{
	unsigned int shift = 28 - 4 * crf;

	b1(e, 0x0F); b1(e, sign ? 0x9C : 0x92); b1(e, 0xC2); /* setl/setb dl */
	b1(e, 0x0F); b1(e, sign ? 0x9F : 0x97); b1(e, 0xC1); /* setg/seta cl */
	b1(e, 0x0F); b1(e, 0xB6); b1(e, 0xD2);		/* movzx edx, dl */
	b1(e, 0x0F); b1(e, 0xB6); b1(e, 0xC9);		/* movzx ecx, cl */
	mov_rr(e, RAX, RDX);
	alu_rr(e, 0x09, RAX, RCX);
	alu_ri(e, 6, RAX, 1);				/* EQ: neither */
	alu_rr(e, 0x01, RAX, RAX);
	b1(e, 0xC1); b1(e, 0xE2); b1(e, 3);		/* shl edx, 3 */
	alu_rr(e, 0x09, RAX, RDX);
	b1(e, 0xC1); b1(e, 0xE1); b1(e, 2);		/* shl ecx, 2 */
	alu_rr(e, 0x09, RAX, RCX);
	rm_cpu(e, 0x8B, RCX, offsetof(struct cpu, xer));
	b1(e, 0xC1); b1(e, 0xE9); b1(e, 31);		/* shr ecx, 31 */
	alu_rr(e, 0x09, RAX, RCX);
	if (shift) {
		b1(e, 0xC1); b1(e, 0xE0); b1(e, (uint8_t)shift); /* shl eax */
	}
	rm_cpu(e, 0x8B, RCX, offsetof(struct cpu, cr));
	alu_ri(e, 4, RCX, ~(0xFu << shift));
	alu_rr(e, 0x09, RCX, RAX);
	rm_cpu(e, 0x89, RCX, offsetof(struct cpu, cr));
}

/* cmpi/cmpli/cmp/cmpl: ra against imm or rb into CR field sh */
static bool emit_cmp(struct emit *e, const struct dinsn *d)
{
	bool imm = d->op == OPID_cmpi || d->op == OPID_cmpli;

	ld_gpr(e, RAX, d->ra);
	if (imm) {
		b1(e, 0x81); b1(e, 0xF8); b4(e, d->imm);	/* cmp eax, imm */
	} else {
		ld_gpr(e, RCX, d->rb);
		b1(e, 0x39); b1(e, 0xC8);			/* cmp eax, ecx */
	}
	set_crf_flags(e, d->sh, d->op == OPID_cmpi || d->op == OPID_cmp);
	return true;
}

/* an integer op, its result left in eax: returns the target register, or -1 for an op it does not know */
static int emit_value(struct emit *e, const struct dinsn *d)
{
	switch (d->op) {
	case OPID_li:
		mov_ri(e, RAX, d->imm);
		return d->rd;
	case OPID_addi:
		ld_gpr(e, RAX, d->ra);
		alu_ri(e, 0, RAX, d->imm);
		return d->rd;
	case OPID_ori:
	case OPID_xori:
	case OPID_andi_rc:
		ld_gpr(e, RAX, d->rd);
		alu_ri(e, d->op == OPID_ori ? 1 : d->op == OPID_xori ? 6 : 4,
		       RAX, d->imm);
		return d->ra;
	case OPID_add:  return emit_xo(e, d, 0x01, false);
	case OPID_subf: return emit_xo(e, d, 0x29, true);
	case OPID_and:  return emit_logic(e, d, 0x21, false, false);
	case OPID_andc: return emit_logic(e, d, 0x21, true, false);
	case OPID_or:   return emit_logic(e, d, 0x09, false, false);
	case OPID_orc:  return emit_logic(e, d, 0x09, true, false);
	case OPID_xor:  return emit_logic(e, d, 0x31, false, false);
	case OPID_nor:  return emit_logic(e, d, 0x09, false, true);
	case OPID_nand: return emit_logic(e, d, 0x21, false, true);
	case OPID_eqv:  return emit_logic(e, d, 0x31, false, true);
	case OPID_slw:  return emit_shift(e, d, 0xE0);
	case OPID_srw:  return emit_shift(e, d, 0xE8);
	case OPID_rlwinm:
		ld_gpr(e, RAX, d->rd);
		rotate(e, RAX, d->sh);
		alu_ri(e, 4, RAX, d->imm);
		return d->ra;
	case OPID_rlwimi:
		ld_gpr(e, RAX, d->rd);
		rotate(e, RAX, d->sh);
		alu_ri(e, 4, RAX, d->imm);
		ld_gpr(e, RCX, d->ra);
		alu_ri(e, 4, RCX, ~d->imm);
		alu_rr(e, 0x09, RAX, RCX);
		return d->ra;
	case OPID_neg:
		ld_gpr(e, RAX, d->ra);
		b1(e, 0xF7); b1(e, 0xD8);		/* neg eax */
		return d->rd;
	case OPID_mullw:
		ld_gpr(e, RAX, d->ra);
		ld_gpr(e, RCX, d->rb);
		b1(e, 0x0F); b1(e, 0xAF); b1(e, 0xC1);	/* imul eax, ecx */
		return d->rd;
	case OPID_extsb:
	case OPID_extsh:
		ld_gpr(e, RAX, d->rd);
		b1(e, 0x0F); b1(e, d->op == OPID_extsb ? 0xBE : 0xBF);
		b1(e, 0xC0);				/* movsx eax, al/ax */
		return d->ra;
	}
	return -1;
}

/* an integer op without OE (the result written back, then CR0 for Rc) */
static bool emit_int(struct emit *e, const struct dinsn *d)
{
	int t;

	if (d->flags & DI_OE)
		return false;
	t = emit_value(e, d);
	if (t < 0)
		return false;
	st_gpr(e, RAX, (unsigned int)t);
	if (d->flags & DI_RC || d->op == OPID_andi_rc) {
		b1(e, 0x85); b1(e, 0xC0);		/* test eax, eax */
		set_crf_flags(e, 0, true);
	}
	return true;
}

/* true when emitted; d is an op other than a branch */
static bool emit_op(struct emit *e, const struct dinsn *d)
{
	switch (d->op) {
	case OPID_mflr:
		move_spr(e, offsetof(struct cpu, lr), GPR_OFF(d->rd));
		return true;
	case OPID_mtlr:
		move_spr(e, GPR_OFF(d->rd), offsetof(struct cpu, lr));
		return true;
	case OPID_mfctr:
		move_spr(e, offsetof(struct cpu, ctr), GPR_OFF(d->rd));
		return true;
	case OPID_mtctr:
		move_spr(e, GPR_OFF(d->rd), offsetof(struct cpu, ctr));
		return true;
	case OPID_cmpi:
	case OPID_cmpli:
	case OPID_cmp:
	case OPID_cmpl:
		return emit_cmp(e, d);
	case OPID_lwz:  return emit_load(e, d, 4, false, false);
	case OPID_lwzu: return emit_load(e, d, 4, false, true);
	case OPID_lhz:  return emit_load(e, d, 2, false, false);
	case OPID_lhzu: return emit_load(e, d, 2, false, true);
	case OPID_lha:  return emit_load(e, d, 2, true, false);
	case OPID_lhau: return emit_load(e, d, 2, true, true);
	case OPID_lbz:  return emit_load(e, d, 1, false, false);
	case OPID_lbzu: return emit_load(e, d, 1, false, true);
	case OPID_stw:  return emit_store(e, d, 4, false);
	case OPID_stwu: return emit_store(e, d, 4, true);
	case OPID_sth:  return emit_store(e, d, 2, false);
	case OPID_sthu: return emit_store(e, d, 2, true);
	case OPID_stb:  return emit_store(e, d, 1, false);
	case OPID_stbu: return emit_store(e, d, 1, true);
	}
	return emit_int(e, d);
}

/*
 * The way back to the start entry s (top = its code) once the branch is
 * taken: the budget check of the dispatcher's block entry, the count, the
 * jump. A block that does not fit leaves tagged "enter" (the branch done).
 */
static void loop_back(struct emit *e, const struct dinsn *s, const uint8_t *top)
{
	b1(e, 0x48);					/* mov rdx, icount */
	rm_cpu(e, 0x8B, RDX, offsetof(struct cpu, icount));
	b1(e, 0x48); b1(e, 0x81); b1(e, 0xC2); b4(e, s->blen); /* add rdx, blen */
	b1(e, 0x48);					/* cmp rdx, event_at */
	rm_cpu(e, 0x3B, RDX, offsetof(struct cpu, event_at));
	jcc_exit(e, 0x87, (uintptr_t)s | JIT_ENTER);
	b1(e, 0x48);					/* mov icount, rdx */
	rm_cpu(e, 0x89, RDX, offsetof(struct cpu, icount));
	b1(e, 0xE9);					/* jmp top */
	b4(e, (uint32_t)(int32_t)(top - (e->p + 4)));
}

/*
 * The block's branch d when it goes back to s: bdnz (while CTR - 1 is not
 * 0: CTR--, then back), b, and bc without CTR (back when the CR bit BI is
 * as BO wants). A branch not taken, a last bdnz, or any other branch
 * leaves to the dispatcher at d, not yet executed. False for a branch
 * this cannot translate.
 */
static bool emit_branch(struct emit *e, const struct dinsn *d,
			const struct dinsn *s, const uint8_t *top)
{
	uint32_t idx = (uint32_t)(d - s) + (uint32_t)((int32_t)d->imm >> 2);

	if (idx || d->flags & (DI_LK | DI_AA))
		return false;
	if (d->op == OPID_bdnz) {
		rm_cpu(e, 0x8B, RAX, offsetof(struct cpu, ctr));
		b1(e, 0x83); b1(e, 0xF8); b1(e, 1);	/* cmp eax, 1 */
		jcc_exit(e, 0x84, (uintptr_t)d);
		b1(e, 0xFF); b1(e, 0xC8);		/* dec eax */
		rm_cpu(e, 0x89, RAX, offsetof(struct cpu, ctr));
	} else if (d->op == OPID_bc) {
		if (!(d->sh & 0x04))
			return false;
		if (!(d->sh & 0x10)) {
			rm_cpu(e, 0x8B, RAX, offsetof(struct cpu, cr));
			b1(e, 0x0F); b1(e, 0xBA); b1(e, 0xE0); /* bt eax, 31-BI */
			b1(e, (uint8_t)(31 - d->ra));
			/* not taken: jae (CF=0) when BO wants 1, else jb */
			jcc_exit(e, d->sh & 0x08 ? 0x83 : 0x82, (uintptr_t)d);
		}
	} else if (d->op != OPID_b) {
		return false;
	}
	loop_back(e, s, top);
	return true;
}

static void drop_all(void);

static bool buf_ready(void)
{
	if (buf || buf_failed)
		return !buf_failed;
	buf = mmap(NULL, BUF_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED) {
		buf = NULL;
		buf_failed = true;
		return false;
	}
	buf_pos = buf;
	return true;
}

static bool set_prot(int prot)
{
	if (mprotect(buf, BUF_SIZE, prot) == 0)
		return true;
	buf_failed = true;	/* the translator stays off from here on */
	drop_all();
	return false;
}

/* the body from entry s on; returns how many entries it covers */
static unsigned int emit_body(struct emit *e, const struct dinsn *s)
{
	const uint8_t *top = e->p;
	const struct dinsn *d = s;
	unsigned int n = 0;

	for (;; d++, n++) {
		if (d->blen == 1) {
			if (d->flags & DI_TERM && n && emit_branch(e, d, s, top))
				return n + 1;
			break;
		}
		if (!emit_op(e, d))
			break;
	}
	ret_value(e, (uintptr_t)d);
	return n;
}

/*
 * Translate from entry idx of page p into e's own buffer, then copy it to
 * the code buffer (the code is position independent: relative jumps
 * within itself, absolute addresses of host data). True when p->insn[idx]
 * may use it.
 */
static bool translate(struct dpage *p, uint32_t idx)
{
	struct emit *e;
	size_t size;
	bool ok;

	if (!buf_ready())
		return false;
	e = malloc(sizeof(*e));
	if (!e)
		return false;
	e->p = e->code;
	e->end = e->code + MAX_CODE;
	e->nexits = 0;
	e->full = false;
	ok = emit_body(e, &p->insn[idx]) >= 2;
	emit_exits(e);
	ok = ok && !e->full;
	size = (size_t)(e->p - e->code);
	if (ok && (size_t)(buf + BUF_SIZE - buf_pos) < size) {
		n_buffer_full++;
		drop_all();
	}
	if (ok && set_prot(PROT_READ | PROT_WRITE)) {
		memcpy(buf_pos, e->code, size);
		p->jit->code[idx] = buf_pos;
		buf_pos += (size + 15) & ~(size_t)15;
		ok = set_prot(PROT_READ | PROT_EXEC);
		n_translations += ok;
	} else {
		ok = false;
	}
	free(e);
	return ok;
}

static void drop_page(struct dpage *p)
{
	for (int i = 0; i < PAGE_INSNS; i++) {
		if (p->insn[i].lbl == jit_label)
			p->insn[i].lbl = op_labels[p->insn[i].op];
	}
	memset(p->jit, 0, sizeof(*p->jit));
}

static void drop_all(void)
{
	for (int i = 0; i < DPAGE_SLOTS; i++)
		if (dpage_slots[i] && dpage_slots[i]->jit)
			drop_page(dpage_slots[i]);
	buf_pos = buf;
}

void jit_heat(struct dpage *p, struct dinsn *d)
{
	uint32_t idx = (uint32_t)(d - p->insn);

	if (!jit_hot || idx >= PAGE_INSNS || !d->blen)
		return;
	if (!p->jit) {
		p->jit = calloc(1, sizeof(*p->jit));
		if (!p->jit)
			return;
	}
	if (p->jit->heat[idx] == HEAT_DONE) {
		/* a translation whose entry was reset since warms up again */
		if (!p->jit->code[idx])
			return;
		p->jit->code[idx] = NULL;
		p->jit->heat[idx] = 0;
	}
	if (++p->jit->heat[idx] < jit_hot)
		return;
	p->jit->heat[idx] = HEAT_DONE;
	if (translate(p, idx))
		d->lbl = jit_label;
}

jit_fn jit_code(const struct dpage *p, const struct dinsn *d)
{
	return (jit_fn)p->jit->code[d - p->insn];
}

void jit_page_reset(struct dpage *p)
{
	if (p->jit)
		memset(p->jit, 0, sizeof(*p->jit));
}

void jit_print_stats(FILE *f)
{
	fprintf(f, "jit: %llu translations, code buffer full %llu times, %zu of %u bytes in use\n",
		(unsigned long long)n_translations, (unsigned long long)n_buffer_full,
		buf ? (size_t)(buf_pos - buf) : (size_t)0, BUF_SIZE);
}

#endif
