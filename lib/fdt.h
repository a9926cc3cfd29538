/* SPDX-License-Identifier: BSD-2-Clause */
/* The few device-tree facts the kernel needs, read from a flattened tree. */
#ifndef PPCMMU_FDT_H
#define PPCMMU_FDT_H

#include <stdint.h>
#include <stddef.h>

#define FDT_MAX_CPUS	8

/* A /cpus/cpu node: its reg (the core's PIR) and how to start it. */
struct fdt_cpu {
	uint32_t id;
	uint64_t release_addr;		/* cpu-release-addr, when spin_table */
	int spin_table;			/* enable-method "spin-table" with a cpu-release-addr */
	uint32_t dcache_block;		/* d-cache-block-size, else d-cache-line-size; 0: neither */
	uint32_t icache_block;		/* the same for the instruction cache */
};

struct fdt_facts {
	uint32_t size;			/* the blob's totalsize */
	uint64_t mem_base, mem_size;	/* first /memory reg range */
	uint64_t uart_pa;		/* first ns16550-compatible node, translated */
	uint64_t smc_pa;		/* first CPM SMC UART node ("cpm1-smc-uart"), its first reg
					 * range translated through every bus above it */
	int have_mem, have_uart, have_smc;
	const char *bootargs;		/* /chosen/bootargs, inside the blob, NUL-terminated */
	unsigned int ncpus;		/* cpu nodes found (cpus[] holds the first FDT_MAX_CPUS) */
	struct fdt_cpu cpus[FDT_MAX_CPUS];
};

/*
 * 0 on success; -1 if the blob is not a device tree, claims more than
 * max_bytes, or anything in it points outside it (nothing is read beyond
 * totalsize, whatever the blob says).
 */
int fdt_read_facts(const void *blob, size_t max_bytes, struct fdt_facts *facts);

/*
 * The RAM size to start from, given the facts of a valid tree and the
 * board's own value.  0: *ram is the tree's /memory size, or board_ram when
 * the tree has no memory node or its base is not 0 (the kernel runs from
 * physical 0 and uses one range from there); *note (else NULL) then says
 * what was not followed, for the console.  -1: the node is unusable (size
 * 0); *note says why.  The size is a claim: the caller checks it against
 * the hardware before use.
 */
int fdt_ram_size(const struct fdt_facts *facts, uint64_t board_ram, uint64_t *ram,
		 const char **note);

#endif
