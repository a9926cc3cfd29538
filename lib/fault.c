/* SPDX-License-Identifier: BSD-2-Clause */
#include <setjmp.h>
#include <stdio.h>
#include "lib/fault.h"
#include "lib/kprintf.h"

static jmp_buf user_return_env;
static uint32_t user_r3;

const char *fault_kind_name(enum fault_kind k)
{
	static const char *const names[] = {
		"none", "data TLB miss", "instruction TLB miss",
		"data protection", "instruction protection", "other",
	};

	return k <= FAULT_OTHER ? names[k] : "?";
}

size_t fault_dump_gprs(char *buf, size_t n, size_t len, const struct ppc_gprs *g)
{
	int i;

	for (i = 0; i < 32 && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "r%-2d=%08lx%s", i,
				      (unsigned long)g->gpr[i], (i % 8 == 7) ? "\n" : " ");
	if (n < len)
		n += (size_t)snprintf(buf + n, len - n, "lr=%08lx ctr=%08lx cr=%08lx xer=%08lx",
				      (unsigned long)g->lr, (unsigned long)g->ctr,
				      (unsigned long)g->cr, (unsigned long)g->xer);
	return n;
}

void user_return(int kind, uint32_t r3)
{
	user_r3 = r3;
	longjmp(user_return_env, kind + 1);
}

int user_run(void (*enter)(void *arg), void *arg, uint32_t *result)
{
	int v = setjmp(user_return_env);

	if (v == 0)
		enter(arg);
	if (result)
		*result = user_r3;
	return v - 1;
}

enum fault_resume fault_resolve(const struct fault_record *f, fault_dump_fn dump, const void *regs)
{
	static char text[FAULT_DUMP_BYTES];	/* static: the exception stack is small */

	if (fault_expected(f)) {
		if (f->user)
			user_return(1, 0);
		if (f->kind == FAULT_TLB_INST || f->kind == FAULT_PROT_INST)
			return RESUME_AT_CALLER;
		return RESUME_AFTER;
	}
	dump(regs, text, sizeof(text));
	fault_unexpected(f, text);
	if (f->user)
		user_return(1, 0);
	panic("fault_unexpected returned");
}
