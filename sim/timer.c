/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Timebase and decrementer. The timebase advances one tick per simulated
 * instruction while TBSCR[TBE] is set; DEC counts down at the same rate and
 * requests the 0x900 exception when its bit 0 goes from 0 to 1.
 */
#include "sim.h"

static uint64_t ticks_since(const struct cpu *c, uint64_t icount)
{
	return c->tb_enabled ? c->icount - icount : 0;
}

uint64_t tb_read(struct cpu *c)
{
	return c->tb_sync_val + ticks_since(c, c->tb_sync_icount);
}

void tb_write(struct cpu *c, uint64_t tb)
{
	c->tb_sync_val = tb;
	c->tb_sync_icount = c->icount;
}

uint32_t dec_read(struct cpu *c)
{
	return c->dec_sync_val - (uint32_t)ticks_since(c, c->dec_sync_icount);
}

/* Latch a pending request if DEC went from 0 to -1 since the last sync. */
void timer_update(struct cpu *c)
{
	uint64_t elapsed = ticks_since(c, c->dec_sync_icount);

	if (elapsed >= (uint64_t)c->dec_sync_val + 1)
		c->dec_pending = true;
	c->dec_sync_val = dec_read(c);
	c->dec_sync_icount = c->icount;
}

void dec_write(struct cpu *c, uint32_t val)
{
	uint32_t old;

	timer_update(c);
	old = dec_read(c);
	if (!(old & 0x80000000u) && (val & 0x80000000u))
		c->dec_pending = true;
	c->dec_sync_val = val;
	c->dec_sync_icount = c->icount;
	request_event(c);
}

void tb_set_enabled(struct cpu *c, bool on)
{
	if (on == c->tb_enabled)
		return;
	timer_update(c);
	tb_write(c, tb_read(c));
	c->tb_enabled = on;
	request_event(c);
}

uint64_t timer_next_event(struct cpu *c)
{
	if (!c->tb_enabled)
		return UINT64_MAX;
	return c->dec_sync_icount + (uint64_t)c->dec_sync_val + 1;
}
