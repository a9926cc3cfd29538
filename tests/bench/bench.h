/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Kernel side of `make bench` (tools/bench/run drives it): scenarios that
 * provoke each TLB-miss path under a marker, sweeps, page-table costs and
 * the speed loop.  Selected by the word bench=LIST of the command line,
 * LIST a comma-separated subset of paths, counts, loop, missloop, smcloop, smp.
 */
#ifndef PPCMMU_BENCH_H
#define PPCMMU_BENCH_H

#include <stdbool.h>

/* True when the command line holds a word "bench" or "bench=...". */
bool bench_requested(const char *bootargs);
/* Run what bench=LIST asks for; the caller prints the summary and exits. */
void bench_main(const char *bootargs);
/* Print the "BENCH ..." lines tools/bench/run reads (the default); false: the monitor's tables. */
extern bool bench_raw;
int bench_print(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
