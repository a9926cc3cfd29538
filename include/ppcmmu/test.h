/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ppcmmu's public header for on-target tests (docs/writing-tests.md).
 *
 * What is stable: everything this header declares, and the two headers it
 * includes, the report library (tests/common/report.h: report(), report_eq()
 * and the other comparisons, is_eq() and the other terms, report_skip(),
 * report_xfail(), report_info(), report_prefix_push()/_pop()) and the page-table
 * interface (mmu/mmu.h: struct mm, map(), unmap(), protect(), walk(),
 * mm_init()/mm_destroy(), mmu_page_sizes(), PROT_*, MMU_E*, mmu_strerror()).
 * Nothing else of the kernel is: a test that includes another header of the
 * tree is one of the project's own, and changes with it.
 *
 * A test registers itself where it is written:
 *
 *	PPCMMU_TEST("board-uart-window", "board", "UART window guarded")
 *	{
 *		report(...);
 *	}
 *
 * or, for a function defined elsewhere in the file,
 *
 *	PPCMMU_TEST_FN("board-uart-window", "board", "UART window guarded", fn);
 *
 * The entry goes into the linker section ppcmmu_tests; the kernel finds every
 * entry there (no list to edit). The arguments:
 *   id     the stable name (lower case, digits, dashes): tests=ID, the
 *          TEST: lines, TAP and JUnit. Unique in the image: a duplicate fails
 *          the build naming both places.
 *   group  tests=GROUP runs every test of it. The project's groups run first,
 *          in their fixed order ("4k", "user", "errors", "huge", the family's,
 *          "security", "stress"), then every other group by name; "long"
 *          tests run only when named exactly, never by a glob or "all".
 *          Within a group, tests run by file name, then by line.
 *   what   what it checks: the prefix of every line the test prints.
 * One registration per source line.
 */
#ifndef PPCMMU_TEST_H
#define PPCMMU_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include "mmu/mmu.h"
#include "tests/common/report.h"

struct ppcmmu_test {
	const char *id;		/* stable name */
	const char *group;	/* its group */
	const char *name;	/* what it checks, the prefix of its lines */
	void (*run)(void);
	const char *file;	/* where it is registered */
	unsigned int line;
};

#define PPCMMU_TEST_CAT_(a, b)	a##b
#define PPCMMU_TEST_CAT(a, b)	PPCMMU_TEST_CAT_(a, b)
#define PPCMMU_TEST_STR_(x)	#x
#define PPCMMU_TEST_STR(x)	PPCMMU_TEST_STR_(x)

/*
 * Register fn (void fn(void)) as test id of group, checking what. The second
 * object is the build's record of where each id is registered: the link step
 * reads it back and refuses an id registered twice (tools/check-test-ids).
 */
#define PPCMMU_TEST_FN(id, group, what, fn)						\
	static const struct ppcmmu_test PPCMMU_TEST_CAT(ppcmmu_test_, __LINE__)		\
	__attribute__((section("ppcmmu_tests"), used,					\
		       aligned(__alignof__(struct ppcmmu_test)))) =			\
		{ id, group, what, fn, __FILE__, __LINE__ };				\
	static const char PPCMMU_TEST_CAT(ppcmmu_test_where_, __LINE__)[]		\
	__attribute__((section("ppcmmu_test_ids"), used, aligned(1))) =			\
		id "\t" __FILE__ ":" PPCMMU_TEST_STR(__LINE__) "\n"

/* Register the function whose body follows as test id (see above). */
#define PPCMMU_TEST(id, group, what)							\
	static void PPCMMU_TEST_CAT(ppcmmu_test_fn_, __LINE__)(void);			\
	PPCMMU_TEST_FN(id, group, what, PPCMMU_TEST_CAT(ppcmmu_test_fn_, __LINE__));	\
	static void PPCMMU_TEST_CAT(ppcmmu_test_fn_, __LINE__)(void)

/* ---- Board facts ---- */

struct test_board {
	const char *name;		/* the board.cfg section the image was built for */
	const char *family;		/* "e500", "e500-64" (e5500, e6500) or "mpc8xx" */
	paddr_t ram_size;		/* bytes of RAM at physical 0 */
	unsigned int cpus;		/* cores running */
	/* TLBs: e500 TLB0 (4K pages, set-associative) and TLB1; 8xx DTLB and ITLB */
	const char *tlb_name[2];
	unsigned int tlb_entries[2];
	unsigned int tlb_ways[2];	/* 0: fully associative */
	paddr_t console_pa;		/* the console's registers */
	paddr_t devices_pa;		/* the device window holding them (e500 CCSR, 8xx IMMR) */
	uint32_t devices_size;
	const char *devices_name;
	/*
	 * Kernel addresses free for a test (page tables serve them; every
	 * test unmaps what it mapped before it ends), and user addresses.
	 */
	vaddr_t kernel_va, kernel_va_last;
	vaddr_t user_va, user_va_last;
};
const struct test_board *test_board(void);

/* ---- Address spaces ---- */

/* The kernel's space (pid 0, global entries): map(test_kernel_space(), ...). */
struct mm *test_kernel_space(void);
/*
 * A user space with address-space id pid (1..255 on e500, 1..15 on 8xx) and
 * the routines test_user_touch() runs mapped at 0x00400000; 0 or MMU_E*.
 */
int test_user_space(struct mm *mm, unsigned int pid);
/* Undo test_user_space() (the space's TLB entries go too); unmap your own pages first. */
void test_user_space_free(struct mm *mm);

/* ---- Memory ---- */

paddr_t test_page(void);		/* a zeroed 4 KB physical page (stops the run if none) */
void test_page_free(paddr_t pa);
void *test_page_ptr(paddr_t pa);	/* RAM through the kernel's linear map */

/* ---- Touching memory ---- */

enum test_access {
	TEST_LOAD,	/* read bytes (1, 2 or 4) at va; the value comes back */
	TEST_STORE,	/* write value's low bytes at va */
	TEST_FETCH,	/* call va (it must hold code ending in blr); r3 comes back */
};

/* What faulted (test_touch_fault(), test_user_touch_fault()). */
struct test_fault {
	bool faulted;
	/* "data TLB miss", "instruction TLB miss", "data protection", "instruction protection", "other" */
	const char *kind;
	bool miss;		/* no translation: the miss handler refused it */
	bool refused;		/* a loaded entry refused it (protection) */
	vaddr_t addr;		/* the data address, or the fetch address */
	vaddr_t pc;		/* the faulting instruction */
	uint32_t cause;		/* raw: e500 ESR, 8xx DSISR (data) or SRR1 (fetch) */
	bool store;
	bool user;
	unsigned int count;	/* faults the access took (1 unless it was retried) */
};

/*
 * One access from the kernel that must not fault: a fault fails the test,
 * prints the full register dump and the walk of the address, and abandons
 * the test (the suite goes on).
 */
uint32_t test_touch(vaddr_t va, enum test_access a, unsigned int bytes, uint32_t value);
/*
 * The same access, a fault allowed: true if it faulted, what faulted in *f
 * (f->faulted the same). A load that faulted returns nothing useful.
 */
bool test_touch_fault(vaddr_t va, enum test_access a, unsigned int bytes, uint32_t value,
		      struct test_fault *f);
/*
 * One word access from user mode (MSR[PR]=1) in mm (a test_user_space()):
 * a load returns the word, a store writes TEST_USER_STORED, a fetch calls va.
 * Without _fault a fault fails and abandons the test, as above.
 */
#define TEST_USER_STORED	0x600df00du
uint32_t test_user_touch(struct mm *mm, vaddr_t va, enum test_access a);
bool test_user_touch_fault(struct mm *mm, vaddr_t va, enum test_access a, struct test_fault *f);

/* ---- The TLB ---- */

/* One TLB entry as the family's read-back gives it. */
struct test_tlb_entry {
	vaddr_t va;		/* effective page number, page-aligned */
	paddr_t pa;		/* real page number, page-aligned */
	vsize_t size;		/* page size in bytes */
	unsigned int pid;	/* address-space id; 0 = global (the kernel's) */
	unsigned int prot;	/* PROT_* from the permission and WIMG bits */
	unsigned int tlb;	/* e500: 0 = TLB0, 1 = TLB1; 8xx: 0 = DTLB, 1 = ITLB */
	/* the raw words: e500 MAS1, MAS2, MAS3, MAS7, MAS8; 8xx the CAM, RAM0, RAM1 words and the index */
	uint32_t raw[5];
};
/*
 * The entry that translates va for address-space id pid now (e500: tlbsx;
 * 8xx: the DTLB, then the ITLB, searched through the debug registers);
 * false if none.
 */
bool test_tlb_lookup(vaddr_t va, unsigned int pid, struct test_tlb_entry *e);
/* Drop every TLB entry but the pinned ones: the next access takes a miss. */
void test_tlb_flush(void);

/* ---- Huge-page pool ---- */

/* Blocks of size bytes reserved at boot (hugepages=) and free now. */
void test_pool_count(vsize_t size, unsigned int *reserved, unsigned int *free);
/* A free block of size bytes, or 0 with none (skip the check: report_skip()). */
paddr_t test_pool_alloc(vsize_t size);
void test_pool_free(paddr_t pa, vsize_t size);

/* ---- Time ---- */

/* The time base (e500 and 8xx TB), as the TEST: end lines count it. */
uint64_t test_timebase(void);

#endif
