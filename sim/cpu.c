/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The run loop, instruction fetch through the decoded-page cache, MSR
 * changes and exception entry.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

void request_event(struct cpu *c)
{
	c->event_at = 0;
}

void update_mode(struct cpu *c)
{
	int mode = MODE_REAL;

	if (c->msr & MSR_DR)
		mode = (c->msr & MSR_PR) ? MODE_USER : MODE_SUP;
	c->rd = c->soft_rd[mode];
	c->wr = c->soft_wr[mode];
}

/* set_msr's body, inlined into exception entry too */
static inline void msr_write(struct cpu *c, uint32_t msr)
{
	uint32_t old = c->msr;

	msr &= MSR_IMPL;
	c->msr = msr;
	if ((old ^ msr) & (MSR_IR | MSR_PR | MSR_IP))
		c->fetch_valid = false;
	update_mode(c);
	if ((msr & MSR_EE) && !(old & MSR_EE))
		request_event(c);
	if (msr & MSR_LE)
		sim_warn(c, W_LE_MODE, "MSR[LE] set: little-endian mode is "
			 "not modelled, accesses stay big-endian");
}

void set_msr(struct cpu *c, uint32_t msr)
{
	msr_write(c, msr);
}

void take_exception(struct cpu *c, uint32_t vector, uint32_t srr0,
		    uint32_t srr1)
{
	uint32_t msr = c->msr & (MSR_ME | MSR_IP | MSR_ILE);

	if (c->msr & MSR_ILE)
		msr |= MSR_LE;
	c->srr0 = srr0;
	c->srr1 = srr1;
	c->stats.exceptions[(vector >> 8) & (NUM_VECTORS - 1)]++;
	if (c->trace)
		trace_exception(c, vector);
	c->last_vector = vector;
	c->last_vector_pc = srr0;
	msr_write(c, msr);
	c->pc = vector | ((c->msr & MSR_IP) ? 0xFFF00000u : 0);
	c->fetch_valid = false;
}

void machine_check(struct cpu *c, uint32_t srr0, uint32_t addr)
{
	if (!(c->msr & MSR_ME)) {
		fprintf(stderr, "mpc8xx-sim: checkstop: machine check with "
			"MSR[ME]=0 (pc 0x%08x, address 0x%08x)\n", c->pc, addr);
		c->exit_requested = true;
		c->exit_status = EXIT_CHECKSTOP;
		request_event(c);
		return;
	}
	c->dar = addr;
	take_exception(c, VEC_MCHECK, srr0, c->msr & MSR_SRR1_MASK);
}

void program_exception(struct cpu *c, uint32_t cause)
{
	take_exception(c, VEC_PROGRAM, c->pc,
		       (c->msr & MSR_SRR1_MASK) | cause);
}

void swemu_exception(struct cpu *c)
{
	take_exception(c, VEC_SWEMU, c->pc, c->msr & MSR_SRR1_MASK);
}

void cpu_reset(struct cpu *c, uint32_t pc)
{
	memset(c->gpr, 0, sizeof(c->gpr));
	c->cr = c->xer = c->lr = c->ctr = 0;
	c->msr = 0;
	c->pc = pc;
	c->immr = 0xFF000000u;
	c->fetch_valid = false;
	soft_tlb_flush_all(c);
	update_mode(c);
	mmu_reset(c);
	c->tb_enabled = false;
	c->event_at = 0;
	run_init();
}

/*
 * Returns -1 when the fetch raised an exception, 1 when the instruction word
 * must be executed without the decoded-page cache (*word holds it: the IMMR
 * window, which wins over RAM for fetches as for loads; a translation that
 * warned, which must warn again on the next fetch; a build without caches),
 * 0 when the fetch page is cached.
 */
static int fetch_refill(struct cpu *c, uint32_t *word)
{
	uint32_t page = c->pc & 0xFFFFF000u, pa;
	struct fetch_tlb *f = NULL;
	uint64_t warned = c->stats.warnings;

	if (fetch_fast(c))
		return 0;
	if (c->msr & MSR_IR)
		f = &c->fetch_tlb[!!(c->msr & MSR_PR)]
				 [(page >> 12) & (SOFT_TLB_SIZE - 1)];
	if (mmu_translate_fetch(c, c->pc, &pa))
		return -1;
	if (phys_in_immr(c, pa) || (pa < ram_size && (SIM_NO_CACHES || warned != c->stats.warnings))) {
		if (phys_read(c, pa, 4, word)) {
			machine_check(c, c->pc, c->pc);
			return -1;
		}
		return 1;
	}
	if (pa >= ram_size) {
		machine_check(c, c->pc, c->pc);
		return -1;
	}
	if (f && warned == c->stats.warnings) {
		f->gen = c->itlb_gen;
		f->tag = page;
		f->pa = pa & 0xFFFFF000u;
	}
	c->fetch_dpage = dpage_get(pa >> 12);
	c->fetch_page = page;
	c->fetch_valid = true;
	return 0;
}

/* Decode and run one instruction that is not in the decoded-page cache. */
static void exec_word(struct cpu *c, uint32_t raw, bool slow)
{
	struct dinsn d;

	if (slow && c->trace)
		trace_word(c, raw);
	decode_insn(&d, raw);
	c->icount++;
	d.fn(c, &d);
}

/* One instruction (or a fetch that raises an exception), counted. */
static inline void step(struct cpu *c, const bool slow)
{
	const struct dinsn *d;

	if (unlikely(!c->fetch_valid ||
		     (c->pc & 0xFFFFF000u) != c->fetch_page)) {
		uint32_t word;
		int r = fetch_refill(c, &word);

		if (r > 0) {
			exec_word(c, word, slow);
			return;
		}
		if (r) {
			/* exception entry costs one instruction slot */
			c->icount++;
			return;
		}
	}
	if (slow && c->trace)
		trace_insn(c);
	d = &c->fetch_dpage->insn[(c->pc >> 2) & (PAGE_INSNS - 1)];
	c->icount++;
	d->fn(c, d);
}

/* 'slow': tracing or debugging, checked before every instruction. */
static inline void run_loop(struct cpu *c, const bool slow)
{
	while (c->icount < c->event_at) {
		if (slow && c->debug_hook && c->debug_hook(c)) {
			c->debug_stopped = true;
			request_event(c);
			break;
		}
		step(c, slow);
	}
}

/* Until the next event, whole blocks (run.c) where they fit. */
static void run_blocks(struct cpu *c)
{
	while (c->icount < c->event_at) {
		if (unlikely(!c->fetch_valid ||
			     (c->pc & 0xFFFFF000u) != c->fetch_page)) {
			uint32_t word;
			int r = fetch_refill(c, &word);

			if (r > 0) {
				exec_word(c, word, false);
				continue;
			}
			if (r) {
				/* exception entry costs one instruction slot */
				c->icount++;
				continue;
			}
		}
		if (run_threaded(c) && c->icount < c->event_at)
			step(c, false);
	}
}

#define RX_POLL_INTERVAL	4096

static uint64_t next_event(struct cpu *c)
{
	uint64_t at = c->icount + RX_POLL_INTERVAL;
	uint64_t t = timer_next_event(c);

	if (t < at)
		at = t;
	if (c->max_insns && c->max_insns < at)
		at = c->max_insns;
	if (c->trace)
		at = c->icount + 1;
	return at;
}

/* Returns true when the run is over. */
static bool handle_events(struct cpu *c)
{
	if (c->exit_requested || stop_requested(c))
		return true;
	if (c->max_insns && c->icount >= c->max_insns) {
		fprintf(stderr, "mpc8xx-sim: --max-insns %" PRIu64
			" reached at pc 0x%08x (last exception 0x%04x taken at pc "
			"0x%08x)\n", c->max_insns, c->pc, c->last_vector,
			c->last_vector_pc);
		c->exit_status = EXIT_MAX_INSNS;
		return true;
	}
	timer_update(c);
	if (c->dec_pending && (c->msr & MSR_EE)) {
		c->dec_pending = false;
		take_exception(c, VEC_DEC, c->pc, c->msr & MSR_SRR1_MASK);
	}
	cpm_poll_rx(c);
	if ((c->msr & MSR_EE) && siu_interrupt_pending())
		take_exception(c, VEC_EXTERNAL, c->pc, c->msr & MSR_SRR1_MASK);
	c->event_at = next_event(c);
	return c->exit_requested;
}

int cpu_run(struct cpu *c)
{
	stop_signals_install();
	for (;;) {
		if (c->debug_stopped)
			return RUN_DEBUG_STOP;
		if (handle_events(c))
			break;
		if (c->trace || c->debug_hook)
			run_loop(c, true);
		else
			run_blocks(c);
	}
	return c->exit_status;
}
