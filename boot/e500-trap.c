/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 C exception path: decode the frame into a fault record, fix up the
 * accessed bit, resume an expected fault or report an unexpected one, and
 * run code in user mode.
 */
#include <setjmp.h>
#include <string.h>
#include <stdio.h>
#include "include/arch.h"
#include "e500/reg.h"
#include "e500/frame.h"
#include "e500/smp.h"
#include "e500/mas.h"
#include "mmu/pte-e500.h"
#include "mmu/pgtable.h"
#include "lib/kprintf.h"
#include "lib/fault.h"

void e500_enter_frame(struct e500_regs *regs) __attribute__((noreturn));
void exception_dispatch(struct e500_regs *r);
void exception_fatal(struct e500_regs *r);
extern const char e500_doze_wait[];

struct e500_ctx kernel_ctx;
static struct mm *user_mm;
static struct e500_regs user_frame[2] __attribute__((aligned(16)));

#define YOUNG_RETRY_LIMIT 4
static uint32_t young_addr, young_count;
unsigned int young_fixups;

static const char *vector_name(uint32_t v)
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
	default: return "other";
	}
}

#define read_spr(rn)	({ uint32_t v_; __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(rn)); v_; })

/*
 * The whole frame, plus the MSR and the MMU assist registers as they are
 * now (after a TLB error they still hold what the hardware loaded for the
 * miss: no TLB search or read happened since).
 */
static void dump_regs(const void *regs, char *buf, size_t len)
{
	const struct e500_regs *r = regs;
	uint32_t msr;
	size_t n;

	__asm__ volatile("mfmsr %0" : "=r"(msr));
	n = (size_t)snprintf(buf, len, "vector %lu (%s) srr0=%08lx srr1=%08lx dear=%08lx esr=%08lx pid=%lu msr=%08lx\n",
			     (unsigned long)r->vector, vector_name(r->vector),
			     (unsigned long)r->srr0, (unsigned long)r->srr1,
			     (unsigned long)r->dear, (unsigned long)r->esr, (unsigned long)r->pid,
			     (unsigned long)msr);
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n,
				      "mas0=%08lx mas1=%08lx mas2=%08lx mas3=%08lx mas6=%08lx mas7=%08lx\n",
				      (unsigned long)read_spr(SPRN_MAS0), (unsigned long)read_spr(SPRN_MAS1),
				      (unsigned long)read_spr(SPRN_MAS2), (unsigned long)read_spr(SPRN_MAS3),
				      (unsigned long)read_spr(SPRN_MAS6), (unsigned long)read_spr(SPRN_MAS7));
	fault_dump_gprs(buf, n, len, &(struct ppc_gprs){ r->gpr, r->lr, r->ctr, r->cr, r->xer });
}

struct mm *fault_user_mm(void)
{
	return user_mm;
}

static void record_fault(const struct e500_regs *r, struct fault_record *f)
{
	bool data = r->vector == VEC_DSI || r->vector == VEC_DTLB || r->vector == VEC_ALIGN;

	memset(f, 0, sizeof(*f));
	f->vector = r->vector;
	f->pc = r->srr0;
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

static uint64_t set_accessed(uint64_t pte, unsigned int unused)
{
	(void)unused;
	return pte | _PAGE_ACCESSED;
}

/*
 * A miss on a present, permitted page whose accessed bit is clear: set the
 * bit and let the access retry (the software-managed reference bit).
 */
static bool fix_young(const struct fault_record *f)
{
	struct mm *mm = f->user ? user_mm : &kernel_mm;
	struct walk_result w;
	uint32_t need, low;

	if (f->kind != FAULT_TLB_DATA && f->kind != FAULT_TLB_INST)
		return false;
	if (!mm || walk(mm, f->addr, &w) != MMU_OK)
		return false;
	if (f->kind == FAULT_TLB_INST)
		need = f->user ? PTE_NEED_USER_EXEC : PTE_NEED_KERNEL_EXEC;
	else
		need = f->user ? PTE_NEED_USER_READ : PTE_NEED_KERNEL_READ;
	low = (uint32_t)w.entry;
	if (((low | _PAGE_ACCESSED) & need) != need || (low & _PAGE_ACCESSED))
		return false;
	if (young_addr == f->addr && ++young_count > YOUNG_RETRY_LIMIT)
		return false;
	if (young_addr != f->addr) {
		young_addr = f->addr;
		young_count = 1;
	}
	/* every entry of the run: a 4K PTE, or each leaf PGD entry of a huge page */
	pt_run_update(mm, w.level, w.size, w.page_va, set_accessed, 0);
	mmu_tlb_invalidate(mm, w.page_va, w.size);
	young_fixups++;
	return true;
}

static void handle_fault(struct e500_regs *r)
{
	struct fault_record f;

	record_fault(r, &f);
	if (fix_young(&f))
		return;
	if (fault_resolve(&f, dump_regs, r) == RESUME_AT_CALLER)
		r->srr0 = r->lr;
	else
		r->srr0 += 4;
}

void exception_dispatch(struct e500_regs *r)
{
	switch (r->vector) {
	case VEC_SYSCALL:
		if (r->srr1 & MSR_PR)
			user_return(0, r->gpr[3]);
		break;
	case VEC_EXTERNAL:
	case VEC_DEC:
		if (!(r->srr1 & MSR_PR) && smp_wakeup(r->vector == VEC_DEC)) {
			r->srr1 &= ~(MSR_EE | MSR_WE);	/* back in smp_doze, awake */
			if (r->srr0 - (uint32_t)(uintptr_t)e500_doze_wait <= 4)
				r->srr0 = (uint32_t)(uintptr_t)e500_doze_wait + 8;	/* past the wait */
			return;
		}
		break;
	case VEC_DTLB:
	case VEC_ITLB:
	case VEC_DSI:
	case VEC_ISI:
	case VEC_ALIGN:
	case VEC_PROGRAM:
		handle_fault(r);
		return;
	default:
		break;
	}
	handle_fault(r);
}

struct e500_fatal_capture *e500_fatal_capture;

#define MFSPR(n) ({ uint32_t v_; __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(n)); v_; })

void exception_fatal(struct e500_regs *r)
{
	struct e500_fatal_capture *c = e500_fatal_capture;
	static char dump[FAULT_DUMP_BYTES];

	if (c) {
		e500_fatal_capture = NULL;
		c->regs = *r;
		c->sprg4_7[0] = MFSPR(SPRN_SPRG4);
		c->sprg4_7[1] = MFSPR(SPRN_SPRG5);
		c->sprg4_7[2] = MFSPR(SPRN_SPRG6);
		c->sprg4_7[3] = MFSPR(SPRN_SPRG7);
		longjmp(c->back, 1);
	}
	dump_regs(r, dump, sizeof(dump));
	panic("fatal exception\n%s", dump);
}

void e500_load_ctx(const struct e500_ctx *c)
{
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_SPRG_PGD), "r"(c->pgd4));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_SPRG_INEED), "r"(c->ineed));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_SPRG_DNEED), "r"(c->dneed));
	__asm__ volatile("mtspr %0, %1; isync" : : "i"(SPRN_PID), "r"(c->pid) : "memory");
}

void e500_ctx_init(struct e500_ctx *c, const struct mm *mm, bool user)
{
	c->pgd4 = (uint32_t)(uintptr_t)mm->pgd + 4;
	c->ineed = user ? PTE_NEED_USER_EXEC : PTE_NEED_KERNEL_EXEC;
	c->dneed = user ? PTE_NEED_USER_READ : PTE_NEED_KERNEL_READ;
	c->pid = mm->pid;
}

static void enter_user(void *regs)
{
	e500_enter_frame(regs);
}

/*
 * A user space's PID must tag its TLB entries as its own: not 0 (a TID 0
 * entry matches every PID: global) and within the 8 bits of MAS1[TID] and
 * PID (a larger value would be cut and alias another space).
 */
int user_call(struct mm *mm, vaddr_t pc, uint32_t arg, uint32_t *result)
{
	static struct e500_ctx uctx;
	struct e500_regs *r = &user_frame[1];
	int kind;

	if (mm->pid == 0 || mm->pid > MAS1_TID_MAX)
		return MMU_EPID;
	e500_ctx_init(&uctx, mm, true);
	this_cpu()->user_ctx = (uint32_t)(uintptr_t)&uctx;	/* exc_return loads it */
	user_mm = mm;
	memset(r, 0, sizeof(*r));
	r->srr0 = pc;
	r->srr1 = MSR_USER;
	r->gpr[3] = arg;
	kind = user_run(enter_user, r, result);
	user_mm = NULL;
	return kind;
}
