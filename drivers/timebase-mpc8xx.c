/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx timebase: mftb/mftbu work on the 8xx (unlike e500v2).  The boot
 * code enables it (TBSCR[TBE]); on the simulator it advances one tick per
 * instruction, on an MPC885ADS at core clock / 16.
 */
#include "include/arch.h"

uint64_t timebase_read(void)
{
	uint32_t hi, lo, hi2;

	do {
		__asm__ volatile("mftbu %0" : "=r"(hi));
		__asm__ volatile("mftb %0" : "=r"(lo));
		__asm__ volatile("mftbu %0" : "=r"(hi2));
	} while (hi != hi2);
	return (uint64_t)hi << 32 | lo;
}
