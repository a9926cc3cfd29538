/* SPDX-License-Identifier: BSD-2-Clause */
/* Arch-neutral kernel main: say where we are, run the target suite, stop. */
#include "include/arch.h"
#include "include/kernel.h"
#include "lib/kprintf.h"
#include "tests/target/tests.h"
#include "tests/bench/bench.h"

void kernel_main(void)
{
	struct palloc_stats st;
	unsigned int failed;

	palloc_get_stats(&st);
	kprintf("ppcmmu: %s, linear map %lu MB at 0x%08lx, %lu free pages, TLB statistics %s\n",
		layout.family, (unsigned long)(layout.linear_size >> 20),
		(unsigned long)layout.linear_va, st.free, tlb_counts_available() ? "on" : "off");
	kprintf("ppcmmu: bootargs \"%s\"\n", layout.bootargs);
	if (bench_requested(layout.bootargs))
		bench_main(layout.bootargs);
	else
		run_all_tests();
	failed = report_summary();
	arch_exit(failed ? 1 : 0);
}
