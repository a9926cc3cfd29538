/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64: the mailbox between the kernel and a second core started
 * through OPAL_START_CPU into b3_second_entry (boot/book3s64-start.S).  The
 * second core runs that stub alone, in real mode: it reports itself
 * (ALIVE, its PIR and MSR from r3 and mfmsr), then serves commands: SETUP
 * takes the kernel's SDR1 and SLB entries 0 and 1 as the kernel gives them;
 * OWN makes the core's state (struct b3_core at core) its own, in SPRG1 as
 * the fault paths want it, takes SDR1 and SLB entry 0 (the linear map)
 * alone, so that it makes its own segments and HPTEs through the fault
 * paths; LOAD makes one load from va with data translation on and gives
 * the value back; each clears the command when done.
 * Shared by the stub's assembly and C.
 */
#ifndef PPCMMU_BOOK3S64_SECOND_H
#define PPCMMU_BOOK3S64_SECOND_H

#define B3_BOX_STATE		0	/* 0, then B3_BOX_ALIVE */
#define B3_BOX_PIR		8
#define B3_BOX_MSR		16
#define B3_BOX_CMD		24	/* B3_BOX_SETUP or B3_BOX_LOAD, cleared when done */
#define B3_BOX_SDR1		32
#define B3_BOX_SLB0_VSID	40	/* slbmte RS, RB of SLB entry 0 (the linear map) */
#define B3_BOX_SLB0_ESID	48
#define B3_BOX_SLB1_VSID	56	/* ... and of entry 1 (the segment of va) */
#define B3_BOX_SLB1_ESID	64
#define B3_BOX_VA		72
#define B3_BOX_VALUE		80	/* the word loaded */
#define B3_BOX_CORE		88	/* OWN: the core's struct b3_core (linear-map address) */
#define B3_BOX_SPRG1		96	/* ... read back from SPRG1 */
#define B3_BOX_BYTES		104
#define B3_BOX_ALIVE		0x411e
#define B3_BOX_SETUP		1	/* SDR1 and SLB entries 0 and 1 (slbia flushes QEMU's TLB) */
#define B3_BOX_LOAD		2	/* one load, nothing else: the TLB keeps what it holds */
#define B3_BOX_OWN		3	/* its own state (SPRG1), SDR1, SLB entry 0 alone (slbia) */

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct b3_box {
	uint64_t state, pir, msr, cmd, sdr1;
	uint64_t slb0_vsid, slb0_esid, slb1_vsid, slb1_esid;
	uint64_t va, value;
	uint64_t core, sprg1;
};

_Static_assert(offsetof(struct b3_box, cmd) == B3_BOX_CMD && offsetof(struct b3_box, sdr1) == B3_BOX_SDR1 &&
	       offsetof(struct b3_box, slb1_esid) == B3_BOX_SLB1_ESID && offsetof(struct b3_box, value) ==
	       B3_BOX_VALUE && offsetof(struct b3_box, core) == B3_BOX_CORE &&
	       offsetof(struct b3_box, sprg1) == B3_BOX_SPRG1 && sizeof(struct b3_box) == B3_BOX_BYTES, "book3s64 second-core mailbox");

extern volatile struct b3_box b3_box;
/* The stub's start, for OPAL_START_CPU. */
extern const char b3_second_entry[];
/* Start the core with PIR pir in the stub (boot/book3s64-setup.c); OPAL's status (0: started). */
int64_t b3_start_core(uint64_t pir);
#endif

#endif
