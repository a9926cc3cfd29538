/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The console through OPAL's console calls (terminal 0, the device tree's
 * /ibm,opal/consoles/serial@0).  skiboot owns the LPC bus and drives the
 * UART on it itself; the kernel could reach that UART only through XSCOM
 * bus transactions racing skiboot's own driver, so it asks OPAL.
 *
 * Output is gathered into lines (one OPAL call costs tens of microseconds
 * whatever its length): a line goes out at its newline, when the buffer
 * fills, before the kernel waits for input and before power-off.  Every
 * wait is bounded: a terminal that takes nothing for POLL_LIMIT calls is
 * given up and the rest of the output dropped (the caller ends the run).
 */
#include <stdbool.h>
#include <stddef.h>
#include "include/arch.h"
#include "include/book3s64/hash.h"
#include "include/book3s64/opal.h"
#include "drivers/opal-console.h"
#include "drivers/poll.h"

#define OPAL_TERMINAL	0
#define LINE_MAX	256

static char line[LINE_MAX];
static size_t line_len;
static bool dead;

static uint64_t phys(const void *p)
{
	return (uint64_t)(uintptr_t)p & B3_REAL_ADDR_MASK;
}

/* Everything gathered so far to OPAL; false if the terminal never took it. */
bool opal_console_flush(void)
{
	static uint64_t len;	/* OPAL reads and updates it: big-endian, physical */
	size_t done = 0;
	unsigned long tries = 0;

	while (!dead && done < line_len) {
		int64_t rc;

		len = line_len - done;
		rc = b3_opal_call(OPAL_CONSOLE_WRITE, OPAL_TERMINAL, phys(&len), phys(line + done), 0);
		if (rc == OPAL_SUCCESS && len > 0) {
			done += len;
			tries = 0;
			continue;
		}
		if (rc != OPAL_SUCCESS && rc != OPAL_BUSY && rc != OPAL_BUSY_EVENT)
			dead = true;
		else if (++tries >= POLL_LIMIT)
			dead = true;
		else
			b3_opal_call(OPAL_POLL_EVENTS, 0, 0, 0, 0);
	}
	line_len = 0;
	return !dead;
}

bool opal_console_putc(char c)
{
	b3_opal_keepalive();
	line[line_len++] = c;
	if (c == '\n' || line_len == LINE_MAX)
		return opal_console_flush();
	return !dead;
}

/* One waiting byte, or -1; OPAL's poll moves the UART's input into its buffer first. */
int opal_console_getc(void)
{
	static uint64_t len;
	static unsigned char c;

	opal_console_flush();
	b3_opal_call(OPAL_POLL_EVENTS, 0, 0, 0, 0);
	len = 1;
	if (b3_opal_call(OPAL_CONSOLE_READ, OPAL_TERMINAL, phys(&len), phys(&c), 0) != OPAL_SUCCESS ||
	    len != 1)
		return -1;
	return c;
}
