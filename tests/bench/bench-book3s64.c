/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * make bench on book3s/64: bench=paths maps a 4K, a 16M and a 16G page in
 * fresh segments and loads once from each through b3_bench_load, whose
 * single load takes a segment miss and then a hash miss.  The instructions
 * from each vector to its rfid are counted outside the kernel:
 * tools/bench/book3s64-paths steps through b3_bench_load with QEMU's gdb
 * stub (QEMU 7.2's PMU and -icount cannot count them on powernv8).
 */
#include "tests/bench/bench.h"
#include "lib/kprintf.h"
#include "tests/common/report.h"
#include "tests/target/env.h"
#include "include/kernel.h"
#include "include/book3s64/hash.h"
#include "hugetlb/pool.h"

#define BENCH_VA	(B3_KMAP_START + 0x0000004000000000ull)
#define BENCH16M_VA	(B3_KMAP_START + 0x0000005000000000ull)
#define BENCH16G_VA	(B3_KMAP_START + 0x0000030000000000ull)

uint32_t b3_bench_load(vaddr_t va);	/* boot/book3s64-start.S: one lwz, what the stepping counts through */

void bench_main(const char *bootargs)
{
	paddr_t pa = test_page(), p16m = hugepool_alloc(16u << 20);

	(void)bootargs;
	lin(pa)[0] = 0x4b4b4b4b;
	report(map(&kernel_mm, BENCH_VA, pa, 4096, KPROT_RW) == MMU_OK &&
	       b3_bench_load(BENCH_VA) == 0x4b4b4b4b, "bench: 4K load (segment miss in assembly, hash miss)");
	if (p16m == HUGEPOOL_FAIL) {
		report_skip("bench: 16M: no page of that size in the pool");
	} else {
		lin(p16m)[0] = 0x16161616;
		report(map(&kernel_mm, BENCH16M_VA, p16m, 16u << 20, KPROT_RW) == MMU_OK &&
		       b3_bench_load(BENCH16M_VA) == 0x16161616,
		       "bench: 16M load (segment miss in assembly, hash miss)");
	}
	report(map(&kernel_mm, BENCH16G_VA, 0, 1ull << 34, KPROT_RW) == MMU_OK &&
	       b3_bench_load(BENCH16G_VA + pa) == 0x4b4b4b4b,
	       "bench: 16G load (1T segment miss in C, hash miss)");
}
