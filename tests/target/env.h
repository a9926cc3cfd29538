/* SPDX-License-Identifier: BSD-2-Clause */
/* Helpers shared by the target tests: pages, user code, miss counting. */
#ifndef PPCMMU_TEST_ENV_H
#define PPCMMU_TEST_ENV_H

#include "include/arch.h"
#include "tests/target/report.h"
#include "tlb/fault.h"

#define TEST_KVA	(layout.kmap_start)	/* first kernel test address */
#define ALIAS_VA	(layout.kmap_last + 1 - 4096)	/* the last kmap page: a window onto RAM */
#define TEST_UVA	0x10000000u	/* user data */
#define USER_CODE_VA	0x00400000u	/* where the user routines are mapped */

#define KPROT_RW	(PROT_READ | PROT_WRITE)
#define UPROT_RW	(PROT_READ | PROT_WRITE | PROT_USER)

/* Instructions of "li r3, 42; blr", written into pages that tests execute. */
#define INSN_LI_R3_42	0x3860002au
#define INSN_BLR	0x4e800020u

paddr_t test_page(void);			/* a zeroed 4 KB physical page */
void test_page_free(paddr_t pa);
uint32_t *lin(paddr_t pa);			/* the page through the linear map */
/* The last word below end keeps what is written to it through the linear map: RAM is there. */
bool ram_answers_below(paddr_t end);
uint32_t peek(vaddr_t va);
/* The number of the command line's key=N (strtoul, base 0), or def. */
unsigned long cmdline_number(const char *key, unsigned long def);
void poke(vaddr_t va, uint32_t v);
uint32_t call_at(vaddr_t va);			/* call code at va, return its r3 */
/* Write "li r3, 42; blr" at code and make the instruction cache see it. */
void put_li42(uint32_t *code);

/* Misses counted by the handlers since the last tlb_flush_all() in counted(). */
void counted_begin(void);			/* flush the TLBs and snapshot the counters */
uint32_t dmisses(void);
uint32_t imisses(void);

/* A user address space with the user routines mapped at USER_CODE_VA; MMU_EPID for pid 0. */
int user_space_init(struct mm *mm, unsigned int pid);
/*
 * Spaces a and b (ids pid_a, pid_b), each with its own page (pa, pb, whose
 * first words become wa, wb) at TEST_UVA read-write for the user; then the
 * TLB is flushed and each space loads its word through user_load_word (into
 * *ra, *rb).
 */
void two_spaces_load(struct mm *a, unsigned int pid_a, paddr_t pa, uint32_t wa, uint32_t *ra,
		     struct mm *b, unsigned int pid_b, paddr_t pb, uint32_t wb, uint32_t *rb);
/* Undo two_spaces_load(): unmap both pages, destroy both spaces, free the pages. */
void two_spaces_end(struct mm *a, paddr_t pa, struct mm *b, paddr_t pb);
void user_space_destroy(struct mm *mm);
vaddr_t user_routine(const void *sym);

extern const char user_load_word[], user_store_word[], user_call_at[], user_return_42[], user_sweep[], user_spin[],
	user_read_sprgs[], user_r1_fault[], user_r1_sc[];

/* This core's fix-up counters (fault_fixup_counts()). */
static inline struct fault_fixup_counts fixups_here(void)
{
	struct fault_fixup_counts c;

	fault_fixup_counts(&c);
	return c;
}

#endif
