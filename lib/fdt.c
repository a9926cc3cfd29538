/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A single pass over the structure block of a flattened device tree
 * (version 16/17): /memory, /chosen/bootargs and the first NS16550 UART,
 * whose reg is translated through its parent's ranges (the CCSR "soc" node).
 */
#include <string.h>
#include "lib/fdt.h"

#define FDT_MAGIC	0xd00dfeed
#define FDT_BEGIN_NODE	1
#define FDT_END_NODE	2
#define FDT_PROP	3
#define FDT_NOP		4
#define FDT_END		9
#define MAX_DEPTH	8

struct node_state {
	const char *name;
	uint32_t addr_cells, size_cells;	/* for this node's children */
	const uint8_t *ranges;
	uint32_t ranges_len;
	const uint8_t *reg;
	uint32_t reg_len;
	int is_memory, is_uart;
};

static uint32_t be32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static uint64_t read_cells(const uint8_t *p, uint32_t cells)
{
	uint64_t v = 0;

	while (cells--) {
		v = v << 32 | be32(p);
		p += 4;
	}
	return v;
}

static int has_string(const char *list, uint32_t len, const char *want)
{
	uint32_t off = 0;

	while (off < len) {
		if (strstr(list + off, want))
			return 1;
		off += strlen(list + off) + 1;
	}
	return 0;
}

/* Translate a child bus address through the parent's ranges (one level). */
static uint64_t translate(const struct node_state *bus, const struct node_state *grand,
			  uint64_t addr)
{
	uint32_t ca = bus->addr_cells, pa = grand->addr_cells, cs = bus->size_cells;
	uint32_t entry = 4 * (ca + pa + cs);
	uint32_t off;

	if (!bus->ranges || !entry)
		return addr;
	for (off = 0; off + entry <= bus->ranges_len; off += entry) {
		const uint8_t *r = bus->ranges + off;
		uint64_t child = read_cells(r, ca);
		uint64_t parent = read_cells(r + 4 * ca, pa);
		uint64_t size = read_cells(r + 4 * (ca + pa), cs);

		if (addr >= child && addr - child < size)
			return parent + (addr - child);
	}
	return addr;
}

static void end_node(struct node_state *st, int depth, struct fdt_facts *f)
{
	struct node_state *n = &st[depth];
	struct node_state *parent = &st[depth - 1];

	if (n->is_memory && n->reg && !f->have_mem) {
		f->mem_base = read_cells(n->reg, parent->addr_cells);
		f->mem_size = read_cells(n->reg + 4 * parent->addr_cells, parent->size_cells);
		f->have_mem = 1;
	}
	if (n->is_uart && n->reg && !f->have_uart) {
		uint64_t a = read_cells(n->reg, parent->addr_cells);

		if (depth >= 2)
			a = translate(parent, &st[depth - 2], a);
		f->uart_pa = a;
		f->have_uart = 1;
	}
}

static void take_prop(struct node_state *n, int depth, const char *pname,
		      const uint8_t *val, uint32_t len, struct fdt_facts *f)
{
	if (!strcmp(pname, "#address-cells") && len == 4)
		n->addr_cells = be32(val);
	else if (!strcmp(pname, "#size-cells") && len == 4)
		n->size_cells = be32(val);
	else if (!strcmp(pname, "ranges")) {
		n->ranges = val;
		n->ranges_len = len;
	} else if (!strcmp(pname, "reg")) {
		n->reg = val;
		n->reg_len = len;
	} else if (!strcmp(pname, "device_type") && !strcmp((const char *)val, "memory"))
		n->is_memory = 1;
	else if (!strcmp(pname, "compatible") && has_string((const char *)val, len, "16550"))
		n->is_uart = 1;
	else if (!strcmp(pname, "bootargs") && depth == 1 && !strcmp(n->name, "chosen"))
		f->bootargs = (const char *)val;
}

int fdt_read_facts(const void *blob, struct fdt_facts *f)
{
	const uint8_t *base = blob;
	const uint8_t *p, *strings;
	struct node_state st[MAX_DEPTH];
	int depth = -1;

	memset(f, 0, sizeof(*f));
	if (be32(base) != FDT_MAGIC)
		return -1;
	p = base + be32(base + 8);
	strings = base + be32(base + 12);
	for (;;) {
		uint32_t tok = be32(p);

		p += 4;
		if (tok == FDT_BEGIN_NODE) {
			const char *name = (const char *)p;

			p += (strlen(name) + 4) & ~3u;
			if (++depth >= MAX_DEPTH)
				return -1;
			memset(&st[depth], 0, sizeof(st[depth]));
			st[depth].name = name;
			st[depth].addr_cells = 2;
			st[depth].size_cells = 1;
		} else if (tok == FDT_PROP) {
			uint32_t len = be32(p);
			const char *pname = (const char *)strings + be32(p + 4);

			if (depth >= 0)
				take_prop(&st[depth], depth, pname, p + 8, len, f);
			p += 8 + ((len + 3) & ~3u);
		} else if (tok == FDT_END_NODE) {
			if (depth > 0)
				end_node(st, depth, f);
			if (--depth < -1)
				return -1;
		} else if (tok == FDT_END) {
			return 0;
		} else if (tok != FDT_NOP) {
			return -1;
		}
	}
}
