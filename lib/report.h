/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report library shared by the host tests and the target tests, in the
 * style of kvm-unit-tests: a stack of prefixes (copied, so a caller may pass
 * a buffer it reuses) names each check; one line per check:
 *   PASS / FAIL / SKIP / XFAIL / XPASS: prefix: prefix: what
 * and one closing line
 *   SUMMARY: N passed, M failed, S skipped, X xfail
 * An expected failure that fails is XFAIL (counted apart from skips); one
 * that passes is XPASS and counts as a failure: the expectation is stale.
 * Output goes through report_vout(), which each side defines (host: stdout,
 * target: the console).
 */
#ifndef PPCMMU_LIB_REPORT_H
#define PPCMMU_LIB_REPORT_H

#include <stdarg.h>
#include <stdbool.h>

#define REPORT_PREFIX_MAX	8	/* deeper pushes are counted, not printed */
#define REPORT_PREFIX_LEN	64	/* bytes of one prefix, NUL included; longer ones end in "..." */

struct report_counts {
	unsigned int passed, failed, skipped, xfailed;
};

/* Defined by the host or target side: print formatted text. */
void report_vout(const char *fmt, va_list ap);

void report_prefix_push(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_prefix_pop(void);
void report_prefix_reset(void);
/* The prefixes joined with ": " (for a result file or a message). */
const char *report_prefix_string(void);

bool report(bool pass, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A comparison: on failure the line also says what was expected and what came. */
bool report_eq(unsigned long got, unsigned long expected, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void report_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * A known deviation: with known set, a failure is XFAIL and a pass is XPASS
 * (a failure); without, an ordinary check.
 */
bool report_xfail(bool known, bool pass, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void report_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void report_get_counts(struct report_counts *c);
void report_reset_counts(void);
/* Print the SUMMARY line; returns the number of failures. */
unsigned int report_summary_line(void);
/* Host tests: print only failures (and the summary). */
void report_set_quiet(bool quiet);

#endif
