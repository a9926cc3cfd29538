/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ELF loader: a 32-bit big-endian PowerPC executable; every PT_LOAD
 * segment is copied to RAM at its physical address (p_paddr).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim.h"

#define PT_LOAD		1
#define EM_PPC		20

static int fail(const char *path, const char *why)
{
	fprintf(stderr, "mpc8xx-sim: %s: %s\n", path, why);
	return -1;
}

/* The whole file, or NULL with a message (why) for anything but a regular file. */
static uint8_t *read_file(const char *path, size_t *len, const char **why)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	struct stat st;

	*why = NULL;
	if (!f)
		return NULL;
	if (fstat(fileno(f), &st) == 0 && !S_ISREG(st.st_mode)) {
		*why = S_ISDIR(st.st_mode) ? "is a directory, not an ELF file" :
			"not a regular file";
	} else if (fstat(fileno(f), &st) == 0) {
		buf = malloc(st.st_size ? (size_t)st.st_size : 1);
		if (buf && fread(buf, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)st.st_size;
	}
	fclose(f);
	return buf;
}

static bool in_file(size_t len, uint32_t off, uint32_t size)
{
	return off <= len && size <= len - off;
}

/* Symbols and load segments, kept to name addresses in traces. */
#define SHT_SYMTAB	2
#define STT_OBJECT	1
#define STT_FUNC	2
#define MAX_SEGS	16

struct sym {
	uint32_t addr;
	char *name;
};

static struct sym *syms;
static size_t nsyms;
static struct seg {
	uint32_t vaddr, paddr, memsz;
} segs[MAX_SEGS];
static int nsegs;

static int sym_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void add_symbol(const uint8_t *st, const char *strtab, uint32_t strsz)
{
	uint32_t name = get_be32(st), value = get_be32(st + 4);
	int type = st[12] & 0xF;
	uint16_t shndx = get_be16(st + 14);

	if ((type != STT_FUNC && type != STT_OBJECT && type != 0) ||
	    shndx == 0 || shndx >= 0xFF00 || name == 0 || name >= strsz ||
	    !memchr(strtab + name, 0, strsz - name) || strtab[name] == '$' ||
	    strtab[name] == '.')
		return;
	syms[nsyms].addr = value;
	syms[nsyms].name = strdup(strtab + name);
	if (syms[nsyms].name)
		nsyms++;
}

/* The symbol table is optional: a file without one (or a broken one) just has no names. */
static void load_symbols(const uint8_t *f, size_t len)
{
	uint32_t shoff = get_be32(f + 32), shentsize = get_be16(f + 46);
	uint32_t shnum = get_be16(f + 48);

	if (!shoff || shentsize < 40 || !in_file(len, shoff, shnum * shentsize))
		return;
	for (uint32_t i = 0; i < shnum; i++) {
		const uint8_t *sh = f + shoff + i * shentsize, *str;
		uint32_t off = get_be32(sh + 16), size = get_be32(sh + 20);
		uint32_t link = get_be32(sh + 24), n = size / 16;

		if (get_be32(sh + 4) != SHT_SYMTAB || link >= shnum ||
		    !in_file(len, off, size))
			continue;
		str = f + shoff + link * shentsize;
		if (!in_file(len, get_be32(str + 16), get_be32(str + 20)))
			continue;
		free(syms);
		syms = calloc(n ? n : 1, sizeof(*syms));
		nsyms = 0;
		for (uint32_t k = 0; syms && k < n; k++)
			add_symbol(f + off + k * 16,
				   (const char *)f + get_be32(str + 16),
				   get_be32(str + 20));
		qsort(syms, nsyms, sizeof(*syms), sym_cmp);
		return;
	}
}

static const struct sym *sym_below(uint32_t addr)
{
	size_t lo = 0, hi = nsyms;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &syms[lo - 1] : NULL;
}

/*
 * The symbol at or below addr, in the same load segment. An address in a
 * segment's physical range only (code running with translation off) is
 * named through the segment's virtual address.
 */
const char *elf_symbol(uint32_t addr, uint32_t *offset)
{
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < nsegs; i++) {
			uint32_t base = pass ? segs[i].paddr : segs[i].vaddr;
			uint32_t va = segs[i].vaddr + (addr - base);
			const struct sym *s;

			if (addr - base >= segs[i].memsz)
				continue;
			s = sym_below(va);
			if (!s || s->addr < segs[i].vaddr)
				return NULL;
			*offset = va - s->addr;
			return s->name;
		}
	}
	return NULL;
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
	if (nsegs < MAX_SEGS)
		segs[nsegs++] = (struct seg){ vaddr, paddr, memsz };
	memcpy(ram + paddr, f + off, filesz);
	memset(ram + paddr + filesz, 0, memsz - filesz);
	if (entry - vaddr < memsz)
		*entry_pa = paddr + (entry - vaddr);
	return 0;
}

int elf_load(const char *path, uint32_t *entry_pa)
{
	size_t len = 0;
	const char *why;
	uint8_t *f = read_file(path, &len, &why);
	uint32_t entry, phoff, phentsize, phnum;
	int loaded = 0, ret = -1;

	if (!f) {
		if (why)
			return fail(path, why);
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
	if (!loaded) {
		fail(path, "no PT_LOAD segment");
	} else {
		load_symbols(f, len);
		ret = 0;
	}
out:
	free(f);
	return ret;
}
