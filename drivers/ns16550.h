/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PPCMMU_NS16550_H
#define PPCMMU_NS16550_H

#include <stdint.h>

/* regs: the UART's byte registers (register shift 0), mapped I|G. */
void ns16550_init(volatile uint8_t *regs);
void ns16550_putc(char c);
/* A received byte, or -1 if none is waiting. */
int ns16550_getc(void);
/* Wait (bounded) until the holding and shift registers are empty. */
void ns16550_drain(void);

#endif
