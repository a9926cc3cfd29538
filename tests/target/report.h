/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * On-target tests: the report library (tests/common/report.h), declared faults, and
 * the running of one test (include/ppcmmu/test.h registers them).
 */
#ifndef PPCMMU_REPORT_H
#define PPCMMU_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include "include/arch.h"
#include "tests/common/report.h"
#include "ppcmmu/test.h"

/* newlib's nano printf has no %llx: print a physical address as two words. */
#define PA_FMT		"0x%lx%08lx"
#define PA_ARG(pa)	(unsigned long)((uint64_t)(pa) >> 32), (unsigned long)(uint32_t)(pa)

/* The report calls themselves come from the library shared with the host tests. */
/* Prints the SUMMARY line; returns the number of failures. */
unsigned int report_summary(void);

/*
 * Declare that the next access may fault at addr (any kind).  The fault path
 * records it and resumes: after the access for data, at the caller for a
 * fetch, back in user_call() for user mode.  A fault that was not declared
 * fails the running test and abandons it.
 */
void expect_fault(vaddr_t addr);
/*
 * After an unexpected fault, the walk of the faulting address is printed with
 * this (the monitor's walk display, set by kernel_main: tests sit below the
 * monitor and do not call it directly); NULL prints none.
 */
extern void (*report_walk_printer)(struct mm *mm, vaddr_t va);
/* The faults recorded since the last expect_fault(), and the last one. */
unsigned int faults_taken(void);
const struct fault_record *last_fault(void);
/* Drop an expectation that did not fire. */
void expect_fault_clear(void);

/* A skipped check whose test needs a huge page the pool lacks; print_pool_skips() names those tests. */
void skip_no_huge_page(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void print_pool_skips(void);

/* Run one test: its TEST: begin and end lines, guarded (an unexpected fault abandons it). */
void run_test(const struct ppcmmu_test *t);
void run_tests(const struct ppcmmu_test *tests, unsigned int n);

#endif
