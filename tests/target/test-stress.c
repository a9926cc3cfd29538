/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Randomized stress against a model: map, unmap, protect and touch (load,
 * store, fetch) pages of every size of the family in the kernel's space and
 * in two user spaces that use the same addresses, without flushing anything
 * the API does not flush, so that a stale TLB entry, a missing or wrong
 * fault or wrong data shows.  After every step the page acted on is walked
 * and touched, and the outcome compared with the model: a fault exactly
 * when the model's protection forbids the access (with the right address,
 * store bit and privilege), data equal to what physical memory holds at the
 * model's address, a fetch returning the tag the model wrote there, and
 * the PTE's accessed bit (and dirty bit for a store) set after an access
 * that went through.
 *
 * Command line: stress-seed=N (default 1; printed), stress-steps=N (default
 * STRESS_STEPS, 10000; make stress passes 1000000).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/phys.h"
#include "tests/target/tests.h"
#include "hugetlb/pool.h"
#include "mmu/palloc.h"
#include "lib/kprintf.h"
#include "lib/cmdline.h"
#ifdef PPCMMU_FAMILY_E500
#include "mmu/pte-e500.h"
#include "tests/target/test-smp-e500.h"
#else
#include "mmu/pte-mpc8xx.h"
#endif
#include "include/xorshift.h"

#define STRESS_STEPS	10000
#define SLOTS		4		/* per size and space */
#define NSPACES		3		/* kernel, user A, user B */
#define PID_A		12
#define PID_B		13
#define CODE_VA		0x00500000u	/* the store routine, in both user spaces */
#define USER_BASE	0x10000000u
#define NOFFS		3
#define MAX_FAIL_LINES	8

#define INSN_LI_R3(v)	(0x38600000u | ((v) & 0x7fffu))
#define INSN_LIS_R4(v)	(0x3c800000u | ((v) & 0xffffu))
#define INSN_ORI_R4(v)	(0x60840000u | ((v) & 0xffffu))
#define INSN_STW_R4_R3	0x90830000u
#define INSN_LI_R3_0	0x38600000u
#define INSN_SC		0x44000002u

struct slot {
	bool mapped;
	paddr_t pa;
	unsigned int prot;
	bool from_pool;
	uint32_t tag;		/* fetch at offset i returns (tag + i) & 0x7fff */
};

struct space {
	struct mm *mm;
	struct mm own;
	unsigned int pid;
	bool user;
	vaddr_t base[8];	/* per size index: first slot */
	unsigned int nslots[8];	/* slots of that size that fit (0: the size does not) */
	struct slot slots[8][SLOTS];
};

static struct space sp[NSPACES];
static const uint32_t *sizes;
static unsigned int nsizes;
static paddr_t code_pa;
static uint64_t rng_state;
static unsigned long seed, step, fails;
static unsigned long nomem_size[8];
static unsigned long n_map, n_unmap, n_protect, n_nomem, n_load, n_store, n_fetch, n_fault,
	n_walk, n_acbits, per_size[8];

static uint32_t rng(void)
{
	return xorshift_next(&rng_state);
}

static uint32_t pick(uint32_t n)
{
	return rng() % n;
}

/* The number of the command line's key=N, or def. */
static unsigned long cmdline_number(const char *key, unsigned long def)
{
	const char *v;
	size_t len;
	bool bare;

	if (!cmdline_find(layout.bootargs, key, &v, &len, &bare) || bare)
		return def;
	return strtoul(v, NULL, 0);
}

static void mismatch(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void mismatch(const char *fmt, ...)
{
	char buf[160];
	va_list ap;

	if (fails++ >= MAX_FAIL_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	report(false, "step %lu (seed %lu): %s", step, seed, buf);
}

uint32_t phys_get(paddr_t pa)
{
	uint32_t v;

	if (pa + 4 <= layout.linear_size)
		return *(volatile uint32_t *)lin(pa);
	map(&kernel_mm, ALIAS_VA, pa & ~(paddr_t)0xfff, 4096, KPROT_RW);
	v = peek(ALIAS_VA + (uint32_t)(pa & 0xfff));
	unmap(&kernel_mm, ALIAS_VA, 4096);
	return v;
}

void phys_set(paddr_t pa, uint32_t v, bool code)
{
	volatile uint32_t *p;

	if (pa + 4 <= layout.linear_size) {
		p = lin(pa);
		*p = v;
		if (code)
			icache_sync((const void *)p, 4);
		return;
	}
	map(&kernel_mm, ALIAS_VA, pa & ~(paddr_t)0xfff, 4096, KPROT_RW);
	p = (volatile uint32_t *)(uintptr_t)(ALIAS_VA + (uint32_t)(pa & 0xfff));
	*p = v;
	if (code)
		icache_sync((const void *)p, 4);
	unmap(&kernel_mm, ALIAS_VA, 4096);
}

static uint32_t offset(uint32_t size, unsigned int i)
{
	return i == 0 ? 0 : i == 1 ? size / 2 : size - 16;
}

static vaddr_t slot_va(const struct space *s, unsigned int z, unsigned int k)
{
	return s->base[z] + k * sizes[z];
}

/* Lay the slots of every size out from start, each size aligned, inside [start, last]. */
static void layout_slots(struct space *s, vaddr_t start, vaddr_t last)
{
	uint64_t cur = start;

	for (unsigned int z = 0; z < nsizes; z++) {
		uint64_t a = (cur + sizes[z] - 1) & ~(uint64_t)(sizes[z] - 1);
		unsigned int n = SLOTS;

		while (n && a + (uint64_t)n * sizes[z] - 1 > last)
			n--;
		s->base[z] = (vaddr_t)a;
		s->nslots[z] = n;
		cur = a + (uint64_t)n * sizes[z];
	}
}

static unsigned int random_prot(const struct space *s)
{
	static const unsigned int kp[] = {
		PROT_READ, PROT_READ | PROT_WRITE, PROT_READ | PROT_EXEC,
		PROT_READ | PROT_WRITE | PROT_EXEC, 0,
	};
	unsigned int p = kp[pick(s->user ? 4 : 5)];

	return s->user ? p | PROT_USER : p;
}

paddr_t test_block(uint32_t size, bool *from_pool)
{
	unsigned int order = 0;
	paddr_t pa;

	*from_pool = false;
	if (size > 0x4000u) {
		pa = hugepool_alloc(size);
		*from_pool = pa != HUGEPOOL_FAIL;
		return *from_pool ? pa : PALLOC_FAIL;
	}
	while ((0x1000u << order) < size)
		order++;
	return palloc_pages(order);
}

void test_block_free(paddr_t pa, uint32_t size, bool from_pool)
{
	unsigned int order = 0;

	if (from_pool) {
		hugepool_free(pa, size);
		return;
	}
	while ((0x1000u << order) < size)
		order++;
	palloc_free(pa, order);
}

/* The model's verdict on an access, and the check of what really happened. */
static bool allowed(const struct slot *sl, int kind)
{
	static const unsigned int need[] = { PROT_READ, PROT_WRITE, PROT_EXEC };

	return sl->mapped && (sl->prot & need[kind]) == need[kind];
}

static void user_store_routine(uint32_t v)
{
	uint32_t *c = lin(code_pa);

	c[0] = INSN_LIS_R4(v >> 16);
	c[1] = INSN_ORI_R4(v);
	c[2] = INSN_STW_R4_R3;
	c[3] = INSN_LI_R3_0;
	c[4] = INSN_SC;
	icache_sync(c, 20);
}

/* Touch va of slot sl (kind 0 load, 1 store, 2 fetch) and compare with the model. */
static void touch(struct space *s, unsigned int z, struct slot *sl, vaddr_t va, unsigned int oi,
		  int kind)
{
	const struct fault_record *f = last_fault();
	bool ok = allowed(sl, kind), faulted = false;
	uint32_t got = 0, v = rng(), off = offset(sizes[z], oi);
	vaddr_t a = va + off + (kind == 2 ? 0 : 8);
	static const char *const kinds[] = { "load", "store", "fetch" };

	if (!ok)
		expect_fault(a);
	if (s->user) {
		const void *r = kind == 0 ? user_load_word : kind == 2 ? user_call_at : NULL;

		if (kind == 1)
			user_store_routine(v);
		faulted = user_call(s->mm, r ? user_routine(r) : CODE_VA, a, &got) == 1;
	} else if (kind == 0) {
		got = peek(a);
	} else if (kind == 1) {
		poke(a, v);
	} else {
		got = call_at(a);
	}
	if (!ok) {		/* an undeclared fault does not come back here: it fails the test */
		faulted = faults_taken() > 0;
		expect_fault_clear();
	}
	n_load += kind == 0;
	n_store += kind == 1;
	n_fetch += kind == 2;
	if (faulted != !ok) {
		mismatch("%s %s at 0x%08lx (%s, prot 0x%x): %s", s->user ? "user" : "kernel", kinds[kind],
			 (unsigned long)a, sl->mapped ? "mapped" : "unmapped", sl->prot,
			 faulted ? "faulted" : "no fault");
		return;
	}
	if (faulted) {
		n_fault++;
		if (f->addr != a || f->user != s->user || (kind == 1) != f->store)
			mismatch("fault record at 0x%08lx: addr 0x%08lx user %d store %d", (unsigned long)a,
				 (unsigned long)f->addr, f->user, f->store);
		return;
	}
	{
		struct walk_result w;

		if (walk(s->mm, a, &w) || !(w.entry & _PAGE_ACCESSED) ||
		    (kind == 1 && !(w.entry & _PAGE_DIRTY)))
			mismatch("%s at 0x%08lx went through, but the PTE 0x%08lx lacks the accessed%s bit",
				 kinds[kind], (unsigned long)a, (unsigned long)w.entry,
				 kind == 1 ? " or the dirty" : "");
		n_acbits++;
	}
	if (kind == 0 && got != phys_get(sl->pa + off + 8))
		mismatch("load at 0x%08lx: 0x%08lx, memory at " PA_FMT " holds 0x%08lx", (unsigned long)a,
			 (unsigned long)got, PA_ARG(sl->pa + off + 8),
			 (unsigned long)phys_get(sl->pa + off + 8));
	if (kind == 1 && phys_get(sl->pa + off + 8) != v)
		mismatch("store at 0x%08lx did not reach " PA_FMT, (unsigned long)a,
			 PA_ARG(sl->pa + off + 8));
	if (kind == 2 && got != ((sl->tag + oi) & 0x7fff))
		mismatch("fetch at 0x%08lx returned %lu, the page's code returns %lu", (unsigned long)a,
			 (unsigned long)got, (unsigned long)((sl->tag + oi) & 0x7fff));
}

static void check_walk(struct space *s, unsigned int z, const struct slot *sl, vaddr_t va)
{
	struct walk_result w;
	int err = walk(s->mm, va + sizes[z] / 2, &w);

	n_walk++;
	if (!sl->mapped) {
		if (err != MMU_ENOENT)
			mismatch("walk of unmapped 0x%08lx gave %d", (unsigned long)va, err);
		return;
	}
	if (err || w.page_va != va || w.size != sizes[z] || w.page_pa != sl->pa || w.prot != sl->prot)
		mismatch("walk of 0x%08lx: err %d size 0x%lx pa " PA_FMT " prot 0x%x; model size 0x%lx "
			 "prot 0x%x", (unsigned long)va, err, (unsigned long)w.size, PA_ARG(w.page_pa),
			 w.prot, (unsigned long)sizes[z], sl->prot);
}

static void do_map(struct space *s, unsigned int z, struct slot *sl, vaddr_t va)
{
	unsigned int prot = random_prot(s);
	paddr_t pa = test_block(sizes[z], &sl->from_pool);
	int err;

	if (pa == PALLOC_FAIL) {
		n_nomem++;
		nomem_size[z]++;
		return;
	}
	sl->tag = rng() & 0x7fff;
	for (unsigned int i = 0; i < NOFFS; i++) {
		uint32_t off = offset(sizes[z], i);

		phys_set(pa + off, INSN_LI_R3(sl->tag + i), true);
		phys_set(pa + off + 4, INSN_BLR, true);
		phys_set(pa + off + 8, rng(), false);
	}
	err = map(s->mm, va, pa, sizes[z], prot);
	if (err) {
		mismatch("map(0x%08lx, size 0x%lx, prot 0x%x): %s", (unsigned long)va,
			 (unsigned long)sizes[z], prot, mmu_strerror(err));
		sl->pa = pa;
		test_block_free(sl->pa, sizes[z], sl->from_pool);
		return;
	}
	sl->mapped = true;
	sl->pa = pa;
	sl->prot = prot;
	n_map++;
	per_size[z]++;
}

static void do_unmap(struct space *s, unsigned int z, struct slot *sl, vaddr_t va)
{
	int err = unmap(s->mm, va, sizes[z]);

	if (err) {
		mismatch("unmap(0x%08lx): %s", (unsigned long)va, mmu_strerror(err));
		return;
	}
	sl->mapped = false;
	test_block_free(sl->pa, sizes[z], sl->from_pool);
	n_unmap++;
}

static void do_protect(struct space *s, unsigned int z, struct slot *sl, vaddr_t va)
{
	unsigned int prot = random_prot(s);
	int err = protect(s->mm, va, sizes[z], prot);

	if (err) {
		mismatch("protect(0x%08lx, 0x%x): %s", (unsigned long)va, prot, mmu_strerror(err));
		return;
	}
	sl->prot = prot;
	n_protect++;
}

static void one_step(void)
{
	struct space *s = &sp[pick(NSPACES)];
	unsigned int z = pick(pick(2) ? nsizes : 2), k;
	struct slot *sl;
	vaddr_t va;

	if (!s->nslots[z])
		return;
	k = pick(s->nslots[z]);
	sl = &s->slots[z][k];
	va = slot_va(s, z, k);
	switch (pick(8)) {
	case 0: case 1:
		if (!sl->mapped)
			do_map(s, z, sl, va);
		break;
	case 2:
		if (sl->mapped)
			do_unmap(s, z, sl, va);
		break;
	case 3:
		if (sl->mapped)
			do_protect(s, z, sl, va);
		break;
	default:
		break;
	}
	check_walk(s, z, sl, va);
	touch(s, z, sl, va, pick(NOFFS), (int)pick(3));
}

static void stress_init(void)
{
	sizes = mmu_page_sizes(&nsizes);
	memset(sp, 0, sizeof(sp));
	sp[0].mm = &kernel_mm;
	layout_slots(&sp[0], layout.kmap_start + (16u << 20), ALIAS_VA - 1);
	for (int i = 1; i < NSPACES; i++) {
		sp[i].mm = &sp[i].own;
		sp[i].user = true;
		sp[i].pid = i == 1 ? PID_A : PID_B;
		user_space_init(sp[i].mm, sp[i].pid);
		map(sp[i].mm, CODE_VA, code_pa, 4096, PROT_READ | PROT_EXEC | PROT_USER);
		layout_slots(&sp[i], USER_BASE, layout.user_last);
	}
}

static void stress_cleanup(void)
{
	for (int i = 0; i < NSPACES; i++) {
		for (unsigned int z = 0; z < nsizes; z++)
			for (unsigned int k = 0; k < sp[i].nslots[z]; k++)
				if (sp[i].slots[z][k].mapped)
					do_unmap(&sp[i], z, &sp[i].slots[z][k], slot_va(&sp[i], z, k));
		if (sp[i].user) {
			unmap(sp[i].mm, CODE_VA, 4096);
			user_space_destroy(sp[i].mm);
		}
	}
}

static void test_stress(void)
{
	unsigned long steps = cmdline_number("stress-steps", STRESS_STEPS);
	unsigned long sizes_used = 0;

	seed = cmdline_number("stress-seed", 1);
	code_pa = test_page();
	rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
	n_map = n_unmap = n_protect = n_nomem = n_load = n_store = n_fetch = n_fault = n_walk = 0;
	n_acbits = 0;
	memset(per_size, 0, sizeof(per_size));
	memset(nomem_size, 0, sizeof(nomem_size));
	fails = 0;
	report_info("seed %lu (stress-seed=N on the command line), %lu steps", seed, steps);
	stress_init();
	for (step = 0; step < steps; step++)
		one_step();
	stress_cleanup();
	test_page_free(code_pa);
	for (unsigned int z = 0; z < nsizes; z++)
		sizes_used += per_size[z] != 0;
	report_info("%lu steps: %lu maps, %lu unmaps, %lu protects, %lu maps without memory; "
		    "%lu loads, %lu stores, %lu fetches (%lu faulted as the model said), %lu walks",
		    steps, n_map, n_unmap, n_protect, n_nomem, n_load, n_store, n_fetch, n_fault, n_walk);
	report_eq(fails, 0, "%lu loads, stores and fetches and %lu walks as the model says, accessed and "
	       "dirty bits set after the %lu that went through (%lu differ)",
	       n_load + n_store + n_fetch, n_walk, n_acbits, fails);
	for (unsigned int z = 0; z < nsizes; z++) {
		if (per_size[z] || steps < 1000)
			continue;
		if (nomem_size[z])	/* the pool (hugepages=) or palloc had no block of it */
			report_skip("%lu KB pages: no block of that size was free (%lu tries)",
				    (unsigned long)(sizes[z] >> 10), nomem_size[z]);
		else
			report(false, "%lu KB pages were never mapped", (unsigned long)(sizes[z] >> 10));
	}
	report_info("%lu of %u page sizes mapped and checked", sizes_used, nsizes);
}

const struct target_test tests_stress[] = {
	{ "stress", test_stress, .id = "stress" },
};
const unsigned int tests_stress_count = sizeof(tests_stress) / sizeof(tests_stress[0]);

const struct target_test tests_long[] = {
#ifdef PPCMMU_FAMILY_E500
	{ "smp racing PTE writer, 100000 flips", test_smp_race_long, "e500", "smp-race-long" },
#endif
};
const unsigned int tests_long_count = sizeof(tests_long) / sizeof(tests_long[0]);
