/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ppcmmu's side of `make linux-compare` (tools/linux-compare): the mappings of
 * tests/target/compare-set.h, made with ppcmmu's own API in one user space, each
 * touched from user mode as the Linux init program touches it, in the same
 * order, then touched once more. With lxcmp-stop=1 on the command line the test
 * then prints where the page tables are and stops in user mode, in the space,
 * in user_spin (the host reads the page tables and the TLB and ends the run,
 * as it does with Linux's init program); without it, it
 * unmaps everything and ends as any test does. A long run: only when named.
 */
#include "tests/target/env.h"
#include "tests/target/phys.h"
#include "mmu/palloc.h"
#include "lib/kprintf.h"
#include "tests/target/tests.h"
#include "include/ppcmmu/test.h"

#if defined(PPCMMU_FAMILY_E500)
#define LXCMP_E500
#elif defined(PPCMMU_FAMILY_MPC8XX)
#define LXCMP_MPC8XX
#endif

#if defined(LXCMP_E500) || defined(LXCMP_MPC8XX)
#include "tests/target/compare-set.h"

/* The space's id: Linux gives its first user space context 1 too (docs/linux-compare.md). */
#define LXCMP_PID	1

static unsigned int lxcmp_prot(const struct lxcmp_map *m)
{
	return PROT_USER | (m->flags & LXCMP_R ? PROT_READ : 0) | (m->flags & LXCMP_W ? PROT_WRITE : 0) |
	       (m->flags & LXCMP_X ? PROT_EXEC : 0);
}

static bool lxcmp_touch(struct mm *mm, const struct lxcmp_map *m)
{
	uint32_t r = 0;
	const void *routine = m->touch == 'w' ? user_store_word :
			      m->touch == 'x' ? user_call_at : user_load_word;

	if (user_call(mm, user_routine(routine), m->va, &r))
		return false;
	return m->touch != 'x' || r == 42;
}

static void lxcmp_run(void)
{
	static struct mm mm;
	paddr_t pa[LXCMP_COUNT];
	bool pool[LXCMP_COUNT], made[LXCMP_COUNT];
	unsigned int i, k;
	unsigned int nhuge = 0;
	bool all = true;

	if (!report_eq(user_space_init(&mm, LXCMP_PID), MMU_OK, "user space with PID %d", LXCMP_PID))
		return;
	for (i = 0; i < LXCMP_COUNT; i++)
		nhuge += lxcmp_set[i].size > 4 * LXCMP_K;
	/* Linux's order: the huge pages from the end of the table (largest first), then the 4K ones */
	for (k = 0; k < LXCMP_COUNT; k++) {
		const struct lxcmp_map *m;

		i = k < nhuge ? LXCMP_COUNT - 1 - k : k - nhuge;
		m = &lxcmp_set[i];
		made[i] = false;
		pa[i] = test_block((uint32_t)m->size, &pool[i]);
		if (!report(pa[i] != PALLOC_FAIL, "%s: a page of its size", m->name)) {
			all = false;
			continue;
		}
		if (m->flags & LXCMP_WRITTEN) {
			phys_set(pa[i], LXCMP_INSN_LI_R3_42, false);
			phys_set(pa[i] + 4, LXCMP_INSN_BLR, true);
		}
		made[i] = report_eq(map(&mm, m->va, pa[i], m->size, lxcmp_prot(m)), MMU_OK,
				    "%s: mapped at 0x%08lx", m->name, m->va);
		all &= made[i] && report(lxcmp_touch(&mm, m), "%s: user %s", m->name,
					 m->touch == 'w' ? "store" : m->touch == 'x' ? "call returns 42" : "load");
	}
	if (all && cmdline_number("lxcmp-stop", 0)) {
		for (i = 0; i < LXCMP_COUNT; i++)
			lxcmp_touch(&mm, &lxcmp_set[i]);
		uint32_t r;

		kprintf("lxcmp: stop spin=0x%08lx pid=%u pgd=0x%08lx linear_va=0x%08lx\n",
			(unsigned long)user_routine(user_spin), mm.pid,
			(unsigned long)(uintptr_t)mm.pgd, (unsigned long)layout.linear_va);
		user_call(&mm, user_routine(user_spin), 0, &r);	/* does not return */
	}
	for (i = 0; i < LXCMP_COUNT; i++) {
		if (made[i])
			unmap(&mm, lxcmp_set[i].va, lxcmp_set[i].size);
		if (pa[i] != PALLOC_FAIL)
			test_block_free(pa[i], (uint32_t)lxcmp_set[i].size, pool[i]);
	}
	user_space_destroy(&mm);
}

PPCMMU_TEST_FN("linux-compare", "long", "linux-compare: the mappings of make linux-compare", lxcmp_run);
#endif
