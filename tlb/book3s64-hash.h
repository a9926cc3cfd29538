/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64: the hashed page table (HPT), the SLB and the hash-fault path
 * (tlb/book3s64-hash.c), for the boot code, the monitor and the tests.
 */
#ifndef PPCMMU_TLB_BOOK3S64_HASH_H
#define PPCMMU_TLB_BOOK3S64_HASH_H

/*
 * The assembly paths (tlb/book3s64-miss.S) share with C each core's state,
 * struct b3_core (SPRG1 holds its address on that core, B3_CORE_*): the
 * paths' register save areas, the page the hash path resolved last, the
 * SLB's shadow (B3_SLB_*: one 16-byte entry per SLB index), the next index
 * to fill and the count of valid 1T entries, and the spaces the paths
 * serve (B3_SPACE_USER: the user space of the user_call() this core runs,
 * PGD 0 when none; B3_SPACE_KERNEL: kernel_mm), each its PGD (physical:
 * the paths walk in real mode) and VSID context; and its counters
 * (B3_STAT_*).
 */
#define B3_MAX_CORES		2		/* QEMU's powernv8 with -smp 2 */
#define B3_CORE_SLB_SAVE	0		/* 14 doublewords: the segment path's */
#define B3_CORE_HASH_SAVE	112		/* 17: the hash path's */
#define B3_CORE_HASH_LAST	248		/* its last page (EA >> 12), ~0: none */
#define B3_CORE_SLB_NEXT	256
#define B3_CORE_SLB_TERA	264
#define B3_CORE_SPACES		272		/* 2 spaces of B3_SPACE_BYTES */
#define B3_CORE_SLB		304		/* SLB_ENTRIES shadow entries */
#define B3_CORE_EXC_STACK	816		/* the top of its exception stack for user mode */
#define B3_CORE_HPT		824		/* copies of the HPT's address, its group mask, the HPT lock's address */
#define B3_CORE_HASH_MASK	832
#define B3_CORE_HPT_LOCK	840
#define B3_CORE_STATS		848		/* struct b3_counts, B3_STAT_* into it */
#define B3_CORE_PROBE_SITE	928		/* a test's stop (b3_probe()): where, until when, stopped now */
#define B3_CORE_PROBE_UNTIL	936
#define B3_CORE_PROBE_STOPPED	944
#define B3_EXC_STACK_BYTES	32768		/* a core's exception stack (boot/book3s64-vectors.S) */
/*
 * Probe sites: where a test may stop a core between two steps of a path
 * while another core acts (the tests of the windows between cores).  The
 * assembly one is live only while a test has patched a branch to
 * b3_probe_stop over its instruction (tlb/book3s64-miss.S); the C ones
 * cost a load and a compare.
 */
#define B3_PROBE_ASM_RECORD	1	/* hash path: the lock held, the head read again, before the record */
#define B3_PROBE_C_RECORD	2	/* C hash miss: the same */
#define B3_PROBE_FLUSH		3	/* invalidation: before the lock and the record's read */
#define B3_SLB_VALID		0	/* byte */
#define B3_SLB_TERA		1	/* byte */
#define B3_SLB_ESID		8	/* doubleword */
#define B3_SLB_BYTES		16
#define B3_STAT_SLB_MISS	0
#define B3_STAT_DATA		48
#define B3_STAT_INST		56
#define B3_STAT_HASH_MISS	8
#define B3_STAT_INSERTS		24
#define B3_SPACE_PGD		0
#define B3_SPACE_CONTEXT	8
#define B3_SPACE_BYTES		16
#define B3_SPACE_USER		0
#define B3_SPACE_KERNEL		1
/*
 * User spaces: space pid has VSID context B3_CONTEXT_USER_BASE + pid (the
 * kernel's are below), and a context must fit the 19 bits the VSID rule
 * leaves it (its proto-VSID is context << 18 | ESID for 256M segments).
 */
#define B3_CONTEXT_USER_BASE	3
#define B3_CONTEXT_BITS		19
#define B3_USER_PID_MAX		((1u << B3_CONTEXT_BITS) - 2 - B3_CONTEXT_USER_BASE)	/* the last context would make VSID 0 */

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "mmu/mmu.h"
#include "include/book3s64/frame.h"
#include "include/book3s64/hash.h"

struct b3_slb_shadow {
	uint8_t valid;
	uint8_t tera;
	uint8_t pad[6];
	uint64_t esid;			/* the EA with the offset bits clear */
};

struct b3_space {
	uint64_t pgd_pa;		/* physical, 0: no such space now */
	uint64_t context;
};

struct b3_counts {
	unsigned long slb_miss, hash_miss, evictions, inserts, invalidates, refused;
	unsigned long data_resolved, inst_resolved;
	unsigned long slb_miss_c;	/* segment misses the C path resolved (the rest: assembly) */
	unsigned long hash_miss_c;	/* hash misses the C path resolved (the rest: assembly) */
};

struct b3_core {
	uint64_t slb_save[14];
	uint64_t hash_save[17];
	uint64_t hash_last;
	uint64_t slb_next;
	uint64_t slb_tera;		/* valid 1T entries */
	struct b3_space spaces[2];	/* B3_SPACE_USER, B3_SPACE_KERNEL */
	struct b3_slb_shadow slb[SLB_ENTRIES];
	uint64_t exc_stack_top;		/* user-mode interrupts build their frame below it */
	uint64_t hpt_va, hpt_mask, hpt_lockp;	/* read-only copies, one load each for the paths */
	struct b3_counts stats;		/* this core's (b3_counts() adds the cores up) */
	/* a test's stop at one probe site (b3_probe(), b3_probe_stop): B3_PROBE_*, time base deadline, 1 while stopped */
	volatile uint64_t probe_site, probe_until, probe_stopped;
	/* C only: the fault path's repeat check (fault_is_progress()), the page whose HPTE went in last */
	vaddr_t last_page;
	unsigned int repeats;
	/*
	 * C only: an idle secondary's naps (boot/book3s64-setup.c): how many
	 * it began, whether it is in one now, how many a hypervisor doorbell
	 * ended, and the last wake's SRR1 (its reason); doorbells taken as an
	 * interrupt (no nap to end: boot/book3s64-trap.c).
	 */
	volatile uint64_t naps, doorbell_wakes, wake_srr1, stray_doorbells;
	volatile uint32_t napping;
};

extern struct b3_core b3_cores[B3_MAX_CORES];

/* This core's state (SPRG1). */
static inline struct b3_core *b3_core_me(void)
{
	struct b3_core *c;

	__asm__ volatile("mfspr %0, %1" : "=r"(c) : "i"(SPRN_SPRG1));
	return c;
}

/* Core i's state emptied (no segment, no user space, round robin from entry 1), for a core to take. */
struct b3_core *b3_core_prepare(unsigned int i);
/* ... and taken by this core: its address into SPRG1, where the fault paths read it (start-up). */
void b3_core_init(unsigned int i);

/* Segment and page of one translation: what an SLB entry and an HPTE encode. */
struct b3_seg {
	bool tera;		/* a 1T segment (else 256M) */
	uint64_t vsid;
	unsigned int base_shift;	/* the segment's base page size: 12, 24 or 34 */
};

struct b3_hpt_info {
	paddr_t base;
	uint64_t bytes, groups, sdr1;
	unsigned int bolted;		/* bolted HPTEs (the linear map) */
};

/* The HPT sized from RAM (Linux's rule: a group per two 4K pages), SDR1, the linear map bolted, translation on. */
void b3_hash_init(paddr_t ram);
/* The start-up line about the HPT and the SLB. */
void b3_hash_report(void);
void b3_hpt_info(struct b3_hpt_info *info);

/* A segment or hash miss (DSI, ISI, data/instruction segment): true if handled (retry the access). */
bool b3_hash_fault(struct b3_regs *r);
/* After b3_hash_fault() refused a fault at ea: is a page mapped there (whose rights refused it)? */
bool b3_fault_has_leaf(vaddr_t ea);

/* User mode begins in mm: the assembly paths serve its addresses (an mm over 0..B3_USER_LAST). */
void b3_user_space(const struct mm *mm);
/* User mode ends: no user segment stays in the SLB (the kernel sees no user address). */
void b3_user_leave(void);

/* The VSID of a segment: the rule of docs/hw/book3s64-hash.md. */
uint64_t b3_vsid(unsigned int context, vaddr_t ea, bool tera);
/* Group (primary if !secondary) of a page: byte offset of its group in the HPT. */
uint64_t b3_hash(const struct b3_seg *s, vaddr_t ea);
/* The HPTE words for a page of 1 << shift at ea -> pa in segment s, rights from the Linux PTE. */
uint64_t b3_hpte_v(const struct b3_seg *s, vaddr_t ea, unsigned int shift);
uint64_t b3_hpte_r(paddr_t pa, unsigned int shift, uint64_t pte);

/* HPTE i of group g (for the monitor and tests). */
bool b3_hpte_read(uint64_t group, unsigned int slot, uint64_t *v, uint64_t *r);
/* Find the HPTE that translates ea now, if any: its group, slot, words, and the segment. */
bool b3_hpte_find(vaddr_t ea, uint64_t *group, unsigned int *slot, uint64_t *v, uint64_t *r,
		  struct b3_seg *seg);
/* This core's TLB emptied (tlbiel of every set). */
void b3_tlb_flush_local(void);
/* The HPT (linear-map address) and its group mask, as the fault paths use them. */
extern uint8_t *b3_hpt;
extern uint64_t b3_hash_mask;
/* The HPT lock (the fault paths' and C's inserts and removals): its word (0 free), taken, spinning; given back. */
extern volatile uint32_t b3_hpt_lock;
void b3_hpt_lock_take(void);
void b3_hpt_lock_give(void);
/* HPTEs that translate ea in space pid (0: the kernel's), at any size: more than 1 is a multi-hit. */
unsigned int b3_hpte_count(vaddr_t ea, unsigned int pid);
/* SLB entry i (slbmfee/slbmfev). */
void b3_slb_read(unsigned int i, uint64_t *esid, uint64_t *vsid);

/*
 * A test's stop: if this core's probe_site is site and its probe_until set,
 * probe_stopped = 1 until another core clears probe_until or the time base
 * passes it (then both are cleared).
 */
void b3_probe(unsigned int site);

/* The counters of every core added up. */
void b3_counts(struct b3_counts *c);
/* kernel_mm exists: the assembly paths walk it. */
void b3_kernel_space(void);

_Static_assert(offsetof(struct b3_slb_shadow, tera) == B3_SLB_TERA &&
	       offsetof(struct b3_slb_shadow, esid) == B3_SLB_ESID &&
	       sizeof(struct b3_slb_shadow) == B3_SLB_BYTES &&
	       offsetof(struct b3_counts, slb_miss) == B3_STAT_SLB_MISS &&
	       offsetof(struct b3_counts, hash_miss) == B3_STAT_HASH_MISS &&
	       offsetof(struct b3_counts, inserts) == B3_STAT_INSERTS &&
	       offsetof(struct b3_counts, data_resolved) == B3_STAT_DATA &&
	       offsetof(struct b3_counts, inst_resolved) == B3_STAT_INST &&
	       offsetof(struct b3_space, context) == B3_SPACE_CONTEXT && sizeof(struct b3_space) == B3_SPACE_BYTES &&
	       offsetof(struct b3_core, hash_save) == B3_CORE_HASH_SAVE &&
	       offsetof(struct b3_core, hash_last) == B3_CORE_HASH_LAST &&
	       offsetof(struct b3_core, slb_next) == B3_CORE_SLB_NEXT &&
	       offsetof(struct b3_core, slb_tera) == B3_CORE_SLB_TERA &&
	       offsetof(struct b3_core, spaces) == B3_CORE_SPACES && offsetof(struct b3_core, slb) == B3_CORE_SLB &&
	       offsetof(struct b3_core, exc_stack_top) == B3_CORE_EXC_STACK &&
	       offsetof(struct b3_core, hpt_va) == B3_CORE_HPT && offsetof(struct b3_core, hpt_mask) == B3_CORE_HASH_MASK &&
	       offsetof(struct b3_core, hpt_lockp) == B3_CORE_HPT_LOCK &&
	       offsetof(struct b3_core, stats) == B3_CORE_STATS &&
	       offsetof(struct b3_core, probe_site) == B3_CORE_PROBE_SITE &&
	       offsetof(struct b3_core, probe_until) == B3_CORE_PROBE_UNTIL &&
	       offsetof(struct b3_core, probe_stopped) == B3_CORE_PROBE_STOPPED,
	       "shadow, counters, spaces and per-core state as the assembly reads them");
#endif

#endif
