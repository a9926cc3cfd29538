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
#include <string.h>
#include "include/arch.h"
#include "include/kernel.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/e64.h"
#include "drivers/ns16550.h"
#include "lib/fdt.h"
#include "e500/spin-table.h"
#include "lib/kprintf.h"
#include "mmu/pte-e500.h"
#include "tlb/fault.h"
#include "tests/target/env.h"
#include "e500/e64-tlb.h"
#include "smp/e500-64-smp.h"
#include "tlb/e500-mas-prot.h"
#include "mmu/pt-linear.h"

#define GPIO_GPDIR	0xff000		/* CCSR offsets: ppce500's power-off GPIO */
#define GPIO_GPDAT	0xff008
#define GPIO_PIN0	0x80000000u
#define GUTS_RSTCR	0xe00b0
#define RSTCR_HRESET_REQ 0x2
#define RAM_MAX		((paddr_t)E64_LINEAR_ENTRIES * E64_LINEAR_ENTRY_BYTES)
#define MB(bytes)	((unsigned long)((bytes) >> 20))

void e64_start(uint64_t dt_phys, unsigned int tlb1_n);
static void read_pid_max(void);

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

/* The linear map's entries past the first 1G (start-up pins that one), as far as RAM goes. */
static void pin_linear_rest(void)
{
	unsigned int i;

	for (i = 1; i < E64_LINEAR_ENTRIES && i * (paddr_t)E64_LINEAR_ENTRY_BYTES < layout.ram_size; i++)
		tlb1_pin(E64_TLB1_LINEAR0 + i, KERNEL_VA + i * (uint64_t)E64_LINEAR_ENTRY_BYTES,
			 i * (paddr_t)E64_LINEAR_ENTRY_BYTES, E64_LINEAR_TSIZE, MAS2_M,
			 MAS3_SR | MAS3_SW | MAS3_SX);
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

extern const char e64_secondary_entry[];	/* code, not a C function: no descriptor */
void e64_secondary_start(unsigned int index);

#define TB_HZ		400000000ull	/* QEMU's e500 time base; a bound, not a measurement */
#define RELEASE_WAIT	(TB_HZ / 2)	/* half a second for a core to say it is up */

/*
 * The per-core pages (E64_PERCPU_VA, e500/e64.h) and the empty PGD: SPRG0
 * points at it when no user space runs, so a user address in the kernel's
 * context walks to an empty PGD entry and faults, with no test of its own in
 * the miss handler.  Nothing ever writes it (bss: zero).
 */
static uint8_t percpu_pages[E64_MAX_CPUS][4096] __attribute__((aligned(4096)));
static uint64_t no_user_pgd[E500_PTRS_PER_PTE] __attribute__((aligned(4096)));

struct e64_percpu *e64_percpu_of(unsigned int cpu)
{
	return (struct e64_percpu *)percpu_pages[cpu % E64_MAX_CPUS];
}

/* Every core's page, before the first core pins its own (the PGDs come with kernel_mm). */
static void percpu_init(void)
{
	unsigned int c;

	for (c = 0; c < E64_MAX_CPUS; c++) {
		struct e64_percpu *p = e64_percpu_of(c);

		p->kmas1 = MAS1_VALID | TSIZE_4K << MAS1_TSIZE_SHIFT;
		p->tlb1_next = MAS0_TLBSEL1;
	}
}

/* This core's per-core page at E64_PERCPU_VA: before anything can take a TLB miss. */
static void percpu_pin(unsigned int cpu)
{
	tlb1_pin(E64_TLB1_PERCPU, E64_PERCPU_VA, virt_to_phys(e64_percpu_of(cpu)), TSIZE_4K, MAS2_M,
		 MAS3_SR | MAS3_SW);
}

static void set_miss_context(void)
{
	uint64_t ineed = PTE_NEED_KERNEL_EXEC, dneed = PTE_NEED_KERNEL_READ;
	uint64_t none = e64_this_cpu()->no_user_pgd;

	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_SPRG0), "r"(none));
	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_SPRG1), "r"(ineed));
	__asm__ volatile("mtspr %0, %1; isync" : : "i"(SPRN_SPRG2), "r"(dneed) : "memory");
}

/*
 * A secondary core in C, 64-bit mode: the boot core's fixed TLB1 entries
 * (each core has a TLB1 of its own; start-up pinned the first 1G only), its
 * miss context, then calls and work (smp/e500-64-smp.c).
 */
void e64_secondary_start(unsigned int index)
{
	uint64_t msr;

	percpu_pin(index);
	pin_linear_rest();
	tlb1_pin(E64_TLB1_CCSR, E64_CCSR_VA, ccsr_pa, E64_CCSR_TSIZE, MAS2_I | MAS2_G, MAS3_SR | MAS3_SW);
	set_miss_context();
	__asm__ volatile("mfmsr %0" : "=r"(msr));
	e64_smp_secondary(index, msr, mfspr(SPRN_EPCR), mfspr(SPRN_PIR));
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
	uint64_t boot_pir = mfspr(SPRN_PIR), msr, epcr, pir;

	for (i = 0; i < n; i++) {
		const struct fdt_cpu *fc = &dt_facts.cpus[i];
		unsigned int index = smp_online();
		volatile uint32_t *e;

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
		if (!e64_smp_wait_up(index, RELEASE_WAIT)) {
			kprintf("ppcmmu: cpu %u (id %u) did not come up within half a second of its release\n",
				i, fc->id);
			continue;
		}
		e64_cpu_state(index, &msr, &epcr, &pir);
		kprintf("ppcmmu: cpu %u (PIR %lu) up in 64-bit mode (MSR 0x%08lx)\n", index,
			(unsigned long)pir, (unsigned long)msr);
	}
	tlb1_clear_fixed(E64_TLB1_SPIN);
}

/*
 * What the miss handlers (tlb/e500-64-miss.S) read: the kernel region's PUD
 * table in every core's page (the region is one PGD entry; its table is
 * linked now and never freed, so the handler starts a kernel address's walk
 * there), and the kernel context in SPRG0..2: no user space (the empty
 * PGD), and the PTE bits a fetch and a data access need in kernel mode.
 */
static void miss_context_kernel(void)
{
	void *kpud = mm_keep_first_table(&kernel_mm);
	unsigned int c;

	if (!kpud)
		panic("no memory for the kernel region's PUD table");
	for (c = 0; c < E64_MAX_CPUS; c++) {
		struct e64_percpu *p = e64_percpu_of(c);

		p->kpud = (uint64_t)(uintptr_t)kpud;
		p->no_user_pgd = (uint64_t)(uintptr_t)no_user_pgd;
	}
	__asm__ volatile("msync" : : : "memory");
	set_miss_context();
}

void e64_start(uint64_t dt_phys, unsigned int tlb1_n)
{
	uint32_t dt_size;
	int pool_err;
	bool mav2;

	tlb1_entries = tlb1_n;
	percpu_init();
	percpu_pin(0);
	if (start_console(BOARD_CONSOLE_PA))
		arch_exit(EXIT_NO_CONSOLE);
	layout.bootargs = read_device_tree(dt_phys, &dt_size);
	if (layout.ram_size > RAM_MAX)	/* kmem_start_memory() gives the rest to the pool */
		kprintf("ppcmmu: RAM: %lu MB; the linear map covers %lu MB, the rest serves huge pages only\n",
			MB(layout.ram_size), MB(RAM_MAX));
	pin_linear_rest();
	kmem_set_layout(core_name(), RAM_MAX, E64_KMAP_START, E64_KMAP_LAST, E64_USER_LAST);
	pt_e500_64_enable_sizes(e64_tlb1_page_shifts(&mav2));	/* before the pool takes hugepages= */
	read_pid_max();
	pool_err = kmem_start_memory(page_bitmap, RAM_MAX, dt_phys, dt_size);
	miss_context_kernel();
	kprintf("ppcmmu: %s in 64-bit mode (MSR 0x%08lx, EPCR 0x%08lx), %lu MB RAM\n", core_name(),
		(unsigned long)({ uint64_t m; __asm__ volatile("mfmsr %0" : "=r"(m)); m; }),
		(unsigned long)mfspr(SPRN_EPCR), MB(layout.ram_size));
	kmem_check_pool(pool_err);
	if (dt_size && !dt_facts.ncpus)
		kprintf("ppcmmu: the device tree lists no cpu under /cpus: the boot core runs alone\n");
	e64_smp_boot_core(dt_size ? dt_facts.ncpus : 1);
	if (dt_size)
		start_secondaries();
	if (smp_online() > 1)
		pt_linear_set_quiesce(smp_quiesce);	/* other cores walk the tables too: frees wait */
	kernel_main();
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
	return smp_online();
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

#define INVALIDATE_PAGES_MAX	64	/* above this, a range flushes everything */

/* This core's entries for [va, va + size): page by page, or all of them for a large range. */
static void invalidate_here(vaddr_t va, vsize_t size)
{
	vsize_t off;

	if (size > INVALIDATE_PAGES_MAX * 4096) {
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

static void invalidate_remote(void *arg)
{
	const struct shootdown *sd = arg;

	invalidate_here(sd->va, sd->size);
}

/*
 * Bound of one core's answer to a shootdown: generous (QEMU runs both cores
 * in threads of a host that may be busy), still bounded.
 */
#define SHOOTDOWN_WAIT	(8 * SMP_CALL_TIMEOUT)

/*
 * Every core's entries go: here, then on every other online core through
 * its call mailbox, waited for (QEMU 7.2 does not carry a tlbivax to the
 * other cores of ppce500, measured by test e500-64-smp).  A core that does
 * not answer within its bound would keep a stale entry: the run stops.  A
 * core that has run nothing since its start-up (smp_tlb_clean()) holds no
 * entry and is skipped: most tests run on the boot core alone.
 */
static void invalidate_everywhere(vaddr_t va, vsize_t size)
{
	struct shootdown sd = { va, size };
	unsigned int c, me = arch_this_cpu();
	int err;

	invalidate_here(va, size);
	__asm__ volatile("msync" : : : "memory");
	for (c = 0; c < smp_online(); c++)
		if (c != me && !smp_tlb_clean(c) && (err = smp_call_after(c, invalidate_remote, &sd, SHOOTDOWN_WAIT)))
			panic("TLB shootdown of 0x%016lx + 0x%lx: cpu %u did not answer within %lu s (%d)",
			      (unsigned long)va, (unsigned long)size, c,
			      (unsigned long)(SHOOTDOWN_WAIT / SMP_CALL_TIMEOUT), err);
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
	tsize = E64_MAS1_TSIZE_LOG2K(mas1);
	t->valid = true;
	t->size = 1024ull << tsize;
	t->va = (vaddr_t)(mas2 & ~(uint64_t)(t->size - 1));
	t->pa = ((mas7 & 0xff) << 32 | (mas3 & MAS3_RPN_MASK)) & ~(paddr_t)(t->size - 1);
	t->tid = (unsigned int)((mas1 & E64_MAS1_TID_MASK) >> MAS1_TID_SHIFT);
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
 * that enters them in the core's own page (tlb/e500-64-miss.S); without it,
 * none.
 */
void tlb_counts(struct tlb_counts *c)
{
#ifdef CONFIG_TLB_STATS
	const volatile struct e64_percpu *p = e64_this_cpu();

	c->dmiss = p->dmiss;
	c->imiss = p->imiss;
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

static unsigned int pid_max;
static const char *pid_max_why;

/*
 * The PID limit from MMUCFG[PIDSIZE] (the PID register has PIDSIZE + 1
 * bits).  QEMU 7.2 reads MMUCFG as 0 on the e5500: then 8 bits, the least
 * any e500 core has (and what MAS1[TID] of the e500v2 holds).
 */
static void read_pid_max(void)
{
	uint64_t cfg = mfspr(SPRN_MMUCFG);
	unsigned int bits = (unsigned int)(cfg >> MMUCFG_PIDSIZE_SHIFT & MMUCFG_PIDSIZE_MASK) + 1;

	if (!cfg) {
		bits = E64_PID_BITS_FALLBACK;
		pid_max_why = "MMUCFG reads 0 (no PIDSIZE): 8 bits, the least an e500 core has";
	} else {
		pid_max_why = "MMUCFG[PIDSIZE]";
	}
	if (bits > 14)		/* MAS1[TID] holds 14 */
		bits = 14;
	pid_max = (1u << bits) - 1;
}

unsigned int e64_pid_max(const char **why)
{
	if (why)
		*why = pid_max_why;
	return pid_max;
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
	tsize = E64_MAS1_TSIZE_LOG2K(mas1);
	t->valid = (mas1 & MAS1_VALID) != 0;
	t->size = tsize ? 1024ull << tsize : 0;
	t->va = (vaddr_t)(mas2 & ~(uint64_t)0xfff);
	t->pa = (mas7 & 0xff) << 32 | (mas3 & MAS3_RPN_MASK);
	t->tid = (unsigned int)((mas1 & E64_MAS1_TID_MASK) >> MAS1_TID_SHIFT);
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
	case E64_TLB1_PERCPU: return "per-core page";
	default: return "free";
	}
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
