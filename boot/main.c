/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Arch-neutral kernel main: say where we are, check the command line, then
 * run what it asks for (tests=, bench=) and stop, or give the monitor prompt.
 */
#include "include/arch.h"
#include "include/kernel.h"
#include "lib/kprintf.h"
#include "lib/cmdline.h"
#include "monitor/monitor.h"
#include "tests/target/tests.h"
#include "tests/bench/bench.h"

/* Every word the kernel reads; anything else is reported. */
static const char *const known_words[] = {
	"hugepages", "tests", "bench", "stress-seed", "stress-steps", "lxcmp-stop", NULL
};

static void complain(const char *word, size_t len, const char *why)
{
	kprintf("ppcmmu: command line: \"%.*s\": %s\n", (int)len, word, why);
}

/* True when the command line reserves no huge pages (said once here; the tests it cost after the run). */
static bool check_command_line(void)
{
	const char *v;
	size_t len;
	bool bare;

	cmdline_check(layout.bootargs, known_words, complain);
	if (cmdline_find(layout.bootargs, "hugepages", &v, &len, &bare))
		return false;
	kprintf("ppcmmu: no hugepages= on the command line: the huge-page pool is empty, so every "
		"check that needs a huge page skips with that reason; the tests that had such checks "
		"are named at the end of a tests= run\n");
	return true;
}

/* tests=LIST: run the selection; one that matches nothing fails the run. */
static void run_tests_word(const char *list, size_t len, bool bare)
{
	if (bare || !run_selected_tests(list, len))
		report(false, "tests=%.*s: selects no test", (int)len, list);
}

void kernel_main(void)
{
	struct palloc_stats st;
	const char *list;
	size_t len;
	bool bare, no_pool;

	report_walk_printer = monitor_show_walk;
	palloc_get_stats(&st);
	kprintf("ppcmmu: %s, linear map %lu MB at 0x%08lx, %lu free pages, TLB statistics %s\n",
		layout.family, (unsigned long)(layout.linear_size >> 20),
		(unsigned long)layout.linear_va, st.free, tlb_counts_available() ? "on" : "off");
	kprintf("ppcmmu: bootargs \"%s\"\n", layout.bootargs);
	no_pool = check_command_line();
	if (bench_requested(layout.bootargs)) {
		bench_main(layout.bootargs);
	} else if (cmdline_find(layout.bootargs, "tests", &list, &len, &bare)) {
		run_tests_word(list, len, bare);
		if (no_pool)
			print_pool_skips();
	} else {
		arch_exit(monitor_main());
	}
	arch_exit(report_summary() ? 1 : 0);
}
