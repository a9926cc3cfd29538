/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PPCMMU_NS16550_H
#define PPCMMU_NS16550_H

#include <stdbool.h>
#include <stdint.h>

/*
 * regs: the UART's byte registers (register shift 0), mapped I|G.  Returns
 * NULL when the UART answers (its scratch register holds a value and THRE
 * comes up), otherwise what it waited for in vain; the console is then off.
 */
const char *ns16550_init(volatile uint8_t *regs);

/*
 * Sends c; false when the UART never became ready (THRE stayed clear for
 * POLL_LIMIT reads): the character is dropped and so is every later one.
 */
bool ns16550_putc(char c);
/* A received byte, or -1 if none is waiting. */
int ns16550_getc(void);
/* Wait (bounded) until the holding and shift registers are empty. */
void ns16550_drain(void);

#endif
