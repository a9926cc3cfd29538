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
#include "smp/e500-smp.h"
#include "tests/target/test-smp-e500.h"
#elif defined(PPCMMU_FAMILY_E500_64)
#include "mmu/pte-e500.h"
#include "smp/e500-64-smp.h"
#include "tests/target/test-e500-64.h"
#elif defined(PPCMMU_FAMILY_BOOK3S64)
#include "mmu/pte-book3s64.h"
#include "smp/e500-64-smp.h"
#include "tests/target/test-book3s64.h"
#else
#include "mmu/pte-mpc8xx.h"
#endif
#include "include/xorshift.h"
#include "mmu/pgtable.h"		/* PT_MAX_SIZES */
#if defined(PPCMMU_FAMILY_E500) || defined(PPCMMU_FAMILY_E500_64) || defined(PPCMMU_FAMILY_BOOK3S64)
#define STRESS_SMP	1		/* stress-smp: e500 in both modes and book3s/64 (the same smp_* calls) */
#endif

#define STRESS_STEPS	10000
#define SLOTS		4		/* per size and space */
#define NSPACES		3		/* kernel, user A, user B */
#define PID_A		12
#define PID_B		13
#define SMP_USER_PID	40		/* stress-smp: core c's user space */
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
	uint32_t split;		/* 0, or the size of the pieces split() made of it */
};

struct space {
	struct mm *mm;
	struct mm own;
	unsigned int pid;
	bool user;
	vaddr_t base[PT_MAX_SIZES];	/* per size index: first slot */
	unsigned int nslots[PT_MAX_SIZES];	/* slots of that size that fit (0: the size does not) */
	struct slot slots[PT_MAX_SIZES][SLOTS];
};

static const vsize_t *sizes;
static unsigned int nsizes;

/* One core's run: its spaces, its random sequence, what it did and found. */
struct stress_state {
	struct space sp[NSPACES];
	unsigned int nspaces;		/* spaces of its own in sp[] */
	paddr_t code_pa;
	uint64_t rng_state;
	unsigned long seed, step, fails;
	unsigned long nomem_size[PT_MAX_SIZES];
	unsigned long n_map, n_unmap, n_protect, n_nomem, n_load, n_store, n_fetch, n_fault,
		n_walk, n_acbits, n_shared, n_user, per_size[PT_MAX_SIZES], n_split, n_collapse, n_multi_checked;
	char first_fail[160];		/* a secondary core's first difference, reported by cpu 0 */
	uint32_t dmiss, imiss;		/* its TLB misses during the run */
};

static struct stress_state states[ARCH_MAX_CPUS];

static struct stress_state *S(void)
{
	return &states[arch_this_cpu()];
}

static uint32_t rng(void)
{
	return xorshift_next(&S()->rng_state);
}

static uint32_t pick(uint32_t n)
{
	return rng() % n;
}

static void mismatch(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void mismatch(const char *fmt, ...)
{
	char buf[160];
	va_list ap;

	if (S()->fails++ >= MAX_FAIL_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (arch_this_cpu() != 0) {	/* the report library is cpu 0's: it reports this later */
		if (S()->fails == 1)
			snprintf(S()->first_fail, sizeof(S()->first_fail), "step %lu (seed %lu): %s",
				 S()->step, S()->seed, buf);
		return;
	}
	report(false, "step %lu (seed %lu): %s", S()->step, S()->seed, buf);
}

/*
 * Several cores at once (stress-smp): changes to the kernel's tables, the
 * allocators and the alias window are made under one lock (callers
 * serialise changes to an mm, as Linux's page-table lock does), which a core
 * may take again while it holds it; a step on the shared window holds it
 * throughout, so the model of that window is exact.  Touches of a core's own
 * window, with their misses and fix-ups, run without it.
 */
static bool smp_mode;
#ifdef STRESS_SMP
static volatile uint32_t mm_lock_word;
static unsigned int mm_lock_depth[ARCH_MAX_CPUS];
#endif

/*
 * A core waiting for the lock answers calls and dozes; the core that lets go
 * wakes the others.  (Spinning cores under QEMU's one-thread round robin keep
 * the thread until its 100 ms kick: four cores took minutes for 2,000 steps.)
 */
#define MM_LOCK_DOZE_TB	400000u	/* a bound only: the unlock's IPI ends the doze */

static void mm_lock(void)
{
#ifdef STRESS_SMP
	if (!smp_mode)
		return;
	if (mm_lock_word != arch_this_cpu() + 1)
		while (!smp_lock_try(&mm_lock_word)) {
			smp_poll();
			smp_doze(MM_LOCK_DOZE_TB);
		}
	mm_lock_depth[arch_this_cpu()]++;
#endif
}

static void mm_unlock(void)
{
#ifdef STRESS_SMP
	if (smp_mode && --mm_lock_depth[arch_this_cpu()] == 0) {
		smp_unlock(&mm_lock_word);
		for (unsigned int c = 0; c < smp_online(); c++)
			smp_wake(c);
	}
#endif
}

/* The page each core maps other memory through (the last ones of the kernel's space). */
static vaddr_t alias_va(void)
{
	return ALIAS_VA - 4096u * arch_this_cpu();
}

uint32_t phys_get(paddr_t pa)
{
	vaddr_t a = alias_va();
	uint32_t v;

	if (pa + 4 <= layout.linear_size)
		return *(volatile uint32_t *)lin(pa);
	mm_lock();
	map(&kernel_mm, a, pa & ~(paddr_t)0xfff, 4096, KPROT_RW);
	v = peek(a + (uint32_t)(pa & 0xfff));
	unmap(&kernel_mm, a, 4096);
	mm_unlock();
	return v;
}

void phys_set(paddr_t pa, uint32_t v, bool code)
{
	vaddr_t a = alias_va();
	volatile uint32_t *p;

	if (pa + 4 <= layout.linear_size) {
		p = lin(pa);
		*p = v;
		if (code)
			icache_sync((const void *)p, 4);
		return;
	}
	mm_lock();
	map(&kernel_mm, a, pa & ~(paddr_t)0xfff, 4096, KPROT_RW);
	p = (volatile uint32_t *)(uintptr_t)(a + (uint32_t)(pa & 0xfff));
	*p = v;
	if (code)
		icache_sync((const void *)p, 4);
	unmap(&kernel_mm, a, 4096);
	mm_unlock();
}

static vsize_t offset(vsize_t size, unsigned int i)
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

paddr_t test_block(vsize_t size, bool *from_pool)
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

void test_block_free(paddr_t pa, vsize_t size, bool from_pool)
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
	uint32_t *c = lin(S()->code_pa);

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
	uint32_t got = 0, v = rng();
	vsize_t off = offset(sizes[z], oi);
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
	S()->n_load += kind == 0;
	S()->n_store += kind == 1;
	S()->n_fetch += kind == 2;
	S()->n_user += s->user;
	if (faulted != !ok) {
		mismatch("%s %s at 0x%08lx (%s, prot 0x%x): %s", s->user ? "user" : "kernel", kinds[kind],
			 (unsigned long)a, sl->mapped ? "mapped" : "unmapped", sl->prot,
			 faulted ? "faulted" : "no fault");
		return;
	}
#ifdef STRESS_SMP
	if (!faulted) {	/* the entry the access left: one, never a TLB0 and a TLB1 both */
		S()->n_multi_checked++;
		if (tlb_entries_covering(a, s->user ? s->pid : 0) > 1)
			mismatch("%s at 0x%08lx: two TLB entries translate it (a multi-hit)", kinds[kind],
				 (unsigned long)a);
	}
#endif
	if (faulted) {
		S()->n_fault++;
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
		S()->n_acbits++;
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

	vsize_t size = sl->split ? sl->split : sizes[z];
	vaddr_t page = (va + sizes[z] / 2) & ~(vaddr_t)(size - 1);

	S()->n_walk++;
	if (!sl->mapped) {
		if (err != MMU_ENOENT)
			mismatch("walk of unmapped 0x%08lx gave %d", (unsigned long)va, err);
		return;
	}
	if (err || w.page_va != page || w.size != size || w.page_pa != sl->pa + (page - va) ||
	    w.prot != sl->prot)
		mismatch("walk of 0x%08lx: err %d size 0x%lx pa " PA_FMT " prot 0x%x; model size 0x%lx "
			 "prot 0x%x", (unsigned long)va, err, (unsigned long)w.size, PA_ARG(w.page_pa),
			 w.prot, (unsigned long)size, sl->prot);
}

static void do_map(struct space *s, unsigned int z, struct slot *sl, vaddr_t va)
{
	unsigned int prot = random_prot(s);
	paddr_t pa = test_block(sizes[z], &sl->from_pool);
	int err;

	if (pa == PALLOC_FAIL) {
		S()->n_nomem++;
		S()->nomem_size[z]++;
		return;
	}
	sl->tag = rng() & 0x7fff;
	for (unsigned int i = 0; i < NOFFS; i++) {
		vsize_t off = offset(sizes[z], i);

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
	sl->split = 0;
	sl->pa = pa;
	sl->prot = prot;
	S()->n_map++;
	S()->per_size[z]++;
}

static void do_unmap(struct space *s, unsigned int z, struct slot *sl, vaddr_t va)
{
	int err = unmap(s->mm, va, sizes[z]);

	if (err) {
		mismatch("unmap(0x%08lx): %s", (unsigned long)va, mmu_strerror(err));
		return;
	}
	sl->mapped = false;
	sl->split = 0;
	test_block_free(sl->pa, sizes[z], sl->from_pool);
	S()->n_unmap++;
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
	S()->n_protect++;
}

/*
 * split() of the slot's page into a smaller size (all of it when it is in
 * pieces already: ENOTHUGE when they are not larger than the new size), or
 * of one 4 KB in it (the whole page goes); ENOMEM (the PTE tables) changes
 * nothing.
 */
static void do_split(struct space *s, unsigned int z, struct slot *sl, vaddr_t va)
{
	vsize_t to = sizes[pick(z)];
	bool whole = sl->split != 0;
	int want = sl->split && sl->split <= to ? MMU_ENOTHUGE : MMU_OK;
	int err = split(s->mm, whole ? va : va + pick(sizes[z] / 4096) * 4096, whole ? sizes[z] : 4096, to);

	if (err == MMU_ENOMEM && !want) {
		S()->n_nomem++;
		return;
	}
	if (err != want) {
		mismatch("split(0x%08lx, into 0x%lx) of a page in 0x%lx pieces: %s", (unsigned long)va,
			 (unsigned long)to, (unsigned long)(sl->split ? sl->split : sizes[z]),
			 mmu_strerror(err));
		return;
	}
	if (!err) {
		sl->split = to;
		S()->n_split++;
	}
}

/* Would the pages of the block of the next size up around va form a page? (walks) */
static bool next_block_forms(struct space *s, unsigned int z, vaddr_t va)
{
	vsize_t big = z + 1 < nsizes ? sizes[z + 1] : 0;
	vaddr_t b = va & ~(big - 1);
	struct walk_result w, w0;

	if (!big || walk(s->mm, b, &w0))
		return false;
	for (uint64_t a = b; a < (uint64_t)b + big; a += sizes[z])
		if (walk(s->mm, (vaddr_t)a, &w) || w.prot != w0.prot ||
		    w.pa != w0.pa + ((vaddr_t)a - b) || (w0.pa & (big - 1)))
			return false;
	return true;
}

/*
 * collapse() of a slot in pieces gives its page back, unless the slots
 * around it would form a larger page with it (then nothing is done: the
 * model keeps one page a slot).
 */
static void do_collapse(struct space *s, unsigned int z, struct slot *sl, vaddr_t va)
{
	int err;

	if (next_block_forms(s, z, va))
		return;
	err = collapse(s->mm, va + pick(sizes[z] / 4096) * 4096);
	if (err) {
		mismatch("collapse(0x%08lx) of a page in 0x%lx pieces: %s", (unsigned long)va,
			 (unsigned long)sl->split, mmu_strerror(err));
		return;
	}
	sl->split = 0;
	S()->n_collapse++;
}

/* The shared window of stress-smp (every core's sp[nspaces]), its model one for all. */
static struct space shared;

static struct space *pick_space(void)
{
	struct stress_state *st = S();

	if (smp_mode && pick(4) == 0)
		return &shared;
	return &st->sp[pick(st->nspaces)];
}

static void one_step(void)
{
	struct space *s = pick_space();
	unsigned int z = pick(pick(2) ? nsizes : 2), k;
	struct slot *sl;
	vaddr_t va;

	if (!s->nslots[z])
		return;
	k = pick(s->nslots[z]);
	sl = &s->slots[z][k];
	va = slot_va(s, z, k);
	mm_lock();
	S()->n_shared += s == &shared;
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
	case 4:
		if (sl->mapped && z > 0)
			do_split(s, z, sl, va);
		break;
	case 5:
		if (sl->mapped && sl->split)
			do_collapse(s, z, sl, va);
		break;
	default:
		break;
	}
	if (s != &shared)
		mm_unlock();
	check_walk(s, z, sl, va);
	touch(s, z, sl, va, pick(NOFFS), (int)pick(3));
	if (s == &shared)
		mm_unlock();
}

static void space_cleanup(struct space *s)
{
	for (unsigned int z = 0; z < nsizes; z++)
		for (unsigned int k = 0; k < s->nslots[z]; k++)
			if (s->slots[z][k].mapped)
				do_unmap(s, z, &s->slots[z][k], slot_va(s, z, k));
	if (s->user) {
		unmap(s->mm, CODE_VA, 4096);
		user_space_destroy(s->mm);
	}
}

/* This core's run from its seed: counters cleared, the random sequence started. */
static void state_start(unsigned long seed)
{
	struct stress_state *st = S();

	memset(st, 0, sizeof(*st));
	st->seed = seed;
	st->rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
}

static void stress_init(void)
{
	struct stress_state *st = S();

	st->nspaces = NSPACES;
	st->sp[0].mm = &kernel_mm;
	layout_slots(&st->sp[0], layout.kmap_start + (16u << 20), ALIAS_VA - ARCH_MAX_CPUS * 4096u);
	for (int i = 1; i < NSPACES; i++) {
		st->sp[i].mm = &st->sp[i].own;
		st->sp[i].user = true;
		st->sp[i].pid = i == 1 ? PID_A : PID_B;
		user_space_init(st->sp[i].mm, st->sp[i].pid);
		map(st->sp[i].mm, CODE_VA, st->code_pa, 4096, PROT_READ | PROT_EXEC | PROT_USER);
		layout_slots(&st->sp[i], USER_BASE, layout.user_last);
	}
}

static void stress_cleanup(void)
{
	for (unsigned int i = 0; i < S()->nspaces; i++)
		space_cleanup(&S()->sp[i]);
}

/*
 * Whether every size was mapped at some step; a size with no free block, or
 * that no window holds (fits: NULL for every size), is a skip.
 */
static void report_sizes(const struct stress_state *const *st, unsigned int n, unsigned long steps,
			 bool (*fits)(unsigned int z))
{
	unsigned long sizes_used = 0;

	for (unsigned int z = 0; z < nsizes; z++) {
		unsigned long maps = 0, nomem = 0;

		for (unsigned int c = 0; c < n; c++) {
			maps += st[c]->per_size[z];
			nomem += st[c]->nomem_size[z];
		}
		sizes_used += maps != 0;
		if (maps || steps < 1000)
			continue;
		if (fits && !fits(z))
			report_skip("%lu KB pages: no window of this run holds one",
				    (unsigned long)(sizes[z] >> 10));
		else if (nomem)	/* the pool (hugepages=) or palloc had no block of it */
			report_skip("%lu KB pages: no block of that size was free (%lu tries)",
				    (unsigned long)(sizes[z] >> 10), nomem);
		else
			report(false, "%lu KB pages were never mapped", (unsigned long)(sizes[z] >> 10));
	}
	report_info("%lu of %u page sizes mapped and checked", sizes_used, nsizes);
}

static void test_stress(void)
{
	unsigned long steps = cmdline_number("stress-steps", STRESS_STEPS);
	struct stress_state *st = S();

	sizes = mmu_page_sizes(&nsizes);
	smp_mode = false;
	state_start(cmdline_number("stress-seed", 1));
	st->code_pa = test_page();
	report_info("seed %lu (stress-seed=N on the command line), %lu steps", st->seed, steps);
	stress_init();
	for (st->step = 0; st->step < steps; st->step++)
		one_step();
	stress_cleanup();
	test_page_free(st->code_pa);
	report_info("%lu steps: %lu maps, %lu unmaps, %lu protects, %lu splits, %lu collapses, %lu maps "
		    "or splits without memory; %lu loads, %lu stores, %lu fetches (%lu faulted as the model "
		    "said), %lu walks", steps, st->n_map, st->n_unmap, st->n_protect, st->n_split,
		    st->n_collapse, st->n_nomem, st->n_load, st->n_store, st->n_fetch, st->n_fault,
		    st->n_walk);
	report_eq(st->fails, 0, "%lu loads, stores and fetches and %lu walks as the model says, accessed and "
		  "dirty bits set after the %lu that went through", st->n_load + st->n_store + st->n_fetch,
		  st->n_walk, st->n_acbits);
	report_sizes((const struct stress_state *const[]){ st }, 1, steps, NULL);
}

/*
 * stress-smp: every online core runs the model at once, each on a window of
 * the kernel's space of its own, on a user space of its own (its own PID,
 * user mode on that core) and, one step in four, on a window all of them
 * share; every core's unmaps and protects shoot down the others' entries,
 * so a stale entry shows as a missing fault or stale data on the core that
 * kept it.  Each core's misses are counted on its own (TLB_STATS builds)
 * and printed.
 */
#define STRESS_SMP_SHORT	2000	/* steps a core in make test */
#define STRESS_SMP_LONG		100000	/* tests=stress-smp, unless stress-steps= says */

#ifdef STRESS_SMP
struct smp_run {
	unsigned long steps, seed;
	vaddr_t start, window;		/* the cores' windows: start + cpu * window */
};

static void stress_core(void *arg)
{
	const struct smp_run *r = arg;
	struct stress_state *st = S();
	unsigned int cpu = arch_this_cpu();
	struct tlb_counts c0, c1;
	vaddr_t lo = r->start + (cpu + 1) * r->window;

	state_start(r->seed + cpu * 7919);
	st->nspaces = 2;
	st->sp[0].mm = &kernel_mm;
	layout_slots(&st->sp[0], lo, lo + r->window - 1);
	mm_lock();		/* a user space of its own: the allocators are shared */
	st->code_pa = test_page();
	st->sp[1].mm = &st->sp[1].own;
	st->sp[1].user = true;
	st->sp[1].pid = SMP_USER_PID + cpu;
	user_space_init(st->sp[1].mm, st->sp[1].pid);
	map(st->sp[1].mm, CODE_VA, st->code_pa, 4096, PROT_READ | PROT_EXEC | PROT_USER);
	layout_slots(&st->sp[1], USER_BASE, layout.user_last);
	mm_unlock();
	tlb_counts(&c0);
	for (st->step = 0; st->step < r->steps; st->step++) {
#ifdef STRESS_SMP
		smp_poll();		/* the other cores' shootdowns, between steps */
#endif
		one_step();
	}
	tlb_counts(&c1);
	st->dmiss = c1.dmiss - c0.dmiss;
	st->imiss = c1.imiss - c0.imiss;
	mm_lock();
	stress_cleanup();
	test_page_free(st->code_pa);
	mm_unlock();
}
#endif

#ifdef STRESS_SMP
/* Does a window of stress-smp (the shared one or a core's) hold a page of size index z? */
static bool smp_size_fits(unsigned int z)
{
	bool fits = shared.nslots[z] != 0;

	for (unsigned int c = 0; c < smp_online(); c++)
		for (unsigned int i = 0; i < states[c].nspaces; i++)
			fits |= states[c].sp[i].nslots[z] != 0;
	return fits;
}
#endif

static void stress_smp(unsigned long steps)
{
#ifdef STRESS_SMP
	unsigned int n = smp_online(), c;
	const struct stress_state *st[ARCH_MAX_CPUS];
	struct smp_run r = { .steps = steps };
	unsigned long fails = 0, total = 0, multi = 0, users = 0, idle_users = 0;
	vaddr_t last = ALIAS_VA - ARCH_MAX_CPUS * 4096u - 1;
	char line[256];
	size_t len = 0;
	int err = 0;

	if (smp_cores_listed() < 2) {
		report_skip("needs 2 cores; the device tree lists %u", smp_cores_listed());
		return;
	}
	if (n != smp_cores_listed()) {
		report(false, "every core the device tree lists is online (%u of %u)", n, smp_cores_listed());
		return;
	}
	sizes = mmu_page_sizes(&nsizes);
	r.seed = cmdline_number("stress-seed", 1);
	r.start = layout.kmap_start + (16u << 20);
	r.window = ((last - r.start + 1) / (n + 1)) & ~((16u << 20) - 1);	/* the shared one first */
	memset(&shared, 0, sizeof(shared));
	shared.mm = &kernel_mm;
	layout_slots(&shared, r.start, r.start + r.window - 1);
	report_info("seed %lu (stress-seed=N), %lu steps on each of %u cores, windows of %lu MB",
		    r.seed, steps, n, (unsigned long)(r.window >> 20));
	smp_mode = true;
	tlb_flush_all();
	for (c = 1; c < n && !err; c++)
		err = smp_start(c, stress_core, &r);
	if (!err)
		stress_core(&r);
	for (c = 1; c < n; c++)
		err |= smp_wait(c, (uint64_t)steps * SMP_CALL_TIMEOUT / 100 + SMP_CALL_TIMEOUT);
	space_cleanup(&shared);
	smp_mode = false;
	report_eq(err, 0, "every core ran its steps and answered");
	for (c = 0; c < n; c++) {
		st[c] = &states[c];
		fails += st[c]->fails;
		multi += st[c]->n_multi_checked;
		total += st[c]->n_load + st[c]->n_store + st[c]->n_fetch;
		if (st[c]->first_fail[0])
			report(false, "cpu %u: %s", c, st[c]->first_fail);
		report_info("cpu %u: %lu steps (%lu on the shared window): %lu maps, %lu unmaps, %lu protects, "
			    "%lu splits, %lu collapses; %lu loads, %lu stores, %lu fetches (%lu in user mode, "
			    "PID %u; %lu faulted as the model said), %lu walks", c, st[c]->step,
			    st[c]->n_shared, st[c]->n_map, st[c]->n_unmap, st[c]->n_protect, st[c]->n_split,
			    st[c]->n_collapse, st[c]->n_load, st[c]->n_store, st[c]->n_fetch, st[c]->n_user,
			    SMP_USER_PID + c, st[c]->n_fault, st[c]->n_walk);
		users += st[c]->n_user;
		idle_users += st[c]->n_user == 0;
		len += (size_t)snprintf(line + len, sizeof(line) - len, "%scpu %u %lu data %lu instruction",
					c ? ", " : "", c, (unsigned long)st[c]->dmiss,
					(unsigned long)st[c]->imiss);
	}
	if (tlb_counts_available())
		report_info("stress-smp TLB misses per core: %s", line);
	report_eq(fails, 0, "%lu loads, stores and fetches on %u cores (%lu of them in user mode, a space "
		  "on each core) as the model says: no stale read, no missing or wrong fault, accessed and "
		  "dirty bits set, no address translated by two TLB entries (%lu looked up)", total, n, users,
		  multi);
	report(idle_users == 0 || steps < 100, "every core ran user-mode steps (%lu cores ran none)", idle_users);
	report_sizes(st, n, steps, smp_size_fits);
#else
	(void)steps;
	report_skip("needs a multicore family (e500, either mode, or book3s/64)");
#endif
}

static void test_stress_smp_short(void)
{
	stress_smp(STRESS_SMP_SHORT);
}

static void test_stress_smp_long(void)
{
	stress_smp(cmdline_number("stress-steps", STRESS_SMP_LONG));
}

PPCMMU_TEST_FN("stress", "stress", "stress", test_stress);
PPCMMU_TEST_FN("stress-smp-short", "stress", "stress on every core, short", test_stress_smp_short);

#ifdef PPCMMU_FAMILY_E500
PPCMMU_TEST_FN("smp-race-long", "long", "smp racing PTE writer, 100000 flips", test_smp_race_long);
#endif
PPCMMU_TEST_FN("stress-smp", "long", "stress on every core", test_stress_smp_long);
