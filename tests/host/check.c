/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>
#include "check.h"

void put_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

uint32_t get_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

void put_entry(unsigned char *table, unsigned int index, uint32_t hi, uint32_t lo)
{
	put_be32(table + index * 8u, hi);
	put_be32(table + index * 8u + 4, lo);
}

uint32_t entry_hi(const void *table, unsigned int index)
{
	return get_be32((const unsigned char *)table + index * 8u);
}

uint32_t entry_lo(const void *table, unsigned int index)
{
	return get_be32((const unsigned char *)table + index * 8u + 4);
}

unsigned char *pte_table_of(const struct mm *mm, vaddr_t va)
{
	uint32_t lo = entry_lo(mm->pgd, va >> 21);

	if (!lo || entry_hi(mm->pgd, va >> 21))
		return NULL;
	return env_arena + (lo - ENV_KVA_BASE);
}

bool same_bytes(const void *a, const void *b, size_t n)
{
	return !memcmp(a, b, n);
}

bool report_err(int err, int expect, const char *what)
{
	if (err == expect)
		return report(true, "%s: %s", what, mmu_strerror(err));
	return report(false, "%s: returns %d (%s), expected %d (%s)", what,
		      err, mmu_strerror(err), expect, mmu_strerror(expect));
}

const struct leaf_size leaf_sizes[NR_LEAF_SIZES] = {
	{ 0x00400000, 6 }, { 0x01000000, 7 }, { 0x04000000, 8 },
	{ 0x10000000, 9 }, { 0x40000000, 10 },
};

void put_leaf(void *pgd, vaddr_t va, paddr_t pa, const struct leaf_size *ls, uint32_t bap)
{
	uint32_t i;

	for (i = 0; i < ls->size / SZ_2M; i++) {
		paddr_t p = pa + (paddr_t)i * SZ_2M;

		put_entry(pgd, (va >> 21) + i, (uint32_t)(p >> 20),
			  (uint32_t)(p >> 12 & 0xff) << 24 | 0x00040001 | ls->tsize << 8 | bap);
	}
}

void run_map_cases(struct mm *mm, const struct map_case *cases, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct map_case *c = &cases[i];

		if (c->expect == MMU_OK) {
			report_err(map(mm, c->va, c->pa, c->size, c->prot), MMU_OK, c->what);
			continue;
		}
		CHECK_UNCHANGED(c->expect, map(mm, c->va, c->pa, c->size, c->prot), c->what);
	}
}

void run_tests(const struct host_test *tests, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		env_init();
		report_prefix_push("%s", tests[i].name);
		tests[i].fn();
		report_eq(env.bad_frees, 0, "no bad pt_free()");
		report_prefix_pop();
	}
}
