/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzzer of the simulator's option parser and ELF loader, linked with the
 * simulator itself (its main() renamed sim_main): each input is a random
 * command line (every option, with edge values: overflowing suffixes, signs,
 * empty, huge, hex, missing values, unknown words) and an image that is a
 * good test program, a mutated copy of one (flipped bits, truncated, header
 * fields set to edge values), a directory or a missing file.  Each runs in
 * a child process under a wall-clock alarm; a signal (a crash, a sanitizer
 * abort, the alarm) is a failure.  Prints how the inputs ended.
 *
 * Usage: fuzzsim DIR FIRST_SEED COUNT   (DIR: the built test programs)
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../../include/xorshift.h"

int sim_main(int argc, char **argv);

static uint64_t rng_state;

static uint32_t rng(void)
{
	return xorshift_next(&rng_state);
}

static uint32_t pick(uint32_t n)
{
	return rng() % n;
}

static const char *value(void)
{
	static const char *const v[] = {
		"0", "1", "-1", "+5", "-0", "", " 5", "K", "0x", "1e3", "4097", "16K", "64M", "1M",
		"4G", "2G", "2048M", "0x1000", "0X4000", "18014398509547520K", "18014398509481985K",
		"99999999999999999999", "0xffffffffffffffff", "17179869184K", "16383K", "1k", "64m",
		"1g", "3K", "12x", "0:8", "0x100:4:", "0x4000:18014398509481985K:f", ":",
	};
	static char buf[40];

	if (pick(4))
		return v[pick(sizeof(v) / sizeof(v[0]))];
	snprintf(buf, sizeof(buf), pick(2) ? "%u" : "0x%x", rng() >> pick(32));
	return buf;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = (uint8_t)v;
}

/* A mutated copy of src at dst; false if src cannot be read. */
static bool mutate(const char *src, const char *dst)
{
	static uint8_t buf[1 << 20];
	static const uint32_t edge[] = {
		0, 1, 0x34, 0x20, 0xffff, 0x10000, 0x7fffffff, 0x80000000u, 0xfffffff0u, 0xffffffffu,
	};
	static const int fields[] = { 18, 24, 28, 42, 44, 52 + 4, 52 + 8, 52 + 12, 52 + 16, 52 + 20 };
	FILE *f = fopen(src, "rb");
	size_t n;

	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	for (int m = 1 + (int)pick(4); m; m--) {
		switch (pick(4)) {
		case 0:
			buf[pick((uint32_t)n)] ^= (uint8_t)(1u << pick(8));
			break;
		case 1:		/* an ELF or program-header field */
			if (n > 80) {
				int off = fields[pick(sizeof(fields) / sizeof(fields[0]))];

				if (off == 18 || off == 42 || off == 44) {
					buf[off] = (uint8_t)(edge[pick(10)] >> 8);
					buf[off + 1] = (uint8_t)edge[pick(10)];
				} else {
					put32(buf + off, edge[pick(10)]);
				}
			}
			break;
		case 2:
			n = pick((uint32_t)n + 1);
			break;
		default:
			put32(buf + (pick((uint32_t)n / 4 + 1) * 4 % (n > 4 ? n - 3 : 1)), rng());
			break;
		}
	}
	f = fopen(dst, "wb");
	if (!f || fwrite(buf, 1, n, f) != n) {
		if (f)
			fclose(f);
		return false;
	}
	return fclose(f) == 0;
}

static const char *const opts[] = {
	"--ram", "--max-insns", "--dump", "--stats", "--regs", "--strict", "--entry-elf",
	"--trace", "--bogus", "-", "--", "--ram=", "--max-insns=", "--dump=",
};
static const char *const progs[] = { "unit/exit42.elf", "unit/arith.elf", "mmu/itlb.elf" };

/* Up to five random options (with random values) into av from index *ac; vals holds the values. */
static void random_options(char **av, int *ac, char vals[16][200], const char *dumpf)
{
	int nv = 0;

	for (int k = (int)pick(6); k; k--) {
		const char *o = opts[pick(sizeof(opts) / sizeof(opts[0]))];

		if (!strcmp(o, "--dump") || !strcmp(o, "--dump=")) {
			snprintf(vals[nv], sizeof(vals[nv]), "%s%s:%s:%s", o[6] ? o : "", value(),
				 value(), pick(4) ? dumpf : "");
			av[(*ac)++] = o[6] ? vals[nv] : (char *)o;
			if (!o[6])
				av[(*ac)++] = vals[nv] + 0;
			nv++;
		} else if (!strcmp(o, "--trace")) {
			av[(*ac)++] = (char *)o;
			av[(*ac)++] = "/dev/null";
		} else if (o[strlen(o) - 1] == '=') {
			snprintf(vals[nv], sizeof(vals[nv]), "%s%s", o, value());
			av[(*ac)++] = vals[nv++];
		} else {
			av[(*ac)++] = (char *)o;
			if (!strcmp(o, "--ram") || !strcmp(o, "--max-insns")) {
				snprintf(vals[nv], sizeof(vals[nv]), "%s", value());
				av[(*ac)++] = vals[nv++];
			}
		}
	}
}

/* The image to load, into img: a directory, a missing file, a mutated or a good program. */
static bool random_image(const char *dir, char *img, size_t size, const char *mut)
{
	char good[300];
	bool mutated = false;

	snprintf(good, sizeof(good), "%s/%s", dir, progs[pick(3)]);
	switch (pick(8)) {
	case 0:
		snprintf(img, size, "%s", dir);		/* a directory */
		break;
	case 1:
		snprintf(img, size, "%s/missing.elf", dir);
		break;
	case 2: case 3: case 4:
		mutated = mutate(good, mut);
		snprintf(img, size, "%s", mutated ? mut : good);
		break;
	default:
		snprintf(img, size, "%s", good);
		break;
	}
	return mutated;
}

/* The simulator's main on av in a child, its console on /dev/null, bounded; the wait status. */
static bool run_child(int ac, char **av, int *status)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		alarm(20);
		exit(sim_main(ac, av));
	}
	return pid >= 0 && waitpid(pid, status, 0) >= 0;
}

int main(int argc, char **argv)
{
	unsigned long ended[4] = { 0 };	/* 0, 2 (refused), other statuses, signals */
	char img[300], mut[64], dumpf[64];
	uint64_t first, count;

	if (argc != 4) {
		fprintf(stderr, "usage: fuzzsim DIR FIRST_SEED COUNT\n");
		return 2;
	}
	first = strtoull(argv[2], NULL, 0);
	count = strtoull(argv[3], NULL, 0);
	snprintf(mut, sizeof(mut), "/tmp/fuzzsim.%d.elf", (int)getpid());
	snprintf(dumpf, sizeof(dumpf), "/tmp/fuzzsim.%d.bin", (int)getpid());
	for (uint64_t s = first; s < first + count; s++) {
		char *av[32], vals[16][200];
		int ac = 0, status;
		bool mutated;

		rng_state = s * 0x9E3779B97F4A7C15ull + 5;
		av[ac++] = "mpc8xx-sim";
		random_options(av, &ac, vals, dumpf);
		mutated = random_image(argv[1], img, sizeof(img), mut);
		/* a bound: a mutated program may loop, and without --max-insns that is no hang */
		if (mutated || pick(8))
			av[ac++] = "--max-insns=200000";
		av[ac++] = img;
		av[ac] = NULL;
		if (!run_child(ac, av, &status)) {
			perror("fuzzsim");
			return 2;
		}
		if (WIFSIGNALED(status)) {
			printf("FAIL: fuzzsim: seed %llu: signal %d; command line:",
			       (unsigned long long)s, WTERMSIG(status));
			for (int i = 0; i < ac; i++)
				printf(" '%s'", av[i]);
			printf("\n");
			ended[3]++;
		} else {
			int st = WEXITSTATUS(status);

			ended[st == 0 ? 0 : st == 2 ? 1 : 2]++;
		}
	}
	unlink(mut);
	unlink(dumpf);
	printf("fuzzsim: %llu command lines and images (seeds %llu..%llu): %lu ran to status 0, "
	       "%lu refused (status 2), %lu other statuses, %lu crashed or hung\n",
	       (unsigned long long)count, (unsigned long long)first,
	       (unsigned long long)(first + count - 1), ended[0], ended[1], ended[2], ended[3]);
	return ended[3] ? 1 : 0;
}
