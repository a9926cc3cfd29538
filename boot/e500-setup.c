/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 early C: read the device tree, pin the rest of the linear map and the
 * CCSR window in TLB1, start the console, the page allocator and the kernel
 * address space, then hand over to kernel_main().
 */
#include <string.h>
#include "include/arch.h"
#include "include/kernel.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "e500/tlb1.h"
#include "mmu/pte-e500.h"
#include "tlb/e500-tlb.h"
#include "smp/e500-smp.h"
#include "e500/core.h"
#include "drivers/ns16550.h"
#include "drivers/poll.h"
#include "lib/fdt.h"
#include "lib/kprintf.h"
#include "hugetlb/pool.h"
#include "mmu/pt-linear.h"

#define KMAP_START	0xe0000000u
#define KMAP_LAST	(CCSR_VA - 1)
#define USER_LAST	(KERNEL_VA - 1)

#define MB(bytes)	((unsigned long)((bytes) >> 20))
/* a physical address for "0x%.0lx%08lx": the high word only when not 0 */
#define PA_PRINT(pa)	(unsigned long)((uint64_t)(pa) >> 32), (unsigned long)(uint32_t)(pa)

#define GUTS_RSTCR	0xe00b0		/* CCSR offsets */
#define RSTCR_HRESET_REQ 0x2
#define GPIO_GPDIR	0xff000
#define GPIO_GPDAT	0xff008
#define GPIO_PIN0	0x80000000u

void e500_start(uint32_t dt_phys, unsigned int tlb1_n);
void e500_load_ctx(const struct e500_ctx *c);
void e500_ctx_init(struct e500_ctx *c, const struct mm *mm, bool user);

extern char _end[];
extern struct e500_ctx kernel_ctx;

static paddr_t ccsr_pa;
static paddr_t console_pa;		/* the UART the console uses */
static uint32_t dt_size;		/* 0: no valid device tree */
static struct fdt_facts dt_facts;	/* what it says, when dt_size */
#define RAM_MAX		(4ull << 30)	/* what the page allocator's bitmap covers */
#define RAM_LIMIT	(64ull << 30)	/* 36-bit physical addresses; above RAM_MAX: huge pages only */
static uint32_t page_bitmap[RAM_MAX / 4096 / 32];

int console_getc(void)
{
	return ns16550_getc();
}

void console_drain(void)
{
	ns16550_drain();
}

/* A secondary core: the plan's shared entries the boot core pinned after start-up (CCSR, linear). */
void e500_pin_shared(void)
{
	tlb1_pin(TLB1_CCSR, ccsr_pa);
	tlb1_pin_linear();
}

uint64_t e500_ccsr_pa(void)
{
	return ccsr_pa;
}

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
	*size = CCSR_SIZE;
	*name = "CCSR";
}

/* The console: CCSR pinned in TLB1, the UART inside it; NULL or why it does not answer. */
static const char *start_console(paddr_t uart)
{
	console_pa = uart;
	ccsr_pa = uart & ~(paddr_t)(CCSR_SIZE - 1);
	tlb1_pin(TLB1_CCSR, ccsr_pa);
	return ns16550_init((volatile uint8_t *)(uintptr_t)(CCSR_VA + (uint32_t)(uart - ccsr_pa)));
}

/*
 * A UART that does not answer (a wrong reg in the device tree, a dead
 * chip): go back to board.cfg's, say so there, and end the run if that one
 * does not answer either (arch_exit needs the board's CCSR pinned again).
 */
static void console_fallback(paddr_t lost, const char *why)
{
	if (lost != BOARD_CONSOLE_PA && !start_console(BOARD_CONSOLE_PA)) {
		kprintf("\nppcmmu: console: the UART at 0x%.0lx%08lx does not answer (%s): "
			"board.cfg's at 0x%.0lx%08lx used\n", PA_PRINT(lost), why,
			PA_PRINT(BOARD_CONSOLE_PA));
		return;
	}
	if (lost != BOARD_CONSOLE_PA)
		start_console(BOARD_CONSOLE_PA);
	arch_exit(EXIT_NO_CONSOLE);
}

void console_putc(char c)
{
	if (ns16550_putc(c))
		return;
	console_fallback(console_pa, "LSR[THRE] stayed clear for " POLL_LIMIT_TEXT " reads");
	ns16550_putc(c);
}

/*
 * What the device tree's /memory says, checked before the kernel relies on
 * it: the last 8 bytes of every 64 MB above the first (and of the claimed
 * size) must keep a pattern written through a cache-inhibited TLB1 entry,
 * without changing the patterns below (no wrap-around alias).  RAM ends at
 * the first piece that fails.  The kernel's own first 64 MB are not probed.
 */
#define PROBE_STEP	(64ull << 20)
#define PROBE_SLOT	0		/* a huge-page slot: free until the first huge miss */
#define PROBE_VA	KMAP_START	/* no page table serves it yet */
#define PROBE_PATTERN	0x5a3c96e1u

static volatile uint32_t *probe_map(paddr_t pa)
{
	struct tlb1_map m = {
		.va = PROBE_VA, .pa = pa & ~(paddr_t)0xfff, .tsize = TSIZE_4K,
		.wimge = MAS2_I | MAS2_G, .perms = MAS3_SR | MAS3_SW,
	};

	tlb1_write(PROBE_SLOT, &m);
	return (volatile uint32_t *)(uintptr_t)(PROBE_VA + (uint32_t)(pa & 0xfff));
}

static uint32_t probe_read(paddr_t pa)
{
	return *probe_map(pa);
}

static void probe_write(paddr_t pa, uint32_t v)
{
	*probe_map(pa) = v;
	__asm__ volatile("msync" : : : "memory");
}

static paddr_t probe_addr(paddr_t claimed, unsigned int k)
{
	paddr_t end = (k + 1) * PROBE_STEP;

	return (end < claimed ? end : claimed) - 8;
}

static paddr_t probe_ram(paddr_t claimed)
{
	static uint32_t saved[RAM_LIMIT / PROBE_STEP];
	unsigned int k, j, n = 0;
	paddr_t ram = claimed;

	for (k = 1; k * PROBE_STEP < claimed && ram == claimed; k++, n++) {
		paddr_t a = probe_addr(claimed, k);

		/* the same word may sit dirty in the cache, through the boot linear entry */
		if (a < LINEAR_BOOT_BYTES)
			__asm__ volatile("dcbf 0, %0; sync" : : "r"(phys_to_virt(a)) : "memory");
		saved[k] = probe_read(a);
		probe_write(a, PROBE_PATTERN ^ k);
		if (probe_read(a) != (PROBE_PATTERN ^ k))
			ram = k * PROBE_STEP;
		for (j = 1; j < k && ram == claimed; j++)
			if (probe_read(probe_addr(claimed, j)) != (PROBE_PATTERN ^ j))
				ram = k * PROBE_STEP;	/* k wraps around onto j */
	}
	while (n)		/* restore, the highest first (an alias lands below) */
		probe_write(probe_addr(claimed, n), saved[n]), n--;
	tlb1_clear(PROBE_SLOT);
	return ram;
}

/* The RAM size to use: the claim, capped at RAM_LIMIT and at what answers a probe. */
static paddr_t checked_ram(paddr_t claimed, const char *source)
{
	paddr_t ram = claimed < RAM_LIMIT ? claimed : RAM_LIMIT;

	if (ram < claimed)
		kprintf("ppcmmu: RAM: %s says %lu MB; 36-bit physical addresses reach %lu MB: capped\n",
			source, MB(claimed), MB(RAM_LIMIT));
	if (ram > ccsr_pa) {
		kprintf("ppcmmu: RAM: %s says %lu MB, which runs into CCSR at 0x%.0lx%08lx: capped\n",
			source, MB(ram), PA_PRINT(ccsr_pa));
		ram = ccsr_pa;
	}
	claimed = ram;
	ram = probe_ram(claimed);
	if (ram < claimed)
		kprintf("ppcmmu: RAM: %s says %lu MB; only %lu MB keep what is written to them: "
			"%lu MB used\n", source, MB(claimed), MB(ram), MB(ram));
	if (ram > RAM_MAX)
		kprintf("ppcmmu: RAM: %lu MB above 4 GB, past what the page allocator covers: "
			"for huge pages only\n", MB(ram - RAM_MAX));
	return ram;
}

/*
 * RAM size, console and bootargs from the device tree, the board's values
 * where it has none; the tree must lie in the boot entry of the linear map
 * (the first 64 MB), and a malformed one is ignored whole.  A /memory node of size
 * 0 is a panic; one that does not start at 0 is ignored, loudly.
 */
static void read_device_tree(uint32_t dt_phys)
{
	struct fdt_facts f;
	size_t room = dt_phys < LINEAR_BOOT_BYTES ? LINEAR_BOOT_BYTES - dt_phys : 0;
	const char *note, *why;
	uint64_t ram;

	layout.ram_size = BOARD_RAM_BYTES;
	dt_size = 0;
	if (room && fdt_read_facts(phys_to_virt(dt_phys), room, &f) == 0) {
		dt_size = f.size;
		dt_facts = f;
		/* the console first, so that what follows is said on the right one */
		if (f.have_uart && f.uart_pa != console_pa && (why = start_console(f.uart_pa)))
			console_fallback(f.uart_pa, why);
		if (fdt_ram_size(&f, BOARD_RAM_BYTES, &ram, &note))
			panic("device tree at 0x%08lx: %s", (unsigned long)dt_phys, note);
		if (note)
			kprintf("ppcmmu: device tree at 0x%08lx: %s\n", (unsigned long)dt_phys, note);
		else if (!f.have_mem)
			kprintf("ppcmmu: RAM: the device tree has no /memory: board.cfg's %lu MB\n",
				MB(BOARD_RAM_BYTES));
		layout.ram_size = ram;
	}
	/* used in place, whole: the tree stays reserved (kmem_start_memory) */
	layout.bootargs = dt_size && f.bootargs && f.bootargs[0] ? f.bootargs : BOARD_BOOTARGS;
}

uint64_t e500_board_ram(void)
{
	if (dt_size && dt_facts.have_mem && !dt_facts.mem_base)
		return dt_facts.mem_size;
	return BOARD_RAM_BYTES;
}

/* The linear map's entries over the RAM there is (e500/tlb1.h); what they leave feeds the pool. */
static void plan_linear_map(void)
{
	if (layout.ram_size < LINEAR_BOOT_BYTES)
		panic("RAM %lu MB: the e500 kernel needs at least %lu MB (the linear map's boot entry)",
		      MB(layout.ram_size), MB(LINEAR_BOOT_BYTES));
	tlb1_linear_plan(layout.ram_size, &tlb1_linear);
	kmem_set_layout("e500", tlb1_linear.size, KMAP_START, KMAP_LAST, USER_LAST);
}

static void print_linear_map(void)
{
	static const char *const size_names[] = { "", "4K", "16K", "64K", "256K", "1M", "4M", "16M",
						  "64M", "256M" };
	unsigned int i;

	kprintf("ppcmmu: linear map: %u TLB1 entr%s, ", tlb1_linear.n, tlb1_linear.n == 1 ? "y" : "ies");
	for (i = 0; i < tlb1_linear.n; i++)
		kprintf("%s%s", i ? " + " : "", size_names[tlb1_linear.e[i].tsize]);
	kprintf(", %lu MB of %lu MB of RAM\n", MB(tlb1_linear.size), MB(layout.ram_size));
}

void e500_start(uint32_t dt_phys, unsigned int tlb1_n)
{
	const char *board_console;
	int pool_err;

	/* first the console, so that even a failure while reading the tree is reported */
	board_console = start_console(BOARD_CONSOLE_PA);
	if (tlb1_n < TLB1_HUGE_SLOTS + TLB1_FIXED)
		panic("TLB1 has %u entries: the plan needs %u huge-page slots and %u fixed ones",
		      tlb1_n, TLB1_HUGE_SLOTS, TLB1_FIXED);
	read_device_tree(dt_phys);
	if (board_console && console_pa == BOARD_CONSOLE_PA)
		arch_exit(EXIT_NO_CONSOLE);	/* no UART answers: nothing can be said */
	if (dt_size && dt_facts.ncpus)
		cache_line_from_dt(dt_facts.cpus[0].dcache_block, dt_facts.cpus[0].icache_block);
	layout.ram_size = checked_ram(layout.ram_size, dt_size ? "the device tree" : "board.cfg");
	plan_linear_map();
	tlb1_pin_linear();
	/* huge pages may come from anywhere in RAM, everything else from the linear map */
	pool_err = kmem_start_memory(page_bitmap, RAM_MAX, dt_phys, dt_size);
	e500_ctx_init(&kernel_ctx, &kernel_mm, false);
	e500_load_ctx(&kernel_ctx);
	kprintf("ppcmmu: e500, board %s, RAM %lu MB, TLB1 %u entries, device tree at 0x%08lx%s\n",
		BOARD_NAME, (unsigned long)(layout.ram_size >> 20), tlb1_n, (unsigned long)dt_phys,
		dt_size ? "" : " (not valid: board defaults used)");
	print_linear_map();
	kmem_check_pool(pool_err);
	smp_boot(&dt_facts);
	if (smp_online() > 1) {
		tlb_say_broadcast();
		pt_linear_set_quiesce(smp_quiesce);	/* other cores walk the tables too */
	}
	kernel_main();
}

void arch_exit(int status)
{
	volatile uint32_t *ccsr = (volatile uint32_t *)CCSR_VA;

	(void)status;	/* QEMU cannot carry an exit status: the verdict is on the console */
	console_drain();
#ifdef BOARD_EXIT_GPIO
	ccsr[GPIO_GPDIR / 4] = GPIO_PIN0;
	ccsr[GPIO_GPDAT / 4] = GPIO_PIN0;
#else
	ccsr[GUTS_RSTCR / 4] = RSTCR_HRESET_REQ;
#endif
	for (;;)
		;
}
