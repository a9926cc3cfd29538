/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64: the interrupts that reach C (boot/book3s64-vectors.S calls
 * b3_trap with the frame), the register dump, and user mode: user_call()
 * runs code at MSR[PR] = 1 in a space of its own, and comes back on the
 * code's sc (kind 0, its r3) or on a fault (kind 1).
 */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include "include/arch.h"
#include "include/kernel.h"
#include "include/book3s64/hash.h"
#include "include/book3s64/frame.h"
#include "include/book3s64/opal.h"
#include "lib/kprintf.h"
#include "tlb/fault.h"
#include "tlb/book3s64-hash.h"

/*
 * User mode runs with MSR[EE] = 1 (the architecture sets EE, IR and DR with
 * PR), so the decrementer can interrupt it: it is set this far off before
 * each user_call(), and a decrementer interrupt only sets it again.
 */
#define DEC_FAR		0x7fffffff	/* about 4 s of the 512 MHz time base */

void b3_trap(struct b3_regs *r);
void b3_user_enter(struct b3_regs *r) __attribute__((noreturn));

/* The user_call() in progress on each core: its space, where it returns, what sc left in r3. */
struct user_run {
	struct mm *mm;
	jmp_buf env;
	uint64_t r3;
	struct b3_regs frame;
};

static struct user_run user_runs[B3_MAX_CORES];

static struct user_run *U(void)
{
	return &user_runs[arch_this_cpu()];
}

static uint64_t mfmsr(void)
{
	uint64_t m;

	__asm__ volatile("mfmsr %0" : "=r"(m));
	return m;
}

static void set_dec_far(void)
{
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_DEC), "r"((uint64_t)DEC_FAR));
}

/* Translation back on (an interrupt turned it off): for C that leaves the interrupt by longjmp. */
static void translation_on(uint64_t msr)
{
	__asm__ volatile("mtmsrd %0; isync" : : "r"(msr | MSR_IR | MSR_DR) : "memory");
}

static const char *vector_name(uint64_t v)
{
	switch (v) {
	case VEC_SRESET: return "system reset";
	case VEC_MCHECK: return "machine check";
	case VEC_DSI: return "data storage";
	case VEC_DSEG: return "data segment";
	case VEC_ISI: return "instruction storage";
	case VEC_ISEG: return "instruction segment";
	case VEC_EXTERNAL: return "external";
	case VEC_ALIGN: return "alignment";
	case VEC_PROGRAM: return "program";
	case VEC_FPUNAVAIL: return "FP unavailable";
	case VEC_DEC: return "decrementer";
	case VEC_HDEC: return "hypervisor decrementer";
	case VEC_SYSCALL: return "system call";
	case VEC_TRACE: return "trace";
	case VEC_HDSI: return "hypervisor data storage";
	case VEC_HISI: return "hypervisor instruction storage";
	case VEC_HEMUL: return "hypervisor emulation assistance";
	case VEC_HMI: return "hypervisor maintenance";
	case VEC_HDOORBELL: return "hypervisor doorbell";
	case VEC_PERFMON: return "performance monitor";
	case VEC_VMXUNAVAIL: return "VMX unavailable";
	case VEC_VSXUNAVAIL: return "VSX unavailable";
	case VEC_FACUNAVAIL: return "facility unavailable";
	case VEC_HFACUNAVAIL: return "hypervisor facility unavailable";
	default: return "?";
	}
}

static size_t dump_regs(const struct b3_regs *r, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i;

	n += (size_t)snprintf(buf + n, len - n, "  %sSRR0 %016lx %sSRR1 %016lx DAR %016lx DSISR %08lx\n"
			      "  LR   %016lx CTR  %016lx CR   %08lx XER %08lx",
			      r->hv ? "H" : "", (unsigned long)r->srr0, r->hv ? "H" : "",
			      (unsigned long)r->srr1, (unsigned long)r->dar, (unsigned long)r->dsisr,
			      (unsigned long)r->lr, (unsigned long)r->ctr, (unsigned long)r->cr,
			      (unsigned long)r->xer);
	for (i = 0; i < 32 && n < len; i += 4)
		n += (size_t)snprintf(buf + n, len - n, "\n  r%-2u %016lx %016lx %016lx %016lx", i,
				      (unsigned long)r->gpr[i], (unsigned long)r->gpr[i + 1],
				      (unsigned long)r->gpr[i + 2], (unsigned long)r->gpr[i + 3]);
	return n;
}

static void __attribute__((noreturn)) b3_user_return(int kind, uint64_t r3)
{
	U()->r3 = r3;
	longjmp(U()->env, kind + 1);
}

/*
 * A fault the hash-fault path refused, or another interrupt a test may
 * declare (sc and program interrupts).  A declared one resumes a kernel
 * access after the access (a fetch: at LR, the caller of the code; sc:
 * at SRR0, already past it) or ends the user_call() (kind 1); any other
 * is reported and abandons the test or command (fault_unexpected), with
 * translation back on, since the test goes on.
 */
static void b3_fault(struct b3_regs *r, enum fault_kind kind, vaddr_t addr, uint32_t cause, bool store)
{
	static char text[2048];
	struct fault_record f = {
		.kind = kind, .vector = (uint32_t)r->vector, .addr = addr, .pc = r->srr0,
		.cause = cause, .store = store, .user = (r->srr1 & MSR_PR) != 0,
	};

	if (r->vector == VEC_SYSCALL)
		f.pc = r->srr0 - 4;
	if (fault_expected(&f)) {
		if (f.user)
			b3_user_return(1, 0);
		if (r->vector != VEC_SYSCALL)
			r->srr0 = kind == FAULT_TLB_INST || kind == FAULT_PROT_INST ? r->lr : r->srr0 + 4;
		return;
	}
	snprintf(text, sizeof(text), "vector 0x%lx (%s)\n", (unsigned long)r->vector, vector_name(r->vector));
	dump_regs(r, text + strlen(text), sizeof(text) - strlen(text));
	translation_on(mfmsr());
	fault_unexpected(&f, text);
	if (f.user)
		b3_user_return(1, 0);
	panic("fault_unexpected returned");
}

/*
 * A refused storage or segment fault is a miss (tlb) when nothing is mapped
 * at addr, a protection fault (prot) when the hardware said so or when the
 * page is there and its rights refused the access (the hash path inserts
 * no HPTE for an access the page does not grant).
 */
static enum fault_kind fault_kind_of(bool no_translation, vaddr_t addr, enum fault_kind tlb,
				     enum fault_kind prot)
{
	return no_translation && !b3_fault_has_leaf(addr) ? tlb : prot;
}

/*
 * Every interrupt that reaches C: storage and segment faults the hash path
 * leaves, sc (from user mode: the end of a user_call()), program
 * interrupts; anything else ends the run, or a user_call() as a fault.
 */
void b3_trap(struct b3_regs *r)
{
	static char text[2048];
	enum fault_kind kind;

	b3_opal_keepalive();
	switch (r->vector) {
	case VEC_DEC:
		set_dec_far();
		return;
	case VEC_HDOORBELL:
		/*
		 * A wake for a nap this core did not take (a post raced its way
		 * out of idle: smp/e500-64-smp.c), taken with MSR[EE] on (user
		 * mode): taking it cleared it; counted, nothing else to do.
		 */
		b3_core_me()->stray_doorbells++;
		return;
	case VEC_DSI:
	case VEC_DSEG:
		if (b3_hash_fault(r))
			return;
		kind = fault_kind_of(r->vector == VEC_DSEG || (r->dsisr & DSISR_NOHPTE), r->dar, FAULT_TLB_DATA,
				     FAULT_PROT_DATA);
		/* a data segment interrupt leaves DSISR as it was: no cause, no store bit */
		if (r->vector == VEC_DSEG)
			b3_fault(r, kind, r->dar, 0, false);
		else
			b3_fault(r, kind, r->dar, (uint32_t)r->dsisr, (r->dsisr & DSISR_ISSTORE) != 0);
		return;
	case VEC_ISI:
	case VEC_ISEG:
		if (b3_hash_fault(r))
			return;
		kind = fault_kind_of(r->vector == VEC_ISEG || (r->srr1 & SRR1_ISI_NOHPTE), r->srr0, FAULT_TLB_INST,
				     FAULT_PROT_INST);
		b3_fault(r, kind, r->srr0, (uint32_t)r->srr1, false);
		return;
	case VEC_SYSCALL:
		if (r->srr1 & MSR_PR)
			b3_user_return(0, r->gpr[3]);
		b3_fault(r, FAULT_OTHER, r->srr0 - 4, 0, false);
		return;
	case VEC_PROGRAM:
		b3_fault(r, FAULT_OTHER, r->srr0, (uint32_t)r->srr1, false);
		return;
	default:
		if (r->srr1 & MSR_PR) {
			b3_fault(r, FAULT_OTHER, r->srr0, (uint32_t)r->srr1, false);
			return;
		}
		break;
	}
	dump_regs(r, text, sizeof(text));
	kprintf("\nppcmmu: unexpected interrupt: vector 0x%lx (%s)\n%s\n", (unsigned long)r->vector,
		vector_name(r->vector), text);
	arch_exit(1);
}

const char *fault_kind_name(enum fault_kind k)
{
	static const char *const names[] = {
		[FAULT_NONE] = "none", [FAULT_TLB_DATA] = "data hash or segment miss",
		[FAULT_TLB_INST] = "instruction hash or segment miss", [FAULT_PROT_DATA] = "data storage fault",
		[FAULT_PROT_INST] = "instruction storage fault", [FAULT_OTHER] = "other interrupt",
	};

	return (unsigned int)k <= FAULT_OTHER ? names[k] : "?";
}

struct mm *fault_user_mm(void)
{
	return U()->mm;
}

/*
 * Run pc at MSR[PR] = 1 in space mm, arg in r3, every other register 0.  The space's id picks its VSID context: not 0
 * (the kernel's) and within the context bits (B3_USER_PID_MAX).  The
 * interrupt that ends the call left translation off: it goes back on here.
 */
int user_call(struct mm *mm, vaddr_t pc, vaddr_t arg, uint32_t *result)
{
	const uint64_t msr = mfmsr();
	struct user_run *u = U();
	int v;

	if (mm->pid == 0 || mm->pid > B3_USER_PID_MAX)
		return MMU_EPID;
	set_dec_far();
	memset(&u->frame, 0, sizeof(u->frame));
	u->frame.srr0 = pc;
	u->frame.srr1 = msr | MSR_EE | MSR_PR | MSR_IR | MSR_DR;
	u->frame.gpr[3] = arg;
	u->mm = mm;
	b3_user_space(mm);
	v = setjmp(u->env);
	if (v == 0)
		b3_user_enter(&u->frame);
	translation_on(msr);
	u->mm = NULL;
	b3_user_leave();
	if (result)
		*result = (uint32_t)u->r3;
	return v - 1;
}
