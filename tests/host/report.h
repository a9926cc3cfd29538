/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The host tests use the shared report library (tests/common/report.h).
 * report_summary() prints the SUMMARY line and returns the exit status.
 * Set HOST_TEST_QUIET=1 to print failures only.
 */
#ifndef PPCMMU_TESTS_REPORT_H
#define PPCMMU_TESTS_REPORT_H

#include "tests/common/report.h"

int report_summary(void);

#endif
