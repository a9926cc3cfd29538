/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MSR bits both families have at the same place (the 32-bit PowerPC MSR); each
 * family's reg.h adds its own (e500: SPE, WE, CE, DE, IS, DS; MPC8xx: IP, IR, DR, RI).
 */
#ifndef PPCMMU_MSR_H
#define PPCMMU_MSR_H

#define MSR_EE		0x00008000	/* external interrupts (and the decrementer) enabled */
#define MSR_PR		0x00004000	/* problem state: user mode */
#define MSR_ME		0x00001000	/* machine checks enabled */

#endif
