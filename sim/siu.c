/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SIU interrupt controller: SIPEND, SIMASK, SIEL, SIVEC at IMMR+0x010..0x01F.
 *
 * SIPEND holds one bit per source, IBM numbering from the most significant bit: bit 0 IRQ0,
 * bit 1 level 0, bit 2 IRQ1, bit 3 level 1, ... bit 15 level 7. Internal sources (here only
 * the CPM interrupt controller) request a level; their SIPEND bit follows the request and
 * software cannot clear it. No IRQ pin exists on this board, so the IRQ bits stay 0 (writes
 * to SIPEND change nothing). SIMASK and SIEL are storage. SIVEC reads the interrupt code of
 * the highest-priority source that is pending and enabled (the lowest bit number) in its
 * first byte, code = bit number * 4. The core's external interrupt (0x500) is requested while
 * SIPEND & SIMASK is non-zero.
 */
#include "sim.h"

extern uint8_t immr_mem[];

#define SIPEND		0x010u
#define SIMASK		0x014u
#define SIEL		0x018u
#define SIVEC		0x01Cu
#define SIU_END		0x020u
#define LVL7_BIT	15

static uint32_t levels;		/* SIPEND bits requested by internal sources */

static uint32_t level_bit(int level)
{
	return 0x80000000u >> (2 * level + 1);
}

static uint32_t enabled_pending(void)
{
	return levels & get_be32(immr_mem + SIMASK);
}

bool siu_interrupt_pending(void)
{
	return enabled_pending() != 0;
}

void siu_set_level(struct cpu *c, int level, bool on)
{
	uint32_t bit = level_bit(level & 7);
	uint32_t old = levels;

	levels = on ? levels | bit : levels & ~bit;
	if (levels != old && siu_interrupt_pending())
		request_event(c);
}

/* The interrupt code of the highest-priority enabled pending source. */
static uint32_t sivec(struct cpu *c)
{
	uint32_t p = enabled_pending();

	if (!p) {
		sim_warn(c, W_SIVEC_NONE, "SIVEC read with no enabled interrupt pending: "
			 "the code returned (level 7's) is this model's choice");
		return (uint32_t)(LVL7_BIT * 4) << 24;
	}
	return (uint32_t)(__builtin_clz(p) * 4) << 24;
}

/* Before a read of the window: put the computed registers into the storage it reads. */
void siu_before_read(struct cpu *c, uint32_t off, int size)
{
	if (off >= SIU_END || off + (uint32_t)size <= SIPEND)
		return;
	put_be32(immr_mem + SIPEND, levels);
	if (off + (uint32_t)size > SIVEC)
		put_be32(immr_mem + SIVEC, sivec(c));
}

/* After a write: SIPEND and SIVEC are not storage; a new SIMASK may let a request through. */
void siu_after_write(struct cpu *c, uint32_t off, int size)
{
	if (off >= SIU_END || off + (uint32_t)size <= SIPEND)
		return;
	put_be32(immr_mem + SIPEND, levels);
	put_be32(immr_mem + SIVEC, 0);
	if (siu_interrupt_pending())
		request_event(c);
}

void siu_reset(void)
{
	levels = 0;
}
