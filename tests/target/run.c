/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The registered tests (PPCMMU_TEST, include/ppcmmu/test.h) in their running
 * order, and the selection by stable name or group.
 */
#include <string.h>
#include "tests/target/tests.h"
#include "lib/cmdline.h"
#include "lib/kprintf.h"

/* The linker's bounds of section ppcmmu_tests, one entry per registration. */
extern const struct ppcmmu_test __start_ppcmmu_tests[], __stop_ppcmmu_tests[];

/*
 * The project's groups, in the order they run; the family's group (e500, 8xx)
 * after huge. Any other group runs after these, by name; the long runs last.
 */
static const char *const group_order[] = {
	"4k", "user", "errors", "huge", "e500", "8xx", "security", "stress",
};
#define GROUP_LONG	"long"	/* long runs: only tests=ID with a test's exact name runs one */

static const struct ppcmmu_test *order[TESTS_MAX];
static unsigned int n_tests;

static unsigned int group_rank(const char *group)
{
	unsigned int i, n = sizeof(group_order) / sizeof(group_order[0]);

	for (i = 0; i < n; i++)
		if (!strcmp(group, group_order[i]))
			return i;
	return strcmp(group, GROUP_LONG) ? n : n + 1;
}

/* Does a run before b?  Group rank, group name, file, line: the same order on every boot. */
static bool runs_before(const struct ppcmmu_test *a, const struct ppcmmu_test *b)
{
	unsigned int ra = group_rank(a->group), rb = group_rank(b->group);
	int c;

	if (ra != rb)
		return ra < rb;
	c = strcmp(a->group, b->group);
	if (c)
		return c < 0;
	c = strcmp(a->file, b->file);
	if (c)
		return c < 0;
	return a->line < b->line;
}

/* The registered tests in their running order (sorted once, by insertion: there are a few hundred). */
static unsigned int tests_sorted(void)
{
	size_t bytes = (size_t)((const char *)__stop_ppcmmu_tests - (const char *)__start_ppcmmu_tests);
	unsigned int i, j, n;

	if (n_tests)
		return n_tests;
	if (bytes % sizeof(struct ppcmmu_test))
		panic("tests: section ppcmmu_tests holds %u bytes, not whole entries of %u",
		      (unsigned int)bytes, (unsigned int)sizeof(struct ppcmmu_test));
	n = (unsigned int)(bytes / sizeof(struct ppcmmu_test));
	if (n > TESTS_MAX)
		panic("tests: %u registered, more than TESTS_MAX (%u)", n, TESTS_MAX);
	for (i = 0; i < n; i++) {
		const struct ppcmmu_test *t = &__start_ppcmmu_tests[i];

		for (j = i; j > 0 && runs_before(t, order[j - 1]); j--)
			order[j] = order[j - 1];
		order[j] = t;
	}
	n_tests = n;
	return n;
}

static bool named_only(const struct ppcmmu_test *t)
{
	return !strcmp(t->group, GROUP_LONG);
}

/*
 * Does one comma-separated pattern of list match test t?  A long run only by
 * its exact name.
 */
static bool selected(const char *list, size_t len, const struct ppcmmu_test *t)
{
	size_t i = 0;

	while (i < len) {
		size_t j = i;

		while (j < len && list[j] != ',')
			j++;
		if (named_only(t) ? j - i == strlen(t->id) && !strncmp(list + i, t->id, j - i) :
		    (j - i == 3 && !strncmp(list + i, "all", 3)) ||
		    glob_match(list + i, j - i, t->id) || glob_match(list + i, j - i, t->group))
			return true;
		i = j + 1;
	}
	return false;
}

void list_tests(void)
{
	unsigned int i, n = tests_sorted();

	for (i = 0; i < n; i++)
		kprintf("  %-32s %-7s %s%s\n", order[i]->id, order[i]->group, order[i]->name,
			named_only(order[i]) ? " (only when named)" : "");
}

/* Name every pattern that matches no test; true if there is one. */
static bool unmatched_patterns(const char *list, size_t len)
{
	unsigned int k, n = tests_sorted();
	bool bad = false;
	size_t i = 0;

	while (i < len) {
		size_t j = i;
		bool hit;

		while (j < len && list[j] != ',')
			j++;
		hit = j - i == 3 && !strncmp(list + i, "all", 3);
		for (k = 0; k < n && !hit; k++)
			hit = selected(list + i, j - i, order[k]);
		if (!hit) {
			kprintf("ppcmmu: tests: \"%.*s\" matches no test\n", (int)(j - i), list + i);
			bad = true;
		}
		i = j + 1;
	}
	return bad;
}

unsigned int run_selected_tests(const char *list, size_t len)
{
	unsigned int i, n = tests_sorted(), ran = 0;

	if (len == 0 || unmatched_patterns(list, len)) {
		if (len == 0)
			kprintf("ppcmmu: tests: empty selection\n");
		kprintf("ppcmmu: known tests (name, group, what it checks):\n");
		list_tests();
		return 0;
	}
	for (i = 0; i < n; i++)
		if (selected(list, len, order[i])) {
			run_test(order[i]);
			ran++;
		}
	return ran;
}
