/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The threaded dispatcher: runs the decoded basic blocks of the current
 * fetch page with computed gotos. Integer, branch, LR/CTR moves and the
 * fast paths of the common loads and stores run inline; everything else
 * calls the op function of the stepping dispatcher (cpu.c).
 *
 * State kept lazily, and how it is made exact again:
 *  - the PC is the position of the entry in the page (PC_OF);
 *  - the instruction count is added for a whole block on entry, after a
 *    check that the block fits before the next event (limit = event_at);
 *    an exit inside the block takes back the entries not executed, which
 *    blen says (EXACT);
 *  - before a called op, c->pc and c->icount are made exact; after it the
 *    run leaves unless the op went on to the next instruction and changed
 *    no event time, fetch translation or decoded code.
 * A taken branch within the page chains directly to its target's block.
 */
#include <stdlib.h>

#include "exec.h"
#include "mmu.h"
#include "mem.h"
#include "jit.h"

#define OPFN(name) \
	static inline __attribute__((always_inline)) void \
	in_##name(struct cpu *c, const struct dinsn *d)
#define PC_ADVANCE(c)	((void)0)
#include "ops_int.h"

/* the ops of ops_int.h, run inline */
#define INT_OPS(X) \
	X(li) X(addi) X(addic) X(addic_rc) X(subfic) X(mulli) X(cmpi) \
	X(cmpli) X(cmp) X(cmpl) X(ori) X(xori) X(andi_rc) X(rlwinm) \
	X(rlwimi) X(rlwnm) X(add) X(addc) X(adde) X(addme) X(addze) X(subf) \
	X(subfc) X(subfe) X(subfme) X(subfze) X(neg) X(mullw) X(mulhw) \
	X(mulhwu) X(divw) X(divwu) X(and) X(andc) X(or) X(orc) X(xor) \
	X(nor) X(nand) X(eqv) X(slw) X(srw) X(sraw) X(srawi) X(cntlzw) \
	X(extsb) X(extsh)

/* the loads and stores with an inline fast path: name, bytes, D or X form */
#define MEM_OPS(X) \
	X(lwz) X(lwzu) X(lwzx) X(lwzux) X(lbz) X(lbzu) X(lbzx) X(lbzux) \
	X(lhz) X(lhzu) X(lhzx) X(lhzux) X(lha) X(lhau) X(lhax) X(lhaux) \
	X(stw) X(stwu) X(stwx) X(stwux) X(stb) X(stbu) X(stbx) X(stbux) \
	X(sth) X(sthu) X(sthx) X(sthux)

static const void *labels[NUM_OPS];
const void *const *op_labels = labels;

static inline uint32_t get32(const uint8_t *p) { return get_be32(p); }
static inline uint32_t get16(const uint8_t *p) { return get_be16(p); }
static inline uint32_t get16s(const uint8_t *p)
{
	return (uint32_t)(int32_t)(int16_t)get_be16(p);
}
static inline uint32_t get8(const uint8_t *p) { return *p; }
/* a slow-path load's value (zero-extended by mem_load_slow) into a register */
#define ZX(v)	(v)
#define SX16(v)	((uint32_t)(int32_t)(int16_t)(v))
static inline void put32(uint8_t *p, uint32_t v) { put_be32(p, v); }
static inline void put16(uint8_t *p, uint32_t v) { put_be16(p, (uint16_t)v); }
static inline void put8(uint8_t *p, uint32_t v) { *p = (uint8_t)v; }

static void fill_labels(const void *call, const void *const *own)
{
	for (int i = 0; i < NUM_OPS; i++)
		labels[i] = own[i] ? own[i] : call;
}

void run_init(void)
{
	run_threaded(NULL);
}

static void __attribute__((noreturn)) broken_block(uint32_t pc)
{
	fprintf(stderr, "mpc8xx-sim: internal error: undecoded entry inside "
		"a block at 0x%08x\n", pc);
	abort();
}

/*
 * The pieces of the dispatcher below, as macros over its local variables
 * (c, d, page, pbase, icount, limit, exact, next_pc, p, pa): its labels must
 * all live in the one function, for the computed gotos.
 */
#define PC_OF(d)	(pbase + ((uint32_t)((d) - page->insn) << 2))
#define EXACT(d)	(icount - (d)->blen + 1)
#define NEXT()		do { d++; goto *d->lbl; } while (0)
/* an in-page branch to d: may translate it (jit.c) */
#define HOT(d)		do { if (JIT_BUILT && (d)->lbl != labels[OPID_jit]) \
				jit_heat(page, (struct dinsn *)(d)); } while (0)

/* the ops with a label of their own; every other op goes to L_call */
#define OWN(name) own[OPID_##name] = &&L_##name;
#define OWN_LABELS(own)							\
	INT_OPS(OWN) MEM_OPS(OWN)					\
	OWN(b) OWN(bc) OWN(bdnz) OWN(bclr) OWN(bcctr)			\
	OWN(mflr) OWN(mtlr) OWN(mfctr) OWN(mtctr)			\
	OWN(mfspr_plain) OWN(mtspr_plain) OWN(stub) OWN(pageend) OWN(jit)	\
	OWN(mfspr_twb) OWN(mfspr_twc) OWN(mtspr_rpn) OWN(rfi)

#define INT_LABEL(name) L_##name: in_##name(c, d); NEXT();

/* LR and CTR moves; the plain SPRs' in user mode are the op's (it raises the exception) */
#define MOVE(label, dst, src) label: dst = src; NEXT();
#define SPR_MOVES							\
	MOVE(L_mflr, c->gpr[d->rd], c->lr)				\
	MOVE(L_mtlr, c->lr, c->gpr[d->rd])				\
	MOVE(L_mfctr, c->gpr[d->rd], c->ctr)				\
	MOVE(L_mtctr, c->ctr, c->gpr[d->rd])				\
L_mfspr_plain:								\
	if (unlikely(c->msr & MSR_PR))					\
		goto L_call;						\
	c->gpr[d->rd] = *plain_spr(c, d);				\
	NEXT();								\
L_mtspr_plain:								\
	if (unlikely(c->msr & MSR_PR))					\
		goto L_call;						\
	*plain_spr(c, d) = c->gpr[d->rd];				\
	NEXT();

/*
 * The miss handler's MMU SPR ops, called straight from their labels: the
 * op's own work without L_call's round trip. c->pc is exact for a warning;
 * c->icount is made exact only when the run leaves (nothing these read
 * depends on it). In user mode the op raises its exception through L_call.
 */
#define MMU_SPR(label, call)						\
label:									\
	if (unlikely(c->msr & MSR_PR))					\
		goto L_call;						\
	c->pc = PC_OF(d);						\
	call;								\
	if (likely(c->event_at == limit && c->fetch_valid && !code_changed)) \
		NEXT();							\
	exact = EXACT(d);						\
	next_pc = PC_OF(d) + 4;						\
	goto after_op;
#define MMU_SPR_LABELS							\
	MMU_SPR(L_mfspr_twb, c->gpr[d->rd] = mmu_read_m_twb(c))	\
	MMU_SPR(L_mfspr_twc, c->gpr[d->rd] = mmu_read_md_twc(c))	\
	MMU_SPR(L_mtspr_rpn, mmu_write_md_rpn(c, c->gpr[d->rd]))	\
L_rfi:									\
	if (unlikely(c->msr & MSR_PR))					\
		goto L_call;						\
	c->icount = EXACT(d);						\
	c->pc = PC_OF(d);						\
	op_rfi(c, d);							\
	if (c->event_at != limit)					\
		return 0;						\
	icount = c->icount;						\
	goto refetch;

#define EA_D	(ra0(c, d) + d->imm)
#define EA_DU	(c->gpr[d->ra] + d->imm)
#define EA_X	(ra0(c, d) + c->gpr[d->rb])
#define EA_XU	(c->gpr[d->ra] + c->gpr[d->rb])
/*
 * A load that misses the soft TLB takes the slow path from here, as its op
 * would (L_call's bookkeeping, then the op's own steps): a DTLB miss enters
 * its handler without the op's round trip.
 */
#define LOAD(label, bytes, get, conv, ea_expr, upd)			\
label: {								\
	uint32_t ea = ea_expr, v;					\
									\
	p = soft_lookup(c->rd, ea, bytes);				\
	if (likely(p)) {						\
		c->gpr[d->rd] = get(p);					\
		if (upd)						\
			c->gpr[d->ra] = ea;				\
		NEXT();							\
	}								\
	exact = EXACT(d);						\
	next_pc = PC_OF(d) + 4;						\
	c->pc = next_pc - 4;						\
	c->icount = exact;						\
	if (mmu_load_miss(c, ea) || mem_load_slow(c, ea, bytes, &v))	\
		goto after_call;	/* the exception entry */	\
	c->gpr[d->rd] = conv(v);					\
	if (upd)							\
		c->gpr[d->ra] = ea;					\
	if (likely(c->event_at == limit && c->fetch_valid && !code_changed)) \
		NEXT();							\
	goto after_op;							\
}
#define STORE(label, bytes, put, ea_expr, upd)				\
label: {								\
	uint32_t ea = ea_expr;						\
									\
	p = soft_lookup(c->wr, ea, bytes);				\
	if (unlikely(!p))						\
		goto L_call;						\
	put(p, c->gpr[d->rd]);						\
	if (upd)							\
		c->gpr[d->ra] = ea;					\
	pa = (uint32_t)(p - ram);					\
	if (unlikely(code_map[pa >> 12])) {				\
		/* before the store may reset d itself */		\
		exact = EXACT(d);					\
		next_pc = PC_OF(d) + 4;					\
		if (code_page_store(pa, bytes))				\
			goto leave;					\
	}								\
	NEXT();								\
}
#define LOAD4(n, b, g, cv) LOAD(L_##n, b, g, cv, EA_D, 0) LOAD(L_##n##u, b, g, cv, EA_DU, 1) \
	LOAD(L_##n##x, b, g, cv, EA_X, 0) LOAD(L_##n##ux, b, g, cv, EA_XU, 1)
#define STORE4(n, b, s) STORE(L_##n, b, s, EA_D, 0) \
	STORE(L_##n##u, b, s, EA_DU, 1) STORE(L_##n##x, b, s, EA_X, 0) \
	STORE(L_##n##ux, b, s, EA_XU, 1)
#define MEM_LABELS							\
	LOAD4(lwz, 4, get32, ZX) LOAD4(lbz, 1, get8, ZX)		\
	LOAD4(lhz, 2, get16, ZX) LOAD4(lha, 2, get16s, SX16)		\
	STORE4(stw, 4, put32) STORE4(stb, 1, put8) STORE4(sth, 2, put16)

/* b and bc: the target (absolute or relative to the branch), LR set when linking */
static inline uint32_t branch_target(struct cpu *c, const struct dinsn *d, uint32_t next_pc)
{
	if (d->flags & DI_LK)
		c->lr = next_pc;
	return (d->flags & DI_AA) ? d->imm : next_pc - 4 + d->imm;
}

/* bclr: LR's address (as it was before the branch) when taken, else the next one */
static inline uint32_t lr_target(struct cpu *c, const struct dinsn *d, uint32_t next_pc)
{
	uint32_t target = c->lr & ~3u;

	if (!branch_taken(c, d))
		target = next_pc;

	if (d->flags & DI_LK)
		c->lr = next_pc;
	return target;
}

/* the branches: each ends its block (icount is exact), then goes to "branch" with its target */
#define BRANCH_LABELS							\
L_b:									\
	target = branch_target(c, d, PC_OF(d) + 4);			\
	goto branch;							\
L_bc:									\
	next_pc = PC_OF(d) + 4;						\
	target = branch_target(c, d, next_pc);				\
	if (!branch_taken(c, d))					\
		target = next_pc;					\
	goto branch;							\
L_bdnz:		/* taken to a target in the page: straight to its entry */	\
	if (likely(--c->ctr)) {						\
		uint32_t idx = (uint32_t)(d - page->insn) +		\
			       (uint32_t)((int32_t)d->imm >> 2);	\
									\
		if (likely(idx < PAGE_INSNS)) {				\
			d = &page->insn[idx];				\
			HOT(d);						\
			goto enter;					\
		}							\
		target = PC_OF(d) + d->imm;				\
	} else {							\
		target = PC_OF(d) + 4;					\
	}								\
	goto branch;							\
L_bclr:									\
	target = lr_target(c, d, PC_OF(d) + 4);				\
	goto branch;							\
L_bcctr:								\
	next_pc = PC_OF(d) + 4;						\
	target = branch_taken(c, d) ? c->ctr & ~3u : next_pc;		\
	if (d->flags & DI_LK)						\
		c->lr = next_pc;

/* the current fetch page's entry for c->pc */
#define AT_PC() do {							\
	page = c->fetch_dpage;						\
	pbase = c->fetch_page;						\
	d = &page->insn[(c->pc >> 2) & (PAGE_INSNS - 1)];		\
} while (0)

/*
 * An op without an inline path: its op function runs with c->pc and
 * c->icount exact; the block goes on when it went to the next instruction
 * and changed no event time, fetch translation or decoded code, the run
 * leaves when an event time or the code changed, and otherwise it refetches
 * at the new c->pc. after_op: an op run from its own label (MMU_SPR, a
 * slow-path load) went on to next_pc, exact counting it, but changed one of
 * those; after_call: c->pc and c->icount are exact already (an exception).
 */
#define CALL_LABEL							\
L_call:									\
	exact = EXACT(d);						\
	next_pc = PC_OF(d) + 4;						\
	c->pc = next_pc - 4;						\
	c->icount = exact;						\
	d->fn(c, d);							\
	if (likely(c->pc == next_pc && c->event_at == limit &&		\
		   c->fetch_valid && !code_changed))			\
		NEXT();							\
	goto after_call;						\
after_op:								\
	c->pc = next_pc;						\
	c->icount = exact;						\
after_call:								\
	if (c->event_at != limit || code_changed)			\
		return 0;						\
	icount = c->icount;						\
	goto refetch;

/* a translation starts at d: run it, go on where it stopped (jit.h) */
#define JIT_LABEL							\
L_jit: {								\
	uintptr_t r;							\
									\
	c->icount = icount;						\
	r = jit_code(page, d)(c);					\
	icount = c->icount;						\
	d = (const struct dinsn *)(r & ~JIT_ENTER);			\
	if (r & JIT_ENTER)						\
		goto enter;						\
	goto *labels[d->op];						\
}

/*
 * Returns 1 when the block at c->pc does not fit before the next event (the
 * caller steps one instruction), 0 otherwise. c->pc and c->icount are exact
 * on return. Called once with NULL to fill the label table.
 */
int run_threaded(struct cpu *c)
{
	struct dpage *page;
	uint32_t pbase, target, next_pc, pa;
	uint64_t icount, limit, exact;
	const struct dinsn *d;
	uint8_t *p;

	if (!c) {
		static const void *own[NUM_OPS];

		OWN_LABELS(own)
		fill_labels(&&L_call, own);
		jit_label = labels[OPID_jit];
		return 0;
	}
	icount = c->icount;
	limit = c->event_at;
	code_changed = false;
	AT_PC();

enter:
	if (unlikely(!d->blen))
		dpage_decode_block(page, (uint32_t)(d - page->insn));
	if (unlikely(icount + d->blen > limit)) {
		c->pc = PC_OF(d);
		c->icount = icount;
		return 1;
	}
	icount += d->blen;
	goto *d->lbl;

	INT_OPS(INT_LABEL)
	SPR_MOVES
	MMU_SPR_LABELS
	MEM_LABELS

	BRANCH_LABELS
branch:
	if (likely((target & 0xFFFFF000u) == pbase)) {
		d = &page->insn[(target >> 2) & (PAGE_INSNS - 1)];
		HOT(d);
		goto enter;
	}
	c->pc = target;
	c->icount = icount;
	goto refetch;

	CALL_LABEL
refetch:	/* c->pc and c->icount (== icount) exact: go on if the page is cached */
	if (!fetch_fast(c))
		return 0;
	AT_PC();
	goto enter;

leave:		/* after the instruction that ends at next_pc */
	c->pc = next_pc;
	c->icount = exact;
	return 0;

L_pageend:	/* fell off the page's last entry */
	c->pc = pbase + 0x1000u;
	c->icount = icount;
	goto refetch;

	JIT_LABEL

L_stub:		/* never inside a block (see the invariant in sim.h) */
	broken_block(PC_OF(d));
}
