/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * make bench on e500 in 64-bit mode: not yet.  The benchmarks measure the
 * miss handlers' paths, misses per sweep and user-mode loops, none of which
 * this family has so far; a run that asks for them fails, saying why.
 */
#include "tests/bench/bench.h"
#include "tests/common/report.h"

void bench_main(const char *bootargs)
{
	(void)bootargs;
	report(false, "bench: e500 in 64-bit mode has no benchmarks yet (they measure the TLB-miss "
	       "handlers and user mode, which this family does not have yet)");
}
