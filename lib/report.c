/* SPDX-License-Identifier: BSD-2-Clause */
/* The report library shared by host and target tests (lib/report.h). */
#include <stdio.h>
#include <string.h>
#include "lib/report.h"

static char prefixes[REPORT_PREFIX_MAX][REPORT_PREFIX_LEN];
static unsigned int nprefix;
static char joined[REPORT_PREFIX_MAX * (REPORT_PREFIX_LEN + 2)];
static struct report_counts counts;
static bool quiet;

static void out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vout(fmt, ap);
	va_end(ap);
}

void report_prefix_push(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	if (nprefix < REPORT_PREFIX_MAX) {
		p = prefixes[nprefix];
		va_start(ap, fmt);
		n = vsnprintf(p, REPORT_PREFIX_LEN, fmt, ap);
		va_end(ap);
		if (n >= REPORT_PREFIX_LEN)	/* say it was cut */
			memcpy(p + REPORT_PREFIX_LEN - 4, "...", 4);
	}
	nprefix++;
}

void report_prefix_pop(void)
{
	if (nprefix)
		nprefix--;
}

void report_prefix_reset(void)
{
	nprefix = 0;
}

const char *report_prefix_string(void)
{
	unsigned int i;
	size_t n = 0;

	joined[0] = '\0';
	for (i = 0; i < nprefix && i < REPORT_PREFIX_MAX; i++)
		n += (size_t)snprintf(joined + n, sizeof(joined) - n, "%s%s", i ? ": " : "", prefixes[i]);
	return joined;
}

static void line(const char *tag, const char *fmt, va_list ap, const char *extra)
{
	unsigned int i;

	out("%s: ", tag);
	for (i = 0; i < nprefix && i < REPORT_PREFIX_MAX; i++)
		out("%s: ", prefixes[i]);
	report_vout(fmt, ap);
	out("%s\n", extra ? extra : "");
}

/* Count one check and print its line (a pass only when not quiet), extra after a failure's text. */
static bool report_check(bool pass, const char *extra, const char *fmt, va_list ap)
{
	if (pass)
		counts.passed++;
	else
		counts.failed++;
	if (!(pass && quiet))
		line(pass ? "PASS" : "FAIL", fmt, ap, pass ? NULL : extra);
	return pass;
}

bool report(bool pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_check(pass, NULL, fmt, ap);
	va_end(ap);
	return pass;
}

bool report_eq(unsigned long got, unsigned long expected, const char *fmt, ...)
{
	bool pass = got == expected;
	char extra[64];
	va_list ap;

	snprintf(extra, sizeof(extra), " (expected 0x%lx, got 0x%lx)", expected, got);
	va_start(ap, fmt);
	report_check(pass, extra, fmt, ap);
	va_end(ap);
	return pass;
}

bool report_xfail(bool known, bool pass, const char *fmt, ...)
{
	const char *tag;
	va_list ap;

	if (!known) {
		tag = pass ? "PASS" : "FAIL";
		if (pass)
			counts.passed++;
		else
			counts.failed++;
	} else if (pass) {
		tag = "XPASS";
		counts.failed++;
	} else {
		tag = "XFAIL";
		counts.xfailed++;
	}
	va_start(ap, fmt);
	line(tag, fmt, ap, NULL);
	va_end(ap);
	return pass;
}

void report_skip(const char *fmt, ...)
{
	va_list ap;

	counts.skipped++;
	va_start(ap, fmt);
	line("SKIP", fmt, ap, NULL);
	va_end(ap);
}

void report_info(const char *fmt, ...)
{
	va_list ap;

	if (quiet)
		return;
	va_start(ap, fmt);
	line("INFO", fmt, ap, NULL);
	va_end(ap);
}

void report_get_counts(struct report_counts *c)
{
	*c = counts;
}

void report_reset_counts(void)
{
	memset(&counts, 0, sizeof(counts));
}

unsigned int report_summary_line(void)
{
	out("SUMMARY: %u passed, %u failed, %u skipped, %u xfail\n",
	    counts.passed, counts.failed, counts.skipped, counts.xfailed);
	return counts.failed;
}

void report_set_quiet(bool q)
{
	quiet = q;
}
