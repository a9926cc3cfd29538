/* SPDX-License-Identifier: BSD-2-Clause */
/* The host side of tests/common/report.c: output on stdout, quiet mode from the environment. */
#include <stdio.h>
#include <stdlib.h>
#include "report.h"

__attribute__((constructor)) static void read_quiet(void)
{
	const char *q = getenv("HOST_TEST_QUIET");

	report_set_quiet(q && *q == '1');
}

void report_vout(const char *fmt, va_list ap)
{
	vprintf(fmt, ap);
}

int report_summary(void)
{
	return report_summary_line() ? 1 : 0;
}
