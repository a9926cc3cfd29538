/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * make bench on book3s/64: not yet.  The benchmarks measure the miss
 * handlers' paths in instructions, misses per sweep and user-mode loops;
 * this family's fault path is C reached through the common interrupt
 * entry so far, and it has no user mode: a run that asks fails, saying why.
 */
#include <stddef.h>
#include "tests/bench/bench.h"
#include "lib/cmdline.h"
#include "tests/common/report.h"

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
	report(false, "bench: book3s/64 has no benchmarks yet (no assembly fast path to measure and no "
	       "user mode)");
}
