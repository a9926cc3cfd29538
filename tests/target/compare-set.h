/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The mappings `make linux-compare` makes twice, once under Linux (linux/init/compare.c) and once
 * with ppcmmu's own API on the same board (tests/target/test-lxcmp.c, test linux-compare): the
 * same virtual addresses, sizes, protections, sharing and touches, so that tools/linux-compare
 * can set the page-table entries and TLB entries of the two side by side, field by field.
 *
 * Every mapping is one page of its size, at an address aligned to it, each in its own 4M region
 * (the MPC8xx keeps some attributes per 4M region in its PMD entry), the base pages at different
 * offsets within theirs (so that their TLB0 entries fall in different sets of the e500's 4-way
 * TLB0 and survive each other), below 0x80000000 (the
 * MPC8xx user space of ppcmmu ends there) and away from 0x00400000 (ppcmmu's user routines) and
 * 0x10000000 (the Linux init program).
 *
 * Touches: 'r' loads a word, 'w' stores one, 'x' calls the page ("li r3,42; blr" at its start).
 * Linux makes every mapping as its flags say, touches it once, then (after all are made) touches
 * each again and stops; ppcmmu maps each page with the protection Linux ends with and touches it
 * from user mode in the same order. Linux's own history differs where it must (a page written
 * before mprotect() made it read-only or executable, the zero page of a private page only read);
 * docs/linux-compare.md gives the reason for every field where the two differ.
 */
#ifndef LXCMP_SET_H
#define LXCMP_SET_H

#define LXCMP_R		0x1	/* readable */
#define LXCMP_W		0x2	/* writable */
#define LXCMP_X		0x4	/* executable */
#define LXCMP_SHARED	0x8	/* MAP_SHARED (else private) */
#define LXCMP_FILE	0x10	/* a file's page (the init program's own first page), else anonymous */
#define LXCMP_WRITTEN	0x20	/* Linux: written (the code, a pattern) before mprotect() to the final prot */

struct lxcmp_map {
	const char *name;
	unsigned long va;
	unsigned long size;
	unsigned int flags;	/* LXCMP_* */
	char touch;		/* 'r', 'w' or 'x' */
};

#define LXCMP_K		1024ul
#define LXCMP_M		(1024ul * 1024ul)

/* Both families: base pages of 4K, the same five (tools/linux-compare reads these rows too). */
#define LXCMP_BASE_PAGES \
	{ "4K-rw-private-write", 0x20010000ul, 4 * LXCMP_K, LXCMP_R | LXCMP_W, 'w' }, \
	{ "4K-rw-private-read", 0x20420000ul, 4 * LXCMP_K, LXCMP_R | LXCMP_W, 'r' }, \
	{ "4K-ro-file-read", 0x20830000ul, 4 * LXCMP_K, LXCMP_R | LXCMP_FILE, 'r' }, \
	{ "4K-rw-shared-write", 0x20c40000ul, 4 * LXCMP_K, LXCMP_R | LXCMP_W | LXCMP_SHARED, 'w' }, \
	{ "4K-rx-private-exec", 0x21050000ul, 4 * LXCMP_K, LXCMP_R | LXCMP_X | LXCMP_WRITTEN, 'x' },

#if defined(LXCMP_E500)
/* e500: base pages of 4K; huge pages 4M, 16M, 64M (runs of leaf PGD entries), 256M (one TLB1 entry). */
static const struct lxcmp_map lxcmp_set[] = {
	LXCMP_BASE_PAGES
	{ "4M-rw-private-write", 0x30000000ul, 4 * LXCMP_M, LXCMP_R | LXCMP_W, 'w' },
	{ "4M-rw-shared-read", 0x34000000ul, 4 * LXCMP_M, LXCMP_R | LXCMP_W | LXCMP_SHARED, 'r' },
	{ "4M-rx-private-exec", 0x38000000ul, 4 * LXCMP_M, LXCMP_R | LXCMP_X | LXCMP_WRITTEN, 'x' },
	{ "16M-rw-private-write", 0x3c000000ul, 16 * LXCMP_M, LXCMP_R | LXCMP_W, 'w' },
	{ "16M-ro-private-read", 0x40000000ul, 16 * LXCMP_M, LXCMP_R | LXCMP_WRITTEN, 'r' },
	{ "64M-rw-private-write", 0x44000000ul, 64 * LXCMP_M, LXCMP_R | LXCMP_W, 'w' },
	{ "64M-rw-shared-write", 0x48000000ul, 64 * LXCMP_M, LXCMP_R | LXCMP_W | LXCMP_SHARED, 'w' },
	{ "256M-rw-private-write", 0x50000000ul, 256 * LXCMP_M, LXCMP_R | LXCMP_W, 'w' },
};
/* The huge pages each side reserves: Linux's command line, ppcmmu's hugepages= (same counts). */
#define LXCMP_LINUX_POOL	"hugepagesz=4M hugepages=3 hugepagesz=16M hugepages=2 hugepagesz=64M hugepages=2 hugepagesz=256M hugepages=1"
#define LXCMP_PPCMMU_POOL	"hugepages=256M:1,64M:2,16M:2,4M:3"
#elif defined(LXCMP_MPC8XX)
/* MPC8xx: base pages of 4K; huge pages 16K, 512K (contiguous PTEs) and 8M (two PMD entries). */
static const struct lxcmp_map lxcmp_set[] = {
	LXCMP_BASE_PAGES
	{ "16K-rw-private-write", 0x30000000ul, 16 * LXCMP_K, LXCMP_R | LXCMP_W, 'w' },
	{ "16K-rw-shared-read", 0x30400000ul, 16 * LXCMP_K, LXCMP_R | LXCMP_W | LXCMP_SHARED, 'r' },
	{ "16K-rx-private-exec", 0x30800000ul, 16 * LXCMP_K, LXCMP_R | LXCMP_X | LXCMP_WRITTEN, 'x' },
	{ "512K-rw-private-write", 0x30c00000ul, 512 * LXCMP_K, LXCMP_R | LXCMP_W, 'w' },
	{ "512K-ro-private-read", 0x31000000ul, 512 * LXCMP_K, LXCMP_R | LXCMP_WRITTEN, 'r' },
	{ "8M-rw-private-write", 0x31800000ul, 8 * LXCMP_M, LXCMP_R | LXCMP_W, 'w' },
	{ "8M-rw-shared-write", 0x32000000ul, 8 * LXCMP_M, LXCMP_R | LXCMP_W | LXCMP_SHARED, 'w' },
};
#define LXCMP_LINUX_POOL	"hugepagesz=16K hugepages=3 hugepagesz=512K hugepages=2 hugepagesz=8M hugepages=2"
#define LXCMP_PPCMMU_POOL	"hugepages=8M:2,512K:2,16K:3"
#else
#error "define LXCMP_E500 or LXCMP_MPC8XX"
#endif

#define LXCMP_COUNT	(sizeof(lxcmp_set) / sizeof(lxcmp_set[0]))

/* The code an executable page starts with: li r3,42; blr. */
#define LXCMP_INSN_LI_R3_42	0x3860002au
#define LXCMP_INSN_BLR		0x4e800020u

#endif
