/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e500 linear map's plan (tlb/e500-linear.c) at every RAM size from 64 MB
 * to 8 GB in 1 MB steps, and at sizes that are not whole megabytes: at most
 * LINEAR_SLOTS entries, contiguous from physical 0, each a TLB1 size and
 * naturally aligned, none past the end of RAM or of the linear map's window,
 * the first at least the boot entry, and as much covered as greedy entries
 * can; a few plans checked entry by entry.
 */
#include <stdint.h>
#include <stdio.h>
#include "report.h"
#include "e500/tlb1.h"

static paddr_t bytes(unsigned int tsize)
{
	return (paddr_t)1024 << (2 * tsize);
}

/* One plan's rules; false (and the first broken rule in why) if one is broken. */
static bool plan_ok(paddr_t ram, const struct tlb1_linear *p, const char **why)
{
	paddr_t end = ram < LINEAR_MAX_BYTES ? ram : LINEAR_MAX_BYTES, next = 0;
	unsigned int i;

	*why = "at most LINEAR_SLOTS entries, at least one";
	if (p->n < 1 || p->n > LINEAR_SLOTS)
		return false;
	*why = "the first entry at least the boot entry";
	if (bytes(p->e[0].tsize) < LINEAR_BOOT_BYTES)
		return false;
	for (i = 0; i < p->n; i++) {
		*why = "a TLB1 size no larger than LINEAR_TSIZE_MAX";
		if (p->e[i].tsize < TSIZE_4K || p->e[i].tsize > LINEAR_TSIZE_MAX)
			return false;
		*why = "contiguous from 0 and naturally aligned";
		if (p->e[i].pa != next || (p->e[i].pa & (bytes(p->e[i].tsize) - 1)))
			return false;
		next += bytes(p->e[i].tsize);
		*why = "never past the end of RAM or of the window";
		if (next > end)
			return false;
	}
	*why = "size is what the entries cover";
	if (p->size != next)
		return false;
	/* greedy: with a slot left, nothing that fits was left out */
	*why = "with a slot left, everything covered";
	if (p->n < LINEAR_SLOTS && next + 4096 <= end)
		return false;
	return true;
}

static void test_every_size(void)
{
	struct tlb1_linear p;
	unsigned int bad = 0, n = 0;
	const char *why = "", *first_why = "";
	paddr_t ram, first_bad = 0;

	for (ram = LINEAR_BOOT_BYTES; ram <= (8ull << 30); ram += 1u << 20) {
		paddr_t sizes[2] = { ram, ram + 0x5000 };	/* and one not a whole megabyte */
		unsigned int k;

		for (k = 0; k < 2; k++, n++) {
			tlb1_linear_plan(sizes[k], &p);
			if (!plan_ok(sizes[k], &p, &why) && !bad++) {
				first_bad = sizes[k];
				first_why = why;
			}
		}
	}
	if (bad)
		report(false, "linear plan at %u RAM sizes, 64 MB to 8 GB: %u broke a rule, the first at "
		       "0x%llx: %s", n, bad, (unsigned long long)first_bad, first_why);
	else
		report(true, "linear plan at %u RAM sizes, 64 MB to 8 GB: every rule kept", n);
}

struct want {
	paddr_t ram;
	unsigned int n;
	unsigned int tsize[LINEAR_SLOTS];
	const char *what;
};

static void test_known_plans(void)
{
	static const struct want w[] = {
		{ 64u << 20, 1, { TSIZE_64M }, "64 MB: one 64M" },
		{ 192u << 20, 3, { TSIZE_64M, TSIZE_64M, TSIZE_64M }, "192 MB: 64M + 64M + 64M" },
		{ 256u << 20, 1, { TSIZE_256M }, "256 MB: one 256M" },
		{ 448u << 20, 4, { TSIZE_256M, TSIZE_64M, TSIZE_64M, TSIZE_64M }, "448 MB: 256M + 3 x 64M" },
		{ 100u << 20, 4, { TSIZE_64M, TSIZE_16M, TSIZE_16M, TSIZE_4M }, "100 MB: 64M + 16M + 16M + 4M" },
		{ 2ull << 30, 2, { TSIZE_256M, TSIZE_256M }, "2 GB: 256M + 256M (the window)" },
		{ 6ull << 30, 2, { TSIZE_256M, TSIZE_256M }, "6 GB: 256M + 256M (the window)" },
	};
	struct tlb1_linear p;
	unsigned int i, k;
	bool same;

	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		tlb1_linear_plan(w[i].ram, &p);
		same = p.n == w[i].n;
		for (k = 0; same && k < p.n; k++)
			same = p.e[k].tsize == w[i].tsize[k];
		report(same, "linear plan, %s", w[i].what);
	}
	tlb1_linear_plan(LINEAR_BOOT_BYTES - 4096, &p);
	report(p.n == 0 && p.size == 0, "linear plan below the boot entry's 64 MB: no entry (the kernel panics)");
}

int main(void)
{
	test_every_size();
	test_known_plans();
	return report_summary();
}
