/* SPDX-License-Identifier: BSD-2-Clause */
/* The console through OPAL (drivers/opal-console.c). */
#ifndef PPCMMU_OPAL_CONSOLE_H
#define PPCMMU_OPAL_CONSOLE_H

#include <stdbool.h>

/* Gather c; false once the terminal has stopped taking output (all later output is dropped). */
bool opal_console_putc(char c);
/* Send what is gathered; false as above. */
bool opal_console_flush(void);
/* A received byte, or -1 if none is waiting (never waits). */
int opal_console_getc(void);

#endif
