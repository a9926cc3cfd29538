/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The page-table environment on the target: tables come from the physical
 * page allocator (palloc.c) and are reached through the kernel's linear map;
 * an entry refers to a table by its kernel virtual address (8xx: by its
 * physical address, the tablewalk runs untranslated).  The boot code hands
 * the linear map over once, at start-up (pt_linear_init); host tests supply
 * their own environment instead of this file.
 */
#include "mmu/palloc.h"
#include "mmu/pt-linear.h"

static vaddr_t linear_va;
static paddr_t linear_size;
static void (*zero)(void *va, size_t len);
static int (*quiesce)(void);
static void (*poison)(void *va, size_t len);

struct limbo_table {
	void *p;
	unsigned int order;
};

/* Callers serialise changes to the tables and the allocator (a lock), so limbo does not lock. */
static struct limbo_table limbo[PT_LIMBO_MAX];
static unsigned int limbo_n;
static unsigned long deferred_frees;

void pt_linear_init(vaddr_t va, paddr_t size, void (*zero_fn)(void *va, size_t len))
{
	linear_va = va;
	linear_size = size;
	zero = zero_fn;
}

static void *linear_virt(paddr_t pa)
{
	return (void *)(uintptr_t)(linear_va + (uint32_t)pa);
}

static paddr_t linear_phys(const void *va)
{
	return (uintptr_t)va - linear_va;
}

/*
 * A table must be reachable through the linear map.  The family fences the
 * memory above it off at boot, but a block given back to the allocator later
 * (a released huge page, say) can come from there: such a block is kept out
 * of use for good and the next one taken.
 */
void *pt_alloc(unsigned int order)
{
	paddr_t size = (paddr_t)PALLOC_PAGE_SIZE << order, pa;
	void *va;

	do {
		pa = palloc_pages(order);
		if (pa == PALLOC_FAIL && limbo_n && pt_free_sync() == 0)
			pa = palloc_pages(order);
		if (pa == PALLOC_FAIL)
			return NULL;
	} while (pa + size > linear_size);
	va = linear_virt(pa);
	zero(va, (size_t)size);
	return va;
}

static void release(void *p, unsigned int order)
{
	if (poison)
		poison(p, (size_t)PALLOC_PAGE_SIZE << order);
	palloc_free(linear_phys(p), order);
}

void pt_linear_set_quiesce(int (*fn)(void))
{
	quiesce = fn;
}

void pt_linear_set_poison(void (*fn)(void *va, size_t len))
{
	poison = fn;
}

unsigned int pt_limbo_count(void)
{
	return limbo_n;
}

unsigned long pt_deferred_frees(void)
{
	return deferred_frees;
}

/*
 * The tables in limbo now are released once quiesce() returns: a core still
 * walking one answers only after its walk.  A table pt_free() adds meanwhile
 * (from a call this core answers while it waits) stays for the next drain.
 */
int pt_free_sync(void)
{
	struct limbo_table now[PT_LIMBO_MAX];
	unsigned int i, n = limbo_n;
	int err;

	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		now[i] = limbo[i];
	limbo_n = 0;
	err = quiesce();
	if (err) {
		/* not safe to free: back into limbo, as many as fit */
		for (i = 0; i < n && limbo_n < PT_LIMBO_MAX; i++)
			limbo[limbo_n++] = now[i];
		return err;
	}
	for (i = 0; i < n; i++)
		release(now[i].p, now[i].order);
	deferred_frees += n;
	return 0;
}

/* The caller has unlinked the table; another core's walk may still be in it. */
void pt_free(void *p, unsigned int order)
{
	if (!quiesce) {
		release(p, order);
		return;
	}
	if (limbo_n == PT_LIMBO_MAX && pt_free_sync() != 0 && limbo_n == PT_LIMBO_MAX)
		return;		/* kept out of use for good: freeing it could corrupt a walk */
	limbo[limbo_n].p = p;
	limbo[limbo_n].order = order;
	limbo_n++;
}

ptref_t pt_ref(const void *table)
{
	return (ptref_t)(uintptr_t)table;
}

void *pt_deref(ptref_t ref)
{
	return (void *)(uintptr_t)ref;
}

/* 8xx: a PMD holds its table's physical address (the tablewalk runs untranslated). */
uint32_t pt_phys_ref(const void *table)
{
	return (uint32_t)linear_phys(table);
}

void *pt_phys_deref(uint32_t ref)
{
	return linear_virt(ref);
}
