/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Slow paths of data accesses: translation through the MMU, page-crossing
 * accesses, devices, machine checks, and the fast translation cache
 * (soft TLB) that the inline accessors in mem.h use.
 */
#include <string.h>

#include "mem.h"

static void soft_clear(struct soft_tlb *t)
{
	for (int i = 0; i < SOFT_TLB_SIZE; i++)
		t[i].tag = SOFT_TLB_EMPTY;
}

void soft_tlb_flush(struct cpu *c)
{
	for (int m = MODE_SUP; m < NUM_MODES; m++) {
		soft_clear(c->soft_rd[m]);
		soft_clear(c->soft_wr[m]);
	}
}

void soft_tlb_flush_all(struct cpu *c)
{
	soft_tlb_flush(c);
	soft_clear(c->soft_rd[MODE_REAL]);
	soft_clear(c->soft_wr[MODE_REAL]);
}

/* soft_tlb_flush_range (sim.h) beyond one page */
void soft_tlb_flush_pages(struct cpu *c, uint32_t ea, uint32_t size)
{
	uint32_t pages = size >> 12;

	if (pages >= SOFT_TLB_SIZE || pages == 0) {
		soft_tlb_flush(c);
		return;
	}
	for (uint32_t i = 0; i < pages; i++) {
		uint32_t page = (ea & 0xFFFFF000u) + (i << 12);
		int idx = (page >> 12) & (SOFT_TLB_SIZE - 1);

		for (int m = MODE_SUP; m < NUM_MODES; m++) {
			if (c->soft_rd[m][idx].tag == page)
				c->soft_rd[m][idx].tag = SOFT_TLB_EMPTY;
			if (c->soft_wr[m][idx].tag == page)
				c->soft_wr[m][idx].tag = SOFT_TLB_EMPTY;
		}
	}
}

/* Translate one access that does not cross a page. */
static int translate(struct cpu *c, uint32_t ea, enum access_kind kind,
		     uint32_t *pa, bool *cache)
{
	uint64_t warned = c->stats.warnings;
	bool fast;

	if (mmu_translate_data(c, ea, kind, pa, &fast))
		return -1;
	*cache = fast && warned == c->stats.warnings &&
		 page_cacheable(c, *pa);
	return 0;
}

/*
 * An access's pages: *pa0 for its first byte and, when it crosses into the
 * next page, *pa1 for that page's start (returns 1; 0 when it does not
 * cross).  -1: a gdb watchpoint or a translation fault; a fault on the
 * second page reports the access's own EA in DAR (docs/hw/mpc8xx.md 10.4).
 */
static inline __attribute__((always_inline)) int
translate_access(struct cpu *c, uint32_t ea, int size, enum access_kind kind,
		 uint32_t *pa0, uint32_t *pa1, bool *cache)
{
	bool dummy;

	if (unlikely(c->watch_active) &&
	    gdb_watch_check(c, ea, size, kind == ACC_STORE))
		return -1;
	if (translate(c, ea, kind, pa0, cache))
		return -1;
	if ((ea & 0xFFF) + size <= 0x1000)
		return 0;
	if (translate(c, (ea + size - 1) & 0xFFFFF000u, kind, pa1, &dummy)) {
		c->dar = ea;
		return -1;
	}
	return 1;
}

/* Physical address of byte i of an access at ea (pages pa0, pa1). */
static uint32_t byte_pa(uint32_t ea, int i, uint32_t pa0, uint32_t pa1)
{
	uint32_t a = ea + i;

	return ((a ^ ea) & 0xFFFFF000u) ? pa1 + (a & 0xFFF) : pa0 + i;
}

static int read_bytes(struct cpu *c, uint32_t ea, uint32_t pa0, uint32_t pa1,
		      int size, uint32_t *val)
{
	uint32_t v = 0;

	for (int i = 0; i < size; i++) {
		uint32_t b;

		if (phys_read(c, byte_pa(ea, i, pa0, pa1), 1, &b)) {
			machine_check(c, c->pc, ea);
			return -1;
		}
		v = (v << 8) | b;
	}
	*val = v;
	return 0;
}

int mem_load_slow(struct cpu *c, uint32_t ea, int size, uint32_t *val)
{
	uint32_t pa0, pa1 = 0;
	bool cache;
	int pages = translate_access(c, ea, size, ACC_LOAD, &pa0, &pa1, &cache);

	if (pages < 0)
		return -1;
	if (pages)
		return read_bytes(c, ea, pa0, pa1, size, val);
	if (cache)
		soft_fill(c, c->rd, ea, pa0);
	if (phys_read(c, pa0, size, val)) {
		if ((pa0 & (size - 1)) == 0)
			goto mcheck;
		/* a misaligned device access: split it */
		return read_bytes(c, ea, pa0, pa0, size, val);
	}
	return 0;
mcheck:
	machine_check(c, c->pc, ea);
	return -1;
}

static int write_bytes(struct cpu *c, uint32_t ea, uint32_t pa0, uint32_t pa1,
		       int size, uint32_t val)
{
	/* check every byte first: no partial stores */
	for (int i = 0; i < size; i++) {
		uint32_t tmp;

		if (phys_read(c, byte_pa(ea, i, pa0, pa1), 1, &tmp)) {
			machine_check(c, c->pc, ea);
			return -1;
		}
	}
	for (int i = 0; i < size; i++)
		phys_write(c, byte_pa(ea, i, pa0, pa1), 1, val >> (8 * (size - 1 - i)));
	return 0;
}

int mem_store_slow(struct cpu *c, uint32_t ea, int size, uint32_t val)
{
	uint32_t pa0, pa1 = 0;
	bool cache;
	int pages = translate_access(c, ea, size, ACC_STORE, &pa0, &pa1, &cache);

	if (pages < 0)
		return -1;
	if (pages)
		return write_bytes(c, ea, pa0, pa1, size, val);
	if (cache)
		soft_fill(c, c->wr, ea, pa0);
	if ((pa0 & (size - 1)) && !phys_host(pa0))
		return write_bytes(c, ea, pa0, pa0, size, val);
	if (phys_write(c, pa0, size, val)) {
		machine_check(c, c->pc, ea);
		return -1;
	}
	return 0;
}

/* dcbz, dcbi, dcbst, dcbf, icbi: translate as the chip does. */
int mem_cache_op(struct cpu *c, uint32_t ea, enum access_kind kind)
{
	uint32_t pa;
	bool cache;

	if (translate(c, ea, kind, &pa, &cache))
		return -1;
	if (kind != ACC_DCBZ)
		return 0;
	pa &= ~15u;
	for (int i = 0; i < 16; i += 4) {
		if (phys_write(c, pa + i, 4, 0)) {
			machine_check(c, c->pc, ea);
			return -1;
		}
	}
	return 0;
}
