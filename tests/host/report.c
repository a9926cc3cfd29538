/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report.h"

#define PREFIX_MAX	512

static char prefix[PREFIX_MAX];
static size_t depth_len[16];
static unsigned int depth;
static unsigned int passed, failed;

void report_prefix_push(const char *fmt, ...)
{
	size_t len = strlen(prefix);
	va_list ap;

	if (depth < sizeof(depth_len) / sizeof(depth_len[0]))
		depth_len[depth] = len;
	depth++;
	va_start(ap, fmt);
	vsnprintf(prefix + len, sizeof(prefix) - len, fmt, ap);
	va_end(ap);
	len = strlen(prefix);
	snprintf(prefix + len, sizeof(prefix) - len, ": ");
}

void report_prefix_pop(void)
{
	if (!depth)
		return;
	depth--;
	if (depth < sizeof(depth_len) / sizeof(depth_len[0]))
		prefix[depth_len[depth]] = '\0';
}

bool report(bool pass, const char *fmt, ...)
{
	static int quiet = -1;
	va_list ap;

	if (quiet < 0)
		quiet = getenv("HOST_TEST_QUIET") && *getenv("HOST_TEST_QUIET") == '1';
	if (pass)
		passed++;
	else
		failed++;
	if (pass && quiet)
		return pass;
	printf("%s: %s", pass ? "PASS" : "FAIL", prefix);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return pass;
}

int report_summary(void)
{
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
