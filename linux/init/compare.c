// SPDX-License-Identifier: BSD-2-Clause
/*
 * compare: the init program of `make linux-compare` (tools/linux-compare). It makes the mappings
 * of tests/target/compare-set.h under Linux, touches each, prints where they are, then touches each
 * once more and stops in lxcmp_spin, a branch to itself in user mode, where the host stops the
 * machine and reads the page tables and the TLB.
 *
 * Lines: "lxcmp: map NAME va=0x... size=0x... touch=C" per mapping, "lxcmp: FAIL ..." when a step
 * fails (the host then stops with that line), "lxcmp: stop spin=0x..." before the last touches.
 * Built static against the kernel's nolibc, -DLXCMP_E500 or -DLXCMP_MPC8XX.
 */
#include <linux/mman.h>
#include <asm/termbits.h>
#include "../../tests/target/compare-set.h"

__asm__(".text\n.globl lxcmp_spin\n.balign 4\nlxcmp_spin:\n\tb lxcmp_spin\n");
extern const char lxcmp_spin[];

static unsigned int failures;

static void fail(const struct lxcmp_map *m, const char *what, long err)
{
	printf("lxcmp: FAIL %s: %s (%ld)\n", m->name, what, err);
	failures++;
}

static int map_flags(const struct lxcmp_map *m)
{
	int flags = MAP_FIXED_NOREPLACE | (m->flags & LXCMP_SHARED ? MAP_SHARED : MAP_PRIVATE);

	if (!(m->flags & LXCMP_FILE))
		flags |= MAP_ANONYMOUS;
	if (m->size > 4 * LXCMP_K)
		flags |= MAP_HUGETLB | (__builtin_ctzl(m->size) << MAP_HUGE_SHIFT);
	return flags;
}

static int final_prot(const struct lxcmp_map *m)
{
	return (m->flags & LXCMP_R ? PROT_READ : 0) | (m->flags & LXCMP_W ? PROT_WRITE : 0) |
	       (m->flags & LXCMP_X ? PROT_EXEC : 0);
}

/* The instruction cache sees what the data cache wrote at p (user-mode cache instructions). */
static void sync_icache(volatile unsigned int *p)
{
	__asm__ volatile("dcbst 0,%0\n\tsync\n\ticbi 0,%0\n\tsync\n\tisync" : : "r"(p) : "memory");
}

static unsigned int touch(const struct lxcmp_map *m)
{
	volatile unsigned int *p = (volatile unsigned int *)m->va;

	switch (m->touch) {
	case 'w':
		*p = 0x600df00du;
		return 0;
	case 'x':
		return ((unsigned int (*)(void))m->va)();
	default:
		return *p;
	}
}

static void make(const struct lxcmp_map *m, int fd)
{
	int prot = final_prot(m);
	void *p;
	long r;

	if (m->flags & LXCMP_WRITTEN)
		prot = PROT_READ | PROT_WRITE;
	p = mmap((void *)m->va, m->size, prot, map_flags(m), m->flags & LXCMP_FILE ? fd : -1, 0);
	if (p != (void *)m->va) {
		fail(m, "mmap at the address asked for", (long)p);
		return;
	}
	if (m->flags & LXCMP_WRITTEN) {
		volatile unsigned int *w = p;

		w[0] = LXCMP_INSN_LI_R3_42;
		w[1] = LXCMP_INSN_BLR;
		sync_icache(w);
		r = my_syscall3(__NR_mprotect, p, m->size, final_prot(m));	/* nolibc has no mprotect() */
		if (r) {
			fail(m, "mprotect", r);
			return;
		}
	}
	if (m->touch == 'x' && touch(m) != 42)
		fail(m, "the call of the page returns 42", 0);
	else
		touch(m);
	printf("lxcmp: map %s va=0x%lx size=0x%lx touch=%c\n", m->name, m->va, m->size, m->touch);
}

int main(int argc, char **argv)
{
	int fd;
	unsigned int i;

	(void)argc;
	fd = open(argv[0] && argv[0][0] == '/' ? argv[0] : "/compare", O_RDONLY);
	if (fd < 0)
		printf("lxcmp: FAIL cannot open the init program for its file mapping (%d)\n", fd);
	/* the huge pages first: zeroing them uses the TLB far more than the base pages do */
	for (i = LXCMP_COUNT; i-- > 0;)
		if (lxcmp_set[i].size > 4 * LXCMP_K)
			make(&lxcmp_set[i], fd);
	for (i = 0; i < LXCMP_COUNT; i++)
		if (lxcmp_set[i].size == 4 * LXCMP_K)
			make(&lxcmp_set[i], fd);
	printf("lxcmp: stop spin=0x%lx failures=%u\n", (unsigned long)lxcmp_spin, failures);
	ioctl(1, TCSBRK, (void *)1);	/* tcdrain(): the line is out before the host stops us */
	for (i = 0; i < LXCMP_COUNT; i++)
		touch(&lxcmp_set[i]);
	((void (*)(void))lxcmp_spin)();
	return 0;
}
