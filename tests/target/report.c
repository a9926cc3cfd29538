/* SPDX-License-Identifier: BSD-2-Clause */
/* Target side of the report library, declared faults and the test runner. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tests/target/report.h"
#include "tests/target/tests.h"
#include "lib/kprintf.h"
#include "tlb/fault.h"

#define FAULT_LIMIT	16	/* faults on one expectation before we call it a loop */

/* Each core's declared fault and where an unexpected fault abandons its work in hand. */
struct expect_state {
	bool expecting;
	vaddr_t expect_addr;
	unsigned int taken;
	struct fault_record last;
	jmp_buf *abort_to;
};

static struct expect_state expects[ARCH_MAX_CPUS];
static unsigned int kind_counts[FAULT_OTHER + 1];

static struct expect_state *ex(void)
{
	return &expects[arch_this_cpu()];
}

const unsigned int *fault_counts(void)
{
	return kind_counts;
}

void fault_counts_reset(void)
{
	memset(kind_counts, 0, sizeof(kind_counts));
}

static void count_fault(const struct fault_record *f)
{
	if (f->kind <= FAULT_OTHER)
		kind_counts[f->kind]++;
}

void report_vout(const char *fmt, va_list ap)
{
	kvprintf(fmt, ap);
}

unsigned int report_summary(void)
{
	return report_summary_line();
}

void expect_fault(vaddr_t addr)
{
	ex()->expecting = true;
	ex()->expect_addr = addr;
	ex()->taken = 0;
	memset(&ex()->last, 0, sizeof(ex()->last));
}

void expect_fault_clear(void)
{
	ex()->expecting = false;
}

unsigned int faults_taken(void)
{
	return ex()->taken;
}

const struct fault_record *last_fault(void)
{
	return &ex()->last;
}

bool fault_expected(const struct fault_record *f)
{
	count_fault(f);
	if (!ex()->expecting || f->addr != ex()->expect_addr || ex()->taken >= FAULT_LIMIT)
		return false;
	ex()->last = *f;
	ex()->taken++;
	ex()->expecting = false;
	return true;
}

void (*report_walk_printer)(struct mm *mm, vaddr_t va);

void fault_unexpected(const struct fault_record *f, const char *dump)
{
	/* fault_expected() has counted it already */
	report(false, "unexpected %s at 0x%08lx (pc 0x%08lx, cause 0x%08lx, %s mode)",
	       fault_kind_name(f->kind), (unsigned long)f->addr, (unsigned long)f->pc,
	       (unsigned long)f->cause, f->user ? "user" : "kernel");
	kprintf("%s\n", dump);
	ex()->expecting = false;
	if (report_walk_printer)
		report_walk_printer(f->user ? fault_user_mm() : &kernel_mm, f->addr);
	if (ex()->abort_to)
		longjmp(*ex()->abort_to, 1);
	panic("unexpected fault outside a test");
}

bool run_guarded(void (*fn)(void *arg), void *arg)
{
	jmp_buf here, *outer = ex()->abort_to;
	bool ok = true;

	if (setjmp(here) == 0) {
		ex()->abort_to = &here;
		fn(arg);
	} else {
		ok = false;
	}
	ex()->abort_to = outer;
	ex()->expecting = false;
	return ok;
}

static void call_test(void *arg)
{
	((const struct ppcmmu_test *)arg)->run();
}

/*
 * The tests that skipped a check for want of a huge page in the pool, named once after a
 * run without hugepages= (the record, not a guess from the tests' names).
 */
static const char *running_id;
static char pool_skips[512];
static size_t pool_skips_len;
static unsigned int pool_skips_lost;
static bool running_skipped_pool;

void skip_no_huge_page(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	report_vskip(fmt, ap);
	va_end(ap);
	if (!running_id || running_skipped_pool)
		return;
	running_skipped_pool = true;
	n = snprintf(pool_skips + pool_skips_len, sizeof(pool_skips) - pool_skips_len, "%s%s",
		     pool_skips_len ? ", " : "", running_id);
	if (n < 0 || (size_t)n >= sizeof(pool_skips) - pool_skips_len) {
		pool_skips[pool_skips_len] = '\0';
		pool_skips_lost++;
	} else {
		pool_skips_len += n;
	}
}

void print_pool_skips(void)
{
	kprintf("ppcmmu: without hugepages=, these tests skipped checks for want of a huge page: %s",
		pool_skips_len ? pool_skips : "none");
	if (pool_skips_lost)
		kprintf(" and %u more", pool_skips_lost);
	kprintf("\n");
}

void run_test(const struct ppcmmu_test *t)
{
	const char *id = t->id;

	uint64_t t0 = timebase_read();
	struct report_counts before, after;

	running_id = id;
	running_skipped_pool = false;
	report_get_counts(&before);
	kprintf("TEST: %s (%s) begin\n", id, t->group);
	report_prefix_reset();
	report_prefix_push("%s", t->name);
	if (!run_guarded(call_test, (void *)t)) {
		report_prefix_reset();
		report_prefix_push("%s", t->name);
		report_info("test abandoned after an unexpected fault");
	}
	report_prefix_reset();
	report_get_counts(&after);
	kprintf("TEST: %s end, %u failed, timebase ticks " PA_FMT "\n", id, after.failed - before.failed,
		PA_ARG(timebase_read() - t0));
	running_id = NULL;
}

void run_tests(const struct ppcmmu_test *tests, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		run_test(&tests[i]);
}
