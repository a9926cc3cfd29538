/* SPDX-License-Identifier: BSD-2-Clause */
/* Hand-built flattened device trees for the tests of lib/fdt.c (fdt-build.h). */
#include <stdlib.h>
#include <string.h>
#include "fdt-build.h"

#define FDT_MAGIC	0xd00dfeedu
#define FDT_VERSION	17
#define FDT_LAST_COMP	16
#define FDT_SPARE	64

void fdt_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static size_t align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

/* n more bytes fit in the structure block, with room left for closing tokens. */
static int room(const struct fdt_blob *b, size_t n)
{
	return b->ns + n + 8 < sizeof(b->s);
}

void fdt_blob_init(struct fdt_blob *b)
{
	memset(b, 0, sizeof(*b));
}

void fdt_blob_token(struct fdt_blob *b, uint32_t token)
{
	if (!room(b, 4))
		return;
	fdt_put32(b->s + b->ns, token);
	b->ns += 4;
}

void fdt_blob_node(struct fdt_blob *b, const char *name)
{
	size_t n = strlen(name) + 1;

	if (!room(b, n + 8))
		return;
	fdt_blob_token(b, FDT_TOKEN_BEGIN_NODE);
	memset(b->s + b->ns, 0, align4(n));
	memcpy(b->s + b->ns, name, n);
	b->ns += align4(n);
}

/* The offset of name in the strings block, appended there (0 if it does not fit). */
static uint32_t name_off(struct fdt_blob *b, const char *name)
{
	size_t n = strlen(name) + 1, off = b->nstr;

	if (off + n > sizeof(b->str))
		return 0;
	memcpy(b->str + off, name, n);
	b->nstr += n;
	return (uint32_t)off;
}

void fdt_blob_prop(struct fdt_blob *b, const char *name, const void *val, uint32_t len)
{
	if (!room(b, (size_t)len + 16))
		return;
	fdt_blob_token(b, FDT_TOKEN_PROP);
	fdt_put32(b->s + b->ns, len);
	fdt_put32(b->s + b->ns + 4, name_off(b, name));
	b->ns += 8;
	memset(b->s + b->ns, 0, align4(len));
	memcpy(b->s + b->ns, val, len);
	b->ns += align4(len);
}

void fdt_blob_cells(struct fdt_blob *b, const char *name, const uint32_t *cells, unsigned int n)
{
	uint8_t v[64];
	unsigned int i;

	if (n > sizeof(v) / 4)
		n = sizeof(v) / 4;
	for (i = 0; i < n; i++)
		fdt_put32(v + 4 * i, cells[i]);
	fdt_blob_prop(b, name, v, 4 * n);
}

uint8_t *fdt_blob_finish(const struct fdt_blob *b, size_t *size)
{
	size_t total = FDT_HEADER_BYTES + b->ns + b->nstr;
	uint8_t *out = calloc(1, total + FDT_SPARE);

	if (!out)
		return NULL;
	fdt_put32(out, FDT_MAGIC);
	fdt_put32(out + 4, (uint32_t)total);
	fdt_put32(out + 8, FDT_HEADER_BYTES);				/* off_dt_struct */
	fdt_put32(out + 12, FDT_HEADER_BYTES + (uint32_t)b->ns);	/* off_dt_strings */
	fdt_put32(out + 16, 0);						/* off_mem_rsvmap */
	fdt_put32(out + 20, FDT_VERSION);
	fdt_put32(out + 24, FDT_LAST_COMP);
	fdt_put32(out + 32, (uint32_t)b->nstr);				/* size_dt_strings */
	fdt_put32(out + 36, (uint32_t)b->ns);				/* size_dt_struct */
	memcpy(out + FDT_HEADER_BYTES, b->s, b->ns);
	memcpy(out + FDT_HEADER_BYTES + b->ns, b->str, b->nstr);
	*size = total;
	return out;
}
