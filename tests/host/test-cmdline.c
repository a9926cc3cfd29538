/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests of the kernel command line (lib/cmdline.c: words split on any
 * white space, key lookup, unknown and repeated words, test-name globs) and
 * of the console's printing (lib/console.c: long lines and panic messages
 * come out whole).
 */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include "lib/cmdline.h"
#include "lib/kprintf.h"
#include "include/arch.h"
#include "report.h"

static char console[16384];
static size_t console_len;
static jmp_buf exited;

void console_putc(char c)
{
	if (console_len < sizeof(console) - 1)
		console[console_len++] = c;
	console[console_len] = '\0';
}

void arch_exit(int status)
{
	longjmp(exited, status + 1);
}

static const char *const known[] = { "hugepages", "tests", "bench", NULL };
static char complaints[1024];

static void complain(const char *word, size_t len, const char *why)
{
	size_t n = strlen(complaints);

	snprintf(complaints + n, sizeof(complaints) - n, "[%.*s: %s]", (int)len, word, why);
}

static bool find(const char *cmdline, const char *key, const char *expect)
{
	const char *v;
	size_t len;
	bool bare;

	if (!cmdline_find(cmdline, key, &v, &len, &bare))
		return expect == NULL;
	return expect && strlen(expect) == len && !strncmp(v, expect, len);
}

static void test_words(void)
{
	report(find("hugepages=4M:1 tests=all", "tests", "all"), "tests= after a space");
	report(find("hugepages=4M:1\ttests=all", "tests", "all"), "tests= after a tab");
	report(find("quiet\tbench=paths", "bench", "paths"), "bench= after a tab");
	report(find("a\nb\r\vbench=loop\f", "bench", "loop"), "bench= after newline, CR, VT; FF after it");
	report(find("xbench=paths benchx", "bench", NULL), "bench inside another word is not bench");
	report(find("tests=", "tests", ""), "an empty value is found, empty");
	report(!find("", "tests", "all") && find(" ", "tests", NULL), "an empty or blank line has no words");
}

static void test_long_line(void)
{
	static char line[1200];
	size_t n;

	/* 300 characters of other words, then the word that matters: nothing is cut at 255 */
	memset(line, 0, sizeof(line));
	for (n = 0; n < 300; n += 10)
		strcat(line, "pad=12345 ");
	strcat(line, "hugepages=4M:12");
	report_gt(strlen(line), 256, "the line is %zu characters", strlen(line));
	report(find(line, "hugepages", "4M:12"), "a word past character 255 is found whole");
	strcat(line, ",256M:1 tests=huge*");
	report(find(line, "hugepages", "4M:12,256M:1"), "its last entry is kept");
	report(find(line, "tests", "huge*"), "and the word after it");
}

static void test_check(void)
{
	complaints[0] = '\0';
	report(is_eq(cmdline_check("hugepages=4M:1 tests=all bench", known, complain), 0) && !complaints[0],
	       "known words pass");
	complaints[0] = '\0';
	report_eq(cmdline_check("HUGEPAGES=4M:1 foo tests=all tests=4k", known, complain), 3,
	       "an upper-case key, an unknown word and a repeated key are reported");
	report_ne((uintptr_t)(strstr(complaints, "[HUGEPAGES=4M:1: unknown word (keys are lower case)]")), 0,
	       "HUGEPAGES= is named, with the reason");
	report_ne((uintptr_t)(strstr(complaints, "[foo: unknown word]")), 0, "foo is named");
	report_ne((uintptr_t)(strstr(complaints, "[tests=4k: given twice")), 0, "the second tests= is named");
}

static void test_glob(void)
{
	report(glob_match("huge*", 5, "huge-pages"), "huge* matches huge-pages");
	report(!glob_match("huge*", 5, "4k-huge"), "huge* does not match 4k-huge");
	report(glob_match("*", 1, ""), "* matches the empty name");
	report(glob_match("4k-?ead-only", 12, "4k-read-only"), "? matches one character");
	report(!glob_match("4k-?", 4, "4k-"), "? needs a character");
	report(glob_match("e500-[a-m]*", 11, "e500-mas-words") &&
	       !glob_match("e500-[!a-m]*", 12, "e500-mas-words"), "[a-m] and [!a-m]");
	report(glob_match("walk,all", 4, "walk"), "the pattern is only patlen bytes");
	report(!glob_match("walk", 4, "walker"), "the whole name must match");
	report(glob_match("a[b", 3, "a[b"), "an unclosed [ is a plain character");
}

static void test_long_print(void)
{
	static char msg[1000];
	int status;

	memset(msg, 'x', sizeof(msg) - 1);
	memcpy(msg + sizeof(msg) - 9, "theend!!", 8);
	console_len = 0;
	kprintf("%s|", msg);
	report(is_eq(console_len, sizeof(msg)) && is_eq(console[console_len - 1], '|'),
	       "a 1000-character kprintf comes out whole (%zu characters)", console_len);
	console_len = 0;
	status = setjmp(exited);
	if (!status)
		panic("the reason at the end of a long message: %s: out of memory", msg);
	report_eq(status, 2, "panic exits with status 1");
	report_ne((uintptr_t)(strstr(console, "theend!!: out of memory")), 0,
	       "a long PANIC message keeps its reason");
	report_ne((uintptr_t)(strstr(console, "SUMMARY: 0 passed, 1 failed, 0 skipped, 0 xfail")), 0,
	       "panic ends with a failing SUMMARY line");
	console_len = 0;
	{
		static char huge[6000];

		memset(huge, 'y', sizeof(huge) - 1);
		kprintf("%s", huge);
	}
	report_ne((uintptr_t)(strstr(console, "characters not printed]")), 0,
	       "a line longer than the long buffer says it was cut");
}

int main(void)
{
	report_prefix_push("cmdline");
	test_words();
	test_long_line();
	test_check();
	test_glob();
	report_prefix_pop();
	report_prefix_push("console");
	test_long_print();
	report_prefix_pop();
	return report_summary();
}
