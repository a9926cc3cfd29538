/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64: what a secondary core started through OPAL_START_CPU into
 * b3_second_entry (boot/book3s64-start.S) takes from the boot core, in the
 * start block b3_box (one core starts at a time): its state (struct
 * b3_core, into SPRG1, where the fault paths read it), its stack, SDR1 and
 * the linear map's SLB entry 0.  With these it turns translation on and
 * runs b3_secondary_main() (boot/book3s64-setup.c): calls and work for good
 * (smp/e500-64-smp.h).
 * Shared by the entry's assembly and C.
 */
#ifndef PPCMMU_BOOK3S64_SECOND_H
#define PPCMMU_BOOK3S64_SECOND_H

#define B3_BOX_CORE		0	/* its struct b3_core (linear-map address) */
#define B3_BOX_STACK		8	/* its stack's top, less a frame header */
#define B3_BOX_SDR1		16
#define B3_BOX_SLB0_VSID	24	/* slbmte RS, RB of SLB entry 0 (the linear map) */
#define B3_BOX_SLB0_ESID	32
#define B3_BOX_BYTES		40

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct b3_box {
	uint64_t core, stack, sdr1, slb0_vsid, slb0_esid;
};

_Static_assert(offsetof(struct b3_box, stack) == B3_BOX_STACK && offsetof(struct b3_box, sdr1) == B3_BOX_SDR1 &&
	       offsetof(struct b3_box, slb0_vsid) == B3_BOX_SLB0_VSID &&
	       offsetof(struct b3_box, slb0_esid) == B3_BOX_SLB0_ESID && sizeof(struct b3_box) == B3_BOX_BYTES,
	       "book3s64 secondary start block");

extern volatile struct b3_box b3_box;
/* The entry, for OPAL_START_CPU. */
extern const char b3_second_entry[];
/* A secondary in C, translated, on its own stack and state: r3 its PIR. */
void b3_secondary_main(uint64_t pir) __attribute__((noreturn));
#endif

#endif
