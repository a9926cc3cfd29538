/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ppcmmu's public header for on-target tests (docs/writing-tests.md).
 *
 * A test registers itself where it is written:
 *
 *	PPCMMU_TEST("board-uart-window", "board", "UART window guarded")
 *	{
 *		report(...);
 *	}
 *
 * or, for a function defined elsewhere in the file,
 *
 *	PPCMMU_TEST_FN("board-uart-window", "board", "UART window guarded", fn);
 *
 * The entry goes into the linker section ppcmmu_tests; the kernel finds every
 * entry there (no list to edit). The arguments:
 *   id     the stable name (lower case, digits, dashes): tests=ID, the
 *          TEST: lines, TAP and JUnit. Unique in the image: a duplicate fails
 *          the build naming both places.
 *   group  tests=GROUP runs every test of it. The project's groups run first,
 *          in their fixed order ("4k", "user", "errors", "huge", the family's,
 *          "security", "stress"), then every other group by name; "long"
 *          tests run only when named exactly, never by a glob or "all".
 *          Within a group, tests run by file name, then by line.
 *   what   what it checks: the prefix of every line the test prints.
 * One registration per source line.
 */
#ifndef PPCMMU_TEST_H
#define PPCMMU_TEST_H

struct ppcmmu_test {
	const char *id;		/* stable name */
	const char *group;	/* its group */
	const char *name;	/* what it checks, the prefix of its lines */
	void (*run)(void);
	const char *file;	/* where it is registered */
	unsigned int line;
};

#define PPCMMU_TEST_CAT_(a, b)	a##b
#define PPCMMU_TEST_CAT(a, b)	PPCMMU_TEST_CAT_(a, b)
#define PPCMMU_TEST_STR_(x)	#x
#define PPCMMU_TEST_STR(x)	PPCMMU_TEST_STR_(x)

/*
 * Register fn (void fn(void)) as test id of group, checking what. The second
 * object is the build's record of where each id is registered: the link step
 * reads it back and refuses an id registered twice (tools/check-test-ids).
 */
#define PPCMMU_TEST_FN(id, group, what, fn)						\
	static const struct ppcmmu_test PPCMMU_TEST_CAT(ppcmmu_test_, __LINE__)		\
	__attribute__((section("ppcmmu_tests"), used,					\
		       aligned(__alignof__(struct ppcmmu_test)))) =			\
		{ id, group, what, fn, __FILE__, __LINE__ };				\
	static const char PPCMMU_TEST_CAT(ppcmmu_test_where_, __LINE__)[]		\
	__attribute__((section("ppcmmu_test_ids"), used, aligned(1))) =			\
		id "\t" __FILE__ ":" PPCMMU_TEST_STR(__LINE__) "\n"

/* Register the function whose body follows as test id (see above). */
#define PPCMMU_TEST(id, group, what)							\
	static void PPCMMU_TEST_CAT(ppcmmu_test_fn_, __LINE__)(void);			\
	PPCMMU_TEST_FN(id, group, what, PPCMMU_TEST_CAT(ppcmmu_test_fn_, __LINE__));	\
	static void PPCMMU_TEST_CAT(ppcmmu_test_fn_, __LINE__)(void)

#endif
