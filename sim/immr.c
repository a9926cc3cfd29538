/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The internal memory map (IMMR window, 64 KB): SIU, memory-controller and
 * clock registers are plain storage; TBSCR gates the timebase; the CPM
 * registers and dual-port RAM go to cpm.c.
 */
#include <string.h>

#include "sim.h"

#define IMMR_SIZE	0x10000u
#define TBSCR		0x200u
#define TBSCR_TBE	0x0001u

uint8_t immr_mem[IMMR_SIZE];

void cpm_write_hook(struct cpu *c, uint32_t off, int size, uint8_t old_smce);

#define SMCE1		0xA86u
#define CIVR		0x930u
#define CISR		0x94Cu

void immr_reset(void)
{
	memset(immr_mem, 0, sizeof(immr_mem));
	siu_reset();
}

uint32_t immr_read(struct cpu *c, uint32_t off, int size)
{
	uint32_t v = 0;

	siu_before_read(c, off, size);
	cpmpic_before_read(off, size);
	for (int i = 0; i < size; i++)
		v = (v << 8) | immr_mem[(off + i) & (IMMR_SIZE - 1)];
	return v;
}

static bool overlaps(uint32_t off, int size, uint32_t reg, int width)
{
	return off < reg + width && reg < off + size;
}

void immr_write(struct cpu *c, uint32_t off, int size, uint32_t val)
{
	uint8_t old_smce = immr_mem[SMCE1];
	uint16_t old_civr = get_be16(immr_mem + CIVR);
	uint32_t old_cisr = get_be32(immr_mem + CISR);

	for (int i = 0; i < size; i++)
		immr_mem[(off + i) & (IMMR_SIZE - 1)] =
			(uint8_t)(val >> (8 * (size - 1 - i)));
	if (overlaps(off, size, TBSCR, 2))
		tb_set_enabled(c, get_be16(immr_mem + TBSCR) & TBSCR_TBE);
	cpm_write_hook(c, off, size, old_smce);
	siu_after_write(c, off, size);
	cpmpic_after_write(c, off, size, old_civr, old_cisr);
	cpmpic_update(c);
}
