/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef PPCMMU_NS16550_H
#define PPCMMU_NS16550_H

#include <stdint.h>

/* regs: the UART's byte registers (register shift 0), mapped I|G. */
void ns16550_init(volatile uint8_t *regs);
void ns16550_putc(char c);

#endif
