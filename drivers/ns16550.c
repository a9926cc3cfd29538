/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Polled NS16550 console.  The line settings (baud divisor) are left as the
 * firmware set them: U-Boot has programmed them on a real board, and QEMU
 * ignores them.  We only make sure of 8N1 and the FIFOs.
 */
#include <stddef.h>
#include "drivers/ns16550.h"

#define UART_THR	0
#define UART_FCR	2
#define UART_LCR	3
#define UART_LSR	5
#define LCR_8N1		0x03
#define FCR_ENABLE	0x07	/* enable and clear both FIFOs */
#define LSR_THRE	0x20
#define LSR_DR		0x01	/* a received byte is waiting */
#define LSR_TEMT	0x40	/* transmitter empty: holding and shift register */
#define UART_RBR	0
#define DRAIN_POLLS	1000000	/* far more than a 16-byte FIFO takes at 9600 baud */

static volatile uint8_t *uart;
static int pending = -1;	/* a byte received before the FIFOs were reset */

void ns16550_init(volatile uint8_t *regs)
{
	uart = regs;
	if (pending < 0 && (uart[UART_LSR] & LSR_DR))
		pending = uart[UART_RBR];
	uart[UART_LCR] = LCR_8N1;
	uart[UART_FCR] = FCR_ENABLE;
}

void ns16550_putc(char c)
{
	if (!uart)
		return;
	while (!(uart[UART_LSR] & LSR_THRE))
		;
	uart[UART_THR] = (uint8_t)c;
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

	for (n = 0; uart && n < DRAIN_POLLS; n++)
		if ((uart[UART_LSR] & (LSR_THRE | LSR_TEMT)) == (LSR_THRE | LSR_TEMT))
			return;
}
