/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bring-up monitor (monitor/monitor.h): line input with echo and editing,
 * a command table, and the family-neutral commands.  Every command runs
 * guarded: an unexpected fault is reported with its register dump and the
 * prompt comes back.  Memory commands declare the fault they may take, so
 * an access to an unmapped address prints the fault and what the page
 * tables hold there.
 */
#include <stdio.h>
#include <string.h>
#include "monitor/monitor.h"
#include "lib/kprintf.h"
#include "include/linear.h"
#include "lib/cmdline.h"
#include "tlb/fault.h"
#include "mmu/pgtable.h"
#include "mmu/palloc.h"
#include "hugetlb/pool.h"
#include "tests/target/tests.h"
#include "tests/bench/bench.h"

#define LINE_MAX_CHARS	128
#define MAX_ARGS	8
#define MAX_SPACES	8		/* user spaces: ids 1..MAX_SPACES */
#define MD_MAX		4096		/* units one md/mw may touch */
#define INSN_BLR	0x4e800020u

#define CH_ETX		0x03		/* Ctrl-C: abandon the line */
#define CH_EOT		0x04		/* Ctrl-D on an empty line: end of input */
#define CH_BS		0x08
#define CH_NAK		0x15		/* Ctrl-U: erase the line */
#define CH_DEL		0x7f

struct command {
	const char *name;
	const char *args;
	const char *help;
	int (*fn)(int argc, char **argv);
};

static struct mm spaces[MAX_SPACES];
static bool space_used[MAX_SPACES];
static bool leaving;
static int exit_status;
static struct tlb_counts stats_base;
static bool line_open;		/* md has printed part of a line */

/* ---- input ---- */

static int getc_wait(void)
{
	int c;

	while ((c = console_getc()) < 0)
		;
	return c;
}

/*
 * One line into buf.  Returns its length, or -1 at end of input (Ctrl-D
 * on an empty line: what a runner sends when its input ends).
 */
static int read_line(char *buf, size_t size)
{
	size_t n = 0;
	bool too_long = false, last_cr = false;

	for (;;) {
		int c = getc_wait();

		if (c == '\n' && last_cr) {	/* the LF of a CR LF */
			last_cr = false;
			continue;
		}
		last_cr = c == '\r';
		if (c == '\r' || c == '\n')
			break;
		if (c == CH_EOT && n == 0)
			return -1;
		if (c == CH_ETX) {
			kprintf("^C\n" MONITOR_PROMPT);
			n = 0;
			too_long = false;
		} else if (c == CH_NAK) {
			while (n) {
				kprintf("\b \b");
				n--;
			}
			too_long = false;
		} else if (c == CH_BS || c == CH_DEL) {
			if (n) {
				kprintf("\b \b");
				n--;
			}
		} else if (c >= ' ' && c < CH_DEL) {
			if (n + 1 < size) {
				buf[n++] = (char)c;
				console_putc((char)c);
			} else {
				too_long = true;
			}
		}
	}
	kprintf("\n");
	buf[n] = '\0';
	if (too_long) {
		kprintf("error: line longer than %lu characters, ignored\n", (unsigned long)size - 1);
		buf[0] = '\0';
		return 0;
	}
	return (int)n;
}

#define SPLIT_TOO_MANY	(-1)
#define SPLIT_UNCLOSED	(-2)	/* a '"' without its closing one */
#define SPLIT_GLUED	(-3)	/* text right after a closing '"' */

/* Words separated by white space; "..." is one word (white space kept, the quotes dropped). */
static int split_words(char *line, char **argv)
{
	int argc = 0;
	char *p = line, *q;

	while (*p) {
		while (*p && cmdline_is_space(*p))
			*p++ = '\0';
		if (!*p)
			break;
		if (argc == MAX_ARGS)
			return SPLIT_TOO_MANY;
		if (*p == '"') {
			q = strchr(p + 1, '"');
			if (!q)
				return SPLIT_UNCLOSED;
			argv[argc++] = p + 1;
			*q = '\0';
			p = q + 1;
			if (*p && !cmdline_is_space(*p))
				return SPLIT_GLUED;
			continue;
		}
		argv[argc++] = p;
		while (*p && !cmdline_is_space(*p))
			p++;
	}
	return argc;
}

/* ---- arguments ---- */

/*
 * A number: hex with or without 0x; with a K, M or G suffix the digits are
 * decimal (16M), or hex after 0x (0x10M).
 */
static bool parse_num(const char *s, uint64_t *out)
{
	const char *p = s, *end = s + strlen(s);
	unsigned int base = 16, shift = 0;
	uint64_t v = 0;
	bool hex_prefix = false;

	if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		hex_prefix = true;
	}
	if (end > p) {
		switch (end[-1]) {
		case 'k': case 'K': shift = 10; break;
		case 'm': case 'M': shift = 20; break;
		case 'g': case 'G': shift = 30; break;
		default: break;
		}
	}
	if (shift) {
		end--;
		base = hex_prefix ? 16 : 10;
	}
	if (p == end)
		return false;
	for (; p < end; p++) {
		unsigned int d;

		if (*p >= '0' && *p <= '9')
			d = (unsigned int)(*p - '0');
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = (unsigned int)(*p - 'a' + 10);
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			d = (unsigned int)(*p - 'A' + 10);
		else
			return false;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
	}
	if (shift && v > (UINT64_MAX >> shift))
		return false;
	*out = v << shift;
	return true;
}

static bool arg_u32(const char *s, const char *what, uint32_t *out)
{
	uint64_t v;

	if (!parse_num(s, &v) || v > UINT32_MAX) {
		kprintf("error: %s \"%s\" is not a 32-bit number (hex, or decimal with K/M/G)\n", what, s);
		return false;
	}
	*out = (uint32_t)v;
	return true;
}

/* A virtual address: as wide as the family's (64 bits on e500 in 64-bit mode). */
static bool arg_va(const char *s, const char *what, vaddr_t *out)
{
	uint64_t v;

	if (!parse_num(s, &v) || v > (vaddr_t)~(vaddr_t)0) {
		kprintf("error: %s \"%s\" is not a %u-bit number (hex, or decimal with K/M/G)\n", what, s,
			(unsigned int)(8 * sizeof(vaddr_t)));
		return false;
	}
	*out = (vaddr_t)v;
	return true;
}

static bool arg_u64(const char *s, const char *what, uint64_t *out)
{
	if (!parse_num(s, out)) {
		kprintf("error: %s \"%s\" is not a number (hex, or decimal with K/M/G)\n", what, s);
		return false;
	}
	return true;
}

/* A page size: 64-bit on a 64-bit family (e6500 pages of 4G and more), 32-bit elsewhere. */
static bool arg_size(const char *s, vsize_t *out)
{
#ifdef PPCMMU_VADDR_64
	return arg_u64(s, "SIZE", out);
#else
	uint32_t v;

	if (!arg_u32(s, "SIZE", &v))
		return false;
	*out = v;
	return true;
#endif
}

/* PROT letters: r w x u (user), i (cache-inhibited), g (guarded), m (coherent), t (write-through). */
static bool arg_prot(const char *s, unsigned int *prot)
{
	static const char letters[] = "rwxuigmt";
	static const unsigned int bits[] = { PROT_READ, PROT_WRITE, PROT_EXEC, PROT_USER,
		PROT_NOCACHE, PROT_GUARDED, PROT_COHERENT, PROT_WRITETHRU };
	const char *p;

	*prot = 0;
	for (p = s; *p; p++) {
		const char *l = strchr(letters, *p);

		if (!l) {
			kprintf("error: PROT \"%s\": '%c' is not one of r w x u i g m t\n", s, *p);
			return false;
		}
		*prot |= bits[l - letters];
	}
	return true;
}

static void print_prot(unsigned int prot)
{
	kprintf("%c%c%c%s%s%s%s%s", prot & PROT_READ ? 'r' : '-', prot & PROT_WRITE ? 'w' : '-',
		prot & PROT_EXEC ? 'x' : '-', prot & PROT_USER ? " user" : " kernel",
		prot & PROT_NOCACHE ? " I" : "", prot & PROT_GUARDED ? " G" : "",
		prot & PROT_COHERENT ? " M" : "", prot & PROT_WRITETHRU ? " W" : "");
}

static const char *err_name(int err)
{
	static const char *const names[] = { "OK", "EALIGN", "ESIZE", "EOVERLAP", "ENOMEM", "ERANGE",
		"ENOENT", "EPROT", "EPARTIAL", "EPA", "EMIXED", "ECACHE", "EPID", "EDIRTY", "EBADENTRY",
		"ENOTHUGE", "ENOCOLLAPSE", "EPINNED", "ERDONLY", "ENOTPINNED", "EPINFULL" };

	return err <= 0 && -err < (int)(sizeof(names) / sizeof(names[0])) ? names[-err] : "E?";
}

static int mmu_error(const char *what, int err)
{
	kprintf("%s: %s (%s); nothing changed\n", what, err_name(err), mmu_strerror(err));
	return 1;
}

/* Space 0 is the kernel's; 1..MAX_SPACES the user spaces made by "space new". */
static struct mm *arg_space(int argc, char **argv, int index)
{
	uint32_t n = 0;

	if (argc > index && !arg_u32(argv[index], "space", &n))
		return NULL;
	if (n == 0)
		return &kernel_mm;
	if (n > MAX_SPACES || !space_used[n - 1]) {
		/* the number as typed: the monitor reads hex, a decimal echo would name another */
		kprintf("error: no space %s (space list)\n", argv[index]);
		return NULL;
	}
	return &spaces[n - 1];
}

static void print_size(vsize_t size)
{
	if (size >= 1u << 30 && !(size & ((1u << 30) - 1)))
		kprintf("%luG", (unsigned long)(size >> 30));
	else if (size >= 1u << 20 && !(size & ((1u << 20) - 1)))
		kprintf("%luM", (unsigned long)(size >> 20));
	else
		kprintf("%luK", (unsigned long)(size >> 10));
}

/* ---- faults ---- */

static void print_raw_entry(const char *name, unsigned int index, const void *p, int level)
{
	uint64_t e = pt_entry_get(p);

	if (pt_geo.level[level - 1].entry_bytes == 8)
		kprintf("  %s[%u] at 0x%08lx = 0x%08lx_%08lx ", name, index, (unsigned long)(uintptr_t)p,
			(unsigned long)(e >> 32), (unsigned long)(uint32_t)e);
	else
		kprintf("  %s[%u] at 0x%08lx = 0x%08lx ", name, index, (unsigned long)(uintptr_t)p,
			(unsigned long)(uint32_t)e);
	mon_arch_entry_flags(e, level);
	kprintf("\n");
}

/* The table path of va in mm, level by level, then what walk() makes of it. */
/* The name of a level: PGD, PTE on two-level families; PGD, PUD, PMD, PTE on four. */
static const char *level_name(int level, bool upper)
{
	static const char four[][2][4] = {
		{ "pgd", "PGD" }, { "pud", "PUD" }, { "pmd", "PMD" }, { "pte", "PTE" },
	};
	unsigned int i = (unsigned int)level - 1u;

	if (i >= pt_geo.levels || (pt_geo.levels != 2 && pt_geo.levels != 4))
		return "?";
	if (pt_geo.levels == 2 && i == 1)
		i = 3;
	return four[i & 3][upper];
}

void monitor_show_walk(struct mm *mm, vaddr_t va)
{
	struct walk_result w;
	struct tlb_info t;
	void *table;
	int err, l;

	if (!mm) {
		kprintf("walk 0x%08lx: no address space\n", (unsigned long)va);
		return;
	}
	if (va < mm->start || va > mm->last) {
		kprintf("walk 0x%08lx: outside the space (0x%08lx..0x%08lx)\n", (unsigned long)va,
			(unsigned long)mm->start, (unsigned long)mm->last);
		return;
	}
	kprintf("walk 0x%08lx in space %u, PGD at 0x%08lx:\n", (unsigned long)va, mm->pid,
		(unsigned long)(uintptr_t)mm->pgd);
	/* each level's entry on the path of va, down to a missing table or a leaf */
	for (table = mm->pgd, l = 1; l <= (int)pt_geo.levels; l++) {
		const struct pt_level *g = &pt_geo.level[l - 1];
		unsigned int i = (unsigned int)(((uint64_t)va >> g->shift) & (g->entries - 1));
		const void *slot = pt_table_slot(table, l, i);
		uint64_t e = pt_entry_get(slot);

		print_raw_entry(level_name(l, false), i, slot, l);
		if (l == (int)pt_geo.levels || pmd_none(e) || pmd_leaf(e))
			break;
		table = pmd_table(e);
	}
	err = walk(mm, va, &w);
	if (err) {
		kprintf("  no translation: %s (%s)\n", err_name(err), mmu_strerror(err));
	} else {
		vsize_t pgd_span = pt_level_step(WALK_LEVEL_PGD);
		vsize_t step = w.size >= pgd_span ? pgd_span : pt_level_step(w.level);

		kprintf("  leaf: %s entry, page ", level_name(w.level, true));
		print_size(w.size);
		kprintf(" at 0x%08lx -> " PA_FMT ", pa of va " PA_FMT ", ", (unsigned long)w.page_va,
			PA_ARG(w.page_pa), PA_ARG(w.pa));
		print_prot(w.prot);
		kprintf("\n");
		if (w.size > step)
			kprintf("  run of %lu %s entries starting at 0x%08lx; this is replica %lu\n",
				(unsigned long)(w.size / step), step == pgd_span ? "PGD" : level_name(w.level, true),
				(unsigned long)(uintptr_t)pt_run_head(mm, w.level, w.size, w.page_va),
				(unsigned long)((va - w.page_va) / step));
	}
	if (tlb_lookup(va, mm->pid, &t)) {
		kprintf("  TLB: ");
		mon_arch_tlb_line(&t);
		kprintf("\n");
	} else {
		kprintf("  TLB: no entry for 0x%08lx now\n", (unsigned long)va);
	}
}

static void show_fault(const struct fault_record *f)
{
	if (line_open)
		kprintf("\n");
	line_open = false;
	kprintf("fault: %s at 0x%08lx, pc 0x%08lx, %s mode, %s, cause 0x%08lx ",
		fault_kind_name(f->kind), (unsigned long)f->addr, (unsigned long)f->pc,
		f->user ? "user" : "kernel", f->store ? "store" : "load or fetch", (unsigned long)f->cause);
	mon_arch_cause(f);
	kprintf("\n");
	monitor_show_walk(&kernel_mm, f->addr);
}

/*
 * One access of width bytes at addr, with its fault declared: false (and
 * the fault printed) if it faulted.
 */
static bool guarded_access(vaddr_t addr, unsigned int width, bool store, uint32_t *val)
{
	bool faulted;

	expect_fault(addr);
	if (store) {
		if (width == 1)
			*(volatile uint8_t *)(uintptr_t)addr = (uint8_t)*val;
		else if (width == 2)
			*(volatile uint16_t *)(uintptr_t)addr = (uint16_t)*val;
		else
			*(volatile uint32_t *)(uintptr_t)addr = *val;
	} else {
		uint32_t v = 0;

		if (width == 1)
			v = *(volatile uint8_t *)(uintptr_t)addr;
		else if (width == 2)
			v = *(volatile uint16_t *)(uintptr_t)addr;
		else
			v = *(volatile uint32_t *)(uintptr_t)addr;
		*val = v;
	}
	faulted = faults_taken() != 0;
	expect_fault_clear();
	if (faulted)
		show_fault(last_fault());
	return !faulted;
}

/* ---- commands ---- */

static int cmd_help(int argc, char **argv);

static unsigned int width_of(const char *cmd)
{
	const char *dot = strchr(cmd, '.');

	if (!dot)
		return 4;
	return dot[1] == 'b' ? 1 : dot[1] == 'h' ? 2 : dot[1] == 'w' ? 4 : 0;
}

/*
 * "-f" after the command word forces what a guard below refuses (removed from argv).  Guarded:
 * writing the kernel's own text (mw, mwp); mapping the kernel image writable at a second VA, and
 * mapping a physical range that is neither RAM nor a device window the kernel knows (map).
 */
extern char __text_start[], __text_end[], _end[];
/* A copy of code the processor runs from, where a family has one (book3s/64: its vectors at PA 0). */
extern char __text_copy_start[] __attribute__((weak)), __text_copy_end[] __attribute__((weak));

static bool take_force(int *argc, char ***argv)
{
	if (*argc < 2 || strcmp((*argv)[1], "-f"))
		return false;
	(*argv)[1] = (*argv)[0];
	(*argv)++;
	(*argc)--;
	return true;
}

static bool ranges_meet(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

/* The physical range of [start, end) in the linear map: the link addresses say where the code is. */
static uint64_t text_pa(const char *start)
{
	return (uintptr_t)start - KERNEL_VA;
}

static bool text_refused(const char *cmd, uint64_t pa, uint64_t len, const char *start, const char *end)
{
	if (start == end || !ranges_meet(pa, len, text_pa(start), (uintptr_t)end - (uintptr_t)start))
		return false;
	kprintf("%s: refused: the range holds the kernel's own %s (0x%08lx..0x%08lx, PA %#lx..%#lx); "
		"%s -f writes it anyway\n", cmd, start == __text_start ? "text" : "code copy",
		(unsigned long)(uintptr_t)start, (unsigned long)(uintptr_t)end - 1,
		(unsigned long)text_pa(start), (unsigned long)text_pa(end) - 1, cmd);
	return true;
}

/* A write of [pa, pa + len) that reaches the kernel's text or a copy it runs: refused (said) unless forced. */
static bool text_write_refused(const char *cmd, uint64_t pa, uint64_t len, bool force)
{
	return !force && (text_refused(cmd, pa, len, __text_start, __text_end) ||
			  text_refused(cmd, pa, len, __text_copy_start, __text_copy_end));
}

static int dump(vaddr_t addr, uint32_t count, unsigned int width, vaddr_t shown_addr)
{
	uint32_t i, v;

	if (addr & (width - 1)) {
		kprintf("error: 0x%08lx is not aligned to %u bytes\n", (unsigned long)addr, width);
		return 1;
	}
	for (i = 0; i < count; i++) {
		if (i % (16 / width) == 0) {
			kprintf("%s%08lx:", i ? "\n" : "", (unsigned long)(shown_addr + i * width));
			line_open = true;
		}
		if (!guarded_access(addr + i * width, width, false, &v))
			return 1;
		kprintf(" %0*lx", (int)(2 * width), (unsigned long)v);
	}
	kprintf("\n");
	line_open = false;
	return 0;
}

static int fill(vaddr_t addr, uint32_t val, uint32_t count, unsigned int width)
{
	uint32_t i;

	if (addr & (width - 1)) {
		kprintf("error: 0x%08lx is not aligned to %u bytes\n", (unsigned long)addr, width);
		return 1;
	}
	for (i = 0; i < count; i++)
		if (!guarded_access(addr + i * width, width, true, &val))
			return 1;
	return 0;
}

static bool md_args(int argc, char **argv, unsigned int *width, uint32_t *count, int count_at)
{
	*width = width_of(argv[0]);
	*count = count_at == 3 ? 1 : 64 / (*width ? *width : 1);
	if (!*width) {
		kprintf("error: %s: the width is .b, .h or .w\n", argv[0]);
		return false;
	}
	if (argc > count_at && !arg_u32(argv[count_at], "COUNT", count))
		return false;
	if (*count == 0 || *count > MD_MAX) {
		kprintf("error: COUNT must be 1..%u\n", MD_MAX);
		return false;
	}
	return true;
}

static int cmd_md(int argc, char **argv)
{
	unsigned int width;
	vaddr_t addr;
	uint32_t count;

	if (argc < 2 || argc > 3)
		return cmd_help(2, (char *[]){ "help", argv[0] });
	if (!arg_va(argv[1], "ADDR", &addr) || !md_args(argc, argv, &width, &count, 2))
		return 1;
	return dump(addr, count, width, addr);
}

static int cmd_mw(int argc, char **argv)
{
	bool force = take_force(&argc, &argv);
	unsigned int width;
	vaddr_t addr;
	uint32_t val, count;

	if (argc < 3 || argc > 4)
		return cmd_help(2, (char *[]){ "help", argv[0] });
	if (!arg_va(argv[1], "ADDR", &addr) || !arg_u32(argv[2], "VALUE", &val) ||
	    !md_args(argc, argv, &width, &count, 3))
		return 1;
	/* the text through the linear map (its only kernel mapping) */
	if (addr >= KERNEL_VA &&
	    text_write_refused(argv[0], addr - KERNEL_VA, (uint64_t)count * width, force))
		return 1;
	return fill(addr, val, count, width);
}

/*
 * mdp/mwp: physical addresses through a temporary kernel mapping of one
 * page at the top of the kernel's page-table range (RAM cached, anything
 * else cache-inhibited and guarded).
 */
static int with_phys_page(paddr_t pa, uint32_t bytes, vaddr_t *va)
{
	vaddr_t window = layout.kmap_last & ~(vaddr_t)0xfff;
	unsigned int prot = PROT_READ | PROT_WRITE;
	int err;

	if ((pa & 0xfff) + bytes > 0x1000) {
		kprintf("error: mdp/mwp stay inside one 4K page (0x%lx bytes from offset 0x%lx)\n",
			(unsigned long)bytes, (unsigned long)(pa & 0xfff));
		return 1;
	}
	if (pa >= layout.ram_size)
		prot |= PROT_NOCACHE | PROT_GUARDED;
	err = map(&kernel_mm, window, pa & ~(paddr_t)0xfff, 0x1000, prot);
	if (err)
		return mmu_error("temporary mapping", err);
	*va = window + (vaddr_t)(pa & 0xfff);
	return 0;
}

static void end_phys_page(void)
{
	int err = unmap(&kernel_mm, layout.kmap_last & ~(vaddr_t)0xfff, 0x1000);

	if (err)
		mmu_error("removing the temporary mapping", err);
}

static int cmd_mdp(int argc, char **argv)
{
	unsigned int width;
	uint32_t count;
	vaddr_t va;
	uint64_t pa;
	int rc;

	if (argc < 2 || argc > 3)
		return cmd_help(2, (char *[]){ "help", argv[0] });
	if (!arg_u64(argv[1], "PADDR", &pa) || !md_args(argc, argv, &width, &count, 2) ||
	    with_phys_page(pa, count * width, &va))
		return 1;
	kprintf("physical " PA_FMT " through 0x%0*lx:\n", PA_ARG(pa), (int)(2 * sizeof(vaddr_t)), (unsigned long)va);
	rc = dump(va, count, width, va);
	end_phys_page();
	return rc;
}

static int cmd_mwp(int argc, char **argv)
{
	bool force = take_force(&argc, &argv);
	unsigned int width;
	uint32_t val, count;
	vaddr_t va;
	uint64_t pa;
	int rc;

	if (argc < 3 || argc > 4)
		return cmd_help(2, (char *[]){ "help", argv[0] });
	if (!arg_u64(argv[1], "PADDR", &pa) || !arg_u32(argv[2], "VALUE", &val) ||
	    !md_args(argc, argv, &width, &count, 3) ||
	    text_write_refused(argv[0], pa, (uint64_t)count * width, force) ||
	    with_phys_page(pa, count * width, &va))
		return 1;
	rc = fill(va, val, count, width);
	end_phys_page();
	return rc;
}

/*
 * What map must not do silently: a writable second mapping of the kernel image, and a range that is
 * neither RAM nor a known device window (device memory there is fine, but only when asked for).
 * Returns true when refused; with force, says what it maps instead.
 */
static bool map_refused(uint64_t pa, vsize_t size, unsigned int prot, bool force)
{
	uint64_t image = text_pa(__text_start), image_end = text_pa(_end);
	const char *window;

	if ((prot & PROT_WRITE) && ranges_meet(pa, size, image, image_end - image)) {
		kprintf("map: %s: PA " PA_FMT "..." PA_FMT " holds the kernel image (text and data, PA %#lx..%#lx), "
			"already mapped at 0x%08lx; a writable second mapping %s\n", force ? "note" : "refused",
			PA_ARG(pa), PA_ARG(pa + size - 1), (unsigned long)image, (unsigned long)image_end - 1,
			(unsigned long)(uintptr_t)__text_start, force ? "as forced" : "needs map -f");
		if (!force)
			return true;
	}
	if (pa + size <= layout.ram_size)
		return false;
	window = mon_arch_device_window(pa, size);
	if (window)
		return false;
	kprintf("map: %s: PA " PA_FMT "..." PA_FMT " is not RAM (RAM: PA 0.." PA_FMT ") nor a known device "
		"window; %s\n", force ? "note" : "refused", PA_ARG(pa), PA_ARG(pa + size - 1),
		PA_ARG(layout.ram_size - 1), force ? "mapped as forced (device memory: PROT i g)" :
		"map -f maps it anyway");
	return !force;
}

static int cmd_map(int argc, char **argv)
{
	bool force = take_force(&argc, &argv);
	vaddr_t va;
	vsize_t size;
	uint64_t pa;
	unsigned int prot;
	struct mm *mm;
	int err;

	if (argc < 5 || argc > 6)
		return cmd_help(2, (char *[]){ "help", "map" });
	if (!arg_va(argv[1], "VA", &va) || !arg_u64(argv[2], "PA", &pa) ||
	    !arg_size(argv[3], &size) || !arg_prot(argv[4], &prot) ||
	    !(mm = arg_space(argc, argv, 5)))
		return 1;
	if (size && map_refused(pa, size, prot, force))
		return 1;
	err = map(mm, va, pa, size, prot);
	if (err)
		return mmu_error("map", err);
	kprintf("mapped 0x%08lx -> " PA_FMT " (", (unsigned long)va, PA_ARG(pa));
	print_size(size);
	kprintf(", ");
	print_prot(prot);
	kprintf(") in space %u\n", mm->pid);
	return 0;
}

static int cmd_unmap(int argc, char **argv)
{
	vaddr_t va;
	uint32_t size;
	struct mm *mm;
	int err;

	if (argc < 3 || argc > 4)
		return cmd_help(2, (char *[]){ "help", "unmap" });
	if (!arg_va(argv[1], "VA", &va) || !arg_u32(argv[2], "SIZE", &size) ||
	    !(mm = arg_space(argc, argv, 3)))
		return 1;
	err = unmap(mm, va, size);
	if (err)
		return mmu_error("unmap", err);
	kprintf("unmapped 0x%08lx + 0x%lx in space %u\n", (unsigned long)va, (unsigned long)size, mm->pid);
	return 0;
}

static int cmd_protect(int argc, char **argv)
{
	vaddr_t va;
	uint32_t size;
	unsigned int prot;
	struct mm *mm;
	int err;

	if (argc < 4 || argc > 5)
		return cmd_help(2, (char *[]){ "help", "protect" });
	if (!arg_va(argv[1], "VA", &va) || !arg_u32(argv[2], "SIZE", &size) ||
	    !arg_prot(argv[3], &prot) || !(mm = arg_space(argc, argv, 4)))
		return 1;
	err = protect(mm, va, size, prot);
	if (err)
		return mmu_error("protect", err);
	kprintf("protected 0x%08lx + 0x%lx: ", (unsigned long)va, (unsigned long)size);
	print_prot(prot);
	kprintf("\n");
	return 0;
}

static int cmd_walk(int argc, char **argv)
{
	vaddr_t va;
	struct mm *mm;

	if (argc < 2 || argc > 3)
		return cmd_help(2, (char *[]){ "help", "walk" });
	if (!arg_va(argv[1], "VA", &va) || !(mm = arg_space(argc, argv, 2)))
		return 1;
	monitor_show_walk(mm, va);
	return 0;
}

/* ---- split, collapse, pins ---- */

static int cmd_split(int argc, char **argv)
{
	uint32_t va, size, new_size;
	struct mm *mm;
	int err;

	if (argc < 4 || argc > 5)
		return cmd_help(2, (char *[]){ "help", "split" });
	if (!arg_u32(argv[1], "VA", &va) || !arg_u32(argv[2], "SIZE", &size) ||
	    !arg_u32(argv[3], "NEWSIZE", &new_size) || !(mm = arg_space(argc, argv, 4)))
		return 1;
	err = split(mm, va, size, new_size);
	if (err)
		return mmu_error("split", err);
	kprintf("split the pages of 0x%08lx + 0x%lx into ", (unsigned long)va, (unsigned long)size);
	print_size(new_size);
	kprintf(" pages in space %u\n", mm->pid);
	return 0;
}

static int cmd_collapse(int argc, char **argv)
{
	struct walk_result w;
	uint32_t va;
	struct mm *mm;
	int err;

	if (argc < 2 || argc > 3)
		return cmd_help(2, (char *[]){ "help", "collapse" });
	if (!arg_u32(argv[1], "VA", &va) || !(mm = arg_space(argc, argv, 2)))
		return 1;
	err = collapse(mm, va);
	if (err)
		return mmu_error("collapse", err);
	walk(mm, va, &w);
	kprintf("collapsed into one ");
	print_size(w.size);
	kprintf(" page at 0x%08lx -> " PA_FMT " in space %u\n", (unsigned long)w.page_va,
		PA_ARG(w.page_pa), mm->pid);
	return 0;
}

/* The ranges "pin" pinned, newest last, for "unpin". */
#define MON_PINS	8
static struct { struct mm *mm; vaddr_t va; uint32_t len; } mon_pins[MON_PINS];
static unsigned int mon_npins;

static int cmd_pin(int argc, char **argv)
{
	static paddr_t frames[64];
	uint32_t va, len, i;
	bool write = argc > 3 && !strcmp(argv[3], "w");
	struct mm *mm;
	int err;

	if (argc < 3 || argc > 5 || (argc == 5 && !write))
		return cmd_help(2, (char *[]){ "help", "pin" });
	if (!arg_u32(argv[1], "VA", &va) || !arg_u32(argv[2], "LEN", &len) ||
	    !(mm = arg_space(argc, argv, write ? 4 : 3)))
		return 1;
	if (len / 4096 > sizeof(frames) / sizeof(frames[0])) {
		kprintf("error: LEN 0x%lx is more than the monitor's %u frames; nothing changed\n",
			(unsigned long)len, (unsigned int)(sizeof(frames) / sizeof(frames[0])));
		return 1;
	}
	if (mon_npins == MON_PINS) {
		kprintf("error: %u pins held already (unpin one); nothing changed\n", MON_PINS);
		return 1;
	}
	err = pin_range(mm, va, len, write, frames);
	if (err)
		return mmu_error("pin", err);
	mon_pins[mon_npins].mm = mm;
	mon_pins[mon_npins].va = va;
	mon_pins[mon_npins++].len = len;
	kprintf("pinned 0x%08lx + 0x%lx for %s in space %u; frames:", (unsigned long)va,
		(unsigned long)len, write ? "writing" : "reading", mm->pid);
	for (i = 0; i < len / 4096; i++) {	/* runs of contiguous frames as first..last */
		uint32_t j = i;

		while (j + 1 < len / 4096 && frames[j + 1] == frames[j] + 4096)
			j++;
		kprintf(" " PA_FMT, PA_ARG(frames[i]));
		if (j > i)
			kprintf(".." PA_FMT, PA_ARG(frames[j]));
		i = j;
	}
	kprintf("\n");
	return 0;
}

static int cmd_unpin(int argc, char **argv)
{
	int err;

	(void)argv;
	if (argc != 1)
		return cmd_help(2, (char *[]){ "help", "unpin" });
	if (!mon_npins) {
		kprintf("error: nothing pinned from the monitor; nothing changed\n");
		return 1;
	}
	err = unpin(mon_pins[mon_npins - 1].mm, mon_pins[mon_npins - 1].va, mon_pins[mon_npins - 1].len);
	if (err)
		return mmu_error("unpin", err);
	mon_npins--;
	kprintf("unpinned 0x%08lx + 0x%lx in space %u; %u pages pinned now\n",
		(unsigned long)mon_pins[mon_npins].va, (unsigned long)mon_pins[mon_npins].len,
		mon_pins[mon_npins].mm->pid, pin_pages());
	return 0;
}

static int cmd_space(int argc, char **argv)
{
	unsigned int i;
	uint32_t n;
	int err;

	if (argc == 2 && !strcmp(argv[1], "new")) {
		for (i = 0; i < MAX_SPACES && space_used[i]; i++)
			;
		if (i == MAX_SPACES) {
			kprintf("error: all %u spaces are in use (space free N)\n", MAX_SPACES);
			return 1;
		}
		err = mm_init(&spaces[i], layout.user_start, layout.user_last, i + 1);
		if (err)
			return mmu_error("space new", err);
		space_used[i] = true;
		kprintf("space %u: 0x%08lx..0x%08lx, PGD at 0x%08lx\n", i + 1,
			(unsigned long)layout.user_start, (unsigned long)layout.user_last,
			(unsigned long)(uintptr_t)spaces[i].pgd);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "list")) {
		kprintf("space 0: kernel, 0x%08lx..0x%08lx, PGD at 0x%08lx, %u tables\n",
			(unsigned long)kernel_mm.start, (unsigned long)kernel_mm.last,
			(unsigned long)(uintptr_t)kernel_mm.pgd, kernel_mm.tables);
		for (i = 0; i < MAX_SPACES; i++)
			if (space_used[i])
				kprintf("space %u: user, 0x%08lx..0x%08lx, PGD at 0x%08lx, %u tables\n", i + 1,
					(unsigned long)spaces[i].start, (unsigned long)spaces[i].last,
					(unsigned long)(uintptr_t)spaces[i].pgd, spaces[i].tables);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "free")) {
		if (!arg_u32(argv[2], "N", &n))
			return 1;
		if (n == 0 || n > MAX_SPACES || !space_used[n - 1]) {
			kprintf("error: no user space %s (space list)\n", argv[2]);
			return 1;
		}
		for (i = 0; i < mon_npins; i++)
			if (mon_pins[i].mm == &spaces[n - 1]) {
				kprintf("error: space %lu has pages pinned (unpin); nothing changed\n",
					(unsigned long)n);
				return 1;
			}
		mm_destroy(&spaces[n - 1]);
		tlb_flush_all();
		space_used[n - 1] = false;
		kprintf("space %lu freed (its page tables; the pages it mapped are not owned by it)\n",
			(unsigned long)n);
		return 0;
	}
	return cmd_help(2, (char *[]){ "help", "space" });
}

static void print_counts(const char *what, const struct report_counts *a, const struct report_counts *b)
{
	kprintf("%s: %u passed, %u failed, %u skipped, %u xfail\n", what, b->passed - a->passed,
		b->failed - a->failed, b->skipped - a->skipped, b->xfailed - a->xfailed);
}

static int cmd_test(int argc, char **argv)
{
	char list[LINE_MAX_CHARS];
	struct report_counts before, after;
	size_t n = 0;
	int i;

	if (argc == 2 && !strcmp(argv[1], "list")) {
		list_tests();
		return 0;
	}
	if (argc == 1)
		strcpy(list, "all");
	for (i = 1; i < argc; i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i > 1 ? "," : "", argv[i]);
	report_get_counts(&before);
	if (!run_selected_tests(list, argc == 1 ? 3 : n))
		return 1;
	report_get_counts(&after);
	print_counts("test", &before, &after);
	return after.failed != before.failed;
}

static int cmd_bench(int argc, char **argv)
{
	char word[LINE_MAX_CHARS];
	struct report_counts before, after;
	bool raw = argc > 1 && !strcmp(argv[1], "-r");

	if (raw) {
		argv++;
		argc--;
	}
	if (argc > 2)
		return cmd_help(2, (char *[]){ "help", "bench" });
	snprintf(word, sizeof(word), "bench%s%s", argc == 2 ? "=" : "", argc == 2 ? argv[1] : "");
	report_get_counts(&before);
	bench_raw = raw;		/* tables with units; -r: the lines make bench reads */
	bench_main(word);
	bench_raw = true;
	report_get_counts(&after);
	print_counts("bench", &before, &after);
	return after.failed != before.failed;
}

static void call_at(void *fn)
{
	((void (*)(void))fn)();
}

static int cmd_touch(int argc, char **argv)
{
	struct tlb_counts c0, c1;
	struct tlb_info t;
	vaddr_t va;
	uint32_t v = 0;
	char kind = argc > 2 ? argv[2][0] : 'r';
	bool before, ok = true;

	if (argc < 2 || argc > 3 || !strchr("rwx", kind) || (argc > 2 && argv[2][1]))
		return cmd_help(2, (char *[]){ "help", "touch" });
	if (!arg_va(argv[1], "VA", &va))
		return 1;
	if (kind == 'x') {
		struct walk_result w;

		if (walk(&kernel_mm, va, &w) == MMU_OK && w.pa < layout.linear_size &&
		    *(const uint32_t *)phys_to_virt(w.pa) != INSN_BLR) {
			kprintf("error: touch x runs the instruction at 0x%08lx; it must be blr (0x%08x): "
				"mw 0x%08lx %08x first\n", (unsigned long)va, INSN_BLR, (unsigned long)va,
				INSN_BLR);
			return 1;
		}
		if (walk(&kernel_mm, va, &w) == MMU_OK)
			icache_sync((const void *)(uintptr_t)va, 4);
	}
	before = tlb_lookup(va, 0, &t);
	tlb_counts(&c0);
	if (kind == 'x') {
		expect_fault(va);
		call_at((void *)(uintptr_t)va);
		ok = faults_taken() == 0;
		expect_fault_clear();
		if (!ok)
			show_fault(last_fault());
	} else {
		if (kind == 'w' && !guarded_access(va, 4, false, &v))
			return 1;
		ok = guarded_access(va, 4, kind == 'w', &v);
	}
	tlb_counts(&c1);
	kprintf("touch 0x%08lx %c: %s; TLB misses: %lu data, %lu instruction%s; entry before: %s, now: ",
		(unsigned long)va, kind, ok ? "done" : "faulted",
		(unsigned long)(c1.dmiss - c0.dmiss), (unsigned long)(c1.imiss - c0.imiss),
		tlb_counts_available() ? "" : " (not counted in this build)", before ? "yes" : "no");
	if (tlb_lookup(va, 0, &t)) {
		mon_arch_tlb_line(&t);
		kprintf("\n");
	} else {
		kprintf("none\n");
	}
	if (kind == 'r' && ok)
		kprintf("value 0x%08lx\n", (unsigned long)v);
	return ok ? 0 : 1;
}

static int cmd_tlb(int argc, char **argv)
{
	const char *which = NULL;
	bool all = false;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "all"))
			all = true;
		else if (!which)
			which = argv[i];
		else
			return cmd_help(2, (char *[]){ "help", "tlb" });
	}
	if (!mon_arch_tlb(which, all)) {
		kprintf("error: no TLB \"%s\" on %s\n", which, layout.family);
		return 1;
	}
	return 0;
}

static void print_pool(void)
{
	unsigned int n, i, reserved, free, any = 0;
	const vsize_t *sizes = mmu_page_sizes(&n);

	for (i = 1; i < n; i++) {
		hugepool_count(sizes[i], &reserved, &free);
		if (!reserved)
			continue;
		kprintf("  ");
		print_size(sizes[i]);
		kprintf(": %u reserved, %u free\n", reserved, free);
		any++;
	}
	if (!any)
		kprintf("  empty (no hugepages= on the command line)\n");
}

static int cmd_pool(int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return cmd_help(2, (char *[]){ "help", "pool" });
	kprintf("huge-page pool:\n");
	print_pool();
	return 0;
}

static int cmd_info(int argc, char **argv)
{
	struct palloc_stats st;
	struct tlb_counts c;
	unsigned int n, i;
	const vsize_t *sizes = mmu_page_sizes(&n);

	(void)argv;
	if (argc != 1)
		return cmd_help(2, (char *[]){ "help", "info" });
	palloc_get_stats(&st);
	kprintf("board %s, family %s\n", BOARD_NAME, layout.family);
	mon_arch_info();
	kprintf("RAM " PA_FMT " bytes (%lu MB), linear map %lu MB at 0x%08lx, %lu of %lu pages free\n",
		PA_ARG(layout.ram_size), (unsigned long)(layout.ram_size >> 20),
		(unsigned long)(layout.linear_size >> 20), (unsigned long)layout.linear_va, st.free, st.total);
	kprintf("kernel page tables serve 0x%08lx..0x%08lx, user spaces 0x%08lx..0x%08lx\n",
		(unsigned long)layout.kmap_start, (unsigned long)layout.kmap_last,
		(unsigned long)layout.user_start, (unsigned long)layout.user_last);
	kprintf("page sizes:");
	for (i = 0; i < n; i++) {
		kprintf(" ");
		print_size(sizes[i]);
	}
	kprintf("\nhuge-page pool:\n");
	print_pool();
	tlb_counts(&c);
	if (tlb_counts_available())
		kprintf("TLB misses since boot: %lu data, %lu instruction\n", (unsigned long)c.dmiss,
			(unsigned long)c.imiss);
	else
		kprintf("TLB misses: not counted in this build (TLB_STATS=0)\n");
	kprintf("command line: %lu characters: \"%s\"\n", (unsigned long)strlen(layout.bootargs),
		layout.bootargs);
	return 0;
}

static int cmd_stats(int argc, char **argv)
{
	struct fault_fixup_counts fx;
	struct tlb_counts c;
	const unsigned int *f = fault_counts();
	int k;

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "reset")))
		return cmd_help(2, (char *[]){ "help", "stats" });
	tlb_counts(&c);
	if (argc == 2) {
		stats_base = c;
		fault_counts_reset();
		kprintf("stats reset\n");
		return 0;
	}
	if (tlb_counts_available())
		kprintf("TLB misses: %lu data, %lu instruction\n", (unsigned long)(c.dmiss - stats_base.dmiss),
			(unsigned long)(c.imiss - stats_base.imiss));
	else
		kprintf("TLB misses: not counted in this build (TLB_STATS=0)\n");
	kprintf("faults reaching C:");
	for (k = FAULT_TLB_DATA; k <= FAULT_OTHER; k++)
		kprintf("%s %s %u", k == FAULT_TLB_DATA ? "" : ",", fault_kind_name((enum fault_kind)k), f[k]);
	kprintf("\n");
	fault_fixup_counts_sum(&fx);
	kprintf("changed-bit fix-ups: %u, accessed-bit fix-ups: %u (every core)\n", fx.dirty, fx.young);
	mon_arch_stats();
	return 0;
}

static int cmd_exit(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	leaving = true;
	return 0;
}

static int cmd_reset(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	mon_arch_reset();
}

static const struct command commands[] = {
	{ "help", "[CMD]", "list the commands, or explain one", cmd_help },
	{ "info", "", "board, core, RAM, TLB geometry, page sizes, huge-page pool, miss counters", cmd_info },
	{ "tlb", "[i|d|0|1] [all]", "valid TLB entries, decoded, one per line (all: invalid ones too)", cmd_tlb },
	{ "walk", "VA [SPACE]", "page-table path of VA: each level's entry, the leaf, the TLB entry", cmd_walk },
	{ "map", "[-f] VA PA SIZE PROT [SPACE]", "map one page; PROT letters r w x u i g m t (-f: beyond RAM, or the kernel writable)", cmd_map },
	{ "unmap", "VA SIZE [SPACE]", "unmap whole pages", cmd_unmap },
	{ "protect", "VA SIZE PROT [SPACE]", "change the protection of whole pages", cmd_protect },
	{ "split", "VA SIZE NEWSIZE [SPACE]", "map the huge pages of a range in NEWSIZE pieces, in place", cmd_split },
	{ "collapse", "VA [SPACE]", "put back the largest huge page the pieces around VA form", cmd_collapse },
	{ "pin", "VA LEN [w] [SPACE]", "pin the pages of a range (w: for writing), show the frames", cmd_pin },
	{ "unpin", "", "undo the last pin", cmd_unpin },
	{ "space", "new|list|free N", "user address spaces (space 0 is the kernel's)", cmd_space },
	{ "md", "[.b|.h|.w] ADDR [COUNT]", "display memory at a virtual address", cmd_md },
	{ "mw", "[.b|.h|.w] [-f] ADDR VALUE [COUNT]", "write memory at a virtual address (-f: the kernel's text too)", cmd_mw },
	{ "mdp", "[.b|.h|.w] PADDR [COUNT]", "display physical memory (temporary mapping)", cmd_mdp },
	{ "mwp", "[.b|.h|.w] [-f] PADDR VALUE [COUNT]", "write physical memory (temporary mapping; -f: the kernel's text too)", cmd_mwp },
	{ "touch", "VA [r|w|x]", "one access, then: miss taken? entry created? fault?", cmd_touch },
	{ "stats", "[reset]", "TLB misses and faults per kind since boot or the last reset", cmd_stats },
	{ "pool", "", "the huge-page pool", cmd_pool },
	{ "test", "[NAME...] | list", "run tests by name or group (globs), or list them", cmd_test },
	{ "bench", "[-r] [NAME,...]", "run benchmarks: tables with units (-r: the raw BENCH lines make bench reads)", cmd_bench },
	{ "reset", "", "reset the board (ends the run where a reset does)", cmd_reset },
	{ "exit", "", "leave the monitor and end the run", cmd_exit },
};

#define NR_COMMANDS	(sizeof(commands) / sizeof(commands[0]))

static const struct command *find_command(const char *name)
{
	size_t len = strcspn(name, ".");
	unsigned int i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (strlen(commands[i].name) == len && !strncmp(commands[i].name, name, len) &&
		    (!name[len] || commands[i].fn == cmd_md || commands[i].fn == cmd_mw ||
		     commands[i].fn == cmd_mdp || commands[i].fn == cmd_mwp))
			return &commands[i];
	return NULL;
}

static int cmd_help(int argc, char **argv)
{
	const struct command *c;
	unsigned int i;

	if (argc > 1) {
		c = find_command(argv[1]);
		if (!c) {
			kprintf("error: no command \"%s\" (help lists them)\n", argv[1]);
			return 1;
		}
		kprintf("usage: %s %s\n  %s\n", c->name, c->args, c->help);
		return 1;
	}
	for (i = 0; i < NR_COMMANDS; i++)
		kprintf("  %-8s %-30s %s\n", commands[i].name, commands[i].args, commands[i].help);
	kprintf("Numbers are hex (0x optional); K, M or G make them decimal sizes. Ctrl-U erases the line,\n"
		"Ctrl-C abandons it, Ctrl-D on an empty line ends the input (as exit).\n");
	return 0;
}

struct invocation {
	const struct command *cmd;
	int argc;
	char **argv;
	int rc;
};

static void invoke(void *arg)
{
	struct invocation *inv = arg;

	inv->rc = inv->cmd->fn(inv->argc, inv->argv);
}

static void run_line(char *line)
{
	char *argv[MAX_ARGS];
	int argc = split_words(line, argv);
	struct invocation inv;

	if (argc == 0)
		return;
	if (argc < 0) {
		if (argc == SPLIT_UNCLOSED)
			kprintf("error: a quote (\") is not closed; nothing run\n");
		else if (argc == SPLIT_GLUED)
			kprintf("error: a closing quote (\") must end its word; nothing run\n");
		else
			kprintf("error: more than %d words\n", MAX_ARGS);
		return;
	}
	inv.cmd = find_command(argv[0]);
	if (!inv.cmd) {
		kprintf("error: no command \"%s\" (help lists them)\n", argv[0]);
		return;
	}
	inv.argc = argc;
	inv.argv = argv;
	if (!run_guarded(invoke, &inv))
		kprintf("%s: abandoned after the unexpected fault above; the kernel goes on\n", argv[0]);
}

int monitor_main(void)
{
	char line[LINE_MAX_CHARS];

	tlb_counts(&stats_base);
	kprintf("ppcmmu: monitor; \"help\" lists the commands\n");
	while (!leaving) {
		kprintf(MONITOR_PROMPT);
		if (read_line(line, sizeof(line)) < 0) {
			kprintf("(end of input)\n");
			break;
		}
		run_line(line);
	}
	kprintf("ppcmmu: monitor exits\n");
	return exit_status;
}
