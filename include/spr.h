/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mfspr/mtspr and mfmsr from C, for every family.  The SPR number must be a
 * compile-time constant (it is encoded in the instruction).  Both are
 * compiler barriers: an SPR write may change how memory is translated,
 * and an SPR read may report the effect of earlier accesses.
 */
#ifndef PPCMMU_SPR_H
#define PPCMMU_SPR_H

#include <stdint.h>

#define mfspr(rn)	({ uint32_t v_; \
			   __asm__ volatile("mfspr %0, %1" : "=r"(v_) : "i"(rn) : "memory"); \
			   v_; })
#define mtspr(rn, v)	__asm__ volatile("mtspr %0, %1" : : "i"(rn), "r"((uint32_t)(v)) : "memory")

static inline uint32_t mfmsr(void)
{
	uint32_t v;

	__asm__ volatile("mfmsr %0" : "=r"(v));
	return v;
}

#endif
