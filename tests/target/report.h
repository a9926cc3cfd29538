/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * On-target report API in the style of kvm-unit-tests: a prefix stack,
 * PASS/FAIL/SKIP/XFAIL lines, one closing SUMMARY line; plus declared faults.
 */
#ifndef PPCMMU_REPORT_H
#define PPCMMU_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include "include/arch.h"

/* newlib's nano printf has no %llx: print a physical address as two words. */
#define PA_FMT		"0x%lx%08lx"
#define PA_ARG(pa)	(unsigned long)((uint64_t)(pa) >> 32), (unsigned long)(uint32_t)(pa)

void report_prefix_push(const char *prefix);
void report_prefix_pop(void);
bool report(bool pass, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void report_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A known deviation (of the emulator, say): a failure counts as XFAIL, with its reason. */
bool report_xfail(bool known, bool pass, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void report_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints the SUMMARY line; returns the number of failures. */
unsigned int report_summary(void);

/*
 * Declare that the next access may fault at addr (any kind).  The fault path
 * records it and resumes: after the access for data, at the caller for a
 * fetch, back in user_call() for user mode.  A fault that was not declared
 * fails the running test and abandons it.
 */
void expect_fault(uint32_t addr);
/* The faults recorded since the last expect_fault(), and the last one. */
unsigned int faults_taken(void);
const struct fault_record *last_fault(void);
/* Drop an expectation that did not fire. */
void expect_fault_clear(void);

struct target_test {
	const char *name;
	void (*run)(void);
	const char *needs;	/* NULL, or the family this test needs */
};

void run_tests(const struct target_test *tests, unsigned int n);

#endif
