/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What arch-neutral code (boot/main.c, tests, hugetlb/) may ask of the
 * family: TLB operations, user mode, faults, time, and ending the run.
 * Each family implements it in its own files (e500: boot/e500-*.c,
 * tlb/e500-tlb.c).
 */
#ifndef PPCMMU_ARCH_H
#define PPCMMU_ARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "mmu/mmu.h"

/* Memory layout the family chose. */
struct arch_layout {
	paddr_t ram_size;		/* bytes of RAM at physical 0 */
	paddr_t linear_size;		/* RAM mapped at linear_va by pinned entries */
	vaddr_t linear_va;		/* kernel image and page tables live here */
	vaddr_t kmap_start, kmap_last;	/* kernel addresses served by page tables */
	vaddr_t user_start, user_last;	/* user address-space range */
	const char *family;
	const char *bootargs;
};

extern struct arch_layout layout;
extern struct mm kernel_mm;

/* Cores: the running one (0: the boot core), and a bound for per-core arrays. */
#define ARCH_MAX_CPUS	8
unsigned int arch_this_cpu(void);
unsigned int arch_cpus(void);	/* cores started (1 on a one-core family) */

/* Kernel virtual address of a physical address in the linear map, and back. */
void *phys_to_virt(paddr_t pa);
paddr_t virt_to_phys(const void *va);

/* Kinds of fault the C fault path reports. */
enum fault_kind {
	FAULT_NONE = 0,
	FAULT_TLB_DATA,		/* data TLB miss the handler refused */
	FAULT_TLB_INST,		/* instruction TLB miss the handler refused */
	FAULT_PROT_DATA,	/* data access refused by a loaded entry (DSI) */
	FAULT_PROT_INST,	/* fetch refused by a loaded entry (ISI) */
	FAULT_OTHER,
};

struct fault_record {
	enum fault_kind kind;
	uint32_t vector;	/* the family's vector number */
	vaddr_t addr;		/* faulting data address, or the fetch address */
	vaddr_t pc;		/* address of the faulting instruction */
	uint32_t cause;		/* raw cause register (e500 ESR, 8xx DSISR/SRR1) */
	bool store;
	bool user;
};

const char *fault_kind_name(enum fault_kind k);

/* TLB */
void tlb_flush_all(void);
void tlb_flush_page(vaddr_t va);

struct tlb_info {
	bool valid;
	vaddr_t va;		/* effective page number (page-aligned) */
	paddr_t pa;		/* real page number (page-aligned) */
	vsize_t size;		/* page size in bytes (64-bit: e6500 TLB1 pages of 4G..1T) */
	unsigned int tid;	/* address-space id; 0 = global */
	unsigned int prot;	/* PROT_* reconstructed from the permission bits */
	unsigned int level;	/* which TLB: 0 = TLB0/4K array, 1 = TLB1/variable */
	uint32_t raw[5];	/* the family's raw words (e500: MAS1, MAS2, MAS3, MAS7, MAS8) */
};
/* Look up va as seen with address-space id pid; false if no entry. */
bool tlb_lookup(vaddr_t va, unsigned int pid, struct tlb_info *info);

struct tlb_counts {
	uint32_t dmiss;
	uint32_t imiss;
};
void tlb_counts(struct tlb_counts *c);

/* The miss handlers count misses only in a CONFIG_TLB_STATS build (make TLB_STATS=1). */
static inline bool tlb_counts_available(void)
{
#ifdef CONFIG_TLB_STATS
	return true;
#else
	return false;
#endif
}

/* Make instructions written at va visible to instruction fetch. */
void icache_sync(const void *va, size_t len);
/* Zero a page-table block of len bytes at va (page-aligned): e500 with dcbz, line by line. */
void page_zero(void *va, size_t len);

/*
 * Run user code at pc (MSR[PR]=1) in mm with r3 = arg (address-sized).  Returns 0 when the
 * code ended with a system call (its r3 in *result) or 1 when it ended with
 * a fault (recorded like any fault).  arg is an address wide (user code
 * may be handed any address).  e500: MMU_EPID, nothing run, when mm->pid is
 * 0 (the kernel's, whose entries are global) or above 255.
 */
int user_call(struct mm *mm, vaddr_t pc, vaddr_t arg, uint32_t *result);

/* Fault expectations, owned by the test framework (tests/target/report.c). */
bool fault_expected(const struct fault_record *f);
void fault_unexpected(const struct fault_record *f, const char *dump);

uint64_t timebase_read(void);

/*
 * Board facts for the tests' public header (include/ppcmmu/test.h), from the
 * family's start-up: the board.cfg section the image was built for, the
 * console's physical address, and the device window the console sits in
 * (e500: CCSR; 8xx: IMMR) as the kernel found them.
 */
const char *arch_board_name(void);
paddr_t arch_console_pa(void);
void arch_device_window(paddr_t *pa, uint32_t *size, const char **name);
void console_putc(char c);
void console_write(const char *s, size_t n);
/* A received character, or -1 if none is waiting (never waits). */
int console_getc(void);
/* Wait (bounded) until the transmitter has sent everything, before a reset or power-off. */
void console_drain(void);
void __attribute__((noreturn)) arch_exit(int status);

#endif
