/* SPDX-License-Identifier: BSD-2-Clause */
/* Command line, board reset, and the reports printed at exit. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "jit.h"

#define MAX_DUMPS	16
#define MAX_RAM		0x80000000ull

struct dump {
	uint32_t addr, len;
	const char *file;
};

struct options {
	uint64_t ram;
	uint64_t max_insns;
	bool stats, regs, strict, entry_elf, jit_stats;
	const char *trace;
	const char *image;
	const char *dtb;
	int gdb_port;
	struct dump dumps[MAX_DUMPS];
	int ndumps;
};

static struct cpu cpu;

static const char help_text[] =
	"usage: mpc8xx-sim [options] image.elf\n"
	"  --ram SIZE            RAM at physical 0 (default 64M; K/M/G suffix)\n"
	"  --max-insns N         stop after N instructions (0: no limit)\n"
	"  --stats               print instruction, exception, TLB and warning counts at exit\n"
	"  --regs                print the registers at exit\n"
	"  --strict              the first undocumented case ends the run (status 125)\n"
	"  --allow KIND          warnings of KIND do not end a --strict run (may be repeated)\n"
	"  --entry-elf           start at the ELF entry point instead of the reset vector\n"
	"  --dump ADDR:LEN:FILE  at exit, write physical RAM [ADDR, ADDR+LEN) to FILE\n"
	"  --dtb FILE            hand the kernel FILE as its device tree (r3), as a boot loader does\n"
	"  --trace FILE          trace executed instructions and exception entries to FILE\n"
	"  --trace-range LO:HI   trace only instructions at addresses LO..HI\n"
	"  --trace-from N        trace from the Nth instruction on (counted from 1)\n"
	"  --trace-count N       trace N instructions, then stop tracing\n"
	"  --trace-exceptions    trace exception entries only\n"
	"  --gdb PORT            wait for gdb (remote protocol) on localhost:PORT\n"
	"  --jit N               translate a loop to host code after N branches to it (default 16, 0: never)\n"
	"  --jit-stats           print the translator's counts at exit (translations, times its buffer was full)\n"
	"  --help                print this and exit\n";

static void usage(void)
{
	fputs(help_text, stderr);
	exit(EXIT_BAD_ARGS);
}

/*
 * A non-negative number (0x.. or decimal), with a K/M/G suffix when
 * size_suffix; false for a sign, trailing text, or a value that does not fit
 * in 64 bits once scaled.
 */
static bool parse_num(const char *s, uint64_t *out, bool size_suffix)
{
	char *end;
	uint64_t v;
	int shift = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '-' || *s == '+')
		return false;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s)
		return false;
	if (size_suffix && *end) {
		switch (*end++) {
		case 'k': case 'K': shift = 10; break;
		case 'm': case 'M': shift = 20; break;
		case 'g': case 'G': shift = 30; break;
		default: return false;
		}
	}
	if (v > UINT64_MAX >> shift)
		return false;
	*out = v << shift;
	return *end == 0;
}

static void parse_dump(struct options *o, char *arg)
{
	char *len = strchr(arg, ':'), *file;
	uint64_t a, l;

	file = len ? strchr(len + 1, ':') : NULL;
	if (!file || o->ndumps == MAX_DUMPS)
		usage();
	*len++ = 0;
	*file++ = 0;
	if (!parse_num(arg, &a, false) || !parse_num(len, &l, true) ||
	    a > 0xFFFFFFFFull || l > 0xFFFFFFFFull || !*file)
		usage();
	o->dumps[o->ndumps++] = (struct dump){ (uint32_t)a, (uint32_t)l, file };
}

static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);

	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (*i + 1 >= argc)
		usage();
	return argv[++*i];
}

static bool is_opt(const char *arg, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(arg, name, n) && (arg[n] == 0 || arg[n] == '=');
}

static void parse_range(const char *arg)
{
	char lo[32];
	const char *colon = strchr(arg, ':');
	uint64_t l, h;

	if (!colon || (size_t)(colon - arg) >= sizeof(lo))
		usage();
	memcpy(lo, arg, (size_t)(colon - arg));
	lo[colon - arg] = 0;
	if (!parse_num(lo, &l, false) || !parse_num(colon + 1, &h, false) ||
	    l > h || h > 0xFFFFFFFFull)
		usage();
	trace_filter.lo = (uint32_t)l;
	trace_filter.hi = (uint32_t)h;
}

static void parse_jit(const char *s)
{
	uint64_t n;

	if (!parse_num(s, &n, false) || n > JIT_HOT_MAX)
		usage();
	jit_hot = (unsigned int)n;
}

static void parse_args(struct options *o, int argc, char **argv)
{
	o->ram = 64u << 20;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (is_opt(a, "--ram")) {
			if (!parse_num(opt_value(argc, argv, &i, "--ram"),
				       &o->ram, true))
				usage();
		} else if (is_opt(a, "--max-insns")) {
			if (!parse_num(opt_value(argc, argv, &i, "--max-insns"),
				       &o->max_insns, false))
				usage();
		} else if (is_opt(a, "--trace")) {
			o->trace = opt_value(argc, argv, &i, "--trace");
		} else if (is_opt(a, "--trace-range")) {
			parse_range(opt_value(argc, argv, &i, "--trace-range"));
		} else if (is_opt(a, "--trace-from")) {
			if (!parse_num(opt_value(argc, argv, &i, "--trace-from"),
				       &trace_filter.from, false) ||
			    !trace_filter.from)
				usage();
		} else if (is_opt(a, "--trace-count")) {
			if (!parse_num(opt_value(argc, argv, &i, "--trace-count"),
				       &trace_filter.count, false) ||
			    !trace_filter.count)
				usage();
		} else if (!strcmp(a, "--trace-exceptions")) {
			trace_filter.exceptions_only = true;
		} else if (is_opt(a, "--gdb")) {
			uint64_t port;

			if (!parse_num(opt_value(argc, argv, &i, "--gdb"), &port,
				       false) || port == 0 || port > 65535)
				usage();
			o->gdb_port = (int)port;
		} else if (!strcmp(a, "--help")) {
			fputs(help_text, stdout);
			exit(0);
		} else if (is_opt(a, "--dump")) {
			parse_dump(o, (char *)opt_value(argc, argv, &i,
							"--dump"));
		} else if (is_opt(a, "--jit")) {
			parse_jit(opt_value(argc, argv, &i, "--jit"));
		} else if (is_opt(a, "--dtb")) {
			o->dtb = opt_value(argc, argv, &i, "--dtb");
		} else if (!strcmp(a, "--stats")) {
			o->stats = true;
		} else if (!strcmp(a, "--jit-stats")) {
			o->jit_stats = true;
		} else if (!strcmp(a, "--regs")) {
			o->regs = true;
		} else if (!strcmp(a, "--strict")) {
			o->strict = true;
		} else if (!strcmp(a, "--entry-elf")) {
			o->entry_elf = true;
		} else if (is_opt(a, "--allow")) {
			if (!warn_allow(opt_value(argc, argv, &i, "--allow")))
				usage();
		} else if (a[0] == '-' || o->image) {
			usage();
		} else {
			o->image = a;
		}
	}
	if (!o->image || o->ram < 0x4000 || o->ram > MAX_RAM || (o->ram & 0xFFF))
		usage();
}

void print_stats(FILE *f, const struct cpu *c)
{
	const struct stats *s = &c->stats;

	fprintf(f, "instructions: %" PRIu64 "\n", c->icount);
	for (int v = 0; v < NUM_VECTORS; v++)
		if (s->exceptions[v])
			fprintf(f, "exception 0x%04x (%s): %" PRIu64 "\n",
				v << 8, vector_name((uint32_t)v << 8),
				s->exceptions[v]);
	fprintf(f, "itlb misses: %" PRIu64 "\nitlb errors: %" PRIu64
		"\ndtlb misses: %" PRIu64 "\ndtlb errors: %" PRIu64
		"\nitlb entries written: %" PRIu64
		"\ndtlb entries written: %" PRIu64 "\n",
		s->itlb_miss, s->itlb_err, s->dtlb_miss, s->dtlb_err,
		s->itlb_writes, s->dtlb_writes);
	for (int k = 0; k < NUM_WARN; k++)
		if (warn_counts[k])
			fprintf(f, "warning %s: %" PRIu64 "\n",
				warn_name(k), warn_counts[k]);
}

static void print_regs(const struct cpu *c)
{
	for (int i = 0; i < 32; i++)
		fprintf(stderr, "r%d=0x%08x ", i, c->gpr[i]);
	fprintf(stderr, "cr=0x%08x xer=0x%08x lr=0x%08x ctr=0x%08x "
		"msr=0x%08x pc=0x%08x\n", c->cr, c->xer, c->lr, c->ctr,
		c->msr, c->pc);
}

static int write_dump(const struct dump *d)
{
	FILE *f;
	size_t ok;

	if (d->addr > ram_size || d->len > ram_size - d->addr) {
		fprintf(stderr, "mpc8xx-sim: --dump 0x%x:0x%x is outside "
			"RAM\n", d->addr, d->len);
		return -1;
	}
	f = fopen(d->file, "wb");
	if (!f) {
		perror(d->file);
		return -1;
	}
	ok = fwrite(ram + d->addr, 1, d->len, f);
	if (fclose(f) || ok != d->len) {
		perror(d->file);
		return -1;
	}
	return 0;
}

/*
 * --dtb: do what a boot loader does for a PowerPC kernel: copy the device
 * tree into RAM, at the top of the first 8 MB (where Linux's 8xx boot
 * expects it) on a 4 KB boundary, and pass its address in r3.
 */
#define DTB_MAX		(64u << 10)
#define DTB_LIMIT	(8u << 20)

static int load_dtb(const char *path, uint32_t ram_bytes, uint32_t *pa)
{
	static uint8_t blob[DTB_MAX + 1];
	uint32_t top = ram_bytes < DTB_LIMIT ? ram_bytes : DTB_LIMIT;
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		perror(path);
		return -1;
	}
	n = fread(blob, 1, sizeof(blob), f);
	if (ferror(f) || n > DTB_MAX || n == 0) {
		fprintf(stderr, "mpc8xx-sim: %s: %s\n", path,
			ferror(f) ? "read error" : n ? "larger than 64 KB" : "empty");
		fclose(f);
		return -1;
	}
	fclose(f);
	*pa = (top - (uint32_t)n) & ~0xFFFu;
	memcpy(ram + *pa, blob, n);
	return 0;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	FILE *trace_file = NULL;
	uint32_t entry;
	int status;

	parse_args(&o, argc, argv);
	if (bus_init((uint32_t)o.ram)) {
		fprintf(stderr, "mpc8xx-sim: cannot allocate RAM\n");
		return 1;
	}
	if (elf_load(o.image, &entry))
		return EXIT_BAD_ARGS;
	immr_reset();
	cpu_reset(&cpu, o.entry_elf ? entry & ~3u : VEC_RESET);
	if (o.dtb) {
		uint32_t pa;

		if (o.ram < DTB_MAX || load_dtb(o.dtb, (uint32_t)o.ram, &pa))
			return EXIT_BAD_ARGS;
		cpu.gpr[3] = pa;
	}
	cpu.max_insns = o.max_insns;
	cpu.strict = o.strict;
	if (o.trace) {
		trace_file = fopen(o.trace, "w");
		if (!trace_file) {
			perror(o.trace);
			return EXIT_BAD_ARGS;
		}
		cpu.trace = trace_file;
	}
	status = o.gdb_port ? gdb_serve(&cpu, o.gdb_port) : cpu_run(&cpu);
	fflush(stdout);
	warn_release(true);
	if (trace_file)
		fclose(trace_file);
	if (o.stats)
		print_stats(stderr, &cpu);
	if (o.jit_stats)
		jit_print_stats(stderr);
	if (o.regs)
		print_regs(&cpu);
	for (int i = 0; i < o.ndumps; i++)
		if (write_dump(&o.dumps[i]))
			status = 1;
	return status;
}
