/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Releasing a core through its ePAPR spin table entry (smp/e500-smp.c),
 * kept apart so that a host test (tests/host/test-spin-table.c) can check
 * the order of its stores.
 *
 * The entry, 32-bit words from the release address: the entry address
 * (high, low), r3 (high, low), then words the kernel does not write.  The
 * spinning core reads the entry address and starts at it the moment its
 * low word is no longer 1 (ePAPR: "keep spinning"), reading r3 as it goes.
 * So every other word is written, and ordered (msync), before the low word
 * of the address, which is the last store; another msync sends it out.
 *
 * SPIN_STORE and SPIN_BARRIER are the stores and the barrier; a host test
 * defines them to record the sequence.
 */
#ifndef PPCMMU_E500_SPIN_TABLE_H
#define PPCMMU_E500_SPIN_TABLE_H

#include <stdint.h>

#define SPIN_ADDR_HI	0
#define SPIN_ADDR_LO	1
#define SPIN_R3_HI	2
#define SPIN_R3_LO	3

#ifndef SPIN_STORE
#define SPIN_STORE(e, word, v)	((e)[word] = (v))
#endif
#ifndef SPIN_BARRIER
#define SPIN_BARRIER()		__asm__ volatile("msync" : : : "memory")
#endif

/* Release the core spinning on entry e: r3, then the entry address, its low word last. */
static inline void spin_table_release(volatile uint32_t *e, uint32_t r3, uint64_t entry_pa)
{
	SPIN_STORE(e, SPIN_R3_HI, 0);
	SPIN_STORE(e, SPIN_R3_LO, r3);
	SPIN_BARRIER();
	SPIN_STORE(e, SPIN_ADDR_HI, (uint32_t)(entry_pa >> 32));
	SPIN_BARRIER();
	SPIN_STORE(e, SPIN_ADDR_LO, (uint32_t)entry_pa);
	SPIN_BARRIER();
}

#endif
