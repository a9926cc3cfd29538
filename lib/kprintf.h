/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PPCMMU_KPRINTF_H
#define PPCMMU_KPRINTF_H

#include <stdarg.h>

int kprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int kvprintf(const char *fmt, va_list ap);
void panic(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#endif
