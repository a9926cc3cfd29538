/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The calls of the tests' public header (include/ppcmmu/test.h) over the
 * kernel's private ones: a test written against the header keeps working
 * when these change.
 */
#include <string.h>
#include "tests/target/env.h"
#include "hugetlb/pool.h"
#ifdef PPCMMU_FAMILY_E500
#include "tlb/e500-tlb.h"
#include "e500/mas.h"
#define USER_PID_MAX	MAS1_TID_MAX		/* MAS1[TID], PID */
#endif
#ifdef PPCMMU_FAMILY_E500_64
#include "e500/e64-tlb.h"
#include "e500/mas.h"
#define USER_PID_MAX	e64_pid_max(NULL)	/* the ids user_call() takes (boot/e500-64-trap.c) */
#endif
#ifdef PPCMMU_FAMILY_BOOK3S64
#include "tlb/book3s64-hash.h"
#define USER_PID_MAX	B3_USER_PID_MAX		/* the VSID context bits */
#endif
#ifdef PPCMMU_FAMILY_MPC8XX
#include "mpc8xx/mmu.h"
#define USER_PID_MAX	MX_EPN_ASID_MASK	/* M_CASID */
#endif

static struct test_board board;

static void tlb_facts(struct test_board *b)
{
#ifdef PPCMMU_FAMILY_E500
	unsigned int sets, ways;

	tlb0_geometry(&sets, &ways);
	b->tlb_name[0] = "TLB0";
	b->tlb_entries[0] = sets * ways;
	b->tlb_ways[0] = ways;
	b->tlb_name[1] = "TLB1";
	b->tlb_entries[1] = tlb1_entries();
#elif defined(PPCMMU_FAMILY_E500_64)
	unsigned int sets, ways;

	e64_tlb0_geometry(&sets, &ways);
	b->tlb_name[0] = "TLB0";
	b->tlb_entries[0] = sets * ways;
	b->tlb_ways[0] = ways;
	b->tlb_name[1] = "TLB1";
	b->tlb_entries[1] = e64_tlb1_entries();
#elif defined(PPCMMU_FAMILY_MPC8XX)
	b->tlb_name[0] = "DTLB";
	b->tlb_entries[0] = TLB_ENTRIES;
	b->tlb_name[1] = "ITLB";
	b->tlb_entries[1] = TLB_ENTRIES;
#else
	b->tlb_name[0] = b->tlb_name[1] = "?";
#endif
}

const struct test_board *test_board(void)
{
	if (board.name)
		return &board;
	board.family = layout.family;
	board.ram_size = layout.ram_size;
	board.cpus = arch_cpus();
	tlb_facts(&board);
	board.console_pa = arch_console_pa();
	arch_device_window(&board.devices_pa, &board.devices_size, &board.devices_name);
	board.kernel_va = layout.kmap_start;
	board.kernel_va_last = layout.kmap_last;
	board.user_va = TEST_UVA;
	board.user_va_last = layout.user_last;
	board.name = arch_board_name();
	return &board;
}

struct mm *test_kernel_space(void)
{
	return &kernel_mm;
}

int test_user_space(struct mm *mm, unsigned int pid)
{
#ifdef USER_PID_MAX
	if (pid > USER_PID_MAX)
		return MMU_EPID;
#endif
	return user_space_init(mm, pid);
}

void test_user_space_free(struct mm *mm)
{
	user_space_destroy(mm);
}

void *test_page_ptr(paddr_t pa)
{
	return phys_to_virt(pa);
}

static uint32_t access_once(vaddr_t va, enum test_access a, unsigned int bytes, uint32_t value)
{
	volatile void *p = (volatile void *)(uintptr_t)va;

	if (a == TEST_FETCH)
		return call_at(va);
	if (bytes != 1 && bytes != 2 && bytes != 4) {
		report(false, "test_touch: %u bytes at 0x%lx: only 1, 2 or 4", bytes, (unsigned long)va);
		return 0;
	}
	if (a == TEST_STORE) {
		if (bytes == 1)
			*(volatile uint8_t *)p = (uint8_t)value;
		else if (bytes == 2)
			*(volatile uint16_t *)p = (uint16_t)value;
		else
			*(volatile uint32_t *)p = value;
		return value;
	}
	if (bytes == 1)
		return *(volatile uint8_t *)p;
	if (bytes == 2)
		return *(volatile uint16_t *)p;
	return *(volatile uint32_t *)p;
}

uint32_t test_touch(vaddr_t va, enum test_access a, unsigned int bytes, uint32_t value)
{
	return access_once(va, a, bytes, value);
}

/* What the fault path recorded since expect_fault(), into *f; expectation dropped. */
static bool fault_seen(struct test_fault *f)
{
	const struct fault_record *r = last_fault();

	memset(f, 0, sizeof(*f));
	f->count = faults_taken();
	f->faulted = f->count > 0;
	expect_fault_clear();
	if (!f->faulted) {
		f->kind = "none";
		return false;
	}
	f->kind = fault_kind_name(r->kind);
	f->miss = r->kind == FAULT_TLB_DATA || r->kind == FAULT_TLB_INST;
	f->refused = r->kind == FAULT_PROT_DATA || r->kind == FAULT_PROT_INST;
	f->addr = r->addr;
	f->pc = r->pc;
	f->cause = r->cause;
	f->store = r->store;
	f->user = r->user;
	return true;
}

bool test_touch_fault(vaddr_t va, enum test_access a, unsigned int bytes, uint32_t value,
		      struct test_fault *f)
{
	expect_fault(va);
	access_once(va, a, bytes, value);
	return fault_seen(f);
}

static const char *user_routine_of(enum test_access a)
{
	return a == TEST_LOAD ? user_load_word : a == TEST_STORE ? user_store_word : user_call_at;
}

/* Run the routine of access a at va in user mode; false (reported) if mm cannot run user code. */
static bool user_access(struct mm *mm, vaddr_t va, enum test_access a, uint32_t *r)
{
	int err = user_call(mm, user_routine(user_routine_of(a)), va, r);

	if (err < 0)
		report(false, "user access at 0x%lx: space %u: %s", (unsigned long)va, mm->pid,
		       mmu_strerror(err));
	return err >= 0;
}

uint32_t test_user_touch(struct mm *mm, vaddr_t va, enum test_access a)
{
	uint32_t r = 0;

	user_access(mm, va, a, &r);
	return r;
}

bool test_user_touch_fault(struct mm *mm, vaddr_t va, enum test_access a, struct test_fault *f)
{
	uint32_t r;

	expect_fault(va);
	if (!user_access(mm, va, a, &r)) {
		fault_seen(f);
		return false;
	}
	return fault_seen(f);
}

bool test_tlb_lookup(vaddr_t va, unsigned int pid, struct test_tlb_entry *e)
{
	struct tlb_info t;

	memset(e, 0, sizeof(*e));
	if (!tlb_lookup(va, pid, &t) || !t.valid)
		return false;
	e->va = t.va;
	e->pa = t.pa;
	e->size = t.size;
	e->pid = t.tid;
	e->prot = t.prot;
	e->tlb = t.level;
	memcpy(e->raw, t.raw, sizeof(e->raw));
	return true;
}

void test_tlb_flush(void)
{
	tlb_flush_all();
}

void test_pool_count(vsize_t size, unsigned int *reserved, unsigned int *free)
{
	hugepool_count(size, reserved, free);
}

paddr_t test_pool_alloc(vsize_t size)
{
	paddr_t pa = hugepool_alloc(size);

	return pa == HUGEPOOL_FAIL ? 0 : pa;
}

void test_pool_free(paddr_t pa, vsize_t size)
{
	int err = hugepool_free(pa, size);

	if (err)
		report(false, "test_pool_free: " PA_FMT ", %lu bytes: %s", PA_ARG(pa), (unsigned long)size,
		       hugepool_strerror(err));
}

uint64_t test_timebase(void)
{
	return timebase_read();
}
