/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Flattened device trees built by hand for the tests of lib/fdt.c (the unit
 * test and the fuzzer): tokens, nodes and properties appended to a structure
 * block and a strings block, then wrapped in a version-17 header.
 * What does not fit is dropped (a fuzzer's random tree may be large); the
 * tests' own trees are far smaller than the blocks.
 */
#ifndef PPCMMU_TESTS_FDT_BUILD_H
#define PPCMMU_TESTS_FDT_BUILD_H

#include <stddef.h>
#include <stdint.h>

#define FDT_HEADER_BYTES	40
#define FDT_TOKEN_BEGIN_NODE	1
#define FDT_TOKEN_END_NODE	2
#define FDT_TOKEN_PROP		3
#define FDT_TOKEN_END		9

struct fdt_blob {
	uint8_t s[4096];	/* structure block */
	char str[1024];		/* strings block */
	size_t ns, nstr;
};

void fdt_put32(uint8_t *p, uint32_t v);
void fdt_blob_init(struct fdt_blob *b);
void fdt_blob_token(struct fdt_blob *b, uint32_t token);
void fdt_blob_node(struct fdt_blob *b, const char *name);
void fdt_blob_prop(struct fdt_blob *b, const char *name, const void *val, uint32_t len);
/* A property of n big-endian cells. */
void fdt_blob_cells(struct fdt_blob *b, const char *name, const uint32_t *cells, unsigned int n);
/*
 * Header, structure and strings in one malloc'd buffer (64 zero bytes spare
 * after it); *size = totalsize. NULL if out of memory.
 */
uint8_t *fdt_blob_finish(const struct fdt_blob *b, size_t *size);

#endif
