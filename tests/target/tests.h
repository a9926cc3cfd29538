/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The test tables of each subject, their groups, and the selection the
 * command line (tests=) and the monitor (test NAME...) make among them.
 */
#ifndef PPCMMU_TESTS_H
#define PPCMMU_TESTS_H

#include <stddef.h>
#include "tests/target/report.h"

extern const struct target_test tests_4k[], tests_user[], tests_errors[], tests_huge[], tests_family[];
extern const unsigned int tests_4k_count, tests_user_count, tests_errors_count, tests_huge_count,
	tests_family_count;
extern const struct target_test tests_security[], tests_stress[], tests_split[];
extern const unsigned int tests_security_count, tests_stress_count, tests_split_count;
/* Long runs (group "long"): only tests=NAME with a test's exact name runs one. */
extern const struct target_test tests_long[];
extern const unsigned int tests_long_count;

#define TEST_ID_MAX	64

/* The tables in the order they run, each with its group. */
extern const struct test_table test_tables[];
extern const unsigned int test_tables_count;

/* The stable name of t into buf (t->id, or t->name in lower case with dashes). */
const char *test_id(const struct target_test *t, char *buf, size_t len);

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
