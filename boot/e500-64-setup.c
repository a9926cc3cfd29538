/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 in 64-bit mode (e5500, e6500): the board after start-up
 * (boot/e500-64-start.S): CCSR and the console, the device tree, RAM, the
 * rest of the linear map, the page allocator, kernel_mm (Linux's 64e
 * four-level table, mmu/pgtable-e500.c), then kernel_main().  Also what
 * arch.h asks of a family, for the part of the kernel this family runs so
 * far: one core, kernel mode only; a TLB miss the handlers of
 * tlb/e500-64-miss.S refuse reaches e64_trap, which reports it (or resumes
 * after it when a test declared it).
 */
#include <stdio.h>
#include <string.h>
#include "include/arch.h"
#include "include/kernel.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/e64.h"
#include "e500/e64-frame.h"
#include "drivers/ns16550.h"
#include "lib/fdt.h"
#include "e500/spin-table.h"
#include "lib/kprintf.h"
#include "mmu/pte-e500.h"
#include "tlb/fault.h"
#include "tests/target/env.h"
#include "e500/e64-tlb.h"
#include "tlb/e500-mas-prot.h"

#define GPIO_GPDIR	0xff000		/* CCSR offsets: ppce500's power-off GPIO */
#define GPIO_GPDAT	0xff008
#define GPIO_PIN0	0x80000000u
#define GUTS_RSTCR	0xe00b0
#define RSTCR_HRESET_REQ 0x2
#define RAM_MAX		((paddr_t)E64_LINEAR_ENTRIES * E64_LINEAR_ENTRY_BYTES)
#define MB(bytes)	((unsigned long)((bytes) >> 20))

void e64_start(uint64_t dt_phys, unsigned int tlb1_n);
void e64_trap(struct e64_regs *r);

static unsigned int tlb1_entries;
static paddr_t ccsr_pa;
static paddr_t console_pa;	/* the UART the console uses */
static uint32_t page_bitmap[RAM_MAX / 4096 / 32];

static inline void mtspr_mas(unsigned int n, uint64_t v)
{
	switch (n) {
	case 0: __asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS0), "r"(v)); break;
	case 1: __asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS1), "r"(v)); break;
	case 2: __asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS2), "r"(v)); break;
	case 3: __asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS3), "r"(v)); break;
	case 7: __asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS7), "r"(v)); break;
	}
}

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })

/* Fixed TLB1 entry `fixed' (counted down from the last slot): va -> pa, IPROT. */
static void tlb1_pin(unsigned int fixed, uint64_t va, paddr_t pa, unsigned int tsize,
		     unsigned int wimge, unsigned int perms)
{
	unsigned int slot = tlb1_entries - 1 - fixed;

	mtspr_mas(0, MAS0_TLBSEL1 | (uint64_t)slot << MAS0_ESEL_SHIFT);
	mtspr_mas(1, MAS1_VALID | MAS1_IPROT | (uint64_t)tsize << MAS1_TSIZE_SHIFT);
	mtspr_mas(2, va | wimge);
	mtspr_mas(3, (pa & MAS3_RPN_MASK) | perms);
	mtspr_mas(7, pa >> 32);
	__asm__ volatile("isync; tlbwe; isync" : : : "memory");
}

/* Fixed TLB1 entry `fixed' invalidated (its IPROT goes with it). */
static void tlb1_clear_fixed(unsigned int fixed)
{
	unsigned int slot = tlb1_entries - 1 - fixed;

	mtspr_mas(0, MAS0_TLBSEL1 | (uint64_t)slot << MAS0_ESEL_SHIFT);
	mtspr_mas(1, 0);
	mtspr_mas(2, 0);
	mtspr_mas(3, 0);
	__asm__ volatile("isync; tlbwe; isync" : : : "memory");
}

static volatile uint8_t *ccsr(uint32_t offset)
{
	return (volatile uint8_t *)(uintptr_t)(E64_CCSR_VA + offset);
}

static const char *start_console(paddr_t uart)
{
	console_pa = uart;
	ccsr_pa = uart & ~(paddr_t)(E64_CCSR_SIZE - 1);
	tlb1_pin(E64_TLB1_CCSR, E64_CCSR_VA, ccsr_pa, E64_CCSR_TSIZE, MAS2_I | MAS2_G,
		 MAS3_SR | MAS3_SW);
	return ns16550_init(ccsr((uint32_t)(uart - ccsr_pa)));
}

void console_putc(char c)
{
	if (!ns16550_putc(c))
		arch_exit(EXIT_NO_CONSOLE);
}

int console_getc(void)
{
	return ns16550_getc();
}

void console_drain(void)
{
	ns16550_drain();
}

static const char *core_name(void)
{
	switch (mfspr(SPRN_PVR) >> 16) {
	case 0x8024: return "e5500";
	case 0x8040: return "e6500";
	default: return "e500 64-bit core";
	}
}

/* The device tree (whole, in the first linear entry) or board.cfg's values. */
static struct fdt_facts dt_facts;	/* what the device tree says, when *dt_size */

static const char *read_device_tree(uint64_t dt_phys, uint32_t *dt_size)
{
	struct fdt_facts f;
	size_t room = dt_phys < E64_LINEAR_ENTRY_BYTES ? E64_LINEAR_ENTRY_BYTES - dt_phys : 0;
	const char *note, *why;
	uint64_t ram;

	layout.ram_size = BOARD_RAM_BYTES;
	*dt_size = 0;
	if (!room || fdt_read_facts(phys_to_virt(dt_phys), room, &f) != 0)
		return BOARD_BOOTARGS;
	*dt_size = f.size;
	dt_facts = f;
	if (f.have_uart && f.uart_pa != BOARD_CONSOLE_PA && (why = start_console(f.uart_pa))) {
		start_console(BOARD_CONSOLE_PA);
		kprintf("ppcmmu: console: the device tree's UART does not answer (%s): board.cfg's used\n",
			why);
	}
	if (fdt_ram_size(&f, BOARD_RAM_BYTES, &ram, &note))
		panic("device tree at 0x%lx: %s", (unsigned long)dt_phys, note);
	if (note)
		kprintf("ppcmmu: device tree at 0x%lx: %s\n", (unsigned long)dt_phys, note);
	layout.ram_size = ram;
	return f.bootargs && f.bootargs[0] ? f.bootargs : BOARD_BOOTARGS;
}

/* ---- cores ---- */

/*
 * Each core's state, written by the core itself (online, its MSR, EPCR and
 * PIR) and its call mailbox: the boot core posts fn(arg) by bumping seq, the
 * core runs it and answers with done = seq.  Every field is read and written
 * whole with msync between them.
 */
struct e64_cpu {
	volatile uint32_t online;
	volatile uint64_t msr, epcr, pir;
	uint64_t (*volatile fn)(uint64_t arg);
	volatile uint64_t arg, result;
	volatile uint32_t seq, done;
};

static struct e64_cpu cpus[ARCH_MAX_CPUS];
static unsigned int cpus_online = 1;

extern const char e64_secondary_entry[];	/* code, not a C function: no descriptor */
void e64_secondary_start(unsigned int index);

#define TB_HZ		400000000ull	/* QEMU's e500 time base; a bound, not a measurement */
#define RELEASE_WAIT	(TB_HZ / 2)	/* half a second for a core to say it is up */

static void set_miss_context(void)
{
	uint64_t ineed = PTE_NEED_KERNEL_EXEC, dneed = PTE_NEED_KERNEL_READ, none = 0;

	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_SPRG0), "r"(none));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_SPRG1), "r"(ineed));
	__asm__ volatile("mtspr %0, %1; isync" : : "i"(SPRN_SPRG2), "r"(dneed) : "memory");
}

/* A secondary core in C, 64-bit mode: say so, then serve its mailbox for good. */
void e64_secondary_start(unsigned int index)
{
	struct e64_cpu *c = &cpus[index];
	uint64_t msr;

	set_miss_context();
	__asm__ volatile("mfmsr %0" : "=r"(msr));
	c->msr = msr;
	c->epcr = mfspr(SPRN_EPCR);
	c->pir = mfspr(SPRN_PIR);
	__asm__ volatile("msync" : : : "memory");
	c->online = 1;
	__asm__ volatile("msync" : : : "memory");
	for (;;) {
		uint32_t seq = c->seq;

		if (seq == c->done)
			continue;
		__asm__ volatile("isync" : : : "memory");
		c->result = c->fn(c->arg);
		__asm__ volatile("msync" : : : "memory");
		c->done = seq;
		__asm__ volatile("msync" : : : "memory");
	}
}

/* Run fn(arg) on core cpu; false if it is not online or did not answer within a second. */
bool e64_cpu_call(unsigned int cpu, uint64_t (*fn)(uint64_t), uint64_t arg, uint64_t *result)
{
	struct e64_cpu *c = &cpus[cpu];
	uint64_t t0 = timebase_read();
	uint32_t seq;

	if (cpu >= ARCH_MAX_CPUS || !c->online || cpu == arch_this_cpu())
		return false;
	c->fn = fn;
	c->arg = arg;
	seq = c->seq + 1;
	__asm__ volatile("msync" : : : "memory");
	c->seq = seq;
	__asm__ volatile("msync" : : : "memory");
	while (c->done != seq)
		if (timebase_read() - t0 > TB_HZ)
			return false;
	__asm__ volatile("isync" : : : "memory");
	*result = c->result;
	return true;
}

/* What core cpu said of itself when it came up (false if it is not online). */
bool e64_cpu_state(unsigned int cpu, uint64_t *msr, uint64_t *epcr, uint64_t *pir)
{
	if (cpu >= ARCH_MAX_CPUS || !cpus[cpu].online)
		return false;
	*msr = cpu ? cpus[cpu].msr : 0;
	*epcr = cpu ? cpus[cpu].epcr : mfspr(SPRN_EPCR);
	*pir = cpu ? cpus[cpu].pir : mfspr(SPRN_PIR);
	if (!cpu)
		__asm__ volatile("mfmsr %0" : "=r"(*msr));
	return true;
}

/*
 * Every core the device tree lists with a spin table: its entry mapped
 * through the fixed TLB1 entry E64_TLB1_SPIN, released to
 * e64_secondary_entry with r3 = its index, and waited for (bounded).  A core
 * that does not come up is said and left out.
 */
static void start_secondaries(void)
{
	unsigned int i, n = dt_facts.ncpus < ARCH_MAX_CPUS ? dt_facts.ncpus : ARCH_MAX_CPUS;
	uint64_t boot_pir = mfspr(SPRN_PIR);

	cpus[0].online = 1;
	for (i = 0; i < n; i++) {
		const struct fdt_cpu *fc = &dt_facts.cpus[i];
		unsigned int index = cpus_online;
		volatile uint32_t *e;
		uint64_t t0;

		if (fc->id == boot_pir)
			continue;
		if (!fc->spin_table) {
			kprintf("ppcmmu: cpu %u (id %u): no spin table in the device tree: not started\n", i, fc->id);
			continue;
		}
		tlb1_pin(E64_TLB1_SPIN, E64_SPIN_VA, fc->release_addr & ~(paddr_t)0xfff, TSIZE_4K,
			 MAS2_I | MAS2_G, MAS3_SR | MAS3_SW);
		e = (volatile uint32_t *)(uintptr_t)(E64_SPIN_VA + (fc->release_addr & 0xfff));
		spin_table_release(e, index, virt_to_phys(e64_secondary_entry));
		t0 = timebase_read();
		while (!cpus[index].online && timebase_read() - t0 < RELEASE_WAIT)
			;
		if (!cpus[index].online) {
			kprintf("ppcmmu: cpu %u (id %u) did not come up within half a second of its release\n",
				i, fc->id);
			continue;
		}
		cpus_online++;
		kprintf("ppcmmu: cpu %u (PIR %lu) up in 64-bit mode (MSR 0x%08lx)\n", index,
			(unsigned long)cpus[index].pir, (unsigned long)cpus[index].msr);
	}
	tlb1_clear_fixed(E64_TLB1_SPIN);
}

/*
 * What the miss handlers (tlb/e500-64-miss.S) read: the kernel PGD in their
 * data block, and the kernel context in SPRG0..2: no user space, and the
 * PTE bits a fetch and a data access need in kernel mode.
 */
extern uint64_t e64_miss_data[];

static void miss_context_kernel(void)
{
	e64_miss_data[0] = (uint64_t)(uintptr_t)kernel_mm.pgd;
	__asm__ volatile("msync" : : : "memory");
	set_miss_context();
}

void e64_start(uint64_t dt_phys, unsigned int tlb1_n)
{
	uint32_t dt_size;
	int pool_err;
	unsigned int i;

	tlb1_entries = tlb1_n;
	if (start_console(BOARD_CONSOLE_PA))
		arch_exit(EXIT_NO_CONSOLE);
	layout.bootargs = read_device_tree(dt_phys, &dt_size);
	if (layout.ram_size > RAM_MAX) {
		kprintf("ppcmmu: RAM: %lu MB claimed; the linear map covers %lu MB: capped\n",
			MB(layout.ram_size), MB(RAM_MAX));
		layout.ram_size = RAM_MAX;
	}
	for (i = 1; i < E64_LINEAR_ENTRIES && i * (paddr_t)E64_LINEAR_ENTRY_BYTES < layout.ram_size; i++)
		tlb1_pin(E64_TLB1_LINEAR0 + i, KERNEL_VA + i * (uint64_t)E64_LINEAR_ENTRY_BYTES,
			 i * (paddr_t)E64_LINEAR_ENTRY_BYTES, E64_LINEAR_TSIZE, MAS2_M,
			 MAS3_SR | MAS3_SW | MAS3_SX);
	kmem_set_layout(core_name(), RAM_MAX, E64_KMAP_START, E64_KMAP_LAST, E64_USER_LAST);
	pool_err = kmem_start_memory(page_bitmap, RAM_MAX, dt_phys, dt_size);
	miss_context_kernel();
	kprintf("ppcmmu: %s in 64-bit mode (MSR 0x%08lx, EPCR 0x%08lx), %lu MB RAM\n", core_name(),
		(unsigned long)({ uint64_t m; __asm__ volatile("mfmsr %0" : "=r"(m)); m; }),
		(unsigned long)mfspr(SPRN_EPCR), MB(layout.ram_size));
	kmem_check_pool(pool_err);
	if (dt_size)
		start_secondaries();
	kernel_main();
}

static const char *const vector_names[38] = {
	[0] = "critical input", [1] = "machine check", [2] = "data storage", [3] = "instruction storage",
	[4] = "external input", [5] = "alignment", [6] = "program", [7] = "FP unavailable",
	[8] = "system call", [9] = "AP unavailable", [10] = "decrementer", [11] = "fixed-interval timer",
	[12] = "watchdog", [13] = "data TLB error", [14] = "instruction TLB error", [15] = "debug",
	[35] = "performance monitor", [36] = "doorbell", [37] = "critical doorbell",
};

static const char *vector_name(uint64_t v)
{
	return v < 38 && vector_names[v] ? vector_names[v] : "?";
}

static size_t dump_regs(const struct e64_regs *r, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i;

	n += (size_t)snprintf(buf + n, len - n, "  SRR0 %016lx SRR1 %016lx DEAR %016lx ESR %08lx\n"
			      "  LR   %016lx CTR  %016lx CR   %08lx XER %08lx",
			      (unsigned long)r->srr0, (unsigned long)r->srr1, (unsigned long)r->dear,
			      (unsigned long)r->esr, (unsigned long)r->lr, (unsigned long)r->ctr,
			      (unsigned long)r->cr, (unsigned long)r->xer);
	for (i = 0; i < 32 && n < len; i += 4)
		n += (size_t)snprintf(buf + n, len - n, "\n  r%-2u %016lx %016lx %016lx %016lx", i,
				      (unsigned long)r->gpr[i], (unsigned long)r->gpr[i + 1],
				      (unsigned long)r->gpr[i + 2], (unsigned long)r->gpr[i + 3]);
	return n;
}

/*
 * A TLB miss the handler refused or a storage fault, in the kernel.  One a test or the monitor declared (expect_fault)
 * resumes after the access (a fetch: at LR, the caller of the code); any
 * other is reported and abandons the test or command (fault_unexpected).
 */
static void e64_fault(struct e64_regs *r, enum fault_kind kind, vaddr_t addr)
{
	static char text[2048];
	struct fault_record f = {
		.kind = kind, .vector = (uint32_t)r->vector, .addr = addr, .pc = r->srr0,
		.cause = (uint32_t)r->esr, .store = (r->esr & ESR_ST) != 0, .user = (r->srr1 & MSR_PR) != 0,
	};

	if (fault_expected(&f)) {
		r->srr0 = kind == FAULT_TLB_INST || kind == FAULT_PROT_INST ? r->lr : r->srr0 + 4;
		return;
	}
	snprintf(text, sizeof(text), "vector %lu (%s)\n", (unsigned long)r->vector, vector_name(r->vector));
	dump_regs(r, text + strlen(text), sizeof(text) - strlen(text));
	fault_unexpected(&f, text);
	panic("fault_unexpected returned");
}

/* Every interrupt: a kernel TLB miss or storage fault goes to e64_fault, anything else ends the run. */
void e64_trap(struct e64_regs *r)
{
	static char text[2048];

	switch (r->vector) {
	case 2:
		e64_fault(r, FAULT_PROT_DATA, r->dear);
		return;
	case 3:
		e64_fault(r, FAULT_PROT_INST, r->srr0);
		return;
	case 13:
		e64_fault(r, FAULT_TLB_DATA, r->dear);
		return;
	case 14:
		e64_fault(r, FAULT_TLB_INST, r->srr0);
		return;
	default:
		break;
	}
	dump_regs(r, text, sizeof(text));
	kprintf("\nppcmmu: unexpected interrupt: vector %lu (%s)\n%s\n", (unsigned long)r->vector,
		vector_name(r->vector), text);
	arch_exit(1);
}

void __attribute__((noreturn)) arch_exit(int status)
{
	(void)status;
	console_drain();
#ifdef BOARD_EXIT_GPIO
	*(volatile uint32_t *)ccsr(GPIO_GPDIR) = GPIO_PIN0;
	*(volatile uint32_t *)ccsr(GPIO_GPDAT) = GPIO_PIN0;
#else
	*(volatile uint32_t *)ccsr(GUTS_RSTCR) = RSTCR_HRESET_REQ;
#endif
	for (;;)
		__asm__ volatile("wait" : : : "memory");
}

unsigned int arch_this_cpu(void)
{
	return (unsigned int)mfspr(SPRN_PIR);
}

unsigned int arch_cpus(void)
{
	return cpus_online;
}

/* ---- TLB ---- */

static void tlb_sync(void)
{
	__asm__ volatile("isync; msync" : : : "memory");
}

/* TLB0 and every TLB1 entry without IPROT (the fixed ones keep theirs). */
void tlb_flush_all(void)
{
	uint64_t v = MMUCSR0_TLB0_FI | MMUCSR0_TLB1_FI;

	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MMUCSR0), "r"(v) : "memory");
	while (mfspr(SPRN_MMUCSR0) & (MMUCSR0_TLB0_FI | MMUCSR0_TLB1_FI))
		;
	tlb_sync();
}

/* Every entry of either TLB that translates va, whatever its TID (tlbivax, not broadcast: one core). */
void tlb_flush_page(vaddr_t va)
{
	uint64_t ea = va & ~(uint64_t)0xfff;

	__asm__ volatile("tlbivax 0, %0; tlbivax 0, %1; msync; tlbsync; msync"
			 : : "r"(ea), "r"(ea | TLBIVAX_TLB1) : "memory");
	tlb_sync();
}

/* This core's entries for [va, va + size): page by page, or all of them for a large range. */
static void invalidate_here(vaddr_t va, vsize_t size)
{
	vsize_t off;

	if (size > 64 * 4096) {
		tlb_flush_all();
		return;
	}
	for (off = 0; off < size; off += 4096)
		tlb_flush_page(va + off);
}

struct shootdown {
	vaddr_t va;
	vsize_t size;
};

static uint64_t invalidate_remote(uint64_t arg)
{
	const struct shootdown *sd = (const struct shootdown *)(uintptr_t)arg;

	invalidate_here(sd->va, sd->size);
	return 0;
}

/*
 * Every core's entries go: here, then on every other online core through
 * its call mailbox, waited for (QEMU 7.2 does not carry a tlbivax to the
 * other cores of ppce500, measured by test e500-64-smp).  A core that does
 * not answer within its bound would keep a stale entry: the run stops.
 */
static void invalidate_everywhere(vaddr_t va, vsize_t size)
{
	struct shootdown sd = { va, size };
	unsigned int c, me = arch_this_cpu();
	uint64_t r;

	invalidate_here(va, size);
	__asm__ volatile("msync" : : : "memory");
	for (c = 0; c < cpus_online; c++)
		if (c != me && !e64_cpu_call(c, invalidate_remote, (uint64_t)(uintptr_t)&sd, &r))
			panic("TLB shootdown of 0x%016lx + 0x%lx: cpu %u did not answer", (unsigned long)va,
			      (unsigned long)size, c);
}

void mmu_tlb_invalidate(const struct mm *mm, vaddr_t va, vsize_t size)
{
	(void)mm;
	invalidate_everywhere(va, size);
}

void mmu_tlb_invalidate_mm(const struct mm *mm)
{
	(void)mm;
	invalidate_everywhere(0, ~(vsize_t)0);
}

/* tlbsx for va in address space 0 with pid: the entry that translates it, if any. */
bool tlb_lookup(vaddr_t va, unsigned int pid, struct tlb_info *t)
{
	uint64_t mas1, mas2, mas3, mas7, mas0;
	unsigned int tsize;

	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_MAS6), "r"((uint64_t)pid << MAS6_SPID_SHIFT));
	__asm__ volatile("isync; tlbsx 0, %0; isync" : : "r"(va) : "memory");
	mas0 = mfspr(SPRN_MAS0);
	mas1 = mfspr(SPRN_MAS1);
	mas2 = mfspr(SPRN_MAS2);
	mas3 = mfspr(SPRN_MAS3);
	mas7 = mfspr(SPRN_MAS7);
	memset(t, 0, sizeof(*t));
	if (!(mas1 & MAS1_VALID))
		return false;
	tsize = (unsigned int)((mas1 & MAS1_TSIZE_MASK) >> MAS1_TSIZE_SHIFT);
	t->valid = true;
	t->size = (uint32_t)(1024ull << (2 * tsize));
	t->va = (vaddr_t)(mas2 & ~(uint64_t)(t->size - 1));
	t->pa = ((mas7 & 0xff) << 32 | (mas3 & MAS3_RPN_MASK)) & ~(paddr_t)(t->size - 1);
	t->tid = (unsigned int)((mas1 & MAS1_TID_MASK) >> MAS1_TID_SHIFT);
	t->prot = mas_prot(mas2, mas3);
	t->level = (mas0 & MAS0_TLBSEL1) ? 1 : 0;
	t->raw[0] = (uint32_t)mas1;
	t->raw[1] = (uint32_t)mas2;
	t->raw[2] = (uint32_t)mas3;
	t->raw[3] = (uint32_t)mas7;
	return true;
}

/*
 * This core's misses: with CONFIG_TLB_STATS the handlers count every miss
 * that enters them in the core's pair of words after the round-robin words
 * of e64_miss_data (tlb/e500-64-miss.S); without it, none.
 */
void tlb_counts(struct tlb_counts *c)
{
#ifdef CONFIG_TLB_STATS
	extern uint64_t e64_miss_data[];
	const volatile uint32_t *pair = (const volatile uint32_t *)&e64_miss_data[1] + E64_MAX_CPUS +
					2 * (arch_this_cpu() % E64_MAX_CPUS);

	c->dmiss = pair[0];
	c->imiss = pair[1];
#else
	c->dmiss = 0;
	c->imiss = 0;
#endif
}

void icache_sync(const void *va, size_t len)
{
	uintptr_t a = (uintptr_t)va & ~(uintptr_t)63, end = (uintptr_t)va + len;

	for (; a < end; a += 64)
		__asm__ volatile("dcbst 0, %0; sync; icbi 0, %0" : : "r"(a) : "memory");
	__asm__ volatile("sync; isync" : : : "memory");
}

void page_zero(void *va, size_t len)
{
	memset(va, 0, len);
}

/* ---- faults ---- */

const char *fault_kind_name(enum fault_kind k)
{
	static const char *const names[] = {
		[FAULT_NONE] = "none", [FAULT_TLB_DATA] = "data TLB miss",
		[FAULT_TLB_INST] = "instruction TLB miss", [FAULT_PROT_DATA] = "data storage fault",
		[FAULT_PROT_INST] = "instruction storage fault", [FAULT_OTHER] = "other interrupt",
	};

	return (unsigned int)k <= FAULT_OTHER ? names[k] : "?";
}

/* No user mode in 64-bit mode yet: no user space is ever running. */
struct mm *fault_user_mm(void)
{
	return NULL;
}

/* ---- TLB geometry and entries, for the monitor and the tests ---- */

unsigned int e64_tlb1_entries(void)
{
	return tlb1_entries;
}

/* TLB0: sets and ways from TLB0CFG. */
void e64_tlb0_geometry(unsigned int *sets, unsigned int *ways)
{
	uint64_t cfg = mfspr(SPRN_TLB0CFG);

	*ways = (unsigned int)(cfg >> 24) & 0xff;
	*sets = *ways ? (unsigned int)(cfg & TLBCFG_NENTRY) / *ways : 0;
}

/*
 * The TLB1 page sizes the core reports, one bit per log2(size): MMU
 * architecture 2.0 (e6500) lists them in TLB1PS (bit n: 2^n KB); 1.0 (e5500)
 * gives the range MINSIZE..MAXSIZE of TLB1CFG in powers of 4 KB.  QEMU 7.2
 * reads MMUCFG as 0 on the e5500, which is 1.0 as well.
 */
uint64_t e64_tlb1_page_shifts(bool *mav2)
{
	uint64_t cfg = mfspr(SPRN_TLB1CFG), shifts = 0;
	unsigned int t, lo, hi;

	*mav2 = (mfspr(SPRN_MMUCFG) & MMUCFG_MAVN) == 1;
	if (*mav2) {
		uint64_t ps = mfspr(SPRN_TLB1PS);

		for (t = 0; t < 32; t++)
			if (ps & (1ull << t))
				shifts |= 1ull << (t + 10);
		return shifts;
	}
	lo = (unsigned int)(cfg >> TLBCFG_MINSIZE_SHIFT) & TLBCFG_SIZE_MASK;
	hi = (unsigned int)(cfg >> TLBCFG_MAXSIZE_SHIFT) & TLBCFG_SIZE_MASK;
	for (t = lo; t <= hi && t; t++)
		shifts |= 1ull << (2 * t + 10);
	return shifts;
}

/* Read TLB entry (tlb 0: set and way; tlb 1: esel = way) with tlbre. */
bool e64_tlb_read(unsigned int tlb, unsigned int set, unsigned int way, struct tlb_info *t)
{
	uint64_t mas0 = (tlb ? MAS0_TLBSEL1 : 0) | (uint64_t)way << MAS0_ESEL_SHIFT;
	uint64_t mas1, mas2, mas3, mas7;
	unsigned int tsize;

	mtspr_mas(0, mas0);
	mtspr_mas(2, (uint64_t)set << 12);
	__asm__ volatile("isync; tlbre; isync" : : : "memory");
	mas1 = mfspr(SPRN_MAS1);
	mas2 = mfspr(SPRN_MAS2);
	mas3 = mfspr(SPRN_MAS3);
	mas7 = mfspr(SPRN_MAS7);
	memset(t, 0, sizeof(*t));
	tsize = (unsigned int)((mas1 & MAS1_TSIZE_MASK) >> MAS1_TSIZE_SHIFT);
	t->valid = (mas1 & MAS1_VALID) != 0;
	t->size = tsize ? (uint32_t)(1024ull << (2 * tsize)) : 0;
	t->va = (vaddr_t)(mas2 & ~(uint64_t)0xfff);
	t->pa = (mas7 & 0xff) << 32 | (mas3 & MAS3_RPN_MASK);
	t->tid = (unsigned int)((mas1 & MAS1_TID_MASK) >> MAS1_TID_SHIFT);
	t->prot = mas_prot(mas2, mas3);
	t->level = tlb;
	t->raw[0] = (uint32_t)mas1;
	t->raw[1] = (uint32_t)mas2;
	t->raw[2] = (uint32_t)mas3;
	t->raw[3] = (uint32_t)mas7;
	t->raw[4] = (uint32_t)(mas2 >> 32);
	return t->valid;
}

/* What a TLB1 slot is for, by the plan of e500/e64.h. */
const char *e64_tlb1_slot_use(unsigned int slot)
{
	unsigned int fixed = tlb1_entries - 1 - slot;

	if (slot < E64_HUGE_SLOTS)
		return "huge page";
	switch (fixed) {
	case E64_TLB1_LINEAR0: return "linear map, first 1G";
	case E64_TLB1_LINEAR1: return "linear map, second 1G";
	case E64_TLB1_CCSR: return "CCSR";
	case E64_TLB1_SPIN: return "spin tables (bring-up only)";
	default: return "free";
	}
}

/* No user mode in 64-bit mode yet: a caller stops the run, saying so. */
int user_call(struct mm *mm, vaddr_t pc, vaddr_t arg, uint32_t *result)
{
	(void)mm;
	(void)arg;
	(void)result;
	panic("user_call(0x%016lx): user mode is not built for e500 in 64-bit mode yet",
	      (unsigned long)pc);
}

/* No fault fix-ups (accessed/dirty) without the miss handlers: all zero. */
void fault_fixup_counts_sum(struct fault_fixup_counts *c)
{
	memset(c, 0, sizeof(*c));
}

/* Board facts for the tests' public header (include/arch.h). */
const char *arch_board_name(void)
{
	return BOARD_NAME;
}

paddr_t arch_console_pa(void)
{
	return console_pa;
}

void arch_device_window(paddr_t *pa, uint32_t *size, const char **name)
{
	*pa = ccsr_pa;
	*size = E64_CCSR_SIZE;
	*name = "CCSR";
}
