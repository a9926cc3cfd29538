/* SPDX-License-Identifier: BSD-2-Clause */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "include/spr.h"
#include "tlb/fault.h"
#include "lib/kprintf.h"

/* Each core's user_run() in progress. */
struct fault_cpu {
	jmp_buf user_return_env;
	struct mm *user_mm;
	uint32_t user_r3;
};

static struct fault_cpu cpus[ARCH_MAX_CPUS];

static struct fault_cpu *me(void)
{
	return &cpus[arch_this_cpu()];
}

const char *fault_kind_name(enum fault_kind k)
{
	static const char *const names[] = {
		"none", "data TLB miss", "instruction TLB miss",
		"data protection", "instruction protection", "other",
	};

	return k <= FAULT_OTHER ? names[k] : "?";
}

size_t fault_dump_append(char *buf, size_t n, size_t len, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (n >= len)
		return n;
	va_start(ap, fmt);
	w = vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
	return w < 0 ? n : n + (size_t)w;
}

void fault_record(const struct ppc_regs *r, struct fault_record *f)
{
	memset(f, 0, sizeof(*f));
	f->vector = r->vector;
	f->pc = r->srr0;
	trap_decode(r, f);
}

/* Registers print at their width: 8 hex digits a line of 8 on 32-bit cores, 16 a line of 4 on 64-bit. */
#define REG_DIGITS	((int)(2 * sizeof(unsigned long)))
#define REGS_PER_LINE	(32 / (int)sizeof(unsigned long))

void fault_dump(const struct ppc_regs *r, char *buf, size_t len)
{
	size_t n;
	int i;

	n = fault_dump_append(buf, 0, len, "vector 0x%lx (%s) srr0=%0*lx srr1=%0*lx msr=%0*lx ",
			      (unsigned long)r->vector, trap_vector_name(r->vector),
			      REG_DIGITS, (unsigned long)r->srr0, REG_DIGITS, (unsigned long)r->srr1,
			      REG_DIGITS, (unsigned long)mfmsr());
	n = trap_dump_regs(r, buf, n, len);
	for (i = 0; i < 32; i++)
		n = fault_dump_append(buf, n, len, "r%-2d=%0*lx%s", i, REG_DIGITS, (unsigned long)r->gpr[i],
				      (i % REGS_PER_LINE == REGS_PER_LINE - 1) ? "\n" : " ");
	fault_dump_append(buf, n, len, "lr=%0*lx ctr=%0*lx cr=%08lx xer=%08lx",
			  REG_DIGITS, (unsigned long)r->lr, REG_DIGITS, (unsigned long)r->ctr,
			  (unsigned long)r->cr, (unsigned long)r->xer);
}

struct mm *fault_user_mm(void)
{
	return me()->user_mm;
}

void user_return(int kind, uint32_t r3)
{
	me()->user_r3 = r3;
	longjmp(me()->user_return_env, kind + 1);
}

int user_run(struct mm *mm, struct ppc_regs *r, vaddr_t pc, uint32_t msr, vaddr_t arg,
	     uint32_t *result)
{
	struct fault_cpu *c = me();
	int v;

	memset(r, 0, sizeof(*r));
	r->srr0 = pc;
	r->srr1 = msr;
	r->gpr[3] = arg;
	c->user_mm = mm;
	v = setjmp(c->user_return_env);
	if (v == 0)
		trap_enter_user(r);
	c->user_mm = NULL;
	if (result)
		*result = c->user_r3;
	return v - 1;
}

/* Where a fault resumes (see fault_resolve()); no return for an unexpected one. */
static unsigned long resume_at(const struct fault_record *f, const struct ppc_regs *r)
{
	static char text[FAULT_DUMP_BYTES];	/* static: the exception stack is small */

	if (fault_expected(f)) {
		if (f->user)
			user_return(1, 0);
		if (f->kind == FAULT_TLB_INST || f->kind == FAULT_PROT_INST)
			return r->lr;
		return r->srr0 + 4;
	}
	fault_dump(r, text, sizeof(text));
	fault_unexpected(f, text);
	if (f->user)
		user_return(1, 0);
	panic("fault_unexpected returned");
}

void fault_resolve(const struct fault_record *f, struct ppc_regs *r)
{
	r->srr0 = resume_at(f, r);
}

void fault_syscall(struct ppc_regs *r)
{
	struct fault_record f;

	fault_record(r, &f);
	if (f.user)
		user_return(0, r->gpr[3]);
	f.pc = f.addr = r->srr0 - 4;
	f.kind = FAULT_OTHER;
	f.store = false;
	resume_at(&f, r);	/* a declared one resumes at SRR0, past the sc */
}
