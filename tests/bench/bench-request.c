/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bench= request of the families whose benchmarks do not go through
 * bench.c (book3s/64, e500 in 64-bit mode): only whether one is asked for,
 * and the output choice the monitor sets (nothing prints either way).
 */
#include <stddef.h>
#include "tests/bench/bench.h"
#include "lib/cmdline.h"

bool bench_raw = true;		/* the monitor's choice of output; nothing to print either way */

bool bench_requested(const char *bootargs)
{
	const char *v;
	size_t len;
	bool bare;

	return cmdline_find(bootargs, "bench", &v, &len, &bare);
}
