// SPDX-License-Identifier: BSD-2-Clause
/*
 * hugetest: the init program of the Linux kernels that `make linux` builds. It checks Linux's
 * hugetlbfs on the board it boots on and prints the same PASS/FAIL/SUMMARY lines as the ppcmmu
 * suites, then ends the run (QEMU: a restart through RSTCR, which -no-reboot turns into an exit;
 * mpc8xx-sim: a store to the simulator's exit device through /dev/mem).
 *
 * Built static against the kernel's own nolibc headers (tools/include/nolibc), one binary per
 * family: -DHUGETEST_MPC8XX, -DHUGETEST_E500, -DHUGETEST_E5500 (64-bit e500) or -DHUGETEST_POWERNV
 * (POWER8, hash MMU) selects the page sizes that family must offer; -DHUGETEST_16G with
 * -DHUGETEST_POWERNV adds POWER8's 16G page (the long run of make linux-test-16g).
 */
#include <linux/mman.h>
#include <linux/reboot.h>
#include <asm/termbits.h>

#define KB		1024ul
#define MB		(1024ul * KB)
#define GB		(1024ul * MB)
#define BASE_PAGE	(4 * KB)
#define MAX_LINE	256

struct huge_size {
	unsigned long bytes;
	unsigned long pages;	/* pages of this size mapped with MAP_HUGETLB (plus 1 for a file) */
	int at_boot;		/* reserved by the command line, not through sysfs */
};

/*
 * Pages larger than the buddy allocator's largest block (4M with 4K pages) are "gigantic": this
 * kernel cannot allocate them at run time, so the command line reserves them at boot
 * (hugepagesz=/hugepages=) and the count here must match it; sysfs only reads them back.
 * The others are reserved through sysfs.
 */
#ifdef HUGETEST_MPC8XX
static const struct huge_size sizes[] = {
	{ 16 * KB, 4, 0 }, { 512 * KB, 2, 0 }, { 8 * MB, 1, 1 },
};
#include "../../include/sim/exit-device.h"	/* mpc8xx-sim's exit device: SIM_EXIT_PA */
#elif defined(HUGETEST_E500)
static const struct huge_size sizes[] = {
	{ 4 * MB, 4, 0 }, { 16 * MB, 2, 1 }, { 64 * MB, 1, 1 },
};
#elif defined(HUGETEST_E5500)
/* 4M, 16M, 64M: runs of 2, 8, 32 leaf PMD entries; 256M: one leaf PUD; 1G: a run of 4 leaf PUDs. */
static const struct huge_size sizes[] = {
	{ 4 * MB, 4, 0 }, { 16 * MB, 2, 1 }, { 64 * MB, 1, 1 }, { 256 * MB, 1, 1 }, { 1 * GB, 1, 1 },
};
#elif defined(HUGETEST_POWERNV) && defined(HUGETEST_16G)
/*
 * 16M as below, and one 16G page (a run of 64 leaf PUD entries), reserved at boot, mapped with
 * MAP_HUGETLB and written at every 4K edge: Linux zeroes it when it first maps it, 16G of the
 * host's memory under QEMU, so this runs alone (make linux-test-16g, linux/README.md).
 */
static const struct huge_size sizes[] = {
	{ 16 * MB, 2, 1 }, { 16 * GB, 1, 1 },
};
#define SINGLE_PAGE	(16 * GB)	/* its one page in all: see single() */
#define END_POWER_OFF	/* skiboot ends QEMU through the BMC on a power-off */
#elif defined(HUGETEST_POWERNV)
/*
 * 16M: a run of 8 leaf PMD entries of the hash-4K table. 16G (a run of 64 leaf PUDs) is only
 * checked to be offered (offered_only, below): Linux zeroes a huge page when it first maps it, so a
 * 16G page would take 16G of the host's memory under QEMU; make linux-test-16g maps one
 * (linux/README.md).
 */
static const struct huge_size sizes[] = {
	{ 16 * MB, 2, 1 },
};
#define OFFERED_ONLY	(16 * GB)
#define END_POWER_OFF	/* skiboot ends QEMU through the BMC on a power-off */
#else
#error "define HUGETEST_MPC8XX, HUGETEST_E500, HUGETEST_E5500 or HUGETEST_POWERNV"
#endif
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))
#define FILE_PAGES 1	/* pages of each size in its hugetlbfs file */

/*
 * A size of which there is one page in all (SINGLE_PAGE): it is mapped with MAP_HUGETLB only, with no
 * hugetlbfs file and no copy-on-write check, each of which needs a second page.
 */
static int single(const struct huge_size *s)
{
#ifdef SINGLE_PAGE
	return s->bytes == SINGLE_PAGE;
#else
	(void)s;
	return 0;
#endif
}

/* Pages of size s in its hugetlbfs file: none for a single page. */
static unsigned long file_pages(const struct huge_size *s)
{
	return single(s) ? 0 : FILE_PAGES;
}

static unsigned long reserved(const struct huge_size *s)
{
	return s->pages + file_pages(s);
}

static unsigned int passed, failed;

/*
 * Test phases, for the log and for make bench: each mark() prints "hugetest: phase I NAME" and
 * calls the next instruction (a blr) of linux_marks, so a trace of executed addresses says which
 * phase a TLB miss belongs to.
 */
#define NMARKS 32
__asm__(".text\n.globl linux_marks\n.balign 4\nlinux_marks:\n.rept 32\nblr\n.endr\n"
	".globl linux_marks_end\nlinux_marks_end:\n");
extern const char linux_marks[];
static unsigned int next_mark;

/*
 * A branch to the marker's blr and back. Not through a C function pointer: with the 64-bit ELFv1
 * ABI a function pointer is the address of a descriptor, not of code.
 */
static void call_marker(const char *code)
{
	__asm__ volatile("mtctr %0\n\tbctrl" : : "r"(code) : "ctr", "lr", "memory");
}

static void mark(const char *name, const char *size)
{
	printf("hugetest: phase %u %s%s%s\n", next_mark % NMARKS, name, size ? "-" : "",
	       size ? size : "");
	call_marker(linux_marks + 4 * (next_mark % NMARKS));
	next_mark++;
}

static void check(int ok, const char *what, const char *name)
{
	printf("%s: %s%s%s\n", ok ? "PASS" : "FAIL", what, name ? " " : "", name ? name : "");
	if (ok)
		passed++;
	else
		failed++;
}

/* A check of a number: a failure also says what was read and what was expected. */
static void check_num(long got, long want, const char *what, const char *name)
{
	check(got == want, what, name);
	if (got != want)
		printf("    (read %ld, expected %ld)\n", got, want);
}

/* "16K", "512K", "8M", "1G": the size as the tests name it. */
static const char *size_name(unsigned long bytes)
{
	static char buf[NSIZES][16];
	static unsigned int next;
	char *s = buf[next++ % NSIZES];
	int n;

	if (bytes >= GB && !(bytes % GB)) {
		n = utoa_r(bytes / GB, s);
		s[n] = 'G';
	} else if (bytes >= MB) {
		n = utoa_r(bytes / MB, s);
		s[n] = 'M';
	} else {
		n = utoa_r(bytes / KB, s);
		s[n] = 'K';
	}
	s[n + 1] = 0;
	return s;
}

/* Concatenates up to four strings into buf (size MAX_LINE). */
static char *join(char *buf, const char *a, const char *b, const char *c, const char *d)
{
	const char *parts[4] = { a, b, c, d };
	size_t len = 0;

	for (int i = 0; i < 4; i++) {
		for (const char *p = parts[i]; p && *p && len < MAX_LINE - 1; p++)
			buf[len++] = *p;
	}
	buf[len] = 0;
	return buf;
}

static char *sysfs_path(char *buf, unsigned long bytes, const char *file)
{
	char kb[24];

	utoa_r(bytes / KB, kb);
	return join(buf, "/sys/kernel/mm/hugepages/hugepages-", kb, "kB/", file);
}

/* Reads a whole (small) file; returns its length or -1. */
static long read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	long len = 0, n;

	if (fd < 0)
		return -1;
	while (len < (long)size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = 0;
	return len;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	long n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (long)strlen(text) ? 0 : -1;
}

/* The decimal number at s after blanks, or -1 when there is none. */
static long number_at(const char *s)
{
	long v = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9')
		v = v * 10 + (*s++ - '0');
	return v;
}

static long read_number(const char *path)
{
	char buf[32];

	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	return number_at(buf);
}

/* A number of the pool of bytes-sized pages in sysfs (nr_hugepages, free_hugepages); -1: none. */
static long sysfs_number(unsigned long bytes, const char *file)
{
	char path[MAX_LINE];

	return read_number(sysfs_path(path, bytes, file));
}

/* The number after "key" at the start of a line of text, or -1 when no line has it. */
static long field(const char *text, const char *key)
{
	size_t klen = strlen(key);

	for (const char *line = text; line && *line; ) {
		if (!strncmp(line, key, klen))
			return number_at(line + klen);
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return -1;
}

static char big[16384];	/* /proc/self/smaps is read into this */

/*
 * The smaps block of the mapping that starts at addr: smaps lines start with the range in
 * lower-case hex without leading zeros ("10000000-10400000 rw-s ...").
 */
static const char *smaps_block(void *addr)
{
	char start[24];
	size_t len;
	const char *p;

	if (read_file("/proc/self/smaps", big, sizeof(big)) <= 0)
		return NULL;
	len = u64toh_r((unsigned long)addr, start);
	start[len++] = '-';
	start[len] = 0;
	for (p = big; p && *p; ) {
		if (!strncmp(p, start, len))
			return p;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

/* A word that depends on where it is, so that two views of one frame cannot both match. */
static unsigned int pattern(unsigned long offset, unsigned int salt)
{
	return (unsigned int)(offset * 2654435761u) ^ salt;
}

/*
 * Writes the first and last word of every 4K piece of every huge page, then reads them all back:
 * a huge TLB entry that maps the wrong frame, or fewer bytes than its size, shows up as a mismatch
 * (or a fault, which ends the program and so the run without a SUMMARY).
 */
static int write_edges(volatile unsigned int *base, unsigned long bytes, unsigned int salt)
{
	for (unsigned long off = 0; off < bytes; off += BASE_PAGE) {
		base[off / 4] = pattern(off, salt);
		base[(off + BASE_PAGE - 4) / 4] = pattern(off + BASE_PAGE - 4, salt);
	}
	return 0;
}

static int edges_match(volatile unsigned int *base, unsigned long bytes, unsigned int salt)
{
	for (unsigned long off = 0; off < bytes; off += BASE_PAGE) {
		if (base[off / 4] != pattern(off, salt))
			return 0;
		if (base[(off + BASE_PAGE - 4) / 4] != pattern(off + BASE_PAGE - 4, salt))
			return 0;
	}
	return 1;
}

/* The size's log2 in the flags' top bits (34, for 16G, reaches bit 31: shifted unsigned). */
static int map_flags(unsigned long bytes)
{
	return MAP_HUGETLB | (int)((unsigned int)__builtin_ctzl(bytes) << MAP_HUGE_SHIFT);
}

static void test_reserve(const struct huge_size *s)
{
	char path[MAX_LINE], num[24];
	const char *n = size_name(s->bytes);

	utoa_r(reserved(s), num);
	if (!s->at_boot)
		check(write_file(sysfs_path(path, s->bytes, "nr_hugepages"), num) == 0,
		      "sysfs accepts a reservation of huge pages of size", n);
	check_num(sysfs_number(s->bytes, "nr_hugepages"), (long)reserved(s),
		  s->at_boot ? "sysfs nr_hugepages reads back the count reserved at boot for size" :
			       "sysfs nr_hugepages reads back the reserved count for size", n);
	check_num(sysfs_number(s->bytes, "free_hugepages"), (long)reserved(s),
		  "every reserved page is free before any mapping, size", n);
}

static void test_meminfo(void)
{
	unsigned long want = 0;

	for (unsigned int i = 0; i < NSIZES; i++)
		want += sizes[i].bytes / KB * reserved(&sizes[i]);
	check_num(read_file("/proc/meminfo", big, sizeof(big)) > 0 ? field(big, "Hugetlb:") : -1,
		  (long)want, "/proc/meminfo Hugetlb: (kB) is the sum of every size's reserved pages", NULL);
}

/*
 * The smaps block of addr: field() finds the first line with the key after the block's start,
 * which is this block's own (every block has each key once).
 */
static void test_smaps(void *addr, const struct huge_size *s, unsigned long pages, int private,
		       const char *kind)
{
	const char *blk = smaps_block(addr);
	const char *n = size_name(s->bytes);
	char what[MAX_LINE];
	long kb = (long)(s->bytes / KB);

	check(blk != NULL, join(what, "/proc/self/smaps has the ", kind, " mapping, size", NULL), n);
	if (!blk)
		return;
	check_num(field(blk, "KernelPageSize:"), kb,
		  join(what, "/proc/self/smaps KernelPageSize: (kB) of the ", kind, " mapping is", NULL),
		  n);
	check_num(field(blk, "MMUPageSize:"), kb,
		  join(what, "/proc/self/smaps MMUPageSize: (kB) of the ", kind, " mapping is", NULL), n);
	check_num(field(blk, private ? "Private_Hugetlb:" : "Shared_Hugetlb:"), (long)(kb * pages),
		  join(what, "/proc/self/smaps counts every touched page of the ", kind,
		       " mapping, size", NULL), n);
}

static int aligned(void *p, unsigned long bytes)
{
	return ((unsigned long)p & (bytes - 1)) == 0;
}

/* The mappings the test keeps until its unmap phase: one MAP_HUGETLB and one file per size. */
static void *anon_map[NSIZES], *file_map[NSIZES];
static char file_name[NSIZES][MAX_LINE];

/*
 * The first checks of a new mapping p of len bytes of huge pages of size s (named n): the mmap
 * (mmap_what, as the check names it) succeeded and the mapping (kind) is aligned to the page
 * size; then pattern goes to the edges of every 4K piece. Returns whether the mapping exists.
 */
static int new_mapping(void *p, unsigned long len, const struct huge_size *s, const char *n,
		       const char *mmap_what, const char *kind, unsigned int pattern)
{
	char what[MAX_LINE];

	check(p != MAP_FAILED, join(what, mmap_what, " succeeds, size", NULL, NULL), n);
	if (p == MAP_FAILED)
		return 0;
	check(aligned(p, s->bytes), join(what, "a ", kind, " mapping is aligned to its page size", NULL),
	      n);
	write_edges(p, len, pattern);
	return 1;
}

#ifdef SINGLE_PAGE
/*
 * The one page of a size, already mapped, written and read (map_anon): a fork shares it with the
 * child (copied entry, write-protected in both, the page not copied: there is no second one), so
 * the child's read of it and the parent's read after the fork each take a hash fault on an entry
 * already in the page table. These are the faults make bench steps for Linux's 16G row (a first
 * touch is no such fault: it allocates and zeroes the page).
 */
static void test_fork_read(volatile unsigned int *p, const struct huge_size *s, const char *n)
{
	unsigned long last = s->bytes - 4;
	int status = -1;
	pid_t pid;

	mark("fork", n);
	pid = fork();
	if (pid == 0)
		exit(p[0] == pattern(0, 0x5A5A0000u) &&
		     p[last / 4] == pattern(last, 0x5A5A0000u) ? 0 : 1);
	check(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	      WEXITSTATUS(status) == 0,
	      "after fork the child reads the parent's one MAP_HUGETLB page (shared, not copied), size",
	      n);
	check(p[0] == pattern(0, 0x5A5A0000u) && p[last / 4] == pattern(last, 0x5A5A0000u),
	      "after fork the parent still reads its MAP_HUGETLB page, size", n);
	check_num(sysfs_number(s->bytes, "free_hugepages"), 0,
		  "a fork that only reads takes no page from the pool, size", n);
}
#endif

static void map_anon(unsigned int i)
{
	const struct huge_size *s = &sizes[i];
	unsigned long len = s->bytes * s->pages;
	const char *n = size_name(s->bytes);
	void *p;

	mark("anon", n);
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | map_flags(s->bytes),
		 -1, 0);
	anon_map[i] = p;
	if (!new_mapping(p, len, s, n, single(s) ? "mmap(MAP_HUGETLB) of the one reserved page" :
			 "mmap(MAP_HUGETLB) of all but one reserved page", "MAP_HUGETLB", 0x5A5A0000u))
		return;
	check(edges_match(p, len, 0x5A5A0000u),
	      "the edges of every 4K piece of every MAP_HUGETLB page read back, size", n);
	check_num(sysfs_number(s->bytes, "free_hugepages"), (long)file_pages(s),
		  "touching every page of a MAP_HUGETLB mapping takes that many pages from the pool, size",
		  n);
	test_smaps(p, s, s->pages, 1, "MAP_HUGETLB");
#ifdef SINGLE_PAGE
	if (single(s))
		test_fork_read(p, s, n);
#endif
}

static void unmap_anon(unsigned int i)
{
	const struct huge_size *s = &sizes[i];
	const char *n = size_name(s->bytes);

	if (anon_map[i] == MAP_FAILED)
		return;
	check(munmap(anon_map[i], s->bytes * s->pages) == 0,
	      "munmap of a MAP_HUGETLB mapping succeeds, size", n);
	check_num(sysfs_number(s->bytes, "free_hugepages"), (long)s->pages,
		  "munmap gives every page of a MAP_HUGETLB mapping back, size", n);
}

static void *map_file(const char *file, unsigned long len, int create)
{
	int fd = open(file, O_RDWR | (create ? O_CREAT : 0), 0600);
	void *p;

	if (fd < 0)
		return MAP_FAILED;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	return p;
}

/*
 * A hugetlbfs file of the reserved pages: written through one mapping, read back through a
 * second one (the first stays until the unmap phase). The MAP_HUGETLB pages are in use
 * meanwhile, so this takes the reservation a second time.
 */
static void map_file_twice(unsigned int i, const char *dir)
{
	const struct huge_size *s = &sizes[i];
	unsigned long len = s->bytes * FILE_PAGES;
	const char *n = size_name(s->bytes);
	void *p, *q;

	join(file_name[i], dir, "/data", NULL, NULL);
	mark("file", n);
	p = map_file(file_name[i], len, 1);
	file_map[i] = p;
	if (!new_mapping(p, len, s, n, "mmap(MAP_SHARED) of a hugetlbfs file", "hugetlbfs file",
			 0xC3C30000u))
		return;
	test_smaps(p, s, FILE_PAGES, 1, "hugetlbfs file");
	q = map_file(file_name[i], len, 0);
	check(q != MAP_FAILED && q != p && edges_match(q, len, 0xC3C30000u),
	      "a second mapping of a hugetlbfs file sees what the first one wrote, size", n);
	if (q != MAP_FAILED)
		check(munmap(q, len) == 0, "munmap of the second hugetlbfs file mapping succeeds, size",
		      n);
}

static void unmap_file(unsigned int i)
{
	const struct huge_size *s = &sizes[i];
	const char *n = size_name(s->bytes);

	if (file_map[i] == MAP_FAILED)
		return;
	check(munmap(file_map[i], s->bytes * FILE_PAGES) == 0,
	      "munmap of a hugetlbfs file mapping succeeds, size", n);
	check(unlink(file_name[i]) == 0, "a hugetlbfs file can be removed, size", n);
	check_num(sysfs_number(s->bytes, "free_hugepages"), (long)reserved(s),
		  "removing a hugetlbfs file gives its pages back, size", n);
}

static void mount_and_map_file(unsigned int i)
{
	const char *n = size_name(sizes[i].bytes);
	char dir[MAX_LINE], opts[MAX_LINE], kb[24];

	utoa_r(sizes[i].bytes / KB, kb);
	join(dir, "/mnt/huge-", n, NULL, NULL);
	join(opts, "pagesize=", kb, "K", NULL);
	mkdir(dir, 0755);
	check(mount("none", dir, "hugetlbfs", 0, opts) == 0,
	      "hugetlbfs mounts with pagesize=", n);
	file_map[i] = MAP_FAILED;
	map_file_twice(i, dir);
}

/* After fork, a write by the child to a private page must leave the parent's copy alone. */
static void test_cow(unsigned long bytes, int flags, const char *n)
{
	volatile unsigned int *p;
	int status = -1;
	pid_t pid;

	mark("cow", n);
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
	check(p != MAP_FAILED, "mmap of a private page for the copy-on-write test, size", n);
	if (p == MAP_FAILED)
		return;
	p[0] = 0x11111111u;
	p[bytes / 4 - 1] = 0x11111111u;
	pid = fork();
	if (pid == 0) {
		int ok = p[0] == 0x11111111u;

		p[0] = 0x22222222u;
		p[bytes / 4 - 1] = 0x22222222u;
		ok = ok && p[0] == 0x22222222u && p[bytes / 4 - 1] == 0x22222222u;
		exit(ok ? 0 : 1);
	}
	check(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	      WEXITSTATUS(status) == 0,
	      "after fork the child reads the parent's data, then reads its own writes, size", n);
	check(p[0] == 0x11111111u && p[bytes / 4 - 1] == 0x11111111u,
	      "the child's writes leave the parent's private page unchanged (copy-on-write), size", n);
	munmap((void *)p, bytes);
}

/* /proc/self/pagemap: one 64-bit word per 4K page of the address space. */
#define PAGEMAP_PRESENT	(1ull << 63)
#define PAGEMAP_SWAPPED	(1ull << 62)

static int pagemap_entry(volatile void *addr, unsigned long long *entry)
{
	int fd = open("/proc/self/pagemap", O_RDONLY);
	long n = -1;

	if (fd < 0)
		return -1;
	if (lseek(fd, (off_t)((unsigned long)addr / BASE_PAGE * sizeof(*entry)), SEEK_SET) >= 0)
		n = read(fd, entry, sizeof(*entry));
	close(fd);
	return n == (long)sizeof(*entry) ? 0 : -1;
}

/* Whether addr's pagemap entry, read, has all of set and none of clear. */
static int pagemap_is(volatile void *addr, unsigned long long set, unsigned long long clear)
{
	unsigned long long e;

	if (pagemap_entry(addr, &e) < 0) {
		printf("    (cannot read /proc/self/pagemap)\n");
		return 0;
	}
	if ((e & set) == set && !(e & clear))
		return 1;
	printf("    (pagemap entry 0x%llx)\n", e);
	return 0;
}

/*
 * A 4K page unmapped and mapped again at the same address while its neighbour keeps their page
 * table: the entry the unmap cleared must read as empty (neither present nor a swap entry), and
 * the new mapping must be a new zero-filled page. A clear that leaves part of the entry behind
 * (on e500 with 64-bit PTEs it leaves the high word, which pte_none() is meant to ignore) would
 * show here as a swap entry, a fault or old data.
 */
static void test_remap_4k(void)
{
	const unsigned long words = BASE_PAGE / 4;
	volatile unsigned int *p, *second, *q;

	mark("remap", "4K");
	p = mmap(NULL, 2 * BASE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(p != MAP_FAILED, "mmap of two 4K pages for the unmap and map again test", NULL);
	if (p == MAP_FAILED)
		return;
	second = p + words;
	p[0] = 0x33333333u;
	second[0] = 0x44444444u;
	second[words - 1] = 0x44444444u;
	check(pagemap_is(second, PAGEMAP_PRESENT, 0),
	      "/proc/self/pagemap shows a written 4K page present", NULL);
	check(munmap((void *)second, BASE_PAGE) == 0, "munmap of the second of two 4K pages succeeds",
	      NULL);
	q = mmap((void *)second, BASE_PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	check(q == second, "mmap(MAP_FIXED) maps a 4K page again where one was unmapped", NULL);
	if (q == second) {
		check(pagemap_is(q, 0, PAGEMAP_PRESENT | PAGEMAP_SWAPPED),
		      "/proc/self/pagemap shows the entry munmap cleared neither present nor swapped",
		      NULL);
		check(q[0] == 0 && q[words - 1] == 0,
		      "a 4K page mapped again where one was unmapped reads zero, not the old data", NULL);
		q[0] = 0x55555555u;
		check(q[0] == 0x55555555u && p[0] == 0x33333333u,
		      "the page mapped again takes a write, and its neighbour keeps its data", NULL);
		check(pagemap_is(q, PAGEMAP_PRESENT, 0),
		      "/proc/self/pagemap shows the page mapped again present once written", NULL);
	}
	munmap((void *)p, 2 * BASE_PAGE);
}

static void mount_or_fail(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	check(mount("none", dir, type, 0, NULL) == 0, "mounts", type);
}

static void drain_console(void)
{
	ioctl(1, TCSBRK, (void *)1);	/* tcdrain(): wait until the UART sent everything */
}

static void end_run(void)
{
	drain_console();
#ifdef SIM_EXIT_PA
	{
		int fd = open("/dev/mem", O_RDWR | O_SYNC);
		volatile unsigned int *exitdev = MAP_FAILED;

		/*
		 * mmap2 takes the offset in 4K units: nolibc's mmap() would shift a negative
		 * 32-bit off_t for an address above 2G.
		 */
		if (fd >= 0)
			exitdev = (void *)my_syscall6(__NR_mmap2, NULL, BASE_PAGE,
						      PROT_READ | PROT_WRITE, MAP_SHARED, fd,
						      SIM_EXIT_PA >> 12);
		if ((unsigned long)exitdev >= -4095ul)
			exitdev = MAP_FAILED;
		if (exitdev != MAP_FAILED)
			*exitdev = 0;
		printf("hugetest: cannot reach the simulator's exit device through /dev/mem\n");
	}
#endif
#ifdef END_POWER_OFF
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
#else
	reboot(LINUX_REBOOT_CMD_RESTART);
#endif
	printf("hugetest: reboot() returned\n");
	for (;;)
		sleep(60);
}

int main(void)
{
	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mkdir("/mnt", 0755);
	mount_or_fail("proc", "/proc");
	mount_or_fail("sysfs", "/sys");
	mark("setup", NULL);
	for (unsigned int i = 0; i < NSIZES; i++) {
		check(sysfs_number(sizes[i].bytes, "nr_hugepages") >= 0,
		      "the kernel offers huge pages of size", size_name(sizes[i].bytes));
		test_reserve(&sizes[i]);
	}
#ifdef OFFERED_ONLY
	check(sysfs_number(OFFERED_ONLY, "nr_hugepages") == 0,
	      "the kernel offers huge pages of size, with none reserved (not mapped: see the source)",
	      size_name(OFFERED_ONLY));
#endif
	test_meminfo();
	/*
	 * Every mapping is made and checked before any is removed, and the 4K tests (copy-on-write,
	 * whose child exits and frees its page tables; a 4K page unmapped and mapped again) run
	 * before any huge page is mapped: so one failure on the way out of a mapping cannot hide
	 * the checks of the others.
	 */
	test_cow(BASE_PAGE, 0, "4K");
	test_remap_4k();
	for (unsigned int i = 0; i < NSIZES; i++)
		map_anon(i);
	for (unsigned int i = 0; i < NSIZES; i++)
		if (single(&sizes[i]))
			file_map[i] = MAP_FAILED;
		else
			mount_and_map_file(i);
	for (unsigned int i = 0; i < NSIZES; i++)
		unmap_anon(i);
	for (unsigned int i = 0; i < NSIZES; i++)
		unmap_file(i);
	for (unsigned int i = 0; i < NSIZES; i++)
		if (!single(&sizes[i]))
			test_cow(sizes[i].bytes, map_flags(sizes[i].bytes), size_name(sizes[i].bytes));
	mark("end", NULL);
	printf("SUMMARY: %u passed, %u failed, 0 skipped\n", passed, failed);
	end_run();
	return 0;
}
