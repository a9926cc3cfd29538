/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The security matrix, every page size of the family: user code must not
 * load, store or fetch a kernel page (page-table mapped, and the pinned
 * linear map), a supervisor-only page of its own space, another space's
 * page while that space's entry is in the TLB; it must not store to its own
 * read-only page nor fetch from its own no-execute page; and privileged
 * instructions and SPRs (mtmsr, mfmsr, mfspr SRR0, tlbie, tlbwe, tlbia or slbmte,
 * the MMU SPRs) raise the program exception.  Each attempt must fault with
 * the right kind, address, store bit and privilege, and leak nothing: the
 * page holds a canary (a data word, and code returning it) that the user
 * code would copy to its own leak page if the access went through; stores
 * must leave the canary in place; the TLB entry read back for the address
 * must not carry user permissions; privileged attempts must leave a pinned
 * kernel translation as it was.
 */
#include <stdio.h>
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/phys.h"
#include "tests/target/tests.h"
#include "mmu/palloc.h"
#if defined(PPCMMU_FAMILY_E500) || defined(PPCMMU_FAMILY_E500_64)
#define SECURITY_E500	1		/* both e500 modes: the same ESR and MMU instructions */
#endif
#ifdef SECURITY_E500
#include "e500/reg.h"
#define PRIV_CAUSE	ESR_PPR		/* in the fault record's cause (ESR) */
#elif defined(PPCMMU_FAMILY_BOOK3S64)
#include "book3s64/hash.h"
#define PRIV_CAUSE	0x00040000u	/* SRR1 program cause: privileged instruction */
#else
#include "mpc8xx/reg.h"
#define PRIV_CAUSE	0x00040000u	/* SRR1 program cause: privileged instruction */
#endif

#define PID_A		3
#define PID_B		4
#define CODE_VA		0x00500000u	/* generated user routines */
#define LEAK_VA		0x00600000u	/* where a routine copies what it got */
#define USER_VA		0x10000000u
#define CANARY		0x5ec2e7a1u
#define DATA_OFF	16

enum access { LOAD, STORE, FETCH };
static const char *const access_name[] = { "load", "store", "fetch" };
static const unsigned int need[] = { PROT_READ, PROT_WRITE, PROT_EXEC };

static struct mm space_a, space_b;
static paddr_t code_pa, leak_a, leak_b;

#define d_form(op, rt, ra, imm) \
	((uint32_t)(op) << 26 | (uint32_t)(rt) << 21 | (uint32_t)(ra) << 16 | ((imm) & 0xffffu))
#define spr_insn(to, r, spr) \
	(31u << 26 | (uint32_t)(r) << 21 | ((spr) & 31u) << 16 | ((spr) >> 5) << 11 | \
	 ((to) ? 467u : 339u) << 1)

#define INSN_LWZ_R4_R3	d_form(32, 4, 3, DATA_OFF)
#define INSN_STW_R4_R3	d_form(36, 4, 3, DATA_OFF)
#define INSN_LIS(r, v)	d_form(15, r, 0, (v) >> 16)
#define INSN_ORI(r, v)	d_form(24, r, r, (v) & 0xffffu)
#define INSN_STW_TO_R5(r) d_form(36, r, 5, 0)
#define INSN_MTCTR_R3	spr_insn(true, 3, 9)
#define INSN_BCTRL	0x4e800421u
#define INSN_LI_R3_0	0x38600000u
#define INSN_SC		0x44000002u
#define INSN_MTMSR_R3	0x7c600124u
#define INSN_MFMSR_R3	0x7c6000a6u
#define INSN_TLBIE_R3	0x7c001a64u
#define INSN_TLBWE	0x7c0007a4u
#define INSN_TLBIVAX_R3	0x7c001e24u
#define INSN_TLBIA	0x7c0002e4u
#define INSN_SLBMTE_R3	0x7c601b24u	/* slbmte r3, r3 */
#define INSN_SLBIA	0x7c0003e4u

/* Write a user routine to the shared code page: body, then copy r3/r4 to the leak page, sc. */
static void routine(const uint32_t *body, unsigned int n, unsigned int leak_reg)
{
	uint32_t *c = lin(code_pa);
	unsigned int i;

	for (i = 0; i < n; i++)
		c[i] = body[i];
	c[i++] = INSN_LIS(5, LEAK_VA);
	c[i++] = INSN_STW_TO_R5(leak_reg);
	c[i++] = INSN_LI_R3_0;
	c[i++] = INSN_SC;
	icache_sync(c, 4 * i);
}

/* The page at pa holds the canary: a data word at DATA_OFF and code at 0 that returns it. */
static void plant(paddr_t pa)
{
	phys_set(pa, INSN_LIS(3, CANARY), true);
	phys_set(pa + 4, INSN_ORI(3, CANARY), true);
	phys_set(pa + 8, INSN_BLR, true);
	phys_set(pa + DATA_OFF, CANARY, false);
}

static bool user_space(struct mm *mm, unsigned int pid, paddr_t leak)
{
	return user_space_init(mm, pid) == MMU_OK &&
	       map(mm, CODE_VA, code_pa, 4096, PROT_READ | PROT_EXEC | PROT_USER) == MMU_OK &&
	       map(mm, LEAK_VA, leak, 4096, UPROT_RW) == MMU_OK;
}

static void user_space_end(struct mm *mm)
{
	unmap(mm, CODE_VA, 4096);
	unmap(mm, LEAK_VA, 4096);
	user_space_destroy(mm);
}

/*
 * User code in mm tries access at va (a page whose physical base is pa, or
 * none): it must fault at the right address with the right kind, and leak
 * nothing.  pid: the space's id, for the TLB read-back.
 */
static void attempt(struct mm *mm, unsigned int pid, paddr_t leak, vaddr_t va, paddr_t pa,
		    enum access a, const char *what)
{
	static const uint32_t load[] = { INSN_LWZ_R4_R3 };
	static const uint32_t store[] = { INSN_LIS(4, 0xbad0bad0u), INSN_ORI(4, 0xbad0bad0u),
					  INSN_STW_R4_R3 };
	static const uint32_t fetch[] = { INSN_MTCTR_R3, INSN_BCTRL };
	const struct fault_record *f = last_fault();
	vaddr_t at = a == FETCH ? va : va + DATA_OFF;
	uint32_t r = 0;
	bool faulted, right_kind;
	struct tlb_info t;

	if (a == LOAD)
		routine(load, 1, 4);
	else if (a == STORE)
		routine(store, 3, 4);
	else
		routine(fetch, 2, 3);
	lin(leak)[0] = 0;
	expect_fault(at);
	faulted = user_call(mm, CODE_VA, va, &r) == 1 && faults_taken() == 1;
	expect_fault_clear();
	if (a == FETCH)
		right_kind = f->kind == FAULT_TLB_INST || f->kind == FAULT_PROT_INST;
	else
		right_kind = (f->kind == FAULT_TLB_DATA || f->kind == FAULT_PROT_DATA) &&
			     f->store == (a == STORE);
	report(faulted && right_kind && f->user && is_eq(f->addr, at),
	       "%s: user %s faults (%s at 0x%08lx, cause 0x%08lx)", what, access_name[a],
	       fault_kind_name(f->kind), (unsigned long)f->addr, (unsigned long)f->cause);
	report(is_ne(lin(leak)[0], CANARY) &&
	       (is_eq(pa, PALLOC_FAIL) || is_eq(phys_get(pa + DATA_OFF), CANARY)),
	       "%s: %s leaked nothing and changed nothing", what, access_name[a]);
	report(!tlb_lookup(at, pid, &t) || is_clear(t.prot, PROT_USER) || is_clear(t.prot, need[a]),
	       "%s: no TLB entry lets the user %s there", what, access_name[a]);
}

static void all_three(struct mm *mm, unsigned int pid, paddr_t leak, vaddr_t va, paddr_t pa,
		      const char *what)
{
	attempt(mm, pid, leak, va, pa, LOAD, what);
	attempt(mm, pid, leak, va, pa, STORE, what);
	attempt(mm, pid, leak, va, pa, FETCH, what);
}

static char label[64];

static const char *size_label(vsize_t size, const char *what)
{
	if (size >= 1u << 20)
		snprintf(label, sizeof(label), "%luM %s", (unsigned long)(size >> 20), what);
	else
		snprintf(label, sizeof(label), "%luK %s", (unsigned long)(size >> 10), what);
	return label;
}

static vaddr_t align_up(vaddr_t v, vsize_t size)
{
	return (v + size - 1) & ~(vaddr_t)(size - 1);
}

/* Every case of the matrix that needs a page of this size. */
static void one_size(vsize_t size)
{
	vaddr_t kva = align_up(layout.kmap_start + (16u << 20), size);
	vaddr_t uva = align_up(USER_VA, size);
	uint32_t r;
	bool pool;
	paddr_t pa = test_block(size, &pool);

	if (pa == PALLOC_FAIL) {
		report_skip("%lu KB: no block of this size free", (unsigned long)(size >> 10));
		return;
	}
	plant(pa);
	/* a kernel page mapped by the page tables, its entry in the TLB */
	if (kva + size - 1 < ALIAS_VA && kva > layout.kmap_start) {
		map(&kernel_mm, kva, pa, size, PROT_READ | PROT_WRITE | PROT_EXEC);
		(void)peek(kva + DATA_OFF);
		(void)call_at(kva);
		all_three(&space_a, PID_A, leak_a, kva, pa, size_label(size, "kernel page"));
		unmap(&kernel_mm, kva, size);
	} else {
		report_info("%lu MB: the kernel's page-table range cannot hold a page this size",
			    (unsigned long)(size >> 20));
	}
	/* a supervisor-only page of the user's own space */
	map(&space_a, uva, pa, size, PROT_READ | PROT_WRITE | PROT_EXEC);
	all_three(&space_a, PID_A, leak_a, uva, pa, size_label(size, "supervisor page"));
	unmap(&space_a, uva, size);
	/* another space's page, its entry loaded by that space just before */
	map(&space_a, uva, pa, size, PROT_READ | PROT_WRITE | PROT_EXEC | PROT_USER);
	routine((const uint32_t[]){ INSN_LWZ_R4_R3 }, 1, 4);
	user_call(&space_a, CODE_VA, uva, &r);
	report_eq(lin(leak_a)[0], CANARY, "%s: its own space reads the canary",
	       size_label(size, "other space's page"));
	all_three(&space_b, PID_B, leak_b, uva, PALLOC_FAIL, size_label(size, "other space's page"));
	report_eq(phys_get(pa + DATA_OFF), CANARY, "%s: the page kept its canary",
	       size_label(size, "other space's page"));
	/* its own read-only page (store) and no-execute page (fetch) */
	protect(&space_a, uva, size, PROT_READ | PROT_EXEC | PROT_USER);
	attempt(&space_a, PID_A, leak_a, uva, pa, STORE, size_label(size, "own read-only page"));
	protect(&space_a, uva, size, PROT_READ | PROT_WRITE | PROT_USER);
	attempt(&space_a, PID_A, leak_a, uva, PALLOC_FAIL, FETCH, size_label(size, "own no-execute page"));
	unmap(&space_a, uva, size);
	test_block_free(pa, size, pool);
}

/* The linear map: a kernel word the user must not see, by any access. */
static volatile uint32_t kernel_secret[8] __attribute__((aligned(32)));

static void linear_map(void)
{
	vaddr_t va = (vaddr_t)(uintptr_t)kernel_secret - DATA_OFF;
	paddr_t pa = virt_to_phys((const void *)va);

	kernel_secret[0] = CANARY;
	(void)peek(va + DATA_OFF);
	attempt(&space_a, PID_A, leak_a, va, pa, LOAD, "linear map");
	attempt(&space_a, PID_A, leak_a, va, pa, STORE, "linear map");
	attempt(&space_a, PID_A, leak_a, layout.linear_va, PALLOC_FAIL, FETCH, "linear map");
}

/* Privileged instructions and SPRs from user mode: the program exception, nothing changed. */
static void privileged(void)
{
	static const struct {
		const char *name;
		uint32_t insn;
	} ops[] = {
		{ "mtmsr", INSN_MTMSR_R3 },
		{ "mfmsr", INSN_MFMSR_R3 },
		{ "mfspr SRR0", 0 },
#ifdef SECURITY_E500
		{ "tlbivax", INSN_TLBIVAX_R3 },	/* Book E's tlbie */
		{ "tlbwe", INSN_TLBWE },
		{ "mfspr MAS0", 1 },
		{ "mtspr MAS1", 2 },
		{ "mtspr PID", 3 },
#elif defined(PPCMMU_FAMILY_BOOK3S64)
		{ "tlbie", INSN_TLBIE_R3 },
		{ "slbmte", INSN_SLBMTE_R3 },
		{ "slbia", INSN_SLBIA },
		{ "mfspr SDR1", 1 },
		{ "mtspr SDR1", 2 },
		{ "mtspr LPCR", 3 },
#else
		{ "tlbie", INSN_TLBIE_R3 },
		{ "tlbia", INSN_TLBIA },
		{ "mfspr MI_CTR", 1 },
		{ "mtspr MD_RPN", 2 },
		{ "mtspr M_CASID", 3 },
#endif
	};
#ifdef SECURITY_E500
	static const unsigned int spr_of[] = { 26, 624, 625, 48 };
#elif defined(PPCMMU_FAMILY_BOOK3S64)
	static const unsigned int spr_of[] = { 26, 25, 25, 318 };
#else
	static const unsigned int spr_of[] = { 26, 784, 798, 793 };
#endif
	const struct fault_record *f = last_fault();
	struct tlb_info before, after;
	vaddr_t probe = layout.linear_va;
	uint32_t r;

	(void)peek(probe);
	tlb_lookup(probe, 0, &before);
	for (unsigned int i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		uint32_t insn = ops[i].insn, body[2];
		bool ok;

		if (insn < 4)	/* an SPR access: index into spr_of */
			insn = spr_insn(insn >= 2, 3, spr_of[insn]);
		body[0] = INSN_LIS(3, probe);		/* r3 = an address the TLB holds */
		body[1] = insn;
		routine(body, 2, 3);
		lin(leak_a)[0] = 0;
		expect_fault(CODE_VA + 4);
		ok = is_eq(user_call(&space_a, CODE_VA, 0, &r), 1) && is_eq(faults_taken(), 1);
		expect_fault_clear();
		report(ok && is_eq(f->kind, FAULT_OTHER) && is_eq(f->vector, VEC_PROGRAM) && f->user &&
		       is_eq(f->addr, CODE_VA + 4) && is_set(f->cause, PRIV_CAUSE),
		       "%s from user mode: program exception, privileged (cause 0x%08lx)", ops[i].name,
		       (unsigned long)f->cause);
		report(is_eq(lin(leak_a)[0], 0) && tlb_lookup(probe, 0, &after) && after.valid &&
		       is_eq(after.pa, before.pa) && is_eq(after.size, before.size) &&
		       is_eq(after.prot, before.prot),
		       "%s from user mode: nothing leaked, the kernel's translation unchanged", ops[i].name);
	}
}

static void test_security(void)
{
	const vsize_t *sizes;
	unsigned int n;

	code_pa = test_page();
	leak_a = test_page();
	leak_b = test_page();
	if (!user_space(&space_a, PID_A, leak_a) || !user_space(&space_b, PID_B, leak_b)) {
		report(false, "two user spaces");
		return;
	}
	sizes = mmu_page_sizes(&n);
	for (unsigned int i = 0; i < n; i++)
		one_size(sizes[i]);
	linear_map();
	privileged();
	user_space_end(&space_a);
	user_space_end(&space_b);
	test_page_free(code_pa);
	test_page_free(leak_a);
	test_page_free(leak_b);
}

PPCMMU_TEST_FN("security", "security", "security matrix", test_security);
