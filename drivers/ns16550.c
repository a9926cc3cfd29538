/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Polled NS16550 console.  The line settings (baud divisor) are left as the
 * firmware set them: U-Boot has programmed them on a real board, and QEMU
 * ignores them.  We only make sure of 8N1 and the FIFOs.  Every wait is
 * bounded (drivers/poll.h): a register block that is not a 16550 (a wrong
 * address in the device tree) makes the UART "stuck", never a hang.
 */
#include <stddef.h>
#include "drivers/ns16550.h"
#include "drivers/poll.h"

#define UART_THR	0
#define UART_FCR	2
#define UART_LCR	3
#define UART_LSR	5
#define UART_SCR	7
#define LCR_8N1		0x03
#define FCR_ENABLE	0x07	/* enable and clear both FIFOs */
#define LSR_THRE	0x20
#define LSR_DR		0x01	/* a received byte is waiting */
#define LSR_TEMT	0x40	/* transmitter empty: holding and shift register */
#define UART_RBR	0
#define SCR_PATTERN_A	0xa5
#define SCR_PATTERN_B	0x5a

static volatile uint8_t *uart;
static bool stuck;
static int pending = -1;	/* a byte received before the FIFOs were reset */

static bool wait_thre(void)
{
	for (unsigned int i = 0; i < POLL_LIMIT; i++)
		if (uart[UART_LSR] & LSR_THRE)
			return true;
	return false;
}

const char *ns16550_init(volatile uint8_t *regs)
{
	uart = regs;
	if (pending < 0 && (uart[UART_LSR] & LSR_DR))
		pending = uart[UART_RBR];
	stuck = true;
	uart[UART_SCR] = SCR_PATTERN_A;
	if (uart[UART_SCR] != SCR_PATTERN_A)
		return "its scratch register did not keep 0xa5";
	uart[UART_SCR] = SCR_PATTERN_B;
	if (uart[UART_SCR] != SCR_PATTERN_B)
		return "its scratch register did not keep 0x5a";
	uart[UART_LCR] = LCR_8N1;
	uart[UART_FCR] = FCR_ENABLE;
	if (!wait_thre())
		return "LSR[THRE] stayed clear for " POLL_LIMIT_TEXT " reads";
	stuck = false;
	return NULL;
}

bool ns16550_putc(char c)
{
	if (!uart || stuck)
		return false;
	if (!wait_thre()) {
		stuck = true;
		return false;
	}
	uart[UART_THR] = (uint8_t)c;
	return true;
}

int ns16550_getc(void)
{
	int c = pending;

	if (c >= 0) {
		pending = -1;
		return c;
	}
	if (!uart || !(uart[UART_LSR] & LSR_DR))
		return -1;
	return uart[UART_RBR];
}

void ns16550_drain(void)
{
	unsigned int n;

	for (n = 0; uart && n < POLL_LIMIT; n++)
		if ((uart[UART_LSR] & (LSR_THRE | LSR_TEMT)) == (LSR_THRE | LSR_TEMT))
			return;
}
