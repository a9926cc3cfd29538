/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The pseudo-random numbers of the test and fuzz programs (host, simulator
 * and target alike): xorshift64 with shifts 13, 7, 17, bits 16..47 of the
 * state returned.  One generator, so that a seed printed by one program
 * means the same sequence wherever it is read.  The state must not be 0.
 */
#ifndef PPCMMU_XORSHIFT_H
#define PPCMMU_XORSHIFT_H

#include <stdint.h>

static inline uint32_t xorshift_next(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return (uint32_t)(*state >> 16);
}

#endif
