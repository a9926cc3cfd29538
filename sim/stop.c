/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stopping from outside: SIGTERM, SIGINT or SIGHUP (as sent by timeout(1) or ^C) end the run at
 * the next event check (at most 4096 instructions later) with a message naming the PC and the
 * last exception taken, so that a guest that stopped making progress says where it was.
 */
#include <inttypes.h>
#include <signal.h>
#include <string.h>

#include "sim.h"

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

void stop_signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* True (after printing where the run was) when a stop signal arrived. */
bool stop_requested(struct cpu *c)
{
	if (!stop_signal)
		return false;
	fflush(stdout);
	warn_release(true);
	fprintf(stderr, "mpc8xx-sim: stopped by signal %d after %" PRIu64 " instructions: "
		"pc 0x%08x msr 0x%08x, last exception 0x%04x taken at pc 0x%08x\n",
		(int)stop_signal, c->icount, c->pc, c->msr, c->last_vector, c->last_vector_pc);
	c->exit_status = 128 + stop_signal;
	return true;
}
