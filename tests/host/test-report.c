/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the report library itself (tests/common/report.c): what each call
 * prints and counts.  Its output is captured, so this program judges it with
 * its own small checker and prints its own SUMMARY line.
 */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include "tests/common/report.h"

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
	report_eq(0x123456789ull, 0x923456789ull, "a 64-bit value is not cut");
	report_eq((uint64_t)-3, 0, "an error code");
	report_ne(7, 7, "seven is not seven");
	report_ge(1, 2, "one is at least two");
	report_lt(1, 2, "one is below two");
	report(is_eq(1 + 1, 2) && is_set(0x30u, 0x10u) && is_eq(0x2000, 0x1000) && is_eq(3, 3),
	       "several terms, the third fails");
	report(is_eq(2, 2), "terms that pass");
	report(0, "a failure after them prints no term");
	report(is_clear(0x30u, 0x10u), "is_clear");
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
	check(printed("FAIL: first: a 64-bit value is not cut (expected 0x923456789, got 0x123456789)\n"),
	      "report_eq prints 64-bit values whole");
	check(printed("FAIL: first: an error code (expected 0x0, got -3)\n"),
	      "report_eq prints a small negative value in decimal");
	check(printed("FAIL: first: seven is not seven (expected not 0x7, got 0x7)\n"),
	      "report_ne prints the value it did not want");
	check(printed("FAIL: first: one is at least two (expected >= 0x2, got 0x1)\n"),
	      "report_ge prints the bound and the value");
	check(printed("PASS: first: one is below two\n"), "report_lt passes without the comparison text");
	check(printed("FAIL: first: several terms, the third fails (0x2000: expected 0x1000, got 0x2000)\n"),
	      "a failing term of a check prints its expression, expected and got");
	check(printed("PASS: first: terms that pass\n") &&
	printed("FAIL: first: a failure after them prints no term\n"),
	      "a term's message goes with its own check only");
	check(printed("FAIL: first: is_clear (0x30u: expected bits clear: 0x10, got 0x30)\n"),
	      "is_clear names the bits and the value");
	check(printed(": 012345678901234567890123456789012345678901234567890123456789...: long prefix"),
	      "a prefix longer than the buffer ends in ...");
	check(c.passed == 6 && c.failed == 10 && c.skipped == 1 && c.xfailed == 1,
	      "counts: 6 passed, 10 failed (XPASS is one), 1 skipped, 1 xfail apart from skips");
	check(printed("SUMMARY: 6 passed, 10 failed, 1 skipped, 1 xfail\n"), "the SUMMARY line");
	printf("SUMMARY: %u passed, %u failed, 0 skipped, 0 xfail\n", passed, failed);
	return failed ? 1 : 0;
}
