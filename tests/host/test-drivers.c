/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console drivers against register blocks that never answer (plain
 * memory where a device should be): every wait gives up after POLL_LIMIT
 * reads and says what it waited for, instead of hanging; and against blocks
 * that behave like the device, they work.  Run under a timeout: a hang is
 * a failure.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <string.h>
#include <time.h>
#include "report.h"
#include "../../drivers/ns16550.h"
#include "../../drivers/cpm-smc1.h"

#define LSR		5
#define LSR_THRE	0x20
#define CPCR		0x9C0
#define BD_TX_STATUS	(0x2000 + 0x0808)

static uint8_t immr[0x10000];

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void test_ns16550(void)
{
	static uint8_t regs[8];
	const char *why;
	double t0 = now();

	memset(regs, 0, sizeof(regs));		/* LSR reads 0: THRE never comes */
	why = ns16550_init(regs);
	report(why && strstr(why, "THRE"), "ns16550: THRE never set: init says so (%s)", why ? why : "NULL");
	report(!ns16550_putc('x') && is_eq(regs[0], 0), "ns16550: putc on a stuck UART drops the character");
	report(now() - t0 < 5, "ns16550: gave up within 5 s (%.3f s)", now() - t0);
	regs[LSR] = LSR_THRE;
	report_eq((uintptr_t)(ns16550_init(regs)), 0, "ns16550: a UART whose THRE is set answers");
	report(ns16550_putc('y') && is_eq(regs[0], 'y'), "ns16550: and takes a character");
}

static void test_smc1(void)
{
	const char *why;
	double t0 = now();

	/* the driver reads 16-bit registers in the host's byte order here */
	memset(immr, 0, sizeof(immr));		/* FLG stays as written: the CP never answers */
	why = smc1_init(immr, 0xff000000u);
	report(why && strstr(why, "CPCR[FLG]"), "smc1: CPCR FLG stuck: init says so (%s)",
	       why ? why : "NULL");
	report(!smc1_putc('x'), "smc1: putc after a failed init drops the character");
	report(now() - t0 < 5, "smc1: gave up within 5 s (%.3f s)", now() - t0);
	/*
	 * FLG clear: init completes (plain memory keeps FLG as written, so the
	 * command's own FLG stays set: INIT must be skipped, as with RPBASE set).
	 */
	memset(immr, 0, sizeof(immr));
	*(uint16_t *)(immr + 0x3E80 + 0x3C) = 0x0400;	/* RPBASE: no INIT command */
	report_eq((uintptr_t)(smc1_init(immr, 0xff000000u)), 0,
	       "smc1: relocated parameter RAM: init completes");
	t0 = now();
	report(!smc1_putc('x'), "smc1: a Tx descriptor the CP never releases: putc gives up");
	report(now() - t0 < 5 && is_set(*(uint16_t *)(immr + BD_TX_STATUS), 0x8000),
	       "smc1: within 5 s, descriptor still ready (%.3f s)", now() - t0);
}

int main(void)
{
	report_prefix_push("drivers");
	test_ns16550();
	test_smc1();
	report_prefix_pop();
	return report_summary();
}
