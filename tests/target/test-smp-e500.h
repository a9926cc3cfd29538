/* SPDX-License-Identifier: BSD-2-Clause */
/* The multicore tests (test-smp-e500.c), run from the e500 table. */
#ifndef PPCMMU_TEST_SMP_E500_H
#define PPCMMU_TEST_SMP_E500_H

void test_smp_cores_up(void);
void test_smp_own_misses(void);
void test_smp_tlbivax(void);
void test_smp_unmap(void);
void test_smp_protect(void);
void test_smp_huge(void);
void test_smp_pid_reuse(void);
void test_smp_call_bound(void);
void test_smp_call_withdrawn(void);
void test_smp_fixup_race(void);
void test_smp_fixup_counts(void);
void test_smp_race(void);
/*
 * Valid entries of this core's TLB0 and TLB1 that translate va for TID tid
 * (global ones included): more than one is a multi-hit.
 */
unsigned int tlb_entries_covering(vaddr_t va, unsigned int tid);
void test_smp_race_long(void);
void test_smp_busy_flush(void);
void test_smp_boot_dirty(void);
void test_smp_range_shootdown(void);
void test_smp_wait_call(void);
void test_smp_tlb1_first_slot(void);
void test_smp_fault_counts(void);
void test_smp_lock_bound(void);
void test_smp_doze_bound(void);
/* test-smp-user.c */
void test_smp_user_spaces(void);
void test_smp_user_move(void);
void test_smp_user_unmap_running(void);
void test_smp_user_shootdown_mask(void);
/* test-smp-tables.c */
void test_smp_table_free(void);
void test_smp_table_free_long(void);

#endif
