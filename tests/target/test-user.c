/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * User mode: code runs at MSR[PR]=1 in an address space of its own (own
 * page tables, own PID), so supervisor/user protection and address-space
 * tags are exercised for real.
 */
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "mmu/pgtable.h"
#include "tlb/fault.h"
#if defined(PPCMMU_FAMILY_E500) || defined(PPCMMU_FAMILY_E500_64)
#include "mmu/pte-e500.h"
#endif

#define PID_A	5
#define PID_B	9

static void test_user_access(void)
{
	struct mm mm;
	paddr_t upa = test_page(), spa = test_page();
	/* user/supervisor is per 4 MB region on the 8xx (its PMD): keep them apart */
	vaddr_t uva = TEST_UVA, sva = TEST_UVA + (4u << 20);
	const struct fault_record *f = last_fault();
	uint32_t r = 0;
	struct tlb_info t;

	report_eq(user_space_init(&mm, PID_A), MMU_OK, "user space with PID %d", PID_A);
	lin(upa)[0] = 0xcafe0001;
	lin(spa)[0] = 0xcafe0002;
	map(&mm, uva, upa, 4096, UPROT_RW);
	map(&mm, sva, spa, 4096, PROT_READ | PROT_WRITE);
	counted_begin();
	report(is_eq(user_call(&mm, user_routine(user_load_word), uva, &r), 0) && is_eq(r, 0xcafe0001),
	       "user load from a user page (0x%08lx)", (unsigned long)r);
	report(tlb_lookup(uva, PID_A, &t) && is_eq(t.tid, PID_A) && is_eq(t.pa, upa) &&
	       is_eq(t.prot, UPROT_RW), "its TLB entry carries TID %u and user permissions 0x%x",
	       t.tid, t.prot);
	report(is_eq(user_call(&mm, user_routine(user_store_word), uva, &r), 0) &&
	       is_eq(lin(upa)[0], 0x600df00d), "user store to a user page");
	expect_fault(sva);
	report_eq(user_call(&mm, user_routine(user_load_word), sva, &r), 1,
	       "user load from a supervisor-only page faults");
	report(f->user && is_eq(f->addr, sva) && !f->store, "fault record: user, 0x%08lx, load (%s)",
	       (unsigned long)f->addr, fault_kind_name(f->kind));
	expect_fault(layout.linear_va);
	report(is_eq(user_call(&mm, user_routine(user_load_word), layout.linear_va, &r), 1) &&
	       is_eq(f->kind, FAULT_PROT_DATA), "user load from the kernel's pinned map faults (%s)",
	       fault_kind_name(f->kind));
	expect_fault(uva + 8192);
	report(is_eq(user_call(&mm, user_routine(user_store_word), uva + 8192, &r), 1) && f->store,
	       "user store to an unmapped page faults as a store");
	unmap(&mm, uva, 4096);
	unmap(&mm, sva, 4096);
	user_space_destroy(&mm);
	test_page_free(upa);
	test_page_free(spa);
}

static void test_user_exec(void)
{
	struct mm mm;
	paddr_t xpa = test_page(), npa = test_page();
	vaddr_t xva = TEST_UVA, nva = TEST_UVA + 4096;
	const struct fault_record *f = last_fault();
	uint32_t r = 0;

	user_space_init(&mm, PID_A);
	put_li42(lin(xpa));
	put_li42(lin(npa));
	map(&mm, xva, xpa, 4096, PROT_READ | PROT_EXEC | PROT_USER);
	map(&mm, nva, npa, 4096, UPROT_RW);
	counted_begin();
	report(is_eq(user_call(&mm, user_routine(user_call_at), xva, &r), 0) && is_eq(r, 42),
	       "user code calls into a user executable page");
	if (tlb_counts_available())
		report_eq(imisses(), 2, "two instruction misses: the routine and the page (%lu)",
		       (unsigned long)imisses());
	expect_fault(nva);
	report(is_eq(user_call(&mm, user_routine(user_call_at), nva, &r), 1) && is_eq(f->addr, nva) &&
	       f->user, "user fetch from a no-execute page faults (%s)", fault_kind_name(f->kind));
	unmap(&mm, xva, 4096);
	unmap(&mm, nva, 4096);
	user_space_destroy(&mm);
	test_page_free(xpa);
	test_page_free(npa);
}

static void test_address_spaces(void)
{
	struct mm a, b;
	paddr_t pa = test_page(), pb = test_page();
	uint32_t ra = 0, rb = 0;
	const struct fault_record *f = last_fault();

	two_spaces_load(&a, PID_A, pa, 0xaaaa, &ra, &b, PID_B, pb, 0xbbbb, &rb);
	report(is_eq(ra, 0xaaaa) && is_eq(rb, 0xbbbb), "same address, two spaces, two pages (0x%lx 0x%lx)",
	       (unsigned long)ra, (unsigned long)rb);
	user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
	report_eq(ra, 0xaaaa, "back in the first space without a flush: its own page");
	expect_fault(TEST_UVA);
	(void)peek(TEST_UVA);
	report(is_eq(faults_taken(), 1) && !f->user, "the kernel (PID 0) does not see user pages");
	/* A supervisor-only page of one space must not stand in for another space's page. */
	map(&a, TEST_UVA + (8u << 20), pa, 4096, PROT_READ | PROT_WRITE);
	map(&b, TEST_UVA + (8u << 20), pb, 4096, UPROT_RW);
	tlb_flush_all();
	expect_fault(TEST_UVA + (8u << 20));
	report_eq(user_call(&a, user_routine(user_load_word), TEST_UVA + (8u << 20), &ra), 1,
	       "a supervisor-only page refuses its own space's user code");
	report(is_eq(user_call(&b, user_routine(user_load_word), TEST_UVA + (8u << 20), &rb), 0) &&
	       is_eq(rb, 0xbbbb), "and the other space's user page at that address still reads (0x%lx)",
	       (unsigned long)rb);
	unmap(&a, TEST_UVA + (8u << 20), 4096);
	unmap(&b, TEST_UVA + (8u << 20), 4096);
	two_spaces_end(&a, pa, &b, pb);
}

/*
 * The id of a destroyed space is given to a new one at once: the new space
 * must see its own page, not the old space's entry left in the TLB.
 */
static void test_pid_reuse(void)
{
	struct mm a, b;
	paddr_t pa = test_page(), pb = test_page();
	struct tlb_info t;
	uint32_t r = 0;

	report_eq(user_space_init(&a, 0), MMU_EPID, "a user space with PID 0 is refused (EPID)");
	lin(pa)[0] = 0xaaaa;
	lin(pb)[0] = 0xbbbb;
	user_space_init(&a, PID_A);
	map(&a, TEST_UVA, pa, 4096, UPROT_RW);
	tlb_flush_all();
	report(is_eq(user_call(&a, user_routine(user_load_word), TEST_UVA, &r), 0) && is_eq(r, 0xaaaa) &&
	       tlb_lookup(TEST_UVA, PID_A, &t), "space %d reads its page, the entry is in the TLB", PID_A);
	/* no unmap (it would flush): the page is still mapped when the space dies */
	user_space_destroy(&a);
	report(!tlb_lookup(TEST_UVA, PID_A, &t), "mm_destroy left no entry of PID %d (found: %s)",
	       PID_A, t.valid ? "yes" : "no");
	user_space_init(&b, PID_A);
	map(&b, TEST_UVA, pb, 4096, UPROT_RW);
	report(is_eq(user_call(&b, user_routine(user_load_word), TEST_UVA, &r), 0) && is_eq(r, 0xbbbb),
	       "a new space with the same PID reads its own page (0x%lx)", (unsigned long)r);
	unmap(&b, TEST_UVA, 4096);
	user_space_destroy(&b);
	test_page_free(pa);
	test_page_free(pb);
}

/* protect() to read-only, then a user store: it faults, memory unchanged, no writable entry. */
static void test_user_wrprotect(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	const struct fault_record *f = last_fault();
	struct tlb_info t;
	uint32_t r = 0;

	user_space_init(&mm, PID_B);
	map(&mm, TEST_UVA, pa, 4096, UPROT_RW);
	report(is_eq(user_call(&mm, user_routine(user_store_word), TEST_UVA, &r), 0) &&
	       is_eq(lin(pa)[0], 0x600df00d) && tlb_lookup(TEST_UVA, PID_B, &t) && is_set(t.prot, PROT_WRITE),
	       "user store lands; a writable entry is loaded");
	lin(pa)[0] = 1;
	report_eq(protect(&mm, TEST_UVA, 4096, PROT_READ | PROT_USER), MMU_OK, "protect user read-only");
	expect_fault(TEST_UVA);
	report(is_eq(user_call(&mm, user_routine(user_store_word), TEST_UVA, &r), 1) && f->store &&
	       f->user && is_eq(lin(pa)[0], 1), "then a user store faults (%s), memory unchanged",
	       fault_kind_name(f->kind));
	report(is_eq(user_call(&mm, user_routine(user_load_word), TEST_UVA, &r), 0) && is_eq(r, 1),
	       "loads still work");
	report(tlb_lookup(TEST_UVA, PID_B, &t) && is_clear(t.prot, PROT_WRITE),
	       "the entry they load grants no write (prot 0x%x)", t.prot);
	unmap(&mm, TEST_UVA, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

enum access { LOAD, STORE, FETCH };

struct refusal {
	const char *what;
	enum access kind;
	bool user;
	unsigned int prot;	/* of the page */
	bool handler;		/* the e500 miss handler itself refuses (no entry at all) */
};

static const struct refusal refusals[] = {
	{ "user load, supervisor page", LOAD, true, KPROT_RW | PROT_EXEC, true },
	{ "user store, supervisor page", STORE, true, KPROT_RW | PROT_EXEC, true },
	{ "user fetch, supervisor page", FETCH, true, KPROT_RW | PROT_EXEC, true },
	{ "user store, user read-only page", STORE, true, PROT_READ | PROT_USER, false },
	{ "user fetch, user no-execute page", FETCH, true, UPROT_RW, true },
	{ "kernel load, no-access page", LOAD, false, 0, true },
	{ "kernel store, read-only page", STORE, false, PROT_READ | PROT_EXEC, false },
	{ "kernel fetch, no-execute page", FETCH, false, KPROT_RW, true },
};

/* Make the access; true if it faulted at va. */
static bool try_access(struct mm *mm, const struct refusal *c, vaddr_t va)
{
	const struct fault_record *f = last_fault();
	uint32_t r = 0;

	expect_fault(va);
	if (c->user) {
		const char *fn = c->kind == LOAD ? user_load_word :
				 c->kind == STORE ? user_store_word : user_call_at;

		return user_call(mm, user_routine(fn), va, &r) == 1 && f->addr == va;
	}
	if (c->kind == LOAD)
		(void)peek(va);
	else if (c->kind == STORE)
		poke(va, 0x5555);
	else
		(void)call_at(va);
	return faults_taken() == 1 && f->addr == va;
}

/*
 * Every refused access kind x privilege: afterwards no TLB entry grants what
 * was refused; where the e500 miss handler is the one refusing, no entry at
 * all (the 8xx loads the entry and lets it refuse).
 */
static void test_refusals(void)
{
	bool strict = !strcmp(layout.family, "e500");
	struct mm mm;
	paddr_t pa = test_page();
	unsigned int i;

	put_li42(lin(pa));
	user_space_init(&mm, PID_A);
	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		const struct refusal *c = &refusals[i];
		struct mm *space = c->user ? &mm : &kernel_mm;
		/* user and supervisor pages in separate 4 MB regions (8xx PMDs) */
		vaddr_t va = c->user ? TEST_UVA + ((c->prot & PROT_USER) ? 0 : 4u << 20) :
			     TEST_KVA + 0x380000;
		unsigned int pid = c->user ? PID_A : 0;
		unsigned int need = (c->kind == LOAD ? PROT_READ : c->kind == STORE ? PROT_WRITE :
				     PROT_EXEC) | (c->user ? PROT_USER : 0);
		struct tlb_info t;
		bool faulted, entry;

		report_prefix_push(c->what);
		map(space, va, pa, 4096, c->prot);
		tlb_flush_all();
		faulted = try_access(&mm, c, va);
		entry = tlb_lookup(va, pid, &t);
		report(faulted, "refused");
		report(!entry || is_ne((t.prot & need), need), "no TLB entry grants it (entry prot 0x%x)",
		       entry ? t.prot : 0);
		if (strict && c->handler)
			report(!entry, "the miss handler wrote no entry at all");
		unmap(space, va, 4096);
		report_prefix_pop();
	}
	user_space_destroy(&mm);
	test_page_free(pa);
}

/*
 * kernel_sc_probe: r3 = 0, sc, r3 += 1, return r3.  The sc's address is
 * kernel_sc_insn.  Resuming past the sc gives 1; skipping an instruction
 * more gives 0.
 */
uint32_t kernel_sc_probe(void);
extern const uint32_t kernel_sc_insn[];
__asm__(".text\n"
	".globl kernel_sc_probe\n"
	".type kernel_sc_probe, @function\n"
	"kernel_sc_probe:\n"
	"	li 3, 0\n"
	".globl kernel_sc_insn\n"
	"kernel_sc_insn:\n"
	"	sc\n"
	"	addi 3, 3, 1\n"
	"	blr\n"
	".size kernel_sc_probe, . - kernel_sc_probe\n");

/* The one rule on both families: sc from the kernel is a fault, reported at the sc. */
static void test_kernel_sc(void)
{
	vaddr_t at = (vaddr_t)(uintptr_t)kernel_sc_insn;
	uint32_t r;

	expect_fault(at);
	r = kernel_sc_probe();
	report(is_eq(faults_taken(), 1) && is_eq(last_fault()->kind, FAULT_OTHER) &&
	       is_eq(last_fault()->pc, at) && !last_fault()->user, "sc from the kernel is reported as a fault at the sc (%u taken)",
	       faults_taken());
	report_eq(r, 1, "a declared one resumes at the instruction after the sc (r3 %lu)", (unsigned long)r);
	expect_fault_clear();
}

static bool grant_all(const struct fault_record *f, const struct walk_result *w)
{
	(void)f;
	(void)w;
	return true;
}

/*
 * The fix-up's retry limit: the same fault address fixed again and again
 * (a bit that does not stick) is refused after FAULT_FIXUP_RETRY_LIMIT.
 * The accessed bit is taken away before each call (pte_mkyoung(0) is it).
 */
/*
 * An exception taken from user mode builds its frame on the kernel's own
 * exception stack, never below the user's r1: user code that points r1 into
 * a kernel page, or at an unmapped address, then faults and makes a system
 * call, leaves the page as it was and the kernel running.
 */
#define R1_PID		7
#define R1_UNMAPPED	0x00800000u	/* a user address nothing maps */
#define R1_PATTERN(i)	(0x51ac0000u ^ (i))

static void test_user_r1(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	volatile uint32_t *k = lin(pa);
	/* near the page's end, so that a frame built below r1 would land in it */
	const vaddr_t r1s[2] = { (vaddr_t)(uintptr_t)k + 4096 - 16, R1_UNMAPPED };
	const char *const what[2] = { "a kernel page", "an unmapped address" };
	unsigned int i, j, changed;
	uint32_t r;
	int kind;

	for (j = 0; j < 1024; j++)
		k[j] = R1_PATTERN(j);
	report_eq(user_space_init(&mm, R1_PID), MMU_OK, "user space with PID %d", R1_PID);
	for (i = 0; i < 2; i++) {
		expect_fault(0);
		kind = user_call(&mm, user_routine(user_r1_fault), r1s[i], &r);
		report(kind == 1 && faults_taken() == 1 && last_fault()->user && last_fault()->addr == 0,
		       "user code with r1 at %s (0x%08lx) faults at 0: the kernel takes the fault",
		       what[i], (unsigned long)r1s[i]);
		expect_fault_clear();
		r = 0;
		kind = user_call(&mm, user_routine(user_r1_sc), r1s[i], &r);
		report(kind == 0 && r == 7, "... and its system call returns to the kernel (r3 %lu)",
		       (unsigned long)r);
		for (changed = 0, j = 0; j < 1024; j++)
			changed += k[j] != R1_PATTERN(j);
		report_eq(changed, 0, "... the kernel page is unchanged (%u words differ)", changed);
	}
	user_space_destroy(&mm);
	test_page_free(pa);
}

static void test_fixup_limit(void)
{
	paddr_t pa = test_page();
	vaddr_t va = TEST_KVA + 0x240000;
	struct fault_record f = { .kind = FAULT_TLB_DATA, .addr = va };
	uint64_t young = pte_mkyoung(0);
	unsigned int i, fixed = 0;
	struct walk_result w;

	map(&kernel_mm, va, pa, 4096, KPROT_RW);
	for (i = 0; i < FAULT_FIXUP_RETRY_LIMIT + 2; i++) {
		walk(&kernel_mm, va, &w);
		pt_entry_set(w.ptep, w.entry & ~young);
		fixed += fault_fix_bits(&f, va, 1, grant_all);
	}
	walk(&kernel_mm, va, &w);
	report(is_eq(fixed, FAULT_FIXUP_RETRY_LIMIT) && is_clear(w.entry, young),
	       "the same address is fixed %u times, then refused (%u fixed)",
	       FAULT_FIXUP_RETRY_LIMIT, fixed);
	f.addr = va + 4;
	report(fault_fix_bits(&f, va + 4, 1, grant_all) && is_eq(walk(&kernel_mm, va, &w), MMU_OK) &&
	       is_set(w.entry, young), "another address is fixed again");
	unmap(&kernel_mm, va, 4096);
	test_page_free(pa);
}

PPCMMU_TEST_FN("user-supervisor", "user", "user/supervisor", test_user_access);
PPCMMU_TEST_FN("user-exec", "user", "user execute", test_user_exec);
PPCMMU_TEST_FN("user-address-spaces", "user", "address spaces", test_address_spaces);
PPCMMU_TEST_FN("user-pid-reuse", "user", "address-space id reused at once", test_pid_reuse);
PPCMMU_TEST_FN("user-wrprotect", "user", "user write-protect", test_user_wrprotect);
PPCMMU_TEST_FN("user-refused-no-entry", "user", "refused access leaves no TLB entry",
	       test_refusals);
PPCMMU_TEST_FN("kernel-sc", "user", "sc from kernel mode", test_kernel_sc);
PPCMMU_TEST_FN("user-r1-frame", "user", "user r1 never holds the exception frame", test_user_r1);
PPCMMU_TEST_FN("fixup-retry-limit", "user", "fix-up retry limit", test_fixup_limit);

#if defined(PPCMMU_FAMILY_E500) || defined(PPCMMU_FAMILY_E500_64)
#ifdef PPCMMU_FAMILY_E500_64
#include "e500/e64-tlb.h"
/* The core's PID bits, MMUCFG[PIDSIZE] read at boot (boot/e500-64-setup.c). */
static unsigned int e500_pid_max(void)
{
	const char *why;
	unsigned int max = e64_pid_max(&why);
	unsigned long cfg;

	__asm__ volatile("mfspr %0, 1015" : "=r"(cfg));	/* MMUCFG */
	report_eq(max, cfg ? (2u << (cfg >> 6 & 0x1f)) - 1 : 255u,
		  "PID limit %u (%s): MMUCFG 0x%08lx's PIDSIZE, or 8 bits where it reads 0", max, why, cfg);
	return max;
}
#else
#include "e500/mas.h"
static unsigned int e500_pid_max(void)
{
	return MAS1_TID_MAX;		/* MAS1[TID]: the e500v2's and e500mc's 8 bits */
}
#endif

/*
 * e500, both word sizes: PID 0 (global entries) and PIDs beyond the core's PID bits are refused
 * before any user code runs; the largest PID works and tags its entry.
 */
static void test_e500_user_pids(void)
{
	unsigned int max = e500_pid_max();
	struct mm mm;
	uint32_t r = 0x1234;
	struct tlb_info t;

	report(is_eq(mm_init(&mm, layout.user_start, layout.user_last, 0), MMU_OK) &&
	       is_eq(user_call(&mm, USER_CODE_VA, 0, &r), MMU_EPID) && is_eq(r, 0x1234),
	       "user_call in a space with PID 0: EPID, nothing run");
	mm_destroy(&mm);
	report(is_eq(mm_init(&mm, layout.user_start, layout.user_last, max + 1), MMU_OK) &&
	       is_eq(user_call(&mm, USER_CODE_VA, 0, &r), MMU_EPID) && is_eq(r, 0x1234),
	       "PID %u (past the PID bits: would be cut to 0): EPID", max + 1);
	mm_destroy(&mm);
	user_space_init(&mm, max);
	tlb_flush_all();
	report_eq(user_call(&mm, user_routine(user_load_word), USER_CODE_VA, &r), 0,
	       "PID %u, the largest, runs user code", max);
	report(tlb_lookup(USER_CODE_VA, max, &t) && is_eq(t.tid, max) && !tlb_lookup(USER_CODE_VA, 0, &t),
	       "its entry carries TID %u, invisible to PID 0", max);
	user_space_destroy(&mm);
}

/* Clear the accessed bit of va's PTE in mm, with no TLB entry left; the PTE's low word. */
static volatile uint32_t *clear_accessed(struct mm *mm, vaddr_t va)
{
	struct walk_result w;
	volatile uint32_t *low;

	if (walk(mm, va, &w) != MMU_OK || !w.ptep)
		return NULL;
	low = (volatile uint32_t *)((char *)w.ptep + E500_ENTRY_LO);
	*low &= ~(uint32_t)_PAGE_ACCESSED;
	tlb_flush_all();
	return low;
}

/*
 * (Both e500 families: the accessed and dirty fix-ups judge by the rights of the access.)
 * A user data miss on a supervisor-only page whose accessed bit is clear:
 * the access is not permitted, so it faults with no accessed fix-up (the
 * kernel would be permitted: the fix-up must judge by the user's rights).
 */
static void test_user_accessed_supervisor(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	vaddr_t va = TEST_UVA + (4u << 20);
	struct fault_fixup_counts before = fixups_here();
	volatile uint32_t *low;
	uint32_t r = 0;
	int kind;

	user_space_init(&mm, 6);
	map(&mm, va, pa, 4096, PROT_READ | PROT_WRITE);	/* supervisor only */
	low = clear_accessed(&mm, va);
	expect_fault(va);
	kind = user_call(&mm, user_routine(user_load_word), va, &r);
	report(kind == 1 && faults_taken() == 1 && last_fault()->user && last_fault()->addr == va,
	       "user load from a supervisor-only page without the accessed bit faults");
	expect_fault_clear();
	report(low && is_clear(*low, _PAGE_ACCESSED) && is_eq(fixups_here().young, before.young) &&
	       is_eq(fixups_here().faults, before.faults),
	       "with no accessed fix-up: the bit stays clear, none counted (%u)",
	       fixups_here().young - before.young);
	unmap(&mm, va, 4096);

	before = fixups_here();
	put_li42(lin(pa));
	map(&mm, va, pa, 4096, PROT_READ | PROT_WRITE | PROT_EXEC);	/* supervisor execute only */
	low = clear_accessed(&mm, va);
	expect_fault(va);
	kind = user_call(&mm, user_routine(user_call_at), va, &r);
	report(kind == 1 && faults_taken() == 1 && last_fault()->user && last_fault()->addr == va,
	       "user fetch from a supervisor-execute page without the accessed bit faults");
	expect_fault_clear();
	report(low && is_clear(*low, _PAGE_ACCESSED) && is_eq(fixups_here().young, before.young),
	       "with no accessed fix-up: the bit stays clear, none counted (%u)",
	       fixups_here().young - before.young);
	unmap(&mm, va, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

/*
 * A store to a read-only page whose accessed bit is clear faults; the load
 * half of it may earn the accessed bit, never the dirty bit: the dirty bit
 * stays clear and no dirty fix-up is counted (kernel and user).
 */
static void test_store_read_only_not_accessed(void)
{
	struct mm mm;
	paddr_t pa = test_page();
	vaddr_t kva = TEST_KVA + 0x390000, uva = TEST_UVA;
	struct fault_fixup_counts before = fixups_here();
	volatile uint32_t *low;
	uint32_t r = 0;
	int kind;

	lin(pa)[0] = 0x0dd0;
	map(&kernel_mm, kva, pa, 4096, PROT_READ);
	low = clear_accessed(&kernel_mm, kva);
	expect_fault(kva);
	poke(kva, 0xbad);
	report(faults_taken() == 1 && last_fault()->store && !last_fault()->user,
	       "kernel store to a read-only page without the accessed bit faults");
	expect_fault_clear();
	report(low && is_clear(*low, _PAGE_DIRTY) && is_eq(fixups_here().dirty, before.dirty) &&
	       is_eq(lin(pa)[0], 0x0dd0), "... the dirty bit stays clear, no dirty fix-up (%u), memory unchanged",
	       fixups_here().dirty - before.dirty);
	unmap(&kernel_mm, kva, 4096);

	before = fixups_here();
	user_space_init(&mm, 6);
	map(&mm, uva, pa, 4096, PROT_READ | PROT_USER);
	low = clear_accessed(&mm, uva);
	expect_fault(uva);
	kind = user_call(&mm, user_routine(user_store_word), uva, &r);
	report(kind == 1 && faults_taken() == 1 && last_fault()->store && last_fault()->user,
	       "user store to a user read-only page without the accessed bit faults");
	expect_fault_clear();
	report(low && is_clear(*low, _PAGE_DIRTY) && is_eq(fixups_here().dirty, before.dirty) &&
	       is_eq(lin(pa)[0], 0x0dd0), "... the dirty bit stays clear, no dirty fix-up (%u), memory unchanged",
	       fixups_here().dirty - before.dirty);
	unmap(&mm, uva, 4096);
	user_space_destroy(&mm);
	test_page_free(pa);
}

#ifdef PPCMMU_FAMILY_E500
PPCMMU_TEST_FN("e500-user-pids", "e500", "e500 user PIDs", test_e500_user_pids);
PPCMMU_TEST_FN("e500-user-accessed-supervisor", "e500",
	       "e500 user miss on a supervisor page: no accessed fix-up", test_user_accessed_supervisor);
PPCMMU_TEST_FN("e500-store-read-only-clean", "e500",
	       "e500 store to a read-only page: no dirty fix-up", test_store_read_only_not_accessed);
#else
PPCMMU_TEST_FN("e500-64-user-pids", "e500-64", "e500-64 user PIDs", test_e500_user_pids);
PPCMMU_TEST_FN("e500-64-user-accessed-supervisor", "e500-64",
	       "e500-64 user miss on a supervisor page: no accessed fix-up", test_user_accessed_supervisor);
PPCMMU_TEST_FN("e500-64-store-read-only-clean", "e500-64",
	       "e500-64 store to a read-only page: no dirty fix-up", test_store_read_only_not_accessed);
#endif
#endif
