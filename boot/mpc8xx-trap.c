/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx C exception path: decode the frame into a fault record (the cause
 * from SRR1 for the ITLB error, from DSISR for the DTLB error), fix the
 * dcbX DAR erratum, emulate the changed and accessed bits, resume an
 * expected fault or report an unexpected one, and run code in user mode.
 */
#include <string.h>
#include <stdio.h>
#include "include/arch.h"
#include "mpc8xx/reg.h"
#include "mpc8xx/frame.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/immr.h"
#include "mmu/pte-8xx.h"
#include "mmu/pgtable.h"
#include "lib/kprintf.h"
#include "lib/fault.h"

void mpc8xx_enter_frame(struct mpc8xx_regs *regs) __attribute__((noreturn));
void mpc8xx_exception(struct mpc8xx_regs *r);

static struct mm *user_mm;
static struct mpc8xx_regs user_frame[2] __attribute__((aligned(16)));

/* Counted for the tests: store faults on clean pages, fetches/loads on old ones. */
unsigned int mpc8xx_dirty_fixups, mpc8xx_young_fixups, mpc8xx_dar_fixups;

#define FIXUP_RETRY_LIMIT 4
static uint32_t fixup_addr, fixup_count;

static const char *vector_name(uint32_t v)
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

#define read_spr(rn)	({ uint32_t v_; __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(rn)); v_; })

/*
 * The whole frame, plus the MSR and the MMU registers as they are now
 * (MD_EPN and MD_TWC still hold what the last data miss loaded, MI_EPN
 * the last instruction miss's; M_TWB and M_CASID the running space).
 */
static void dump_regs(const void *regs, char *buf, size_t len)
{
	const struct mpc8xx_regs *r = regs;
	uint32_t msr;
	size_t n;

	__asm__ volatile("mfmsr %0" : "=r"(msr));
	n = (size_t)snprintf(buf, len, "vector 0x%lx (%s) srr0=%08lx srr1=%08lx dar=%08lx dsisr=%08lx msr=%08lx\n",
			     (unsigned long)r->vector, vector_name(r->vector),
			     (unsigned long)r->srr0, (unsigned long)r->srr1,
			     (unsigned long)r->dar, (unsigned long)r->dsisr, (unsigned long)msr);
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n,
				      "md_epn=%08lx md_twc=%08lx mi_epn=%08lx m_twb=%08lx m_casid=%08lx\n",
				      (unsigned long)read_spr(SPRN_MD_EPN), (unsigned long)read_spr(SPRN_MD_TWC),
				      (unsigned long)read_spr(SPRN_MI_EPN), (unsigned long)read_spr(SPRN_M_TWB),
				      (unsigned long)read_spr(SPRN_M_CASID));
	fault_dump_gprs(buf, n, len, &(struct ppc_gprs){ r->gpr, r->lr, r->ctr, r->cr, r->xer });
}

struct mm *fault_user_mm(void)
{
	return user_mm;
}

static struct mm *fault_mm(bool user)
{
	return user ? user_mm : &kernel_mm;
}

/* The instruction word at pc, read through the page tables of its space. */
static bool read_insn(const struct mpc8xx_regs *r, uint32_t *insn)
{
	bool user = r->srr1 & MSR_PR;
	struct mm *mm = fault_mm(user);
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
 * The dcbX erratum (sheet section 9): dcbz, dcbi, dcbst, dcbf and icbi do
 * not set DAR on a DTLB error, and dcbst reports a store.  Decode the
 * instruction and put the real EA in the frame; purge the invalid entry
 * the assembly could not name.
 */
#define OP_X		31
#define XO_DCBST	54
#define XO_DCBF		86
#define XO_DCBI		470
#define XO_ICBI		982
#define XO_DCBZ		1014

static void fix_dar(struct mpc8xx_regs *r)
{
	uint32_t insn, xo, ra, rb;

	if (!read_insn(r, &insn) || insn >> 26 != OP_X)
		return;
	xo = (insn >> 1) & 0x3ff;
	if (xo != XO_DCBST && xo != XO_DCBF && xo != XO_DCBI && xo != XO_ICBI && xo != XO_DCBZ)
		return;
	ra = (insn >> 16) & 31;
	rb = (insn >> 11) & 31;
	r->dar = (ra ? r->gpr[ra] : 0) + r->gpr[rb];
	if (xo == XO_DCBST)
		r->dsisr &= ~DSISR_STORE;
	if (r->dsisr & DSISR_NOTRANS)
		tlb_flush_page(r->dar);
	mpc8xx_dar_fixups++;
}

static void record_fault(const struct mpc8xx_regs *r, struct fault_record *f)
{
	memset(f, 0, sizeof(*f));
	f->vector = r->vector;
	f->pc = r->srr0;
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

static uint64_t set_bits(uint64_t pte, unsigned int bits)
{
	return pte | bits;
}

static bool fixup_allowed(uint32_t addr)
{
	if (fixup_addr == addr)
		return ++fixup_count <= FIXUP_RETRY_LIMIT;
	fixup_addr = addr;
	fixup_count = 1;
	return true;
}

/*
 * Software-managed PTE bits the hardware reports as faults:
 * - changed: a store to a writable page whose PTE lacks _PAGE_DIRTY (the
 *   TLB entry had C = 0) arrives as a DTLB error with DSISR = store alone;
 *   the hardware already dropped the entry.
 * - accessed: a page whose PTE lacks _PAGE_ACCESSED is loaded into APG
 *   group 0/2, where every access is refused (a protection fault).
 * Set the bit in every entry of the page's run and retry the access: the
 * next miss loads the entry with the bit.
 */
static bool fix_pte_bits(const struct fault_record *f)
{
	struct mm *mm = fault_mm(f->user);
	struct walk_result w;
	uint32_t pte, pp;
	unsigned int bits = 0;

	if ((f->kind != FAULT_PROT_DATA && f->kind != FAULT_PROT_INST) || !mm ||
	    walk(mm, f->addr, &w) != MMU_OK || !w.ptep)
		return false;
	pte = (uint32_t)w.entry;
	pp = pte & _PAGE_PP_MASK;
	if (f->kind == FAULT_PROT_DATA && f->cause == DSISR_STORE && pp == _PAGE_RW &&
	    !(pte & _PAGE_DIRTY))
		bits = _PAGE_DIRTY;
	if (!(pte & _PAGE_ACCESSED) && (w.prot & PROT_USER) == (f->user ? PROT_USER : 0) &&
	    (f->kind == FAULT_PROT_INST ? (pte & _PAGE_EXEC) && !(pte & _PAGE_GUARDED) :
	     f->store ? pp == _PAGE_RW : pp != _PAGE_NA))
		bits |= _PAGE_ACCESSED;
	if (!bits || !fixup_allowed(f->addr))
		return false;
	pt_run_update(mm, WALK_LEVEL_PTE, w.size, w.page_va, set_bits, bits);
	mmu_tlb_invalidate(mm, w.page_va, w.size);
	if (bits & _PAGE_DIRTY)
		mpc8xx_dirty_fixups++;
	if (bits & _PAGE_ACCESSED)
		mpc8xx_young_fixups++;
	return true;
}

static bool pinned(uint32_t va)
{
	return (va >= KERNEL_VA && va - KERNEL_VA < PINNED_LINEAR_D * PINNED_PAGE) ||
	       (va >= IMMR_BASE && va - IMMR_BASE < PINNED_IMMR_SIZE);
}

/*
 * An access that crosses into the next page and finds that page's entry
 * invalid reports its own EA in DAR (addendum 10), so the error handler's
 * tlbie hit the first page: drop the next page's entry too, or the retry
 * after a map() would meet it again.  Multiples and strings reach 128 bytes
 * at most; pinned entries are never invalid and must stay.
 */
static void drop_next_page(const struct mpc8xx_regs *r)
{
	uint32_t next = (r->dar | 0xfff) + 1;

	if ((r->dsisr & DSISR_NOTRANS) && (r->dar & 0xfff) >= 0x1000 - 128 && !pinned(next))
		tlb_flush_page(next);
}

static void handle_fault(struct mpc8xx_regs *r)
{
	struct fault_record f;

	if (r->vector == VEC_DTLB_ERR) {
		fix_dar(r);
		drop_next_page(r);
	}
	record_fault(r, &f);
	if (fix_pte_bits(&f))
		return;
	if (fault_resolve(&f, dump_regs, r) == RESUME_AT_CALLER)
		r->srr0 = r->lr;
	else
		r->srr0 += 4;
}

void mpc8xx_exception(struct mpc8xx_regs *r)
{
	static char dump[FAULT_DUMP_BYTES];

	switch (r->vector) {
	case VEC_SYSCALL:
		if (r->srr1 & MSR_PR)
			user_return(0, r->gpr[3]);
		return;			/* sc from the kernel: SRR0 is past it already */
	case VEC_MCHECK:
		dump_regs(r, dump, sizeof(dump));
		panic("machine check\n%s", dump);
	default:
		handle_fault(r);
		return;
	}
}

static void enter_user(void *regs)
{
	mpc8xx_enter_frame(regs);
}

int user_call(struct mm *mm, vaddr_t pc, uint32_t arg, uint32_t *result)
{
	struct mpc8xx_regs *r = &user_frame[1];
	int kind;

	if (mm->pid == 0 || mm->pid > MX_EPN_ASID_MASK)
		panic("user_call: address-space id %u is not 1..15 (M_CASID)", mm->pid);
	mpc8xx_percpu.upgd = (uint32_t)virt_to_phys(mm->pgd);
	mpc8xx_percpu.ucasid = mm->pid;
	user_mm = mm;
	memset(r, 0, sizeof(*r));
	r->srr0 = pc;
	r->srr1 = MSR_USER;
	r->gpr[3] = arg;
	kind = user_run(enter_user, r, result);
	user_mm = NULL;
	return kind;
}
