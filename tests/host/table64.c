/* SPDX-License-Identifier: BSD-2-Clause */
/* Raw-byte views of the 64-bit four-level tables (table64.h). */
#include <string.h>
#include "table64.h"

void put_be64(unsigned char *table, unsigned int index, uint64_t v)
{
	put_entry(table, index, (uint32_t)(v >> 32), (uint32_t)v);
}

uint64_t get_be64(const unsigned char *table, unsigned int index)
{
	return (uint64_t)entry_hi(table, index) << 32 | entry_lo(table, index);
}

unsigned int idx(vaddr_t va, int level)
{
	static const unsigned int shift[] = { 37, 28, 21, 12 }, bits[] = { 9, 9, 7, 9 };

	return (unsigned int)((va >> shift[level - 1]) & ((1u << bits[level - 1]) - 1));
}

unsigned char *raw_table(const struct mm *mm, vaddr_t va, int level)
{
	unsigned char *t = mm->pgd;
	int l;

	for (l = 1; l < level && t; l++)
		t = table_of(get_be64(t, idx(va, l)));
	return t;
}

/* A PMD table holds 128 entries, every other table 512. */
static unsigned int table_bytes(int level)
{
	return level == 3 ? 1024 : 4096;
}

bool table_is(const struct mm *mm, vaddr_t va, int level, const unsigned int *index,
	      const uint64_t *value, unsigned int n)
{
	unsigned char img[4096];
	unsigned char *live = raw_table(mm, va, level);
	unsigned int i;

	if (!live)
		return false;
	memset(img, 0, sizeof(img));
	for (i = 0; i < n; i++)
		put_be64(img, index[i], value[i]);
	return same_bytes(img, live, table_bytes(level));
}
