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
#include "e500/smp.h"
#include "drivers/ns16550.h"
#include "lib/fdt.h"
#include "lib/kprintf.h"
#include "hugetlb/pool.h"

#define LINEAR_MAX	(2u * LINEAR_ENTRY_BYTES)	/* TLB1_LINEAR_LOW and _HIGH */
#define KMAP_START	0xe0000000u
#define KMAP_LAST	(CCSR_VA - 1)
#define USER_LAST	(KERNEL_VA - 1)

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

struct arch_layout layout;
static paddr_t ccsr_pa;
static uint32_t dt_size;		/* 0: no valid device tree */
static struct fdt_facts dt_facts;	/* what it says, when dt_size */
#define RAM_MAX		(4ull << 30)	/* what the page allocator's bitmap covers */
static uint32_t page_bitmap[RAM_MAX / 4096 / 32];

void *phys_to_virt(paddr_t pa)
{
	return (void *)(uintptr_t)(KERNEL_VA + (uint32_t)pa);
}

paddr_t virt_to_phys(const void *va)
{
	return (uintptr_t)va - KERNEL_VA;
}

void console_putc(char c)
{
	ns16550_putc(c);
}

int console_getc(void)
{
	return ns16550_getc();
}

void console_drain(void)
{
	ns16550_drain();
}

static void pin_linear_map(void)
{
	if (layout.linear_size > LINEAR_ENTRY_BYTES)
		tlb1_pin(TLB1_LINEAR_HIGH, LINEAR_ENTRY_BYTES);
}

/* A secondary core: the plan's shared entries the boot core pinned after start-up (CCSR, linear). */
void e500_pin_shared(void)
{
	tlb1_pin(TLB1_CCSR, ccsr_pa);
	pin_linear_map();
}

/* The console: CCSR pinned in TLB1, the UART inside it. */
static void start_console(paddr_t uart)
{
	ccsr_pa = uart & ~(paddr_t)(CCSR_SIZE - 1);
	tlb1_pin(TLB1_CCSR, ccsr_pa);
	ns16550_init((volatile uint8_t *)(uintptr_t)(CCSR_VA + (uint32_t)(uart - ccsr_pa)));
}

/*
 * RAM size, console and bootargs from the device tree, the board's values
 * where it has none; the tree must lie in the first 256 MB entry of the
 * linear map, and a malformed one is ignored whole.
 */
static void read_device_tree(uint32_t dt_phys)
{
	struct fdt_facts f;
	size_t room = dt_phys < 256u << 20 ? (256u << 20) - dt_phys : 0;

	layout.ram_size = BOARD_RAM_BYTES;
	dt_size = 0;
	if (room && fdt_read_facts(phys_to_virt(dt_phys), room, &f) == 0) {
		dt_size = f.size;
		dt_facts = f;
		if (f.have_mem && f.mem_base == 0)
			layout.ram_size = f.mem_size;
		if (f.have_uart && f.uart_pa != BOARD_CONSOLE_PA)
			start_console(f.uart_pa);
	}
	/* used in place, whole: the tree stays reserved (start_allocator) */
	layout.bootargs = dt_size && f.bootargs && f.bootargs[0] ? f.bootargs : BOARD_BOOTARGS;
}

static void start_allocator(uint32_t dt_phys)
{
	kmem_start_allocator(page_bitmap, RAM_MAX, dt_phys, dt_size);
}

/* Huge pages may come from anywhere in RAM, everything else from the linear map. */
static void fence_high_memory(void)
{
	kmem_fence_high_memory(RAM_MAX);
}

void e500_start(uint32_t dt_phys, unsigned int tlb1_n)
{
	int err, pool_err;

	/* first the console, so that even a failure while reading the tree is reported */
	start_console(BOARD_CONSOLE_PA);
	if (tlb1_n < TLB1_HUGE_SLOTS + TLB1_FIXED)
		panic("TLB1 has %u entries: the plan needs %u huge-page slots and %u fixed ones",
		      tlb1_n, TLB1_HUGE_SLOTS, TLB1_FIXED);
	read_device_tree(dt_phys);
	layout.linear_va = KERNEL_VA;
	layout.linear_size = layout.ram_size < LINEAR_MAX ? layout.ram_size : LINEAR_MAX;
	layout.kmap_start = KMAP_START;
	layout.kmap_last = KMAP_LAST;
	layout.user_start = 0;
	layout.user_last = USER_LAST;
	layout.family = "e500";
	pin_linear_map();
	start_allocator(dt_phys);
	pool_err = hugepool_init(layout.bootargs);
	fence_high_memory();
	err = mm_init(&kernel_mm, KMAP_START, KMAP_LAST, 0);
	if (err)
		panic("kernel address space: %s", mmu_strerror(err));
	e500_ctx_init(&kernel_ctx, &kernel_mm, false);
	e500_load_ctx(&kernel_ctx);
	kprintf("ppcmmu: e500, board %s, RAM %lu MB, TLB1 %u entries, device tree at 0x%08lx%s\n",
		BOARD_NAME, (unsigned long)(layout.ram_size >> 20), tlb1_n, (unsigned long)dt_phys,
		dt_size ? "" : " (not valid: board defaults used)");
	if (pool_err)
		panic("huge-page pool (bootargs \"%s\"): %s", layout.bootargs, hugepool_strerror(pool_err));
	smp_boot(&dt_facts);
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
