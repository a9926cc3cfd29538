/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A single pass over the structure block of a flattened device tree
 * (version 16/17): /memory, /chosen/bootargs, the first NS16550 UART,
 * whose reg is translated through its parent's ranges (the CCSR "soc" node),
 * and the cpu nodes with their ePAPR spin-table release addresses.
 * Every offset, length and string is checked against the blob's totalsize:
 * a malformed tree is refused, never followed out of the blob.
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
#define MAX_CELLS	4	/* #address-cells / #size-cells we accept */
#define HEADER_BYTES	40

struct node_state {
	const char *name;
	uint32_t addr_cells, size_cells;	/* for this node's children */
	const uint8_t *ranges;
	uint32_t ranges_len;
	const uint8_t *reg;
	uint32_t reg_len;
	const uint8_t *release;		/* cpu-release-addr */
	uint32_t release_len;
	uint32_t d_block, d_line, i_block, i_line;	/* cache properties of a cpu node */
	int is_memory, is_uart, is_smc, is_cpu, spin_table;
};

static uint32_t be32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* Length of the string at s, looking at no more than max bytes (max if unterminated). */
static size_t bounded_strlen(const char *s, size_t max)
{
	const char *nul = memchr(s, 0, max);

	return nul ? (size_t)(nul - s) : max;
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

/* Is one of the NUL-terminated strings in list[0..len) containing want? */
static int has_string(const char *list, uint32_t len, const char *want)
{
	uint32_t off = 0;

	while (off < len) {
		size_t n = bounded_strlen(list + off, len - off);

		if (n == len - off)
			return 0;		/* not terminated inside the property */
		if (strstr(list + off, want))
			return 1;
		off += n + 1;
	}
	return 0;
}

/* A property value that is one NUL-terminated string equal to want. */
static int is_string(const uint8_t *val, uint32_t len, const char *want)
{
	size_t n = strlen(want);

	return len == n + 1 && !memcmp(val, want, n + 1);
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
	uint32_t cells = 4 * (parent->addr_cells + parent->size_cells);

	if (n->reg && n->reg_len < cells)
		return;				/* too short for its parent's cells */
	if (n->is_memory && n->reg && !f->have_mem) {
		f->mem_base = read_cells(n->reg, parent->addr_cells);
		f->mem_size = read_cells(n->reg + 4 * parent->addr_cells, parent->size_cells);
		f->have_mem = 1;
	}
	if (n->is_cpu && n->reg && parent->addr_cells == 1) {
		if (f->ncpus < FDT_MAX_CPUS) {
			struct fdt_cpu *c = &f->cpus[f->ncpus];

			c->id = be32(n->reg);
			c->spin_table = n->spin_table && n->release && n->release_len == 8;
			c->release_addr = c->spin_table ? read_cells(n->release, 2) : 0;
			c->dcache_block = n->d_block ? n->d_block : n->d_line;
			c->icache_block = n->i_block ? n->i_block : n->i_line;
		}
		f->ncpus++;
	}
	if (n->is_smc && n->reg && !f->have_smc) {
		uint64_t a = read_cells(n->reg, parent->addr_cells);
		int d;

		for (d = depth - 1; d >= 1; d--)	/* cpm bus, then soc bus, ... */
			a = translate(&st[d], &st[d - 1], a);
		f->smc_pa = a;
		f->have_smc = 1;
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
	if (!strcmp(pname, "#address-cells") && len == 4 && be32(val) <= MAX_CELLS)
		n->addr_cells = be32(val);
	else if (!strcmp(pname, "#size-cells") && len == 4 && be32(val) <= MAX_CELLS)
		n->size_cells = be32(val);
	else if (!strcmp(pname, "ranges")) {
		n->ranges = val;
		n->ranges_len = len;
	} else if (!strcmp(pname, "reg")) {
		n->reg = val;
		n->reg_len = len;
	} else if (!strcmp(pname, "device_type") && is_string(val, len, "memory"))
		n->is_memory = 1;
	else if (!strcmp(pname, "device_type") && is_string(val, len, "cpu"))
		n->is_cpu = 1;
	else if (!strcmp(pname, "enable-method") && is_string(val, len, "spin-table"))
		n->spin_table = 1;
	else if (len == 4 && !strcmp(pname, "d-cache-block-size"))
		n->d_block = be32(val);
	else if (len == 4 && !strcmp(pname, "d-cache-line-size"))
		n->d_line = be32(val);
	else if (len == 4 && !strcmp(pname, "i-cache-block-size"))
		n->i_block = be32(val);
	else if (len == 4 && !strcmp(pname, "i-cache-line-size"))
		n->i_line = be32(val);
	else if (!strcmp(pname, "cpu-release-addr")) {
		n->release = val;
		n->release_len = len;
	}
	else if (!strcmp(pname, "compatible") && has_string((const char *)val, len, "16550"))
		n->is_uart = 1;
	else if (!strcmp(pname, "compatible") && has_string((const char *)val, len, "cpm1-smc-uart"))
		n->is_smc = 1;
	else if (!strcmp(pname, "bootargs") && depth == 1 && !strcmp(n->name, "chosen") &&
		 len && val[len - 1] == 0)
		f->bootargs = (const char *)val;
}

int fdt_read_facts(const void *blob, size_t max_bytes, struct fdt_facts *f)
{
	const uint8_t *base = blob;
	const uint8_t *p, *end, *strings;
	uint32_t total, off_struct, off_strings, size_strings;
	struct node_state st[MAX_DEPTH];
	int depth = -1;

	memset(f, 0, sizeof(*f));
	if (max_bytes < HEADER_BYTES || be32(base) != FDT_MAGIC)
		return -1;
	total = be32(base + 4);
	off_struct = be32(base + 8);
	off_strings = be32(base + 12);
	size_strings = be32(base + 32);
	if (total > max_bytes || total < HEADER_BYTES || off_struct >= total ||
	    off_strings > total || size_strings > total - off_strings || (off_struct & 3))
		return -1;
	f->size = total;
	p = base + off_struct;
	end = base + total;
	strings = base + off_strings;
	while (end - p >= 4) {
		uint32_t tok = be32(p);

		p += 4;
		if (tok == FDT_BEGIN_NODE) {
			const char *name = (const char *)p;
			size_t n = bounded_strlen(name, (size_t)(end - p));

			if (n == (size_t)(end - p) || ++depth >= MAX_DEPTH)
				return -1;
			p += (n + 4) & ~(size_t)3;
			memset(&st[depth], 0, sizeof(st[depth]));
			st[depth].name = name;
			st[depth].addr_cells = 2;
			st[depth].size_cells = 1;
		} else if (tok == FDT_PROP) {
			uint32_t len, nameoff, pad;

			if (end - p < 8)
				return -1;
			len = be32(p);
			nameoff = be32(p + 4);
			if (len > (uint32_t)(end - p - 8) || nameoff >= size_strings ||
			    bounded_strlen((const char *)strings + nameoff, size_strings - nameoff) ==
			    size_strings - nameoff)
				return -1;
			if (depth >= 0)
				take_prop(&st[depth], depth, (const char *)strings + nameoff, p + 8, len, f);
			p += 8 + len;
			pad = (4 - (len & 3)) & 3;
			p += (size_t)(end - p) < pad ? (size_t)(end - p) : pad;
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
	return -1;
}

int fdt_ram_size(const struct fdt_facts *f, uint64_t board_ram, uint64_t *ram, const char **note)
{
	*ram = board_ram;
	*note = NULL;
	if (!f->have_mem)
		return 0;
	if (f->mem_base != 0) {
		*note = "its /memory range does not start at physical 0: ignored, board.cfg's RAM size used";
		return 0;
	}
	if (f->mem_size == 0) {
		*note = "its /memory range has size 0";
		return -1;
	}
	*ram = f->mem_size;
	return 0;
}
