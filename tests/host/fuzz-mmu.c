/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzzer of the page-table API against a model, for the family it is linked
 * with (fuzz-mmu-e500, fuzz-mmu-8xx): map/unmap/protect/walk and the
 * huge-page API (pte_alloc_huge, set_huge_pte_at, huge_ptep_get,
 * huge_pte_clear, huge_ptep_set_wrprotect) and the pool (hugepool_alloc /
 * hugepool_free), on a user and a kernel address space, with random and edge
 * arguments: misaligned, sizes that do not exist, pieces of huge pages,
 * overlaps, ranges that wrap at 0xFFFFFFFF, the other space's range, zero
 * lengths, and memory that runs out at any allocation (env_fail_after).
 *
 * The model is the list of pages each space holds.  After every operation:
 * a call the model says must fail fails with one of the errors the model
 * allows and changes nothing (walk() of every page and of the operation's
 * edges, the number of live tables, the TLB-invalidation log); a call the
 * model accepts succeeds (or fails with MMU_ENOMEM only when an allocation
 * was made to fail, changing nothing) and the model follows it; walk()
 * agrees with the model at every page's first and last byte and around the
 * operation; the live tables are exactly the PGDs plus one table per
 * populated PGD entry (two per 8xx 8M page): none leaked, none empty.
 *
 * Usage: fuzz-mmu-<family> [OPS [SEED]]  (defaults 100000, 1)
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mmu.h"
#include "pgtable.h"
#include "palloc.h"
#include "hugetlb.h"
#include "pool.h"
#include "env.h"
#include "../../include/xorshift.h"

#define MAX_PAGES	48	/* map() adds pages up to this many */
#define MODEL_MAX	1100	/* split() may take a space up to this many */
#define PIN_MODEL_MAX	768	/* pages pinned at once (mmu/pin.c's limit) */
#define SZ_4K		0x1000u

struct page {
	vaddr_t va;
	uint32_t size;
	paddr_t pa;
	unsigned int prot;
};

struct space {
	struct mm mm;
	struct page pages[MODEL_MAX + 1];
	vaddr_t pinned_va[8];	/* the last ranges pin_range() accepted here */
	uint32_t pinned_len[8];
	int npinned;
	int n;
	vaddr_t hot[3];		/* bases most addresses are taken from */
};

static struct space spaces[2];	/* [0] user, [1] kernel */
static const vsize_t *sizes;
static unsigned int nsizes;
static bool is_8xx;
static uint32_t pgd_span;	/* bytes one PGD entry covers */
static uint64_t rng_state, op_no;
static unsigned long counts[16][2];	/* per operation: accepted, refused */
static const char *const op_names[16] = {
	"map", "unmap", "protect", "walk", "huge set", "huge get", "huge clear",
	"huge wrprotect", "pool alloc", "pool free", "huge set refused",
	"split", "collapse", "pin", "unpin",
};
#define NR_OPS	15

/* The model of the pinned pages (physical base and size, references). */
struct mpin {
	paddr_t pa;
	uint32_t size;
	unsigned int count;
};
static struct mpin mpins[PIN_MODEL_MAX + 1];
static int nmpins;

static bool pinned_overlap(paddr_t pa, uint32_t size)
{
	for (int i = 0; i < nmpins; i++)
		if (mpins[i].pa < pa + size && pa < mpins[i].pa + mpins[i].size)
			return true;
	return false;
}

static uint32_t rng(void)
{
	return xorshift_next(&rng_state);
}

static uint32_t pick(uint32_t n)
{
	return n ? rng() % n : 0;
}

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail(const char *fmt, ...)
{
	va_list ap;

	printf("FAIL: fuzz-mmu (%s): op %llu: ", is_8xx ? "8xx" : "e500",
	       (unsigned long long)op_no);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\nSUMMARY: 0 passed, 1 failed, 0 skipped, 0 xfail\n");
	exit(1);
}

static bool overlaps(vaddr_t a, uint32_t as, vaddr_t b, uint32_t bs)
{
	return (uint64_t)a < (uint64_t)b + bs && (uint64_t)b < (uint64_t)a + as;
}

static bool size_ok(uint32_t size)
{
	for (unsigned int i = 0; i < nsizes; i++)
		if (sizes[i] == size)
			return true;
	return false;
}

/* The verdict on prot: 0, MMU_EPROT or (e500: I with W) MMU_ECACHE. */
static int prot_err(unsigned int prot)
{
	unsigned int known = is_8xx ? (PROT_READ | PROT_WRITE | PROT_EXEC | PROT_USER |
				       PROT_NOCACHE | PROT_GUARDED) : PROT_ALL;

	if (prot & ~known)
		return MMU_EPROT;
	if ((prot & (PROT_WRITE | PROT_EXEC | PROT_USER)) && !(prot & PROT_READ))
		return MMU_EPROT;
	if ((prot & (PROT_NOCACHE | PROT_WRITETHRU)) == (PROT_NOCACHE | PROT_WRITETHRU))
		return MMU_ECACHE;
	return 0;
}

/* 8xx PMD (4 MB) rules: kind (8M or not) and user/supervisor of the pages already there. */
static int pmd_rule(const struct space *s, vaddr_t va, uint32_t size, unsigned int prot)
{
	int mixed = 0;

	if (!is_8xx)
		return 0;
	for (int i = 0; i < s->n; i++) {
		const struct page *p = &s->pages[i];
		vaddr_t a = va & ~(pgd_span - 1);
		uint32_t span = size > pgd_span ? size : pgd_span;

		if (!overlaps(a, span, p->va & ~(pgd_span - 1), p->size > pgd_span ? p->size : pgd_span))
			continue;
		if ((p->size == 0x800000u) != (size == 0x800000u))
			return MMU_EOVERLAP;
		if ((p->prot & PROT_USER) != (prot & PROT_USER))
			mixed = MMU_EMIXED;
	}
	return mixed;
}

static bool page_has(const struct space *s, int i, vaddr_t va)
{
	return i >= 0 && i < s->n && va >= s->pages[i].va && va - s->pages[i].va < s->pages[i].size;
}

/* The page holding va; a split's pieces lie in address order, so try after the last hit first. */
static int page_at(const struct space *s, vaddr_t va)
{
	static int hint;

	if (page_has(s, hint, va))
		return hint;
	if (page_has(s, hint + 1, va))
		return ++hint;
	for (int i = 0; i < s->n; i++)
		if (page_has(s, i, va))
			return hint = i;
	return -1;
}

/* What map() must answer: 0, or the error; *also: a second error it may give instead. */
static int model_map(const struct space *s, vaddr_t va, paddr_t pa, uint32_t size,
		     unsigned int prot)
{
	paddr_t limit = (paddr_t)1 << (is_8xx ? 32 : 36);
	int rule;

	if (!size_ok(size))
		return MMU_ESIZE;
	if ((va & (size - 1)) || (pa & (size - 1)))
		return MMU_EALIGN;
	if (va < s->mm.start || va > s->mm.last || size - 1 > s->mm.last - va)
		return MMU_ERANGE;
	if (pa > limit - size)
		return MMU_EPA;
	if (prot_err(prot))
		return prot_err(prot);
	for (int i = 0; i < s->n; i++) {
		const struct page *p = &s->pages[i];
		uint32_t gran = size >= pgd_span || p->size >= pgd_span ? pgd_span : 1;

		/* e500: a huge page needs its PGD entries free of any table */
		if (!is_8xx && gran > 1 &&
		    overlaps(va & ~(gran - 1), size < gran ? gran : size, p->va & ~(gran - 1),
			     p->size < gran ? gran : p->size))
			return MMU_EOVERLAP;
		if (overlaps(va, size, p->va, p->size))
			return MMU_EOVERLAP;
	}
	rule = pmd_rule(s, va, size, prot);
	return rule;
}

/* unmap()/protect(): the first problem in address order. */
static int model_span(const struct space *s, vaddr_t va, uint32_t size, bool prot_check,
		      unsigned int prot)
{
	uint64_t cur = va, end = (uint64_t)va + size;

	if (size == 0)
		return MMU_ESIZE;
	if ((va & 0xfff) || (size & 0xfff))
		return MMU_EALIGN;
	if (va < s->mm.start || va > s->mm.last || size - 1 > s->mm.last - va)
		return MMU_ERANGE;
	if (prot_check && prot_err(prot))
		return prot_err(prot);
	while (cur < end) {
		int i = page_at(s, (vaddr_t)cur);
		const struct page *p;

		if (i < 0)
			return MMU_ENOENT;
		p = &s->pages[i];
		if (p->va < cur || (uint64_t)p->va + p->size > end)
			return MMU_EPARTIAL;
		if (prot_check && is_8xx && (p->prot & PROT_USER) != (prot & PROT_USER))
			return MMU_EMIXED;
		if (!prot_check && pinned_overlap(p->pa, p->size))
			return MMU_EPINNED;
		cur = (uint64_t)p->va + p->size;
	}
	return 0;
}

/* Tables the model implies: both PGDs, one table per PGD entry holding PTE-level pages. */
static unsigned long model_tables(void)
{
	static uint8_t used[2][4096];
	unsigned long n = 2;

	memset(used, 0, sizeof(used));
	for (int k = 0; k < 2; k++) {
		const struct space *s = &spaces[k];

		for (int i = 0; i < s->n; i++) {
			const struct page *p = &s->pages[i];

			if (!is_8xx && p->size >= pgd_span)
				continue;		/* e500 huge: leaf PGD entries */
			for (uint64_t a = p->va; a < (uint64_t)p->va + p->size; a += pgd_span) {
				uint32_t idx = (uint32_t)(a / pgd_span);

				n += !used[k][idx];
				used[k][idx] = 1;
			}
		}
	}
	return n;
}

static void check_walk_page(struct space *s, vaddr_t va, int i, const char *why);

static void check_walk(struct space *s, vaddr_t va, const char *why)
{
	check_walk_page(s, va, page_at(s, va), why);
}

/* walk(va) against the model, which holds va in page i (-1: in none). */
static void check_walk_page(struct space *s, vaddr_t va, int i, const char *why)
{
	struct walk_result w;
	int err = walk(&s->mm, va, &w);

	if (va < s->mm.start || va > s->mm.last) {
		if (err != MMU_ERANGE)
			fail("%s: walk(0x%08x) outside the space gave %d", why, va, err);
		return;
	}
	if (i < 0) {
		if (err != MMU_ENOENT)
			fail("%s: walk(0x%08x) of an unmapped address gave %d (size 0x%x pa 0x%llx)",
			     why, va, err, err ? 0u : (unsigned int)w.size, err ? 0ull : (unsigned long long)w.pa);
		return;
	}
	if (err)
		fail("%s: walk(0x%08x) of a page at 0x%08x gave %s", why, va, s->pages[i].va,
		     mmu_strerror(err));
	if (w.page_va != s->pages[i].va || w.size != s->pages[i].size ||
	    w.page_pa != s->pages[i].pa || w.pa != s->pages[i].pa + (va - s->pages[i].va) ||
	    w.prot != s->pages[i].prot)
		fail("%s: walk(0x%08x): page 0x%08x size 0x%x pa 0x%llx prot 0x%x; model: page 0x%08x "
		     "size 0x%x pa 0x%llx prot 0x%x", why, va, w.page_va, (unsigned int)w.size,
		     (unsigned long long)w.page_pa, w.prot, s->pages[i].va, s->pages[i].size,
		     (unsigned long long)s->pages[i].pa, s->pages[i].prot);
}

static void check_all(struct space *s, vaddr_t va, uint32_t size, const char *why)
{
	for (int i = 0; i < s->n; i++) {
		check_walk_page(s, s->pages[i].va, i, why);
		check_walk_page(s, s->pages[i].va + s->pages[i].size - 1, i, why);
	}
	check_walk(s, va, why);
	check_walk(s, va - 1, why);
	if (size) {
		check_walk(s, va + size - 1, why);
		check_walk(s, va + size, why);
	}
	if (env.live != model_tables())
		fail("%s: %lu live tables, the model implies %lu", why, env.live, model_tables());
	if (env.bad_frees)
		fail("%s: %lu bad pt_free() calls", why, env.bad_frees);
}

static uint32_t any_size(void)
{
	static const uint32_t odd[] = {
		0, 0x800, 0x2000, 0x3000, 0x200000, 0x400000, 0x80000000u, 0xfffff000u, 0xffffffffu,
	};

	if (pick(10))	/* the family's sizes, small ones more often */
		return sizes[pick(pick(3) ? nsizes : 2)];
	return odd[pick(sizeof(odd) / sizeof(odd[0]))];
}

static vaddr_t any_va(const struct space *s, uint32_t size)
{
	uint32_t step = size >= SZ_4K && size <= 0x40000000u ? size : SZ_4K;

	switch (pick(12)) {
	case 0:
		return s->mm.last + 1 - (size ? size : SZ_4K);	/* the top of the space */
	case 1:
		return 0xfffff000u - pick(4) * SZ_4K;		/* wraparound */
	case 2:
		return spaces[s == &spaces[0]].hot[0] + pick(4) * SZ_4K;	/* the other space */
	case 3:
		return s->hot[pick(3)] + pick(64) * SZ_4K;	/* pieces, misaligned */
	case 4:
		return s->hot[pick(3)] + pick(4096) + 1;	/* not even 4K aligned */
	default:
		return (s->hot[pick(3)] & ~(step - 1)) + pick(4) * step;
	}
}

static paddr_t any_pa(uint32_t size)
{
	paddr_t limit = (paddr_t)1 << (is_8xx ? 32 : 36);
	uint32_t align = size >= SZ_4K ? size : SZ_4K;

	switch (pick(10)) {
	case 0:
		return limit - align;				/* the last page */
	case 1:
		return limit;					/* just past */
	case 2:
		return ((paddr_t)pick(1u << 20) << 12) + pick(align);	/* misaligned */
	default:
		return ((paddr_t)pick(64) * align) & (limit - 1);
	}
}

static unsigned int any_prot(void)
{
	static const unsigned int common[] = {
		PROT_READ, PROT_READ | PROT_WRITE, PROT_READ | PROT_EXEC,
		PROT_READ | PROT_USER, PROT_READ | PROT_WRITE | PROT_USER,
		PROT_READ | PROT_EXEC | PROT_USER, PROT_READ | PROT_NOCACHE | PROT_GUARDED,
	};

	switch (pick(8)) {
	case 0:
		return pick(0x200);			/* anything, unknown bits included */
	case 1:
		return pick(0x100);
	default:
		return common[pick(sizeof(common) / sizeof(common[0]))];
	}
}

/* A range for unmap/protect: pages of the model, pieces of them, or anything. */
static void any_span(const struct space *s, vaddr_t *va, uint32_t *size)
{
	if (s->n && pick(4)) {
		const struct page *p = &s->pages[pick((uint32_t)s->n)];

		*va = p->va;
		*size = p->size;
		switch (pick(6)) {
		case 0:			/* a piece of it */
			if (p->size > SZ_4K) {
				*va += pick(p->size / SZ_4K) * SZ_4K;
				*size = SZ_4K * (1 + pick(4));
			}
			break;
		case 1:			/* it and what follows */
			*size += SZ_4K * pick(1024);
			break;
		case 2:
			*size = 0;
			break;
		}
		return;
	}
	*size = any_size();
	*va = any_va(s, *size);
}

struct before {
	unsigned long live;
	unsigned int tlb_calls;
};

static void take(struct before *b)
{
	env_tlb_calls = 0;
	b->live = env.live;
	b->tlb_calls = env_tlb_calls;
}

static void refused(struct space *s, const struct before *b, vaddr_t va, uint32_t size,
		    const char *what)
{
	if (env.live != b->live || env_tlb_calls != b->tlb_calls)
		fail("%s refused but changed live tables %lu -> %lu or TLB calls %u -> %u", what,
		     b->live, env.live, b->tlb_calls, env_tlb_calls);
	check_all(s, va, size, what);
}

static void add_page(struct space *s, vaddr_t va, uint32_t size, paddr_t pa, unsigned int prot)
{
	if (s->n > MODEL_MAX)
		fail("model overflow");
	s->pages[s->n++] = (struct page){ va, size, pa, prot };
}

static void remove_range(struct space *s, vaddr_t va, uint32_t size)
{
	for (int i = 0; i < s->n; i++)
		if (overlaps(va, size, s->pages[i].va, s->pages[i].size))
			s->pages[i--] = s->pages[--s->n];
}

static bool maybe_fail_allocs(void)
{
	if (pick(6))
		return false;
	env_fail_after(pick(3));	/* the first, second or third allocation fails */
	return true;
}

static void op_map(struct space *s)
{
	uint32_t size = any_size();
	vaddr_t va = any_va(s, size);
	paddr_t pa = any_pa(size);
	unsigned int prot = any_prot();
	int want = model_map(s, va, pa, size, prot), got;
	bool starve = s->n < MAX_PAGES && maybe_fail_allocs();
	struct before b;

	if (s->n >= MAX_PAGES && !want)
		return;
	take(&b);
	got = map(&s->mm, va, pa, size, prot);
	env_fail_after(-1);
	if (got == 0 && want == 0) {
		if (env_tlb_calls != b.tlb_calls)
			fail("map() invalidated the TLB");
		add_page(s, va, size, pa, prot);
		counts[0][0]++;
	} else if (got == want || (got == MMU_ENOMEM && starve && want == 0)) {
		refused(s, &b, va, size, "map");
		counts[0][1]++;
		return;
	} else {
		fail("map(0x%08x, 0x%llx, 0x%x, 0x%x) gave %d, the model %d", va,
		     (unsigned long long)pa, size, prot, got, want);
	}
	check_all(s, va, size, "map");
}

static void op_unmap_protect(struct space *s, bool prot_op)
{
	vaddr_t va;
	uint32_t size;
	unsigned int prot = any_prot();
	int want, got;
	struct before b;

	any_span(s, &va, &size);
	want = model_span(s, va, size, prot_op, prot);
	take(&b);
	got = prot_op ? protect(&s->mm, va, size, prot) : unmap(&s->mm, va, size);
	if (got != want)
		fail("%s(0x%08x, 0x%x%s) gave %d, the model %d", prot_op ? "protect" : "unmap",
		     va, size, prot_op ? ", prot" : "", got, want);
	if (got) {
		refused(s, &b, va, size, prot_op ? "protect" : "unmap");
		counts[1 + prot_op][1]++;
		return;
	}
	if (env_tlb_calls != 1 || env_tlb_log[0].mm != &s->mm || env_tlb_log[0].va != va ||
	    env_tlb_log[0].size != size)
		fail("%s: not one TLB invalidation of the range", prot_op ? "protect" : "unmap");
	if (prot_op) {
		for (int i = 0; i < s->n; i++)
			if (overlaps(va, size, s->pages[i].va, s->pages[i].size))
				s->pages[i].prot = prot;
	} else {
		remove_range(s, va, size);
	}
	counts[1 + prot_op][0]++;
	check_all(s, va, size, prot_op ? "protect" : "unmap");
}

static uint32_t huge_size(void)
{
	return sizes[1 + pick(nsizes - 1)];
}

/* 8xx: pte_alloc_huge() links and accepts only user PMDs in a user space, supervisor ones in the kernel's. */
static bool pmd_kind_ok(const struct space *s, const struct page *p)
{
	return !is_8xx || !(p->prot & PROT_USER) == (s == &spaces[1]);
}

/* pte_alloc_huge() of an existing page under a PMD of the other privilege: NULL, nothing changed. */
static bool other_kind_refused(struct space *s, const struct page *p, int op)
{
	struct before b;

	if (pmd_kind_ok(s, p))
		return false;
	take(&b);
	if (pte_alloc_huge(&s->mm, pmd_off(&s->mm, p->va), p->va, p->size))
		fail("pte_alloc_huge(0x%08x) accepted a PMD of the other privilege", p->va);
	refused(s, &b, p->va, p->size, "pte_alloc_huge");
	counts[op][1]++;
	return true;
}

static int huge_page(const struct space *s)
{
	int i, tries = 8;

	while (s->n && tries--) {
		i = (int)pick((uint32_t)s->n);
		if (s->pages[i].size > SZ_4K)
			return i;
	}
	return -1;
}

/* pte_alloc_huge() + set_huge_pte_at() where the model says a page fits (or, 8xx, is mixed). */
static void op_huge_set(struct space *s)
{
	uint32_t size = huge_size();
	vaddr_t va = (s->hot[pick(3)] & ~(size - 1)) + pick(4) * size;
	paddr_t pa = any_pa(size) & ~(paddr_t)(size - 1);
	unsigned int prot = any_prot();
	int want;
	bool starve;
	struct before b;
	void *ptep;

	if (pa > ((paddr_t)1 << (is_8xx ? 32 : 36)) - size)
		pa = 0;
	/* as Linux uses it: user pages in a user space (the 8xx PMD it links is a user one) */
	if (s == &spaces[0])
		prot |= PROT_READ | PROT_USER;
	else
		prot &= ~PROT_USER;
	want = model_map(s, va, pa, size, prot);
	if ((want && want != MMU_EMIXED) || s->n >= MAX_PAGES)
		return;
	starve = maybe_fail_allocs();
	take(&b);
	ptep = pte_alloc_huge(&s->mm, pmd_off(&s->mm, va), va, size);
	env_fail_after(-1);
	if (want == MMU_EMIXED || !ptep) {
		if (ptep)
			fail("pte_alloc_huge(0x%08x, 0x%x) accepted a PMD of the other privilege", va, size);
		if (!starve && want == 0)
			fail("pte_alloc_huge(0x%08x, 0x%x) failed with memory to spare", va, size);
		refused(s, &b, va, size, "pte_alloc_huge");
		counts[4][1]++;
		return;
	}
	if (set_huge_pte_at(&s->mm, va, ptep, pt_mm_leaf(&s->mm, mk_huge_pte(pa, size, prot)), size))
		fail("set_huge_pte_at(0x%08x, 0x%x) refused a good entry", va, size);
	add_page(s, va, size, pa, prot);
	counts[4][0]++;
	check_all(s, va, size, "set_huge_pte_at");
}

/* set_huge_pte_at() over an existing huge page with an entry of another size or misaligned. */
static void op_huge_set_refused(struct space *s)
{
	int i = huge_page(s);
	struct page *p;
	uint32_t other;
	uint64_t pte;
	void *ptep;
	struct before b;
	int err;

	if (i < 0 || other_kind_refused(s, &s->pages[i], 10))
		return;
	p = &s->pages[i];
	other = sizes[pick(nsizes)];
	take(&b);
	ptep = pte_alloc_huge(&s->mm, pmd_off(&s->mm, p->va), p->va, p->size);
	if (!ptep || env.live != b.live)
		fail("pte_alloc_huge() of an existing page at 0x%08x: %p, tables %lu -> %lu",
		     p->va, ptep, b.live, env.live);
	if (other == p->size)
		pte = mk_huge_pte(p->pa + (other > SZ_4K ? SZ_4K : 0), other, p->prot);
	else
		pte = mk_huge_pte(p->pa & ~(paddr_t)(other - 1), other, p->prot);
	/* 8xx 512K and 8M PTEs carry the same bits (the PMD says 8M): not a wrong size */
	if (!pte || (other == p->size && other == SZ_4K) ||
	    (is_8xx && other != p->size && other >= 0x80000u && p->size >= 0x80000u))
		return;
	if (other == p->size)	/* misaligned pa: build it by hand from a good entry */
		pte = pte_set_pa(mk_huge_pte(p->pa, other, p->prot), p->pa + SZ_4K);
	err = set_huge_pte_at(&s->mm, p->va, ptep, pt_mm_leaf(&s->mm, pte), p->size);
	if (err != (other == p->size ? MMU_EALIGN : MMU_ESIZE))
		fail("set_huge_pte_at(0x%08x, size 0x%x) with a %s entry (0x%llx, size 0x%x) gave %d", p->va, p->size,
		     other == p->size ? "misaligned" : "wrong-size", (unsigned long long)pte, other, err);
	refused(s, &b, p->va, p->size, "set_huge_pte_at");
	counts[10][1]++;
}

static void op_huge_get_clear(struct space *s, int what)
{
	int i = huge_page(s);
	struct page *p;
	struct before b;
	uint64_t pte;
	void *ptep;

	if (i < 0 || other_kind_refused(s, &s->pages[i], 5 + what))
		return;
	p = &s->pages[i];
	take(&b);
	ptep = pte_alloc_huge(&s->mm, pmd_off(&s->mm, p->va), p->va, p->size);
	if (!ptep || env.live != b.live)
		fail("pte_alloc_huge() of an existing page at 0x%08x size 0x%x prot 0x%x: %p, tables %lu -> %lu", p->va, p->size, p->prot, ptep, b.live, env.live);
	pte = huge_ptep_get(&s->mm, p->va, ptep);
	if (!pte_present(pte) || pte_pa(pte) != p->pa ||
	    pte_leaf_size(pt_entry_get(pmd_off(&s->mm, p->va)), pte) != p->size)
		fail("huge_ptep_get(0x%08x): entry 0x%llx is not the page (pa 0x%llx size 0x%x)",
		     p->va, (unsigned long long)pte, (unsigned long long)p->pa, p->size);
	if (what == 0) {
		counts[5][0]++;
	} else if (what == 1) {
		vaddr_t va = p->va;
		uint32_t size = p->size;

		if (huge_pte_clear(&s->mm, va, ptep, size))
			fail("huge_pte_clear(0x%08x, 0x%x) refused", va, size);
		remove_range(s, va, size);
		counts[6][0]++;
		check_all(s, va, size, "huge_pte_clear");
	} else {
		if (huge_ptep_set_wrprotect(&s->mm, p->va, ptep))
			fail("huge_ptep_set_wrprotect(0x%08x) refused", p->va);
		p->prot &= ~PROT_WRITE;
		counts[7][0]++;
		check_all(s, p->va, p->size, "huge_ptep_set_wrprotect");
	}
	/* the clear shoots the page down itself, between the present words and the rest */
	if (env_tlb_calls != b.tlb_calls + (what == 1))
		fail("the huge-page API made %u TLB invalidations (%u expected)", env_tlb_calls - b.tlb_calls,
		     what == 1);
}

/* The pool: blocks handed out once, returned once, foreign ones refused. */
static paddr_t held[HUGEPOOL_MAX_PAGES];
static uint32_t held_size[HUGEPOOL_MAX_PAGES];
static int nheld;

static void op_pool(void)
{
	uint32_t size = pick(6) ? huge_size() : any_size();
	unsigned int res, fr, res2, fr2;
	paddr_t pa;
	int err;

	hugepool_count(size, &res, &fr);
	if (pick(2) || !nheld) {
		pa = hugepool_alloc(size);
		hugepool_count(size, &res2, &fr2);
		if (pa == HUGEPOOL_FAIL) {
			err = hugepool_last_error();
			if (fr || res2 != res || fr2 != fr ||
			    err != (res ? HUGEPOOL_EEMPTY : HUGEPOOL_ESIZE))
				fail("hugepool_alloc(0x%x) failed (%d) with %u of %u free", size, err, fr, res);
			counts[8][1]++;
			return;
		}
		if (!fr || fr2 != fr - 1 || (pa & (size - 1)))
			fail("hugepool_alloc(0x%x) gave 0x%llx with %u free before, %u after", size,
			     (unsigned long long)pa, fr, fr2);
		for (int i = 0; i < nheld; i++)
			if (held[i] == pa)
				fail("hugepool_alloc(0x%x) gave 0x%llx twice", size, (unsigned long long)pa);
		held[nheld] = pa;
		held_size[nheld++] = size;
		counts[8][0]++;
		return;
	}
	if (pick(3)) {
		int i = (int)pick((uint32_t)nheld);

		if (pinned_overlap(held[i], held_size[i])) {
			err = hugepool_free(held[i], held_size[i]);
			if (err != HUGEPOOL_EPINNED)
				fail("hugepool_free(0x%llx) of a pinned block gave %d", (unsigned long long)held[i], err);
			counts[9][1]++;
			return;
		}
		if (hugepool_free(held[i], held_size[i]))
			fail("hugepool_free(0x%llx) of a held block refused", (unsigned long long)held[i]);
		pa = held[i];
		size = held_size[i];
		held[i] = held[--nheld];
		held_size[i] = held_size[nheld];
		if (!pick(2)) {		/* and once more: a double free */
			hugepool_count(size, &res, &fr);
			err = hugepool_free(pa, size);
			hugepool_count(size, &res2, &fr2);
			if (err != HUGEPOOL_EDOUBLE || fr2 != fr)
				fail("a double hugepool_free(0x%llx) gave %d", (unsigned long long)pa, err);
		}
		counts[9][0]++;
		return;
	}
	pa = any_pa(size);
	for (int i = 0; i < nheld; i++)
		if (held[i] == pa && held_size[i] == size)
			return;
	err = hugepool_free(pa, size);
	hugepool_count(size, &res2, &fr2);
	if (!err || fr2 != fr)
		fail("hugepool_free(0x%llx, 0x%x) of a block not held gave %d, free %u -> %u",
		     (unsigned long long)pa, size, err, fr, fr2);
	counts[9][1]++;
}

/* ---- split, collapse, pin, unpin ---- */

static int model_check_args(const struct space *s, vaddr_t va, uint32_t size)
{
	if (size == 0)
		return MMU_ESIZE;
	if ((va | size) & 0xfff)
		return MMU_EALIGN;
	if (va < s->mm.start || va > s->mm.last || size - 1 > s->mm.last - va)
		return MMU_ERANGE;
	return 0;
}

static void op_split(struct space *s)
{
	uint32_t nsz = pick(8) ? sizes[pick(nsizes)] : any_size();
	vaddr_t va;
	uint32_t size;
	int want = 0, got, nsplit = 0, pieces = 0, i = huge_page(s);
	bool starve, allocs = false;
	struct before b;
	uint64_t cur, end;

	any_span(s, &va, &size);
	if (i >= 0 && pick(4)) {	/* a piece of a huge page, into a smaller size */
		const struct page *p = &s->pages[i];
		unsigned int k = 0;

		while (k + 1 < nsizes && sizes[k + 1] < p->size)
			k++;
		nsz = sizes[pick(2) ? k : pick(k + 1)];
		va = p->va + pick(p->size / SZ_4K) * SZ_4K;
		size = SZ_4K * (1 + pick(4));
	}
	if (!size_ok(nsz) || size == 0)
		want = MMU_ESIZE;
	else
		want = model_check_args(s, va, size);
	for (cur = va, end = (uint64_t)va + size; !want && cur < end;) {
		const struct page *p;

		i = page_at(s, (vaddr_t)cur);
		if (i < 0) {
			want = MMU_ENOENT;
			break;
		}
		p = &s->pages[i];
		if (p->size <= nsz)
			want = MMU_ENOTHUGE;
		else if (pinned_overlap(p->pa, p->size))
			want = MMU_EPINNED;
		nsplit++;
		pieces += (int)(p->size / nsz);
		if (!is_8xx && p->size >= pgd_span && nsz < pgd_span)
			allocs = true;
		cur = (uint64_t)p->va + p->size;
	}
	if (!want && s->n - nsplit + pieces > MODEL_MAX)
		return;
	starve = allocs && maybe_fail_allocs();
	take(&b);
	got = split(&s->mm, va, size, nsz);
	env_fail_after(-1);
	if (got != want && !(got == MMU_ENOMEM && starve && want == 0))
		fail("split(0x%08x, 0x%x, 0x%x) gave %d, the model %d", va, size, nsz, got, want);
	if (got) {
		refused(s, &b, va, size, "split");
		counts[11][1]++;
		return;
	}
	if (env_tlb_calls != b.tlb_calls + (unsigned int)nsplit)
		fail("split: %u TLB invalidations for %d pages", env_tlb_calls - b.tlb_calls, nsplit);
	for (cur = va, end = (uint64_t)va + size; cur < end;) {
		struct page p = s->pages[page_at(s, (vaddr_t)cur)];

		remove_range(s, p.va, p.size);
		for (uint32_t off = 0; off < p.size; off += nsz)
			add_page(s, p.va + off, nsz, p.pa + off, p.prot);
		cur = (uint64_t)p.va + p.size;
	}
	counts[11][0]++;
	check_all(s, va, size, "split");
}

/* Do the model's pages of [bva, bva + size) form one page?  *base, *prot: its pa and prot. */
static bool model_forms(const struct space *s, vaddr_t bva, uint32_t size, paddr_t *base,
			unsigned int *prot)
{
	uint64_t covered = 0;
	bool first = true;

	if (bva < s->mm.start || size - 1 > s->mm.last - bva)
		return false;
	for (int i = 0; i < s->n; i++) {
		const struct page *p = &s->pages[i];

		if (!overlaps(bva, size, p->va, p->size))
			continue;
		if (p->va < bva || (uint64_t)p->va + p->size > (uint64_t)bva + size)
			return false;
		if (first) {
			*base = p->pa - (p->va - bva);
			*prot = p->prot;
			first = false;
			if (*base & (size - 1))
				return false;
		}
		if (p->pa != *base + (p->va - bva) || p->prot != *prot)
			return false;
		covered += p->size;
	}
	return covered == size;
}

static void op_collapse_at(struct space *s, vaddr_t va)
{
	int i, want = 0, got;
	uint32_t best = 0;
	paddr_t base = 0, b0 = 0;
	unsigned int prot = 0, pr = 0;
	struct before b;

	i = page_at(s, va);
	if (va < s->mm.start || va > s->mm.last)
		want = MMU_ERANGE;
	else if (i < 0)
		want = MMU_ENOENT;
	else {
		for (unsigned int k = 0; k < nsizes; k++) {
			if (sizes[k] <= s->pages[i].size)
				continue;
			if (!model_forms(s, va & ~(sizes[k] - 1), sizes[k], &b0, &pr))
				break;
			best = sizes[k];
			base = b0;
			prot = pr;
		}
		if (!best)
			want = MMU_ENOCOLLAPSE;
		else if (pinned_overlap(base, best))
			want = MMU_EPINNED;
	}
	take(&b);
	got = collapse(&s->mm, va);
	if (got != want)
		fail("collapse(0x%08x) gave %d, the model %d (size 0x%x)", va, got, want, best);
	if (got) {
		refused(s, &b, va, 0, "collapse");
		counts[12][1]++;
		return;
	}
	va &= ~(best - 1);
	if (env_tlb_calls != b.tlb_calls + 1 || env_tlb_log[0].va != va || env_tlb_log[0].size != best)
		fail("collapse: not one TLB invalidation of the new page");
	remove_range(s, va, best);
	add_page(s, va, best, base, prot);
	counts[12][0]++;
	check_all(s, va, best, "collapse");
}

static void op_collapse(struct space *s)
{
	if (s->n && pick(4)) {
		const struct page *p = &s->pages[pick((uint32_t)s->n)];

		op_collapse_at(s, p->va + (pick(2) ? 0 : pick(p->size / SZ_4K) * SZ_4K));
	} else {
		op_collapse_at(s, any_va(s, any_size()));
	}
}

static struct mpin *mpin_find(paddr_t pa, uint32_t size)
{
	for (int i = 0; i < nmpins; i++)
		if (mpins[i].pa == pa && mpins[i].size == size)
			return &mpins[i];
	return NULL;
}

/* The model's pin_range() (get) or unpin() on its pin table; on error the table is as before. */
static int model_pin(const struct space *s, vaddr_t va, uint32_t len, bool write, bool get)
{
	struct mpin saved[PIN_MODEL_MAX + 1];
	int nsaved = nmpins, err = model_check_args(s, va, len);
	uint64_t cur = va, end = (uint64_t)va + len;

	if (err)
		return err;
	memcpy(saved, mpins, sizeof(mpins[0]) * (size_t)nmpins);
	while (cur < end) {
		int i = page_at(s, (vaddr_t)cur);
		const struct page *p;
		struct mpin *m;

		if (i < 0) {
			err = MMU_ENOENT;
			break;
		}
		p = &s->pages[i];
		if (get && write && !(p->prot & PROT_WRITE)) {
			err = MMU_ERDONLY;
			break;
		}
		m = mpin_find(p->pa, p->size);
		if (get && m) {
			m->count++;
		} else if (get) {
			if (nmpins >= PIN_MODEL_MAX) {
				err = MMU_EPINFULL;
				break;
			}
			mpins[nmpins++] = (struct mpin){ p->pa, p->size, 1 };
		} else if (!m) {
			err = MMU_ENOTPINNED;
			break;
		} else if (--m->count == 0) {
			*m = mpins[--nmpins];
		}
		cur = (uint64_t)p->va + p->size;
	}
	if (err) {
		memcpy(mpins, saved, sizeof(mpins[0]) * (size_t)nsaved);
		nmpins = nsaved;
	}
	return err;
}

static void check_pins(const char *why)
{
	if (pin_pages() != (unsigned int)nmpins)
		fail("%s: %u pages pinned, the model %d", why, pin_pages(), nmpins);
	for (int i = 0; i < nmpins; i++)
		if (pin_count(mpins[i].pa, mpins[i].size) != mpins[i].count)
			fail("%s: page 0x%llx size 0x%x holds %u references, the model %u", why,
			     (unsigned long long)mpins[i].pa, mpins[i].size,
			     pin_count(mpins[i].pa, mpins[i].size), mpins[i].count);
}

#define OUT_MAX	4096

static void op_pin(struct space *s)
{
	static paddr_t out[OUT_MAX];
	vaddr_t va;
	uint32_t len;
	bool write = pick(2), by_entry = !pick(4);
	int want, got;
	struct before b;

	any_span(s, &va, &len);
	if (len / SZ_4K > OUT_MAX)
		return;
	want = model_pin(s, va, len, write, true);
	take(&b);
	got = by_entry ? pin_range_by_entry(&s->mm, va, len, write, out) :
			 pin_range(&s->mm, va, len, write, out);
	if (got != want)
		fail("pin_range%s(0x%08x, 0x%x, %s) gave %d, the model %d", by_entry ? "_by_entry" : "",
		     va, len, write ? "write" : "read", got, want);
	check_pins("pin_range");
	if (got) {
		refused(s, &b, va, len, "pin_range");
		counts[13][1]++;
		return;
	}
	for (uint32_t k = 0; k < len / SZ_4K; k++) {
		vaddr_t a = va + k * SZ_4K;
		const struct page *p = &s->pages[page_at(s, a)];

		if (out[k] != p->pa + (a - p->va))
			fail("pin_range(0x%08x): frame %u is 0x%llx, the model 0x%llx", va, k,
			     (unsigned long long)out[k], (unsigned long long)(p->pa + (a - p->va)));
	}
	if (env_tlb_calls != b.tlb_calls || env.live != b.live)
		fail("pin_range changed tables or the TLB");
	if (s->npinned < 8) {
		s->pinned_va[s->npinned] = va;
		s->pinned_len[s->npinned++] = len;
	}
	counts[13][0]++;
}

static void op_unpin(struct space *s)
{
	int j = s->npinned ? (int)pick((uint32_t)s->npinned) : -1;
	vaddr_t va = j >= 0 ? s->pinned_va[j] : 0;
	uint32_t len = j >= 0 ? s->pinned_len[j] : 0;
	int want, got;
	struct before b;

	if (j < 0 || !pick(6)) {
		any_span(s, &va, &len);
		j = -1;
		for (int i = 0; nmpins && i < s->n && pick(2); i++) {	/* often a page that holds a pin */
			const struct page *p = &s->pages[(i + op_no) % (uint64_t)s->n];

			if (mpin_find(p->pa, p->size)) {
				va = p->va;
				len = p->size;
				break;
			}
		}
	}
	want = model_pin(s, va, len, false, false);
	take(&b);
	got = unpin(&s->mm, va, len);
	if (got != want)
		fail("unpin(0x%08x, 0x%x) gave %d, the model %d", va, len, got, want);
	check_pins("unpin");
	if (got) {
		refused(s, &b, va, len, "unpin");
		counts[14][1]++;
		return;
	}
	if (j >= 0) {
		s->pinned_va[j] = s->pinned_va[--s->npinned];
		s->pinned_len[j] = s->pinned_len[s->npinned];
	}
	counts[14][0]++;
}

/*
 * A space that split() filled past MAX_PAGES: collapse at one of its pages,
 * or unmap the largest block around one that unmap() takes whole.
 */
static void op_reduce(struct space *s)
{
	const struct page *p = &s->pages[pick((uint32_t)s->n)];
	struct before b;

	if (!pick(4)) {
		op_collapse_at(s, p->va + pick(p->size / SZ_4K) * SZ_4K);
		return;
	}
	/* pins held on its pages would refuse the unmap: drop them first, through unpin() */
	for (int i = 0; i < s->n; i++) {
		const struct page *q = &s->pages[i];

		if (!overlaps(q->va, q->size, p->va & ~(sizes[nsizes - 1] - 1), sizes[nsizes - 1]))
			continue;
		while (pinned_overlap(q->pa, q->size)) {
			vaddr_t va = q->va;
			uint32_t len = q->size;
			int want = model_pin(s, va, len, false, false), got = unpin(&s->mm, va, len);

			if (got != want)
				fail("unpin(0x%08x, 0x%x) gave %d, the model %d", va, len, got, want);
			check_pins("unpin");
			if (got)
				break;
			counts[14][0]++;
		}
	}
	for (int k = (int)nsizes - 1; k >= 0; k--) {
		vaddr_t va = p->va & ~(sizes[k] - 1);

		if (sizes[k] < p->size || model_span(s, va, sizes[k], false, 0))
			continue;
		take(&b);
		if (unmap(&s->mm, va, sizes[k]))
			fail("unmap(0x%08x, 0x%x) of a block the model holds whole refused", va, (unsigned int)sizes[k]);
		remove_range(s, va, sizes[k]);
		counts[1][0]++;
		check_all(s, va, sizes[k], "unmap of a block");
		return;
	}
}

static void op_walk(struct space *s)
{
	uint32_t size = any_size();

	check_walk(s, any_va(s, size), "walk");
	counts[3][0]++;
}

static void setup(void)
{
	static uint32_t bitmap[(4ull << 30) / 4096 / 32];
	paddr_t ram;
	const char *pool;

	sizes = mmu_page_sizes(&nsizes);
	is_8xx = sizes[1] == 0x4000u;
	pgd_span = 1u << pt_geo.level[0].shift;
	env_init();
	if (mm_init(&spaces[0].mm, 0, is_8xx ? 0x7fffffffu : 0xbfffffffu, 1) ||
	    mm_init(&spaces[1].mm, is_8xx ? 0xd0000000u : 0xe0000000u,
		    is_8xx ? 0xefffffffu : 0xfdffffffu, 0))
		fail("mm_init");
	spaces[0].hot[0] = 0x00000000;
	spaces[0].hot[1] = 0x10000000;
	spaces[0].hot[2] = is_8xx ? 0x7f000000u : 0x40000000u;
	spaces[1].hot[0] = spaces[1].mm.start;
	spaces[1].hot[1] = spaces[1].mm.start + 0x01000000u;
	spaces[1].hot[2] = spaces[1].mm.last + 1 - 0x01000000u;
	ram = is_8xx ? 256u << 20 : 3ull << 30;
	pool = is_8xx ? "hugepages=8M:3,512K:4,16K:6" : "hugepages=1G:1,256M:2,64M:2,16M:3,4M:4";
	palloc_set_bitmap(bitmap, palloc_bitmap_bytes(0, ram));
	palloc_init(0, ram);
	if (hugepool_init(pool))
		fail("hugepool_init(\"%s\")", pool);
}

int main(int argc, char **argv)
{
	uint64_t ops = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
	unsigned long acc = 0, ref = 0;

	setup();
	rng_state = seed * 0x9E3779B97F4A7C15ull + 11;
	for (op_no = 0; op_no < ops; op_no++) {
		struct space *s = &spaces[pick(4) == 0];

		if (s->n >= MAX_PAGES && pick(4)) {
			op_reduce(s);
			continue;
		}
		switch (pick(26)) {
		case 0: case 1: case 2: case 3: case 4: op_map(s); break;
		case 5: case 6: case 7: op_unmap_protect(s, false); break;
		case 8: case 9: op_unmap_protect(s, true); break;
		case 10: op_walk(s); break;
		case 11: case 12: op_huge_set(s); break;
		case 13: op_huge_get_clear(s, 0); break;
		case 14: op_huge_get_clear(s, 1); break;
		case 15: op_huge_get_clear(s, 2); break;
		case 16: op_huge_set_refused(s); break;
		case 17: case 18: op_split(s); break;
		case 19: case 20: op_collapse(s); break;
		case 21: case 22: op_pin(s); break;
		case 23: case 24: op_unpin(s); break;
		default: op_pool(); break;
		}
	}
	printf("fuzz-mmu (%s): %llu operations (seed %llu):", is_8xx ? "8xx" : "e500",
	       (unsigned long long)ops, (unsigned long long)seed);
	for (int i = 0; i < NR_OPS; i++) {
		printf(" %s %lu/%lu%s", op_names[i], counts[i][0], counts[i][1], i < NR_OPS - 1 ? "," : "");
		acc += counts[i][0];
		ref += counts[i][1];
	}
	printf(" (accepted/refused); %lu accepted, %lu refused, every one as the model says\n", acc, ref);
	printf("SUMMARY: 1 passed, 0 failed, 0 skipped, 0 xfail\n");
	return 0;
}
