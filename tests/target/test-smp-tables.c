/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Page-table pages freed while another core walks them (docs/e500-smp.md,
 * "Page-table pages freed while another core walks them"):
 * - smp-table-free: the rule itself (a table cpu 1 is reading stays whole
 *   and out of the allocator until cpu 1 has passed a quiescent point), then
 *   a short run of the stress mode below;
 * - smp-table-free-long: the stress mode, 100,000 steps a core (a long run).
 * Stress mode: cpu 0 maps and unmaps pages in four 2 MB regions, so their
 * PTE tables empty and go (freed pages poisoned and handed out again at
 * once) while every other core reads in the same regions, each read taking
 * a miss: a read must fault or see its region's frame, never the poison
 * frame (a walk through a freed table) nor another region's (a walk through
 * a table already reused).
 */
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "include/xorshift.h"
#ifdef PPCMMU_E500_64
#include "smp/e500-64-smp.h"
#else
#include "smp/e500-smp.h"
#endif
#include "mmu/pgtable.h"
#include "mmu/pt-linear.h"
#include "tests/target/test-smp-e500.h"

#define POISON_WORD	0xdead7ab1u	/* every word of the poison frame */
#define REGION_SIGN	0x5ab00000u	/* word 0 of region r's frame: REGION_SIGN | r */
#define REGIONS		4u
#define PAGES		4u		/* pages a region may hold: its table empties often */
#define REGION_SPAN	(2u << 20)	/* one PTE table each */
#define REGION_OFF	(8u << 20)	/* from TEST_KVA: below stress-smp's windows */
#define HELD_BOUND_TB	(4 * SMP_CALL_TIMEOUT)	/* a bound only: a loaded host may starve QEMU for long */
/*
 * How long cpu 1, told of the free, looks for the page to change before its
 * second read: a free that did not wait for it poisons the page within this,
 * so the test sees it whatever the timing; a right one keeps the page whole
 * and costs this once (SMP_CALL_TIMEOUT is 1 s of time base).
 */
#define WRONG_FREE_TB	(SMP_CALL_TIMEOUT / 10)
#define READER_YIELD	8u		/* reads between two dozes of a reader */
#define READER_DOZE_TB	4000u		/* 10 us */
#define TABLE_SHORT	500ul
#define TABLE_LONG	100000ul

static paddr_t poison_pa;

/* Every entry of a freed table: a present leaf, every permission, on the poison frame. */
static void poison_table(void *va, size_t len)
{
	uint64_t pte = pte_mkyoung(pte_mkleaf(poison_pa, 4096,
					      PROT_READ | PROT_WRITE | PROT_EXEC | PROT_USER));
	size_t i;

	for (i = 0; i < len / sizeof(uint64_t); i++)
		pt_entry_set((uint64_t *)va + i, pte);
}

static bool poison_on(void)
{
	uint32_t *w;
	unsigned int i;

	poison_pa = test_page();
	w = lin(poison_pa);
	for (i = 0; i < 1024; i++)
		w[i] = POISON_WORD;
	pt_linear_set_poison(poison_table);
	return true;
}

static void poison_off(void)
{
	pt_free_sync();
	pt_linear_set_poison(NULL);
	test_page_free(poison_pa);
}

static inline void msync(void)
{
	__asm__ volatile("msync" : : : "memory");
}

/* ---------------------------------------------------------------- the rule */

struct held {
	volatile uint32_t *table;
	volatile uint32_t holding, freed;
	unsigned int changed;		/* words that differ from the signature at the end */
	bool saw_free;
};

static uint32_t table_sign(unsigned int i)
{
	return 0x7ab1e000u ^ (i * 0x9e3779b9u);
}

/* A walk in progress: the table is read, then read again once cpu 0 has freed it; no poll between. */
static void held_walk_fn(void *arg)
{
	struct held *h = arg;
	uint64_t t0;
	unsigned int i;

	for (i = 0; i < 1024; i++)
		h->changed += h->table[i] != table_sign(i);
	msync();
	h->holding = 1;
	t0 = timebase_read();
	while (!h->freed && timebase_read() - t0 < HELD_BOUND_TB)
		;
	h->saw_free = h->freed;
	msync();
	t0 = timebase_read();
	while (h->table[0] == table_sign(0) && timebase_read() - t0 < WRONG_FREE_TB)
		;
	for (i = 0; i < 1024; i++)
		h->changed += h->table[i] != table_sign(i);
}

static bool all_poison(const void *table)
{
	const uint64_t *e = table;
	unsigned int i;

	for (i = 0; i < 512; i++)
		if (!pte_present(e[i]) || pte_pa(e[i]) != poison_pa)
			return false;
	return true;
}

static void table_free_rule(void)
{
	static struct held h;
	uint32_t *t, *other, *again;
	unsigned int i, before;
	uint64_t t0;
	int err;

	/* limbo empty: t is then the lowest free page, the first one handed out once it is back */
	err = pt_free_sync();
	t = pt_alloc(0);
	if (err || !t) {
		report(false, "a page-table page to free");
		return;
	}
	for (i = 0; i < 1024; i++)
		t[i] = table_sign(i);
	memset(&h, 0, sizeof(h));
	h.table = t;
	msync();
	err = smp_start(1, held_walk_fn, &h);
	t0 = timebase_read();
	while (!err && !h.holding && timebase_read() - t0 < HELD_BOUND_TB)
		smp_poll();
	report(!err && h.holding, "cpu 1 reads a page-table page (start error %d)", err);
	before = pt_limbo_count();
	pt_free(t, 0);
	report_eq(pt_limbo_count(), before + 1, "pt_free() of it puts it in limbo");
	other = pt_alloc(0);
	report(other && other != t, "... the allocator does not hand it out meanwhile (got %p, freed %p)",
	       (void *)other, (void *)t);
	msync();
	h.freed = 1;
	err = pt_free_sync();
	report_eq(err, 0, "the quiescent point passes (every core that may walk answered)");
	report_eq(smp_wait(1, HELD_BOUND_TB), 0, "cpu 1 ended its walk");
	report(h.saw_free && h.changed == 0, "cpu 1 read the table whole until its walk ended, also after "
	       "cpu 0 freed it (%u words changed; saw the free: %d)", h.changed, h.saw_free);
	report(all_poison(t), "the page went back to the allocator only then, poisoned");
	again = pt_alloc(0);
	report(again == t, "... and is handed out again at once (%p)", (void *)again);
	if (again)
		pt_free(again, 0);
	if (other)
		pt_free(other, 0);
}

/* ---------------------------------------------------------------- stress mode */

struct reader {
	volatile uint32_t *stop;
	vaddr_t base;
	uint64_t rng;
	unsigned long reads, faults, right, poisoned, reused;
	uint32_t first_bad, first_bad_va;
};

static vaddr_t region_va(vaddr_t base, unsigned int r, unsigned int j)
{
	return base + r * REGION_SPAN + j * 4096u;
}

static void reader_fn(void *arg)
{
	struct reader *d = arg;

	while (!*d->stop) {
		uint32_t x = xorshift_next(&d->rng), v;
		unsigned int r = x % REGIONS, j = (x >> 8) % PAGES;
		vaddr_t va = region_va(d->base, r, j);

		expect_fault(va);
		v = peek(va);
		d->reads++;
		if (faults_taken()) {
			d->faults++;
		} else if (v == (REGION_SIGN | r)) {
			d->right++;
		} else {
			if (v == POISON_WORD)
				d->poisoned++;
			else
				d->reused++;
			if (!d->first_bad_va) {
				d->first_bad = v;
				d->first_bad_va = va;
			}
		}
		expect_fault_clear();
		smp_poll();		/* cpu 0's shootdowns and quiescent points */
		/* under QEMU's round robin a core that never dozes keeps the one
		 * thread until the 100 ms kick: give it up now and then */
		if (!(d->reads % READER_YIELD))
			smp_doze(READER_DOZE_TB);
	}
}

static void table_stress(unsigned long steps)
{
	static struct reader rd[ARCH_MAX_CPUS];
	static volatile uint32_t stop;
	unsigned int n = smp_online(), c, r, j;
	bool mapped[REGIONS][PAGES] = { { false } };
	unsigned long freed0 = pt_deferred_frees(), maps = 0, unmaps = 0, errs = 0, i;
	unsigned long reads = 0, faults = 0, right = 0, poisoned = 0, reused = 0;
	paddr_t frame[REGIONS];
	vaddr_t base = TEST_KVA + REGION_OFF;
	uint64_t rng = 0x7ab1e5eedull;
	int err = 0;

	for (r = 0; r < REGIONS; r++) {
		frame[r] = test_page();
		lin(frame[r])[0] = REGION_SIGN | r;
	}
	stop = 0;
	for (c = 1; c < n; c++) {
		rd[c] = (struct reader){ .stop = &stop, .base = base, .rng = 0x5eed0000ull + c };
		err |= smp_start(c, reader_fn, &rd[c]);
	}
	for (i = 0; i < steps && !err; i++) {
		uint32_t x = xorshift_next(&rng);
		vaddr_t va;

		r = x % REGIONS;
		j = (x >> 8) % PAGES;
		va = region_va(base, r, j);
		if (mapped[r][j]) {
			errs += unmap(&kernel_mm, va, 4096) != MMU_OK;
			unmaps++;
		} else {
			errs += map(&kernel_mm, va, frame[r], 4096, PROT_READ) != MMU_OK;
			maps++;
		}
		mapped[r][j] = !mapped[r][j];
		smp_poll();
	}
	stop = 1;
	for (c = 1; c < n; c++)
		err |= smp_wait(c, SMP_CALL_TIMEOUT);
	for (r = 0; r < REGIONS; r++)
		for (j = 0; j < PAGES; j++)
			if (mapped[r][j])
				errs += unmap(&kernel_mm, region_va(base, r, j), 4096) != MMU_OK;
	pt_free_sync();
	for (r = 0; r < REGIONS; r++)
		test_page_free(frame[r]);
	report_eq(err, 0, "every reader core started, ran and stopped");
	report_eq(errs, 0, "cpu 0's %lu maps and %lu unmaps in four 2 MB regions all succeeded", maps, unmaps);
	for (c = 1; c < n; c++) {
		reads += rd[c].reads;
		faults += rd[c].faults;
		right += rd[c].right;
		poisoned += rd[c].poisoned;
		reused += rd[c].reused;
		report_info("cpu %u: %lu reads: %lu faulted, %lu its region's frame, %lu poison, %lu another "
			    "frame", c, rd[c].reads, rd[c].faults, rd[c].right, rd[c].poisoned, rd[c].reused);
		if (rd[c].first_bad_va)
			report(false, "cpu %u: 0x%08lx read 0x%08lx", c, (unsigned long)rd[c].first_bad_va,
			       (unsigned long)rd[c].first_bad);
	}
	report(pt_deferred_frees() > freed0, "tables were emptied and freed meanwhile (%lu, poisoned, through "
	       "limbo)", pt_deferred_frees() - freed0);
	report(faults && right, "the readers saw both states: %lu faults, %lu reads of a mapped page", faults,
	       right);
	report_eq(poisoned, 0, "no read of %lu went through a freed (poisoned) table", reads);
	report_eq(reused, 0, "no read went through a table already reused (another region's frame)");
}

static bool table_boards(void)
{
	if (smp_cores_listed() < 2) {
		report_skip("needs 2 cores; the device tree lists %u", smp_cores_listed());
		return false;
	}
	if (smp_online() != smp_cores_listed()) {
		report(false, "every core the device tree lists is online (%u of %u)", smp_online(),
		       smp_cores_listed());
		return false;
	}
	return true;
}

void test_smp_table_free(void)
{
	if (!table_boards() || !poison_on())
		return;
	table_free_rule();
	table_stress(TABLE_SHORT);
	poison_off();
}

void test_smp_table_free_long(void)
{
	unsigned long steps = cmdline_number("stress-steps", TABLE_LONG);

	if (!table_boards() || !poison_on())
		return;
	report_info("%lu steps of cpu 0 (stress-steps=N) against %u reading cores", steps, smp_online() - 1);
	table_stress(steps);
	poison_off();
}
