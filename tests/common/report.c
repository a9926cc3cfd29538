/* SPDX-License-Identifier: BSD-2-Clause */
/* The report library shared by host and target tests (tests/common/report.h). */
#include <stdio.h>
#include <string.h>
#include "tests/common/report.h"

static char prefixes[REPORT_PREFIX_MAX][REPORT_PREFIX_LEN];
static unsigned int nprefix;
static char joined[REPORT_PREFIX_MAX * (REPORT_PREFIX_LEN + 2)];
static struct report_counts counts;
static bool quiet;
#define TERM_TEXT	48	/* characters of a term's expression kept in its message */
/* The last term (report_term()) that failed since the last check, as " (what: expected ..., got ...)". */
static char term[TERM_TEXT + 72];

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
	if (!extra && term[0])
		extra = term;
	if (pass)
		counts.passed++;
	else
		counts.failed++;
	if (!(pass && quiet))
		line(pass ? "PASS" : "FAIL", fmt, ap, pass ? NULL : extra);
	term[0] = '\0';
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

/* v in hex ("0x" and two words: newlib's small printf has no %llx), a small negative one in decimal. */
static void format_value(char *buf, size_t len, uint64_t v)
{
	unsigned long hi = (unsigned long)(v >> 32), lo = (unsigned long)(uint32_t)v;

	if ((int64_t)v < 0 && (int64_t)v > -65536)
		snprintf(buf, len, "-%lu", (unsigned long)-(int64_t)v);
	else if (hi)
		snprintf(buf, len, "0x%lx%08lx", hi, lo);
	else
		snprintf(buf, len, "0x%lx", lo);
}

static bool compare(enum report_cmp_op op, uint64_t got, uint64_t ref)
{
	switch (op) {
	case REPORT_EQ:		return got == ref;
	case REPORT_NE:		return got != ref;
	case REPORT_GE:		return got >= ref;
	case REPORT_LE:		return got <= ref;
	case REPORT_GT:		return got > ref;
	case REPORT_LT:		return got < ref;
	case REPORT_SET:	return (got & ref) == ref;
	default:		return !(got & ref);
	}
}

/* "expected OP ref, got got" into buf. */
static void describe(char *buf, size_t len, enum report_cmp_op op, uint64_t got, uint64_t ref)
{
	static const char *const expect[] = {
		[REPORT_EQ] = "", [REPORT_NE] = "not ", [REPORT_GE] = ">= ", [REPORT_LE] = "<= ",
		[REPORT_GT] = "> ", [REPORT_LT] = "< ", [REPORT_SET] = "bits set: ",
		[REPORT_CLEAR] = "bits clear: ",
	};
	char g[24], r[24];

	format_value(g, sizeof(g), got);
	format_value(r, sizeof(r), ref);
	snprintf(buf, len, "expected %s%s, got %s", expect[op], r, g);
}

static bool report_cmp(enum report_cmp_op op, uint64_t got, uint64_t ref, const char *fmt, va_list ap)
{
	char extra[80];

	extra[0] = ' ';
	extra[1] = '(';
	describe(extra + 2, sizeof(extra) - 4, op, got, ref);
	strcat(extra, ")");
	return report_check(compare(op, got, ref), extra, fmt, ap);
}

#define REPORT_CMP(name, op)							\
bool name(uint64_t got, uint64_t ref, const char *fmt, ...)			\
{										\
	va_list ap;								\
	bool pass;								\
										\
	va_start(ap, fmt);							\
	pass = report_cmp(op, got, ref, fmt, ap);				\
	va_end(ap);								\
	return pass;								\
}

REPORT_CMP(report_eq, REPORT_EQ)
REPORT_CMP(report_ne, REPORT_NE)
REPORT_CMP(report_ge, REPORT_GE)
REPORT_CMP(report_le, REPORT_LE)
REPORT_CMP(report_gt, REPORT_GT)
REPORT_CMP(report_lt, REPORT_LT)

bool report_term(enum report_cmp_op op, uint64_t got, uint64_t ref, const char *what)
{
	bool pass = compare(op, got, ref);
	bool cut = strlen(what) > TERM_TEXT;
	int n;

	if (pass)
		return true;
	n = snprintf(term, sizeof(term), " (%.*s%s: ", TERM_TEXT, what, cut ? "..." : "");
	describe(term + n, sizeof(term) - 1 - (size_t)n, op, got, ref);
	strcat(term, ")");
	return false;
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
	term[0] = '\0';
	va_start(ap, fmt);
	line(tag, fmt, ap, NULL);
	va_end(ap);
	return pass;
}

void report_vskip(const char *fmt, va_list ap)
{
	counts.skipped++;
	line("SKIP", fmt, ap, NULL);
}

void report_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report_vskip(fmt, ap);
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
