/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx C exception path: decode the frame into a fault record (the cause
 * from SRR1 for the ITLB error, from DSISR for the DTLB error), fix the
 * dcbX DAR erratum, emulate the changed and accessed bits, resume an
 * expected fault or report an unexpected one, and run code in user mode.
 */
#include "include/arch.h"
#include "include/spr.h"
#include "mpc8xx/reg.h"
#include "mpc8xx/frame.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/immr.h"
#include "mmu/pte-mpc8xx.h"
#include "mmu/pgtable.h"
#include "lib/kprintf.h"
#include "tlb/fault.h"
#include "tlb/mpc8xx-tlb.h"

void mpc8xx_enter_frame(struct mpc8xx_regs *regs) __attribute__((noreturn));
void mpc8xx_exception(struct mpc8xx_regs *r);

static struct mpc8xx_regs user_frame[2] __attribute__((aligned(16)));

/* Counted for the tests: DTLB errors whose DAR the dcbX erratum left wrong. */
unsigned int mpc8xx_dar_fixups;

/*
 * DAR, DSISR, and the MMU registers as they are now (MD_EPN holds what the
 * last data miss latched, MI_EPN the last instruction miss's; M_TWB and
 * M_CASID the running space).  MD_TWC is not read: reading it while the
 * latched entry has PS = 512K is undefined (the simulator stops a --strict
 * run on it), and the walk and the matching TLB entry printed after the
 * dump show the same fields.
 */
size_t trap_dump_regs(const struct ppc_regs *regs, char *buf, size_t n, size_t len)
{
	const struct mpc8xx_regs *r = (const struct mpc8xx_regs *)regs;

	n = fault_dump_append(buf, n, len, "dar=%08lx dsisr=%08lx\n",
			      (unsigned long)r->dar, (unsigned long)r->dsisr);
	return fault_dump_append(buf, n, len,
				 "md_epn=%08lx mi_epn=%08lx m_twb=%08lx m_casid=%08lx\n",
				 (unsigned long)mfspr(SPRN_MD_EPN),
				 (unsigned long)mfspr(SPRN_MI_EPN), (unsigned long)mfspr(SPRN_M_TWB),
				 (unsigned long)mfspr(SPRN_M_CASID));
}

/* The instruction word at pc, read through the page tables of its space. */
static bool read_insn(const struct mpc8xx_regs *r, uint32_t *insn)
{
	bool user = r->srr1 & MSR_PR;
	struct mm *mm = user ? fault_user_mm() : &kernel_mm;
	struct walk_result w;

	if (!user && r->srr0 >= layout.linear_va &&
	    r->srr0 - layout.linear_va < layout.linear_size) {
		*insn = *(const uint32_t *)(uintptr_t)r->srr0;
		return true;
	}
	if (!mm || walk(mm, r->srr0, &w) != MMU_OK || w.pa >= layout.linear_size)
		return false;
	*insn = *(const uint32_t *)phys_to_virt(w.pa);
	return true;
}

/*
 * The dcbX erratum: dcbz, dcbi, dcbst, dcbf and icbi do not set DAR on a
 * DTLB error, and dcbst reports a store.  Decode the instruction and put
 * the real EA in the frame.
 */
#define OP_X		31
#define XO_DCBST	54
#define XO_DCBF		86
#define XO_DCBI		470
#define XO_ICBI		982
#define XO_DCBZ		1014
#define XO_LSWI		597
#define XO_STSWI	725

#define INSN_OP(i)	((i) >> 26)
#define INSN_RT(i)	(((i) >> 21) & 31)
#define INSN_RA(i)	(((i) >> 16) & 31)
#define INSN_RB(i)	(((i) >> 11) & 31)
#define INSN_XO(i)	(((i) >> 1) & 0x3ff)
#define INSN_D(i)	((uint32_t)(int32_t)(int16_t)((i) & 0xffff))
#define XER_BYTE_COUNT	0x7f

static uint32_t ra_or_zero(const struct mpc8xx_regs *r, uint32_t insn)
{
	return INSN_RA(insn) ? r->gpr[INSN_RA(insn)] : 0;
}

static void fix_dar(struct mpc8xx_regs *r)
{
	uint32_t insn, xo;

	if (!read_insn(r, &insn) || INSN_OP(insn) != OP_X)
		return;
	xo = INSN_XO(insn);
	if (xo != XO_DCBST && xo != XO_DCBF && xo != XO_DCBI && xo != XO_ICBI && xo != XO_DCBZ)
		return;
	r->dar = ra_or_zero(r, insn) + r->gpr[INSN_RB(insn)];
	if (xo == XO_DCBST)
		r->dsisr &= ~DSISR_STORE;
	mpc8xx_dar_fixups++;
}

/* The bytes an access touches: [ea, ea + len). */
struct span {
	uint32_t ea, len;
};

/* Bytes moved by a D-form load or store (opcodes 32..47), 0 for any other. */
static uint32_t dform_len(uint32_t insn)
{
	static const uint8_t len[16] = {
		4, 4, 1, 1, 4, 4, 1, 1,		/* lwz lwzu lbz lbzu stw stwu stb stbu */
		2, 2, 2, 2, 2, 2, 0, 0,		/* lhz lhzu lha lhau sth sthu (lmw stmw) */
	};
	uint32_t op = INSN_OP(insn);

	if (op == 46 || op == 47)		/* lmw, stmw: RT..r31 */
		return 4 * (32 - INSN_RT(insn));
	return op >= 32 && op < 48 ? len[op - 32] : 0;
}

/* Bytes moved by an X-form (opcode 31) load or store, 0 for any other. */
static uint32_t xform_len(const struct mpc8xx_regs *r, uint32_t insn)
{
	switch (INSN_XO(insn)) {
	case 20: case 23: case 55: case 150:		/* lwarx lwzx lwzux stwcx. */
	case 151: case 183: case 534: case 662:		/* stwx stwux lwbrx stwbrx */
		return 4;
	case 87: case 119: case 215: case 247:		/* lbzx lbzux stbx stbux */
		return 1;
	case 279: case 311: case 343: case 375:		/* lhzx lhzux lhax lhaux */
	case 407: case 439: case 790: case 918:		/* sthx sthux lhbrx sthbrx */
		return 2;
	case 533: case 661:				/* lswx stswx: XER byte count */
		return r->xer & XER_BYTE_COUNT;
	case XO_LSWI: case XO_STSWI:			/* NB, 0 meaning 32 */
		return INSN_RB(insn) ? INSN_RB(insn) : 32;
	default:
		return 0;
	}
}

/*
 * The span of the data access that took a DTLB error, decoded from the
 * instruction; DAR alone for an instruction this does not decode (the cache
 * instructions touch one 16-byte line, never two pages).  A scalar that
 * crosses a page reports its own EA in DAR whichever page failed; a
 * multiple or a string may report the first element of the failing page.
 */
static void data_span(const struct mpc8xx_regs *r, struct span *s)
{
	uint32_t insn, len = 0, ea = 0;

	s->ea = r->dar;
	s->len = 1;
	if (!read_insn(r, &insn))
		return;
	if (INSN_OP(insn) == OP_X) {
		len = xform_len(r, insn);
		ea = ra_or_zero(r, insn);
		if (INSN_XO(insn) != XO_LSWI && INSN_XO(insn) != XO_STSWI)
			ea += r->gpr[INSN_RB(insn)];
	} else if ((len = dform_len(insn)) != 0) {
		ea = ra_or_zero(r, insn) + INSN_D(insn);
	}
	if (len && r->dar - ea < len) {
		s->ea = ea;
		s->len = len;
	}
}

/* The bytes a TLB error is about; a fetch touches one word of one page. */
static void fault_span(const struct mpc8xx_regs *r, struct span *s)
{
	if (r->vector == VEC_DTLB_ERR) {
		data_span(r, s);
	} else {
		s->ea = r->srr0;
		s->len = 4;
	}
}

#define PAGE_4K		0x1000u
#define SPAN_FIRST(s)	((s)->ea & ~(PAGE_4K - 1))
#define SPAN_LAST(s)	(((s)->ea + (s)->len - 1) & ~(PAGE_4K - 1))

void trap_decode(const struct ppc_regs *regs, struct fault_record *f)
{
	const struct mpc8xx_regs *r = (const struct mpc8xx_regs *)regs;

	f->user = r->srr1 & MSR_PR;
	switch (r->vector) {
	case VEC_ITLB_ERR:
		f->addr = r->srr0;
		f->cause = r->srr1 & SRR1_ISI_CAUSE;
		f->kind = (f->cause & SRR1_ISI_NOTRANS) ? FAULT_TLB_INST : FAULT_PROT_INST;
		break;
	case VEC_DTLB_ERR:
		f->addr = r->dar;
		f->cause = r->dsisr;
		f->store = r->dsisr & DSISR_STORE;
		f->kind = (r->dsisr & DSISR_NOTRANS) ? FAULT_TLB_DATA : FAULT_PROT_DATA;
		break;
	case VEC_ALIGN:
	case VEC_MCHECK:
		f->addr = r->dar;
		f->cause = r->dsisr;
		f->kind = FAULT_OTHER;
		break;
	default:
		f->addr = r->srr0;
		f->cause = r->srr1;
		f->kind = FAULT_OTHER;
		break;
	}
}

/*
 * Software-managed PTE bits the hardware reports as faults:
 * - changed: a store to a writable page whose PTE lacks _PAGE_DIRTY (the
 *   TLB entry had C = 0) arrives as a DTLB error with DSISR = store alone;
 *   the hardware already dropped the entry.
 * - accessed: a page whose PTE lacks _PAGE_ACCESSED is loaded into APG
 *   group 0/2, where every access is refused (a protection fault).
 * So a protection fault on a page whose PTE grants the access (privilege
 * and kind) is granted the fix-up.  An access that crosses into the next
 * page reports its own EA in DAR even when the second page faulted, so the
 * fix-up looks at every page of the access's span.
 */
static bool grants(const struct fault_record *f, const struct walk_result *w)
{
	uint32_t pte = (uint32_t)w->entry, pp = pte & _PAGE_PP_MASK;

	if (f->kind != FAULT_PROT_DATA && f->kind != FAULT_PROT_INST)
		return false;
	if ((w->prot & PROT_USER) != (f->user ? PROT_USER : 0))
		return false;
	if (f->kind == FAULT_PROT_INST)
		return (pte & _PAGE_EXEC) && !(pte & _PAGE_GUARDED);
	return f->store ? pp == _PAGE_RW : pp != _PAGE_NA;
}

/* Entries 28..31 of either TLB: a tlbie at any EA inside them drops them. */
static bool pinned(uint32_t va)
{
	return (va >= KERNEL_VA && va - KERNEL_VA < mpc8xx_linear_pinned() * PINNED_PAGE) ||
	       (va >= mpc8xx_immr_window && va - mpc8xx_immr_window < PINNED_IMMR_SIZE);
}

/*
 * A TLB error "no translation" hit an invalid entry that the miss handler
 * loaded from a missing mapping; it stays until purged, and the retry after
 * a map() would meet it again.  tlbie every page of the access except a
 * pinned one: tlbie drops every entry of both TLBs whose page holds the EA,
 * and nothing reloads a pinned entry (the kernel's tables do not cover the
 * linear map or IMMR).  A pinned entry is never the invalid one: that is
 * the next page of an access crossing out of a pinned page, or an ITLB
 * entry for an EA only the DTLB pins (IMMR), left to the replacement
 * counter (a fetch there faults again, as it must).
 */
static void purge_invalid_entries(const struct mpc8xx_regs *r, const struct span *s)
{
	uint32_t va;

	if (!(r->vector == VEC_DTLB_ERR && (r->dsisr & DSISR_NOTRANS)) &&
	    !(r->vector == VEC_ITLB_ERR && (r->srr1 & SRR1_ISI_NOTRANS)))
		return;
	for (va = SPAN_FIRST(s);; va += PAGE_4K) {
		if (!pinned(va))
			tlb_flush_page(va);
		if (va == SPAN_LAST(s))
			break;
	}
}

static void handle_fault(struct mpc8xx_regs *r)
{
	struct fault_record f;
	struct span s;

	if (r->vector == VEC_DTLB_ERR)
		fix_dar(r);
	fault_span(r, &s);
	purge_invalid_entries(r, &s);
	fault_record(&r->ppc, &f);
	if (!fault_fix_bits(&f, s.ea, s.len, grants))
		fault_resolve(&f, &r->ppc);
}

volatile bool mpc8xx_probe_armed, mpc8xx_probe_hit;

void mpc8xx_exception(struct mpc8xx_regs *r)
{
	static char dump[FAULT_DUMP_BYTES];

	switch (r->vector) {
	case VEC_SYSCALL:
		fault_syscall(&r->ppc);
		return;
	case VEC_MCHECK:
		if (mpc8xx_probe_armed) {	/* a RAM probe's access: no RAM there */
			mpc8xx_probe_hit = true;
			r->ppc.srr0 += 4;
			return;
		}
		fault_dump(&r->ppc, dump, sizeof(dump));
		panic("machine check\n%s", dump);
	default:
		handle_fault(r);
		return;
	}
}

void trap_enter_user(struct ppc_regs *r)
{
	mpc8xx_enter_frame((struct mpc8xx_regs *)r);
}

int user_call(struct mm *mm, vaddr_t pc, vaddr_t arg, uint32_t *result)
{
	struct mpc8xx_regs *r = &user_frame[1];

	if (mm->pid == 0 || mm->pid > MX_EPN_ASID_MASK)
		panic("user_call: address-space id %u is not 1..15 (M_CASID)", mm->pid);
	mpc8xx_percpu.upgd = (uint32_t)virt_to_phys(mm->pgd);
	mpc8xx_percpu.ucasid = mm->pid;
	return user_run(mm, &r->ppc, pc, MSR_USER, arg, result);
}

const char *trap_vector_name(uint32_t v)
{
	switch (v) {
	case VEC_MCHECK: return "machine check";
	case VEC_DSI: return "data storage";
	case VEC_ISI: return "instruction storage";
	case VEC_EXTERNAL: return "external";
	case VEC_ALIGN: return "alignment";
	case VEC_PROGRAM: return "program";
	case VEC_FPUNAVAIL: return "FP unavailable";
	case VEC_DEC: return "decrementer";
	case VEC_SYSCALL: return "system call";
	case VEC_TRACE: return "trace";
	case VEC_SWEMU: return "software emulation";
	case VEC_ITLB_MISS: return "ITLB miss";
	case VEC_DTLB_MISS: return "DTLB miss";
	case VEC_ITLB_ERR: return "ITLB error";
	case VEC_DTLB_ERR: return "DTLB error";
	default: return "other";
	}
}
