/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Raw-byte views of the 64-bit four-level tables (9/9/7/9 index bits from
 * bit 12 up) shared by the host tests of the formats that use them
 * (test-e500-64.c, test-book3s64.c): only how a table entry names its
 * table differs, so each test defines table_of().
 */
#ifndef PPCMMU_TESTS_TABLE64_H
#define PPCMMU_TESTS_TABLE64_H

#include <stdint.h>
#include <stdbool.h>
#include "check.h"

/* The table a table entry points to, decoded from its value; NULL if it names none (the test's own). */
unsigned char *table_of(uint64_t e);

void put_be64(unsigned char *table, unsigned int index, uint64_t v);
uint64_t get_be64(const unsigned char *table, unsigned int index);
/* Index of va at level (1..4), from the layout alone: 9/9/7/9 bits from bit 12 up. */
unsigned int idx(vaddr_t va, int level);
/* The table at level (1..4) on the path of va, from the raw bytes; NULL if missing. */
unsigned char *raw_table(const struct mm *mm, vaddr_t va, int level);
/*
 * The live table at level on va's path holds exactly the given entries
 * (index, value) and zeros elsewhere.
 */
bool table_is(const struct mm *mm, vaddr_t va, int level, const unsigned int *index,
	      const uint64_t *value, unsigned int n);

#endif
