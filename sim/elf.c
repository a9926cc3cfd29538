/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ELF loader: a 32-bit big-endian PowerPC executable; every PT_LOAD
 * segment is copied to RAM at its physical address (p_paddr).
 */
#include <stdlib.h>
#include <string.h>

#include "sim.h"

#define PT_LOAD		1
#define EM_PPC		20

static int fail(const char *path, const char *why)
{
	fprintf(stderr, "mpc8xx-sim: %s: %s\n", path, why);
	return -1;
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc(n ? (size_t)n : 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)n;
	}
	fclose(f);
	return buf;
}

static bool in_file(size_t len, uint32_t off, uint32_t size)
{
	return off <= len && size <= len - off;
}

static int load_segment(const char *path, const uint8_t *f, size_t len,
			const uint8_t *ph, uint32_t entry, uint32_t *entry_pa)
{
	uint32_t off = get_be32(ph + 4), vaddr = get_be32(ph + 8);
	uint32_t paddr = get_be32(ph + 12), filesz = get_be32(ph + 16);
	uint32_t memsz = get_be32(ph + 20);

	if (filesz > memsz || !in_file(len, off, filesz))
		return fail(path, "malformed program header");
	if (paddr > ram_size || memsz > ram_size - paddr)
		return fail(path, "segment does not fit in RAM (see --ram)");
	memcpy(ram + paddr, f + off, filesz);
	memset(ram + paddr + filesz, 0, memsz - filesz);
	if (entry - vaddr < memsz)
		*entry_pa = paddr + (entry - vaddr);
	return 0;
}

int elf_load(const char *path, uint32_t *entry_pa)
{
	size_t len = 0;
	uint8_t *f = read_file(path, &len);
	uint32_t entry, phoff, phentsize, phnum;
	int loaded = 0, ret = -1;

	if (!f) {
		perror(path);
		return -1;
	}
	if (len < 52 || memcmp(f, "\177ELF", 4)) {
		fail(path, "not an ELF file");
		goto out;
	}
	if (f[4] != 1 || f[5] != 2 || get_be16(f + 18) != EM_PPC) {
		fail(path, "not a 32-bit big-endian PowerPC ELF");
		goto out;
	}
	entry = get_be32(f + 24);
	*entry_pa = entry;
	phoff = get_be32(f + 28);
	phentsize = get_be16(f + 42);
	phnum = get_be16(f + 44);
	if (phentsize < 32 || !in_file(len, phoff, phnum * phentsize)) {
		fail(path, "malformed program header table");
		goto out;
	}
	for (uint32_t i = 0; i < phnum; i++) {
		const uint8_t *ph = f + phoff + i * phentsize;

		if (get_be32(ph) != PT_LOAD)
			continue;
		if (load_segment(path, f, len, ph, entry, entry_pa))
			goto out;
		loaded++;
	}
	if (!loaded)
		fail(path, "no PT_LOAD segment");
	else
		ret = 0;
out:
	free(f);
	return ret;
}
