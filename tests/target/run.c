/* SPDX-License-Identifier: BSD-2-Clause */
/* The test tables with their groups, and the selection by stable name or group. */
#include <string.h>
#include "tests/target/tests.h"
#include "lib/cmdline.h"
#include "lib/kprintf.h"

#define FAMILY_GROUP	(!strcmp(layout.family, "e500") ? "e500" : "8xx")

const struct test_table test_tables[] = {
	{ "4k", tests_4k, &tests_4k_count, false },
	{ "user", tests_user, &tests_user_count, false },
	{ "errors", tests_errors, &tests_errors_count, false },
	{ "huge", tests_huge, &tests_huge_count, false },
	{ "split", tests_split, &tests_split_count, false },
	{ NULL, tests_family, &tests_family_count, false },	/* the family's name */
	{ "security", tests_security, &tests_security_count, false },
	{ "stress", tests_stress, &tests_stress_count, false },
	{ "long", tests_long, &tests_long_count, true },
};
const unsigned int test_tables_count = sizeof(test_tables) / sizeof(test_tables[0]);

static const char *group_of(const struct test_table *tt)
{
	return tt->group ? tt->group : FAMILY_GROUP;
}

const char *test_id(const struct target_test *t, char *buf, size_t len)
{
	size_t n = 0;
	const char *s;
	bool dash = false;

	if (t->id)
		return t->id;
	for (s = t->name; *s && n + 2 < len; s++) {
		char c = *s;

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
			if (dash && n)
				buf[n++] = '-';
			buf[n++] = c;
			dash = false;
		} else {
			dash = true;
		}
	}
	buf[n] = '\0';
	return buf;
}

/*
 * Does one comma-separated pattern of list match the test of table tt?  A
 * named-only table's test only by its exact name.
 */
static bool selected(const char *list, size_t len, const char *id, const struct test_table *tt)
{
	size_t i = 0;

	while (i < len) {
		size_t j = i;

		while (j < len && list[j] != ',')
			j++;
		if (tt->named_only ? j - i == strlen(id) && !strncmp(list + i, id, j - i) :
		    (j - i == 3 && !strncmp(list + i, "all", 3)) ||
		    glob_match(list + i, j - i, id) || glob_match(list + i, j - i, group_of(tt)))
			return true;
		i = j + 1;
	}
	return false;
}

void list_tests(void)
{
	char buf[TEST_ID_MAX];
	unsigned int i, k;

	for (k = 0; k < test_tables_count; k++)
		for (i = 0; i < *test_tables[k].count; i++) {
			const struct target_test *t = &test_tables[k].tests[i];

			kprintf("  %-32s %-7s %s%s\n", test_id(t, buf, sizeof(buf)),
				group_of(&test_tables[k]), t->name,
				test_tables[k].named_only ? " (only when named)" : "");
		}
}

/* Name every pattern that matches no test; true if there is one. */
static bool unmatched_patterns(const char *list, size_t len)
{
	char buf[TEST_ID_MAX];
	bool bad = false;
	size_t i = 0;

	while (i < len) {
		size_t j = i, k, n;
		bool hit;

		while (j < len && list[j] != ',')
			j++;
		hit = j - i == 3 && !strncmp(list + i, "all", 3);
		for (k = 0; k < test_tables_count && !hit; k++)
			for (n = 0; n < *test_tables[k].count && !hit; n++)
				hit = selected(list + i, j - i,
					       test_id(&test_tables[k].tests[n], buf, sizeof(buf)),
					       &test_tables[k]);
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
	char buf[TEST_ID_MAX];
	unsigned int i, k, ran = 0;

	if (len == 0 || unmatched_patterns(list, len)) {
		if (len == 0)
			kprintf("ppcmmu: tests: empty selection\n");
		kprintf("ppcmmu: known tests (name, group, what it checks):\n");
		list_tests();
		return 0;
	}
	for (k = 0; k < test_tables_count; k++)
		for (i = 0; i < *test_tables[k].count; i++) {
			const struct target_test *t = &test_tables[k].tests[i];
			const char *id = test_id(t, buf, sizeof(buf));

			if (selected(list, len, id, &test_tables[k])) {
				run_test(t, id, group_of(&test_tables[k]));
				ran++;
			}
		}
	return ran;
}
