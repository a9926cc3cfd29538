/* SPDX-License-Identifier: BSD-2-Clause */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include "lib/fault.h"
#include "lib/kprintf.h"
#include "mmu/pgtable.h"

#define FIXUP_PAGE	0x1000u	/* the smallest page of every family */

static jmp_buf user_return_env;
static struct mm *user_mm;
static uint32_t user_r3;
static uint32_t fixup_addr, fixup_count;
struct fault_fixup_counts fault_fixups;

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

size_t fault_dump_head(char *buf, size_t len, uint32_t vector, const char *name,
		       uint32_t srr0, uint32_t srr1)
{
	uint32_t msr;

	__asm__ volatile("mfmsr %0" : "=r"(msr));
	return fault_dump_append(buf, 0, len, "vector 0x%lx (%s) srr0=%08lx srr1=%08lx msr=%08lx ",
				 (unsigned long)vector, name, (unsigned long)srr0,
				 (unsigned long)srr1, (unsigned long)msr);
}

size_t fault_dump_gprs(char *buf, size_t n, size_t len, const struct ppc_gprs *g)
{
	int i;

	for (i = 0; i < 32; i++)
		n = fault_dump_append(buf, n, len, "r%-2d=%08lx%s", i, (unsigned long)g->gpr[i],
				      (i % 8 == 7) ? "\n" : " ");
	return fault_dump_append(buf, n, len, "lr=%08lx ctr=%08lx cr=%08lx xer=%08lx",
				 (unsigned long)g->lr, (unsigned long)g->ctr,
				 (unsigned long)g->cr, (unsigned long)g->xer);
}

struct mm *fault_user_mm(void)
{
	return user_mm;
}

void user_return(int kind, uint32_t r3)
{
	user_r3 = r3;
	longjmp(user_return_env, kind + 1);
}

int user_run(struct mm *mm, void (*enter)(void *arg), void *arg, uint32_t *result)
{
	int v;

	user_mm = mm;
	v = setjmp(user_return_env);
	if (v == 0)
		enter(arg);
	user_mm = NULL;
	if (result)
		*result = user_r3;
	return v - 1;
}

uint32_t fault_resolve(const struct fault_record *f, fault_dump_fn dump, const void *regs,
		       uint32_t srr0, uint32_t lr)
{
	static char text[FAULT_DUMP_BYTES];	/* static: the exception stack is small */

	if (fault_expected(f)) {
		if (f->user)
			user_return(1, 0);
		if (f->kind == FAULT_TLB_INST || f->kind == FAULT_PROT_INST)
			return lr;
		return srr0 + 4;
	}
	dump(regs, text, sizeof(text));
	fault_unexpected(f, text);
	if (f->user)
		user_return(1, 0);
	panic("fault_unexpected returned");
}

void fault_syscall(const struct fault_record *f, uint32_t r3, fault_dump_fn dump, const void *regs)
{
	struct fault_record sc = *f;

	if (f->user)
		user_return(0, r3);
	sc.kind = FAULT_OTHER;
	sc.store = false;
	fault_resolve(&sc, dump, regs, 0, 0);	/* resumes at SRR0, past the sc */
}

static bool fixup_allowed(uint32_t addr)
{
	if (fixup_addr == addr)
		return ++fixup_count <= FAULT_FIXUP_RETRY_LIMIT;
	fixup_addr = addr;
	fixup_count = 1;
	return true;
}

/* arg: nonzero to set the changed bit as well. */
static uint64_t mark_entry(uint64_t entry, unsigned int dirty)
{
	entry = pte_mkyoung(entry);
	return dirty ? pte_mkdirty(entry) : entry;
}

bool fault_fix_bits(const struct fault_record *f, vaddr_t ea, uint32_t len, fault_grants_fn grants)
{
	struct mm *mm = f->user ? user_mm : &kernel_mm;
	vaddr_t va = ea & ~(FIXUP_PAGE - 1), last = (ea + len - 1) & ~(FIXUP_PAGE - 1);
	unsigned int fixed = 0;
	struct walk_result w;

	if (!mm || !len)
		return false;
	for (;; va += FIXUP_PAGE) {
		bool dirty, young;

		if (walk(mm, va, &w) != MMU_OK || !grants(f, &w))
			break;
		dirty = f->store && pte_write(w.entry) && pte_mkdirty(w.entry) != w.entry;
		young = pte_mkyoung(w.entry) != w.entry;
		if (dirty || young) {
			if (!fixed && !fixup_allowed(f->addr))
				return false;
			/* only the bits it adds, each entry's word updated atomically: a
			 * concurrent change to its other bits stays, an emptied entry stays empty */
			pt_run_set_flags(mm, w.level, w.size, w.page_va,
					 mark_entry(w.entry, dirty) & ~w.entry);
			mmu_tlb_invalidate(mm, w.page_va, w.size);
			fault_fixups.dirty += dirty;
			fault_fixups.young += young;
			fixed++;
		}
		if (va == last)
			break;
	}
	fault_fixups.faults += !!fixed;
	return fixed;
}
