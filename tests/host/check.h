/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Helpers shared by the host tests: hand-built big-endian entries, table
 * lookups from raw bytes (independent of mmu/), and the test table type.
 */
#ifndef PPCMMU_TESTS_CHECK_H
#define PPCMMU_TESTS_CHECK_H

#include <stdint.h>
#include <stdbool.h>
#include "mmu.h"
#include "env.h"
#include "report.h"

#define PGD_BYTES	16384u
#define PTE_BYTES	4096u
#define SZ_4K		0x1000u
#define SZ_8K		0x2000u
#define SZ_16K		0x4000u
#define SZ_512K		0x80000u
#define SZ_2M		0x200000u
#define SZ_4M		0x400000u
#define SZ_8M		0x800000u
#define SZ_256M		0x10000000u
#define SZ_1G		0x40000000u

struct host_test {
	const char *name;
	void (*fn)(void);
};

void put_be32(unsigned char *p, uint32_t v);
uint32_t get_be32(const unsigned char *p);
/* Write entry index of an expected table as the two big-endian words. */
void put_entry(unsigned char *table, unsigned int index, uint32_t hi, uint32_t lo);
/* The raw words of entry index of a live table. */
uint32_t entry_hi(const void *table, unsigned int index);
uint32_t entry_lo(const void *table, unsigned int index);
/* The PTE table a PGD entry points to, decoded from its bytes (NULL if none). */
unsigned char *pte_table_of(const struct mm *mm, vaddr_t va);
bool same_bytes(const void *a, const void *b, size_t n);
/* err == expect, reported with the names of both codes. */
bool report_err(int err, int expect, const char *what);
/* Run one operation expected to fail with expect, and check nothing changed. */
#define CHECK_UNCHANGED(expect, call, what) do {			\
		struct env_snapshot snap__;				\
		int err__;						\
		env_snapshot_take(&snap__);				\
		err__ = (call);						\
		report_err(err__, expect, what);			\
		report(env_snapshot_same(&snap__), "%s: nothing changed", what); \
		env_snapshot_free(&snap__);				\
	} while (0)

/* One map() call and the result it must give. */
struct map_case {
	const char *what;
	vaddr_t va;
	paddr_t pa;
	uint32_t size;
	unsigned int prot;
	int expect;
};

/* Each case in order: a success must map, a failure must change nothing. */
void run_map_cases(struct mm *mm, const struct map_case *cases, unsigned int n);

/* Huge pages: size, MAS1 TSIZE, as e500 leaf PGD entries hold them. */
struct leaf_size {
	uint32_t size;
	uint32_t tsize;
};

#define NR_LEAF_SIZES	5
extern const struct leaf_size leaf_sizes[NR_LEAF_SIZES];

#define BAP_KRW		0x00001014u	/* SR SW DIRTY */
#define BAP_KRO		0x00000004u	/* SR */

/*
 * Write the size / 2M replicas of a leaf into a PGD image: entry i holds
 * pa + i * 2M, TSIZE in bits 8..11, ACCESSED | PRESENT and the given BAP bits.
 */
void put_leaf(void *pgd, vaddr_t va, paddr_t pa, const struct leaf_size *ls, uint32_t bap);

void run_tests(const struct host_test *tests, unsigned int n);

#endif
