/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * make bench on e500 in 64-bit mode: not yet.  The benchmarks measure the
 * miss handlers' paths, misses per sweep and user-mode loops, none of which
 * this family has so far; a run that asks for them fails, saying why.
 */
#include <stddef.h>
#include "tests/bench/bench.h"
#include "lib/cmdline.h"
#include "tests/common/report.h"

bool bench_raw = true;		/* the monitor's choice of output; nothing to print either way */

bool bench_requested(const char *bootargs)
{
	const char *v;
	size_t len;
	bool bare;

	return cmdline_find(bootargs, "bench", &v, &len, &bare);
}

void bench_main(const char *bootargs)
{
	(void)bootargs;
	report(false, "bench: e500 in 64-bit mode has no benchmarks yet (they measure the TLB-miss "
	       "handlers and user mode, which this family does not have yet)");
}
