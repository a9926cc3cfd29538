// SPDX-License-Identifier: BSD-2-Clause
/*
 * huge-clear: what Linux leaves in the page table where a huge page of the default size was
 * unmapped. Run by make linux-selftests beside Linux's own mm selftests.
 *
 *   huge-clear remap   a huge page is written, unmapped, and its range mapped again with base
 *                      pages: before any touch /proc/self/pagemap shows none of them present or
 *                      swapped, and each then reads zero (not the huge page's data) and takes a
 *                      write.
 *   huge-clear poison  a huge page's range is poisoned with userfaultfd's UFFDIO_POISON (Linux
 *                      writes a non-present marker into every entry of the huge page), reading
 *                      it raises SIGBUS, then it is unmapped (huge_pte_clear() clears the
 *                      markers) and mapped again with base pages, checked as above.
 *   huge-clear dontneed  a huge page is written, then dropped with madvise(MADV_DONTNEED)
 *                      (its entries are cleared, the page freed, the mapping kept); its base
 *                      pages are then read from the last to the first, and each must read zero:
 *                      the first read of an emptied range faults in a new, zeroed huge page,
 *                      while an entry the clear left reads the freed page's old data without a
 *                      fault (MPC885 8M before the fix: the second of its two page tables).
 *
 * A base page mapped just below the huge page is kept through the test, so that the page table
 * holding the huge page's entries (MPC8xx: 16K and 512K pages) stays in place and whatever the
 * clear left in it is seen by the new mapping. Both end with the kernel's log: an entry the clear
 * left behind that the kernel later meets and takes for a bad table pointer ("bad pgd", "bad
 * pmd", ...; stock e500 after a poisoned page) or a bad page map must not have been reported
 * while the test ran. Exit status as kselftest: 0 pass, 1 fail, 4 skip.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BASE		4096ul
#define TABLE_SPAN	(8ul << 20)	/* at least what one page table or one 8M page covers */
#define PM_PRESENT	(1ull << 63)
#define PM_SWAPPED	(1ull << 62)
#define PATTERN		0x5a5a0000u
#define KSFT_SKIP	4

static sigjmp_buf fault_jmp;
static volatile int fault_sig;
static unsigned int failures;

static void on_fault(int sig)
{
	fault_sig = sig;
	siglongjmp(fault_jmp, 1);
}

static void check(int ok, const char *what, unsigned long detail)
{
	printf("%s: %s (%lu)\n", ok ? "PASS" : "FAIL", what, detail);
	failures += !ok;
}

static unsigned long default_huge_size(void)
{
	char line[128];
	unsigned long kb = 0;
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "Hugepagesize: %lu kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb * 1024;
}

/*
 * How many times the kernel's log buffer reports a bad page-table entry (": bad pgd", ": bad pmd",
 * ...) or a bad page map ("Bad page"); -1 when it cannot be read. The buffer only drops old lines,
 * so a count that grows means a new report.
 */
static long kernel_complaints(void)
{
	static const char *const words[] = { ": bad p", "Bad page" };
	int size = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *buf = size > 0 ? malloc((size_t)size + 1) : NULL;
	long n = 0;
	int len;

	if (!buf)
		return -1;
	len = klogctl(3, buf, size);		/* SYSLOG_ACTION_READ_ALL */
	if (len < 0) {
		free(buf);
		return -1;
	}
	buf[len] = 0;
	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
		for (char *at = strstr(buf, words[w]); at; at = strstr(at + 1, words[w]))
			n++;
	free(buf);
	return n;
}

/* Read a word; returns 0 and sets *sig when the read faults instead. */
static uint32_t read_word(volatile uint32_t *p, int *sig)
{
	*sig = 0;
	fault_sig = 0;
	if (sigsetjmp(fault_jmp, 1)) {
		*sig = fault_sig;
		return 0;
	}
	return *p;
}

static uint64_t pagemap(int fd, unsigned long addr)
{
	uint64_t e = 0;

	if (pread(fd, &e, sizeof(e), (off_t)(addr / BASE) * sizeof(e)) != sizeof(e))
		return ~0ull;
	return e;
}

/* The range [addr, addr + size) mapped again with base pages: empty, zero, writable. */
static void check_remapped(unsigned long addr, unsigned long size)
{
	unsigned long stale = 0, faulted = 0, nonzero = 0, wrong = 0, n = size / BASE;
	int fd = open("/proc/self/pagemap", O_RDONLY), sig;
	void *p = mmap((void *)addr, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);

	check(p == (void *)addr, "the range is mapped again with base pages", size / 1024);
	if (p != (void *)addr)
		return;
	for (unsigned long i = 0; i < n && fd >= 0; i++)
		stale += (pagemap(fd, addr + i * BASE) & (PM_PRESENT | PM_SWAPPED)) != 0;
	check(fd >= 0 && stale == 0,
	      "pagemap: no base page of the range is present or swapped before a touch (stale pages)",
	      stale);
	for (unsigned long i = 0; i < n; i++) {
		volatile uint32_t *w = (uint32_t *)(addr + i * BASE);
		uint32_t v = read_word(w, &sig);

		if (sig) {
			faulted++;
			continue;
		}
		nonzero += v != 0;
		*w = (uint32_t)i;
		wrong += *w != (uint32_t)i;
	}
	check(faulted == 0, "every base page of the range reads without a fault (pages faulted)", faulted);
	check(nonzero == 0, "every base page of the range reads zero (pages with old data)", nonzero);
	check(wrong == 0, "every base page of the range takes a write (pages not)", wrong);
	if (fd >= 0)
		close(fd);
	munmap((void *)addr, size);
}

static int test_remap(unsigned long huge, unsigned long at)
{
	unsigned char *h = mmap((void *)at, huge, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_FIXED, -1, 0);

	if (h == MAP_FAILED) {
		printf("SKIP: no huge page of %lu K to map: %s\n", huge / 1024, strerror(errno));
		return KSFT_SKIP;
	}
	for (unsigned long off = 0; off < huge; off += BASE)
		*(volatile uint32_t *)(h + off) = PATTERN | (uint32_t)(off / BASE);
	check(munmap(h, huge) == 0, "munmap of the huge page", huge / 1024);
	check_remapped(at, huge);
	return failures ? 1 : 0;
}

static int test_dontneed(unsigned long huge, unsigned long at)
{
	unsigned char *h = mmap((void *)at, huge, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_FIXED, -1, 0);
	unsigned long old = 0, faulted = 0;
	int sig;

	if (h == MAP_FAILED) {
		printf("SKIP: no huge page of %lu K to map: %s\n", huge / 1024, strerror(errno));
		return KSFT_SKIP;
	}
	for (unsigned long off = 0; off < huge; off += BASE)
		*(volatile uint32_t *)(h + off) = PATTERN | (uint32_t)(off / BASE);
	check(madvise(h, huge, MADV_DONTNEED) == 0, "madvise(MADV_DONTNEED) of the huge page",
	      huge / 1024);
	/* from the end: a read of the start would fault in a new page over whatever was left */
	for (unsigned long off = huge; off > 0; off -= BASE) {
		uint32_t v = read_word((uint32_t *)(h + off - BASE), &sig);

		faulted += sig != 0;
		old += !sig && v != 0;
	}
	check(faulted == 0, "every base page of the dropped huge page reads without a fault (pages faulted)",
	      faulted);
	check(old == 0, "every base page of the dropped huge page reads zero, from the last to the first "
	      "(pages with old data)", old);
	check(munmap(h, huge) == 0, "munmap of the huge page", huge / 1024);
	return failures ? 1 : 0;
}

static int test_poison(unsigned long huge, unsigned long at)
{
	int uffd = (int)syscall(__NR_userfaultfd, O_CLOEXEC | O_NONBLOCK), sig;
	struct uffdio_api api = { .api = UFFD_API, .features = UFFD_FEATURE_POISON };
	struct uffdio_register reg = { .range = { at, huge }, .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_poison poison = { .range = { at, huge } };
	unsigned char *h;
	uint32_t word;

	if (uffd < 0 || ioctl(uffd, UFFDIO_API, &api) != 0) {
		printf("SKIP: userfaultfd with UFFD_FEATURE_POISON: %s\n", strerror(errno));
		return KSFT_SKIP;
	}
	h = mmap((void *)at, huge, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_FIXED, -1, 0);
	if (h == MAP_FAILED) {
		printf("SKIP: no huge page of %lu K to map: %s\n", huge / 1024, strerror(errno));
		return KSFT_SKIP;
	}
	check(ioctl(uffd, UFFDIO_REGISTER, &reg) == 0, "UFFDIO_REGISTER of the huge page", huge / 1024);
	check(ioctl(uffd, UFFDIO_POISON, &poison) == 0 && poison.updated == (int64_t)huge,
	      "UFFDIO_POISON of the whole huge page (bytes)", (unsigned long)poison.updated);
	word = read_word((uint32_t *)(h + huge - BASE), &sig);
	check(sig == SIGBUS, "reading the poisoned huge page raises SIGBUS (signal)", (unsigned long)sig);
	if (!sig) {	/* what the reads find there instead (e500 before the fix: the kernel's memory) */
		uint32_t first = read_word((uint32_t *)h, &sig);

		printf("the read returned 0x%08x; the page's first word reads 0x%08x%s\n", word, first,
		       sig ? " (faulted)" : "");
	}
	close(uffd);
	check(munmap(h, huge) == 0, "munmap of the poisoned huge page", huge / 1024);
	check_remapped(at, huge);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned long huge = default_huge_size(), span, base, at;
	struct sigaction sa = { .sa_handler = on_fault };
	unsigned char *area;
	long complaints;
	int rc;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 2 || (strcmp(argv[1], "remap") && strcmp(argv[1], "poison") &&
			  strcmp(argv[1], "dontneed"))) {
		fprintf(stderr, "usage: huge-clear remap|poison|dontneed\n");
		return 1;
	}
	if (!huge) {
		printf("SKIP: no default huge page size in /proc/meminfo\n");
		return KSFT_SKIP;
	}
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);
	complaints = kernel_complaints();
	if (complaints < 0) {
		printf("FAIL: cannot read the kernel's log: %s\n", strerror(errno));
		return 1;
	}
	/* An aligned window: a base page, then the huge page in the same page table if it fits. */
	span = huge > TABLE_SPAN ? huge : TABLE_SPAN;
	area = mmap(NULL, 3 * span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (area == MAP_FAILED) {
		printf("FAIL: cannot reserve %lu K of address space: %s\n", 3 * span / 1024, strerror(errno));
		return 1;
	}
	base = ((unsigned long)area + span - 1) & ~(span - 1);
	at = base + huge;
	if (mmap((void *)base, BASE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
		 -1, 0) != (void *)base) {
		printf("FAIL: cannot map the neighbouring base page: %s\n", strerror(errno));
		return 1;
	}
	*(volatile uint32_t *)base = 1;	/* its page table now exists */
	printf("huge-clear %s: %lu K huge page at 0x%lx, base page at 0x%lx\n", argv[1], huge / 1024,
	       at, base);
	if (!strcmp(argv[1], "remap"))
		rc = test_remap(huge, at);
	else if (!strcmp(argv[1], "poison"))
		rc = test_poison(huge, at);
	else
		rc = test_dontneed(huge, at);
	check(*(volatile uint32_t *)base == 1, "the neighbouring base page keeps its data", 1);
	if (rc != KSFT_SKIP) {
		long now = kernel_complaints();

		check(now == complaints,
		      "the kernel's log reports no bad page-table entry or page map meanwhile (new reports)",
		      (unsigned long)(now - complaints));
	}
	munmap(area, 3 * span);
	return rc == KSFT_SKIP ? rc : failures ? 1 : 0;
}
