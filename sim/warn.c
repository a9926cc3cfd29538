/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Warnings for software that depends on behaviour the manuals leave open.
 * Each kind is printed on stderr the first few times; with --strict the
 * first one stops the run with exit status EXIT_STRICT.
 *
 * The runners log stdout (the console) and stderr in one file: a warning
 * raised while a console line is open waits until the line ends (or the
 * run does), so console lines stay whole and a warning starts its own line.
 */
#include <stdarg.h>
#include <string.h>

#include "sim.h"

#define WARN_PRINT_LIMIT	5

uint64_t warn_counts[NUM_WARN];
static bool allowed[NUM_WARN];	/* --allow KIND: printed, but no --strict stop */

static const char *const names[NUM_WARN] = {
	[W_TWC_READ_512K] = "twc-read-512k",
	[W_TWC_READ_PS10] = "twc-read-ps10",
	[W_RPN_OUTSIDE_MISS] = "rpn-outside-miss",
	[W_SPS_LARGE] = "sps-large",
	[W_PP_RESERVED] = "pp-reserved",
	[W_PP20_LARGE] = "pp20-large",
	[W_MULTI_HIT] = "multi-hit",
	[W_DCBZ_CI] = "dcbz-ci",
	[W_GPM_10] = "gpm-10",
	[W_PPM_PPCS] = "ppm-ppcs",
	[W_TWAM0] = "twam0",
	[W_LE_MODE] = "le-mode",
	[W_EXIT_WIDTH] = "exit-width",
	[W_DEBUG_TLB] = "debug-tlb-write",
	[W_MI_RPN_BITS] = "mi-rpn-bits",
	[W_SIVEC_NONE] = "sivec-none",
	[W_CIVR_NONE] = "civr-none",
	[W_CPM_PRIORITY] = "cpm-priority",
};

const char *warn_name(enum warn_kind kind)
{
	return names[kind];
}

/* --allow KIND; returns false for an unknown kind. */
bool warn_allow(const char *name)
{
	for (int k = 0; k < NUM_WARN; k++)
		if (!strcmp(names[k], name)) {
			allowed[k] = true;
			return true;
		}
	return false;
}

static bool console_open;	/* the console's last character was not a newline */
static char held[4096];		/* warnings waiting for the console line to end */
static size_t held_len;

void warn_console_char(int ch)
{
	console_open = ch != '\n';
}

/* Print the held warnings once the console line is closed, or (at_end) in any case. */
void warn_release(bool at_end)
{
	if (!held_len || (console_open && !at_end))
		return;
	fflush(stdout);
	if (console_open)
		fputc('\n', stderr);	/* the run ends inside a console line */
	fwrite(held, 1, held_len, stderr);
	fflush(stderr);
	held_len = 0;
}

static void emit(const char *line, size_t len)
{
	if (!console_open) {
		fwrite(line, 1, len, stderr);
		return;
	}
	if (held_len + len > sizeof(held))
		warn_release(true);	/* no room: now, on a line of its own */
	if (!console_open || held_len + len > sizeof(held)) {
		fwrite(line, 1, len, stderr);
		return;
	}
	memcpy(held + held_len, line, len);
	held_len += len;
}

void sim_warn(struct cpu *c, enum warn_kind kind, const char *fmt, ...)
{
	va_list ap;
	char line[512];
	int n;

	bool stop = c->strict && !allowed[kind];

	c->stats.warnings++;
	if (warn_counts[kind]++ < WARN_PRINT_LIMIT || stop) {
		n = snprintf(line, sizeof(line) - 1, "mpc8xx-sim: %s: [%s] pc 0x%08x: ",
			     stop ? "error" : "warning", names[kind], c->pc);
		va_start(ap, fmt);
		n += vsnprintf(line + n, sizeof(line) - 1 - (size_t)n, fmt, ap);
		va_end(ap);
		if (n > (int)sizeof(line) - 2)
			n = (int)sizeof(line) - 2;
		line[n++] = '\n';
		emit(line, (size_t)n);
	}
	if (stop && !c->exit_requested) {
		c->exit_requested = true;
		c->exit_status = EXIT_STRICT;
		request_event(c);
	}
}
