/* SPDX-License-Identifier: BSD-2-Clause */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "tests/target/report.h"
#include "lib/kprintf.h"

#define MAX_PREFIX	8
#define FAULT_LIMIT	16	/* faults on one expectation before we call it a loop */

static const char *prefixes[MAX_PREFIX];
static unsigned int nprefix;
static unsigned int passed, failed, skipped, xfailed;

static bool expecting;
static uint32_t expect_addr;
static unsigned int taken;
static struct fault_record last;
static jmp_buf test_abort;
static bool in_test;

void report_prefix_push(const char *prefix)
{
	if (nprefix < MAX_PREFIX)
		prefixes[nprefix] = prefix;
	nprefix++;
}

void report_prefix_pop(void)
{
	if (nprefix)
		nprefix--;
}

static void print_line(const char *tag, const char *fmt, va_list ap)
{
	unsigned int i;

	kprintf("%s: ", tag);
	for (i = 0; i < nprefix && i < MAX_PREFIX; i++)
		kprintf("%s: ", prefixes[i]);
	kvprintf(fmt, ap);
	kprintf("\n");
}

bool report(bool pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_line(pass ? "PASS" : "FAIL", fmt, ap);
	va_end(ap);
	if (pass)
		passed++;
	else
		failed++;
	return pass;
}

bool report_xfail(bool known, bool pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_line(pass ? "PASS" : known ? "XFAIL" : "FAIL", fmt, ap);
	va_end(ap);
	if (pass)
		passed++;
	else if (known)
		xfailed++;
	else
		failed++;
	return pass;
}

void report_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_line("SKIP", fmt, ap);
	va_end(ap);
	skipped++;
}

void report_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	print_line("INFO", fmt, ap);
	va_end(ap);
}

unsigned int report_summary(void)
{
	kprintf("SUMMARY: %u passed, %u failed, %u skipped\n", passed, failed, skipped + xfailed);
	return failed;
}

void expect_fault(uint32_t addr)
{
	expecting = true;
	expect_addr = addr;
	taken = 0;
	memset(&last, 0, sizeof(last));
}

void expect_fault_clear(void)
{
	expecting = false;
}

unsigned int faults_taken(void)
{
	return taken;
}

const struct fault_record *last_fault(void)
{
	return &last;
}

bool fault_expected(const struct fault_record *f)
{
	if (!expecting || f->addr != expect_addr || taken >= FAULT_LIMIT)
		return false;
	last = *f;
	taken++;
	expecting = false;
	return true;
}

void fault_unexpected(const struct fault_record *f, const char *dump)
{
	kprintf("FAIL: ");
	for (unsigned int i = 0; i < nprefix && i < MAX_PREFIX; i++)
		kprintf("%s: ", prefixes[i]);
	kprintf("unexpected %s at 0x%08lx (pc 0x%08lx, cause 0x%08lx, %s mode)\n%s\n",
		fault_kind_name(f->kind), (unsigned long)f->addr, (unsigned long)f->pc,
		(unsigned long)f->cause, f->user ? "user" : "kernel", dump);
	failed++;
	expecting = false;
	if (in_test)
		longjmp(test_abort, 1);
	panic("unexpected fault outside a test");
}

static void run_one(const struct target_test *t)
{
	if (setjmp(test_abort) == 0) {
		in_test = true;
		t->run();
	} else {
		nprefix = 1;
		report_info("test abandoned after an unexpected fault");
	}
	in_test = false;
	expecting = false;
}

void run_tests(const struct target_test *tests, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		nprefix = 0;
		report_prefix_push(tests[i].name);
		if (tests[i].needs && strcmp(tests[i].needs, layout.family))
			report_skip("needs %s", tests[i].needs);
		else
			run_one(&tests[i]);
	}
	nprefix = 0;
}
