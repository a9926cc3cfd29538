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
#include <stdint.h>

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
/*
 * Comparisons: on failure the line also says what was expected and what came,
 * e.g. "FAIL: map: RPN (expected 0x10000000, got 0x0)". The values are 64 bits
 * wide (e500 physical addresses and PTEs are), printed in hex, small negative
 * ones in decimal. The relational forms check got OP bound.
 */
bool report_eq(uint64_t got, uint64_t expected, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool report_ne(uint64_t got, uint64_t unwanted, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool report_ge(uint64_t got, uint64_t bound, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool report_le(uint64_t got, uint64_t bound, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool report_gt(uint64_t got, uint64_t bound, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool report_lt(uint64_t got, uint64_t bound, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * The terms of a check with several conditions, e.g.
 *   report(is_eq(faults_taken(), 1) && is_eq(f->addr, va) && is_set(f->cause, ESR_ST), "...")
 * Each evaluates its operands once and returns the comparison; the last term
 * that failed is remembered and the next report() prints it after a failure's
 * text: "(f->addr: expected 0x1000, got 0x2000)". is_set/is_clear: every bit of
 * bits set / clear in v.
 */
enum report_cmp_op { REPORT_EQ, REPORT_NE, REPORT_GE, REPORT_LE, REPORT_GT, REPORT_LT,
		     REPORT_SET, REPORT_CLEAR };
bool report_term(enum report_cmp_op op, uint64_t got, uint64_t ref, const char *what);
#define is_eq(got, ref)		report_term(REPORT_EQ, (got), (ref), #got)
#define is_ne(got, ref)		report_term(REPORT_NE, (got), (ref), #got)
#define is_ge(got, ref)		report_term(REPORT_GE, (got), (ref), #got)
#define is_le(got, ref)		report_term(REPORT_LE, (got), (ref), #got)
#define is_gt(got, ref)		report_term(REPORT_GT, (got), (ref), #got)
#define is_lt(got, ref)		report_term(REPORT_LT, (got), (ref), #got)
#define is_set(v, bits)		report_term(REPORT_SET, (v), (bits), #v)
#define is_clear(v, bits)	report_term(REPORT_CLEAR, (v), (bits), #v)
void report_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_vskip(const char *fmt, va_list ap);
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
