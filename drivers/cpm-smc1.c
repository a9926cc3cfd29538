/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPM SMC1 UART, polled, 8N1, in the order of U-Boot's smc_init (see
 * docs/hw/mpc8xx.md 11): stop the SMC, SDMA, port B pins, one Rx and one
 * Tx buffer descriptor in dual-port RAM, the parameter block (following
 * RPBASE if a boot loader relocated it), SMC mode, baud-rate generator 1,
 * CPCR INIT RX&TX, enable.  If the SMC is already transmitting (a boot
 * loader set it up), its baud rate is kept.  Every wait on the CP (CPCR[FLG],
 * a buffer descriptor's R bit) is bounded by drivers/poll.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include "drivers/cpm-smc1.h"
#include "drivers/poll.h"

/* IMMR offsets */
#define SDCR		0x030	/* 32: SDMA configuration */
#define SDSR		0x908	/* 8 */
#define SDMR		0x90C	/* 8 */
#define CPCR		0x9C0	/* 16: CP command register */
#define BRGC1		0x9F0	/* 32 */
#define SMCMR1		0xA82	/* 16 */
#define SMCE1		0xA86	/* 8 */
#define SMCM1		0xA8A	/* 8 */
#define PBPAR		0xABC	/* 32 */
#define PBDIR		0xAB8	/* 32 */
#define PBODR		0xAC2	/* 16 */
#define SIMODE		0xAE0	/* 32 */
#define DPRAM		0x2000
#define SMC1_PRAM	0x3E80	/* parameter block (IMMR offset) unless relocated */

/* SMC UART parameter block */
#define P_RBASE		0x00	/* 16 */
#define P_TBASE		0x02	/* 16 */
#define P_RFCR		0x04	/* 8 */
#define P_TFCR		0x05	/* 8 */
#define P_MRBLR		0x06	/* 16 */
#define P_RSTATE	0x08	/* 32 */
#define P_RBPTR		0x10	/* 16 */
#define P_TSTATE	0x18	/* 32 */
#define P_TBPTR		0x20	/* 16 */
#define P_MAX_IDL	0x28	/* 16 */
#define P_BRKLN		0x2C	/* 16 */
#define P_BRKEC		0x2E	/* 16 */
#define P_BRKCR		0x30	/* 16 */
#define P_RPBASE	0x3C	/* 16 */
#define FCR_BIG_ENDIAN	0x10

/* Buffer descriptors and buffers, at U-Boot's DPRAM offset. */
#define BD_RX		0x0800	/* DPRAM offsets */
#define BD_TX		(BD_RX + 8)
#define BUF_RX		(BD_RX + 0x10)
#define BUF_TX		(BD_RX + 0x20)
#define BD_STATUS	0	/* 16 */
#define BD_LEN		2	/* 16 */
#define BD_PTR		4	/* 32, physical */
#define BD_READY	0x8000	/* Tx R / Rx E */
#define BD_WRAP		0x2000

#define SMCMR_REN	0x0001
#define SMCMR_TEN	0x0002
#define SMCMR_UART_8N1	0x4820	/* CLEN 9, UART mode */
#define CPCR_FLG	0x0001
#define CPCR_INIT_SMC1	0x0091	/* INIT RX&TX, channel 9 */
#define PB_SMC1_PINS	0x000000C0
#define SDSR_CLEAR	0x83
#define BRGC_EN		0x00010000
#define BRGC_DIV16	0x00000001
#define BRGC_CD_SHIFT	1

/* The BRG input clock assumed when nothing programmed the SMC before us. */
#define SMC1_BRGCLK_HZ	50000000u
#define SMC1_BAUD	115200u

static volatile uint8_t *immr;
static uint32_t pram;		/* IMMR offset of the parameter block */
static bool stuck;		/* the CP stopped answering: the console is off */

static inline void eieio(void)
{
#ifdef __powerpc__
	__asm__ volatile("eieio" : : : "memory");
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* host tests of this driver */
#endif
}

static void w8(uint32_t off, uint8_t v) { immr[off] = v; }
static void w16(uint32_t off, uint16_t v) { *(volatile uint16_t *)(immr + off) = v; }
static void w32(uint32_t off, uint32_t v) { *(volatile uint32_t *)(immr + off) = v; }
static uint16_t r16(uint32_t off) { return *(volatile uint16_t *)(immr + off); }
static uint32_t r32(uint32_t off) { return *(volatile uint32_t *)(immr + off); }

/* Wait until (16-bit register at off & mask) == 0; false after POLL_LIMIT reads. */
static bool wait_clear16(uint32_t off, uint16_t mask)
{
	for (unsigned int i = 0; i < POLL_LIMIT; i++)
		if (!(r16(off) & mask))
			return true;
	return false;
}

static bool cpcr_command(uint16_t cmd)
{
	if (!wait_clear16(CPCR, CPCR_FLG))
		return false;
	w16(CPCR, cmd);
	eieio();
	return wait_clear16(CPCR, CPCR_FLG);
}

static uint32_t brgc_value(void)
{
	uint32_t div = (SMC1_BRGCLK_HZ + 8 * SMC1_BAUD) / (16 * SMC1_BAUD);

	if (div > 4096)
		return BRGC_EN | BRGC_DIV16 | ((div / 16 - 1) << BRGC_CD_SHIFT);
	return BRGC_EN | ((div - 1) << BRGC_CD_SHIFT);
}

const char *smc1_init(volatile uint8_t *window, uint32_t immr_pa)
{
	bool configured;
	uint16_t rpbase;

	immr = window;
	stuck = true;
	configured = r16(SMCMR1) & SMCMR_TEN;
	w16(SMCMR1, r16(SMCMR1) & ~(SMCMR_REN | SMCMR_TEN));
	w32(SDCR, 1);
	w8(SDSR, SDSR_CLEAR);
	w8(SDMR, 0);
	w32(PBPAR, r32(PBPAR) | PB_SMC1_PINS);
	w32(PBDIR, r32(PBDIR) & ~PB_SMC1_PINS);
	w16(PBODR, r16(PBODR) & ~PB_SMC1_PINS);

	w16(DPRAM + BD_RX + BD_STATUS, 0);
	w16(DPRAM + BD_RX + BD_LEN, 0);
	w32(DPRAM + BD_RX + BD_PTR, immr_pa + DPRAM + BUF_RX);
	w16(DPRAM + BD_TX + BD_STATUS, 0);
	w16(DPRAM + BD_TX + BD_LEN, 0);
	w32(DPRAM + BD_TX + BD_PTR, immr_pa + DPRAM + BUF_TX);

	rpbase = r16(SMC1_PRAM + P_RPBASE);
	pram = rpbase ? DPRAM + rpbase : SMC1_PRAM;
	w16(pram + P_RBASE, BD_RX);
	w16(pram + P_TBASE, BD_TX);
	w8(pram + P_RFCR, FCR_BIG_ENDIAN);
	w8(pram + P_TFCR, FCR_BIG_ENDIAN);
	if (rpbase) {		/* INIT cannot be used on a relocated SMC */
		w16(pram + P_RBPTR, BD_RX);
		w16(pram + P_TBPTR, BD_TX);
		w32(pram + P_RSTATE, 0);
		w32(pram + P_TSTATE, 0);
	}

	w16(SMCMR1, SMCMR_UART_8N1);
	w8(SMCM1, 0);
	w8(SMCE1, 0xff);
	if (!configured) {
		w32(SIMODE, r32(SIMODE) & ~0xffffu);	/* SMC1 from BRG1, NMSI */
		w32(BRGC1, brgc_value());
	}

	w16(DPRAM + BD_TX + BD_STATUS, BD_WRAP);
	w16(DPRAM + BD_RX + BD_STATUS, BD_READY | BD_WRAP);
	w16(pram + P_MRBLR, 1);
	w16(pram + P_MAX_IDL, 0);
	w16(pram + P_BRKLN, 0);
	w16(pram + P_BRKEC, 0);
	w16(pram + P_BRKCR, 1);
	eieio();
	if (!rpbase && !cpcr_command(CPCR_INIT_SMC1))
		return "CPCR[FLG] of INIT RX&TX (SMC1) stayed set for " POLL_LIMIT_TEXT " reads";
	w16(SMCMR1, SMCMR_UART_8N1 | SMCMR_REN | SMCMR_TEN);
	eieio();
	stuck = false;
	return NULL;
}

bool smc1_putc(char c)
{
	uint32_t bd = DPRAM + BD_TX;

	if (!immr || stuck || !wait_clear16(bd + BD_STATUS, BD_READY))
		goto lost;
	w8(DPRAM + BUF_TX, (uint8_t)c);
	w16(bd + BD_LEN, 1);
	eieio();
	w16(bd + BD_STATUS, BD_READY | BD_WRAP);
	eieio();
	if (wait_clear16(bd + BD_STATUS, BD_READY))
		return true;
lost:
	stuck = true;
	return false;
}

/* The Rx BD closes after each byte (MRBLR = 1): take it and give the BD back (E). */
int smc1_getc(void)
{
	uint32_t bd = DPRAM + BD_RX;
	uint8_t c;

	if (!immr || (r16(bd + BD_STATUS) & BD_READY))
		return -1;
	c = immr[DPRAM + BUF_RX];
	eieio();
	w16(bd + BD_STATUS, BD_READY | BD_WRAP);
	eieio();
	return c;
}

void smc1_drain(void)
{
	if (immr)
		wait_clear16(DPRAM + BD_TX + BD_STATUS, BD_READY);
}
