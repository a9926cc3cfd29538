/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/fdt.c on hand-built flattened trees: the facts of a good tree like the
 * one QEMU's e500 machines pass (36-bit CCSR behind a soc node's ranges), and
 * refusal of every kind of malformed blob, without reading past totalsize.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "report.h"
#include "../../lib/fdt.h"
#include "fdt-build.h"

/* A ppce500-like tree. */
static uint8_t *good_tree(size_t *size)
{
	static const uint32_t two[] = { 2 }, one[] = { 1 };
	static const uint32_t mem[] = { 0, 0, 0, 0x80000000u };
	static const uint32_t ranges[] = { 0, 0xf, 0xe0000000u, 0x100000 };
	static const uint32_t reg[] = { 0x4500, 0x100 };
	struct fdt_blob b;

	fdt_blob_init(&b);
	fdt_blob_node(&b, "");
	fdt_blob_cells(&b, "#address-cells", two, 1);
	fdt_blob_cells(&b, "#size-cells", two, 1);
	fdt_blob_node(&b, "chosen");
	fdt_blob_prop(&b, "bootargs", "hugepages=4M:2", 15);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_node(&b, "memory@0");
	fdt_blob_prop(&b, "device_type", "memory", 7);
	fdt_blob_cells(&b, "reg", mem, 4);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_node(&b, "soc@fe0000000");
	fdt_blob_cells(&b, "#address-cells", one, 1);
	fdt_blob_cells(&b, "#size-cells", one, 1);
	fdt_blob_cells(&b, "ranges", ranges, 4);
	fdt_blob_node(&b, "serial@4500");
	fdt_blob_prop(&b, "compatible", "fsl,ns16550\0ns16550", 20);
	fdt_blob_cells(&b, "reg", reg, 2);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END);
	return fdt_blob_finish(&b, size);
}

static void test_good(void)
{
	struct fdt_facts f;
	size_t size;
	uint8_t *t = good_tree(&size);

	report_eq(fdt_read_facts(t, size, &f), 0, "a good tree parses");
	report_eq(f.size, size, "totalsize %zu", size);
	report(f.have_mem && is_eq(f.mem_base, 0) && is_eq(f.mem_size, 0x80000000u), "memory: 2 GB at 0");
	report(f.have_uart && is_eq(f.uart_pa, 0xfe0004500ull),
	       "UART at 0xf_e000_4500 through the soc's ranges");
	report(f.bootargs && !strcmp(f.bootargs, "hugepages=4M:2"), "bootargs");
	report_eq(fdt_read_facts(t, size - 1, &f), -1, "max_bytes below totalsize: refused");
	free(t);
}

/* Damage one 32-bit word of a good tree at byte offset off; expect a refusal. */
static void expect_refused(const char *what, size_t off, uint32_t value)
{
	struct fdt_facts f;
	size_t size;
	uint8_t *t = good_tree(&size);

	fdt_put32(t + off, value);
	report_eq(fdt_read_facts(t, size, &f), -1, "%s: refused", what);
	free(t);
}

/* An 8xx tree as Linux's: SMC1 under a cpm bus (empty ranges) under a soc bus that maps IMMR. */
static void test_smc_two_buses(void)
{
	static const uint32_t one[] = { 1 };
	static const uint32_t ranges[] = { 0, 0xfa200000u, 0x4000 };
	static const uint32_t reg[] = { 0xa80, 0x10, 0x3e80, 0x40 };
	struct fdt_facts f;
	struct fdt_blob b;
	size_t size;
	uint8_t *t;

	fdt_blob_init(&b);
	fdt_blob_node(&b, "");
	fdt_blob_cells(&b, "#address-cells", one, 1);
	fdt_blob_cells(&b, "#size-cells", one, 1);
	fdt_blob_node(&b, "soc@fa200000");
	fdt_blob_cells(&b, "#address-cells", one, 1);
	fdt_blob_cells(&b, "#size-cells", one, 1);
	fdt_blob_cells(&b, "ranges", ranges, 3);
	fdt_blob_node(&b, "cpm@9c0");
	fdt_blob_cells(&b, "#address-cells", one, 1);
	fdt_blob_cells(&b, "#size-cells", one, 1);
	fdt_blob_prop(&b, "ranges", "", 0);
	fdt_blob_node(&b, "serial@a80");
	fdt_blob_prop(&b, "compatible", "fsl,mpc885-smc-uart\0fsl,cpm1-smc-uart",
		      sizeof("fsl,mpc885-smc-uart\0fsl,cpm1-smc-uart"));
	fdt_blob_cells(&b, "reg", reg, 4);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END);
	t = fdt_blob_finish(&b, &size);
	report(is_eq(fdt_read_facts(t, size, &f), 0) && f.have_smc && is_eq(f.smc_pa, 0xfa200a80u) &&
	       !f.have_uart,
	       "SMC UART at 0xfa200a80: through the cpm bus's empty ranges and the soc's");
	free(t);
}

static void test_malformed(void)
{
	struct fdt_facts f;
	uint8_t zero[64] = { 0 };
	size_t size;
	uint8_t *t = good_tree(&size);
	/* structure offsets of the good tree: root BEGIN_NODE at 40, its name at 44, first PROP at 48 */
	size_t first_prop = 48;

	free(t);
	report_eq(fdt_read_facts(zero, sizeof(zero), &f), -1, "no magic: refused");
	report_eq(fdt_read_facts(zero, 8, &f), -1, "shorter than a header: refused");
	expect_refused("totalsize larger than the buffer", 4, 0x7ffffff0);
	expect_refused("structure block outside the blob", 8, 0x7fff0000);
	expect_refused("strings block outside the blob", 12, 0x7fff0000);
	expect_refused("a property length past the end", first_prop + 4, 0x7ffffff0);
	expect_refused("a property name outside the strings", first_prop + 8, 0x10000);
	expect_refused("an unknown token", first_prop, 0x77);
}

static void test_unterminated(void)
{
	static const uint32_t one[] = { 1 };
	struct fdt_blob b;
	struct fdt_facts f;
	size_t size;
	uint8_t *t;

	fdt_blob_init(&b);
	fdt_blob_node(&b, "");
	fdt_blob_node(&b, "chosen");
	fdt_blob_prop(&b, "bootargs", "abc", 3);		/* no NUL inside the property */
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_node(&b, "serial@0");
	fdt_blob_prop(&b, "compatible", "ns16550", 7);	/* no NUL either */
	fdt_blob_cells(&b, "reg", one, 1);		/* shorter than the parent's 2+1 cells */
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);
	fdt_blob_token(&b, FDT_TOKEN_END);
	t = fdt_blob_finish(&b, &size);
	report(is_eq(fdt_read_facts(t, size, &f), 0) && !f.bootargs && !f.have_uart,
	       "unterminated strings and a short reg are ignored, not followed");
	free(t);
	fdt_blob_init(&b);
	fdt_blob_node(&b, "");
	fdt_blob_token(&b, FDT_TOKEN_END_NODE);	/* no FDT_END: the walk must stop at totalsize */
	t = fdt_blob_finish(&b, &size);
	report_eq(fdt_read_facts(t, size, &f), -1, "a tree without FDT_END: refused");
	free(t);
}

/* fdt_ram_size(): what a /memory node may make the kernel believe. */
static void test_ram_size(void)
{
	const uint64_t board = 2ull << 30;
	struct fdt_facts f = { .have_mem = 1, .mem_base = 0, .mem_size = 8ull << 30 };
	const char *note;
	uint64_t ram;

	report(is_eq(fdt_ram_size(&f, board, &ram, &note), 0) && is_eq(ram, 8ull << 30) && !note,
	       "ram size: a node at 0 gives its size (a claim the caller probes)");
	f.mem_base = 0x10000000;
	ram = 0;
	report(is_eq(fdt_ram_size(&f, board, &ram, &note), 0) && is_eq(ram, board) && note &&
	       strstr(note, "does not start at physical 0"),
	       "ram size: a node not at 0 is refused loudly: board.cfg's size and a note");
	f.mem_base = 0;
	f.mem_size = 0;
	report(is_eq(fdt_ram_size(&f, board, &ram, &note), -1) && note && strstr(note, "size 0"),
	       "ram size: size 0 is an error that says so");
	f.have_mem = 0;
	report(is_eq(fdt_ram_size(&f, board, &ram, &note), 0) && is_eq(ram, board) && !note,
	       "ram size: no node: board.cfg's size, nothing to say");
}

int main(void)
{
	report_prefix_push("fdt");
	test_good();
	test_smc_two_buses();
	test_malformed();
	test_unterminated();
	test_ram_size();
	report_prefix_pop();
	return report_summary();
}
