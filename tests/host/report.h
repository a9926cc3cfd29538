/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tiny report API for host tests, in the style of kvm-unit-tests: a prefix
 * stack names each check; report_summary() prints "N passed, M failed" and
 * returns the exit status.  Set HOST_TEST_QUIET=1 to print failures only.
 */
#ifndef PPCMMU_TESTS_REPORT_H
#define PPCMMU_TESTS_REPORT_H

#include <stdbool.h>

void report_prefix_push(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void report_prefix_pop(void);
bool report(bool pass, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int report_summary(void);

#endif
