/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx early C: the memory layout, the console, the page allocator, the
 * huge-page pool and the kernel address space, then kernel_main().
 *
 * Layout (the facts come from board.cfg; a device tree only brings bootargs):
 *   0xC0000000..  linear map of the first 24 MB (DTLB 28..30, ITLB 28..30,
 *                 pinned 8 MB pages): kernel image, page tables, stacks
 *   0xD0000000..0xEFFFFFFF  kernel_mm: addresses served by page tables
 *   0xFF000000..  IMMR window, identity-mapped (DTLB 31, pinned 512 KB)
 *   0x00000000..0x7FFFFFFF  user address spaces (Linux's 8xx TASK_SIZE)
 * RAM above the linear map only feeds the huge-page pool.
 *
 * Address spaces: every space has its own PGD; M_TWB holds the physical
 * address of the running one's (the kernel's while in the kernel, a user
 * space's while in user mode: the exception prologue and exc_return switch
 * it, with M_CASID = 0 for the kernel and the space's id for a user), so the
 * miss handlers need no user/kernel test.  Kernel PTEs carry SH and the
 * kernel's own pages are pinned, so a user PGD needs no kernel entries.
 */
#include <string.h>
#include "include/arch.h"
#include "include/spr.h"
#include "include/kernel.h"
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/immr.h"
#include "mpc8xx/frame.h"
#include "drivers/cpm-smc1.h"
#include "lib/kprintf.h"
#include "hugetlb/pool.h"
#include "lib/fdt.h"

#define LINEAR_MAX	(PINNED_LINEAR_D * PINNED_PAGE)
#define KMAP_START	0xD0000000u
#define KMAP_LAST	0xEFFFFFFFu
#define USER_LAST	0x7FFFFFFFu

void mpc8xx_start(uint32_t dt_phys);
void mpc8xx_exit_device(uint32_t status) __attribute__((noreturn));

#define RAM_MAX		(256u << 20)
static uint32_t page_bitmap[RAM_MAX / 4096 / 32];

/* A console that stopped cannot report it: the exit status does. */
void console_putc(char c)
{
	if (!smc1_putc(c))
		arch_exit(EXIT_NO_CONSOLE);
}

int console_getc(void)
{
	return smc1_getc();
}

void console_drain(void)
{
	smc1_drain();
}

static uint32_t dt_size;	/* 0: no valid device tree */

/*
 * The kernel command line from the /chosen/bootargs of a device tree the
 * boot loader passed in r3 (inside the linear map), else board.cfg's.  The
 * tree stays reserved, so the line is used in place, whole.  Memory and
 * console still come from board.cfg on the 8xx.
 */
static void read_device_tree(uint32_t dt_phys)
{
	struct fdt_facts f;

	layout.bootargs = BOARD_BOOTARGS;
	if (!dt_phys || dt_phys >= layout.linear_size ||
	    fdt_read_facts(phys_to_virt(dt_phys), layout.linear_size - dt_phys, &f))
		return;
	dt_size = f.size;
	if (f.bootargs)
		layout.bootargs = f.bootargs;
}

void mpc8xx_start(uint32_t dt_phys)
{
	uint32_t immr = mfspr(SPRN_IMMR);
	int pool_err;

	layout.ram_size = BOARD_RAM_BYTES;
	kmem_set_layout("mpc8xx", LINEAR_MAX, KMAP_START, KMAP_LAST, USER_LAST);
	if (smc1_init((volatile uint8_t *)(uintptr_t)IMMR_BASE, IMMR_BASE))
		arch_exit(EXIT_NO_CONSOLE);
	read_device_tree(dt_phys);
	/* page tables must be reachable through the linear map; huge pages need not */
	pool_err = kmem_start_memory(page_bitmap, RAM_MAX, dt_phys, dt_size);
	mpc8xx_percpu.kpgd = (uint32_t)virt_to_phys(kernel_mm.pgd);
	mtspr(SPRN_M_TWB, mpc8xx_percpu.kpgd);
	__asm__ volatile("isync" : : : "memory");
	kprintf("ppcmmu: mpc8xx, board %s, RAM %lu MB, IMMR 0x%08lx, PVR 0x%08lx\n",
		BOARD_NAME, (unsigned long)(layout.ram_size >> 20), (unsigned long)immr,
		(unsigned long)mfspr(SPRN_PVR));
	kmem_check_pool(pool_err);
	kernel_main();
}

/*
 * The simulator ends the run through its exit device (board.cfg
 * "exit = sim"); a real board has none ("exit = none") and stops here.
 */
/* One core. */
unsigned int arch_this_cpu(void)
{
	return 0;
}

unsigned int arch_cpus(void)
{
	return 1;
}

void arch_exit(int status)
{
	console_drain();
#ifdef BOARD_EXIT_SIM
	mpc8xx_exit_device((uint32_t)status);
#else
	(void)status;
#endif
	for (;;)
		;
}
