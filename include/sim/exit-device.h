/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulated board's exit device: a 32-bit store anywhere in its 4 KB ends the run
 * with the stored value as the exit status.  Its address lives here only: the simulator,
 * the kernel's image for the simulated board, Linux's init program and the simulator's
 * test programs (the assembler gets it through --defsym, see sim/tests/Makefile) read it.
 * Plain numbers, so that C and preprocessed assembly can both use them.
 */
#ifndef SIM_EXIT_DEVICE_H
#define SIM_EXIT_DEVICE_H

#define SIM_EXIT_PA	0xF0000000
#define SIM_EXIT_SIZE	0x1000

#endif
