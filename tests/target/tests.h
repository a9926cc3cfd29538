/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The registered tests (include/ppcmmu/test.h) and the selection the command
 * line (tests=) and the monitor (test NAME...) make among them.
 */
#ifndef PPCMMU_TESTS_H
#define PPCMMU_TESTS_H

#include <stddef.h>
#include "tests/target/report.h"

/* The most tests one image may register (include/ppcmmu/test.h); more stop the boot, naming the count. */
#define TESTS_MAX	1024

/*
 * Run the tests whose stable name or group matches one of the patterns in
 * list (shell globs separated by commas, "all" for every test; len bytes).
 * Returns the number of tests run; 0 when a pattern matches nothing (each
 * such pattern is named, with the list of known tests).
 */
unsigned int run_selected_tests(const char *list, size_t len);
/* Print every test: stable name, group, what it checks. */
void list_tests(void);

/* Run fn(arg); false if an unexpected fault abandoned it (already reported). */
bool run_guarded(void (*fn)(void *arg), void *arg);

/* Faults that reached the C fault path, per enum fault_kind, since boot or the last reset. */
const unsigned int *fault_counts(void);
void fault_counts_reset(void);

#endif
