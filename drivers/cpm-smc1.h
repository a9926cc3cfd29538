/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Polled console on the MPC8xx CPM SMC1 UART (docs/hw/mpc8xx.md section 11):
 * one receive and one transmit buffer descriptor in dual-port RAM.
 */
#ifndef PPCMMU_CPM_SMC1_H
#define PPCMMU_CPM_SMC1_H

#include <stdbool.h>
#include <stdint.h>

/*
 * immr: the IMMR window as the kernel addresses it; immr_pa: its physical
 * address (buffer descriptors hold physical pointers).  Returns NULL, or
 * what it waited for in vain (the CP never took the INIT command): the
 * console is then off.
 */
const char *smc1_init(volatile uint8_t *immr, uint32_t immr_pa);

/*
 * Sends c; false when the CP did not release the transmit buffer descriptor
 * within POLL_LIMIT reads (before or after it): c and every later character
 * are dropped.
 */
bool smc1_putc(char c);
/* A received byte, or -1 if none is waiting. */
int smc1_getc(void);
/* Wait (bounded) until the Tx buffer descriptor is done. */
void smc1_drain(void);

#endif
