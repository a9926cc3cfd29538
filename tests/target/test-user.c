/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * User mode: code runs at MSR[PR]=1 in an address space of its own (own
 * page tables, own PID), so supervisor/user protection and address-space
 * tags are exercised for real.
 */
#include "tests/target/env.h"
#include "tests/target/tests.h"

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

	report(user_space_init(&mm, PID_A) == MMU_OK, "user space with PID %d", PID_A);
	lin(upa)[0] = 0xcafe0001;
	lin(spa)[0] = 0xcafe0002;
	map(&mm, uva, upa, 4096, UPROT_RW);
	map(&mm, sva, spa, 4096, PROT_READ | PROT_WRITE);
	counted_begin();
	report(user_call(&mm, user_routine(user_load_word), uva, &r) == 0 && r == 0xcafe0001,
	       "user load from a user page (0x%08lx)", (unsigned long)r);
	report(tlb_lookup(uva, PID_A, &t) && t.tid == PID_A && t.pa == upa &&
	       t.prot == UPROT_RW, "its TLB entry carries TID %u and user permissions 0x%x",
	       t.tid, t.prot);
	report(user_call(&mm, user_routine(user_store_word), uva, &r) == 0 &&
	       lin(upa)[0] == 0x600df00d, "user store to a user page");
	expect_fault(sva);
	report(user_call(&mm, user_routine(user_load_word), sva, &r) == 1,
	       "user load from a supervisor-only page faults");
	report(f->user && f->addr == sva && !f->store, "fault record: user, 0x%08lx, load (%s)",
	       (unsigned long)f->addr, fault_kind_name(f->kind));
	expect_fault(layout.linear_va);
	report(user_call(&mm, user_routine(user_load_word), layout.linear_va, &r) == 1 &&
	       f->kind == FAULT_PROT_DATA, "user load from the kernel's pinned map faults (%s)",
	       fault_kind_name(f->kind));
	expect_fault(uva + 8192);
	report(user_call(&mm, user_routine(user_store_word), uva + 8192, &r) == 1 && f->store,
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
	lin(xpa)[0] = INSN_LI_R3_42;
	lin(xpa)[1] = INSN_BLR;
	icache_sync(lin(xpa), 8);
	lin(npa)[0] = INSN_LI_R3_42;
	lin(npa)[1] = INSN_BLR;
	icache_sync(lin(npa), 8);
	map(&mm, xva, xpa, 4096, PROT_READ | PROT_EXEC | PROT_USER);
	map(&mm, nva, npa, 4096, UPROT_RW);
	counted_begin();
	report(user_call(&mm, user_routine(user_call_at), xva, &r) == 0 && r == 42,
	       "user code calls into a user executable page");
	if (tlb_counts_available())
		report(imisses() == 2, "two instruction misses: the routine and the page (%lu)",
		       (unsigned long)imisses());
	expect_fault(nva);
	report(user_call(&mm, user_routine(user_call_at), nva, &r) == 1 && f->addr == nva &&
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

	user_space_init(&a, PID_A);
	user_space_init(&b, PID_B);
	lin(pa)[0] = 0xaaaa;
	lin(pb)[0] = 0xbbbb;
	map(&a, TEST_UVA, pa, 4096, UPROT_RW);
	map(&b, TEST_UVA, pb, 4096, UPROT_RW);
	tlb_flush_all();
	user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
	user_call(&b, user_routine(user_load_word), TEST_UVA, &rb);
	report(ra == 0xaaaa && rb == 0xbbbb, "same address, two spaces, two pages (0x%lx 0x%lx)",
	       (unsigned long)ra, (unsigned long)rb);
	user_call(&a, user_routine(user_load_word), TEST_UVA, &ra);
	report(ra == 0xaaaa, "back in the first space without a flush: its own page");
	expect_fault(TEST_UVA);
	(void)peek(TEST_UVA);
	report(faults_taken() == 1 && !f->user, "the kernel (PID 0) does not see user pages");
	/* A supervisor-only page of one space must not stand in for another space's page. */
	map(&a, TEST_UVA + (8u << 20), pa, 4096, PROT_READ | PROT_WRITE);
	map(&b, TEST_UVA + (8u << 20), pb, 4096, UPROT_RW);
	tlb_flush_all();
	expect_fault(TEST_UVA + (8u << 20));
	report(user_call(&a, user_routine(user_load_word), TEST_UVA + (8u << 20), &ra) == 1,
	       "a supervisor-only page refuses its own space's user code");
	report(user_call(&b, user_routine(user_load_word), TEST_UVA + (8u << 20), &rb) == 0 &&
	       rb == 0xbbbb, "and the other space's user page at that address still reads (0x%lx)",
	       (unsigned long)rb);
	unmap(&a, TEST_UVA + (8u << 20), 4096);
	unmap(&b, TEST_UVA + (8u << 20), 4096);
	unmap(&a, TEST_UVA, 4096);
	unmap(&b, TEST_UVA, 4096);
	user_space_destroy(&a);
	user_space_destroy(&b);
	test_page_free(pa);
	test_page_free(pb);
}

const struct target_test tests_user[] = {
	{ "user/supervisor", test_user_access, NULL, "user-supervisor" },
	{ "user execute", test_user_exec, NULL, "user-exec" },
	{ "address spaces", test_address_spaces, NULL, "user-address-spaces" },
};
const unsigned int tests_user_count = sizeof(tests_user) / sizeof(tests_user[0]);
