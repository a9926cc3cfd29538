/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzzer of lib/fdt.c, the device-tree reader: random trees built from the
 * nodes and properties the reader looks at, then mutated (bit flips, words
 * set to edge values, truncation, spliced tokens), each in a buffer of
 * exactly max_bytes so that any read past it is a sanitizer report.
 * Checked on every input: the verdict is the same twice; an accepted blob
 * has totalsize <= max_bytes, bootargs inside it and NUL-terminated there;
 * fdt_ram_size() on the facts either refuses with a note or gives the tree's
 * size or the board's.
 *
 * Usage: fuzz-fdt [COUNT [SEED]]   (defaults 100000, 1)
 * Prints its figures; exit 1 on the first violated property.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../lib/fdt.h"
#include "../../include/xorshift.h"
#include "fdt-build.h"

static uint64_t rng_state;

static uint32_t rng(void)
{
	return xorshift_next(&rng_state);
}

static uint32_t pick(uint32_t n)
{
	return rng() % n;
}

static uint32_t edge(void)
{
	static const uint32_t v[] = {
		0, 1, 2, 3, 4, 8, 9, 0x10, 0x28, 0xff, 0x100, 0xfff, 0x1000, 0x7fffffff,
		0x80000000u, 0xfffffff0u, 0xfffffffcu, 0xffffffffu, 0xd00dfeedu,
	};

	return pick(3) ? v[pick(sizeof(v) / sizeof(v[0]))] : rng();
}

static void cells_prop(struct fdt_blob *b, const char *name)
{
	uint32_t v[8];
	uint32_t n = pick(9);

	for (uint32_t i = 0; i < n; i++)
		v[i] = edge();
	fdt_blob_cells(b, name, v, n);
}

static void random_props(struct fdt_blob *b)
{
	static const char *const names[] = {
		"#address-cells", "#size-cells", "ranges", "reg", "device_type",
		"compatible", "bootargs", "model",
	};
	static const char *const strs[] = {
		"memory", "ns16550", "fsl,ns16550\0ns16550", "hugepages=4M:2", "", "memor",
	};
	int n = (int)pick(5);

	for (int i = 0; i < n; i++) {
		const char *name = names[pick(8)];

		if (pick(2)) {
			const char *s = strs[pick(6)];
			uint32_t len = (uint32_t)strlen(s) + (pick(4) ? 1 : 0);

			if (s == strs[2])
				len = 20;
			fdt_blob_prop(b, name, s, len);
		} else {
			cells_prop(b, name);
		}
	}
}

static void random_node(struct fdt_blob *b, int depth)
{
	static const char *const names[] = {
		"chosen", "memory", "memory@0", "soc@e0000000", "serial@4500", "cpus", "x",
	};

	fdt_blob_node(b, depth ? names[pick(7)] : "");
	random_props(b);
	if (depth < 9)
		for (int n = (int)pick(depth ? 3 : 5); n; n--)
			random_node(b, depth + 1);
	fdt_blob_token(b, FDT_TOKEN_END_NODE);
}

/* A blob of exactly *len bytes in its own allocation. */
static uint8_t *make_input(size_t *len)
{
	static struct fdt_blob b;
	uint8_t *out;
	size_t total;

	fdt_blob_init(&b);
	random_node(&b, 0);
	fdt_blob_token(&b, FDT_TOKEN_END);
	out = fdt_blob_finish(&b, &total);
	if (!out) {
		printf("fuzz-fdt: out of memory\n");
		exit(2);
	}
	for (int m = (int)pick(4); m; m--) {
		switch (pick(4)) {
		case 0:
			out[pick((uint32_t)total)] ^= (uint8_t)(1u << pick(8));
			break;
		case 1:
			fdt_put32(out + (pick((uint32_t)total / 4) * 4), edge());
			break;
		case 2:		/* a token where any word was */
			fdt_put32(out + FDT_HEADER_BYTES + (pick((uint32_t)b.ns / 4 + 1) * 4), 1 + pick(9));
			break;
		default:
			if (total > 4)
				total -= pick((uint32_t)total / 2 + 1);
			break;
		}
	}
	if (!pick(8))
		total += pick(64);		/* max_bytes past totalsize */
	*len = total;
	return out;
}

static int check(const uint8_t *blob, size_t len, uint64_t n)
{
	struct fdt_facts f, g;
	const char *note;
	uint64_t ram;
	int r = fdt_read_facts(blob, len, &f);

	if (r != fdt_read_facts(blob, len, &g) || (r == 0 && memcmp(&f, &g, sizeof(f)))) {
		printf("FAIL: fuzz-fdt: input %llu: two reads disagree\n", (unsigned long long)n);
		return -1;
	}
	if (r != 0)
		return 1;
	if (f.size > len || f.size < 40) {
		printf("FAIL: fuzz-fdt: input %llu: accepted totalsize %u of %zu bytes\n",
		       (unsigned long long)n, f.size, len);
		return -1;
	}
	if (f.bootargs && ((const uint8_t *)f.bootargs < blob ||
			   (const uint8_t *)f.bootargs >= blob + f.size ||
			   !memchr(f.bootargs, 0, (size_t)(blob + f.size - (const uint8_t *)f.bootargs)))) {
		printf("FAIL: fuzz-fdt: input %llu: bootargs outside the blob or unterminated\n",
		       (unsigned long long)n);
		return -1;
	}
	r = fdt_ram_size(&f, 1u << 30, &ram, &note);
	if ((r && !note) || (!r && ram != (f.have_mem && !f.mem_base ? f.mem_size : 1u << 30)) ||
	    (!r && ram == 0)) {
		printf("FAIL: fuzz-fdt: input %llu: fdt_ram_size gave %d, %llu\n",
		       (unsigned long long)n, r, (unsigned long long)ram);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
	uint64_t accepted = 0, refused = 0;

	rng_state = seed * 0x9E3779B97F4A7C15ull + 3;
	for (uint64_t n = 0; n < count; n++) {
		size_t len;
		uint8_t *in = make_input(&len);
		uint8_t *exact = malloc(len ? len : 1);
		int r;

		memcpy(exact, in, len);
		free(in);
		r = check(exact, len, n);
		free(exact);
		if (r < 0) {
			printf("fuzz-fdt: seed %llu\nSUMMARY: 0 passed, 1 failed, 0 skipped, 0 xfail\n", (unsigned long long)seed);
			return 1;
		}
		r ? refused++ : accepted++;
	}
	printf("fuzz-fdt: %llu inputs (seed %llu): %llu accepted, %llu refused, no property violated\n",
	       (unsigned long long)count, (unsigned long long)seed,
	       (unsigned long long)accepted, (unsigned long long)refused);
	printf("SUMMARY: 1 passed, 0 failed, 0 skipped, 0 xfail\n");
	return 0;
}
