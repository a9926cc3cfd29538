/* SPDX-License-Identifier: BSD-2-Clause */
/* kprintf on top of newlib's vsnprintf and the family's console_putc. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include "include/arch.h"
#include "lib/kprintf.h"

#define KPRINTF_SHORT	256	/* on the stack: most lines */
#define KPRINTF_LONG	4096	/* a register dump, a long panic: static, one at a time */

void console_write(const char *s, size_t n)
{
	while (n--) {
		if (*s == '\n')
			console_putc('\r');
		console_putc(*s++);
	}
}

/*
 * A line longer than KPRINTF_LONG (or one printed while a long one is being
 * printed, from a fault say) is cut, and says so: nothing is lost silently.
 */
int kvprintf(const char *fmt, va_list ap)
{
	static char big[KPRINTF_LONG];
	static bool big_busy;
	char buf[KPRINTF_SHORT];
	const char *text = buf;
	size_t room = sizeof(buf);
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	if (n >= (int)sizeof(buf) && !big_busy) {
		big_busy = true;
		vsnprintf(big, sizeof(big), fmt, again);
		text = big;
		room = sizeof(big);
	}
	va_end(again);
	if (n < 0)
		return n;
	console_write(text, (size_t)n < room ? (size_t)n : room - 1);
	if (text == big)
		big_busy = false;
	if ((size_t)n >= room)
		kprintf("\n[kprintf: %lu of %d characters not printed]\n",
			(unsigned long)((size_t)n - (room - 1)), n);
	return n;
}

int kprintf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kvprintf(fmt, ap);
	va_end(ap);
	return n;
}

void __attribute__((noreturn)) panic(const char *fmt, ...)
{
	va_list ap;

	kprintf("\nPANIC: ");
	va_start(ap, fmt);
	kvprintf(fmt, ap);
	va_end(ap);
	kprintf("\nSUMMARY: 0 passed, 1 failed, 0 skipped, 0 xfail\n");
	arch_exit(1);
}
