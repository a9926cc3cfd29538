/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * --trace: one line per executed instruction ("address: encoding  disassembly"),
 * a "<symbol+offset>:" line whenever execution enters another symbol of the
 * ELF, and one line per exception entry; filtered by address range, first
 * instruction, instruction count, or exceptions only (struct trace_filter).
 */
#include <inttypes.h>

#include "sim.h"

struct trace_filter trace_filter = { .lo = 0, .hi = 0xFFFFFFFFu, .from = 1 };

static const char *const vector_names[NUM_VECTORS] = {
	[0x1] = "reset", [0x2] = "machine check", [0x3] = "DSI",
	[0x4] = "ISI", [0x5] = "external", [0x6] = "alignment",
	[0x7] = "program", [0x8] = "FP unavailable", [0x9] = "decrementer",
	[0xC] = "system call", [0xD] = "trace", [0x10] = "software emulation",
	[0x11] = "ITLB miss", [0x12] = "DTLB miss", [0x13] = "ITLB error",
	[0x14] = "DTLB error",
};

const char *vector_name(uint32_t vector)
{
	const char *n = vector_names[(vector >> 8) & (NUM_VECTORS - 1)];

	return n ? n : "?";
}

/* Instruction number n (from 1) is inside the from/count window. */
static bool in_window(struct cpu *c, uint64_t n)
{
	const struct trace_filter *f = &trace_filter;

	if (n < f->from)
		return false;
	if (f->count && n - f->from >= f->count) {
		/* the window is over for good: stop tracing */
		fflush(c->trace);
		c->trace = NULL;
		request_event(c);
		return false;
	}
	return true;
}

static void trace_symbol(struct cpu *c)
{
	static const char *last;
	uint32_t off;
	const char *name = elf_symbol(c->pc, &off);

	if (name == last)
		return;
	last = name;
	if (name)
		fprintf(c->trace, "<%s+0x%x>:\n", name, off);
}

void trace_word(struct cpu *c, uint32_t raw)
{
	char buf[96];

	if (trace_filter.exceptions_only || !in_window(c, c->icount + 1) ||
	    c->pc < trace_filter.lo || c->pc > trace_filter.hi)
		return;
	disasm(raw, c->pc, buf, sizeof(buf));
	trace_symbol(c);
	fprintf(c->trace, "%08x: %08x  %s\n", c->pc, raw, buf);
}

void trace_insn(struct cpu *c)
{
	trace_word(c, get_be32(ram + ((c->fetch_dpage->ppn << 12) | (c->pc & 0xFFF))));
}

/* Called with SRR0/SRR1 (and DAR/DSISR) already set, before MSR and PC change. */
void trace_exception(struct cpu *c, uint32_t vector)
{
	if (!in_window(c, c->icount))
		return;
	fprintf(c->trace, "exception 0x%04x %s: srr0=0x%08x srr1=0x%08x "
		"dar=0x%08x dsisr=0x%08x\n", vector, vector_name(vector),
		c->srr0, c->srr1, c->dar, c->dsisr);
}
