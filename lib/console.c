/* SPDX-License-Identifier: BSD-2-Clause */
/* kprintf on top of newlib's vsnprintf and the family's console_putc. */
#include <stdarg.h>
#include <stdio.h>
#include "include/arch.h"
#include "lib/kprintf.h"

void console_write(const char *s, size_t n)
{
	while (n--) {
		if (*s == '\n')
			console_putc('\r');
		console_putc(*s++);
	}
}

int kvprintf(const char *fmt, va_list ap)
{
	char buf[256];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	if (n < 0)
		return n;
	console_write(buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
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
	kprintf("\nSUMMARY: 0 passed, 1 failed, 0 skipped\n");
	arch_exit(1);
}
