/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The spin-table release (include/e500/spin-table.h) in the order a
 * spinning core sees it: a real core may start the moment the low word of
 * its entry address changes, so r3 and every other word the release writes
 * must be stored, and ordered by a barrier, before that low word, which is
 * the last store; a barrier follows it.  QEMU starts a released core only
 * after the whole sequence, so no board run can see the order: here the
 * stores and barriers are recorded instead of made.
 */
#include <stdint.h>
#include <string.h>
#include "report.h"

#define MAX_EVENTS	32
#define BARRIER		(-1)

struct event {
	int word;			/* the word stored, or BARRIER */
	uint32_t value;
};

static struct event events[MAX_EVENTS];
static unsigned int nevents;

static void record(volatile uint32_t *e, int word, uint32_t v)
{
	if (word >= 0)
		e[word] = v;
	if (nevents < MAX_EVENTS)
		events[nevents] = (struct event){ word, v };
	nevents++;
}

#define SPIN_STORE(e, word, v)	record((e), (word), (v))
#define SPIN_BARRIER()		record(NULL, BARRIER, 0)
#include "include/e500/spin-table.h"

#define R3		0xc0123450u
#define ENTRY_PA	0x0000000f00a01000ull	/* a 36-bit entry address: its high word is stored too */
#define WORDS		8

static void test_release_order(void)
{
	uint32_t entry[WORDS];
	unsigned int i, last_lo = MAX_EVENTS, lo_stores = 0, before_lo = 0, barrier_between = 0;
	unsigned int last_other = 0, barrier_after = 0;
	bool others_after_lo = false;

	for (i = 0; i < WORDS; i++)
		entry[i] = 1;			/* ePAPR: 1 in the low word is "keep spinning" */
	nevents = 0;
	spin_table_release(entry, R3, ENTRY_PA);
	report(nevents <= MAX_EVENTS, "the release makes at most %u stores and barriers (%u)", MAX_EVENTS,
	       nevents);
	for (i = 0; i < nevents && i < MAX_EVENTS; i++)
		if (events[i].word == SPIN_ADDR_LO) {
			lo_stores++;
			last_lo = i;
		}
	report_eq(lo_stores, 1, "the entry address's low word is stored once");
	for (i = 0; i < nevents && i < MAX_EVENTS; i++) {
		if (events[i].word < 0 || events[i].word == SPIN_ADDR_LO)
			continue;
		if (i < last_lo) {
			before_lo |= 1u << events[i].word;
			last_other = i;
		} else {
			others_after_lo = true;
		}
	}
	report_eq(before_lo, (1u << SPIN_R3_HI) | (1u << SPIN_R3_LO) | (1u << SPIN_ADDR_HI),
		  "r3 (both words) and the address's high word are stored before its low word");
	report(!others_after_lo, "no word is stored after the address's low word: it is the last store");
	for (i = last_other + 1; i < last_lo && last_lo < MAX_EVENTS; i++)
		barrier_between += events[i].word == BARRIER;
	report(last_lo < MAX_EVENTS && barrier_between > 0,
	       "a barrier orders the other words before the low word (%u between)", barrier_between);
	for (i = last_lo + 1; i < nevents && i < MAX_EVENTS; i++)
		barrier_after += events[i].word == BARRIER;
	report(last_lo < MAX_EVENTS && barrier_after > 0, "a barrier follows the low word");
	report(entry[SPIN_R3_HI] == 0 && entry[SPIN_R3_LO] == R3, "r3 is the value given (0x%08x_%08x)",
	       entry[SPIN_R3_HI], entry[SPIN_R3_LO]);
	report(entry[SPIN_ADDR_HI] == (uint32_t)(ENTRY_PA >> 32) && entry[SPIN_ADDR_LO] == (uint32_t)ENTRY_PA,
	       "the entry address is the one given (0x%08x_%08x)", entry[SPIN_ADDR_HI], entry[SPIN_ADDR_LO]);
	for (i = SPIN_R3_LO + 1; i < WORDS && entry[i] == 1; i++)
		;
	report_eq(i, WORDS, "the words after r3 are left alone");
}

int main(void)
{
	report_prefix_push("spin table");
	test_release_order();
	report_prefix_pop();
	return report_summary();
}
