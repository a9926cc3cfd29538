// SPDX-License-Identifier: BSD-2-Clause
/*
 * huge-cow: write permission on every entry of a private huge page of the default size, as
 * get_user_pages() sees it (it reads the entry that maps the address it is given, not the first
 * of the huge page's run). Run by make linux-selftests beside Linux's own mm selftests.
 *
 *   huge-cow write  a private huge page is written by the process (every base page), then
 *                   written once more through /proc/self/mem (get_user_pages() with FOLL_WRITE)
 *                   near its end: the write must return within 20 s and land. A kernel that
 *                   made only the first entry of the run writable at the write fault loops
 *                   between get_user_pages() and the fault handler (killed by the alarm).
 *   huge-cow fork   copy-on-write: a private huge page is written, shared with a first child
 *                   (so that the parent's next write copies it: a fresh copy has every entry
 *                   writable), written again, then shared with a second child; the parent
 *                   then writes near the end of the page through /proc/self/mem and with a
 *                   plain store. Neither write may reach the second child's copy, and the
 *                   first child's copy keeps the first data. A kernel that took write
 *                   permission away from the first entry of the run only at fork leaves the
 *                   others writable, and the writes go into the page the child shares.
 *
 * The run of entries is a run of leaf PGD/PMD/PUD entries on the e500 family, and on the MPC885
 * (4K base pages) 4 PTEs for 16K, 128 for 512K, and for 8M two page tables of 1024 PTEs each,
 * behind two PMD entries; both writes go to the last two base pages, entries that are never the
 * first of the run (for 8M, in the second table). Sizes of one entry (e5500 256M) pass either
 * way; they are the control. Exit status as
 * kselftest: 0 pass, 1 fail, 4 skip (fork needs three free pages of the size: the page and two
 * copies).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define BASE		4096ul
#define KSFT_SKIP	4
#define ALARM_S		20

static unsigned int failures;

static void check(int ok, const char *what, unsigned long detail)
{
	printf("%s: %s (%lu)\n", ok ? "PASS" : "FAIL", what, detail);
	failures += !ok;
}

/* A number from /proc/meminfo ("Hugepagesize:", "HugePages_Free:"); 0 when absent. */
static unsigned long meminfo(const char *key)
{
	char line[128];
	unsigned long v = 0;
	size_t n = strlen(key);
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n)) {
			v = strtoul(line + n, NULL, 10);
			break;
		}
	if (f)
		fclose(f);
	return v;
}

/* The first word of every base page of [p, p + size) set to tag | page index. */
static void fill(volatile uint32_t *p, unsigned long size, uint32_t tag)
{
	for (unsigned long off = 0; off < size; off += BASE)
		p[off / 4] = tag | (uint32_t)(off / BASE);
}

/* How many base pages of [p, p + size) do not hold tag | page index in their first word. */
static unsigned long differ(volatile uint32_t *p, unsigned long size, uint32_t tag)
{
	unsigned long n = 0;

	for (unsigned long off = 0; off < size; off += BASE)
		n += p[off / 4] != (tag | (uint32_t)(off / BASE));
	return n;
}

/* A write through /proc/self/mem: the kernel's get_user_pages() with FOLL_WRITE (and FOLL_FORCE). */
static int mem_write(volatile uint32_t *at, uint32_t v)
{
	int fd = open("/proc/self/mem", O_RDWR);
	ssize_t n = -1;

	if (fd >= 0) {
		n = pwrite(fd, &v, sizeof(v), (off_t)(uintptr_t)at);
		close(fd);
	}
	return n == (ssize_t)sizeof(v) ? 0 : -1;
}

static volatile uint32_t *map_huge(unsigned long huge)
{
	void *p = mmap(NULL, huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB,
		       -1, 0);

	if (p == MAP_FAILED) {
		printf("SKIP: no huge page of %lu K to map: %s\n", huge / 1024, strerror(errno));
		return NULL;
	}
	return p;
}

/*
 * In a child, so that a kernel that loops is ended by the child's alarm and reported: the child
 * maps and writes the page (it is the page's only user), then writes through /proc/self/mem.
 */
static int test_write(unsigned long huge)
{
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		volatile uint32_t *p = map_huge(huge), *at;

		if (!p)
			_exit(KSFT_SKIP);
		fill(p, huge, 0x11000000u);
		at = p + (huge - 2 * BASE) / 4;
		alarm(ALARM_S);
		_exit(mem_write(at, 0x33333333u) == 0 && *at == 0x33333333u ? 0 : 1);
	}
	if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	    WEXITSTATUS(status) == KSFT_SKIP)
		return KSFT_SKIP;
	check(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "a write through /proc/self/mem near the end of a private huge page the process wrote "
	      "returns within 20 s and lands (wait status; 14 = SIGALRM)", (unsigned long)status);
	return failures ? 1 : 0;
}

/*
 * A child that holds its copy until the parent closes the pipe, then checks it: its exit status
 * has bit 0 set when the next-to-last base page differs (the parent's write through
 * /proc/self/mem), bit 1 when the last one does (its store), bit 2 when any other does. It closes
 * OTHER (the write end of an earlier holder's pipe, or -1), which would keep that one waiting.
 */
static pid_t holder(int fd[2], int other, volatile uint32_t *p, unsigned long huge, uint32_t tag)
{
	pid_t pid = fork();
	char c;

	if (pid == 0) {
		close(fd[1]);
		if (other >= 0)
			close(other);
		while (read(fd[0], &c, 1) > 0)
			;
		_exit((differ(p + (huge - 2 * BASE) / 4, BASE, tag | (uint32_t)(huge / BASE - 2)) ? 1 : 0) |
		      (differ(p + (huge - BASE) / 4, BASE, tag | (uint32_t)(huge / BASE - 1)) ? 2 : 0) |
		      (differ(p, huge - 2 * BASE, tag) ? 4 : 0));
	}
	close(fd[0]);
	return pid;
}

static void release(int fd, pid_t pid, const char *what)
{
	int status = -1;

	close(fd);
	check(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	      WEXITSTATUS(status) == 0, what, (unsigned long)status);
}

static int test_fork(unsigned long huge)
{
	unsigned long last = (huge - BASE) / BASE, free_pages = meminfo("HugePages_Free:");
	volatile uint32_t *p;
	int a[2], b[2];
	pid_t pa, pb;

	if (free_pages < 3) {
		printf("SKIP: %lu free huge pages of %lu K; the test needs 3\n", free_pages, huge / 1024);
		return KSFT_SKIP;
	}
	p = map_huge(huge);
	if (!p)
		return KSFT_SKIP;
	alarm(ALARM_S * 3);
	fill(p, huge, 0x11000000u);
	if (pipe(a)) {
		printf("FAIL: pipe: %s\n", strerror(errno));
		return 1;
	}
	pa = holder(a, -1, p, huge, 0x11000000u);
	fill(p, huge, 0x22000000u);	/* copy-on-write: the parent's own copy */
	if (pipe(b)) {
		printf("FAIL: pipe: %s\n", strerror(errno));
		return 1;
	}
	pb = holder(b, a[1], p, huge, 0x22000000u);
	/* the parent's writes after the second fork, near the end of the page */
	check(mem_write(p + (last - 1) * BASE / 4, 0x33333333u) == 0,
	      "a write through /proc/self/mem near the end of the page after fork returns", 1);
	p[last * BASE / 4] = 0x44444444u;
	check(p[(last - 1) * BASE / 4] == 0x33333333u && p[last * BASE / 4] == 0x44444444u,
	      "the parent reads back both of its writes", 2);
	release(b[1], pb, "the second child's copy holds what the page held at its fork, after the "
		"parent's write through /proc/self/mem and its store (wait status: 256 = the write "
		"reached it, 512 = the store, 768 = both)");
	release(a[1], pa, "the first child's copy holds the first data (wait status)");
	munmap((void *)p, huge);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned long huge = meminfo("Hugepagesize:") * 1024;
	int rc;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 2 || (strcmp(argv[1], "write") && strcmp(argv[1], "fork"))) {
		fprintf(stderr, "usage: huge-cow write|fork\n");
		return 1;
	}
	if (!huge) {
		printf("SKIP: no default huge page size in /proc/meminfo\n");
		return KSFT_SKIP;
	}
	printf("huge-cow %s: %lu K huge pages, %lu free\n", argv[1], huge / 1024,
	       meminfo("HugePages_Free:"));
	rc = strcmp(argv[1], "write") ? test_fork(huge) : test_write(huge);
	return rc == KSFT_SKIP ? rc : failures ? 1 : 0;
}
