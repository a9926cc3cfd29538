/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Big-endian 32-bit and 64-bit loads and stores of page-table memory.  The
 * tables are read by the big-endian TLB-miss handlers; host tests build the
 * same bytes on a little-endian machine.  The accesses are volatile so the
 * compiler keeps them whole and in program order (a handler may run between
 * any two).
 */
#ifndef PPCMMU_BYTEORDER_H
#define PPCMMU_BYTEORDER_H

#include <stdint.h>

static inline uint32_t cpu_to_be32(uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return v;
#else
	return __builtin_bswap32(v);
#endif
}

static inline uint64_t cpu_to_be64(uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return v;
#else
	return __builtin_bswap64(v);
#endif
}

static inline uint32_t be32_load(const void *p)
{
	return cpu_to_be32(*(const volatile uint32_t *)p);
}

static inline void be32_store(void *p, uint32_t v)
{
	*(volatile uint32_t *)p = cpu_to_be32(v);
}

/* The whole doubleword in one access (a 64-bit core's ld/std: never torn). */
static inline uint64_t be64_load(const void *p)
{
	return cpu_to_be64(*(const volatile uint64_t *)p);
}

static inline void be64_store(void *p, uint64_t v)
{
	*(volatile uint64_t *)p = cpu_to_be64(v);
}

#endif
