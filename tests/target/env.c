/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>
#include "tests/target/env.h"
#include "mmu/palloc.h"
#include "lib/kprintf.h"
#include "lib/cmdline.h"

extern const char __usertext_start[], __usertext_end[];

static struct tlb_counts base;

paddr_t test_page(void)
{
	paddr_t pa = palloc_pages(0);

	if (pa == PALLOC_FAIL)
		panic("test_page: out of memory");
	memset(phys_to_virt(pa), 0, 4096);
	return pa;
}

void test_page_free(paddr_t pa)
{
	palloc_free(pa, 0);
}

uint32_t *lin(paddr_t pa)
{
	return phys_to_virt(pa);
}

bool ram_answers_below(paddr_t end)
{
	volatile uint32_t *w = (volatile uint32_t *)phys_to_virt(end - 4);
	uint32_t saved = *w;
	bool ok;

	*w = saved ^ 0xa5a5a5a5u;
	ok = *w == (saved ^ 0xa5a5a5a5u);
	*w = saved;
	return ok;
}

uint32_t peek(vaddr_t va)
{
	return *(volatile uint32_t *)(uintptr_t)va;
}

void poke(vaddr_t va, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)va = v;
}

void put_li42(uint32_t *code)
{
	code[0] = INSN_LI_R3_42;
	code[1] = INSN_BLR;
	icache_sync(code, 8);
}

#if defined(PPCMMU_E500_64) || defined(PPCMMU_BOOK3S64)
/* The 64-bit ABI (ELFv1) calls through function descriptors; code at va has none: a bctrl. */
uint32_t e64_call_at(vaddr_t va);

uint32_t call_at(vaddr_t va)
{
	return e64_call_at(va);
}
#else
uint32_t call_at(vaddr_t va)
{
	uint32_t (*fn)(void) = (uint32_t (*)(void))(uintptr_t)va;

	return fn();
}
#endif

void counted_begin(void)
{
	tlb_flush_all();
	tlb_counts(&base);
}

uint32_t dmisses(void)
{
	struct tlb_counts c;

	tlb_counts(&c);
	return c.dmiss - base.dmiss;
}

uint32_t imisses(void)
{
	struct tlb_counts c;

	tlb_counts(&c);
	return c.imiss - base.imiss;
}

int user_space_init(struct mm *mm, unsigned int pid)
{
	size_t len = (size_t)(__usertext_end - __usertext_start);
	paddr_t code;
	int err;

	if (pid == 0)		/* the kernel's id: its entries would be global */
		return MMU_EPID;
	code = test_page();
	if (len > 4096)
		panic("user routines exceed a page");
	memcpy(lin(code), __usertext_start, len);
	icache_sync(lin(code), len);
	err = mm_init(mm, layout.user_start, layout.user_last, pid);
	if (err) {
		test_page_free(code);
		return err;
	}
	return map(mm, USER_CODE_VA, code, 4096, PROT_READ | PROT_EXEC | PROT_USER);
}

void two_spaces_load(struct mm *a, unsigned int pid_a, paddr_t pa, uint32_t wa, uint32_t *ra,
		     struct mm *b, unsigned int pid_b, paddr_t pb, uint32_t wb, uint32_t *rb)
{
	user_space_init(a, pid_a);
	user_space_init(b, pid_b);
	lin(pa)[0] = wa;
	lin(pb)[0] = wb;
	map(a, TEST_UVA, pa, 4096, UPROT_RW);
	map(b, TEST_UVA, pb, 4096, UPROT_RW);
	tlb_flush_all();
	user_call(a, user_routine(user_load_word), TEST_UVA, ra);
	user_call(b, user_routine(user_load_word), TEST_UVA, rb);
}

void two_spaces_end(struct mm *a, paddr_t pa, struct mm *b, paddr_t pb)
{
	unmap(a, TEST_UVA, 4096);
	unmap(b, TEST_UVA, 4096);
	user_space_destroy(a);
	user_space_destroy(b);
	test_page_free(pa);
	test_page_free(pb);
}

void user_space_destroy(struct mm *mm)
{
	struct walk_result w;

	if (walk(mm, USER_CODE_VA, &w) == MMU_OK) {
		unmap(mm, USER_CODE_VA, 4096);
		test_page_free(w.page_pa);
	}
	mm_destroy(mm);		/* drops the space's TLB entries too */
}

vaddr_t user_routine(const void *sym)
{
	return USER_CODE_VA + (vaddr_t)((const char *)sym - __usertext_start);
}

unsigned long cmdline_number(const char *key, unsigned long def)
{
	const char *v;
	size_t len;
	bool bare;

	if (!cmdline_find(layout.bootargs, key, &v, &len, &bare) || bare)
		return def;
	return strtoul(v, NULL, 0);
}
