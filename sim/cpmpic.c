/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPM interrupt controller: CIVR (IMMR+0x930, 16 bit), CICR (0x940), CIPR (0x944), CIMR
 * (0x948), CISR (0x94C).
 *
 * Each CPM source has a vector number v (0..31) and the bit 1 << v in CIPR, CIMR and CISR.
 * The only source on this board is SMC1 (vector 4), pending while SMCE1 & SMCM1 is non-zero
 * (its event bits are cleared by writing 1s to SMCE1); the other CIPR bits are never set.
 * CICR is storage: IRL (bits 0xE000) is the SIU level the controller requests, IEN (0x0080)
 * enables the request. Priority: a higher vector number wins (vector 31, PC15, is the highest;
 * the SCC grouping fields and HP of CICR are not modelled: an HP other than 31 warns
 * cpm-priority). The controller requests its SIU level while IEN is set and an enabled pending
 * source has a higher priority than every source in service (CISR).
 * Writing CIVR with IACK (0x0001) latches the vector of that source into CIVR bits 0xF800 and
 * sets its CISR bit; software ends the service by writing 1 to that CISR bit.
 */
#include "sim.h"

extern uint8_t immr_mem[];

#define CIVR		0x930u
#define CICR		0x940u
#define CIPR		0x944u
#define CIMR		0x948u
#define CISR		0x94Cu
#define CPIC_END	0x950u
#define CIVR_IACK	0x0001u
#define CIVR_VEC_SHIFT	11
#define CICR_IRL_SHIFT	13
#define CICR_IEN	0x00000080u
#define CICR_HP_MASK	0x00001F00u
#define VEC_SMC1	4
#define VEC_ERROR	0

#define SMCE1		0xA86u
#define SMCM1		0xA8Au

static uint32_t pending(void)
{
	uint32_t p = 0;

	if (immr_mem[SMCE1] & immr_mem[SMCM1])
		p |= 1u << VEC_SMC1;
	return p;
}

/* Sources that may interrupt now: enabled, pending, above every vector in service. */
static uint32_t requesting(void)
{
	uint32_t p = pending() & get_be32(immr_mem + CIMR);
	uint32_t in_service = get_be32(immr_mem + CISR);

	if (in_service)
		p &= ~((2u << (31 - __builtin_clz(in_service))) - 1);
	return p;
}

void cpmpic_update(struct cpu *c)
{
	uint32_t cicr = get_be32(immr_mem + CICR);

	siu_set_level(c, (int)(cicr >> CICR_IRL_SHIFT) & 7,
		      (cicr & CICR_IEN) && requesting());
}

static void acknowledge(struct cpu *c)
{
	uint32_t p = requesting();
	uint32_t vec = VEC_ERROR;

	if (p)
		vec = 31u - (uint32_t)__builtin_clz(p);
	else
		sim_warn(c, W_CIVR_NONE, "CIVR acknowledge with no CPM interrupt pending: "
			 "the vector returned (0, error) is this model's choice");
	put_be16(immr_mem + CIVR, (uint16_t)(vec << CIVR_VEC_SHIFT));
	if (p)
		put_be32(immr_mem + CISR, get_be32(immr_mem + CISR) | 1u << vec);
}

void cpmpic_before_read(uint32_t off, int size)
{
	if (off >= CPIC_END || off + (uint32_t)size <= CIVR)
		return;
	put_be32(immr_mem + CIPR, pending());
}

/* old: the CIVR, CISR and CICR words before the write (CIVR in the low half of civr_old). */
void cpmpic_after_write(struct cpu *c, uint32_t off, int size, uint16_t civr_old,
			uint32_t cisr_old)
{
	if (off >= CPIC_END || off + (uint32_t)size <= CIVR)
		return;
	if (off < CIVR + 2) {
		uint16_t w = get_be16(immr_mem + CIVR);

		put_be16(immr_mem + CIVR, civr_old);
		if (w & CIVR_IACK)
			acknowledge(c);
	}
	if (off < CISR + 4 && off + (uint32_t)size > CISR)
		put_be32(immr_mem + CISR, cisr_old & ~get_be32(immr_mem + CISR));
	if (off < CICR + 4 && off + (uint32_t)size > CICR &&
	    (get_be32(immr_mem + CICR) & CICR_HP_MASK) != CICR_HP_MASK)
		sim_warn(c, W_CPM_PRIORITY, "CICR HP 0x%x: raising one CPM source above the "
			 "others is not modelled (vector order only)",
			 (get_be32(immr_mem + CICR) & CICR_HP_MASK) >> 8);
	put_be32(immr_mem + CIPR, pending());
}
