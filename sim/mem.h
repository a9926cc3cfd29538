/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fast paths for data accesses: a direct-mapped cache of EA pages that
 * translate to RAM with the needed permission. Anything else (a miss in
 * this cache, a misaligned access, IMMR, exceptions) takes the slow path
 * in mem.c. Return value: 0 on success, non-zero when an exception was
 * raised (the instruction must then leave the registers untouched).
 */
#ifndef SIM_MEM_H
#define SIM_MEM_H

#include "sim.h"

static inline uint8_t *soft_lookup(struct soft_tlb *t, uint32_t ea, int size)
{
	struct soft_tlb *e = &t[(ea >> 12) & (SOFT_TLB_SIZE - 1)];

	/* one compare for the page and the alignment (never crosses a page) */
	if (likely(e->tag == (ea & (0xFFFFF000u | (uint32_t)(size - 1)))))
		return (uint8_t *)(e->bias + ea);
	return NULL;
}

/*
 * An access of size bytes through the soft TLB (host memory straight), else
 * the slow path; size is a constant at every call, so each wrapper below
 * compiles to its own straight-line fast path.
 */
static inline int load_sized(struct cpu *c, uint32_t ea, int size, uint32_t *v)
{
	uint8_t *p = soft_lookup(c->rd, ea, size);

	if (likely(p)) {
		*v = size == 4 ? get_be32(p) : size == 2 ? get_be16(p) : *p;
		return 0;
	}
	return mem_load_slow(c, ea, size, v);
}

static inline int load32(struct cpu *c, uint32_t ea, uint32_t *v)
{
	return load_sized(c, ea, 4, v);
}

static inline int load16(struct cpu *c, uint32_t ea, uint32_t *v)
{
	return load_sized(c, ea, 2, v);
}

static inline int load8(struct cpu *c, uint32_t ea, uint32_t *v)
{
	return load_sized(c, ea, 1, v);
}

static inline void note_code_store(uint8_t *p, int size)
{
	uint32_t pa = (uint32_t)(p - ram);

	if (unlikely(code_map[pa >> 12]))
		code_page_store(pa, size);
}

static inline int store_sized(struct cpu *c, uint32_t ea, int size, uint32_t v)
{
	uint8_t *p = soft_lookup(c->wr, ea, size);

	if (likely(p)) {
		if (size == 4)
			put_be32(p, v);
		else if (size == 2)
			put_be16(p, (uint16_t)v);
		else
			*p = (uint8_t)v;
		note_code_store(p, size);
		return 0;
	}
	return mem_store_slow(c, ea, size, v);
}

static inline int store32(struct cpu *c, uint32_t ea, uint32_t v)
{
	return store_sized(c, ea, 4, v);
}

static inline int store16(struct cpu *c, uint32_t ea, uint32_t v)
{
	return store_sized(c, ea, 2, v);
}

static inline int store8(struct cpu *c, uint32_t ea, uint32_t v)
{
	return store_sized(c, ea, 1, v);
}

#endif
