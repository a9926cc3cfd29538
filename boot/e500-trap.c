/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 C exception path: decode the frame into a fault record, fix up the
 * accessed bit, resume an expected fault or report an unexpected one, and
 * run code in user mode.
 */
#include <setjmp.h>
#include "include/arch.h"
#include "include/spr.h"
#include "e500/reg.h"
#include "e500/frame.h"
#include "smp/e500-smp.h"
#include "e500/mas.h"
#include "mmu/pte-e500.h"
#include "mmu/pgtable.h"
#include "lib/kprintf.h"
#include "tlb/fault.h"
#include "tlb/e500-fixup-rule.h"

void e500_enter_frame(struct e500_regs *regs) __attribute__((noreturn));
void exception_dispatch(struct e500_regs *r);
void exception_fatal(struct e500_regs *r);
extern const char e500_doze_wait[];

struct e500_ctx kernel_ctx;
/* Each core's user context and entry frame: every core runs user spaces of its own. */
static struct e500_regs user_frame[E500_MAX_CPUS][2] __attribute__((aligned(16)));
static struct e500_ctx user_ctx[E500_MAX_CPUS];

/*
 * DEAR, ESR, PID, and the MMU assist registers as they are now (after a TLB
 * error they still hold what the hardware loaded for the miss: no TLB
 * search or read happened since).
 */
size_t trap_dump_regs(const struct ppc_regs *regs, char *buf, size_t n, size_t len)
{
	const struct e500_regs *r = (const struct e500_regs *)regs;

	n = fault_dump_append(buf, n, len, "dear=%08lx esr=%08lx pid=%lu\n",
			      (unsigned long)r->dear, (unsigned long)r->esr, (unsigned long)r->pid);
	return fault_dump_append(buf, n, len,
				 "mas0=%08lx mas1=%08lx mas2=%08lx mas3=%08lx mas6=%08lx mas7=%08lx\n",
				 (unsigned long)mfspr(SPRN_MAS0), (unsigned long)mfspr(SPRN_MAS1),
				 (unsigned long)mfspr(SPRN_MAS2), (unsigned long)mfspr(SPRN_MAS3),
				 (unsigned long)mfspr(SPRN_MAS6), (unsigned long)mfspr(SPRN_MAS7));
}

void trap_decode(const struct ppc_regs *regs, struct fault_record *f)
{
	const struct e500_regs *r = (const struct e500_regs *)regs;
	bool data = r->vector == VEC_DSI || r->vector == VEC_DTLB || r->vector == VEC_ALIGN;

	/* DEAR holds a data address only for these; otherwise it is stale */
	f->addr = data ? r->dear : r->srr0;
	f->cause = r->esr;
	f->store = data && (r->esr & ESR_ST);
	f->user = r->srr1 & MSR_PR;
	switch (r->vector) {
	case VEC_DTLB: f->kind = FAULT_TLB_DATA; break;
	case VEC_ITLB: f->kind = FAULT_TLB_INST; break;
	case VEC_DSI: f->kind = FAULT_PROT_DATA; break;
	case VEC_ISI: f->kind = FAULT_PROT_INST; break;
	default: f->kind = FAULT_OTHER; break;
	}
}

static void handle_fault(struct e500_regs *r)
{
	struct fault_record f;

	fault_record(&r->ppc, &f);
	if (!fault_fix_bits(&f, f.addr, 1, e500_fixup_grants))
		fault_resolve(&f, &r->ppc);
}

void exception_dispatch(struct e500_regs *r)
{
	switch (r->vector) {
	case VEC_SYSCALL:
		fault_syscall(&r->ppc);
		return;
	case VEC_EXTERNAL:
	case VEC_DEC:
		if (!(r->srr1 & MSR_PR) && smp_wakeup(r->vector == VEC_DEC)) {
			r->srr1 &= ~(MSR_EE | MSR_WE);	/* back in smp_doze, awake */
			if (r->srr0 - (uint32_t)(uintptr_t)e500_doze_wait <= 4)
				r->srr0 = (uint32_t)(uintptr_t)e500_doze_wait + 8;	/* past the wait */
			return;
		}
		break;
	default:
		break;
	}
	handle_fault(r);
}

struct e500_fatal_capture *e500_fatal_capture;

void exception_fatal(struct e500_regs *r)
{
	struct e500_fatal_capture *c = e500_fatal_capture;
	static char dump[FAULT_DUMP_BYTES];

	if (c) {
		e500_fatal_capture = NULL;
		c->regs = *r;
		c->sprg4_7[0] = mfspr(SPRN_SPRG4);
		c->sprg4_7[1] = mfspr(SPRN_SPRG5);
		c->sprg4_7[2] = mfspr(SPRN_SPRG6);
		c->sprg4_7[3] = mfspr(SPRN_SPRG7);
		longjmp(c->back, 1);
	}
	fault_dump(&r->ppc, dump, sizeof(dump));
	panic("fatal exception\n%s", dump);
}

void e500_load_ctx(const struct e500_ctx *c)
{
	mtspr(SPRN_SPRG_PGD, c->pgd4);
	mtspr(SPRN_SPRG_INEED, c->ineed);
	mtspr(SPRN_SPRG_DNEED, c->dneed);
	mtspr(SPRN_PID, c->pid);
	__asm__ volatile("isync" : : : "memory");
}

void e500_ctx_init(struct e500_ctx *c, const struct mm *mm, bool user)
{
	c->pgd4 = (uint32_t)(uintptr_t)mm->pgd + 4;
	c->ineed = user ? PTE_NEED_USER_EXEC : PTE_NEED_KERNEL_EXEC;
	c->dneed = user ? PTE_NEED_USER_READ : PTE_NEED_KERNEL_READ;
	c->pid = mm->pid;
}

void trap_enter_user(struct ppc_regs *r)
{
	e500_enter_frame((struct e500_regs *)r);
}

/*
 * A user space's PID must tag its TLB entries as its own: not 0 (a TID 0
 * entry matches every PID: global) and within the 8 bits of MAS1[TID] and
 * PID (a larger value would be cut and alias another space).
 */
int user_call(struct mm *mm, vaddr_t pc, vaddr_t arg, uint32_t *result)
{
	unsigned int cpu = smp_this_cpu();
	struct e500_ctx *uctx = &user_ctx[cpu];
	struct e500_regs *r = &user_frame[cpu][1];

	if (mm->pid == 0 || mm->pid > MAS1_TID_MAX)
		return MMU_EPID;
	/*
	 * This core may hold the space's entries from now on: marked (and the
	 * mark ordered) before the first miss can read a PTE, so a writer that
	 * clears a PTE, orders that, then reads the mask either calls this
	 * core or is seen by its miss (docs/e500-smp.md, "User spaces").
	 */
	smp_mask_set(&mm->cpus, 1u << cpu);
	e500_ctx_init(uctx, mm, true);
	this_cpu()->user_ctx = (uint32_t)(uintptr_t)uctx;	/* exc_return loads it */
	return user_run(mm, &r->ppc, pc, MSR_USER, arg, result);
}

const char *trap_vector_name(uint32_t v)
{
	switch (v) {
	case VEC_CRITICAL: return "critical input";
	case VEC_MCHECK: return "machine check";
	case VEC_DSI: return "data storage";
	case VEC_ISI: return "instruction storage";
	case VEC_EXTERNAL: return "external input";
	case VEC_ALIGN: return "alignment";
	case VEC_PROGRAM: return "program";
	case VEC_FPUNAVAIL: return "FP unavailable";
	case VEC_SYSCALL: return "system call";
	case VEC_DEC: return "decrementer";
	case VEC_WATCHDOG: return "watchdog";
	case VEC_DTLB: return "data TLB error";
	case VEC_ITLB: return "instruction TLB error";
	case VEC_DEBUG: return "debug";
	case VEC_DOORBELL: return "doorbell";
	case VEC_DOORBELL_CRIT: return "critical doorbell";
	case VEC_GUEST_DOORBELL: return "guest doorbell";
	case VEC_GUEST_DOORBELL_CRIT: return "guest critical doorbell";
	case VEC_HCALL: return "hypervisor system call";
	case VEC_EHPRIV: return "hypervisor privilege";
	default: return "other";
	}
}
