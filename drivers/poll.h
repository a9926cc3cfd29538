/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bound of every device poll loop in the drivers.  A UART that has
 * accepted a character empties its transmit FIFO (16 bytes) in under 20 ms
 * even at 9600 baud; each poll is an uncached device read of at least 20 ns,
 * so POLL_LIMIT reads last at least 20 ms on any core and a few ms at most
 * in an emulator.  A device that has not answered by then is not going to.
 */
#ifndef PPCMMU_DRIVERS_POLL_H
#define PPCMMU_DRIVERS_POLL_H

#define POLL_LIMIT	1000000
#define POLL_LIMIT_TEXT	"1000000"

#endif
