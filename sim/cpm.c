/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPM: the command register (CPCR) and the SMC1 UART with its buffer
 * descriptors in dual-port RAM. Transmit goes to stdout, receive comes
 * from stdin. Transfers complete instantly; their events (SMCE1) reach the core through
 * the CPM interrupt controller (cpmpic.c) when SMCM1 enables them.
 */
#include <poll.h>
#include <unistd.h>

#include "sim.h"

extern uint8_t immr_mem[];

#define CPCR		0x9C0u
#define CPCR_RST	0x8000u
#define CPCR_FLG	0x0001u
#define SMCMR1		0xA82u
#define SMCE1		0xA86u
#define SMCMR_REN	0x0001u
#define SMCMR_TEN	0x0002u
#define SMCE_TX		0x02u
#define SMCE_RX		0x01u
#define DPRAM		0x2000u
#define SMC1_PRAM	0x3E80u
#define CH_SMC1		9

/* parameter block offsets */
#define P_RBASE		0x00
#define P_TBASE		0x02
#define P_MRBLR		0x06
#define P_RSTATE	0x08
#define P_RBPTR		0x10
#define P_TSTATE	0x18
#define P_TBPTR		0x20
#define P_MAX_IDL	0x28
#define P_RPBASE	0x3C

/* buffer descriptor status */
#define BD_READY	0x8000u		/* Tx R / Rx E */
#define BD_WRAP		0x2000u

static bool rx_eof;
/* Bytes stored into the Rx BD being filled: the CP's own count, not the BD's length field, which it
   only writes (software need not clear it before setting E again). */
static uint16_t rx_fill;

static uint32_t smc1_pram(void)
{
	uint32_t rpbase = get_be16(immr_mem + SMC1_PRAM + P_RPBASE);

	if (rpbase)
		return DPRAM + (rpbase & 0x1FC0u);
	return SMC1_PRAM;
}

static uint16_t pram16(uint32_t off)
{
	return get_be16(immr_mem + smc1_pram() + off);
}

static void set_pram16(uint32_t off, uint16_t v)
{
	put_be16(immr_mem + smc1_pram() + off, v);
}

static uint8_t *bd_at(uint16_t ptr)
{
	return immr_mem + DPRAM + (ptr & 0x1FF8u);
}

static void smc1_init(int opcode)
{
	if (opcode != 2) {
		rx_fill = 0;
		set_pram16(P_RBPTR, pram16(P_RBASE));
		put_be32(immr_mem + smc1_pram() + P_RSTATE, 0);
	}
	if (opcode != 1) {
		set_pram16(P_TBPTR, pram16(P_TBASE));
		put_be32(immr_mem + smc1_pram() + P_TSTATE, 0);
	}
}

static void cpcr_command(uint16_t cmd)
{
	int opcode = (cmd >> 8) & 0xF;
	int channel = (cmd >> 4) & 0xF;

	if (channel == CH_SMC1 && opcode <= 2)
		smc1_init(opcode);
	put_be16(immr_mem + CPCR, cmd & ~(CPCR_FLG | CPCR_RST));
}

static uint16_t next_bd(uint16_t ptr, uint16_t status, uint16_t base)
{
	return (status & BD_WRAP) ? base : (uint16_t)(ptr + 8);
}

static void smc1_transmit(struct cpu *c)
{
	bool sent = false;

	for (int n = 0; n < 256; n++) {
		uint16_t ptr = pram16(P_TBPTR);
		uint8_t *bd = bd_at(ptr);
		uint16_t status = get_be16(bd);
		uint16_t len = get_be16(bd + 2);
		uint32_t buf = get_be32(bd + 4);

		if (!(status & BD_READY))
			break;
		for (uint32_t i = 0; i < len; i++) {
			uint32_t ch;

			if (phys_read(c, buf + i, 1, &ch))
				break;
			putchar((int)ch);
			warn_console_char((int)ch);
		}
		put_be16(bd, status & ~BD_READY);
		immr_mem[SMCE1] |= SMCE_TX;
		set_pram16(P_TBPTR, next_bd(ptr, status, pram16(P_TBASE)));
		sent = true;
	}
	if (sent) {
		fflush(stdout);
		warn_release(false);
	}
}

void cpm_write_hook(struct cpu *c, uint32_t off, int size, uint8_t old_smce)
{
	if (off <= CPCR + 1 && CPCR < off + size) {
		uint16_t cmd = get_be16(immr_mem + CPCR);

		if (cmd & (CPCR_FLG | CPCR_RST))
			cpcr_command(cmd);
	}
	if (off <= SMCE1 && SMCE1 < off + size)
		immr_mem[SMCE1] = old_smce & ~immr_mem[SMCE1]; /* w1c */
	if (get_be16(immr_mem + SMCMR1) & SMCMR_TEN)
		smc1_transmit(c);
}

static bool input_ready(void)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };

	return poll(&p, 1, 0) > 0;
}

/* Put one input byte into the current Rx BD; false when none is free. */
static bool smc1_receive_byte(struct cpu *c)
{
	uint16_t ptr = pram16(P_RBPTR);
	uint8_t *bd = bd_at(ptr);
	uint16_t status = get_be16(bd);
	uint16_t mrblr = pram16(P_MRBLR);
	unsigned char ch;

	if (!(status & BD_READY))
		return false;
	if (read(0, &ch, 1) != 1) {
		rx_eof = true;
		return false;
	}
	phys_write(c, get_be32(bd + 4) + rx_fill, 1, ch);
	rx_fill++;
	put_be16(bd + 2, rx_fill);
	if (rx_fill >= (mrblr ? mrblr : 1) ||
	    (pram16(P_MAX_IDL) && !input_ready())) {
		rx_fill = 0;
		put_be16(bd, status & ~BD_READY);
		immr_mem[SMCE1] |= SMCE_RX;
		set_pram16(P_RBPTR, next_bd(ptr, status, pram16(P_RBASE)));
	}
	return true;
}

void cpm_poll_rx(struct cpu *c)
{
	if (rx_eof || !(get_be16(immr_mem + SMCMR1) & SMCMR_REN))
		return;
	for (int n = 0; n < 64 && input_ready(); n++)
		if (!smc1_receive_byte(c))
			break;
	cpmpic_update(c);
}
