/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Calling OPAL, skiboot's runtime services (boot/book3s64-start.S): token
 * and up to four arguments; pointers must be physical addresses.  Returns
 * OPAL's status (OPAL_SUCCESS, OPAL_BUSY, ...: book3s64/hash.h).
 */
#ifndef PPCMMU_BOOK3S64_OPAL_H
#define PPCMMU_BOOK3S64_OPAL_H

#include <stdint.h>

int64_t b3_opal_call(uint64_t token, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3);
/*
 * OPAL polled at least every 10 s (the boot core; boot/book3s64-setup.c):
 * skiboot feeds the BMC's watchdog from its pollers, and a minute without
 * an OPAL call resets the machine.
 */
void b3_opal_keepalive(void);

#endif
