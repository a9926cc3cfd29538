/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Robustness test: random bytes as a program. For each seed, write an ELF
 * whose only segment (64 KB at physical 0) is random, run the simulator on
 * it with --max-insns, and check that it neither crashes (signal) nor runs
 * past its budget (wall-clock alarm). Usage: randrun SIM FIRST_SEED COUNT
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../../include/xorshift.h"

#define IMAGE_SIZE	0x10000u
#define MAX_INSNS	"200000"

static uint64_t rng_state;

static uint32_t rng(void)
{
	return xorshift_next(&rng_state);
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v >> 8; p[1] = (uint8_t)v;
}

static int write_image(const char *path, uint64_t seed)
{
	static uint8_t img[52 + 32 + IMAGE_SIZE];
	uint8_t *eh = img, *ph = img + 52, *data = img + 84;
	FILE *f;

	memset(img, 0, sizeof(img));
	memcpy(eh, "\177ELF\1\2\1", 7);
	put16(eh + 16, 2);		/* ET_EXEC */
	put16(eh + 18, 20);		/* EM_PPC */
	put32(eh + 20, 1);
	put32(eh + 24, 0x100);		/* entry */
	put32(eh + 28, 52);		/* phoff */
	put16(eh + 40, 52);
	put16(eh + 42, 32);
	put16(eh + 44, 1);
	put32(ph, 1);			/* PT_LOAD */
	put32(ph + 4, 84);
	put32(ph + 16, IMAGE_SIZE);
	put32(ph + 20, IMAGE_SIZE);
	put32(ph + 24, 7);
	rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
	for (uint32_t i = 0; i < IMAGE_SIZE; i += 4)
		put32(data + i, rng());
	if (seed & 1) {
		/* odd seeds: start with a random MSR (MMU, PR, EE bits) */
		uint32_t msr = rng() & 0xD033;

		put32(data + 0x100, 0x3C600000);		/* lis r3,0 */
		put32(data + 0x104, 0x60630000 | msr);	/* ori r3,r3,msr */
		put32(data + 0x108, 0x7C600124);		/* mtmsr r3 */
	}
	f = fopen(path, "wb");
	if (!f || fwrite(img, 1, sizeof(img), f) != sizeof(img))
		return -1;
	return fclose(f);
}

static int run_one(const char *sim, const char *img, uint64_t seed)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		alarm(20);	/* a hang shows up as SIGALRM */
		execl(sim, sim, "--ram", "1M", "--max-insns", MAX_INSNS, img,
		      (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "randrun: seed %llu: simulator killed by "
			"signal %d\n", (unsigned long long)seed,
			WTERMSIG(status));
		return -1;
	}
	if (WEXITSTATUS(status) == 127 || WEXITSTATUS(status) == 2) {
		fprintf(stderr, "randrun: seed %llu: simulator exit %d\n",
			(unsigned long long)seed, WEXITSTATUS(status));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char img[64];
	uint64_t first, count;
	int failed = 0;

	if (argc != 4)
		return 2;
	first = strtoull(argv[2], NULL, 0);
	count = strtoull(argv[3], NULL, 0);
	snprintf(img, sizeof(img), "/tmp/randrun.%d.elf", (int)getpid());
	for (uint64_t s = first; s < first + count; s++) {
		if (write_image(img, s)) {
			perror(img);
			return 2;
		}
		if (run_one(argv[1], img, s))
			failed++;
	}
	unlink(img);
	printf("randrun: %llu images, %d failures\n",
	       (unsigned long long)count, failed);
	return failed ? 1 : 0;
}
