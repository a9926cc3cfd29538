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

static volatile uint8_t *uart;

void ns16550_init(volatile uint8_t *regs)
{
	uart = regs;
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
