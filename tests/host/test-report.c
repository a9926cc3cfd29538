/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the report library itself (lib/report.c): what each call
 * prints and counts.  Its output is captured, so this program judges it with
 * its own small checker and prints its own SUMMARY line.
 */
#include <stdio.h>
#include <string.h>
#include "lib/report.h"

static char out[8192];
static size_t out_len;
static unsigned int passed, failed;

void report_vout(const char *fmt, va_list ap)
{
	int n = vsnprintf(out + out_len, sizeof(out) - out_len, fmt, ap);

	if (n > 0)
		out_len += (size_t)n < sizeof(out) - out_len ? (size_t)n : sizeof(out) - out_len - 1;
}

static void check(int ok, const char *what)
{
	printf("%s: report library: %s\n", ok ? "PASS" : "FAIL", what);
	if (ok)
		passed++;
	else
		failed++;
}

static int printed(const char *line)
{
	return strstr(out, line) != NULL;
}

int main(void)
{
	struct report_counts c;
	char name[32] = "first";

	report_prefix_push("%s", name);
	strcpy(name, "changed");			/* the library keeps its own copy */
	report(1, "a pass");
	report(0, "a failure");
	report_skip("not here");
	report_xfail(1, 0, "known and failing");
	report_xfail(1, 1, "known but passing");
	report_xfail(0, 1, "not known, passing");
	report_eq(3, 4, "three is four");
	report_eq(5, 5, "five is five");
	report_prefix_push("%s", "0123456789012345678901234567890123456789012345678901234567890123456789");
	report(1, "long prefix");
	report_prefix_pop();
	report_prefix_pop();
	report_get_counts(&c);
	report_summary_line();

	check(printed("PASS: first: a pass\n"), "PASS line with the copied prefix");
	check(printed("FAIL: first: a failure\n"), "FAIL line");
	check(printed("SKIP: first: not here\n"), "SKIP line");
	check(printed("XFAIL: first: known and failing\n"), "an expected failure prints XFAIL");
	check(printed("XPASS: first: known but passing\n"), "an expected failure that passes prints XPASS");
	check(printed("PASS: first: not known, passing\n"), "report_xfail without known is a plain check");
	check(printed("FAIL: first: three is four (expected 0x4, got 0x3)\n"),
	      "report_eq prints expected and got on failure");
	check(printed("PASS: first: five is five\n"), "report_eq passes without the comparison text");
	check(printed(": 012345678901234567890123456789012345678901234567890123456789...: long prefix"),
	      "a prefix longer than the buffer ends in ...");
	check(c.passed == 4 && c.failed == 3 && c.skipped == 1 && c.xfailed == 1,
	      "counts: 4 passed, 3 failed (XPASS is one), 1 skipped, 1 xfail apart from skips");
	check(printed("SUMMARY: 4 passed, 3 failed, 1 skipped, 1 xfail\n"), "the SUMMARY line");
	printf("SUMMARY: %u passed, %u failed, 0 skipped, 0 xfail\n", passed, failed);
	return failed ? 1 : 0;
}
