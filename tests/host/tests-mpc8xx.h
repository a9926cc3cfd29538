/* SPDX-License-Identifier: BSD-2-Clause */
/* Raw access to MPC8xx tables for the 8xx host tests (4-byte big-endian entries). */
#ifndef PPCMMU_TESTS_8XX_H
#define PPCMMU_TESTS_8XX_H

#include "check.h"

#define M8_BYTES	4096u	/* PGD and PTE table */

uint32_t m8_pmd(const struct mm *mm, vaddr_t va);
/* The table a PMD points to, from its physical address (NULL if none). */
unsigned char *m8_table(const struct mm *mm, vaddr_t va);
uint32_t m8_pte(const struct mm *mm, vaddr_t va);
void m8_put(unsigned char *table, unsigned int index, uint32_t v);
void m8_kernel_mm(struct mm *mm);
/*
 * The whole PGD and the page's tables equal one page of size at va, pa, with
 * flags in every slot and pmd_flags in its PMDs, tables from 0x01001000.
 */
bool m8_page_bytes(const struct mm *mm, vaddr_t va, paddr_t pa, uint32_t size,
		   uint32_t flags, uint32_t pmd_flags);

#endif
