/* SPDX-License-Identifier: BSD-2-Clause */
/* The few device-tree facts the kernel needs, read from a flattened tree. */
#ifndef PPCMMU_FDT_H
#define PPCMMU_FDT_H

#include <stdint.h>
#include <stddef.h>

struct fdt_facts {
	uint32_t size;			/* the blob's totalsize */
	uint64_t mem_base, mem_size;	/* first /memory reg range */
	uint64_t uart_pa;		/* first ns16550-compatible node, translated */
	int have_mem, have_uart;
	const char *bootargs;		/* /chosen/bootargs, inside the blob, NUL-terminated */
};

/*
 * 0 on success; -1 if the blob is not a device tree, claims more than
 * max_bytes, or anything in it points outside it (nothing is read beyond
 * totalsize, whatever the blob says).
 */
int fdt_read_facts(const void *blob, size_t max_bytes, struct fdt_facts *facts);

#endif
