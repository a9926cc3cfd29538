/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "env.h"

#define PAGE		4096u
#define NPAGES		(ENV_ARENA_BYTES / PAGE)
#define TAIL		0xffu

unsigned char *env_arena;
struct env_counters env;
struct env_tlb_call env_tlb_log[ENV_TLB_LOG_MAX];
unsigned int env_tlb_calls;

/* 0: free; 1 + order: first page of a block; TAIL: the rest of a block. */
static unsigned char page_state[NPAGES];
static long fail_countdown = -1;

void env_init(void)
{
	if (!env_arena) {
		env_arena = aligned_alloc(1u << 20, ENV_ARENA_BYTES);
		if (!env_arena) {
			perror("aligned_alloc");
			exit(2);
		}
	}
	memset(env_arena, 0, ENV_ARENA_BYTES);
	memset(page_state, 0, sizeof(page_state));
	memset(&env, 0, sizeof(env));
	env_tlb_calls = 0;
	fail_countdown = -1;
}

void env_reset_counters(void)
{
	unsigned long live = env.live;

	memset(&env, 0, sizeof(env));
	env.live = live;
	env_tlb_calls = 0;
}

void env_fail_after(long n)
{
	fail_countdown = n;
}

static bool block_free(unsigned int first, unsigned int pages)
{
	unsigned int i;

	for (i = first; i < first + pages; i++)
		if (page_state[i])
			return false;
	return true;
}

void *pt_alloc(unsigned int order)
{
	unsigned int pages = 1u << order, i, j;

	if (fail_countdown == 0) {
		env.failed_allocs++;
		return NULL;
	}
	if (fail_countdown > 0)
		fail_countdown--;
	for (i = 0; i + pages <= NPAGES; i += pages) {
		if (!block_free(i, pages))
			continue;
		page_state[i] = (unsigned char)(1 + order);
		for (j = 1; j < pages; j++)
			page_state[i + j] = TAIL;
		memset(env_arena + (size_t)i * PAGE, 0, (size_t)pages * PAGE);
		env.allocs++;
		env.live++;
		return env_arena + (size_t)i * PAGE;
	}
	return NULL;
}

static bool in_arena(const void *p)
{
	const unsigned char *c = p;

	return c >= env_arena && c < env_arena + ENV_ARENA_BYTES;
}

void pt_free(void *p, unsigned int order)
{
	unsigned int pages = 1u << order, first, j;

	if (!in_arena(p) || ((unsigned char *)p - env_arena) % PAGE) {
		env.bad_frees++;
		return;
	}
	first = (unsigned int)(((unsigned char *)p - env_arena) / PAGE);
	if (page_state[first] != 1 + order) {
		env.bad_frees++;
		return;
	}
	for (j = 0; j < pages; j++)
		page_state[first + j] = 0;
	memset(p, 0, (size_t)pages * PAGE);
	env.frees++;
	env.live--;
}

/* A table's arena offset from base (the kernel VA or the physical address of the arena). */
static uint32_t arena_ref(const void *table, uint32_t base, const char *who)
{
	if (!in_arena(table)) {
		fprintf(stderr, "%s: %p is not in the arena\n", who, table);
		abort();
	}
	return base + (uint32_t)((const unsigned char *)table - env_arena);
}

static void *arena_deref(uint32_t ref, uint32_t base, const char *who, const char *what)
{
	if (ref < base || ref - base >= ENV_ARENA_BYTES) {
		fprintf(stderr, "%s: 0x%08x is not an arena %s\n", who, ref, what);
		abort();
	}
	return env_arena + (ref - base);
}

/*
 * The e500 64-bit format's table pointers are 64-bit kernel addresses
 * (ENV_KVA_BASE_64 + offset, as Linux's 0xC000... linear map); every other
 * format's are 32-bit (ENV_KVA_BASE + offset).
 */
#ifdef PPCMMU_E500_64
ptref_t pt_ref(const void *table)
{
	return ENV_KVA_BASE_64 | arena_ref(table, 0, "pt_ref");
}

void *pt_deref(ptref_t ref)
{
	if ((ref & ~0xffffffffull) != ENV_KVA_BASE_64) {
		fprintf(stderr, "pt_deref: 0x%016llx is not an arena reference\n", (unsigned long long)ref);
		abort();
	}
	return arena_deref((uint32_t)ref, 0, "pt_deref", "reference");
}
#else
ptref_t pt_ref(const void *table)
{
	return arena_ref(table, ENV_KVA_BASE, "pt_ref");
}

void *pt_deref(ptref_t ref)
{
	return arena_deref(ref, ENV_KVA_BASE, "pt_deref", "reference");
}
#endif

uint32_t pt_phys_ref(const void *table)
{
	return arena_ref(table, ENV_PHYS_BASE, "pt_phys_ref");
}

void *pt_phys_deref(uint32_t ref)
{
	return arena_deref(ref, ENV_PHYS_BASE, "pt_phys_deref", "address");
}

void (*env_tlb_hook)(const struct mm *mm, vaddr_t va, vsize_t size);

void mmu_tlb_invalidate(const struct mm *mm, vaddr_t va, vsize_t size)
{
	if (env_tlb_hook)
		env_tlb_hook(mm, va, size);
	if (env_tlb_calls < ENV_TLB_LOG_MAX)
		env_tlb_log[env_tlb_calls] = (struct env_tlb_call){ mm, va, size };
	env_tlb_calls++;
}

void mmu_tlb_invalidate_mm(const struct mm *mm)
{
	env.tlb_mm_calls++;
	env.tlb_mm_pid = mm->pid;
	env.tlb_mm_live = env.live;
}

void env_snapshot_take(struct env_snapshot *s)
{
	s->mem = malloc(ENV_ARENA_BYTES);
	if (!s->mem) {
		perror("malloc");
		exit(2);
	}
	memcpy(s->mem, env_arena, ENV_ARENA_BYTES);
	s->live = env.live;
	s->tlb_calls = env_tlb_calls;
}

bool env_snapshot_same(const struct env_snapshot *s)
{
	return !memcmp(s->mem, env_arena, ENV_ARENA_BYTES) &&
	       s->live == env.live && s->tlb_calls == env_tlb_calls;
}

void env_snapshot_free(struct env_snapshot *s)
{
	free(s->mem);
	s->mem = NULL;
}
