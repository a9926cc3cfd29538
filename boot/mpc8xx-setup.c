/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx early C: the memory layout, the console, the page allocator, the
 * huge-page pool and the kernel address space, then kernel_main().
 *
 * Layout (RAM size and bootargs from the device tree, board.cfg's where it has none):
 *   0xC0000000..  linear map of up to the first 24 MB, whole 8 MB pages
 *                 within RAM (DTLB 28..30, ITLB 28..30, pinned): kernel
 *                 image, page tables, stacks
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
#include "tlb/mpc8xx-tlb.h"

#define LINEAR_MAX	(PINNED_LINEAR_MAX * PINNED_PAGE)
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
static struct fdt_facts dt_facts;	/* what it says, when dt_size */

#define MB(bytes)	((unsigned long)((bytes) >> 20))

/*
 * One word at a physical address, with data translation off and
 * MD_CTR[CIDEF] set (real-mode data accesses cache-inhibited), all in one
 * asm block (no stack access may happen with DR off).  A machine check
 * (nothing answers there) is caught by the trap code, which skips the
 * access: false then.
 */
static bool probe_access(uint32_t pa, uint32_t *val, bool store)
{
	uint32_t msr, tmp, ctr, out = 0;

	mpc8xx_probe_hit = false;
	mpc8xx_probe_armed = true;
	__asm__ volatile("mfspr %2, %c[md_ctr]\n\t"
			 "or %1, %2, %[cidef]\n\t"
			 "mtspr %c[md_ctr], %1\n\t"
			 "mfmsr %0\n\t"
			 "andc %1, %0, %[dr]\n\t"
			 "mtmsr %1\n\t"
			 "isync\n\t"
			 "cmpwi %[st], 0\n\t"
			 "beq 1f\n\t"
			 "stw %[v], 0(%[pa])\n\t"
			 "sync\n"
			 "1:\tlwz %3, 0(%[pa])\n\t"
			 "sync\n\t"
			 "mtmsr %0\n\t"
			 "isync\n\t"
			 "mtspr %c[md_ctr], %2\n\t"
			 "isync"
			 : "=&r"(msr), "=&r"(tmp), "=&r"(ctr), "=&r"(out)
			 : [pa] "b"(pa), [v] "r"(*val), [st] "r"((uint32_t)store), [dr] "r"(MSR_DR),
			   [cidef] "r"(MX_CTR_CIDEF), [md_ctr] "i"(SPRN_MD_CTR)
			 : "memory", "cr0");
	mpc8xx_probe_armed = false;
	*val = out;
	return !mpc8xx_probe_hit;
}

/*
 * What the device tree's /memory says, checked before the kernel relies on
 * it, as on e500: the last word of every 8 MB above the first (and of the
 * claimed size) must keep a pattern, without changing the patterns below
 * (no wrap-around alias), and the access must not end in a machine check
 * (no chip select there: the bus monitor, enabled at start-up with
 * SYPCR[BME], ends an access nothing answers with TEA, a machine check).  RAM ends at the first piece that
 * fails.  The first 8 MB (the kernel's) are not probed.
 */
#define PROBE_STEP	PINNED_PAGE
#define PROBE_PATTERN	0x5a3c96e1u

static uint32_t probe_addr(uint32_t claimed, unsigned int k)
{
	uint32_t end = (k + 1) * PROBE_STEP;

	return (end < claimed ? end : claimed) - 4;
}

static bool probe_keeps(uint32_t pa, uint32_t v)
{
	uint32_t w = v;

	return probe_access(pa, &w, true) && probe_access(pa, &w, false) && w == v;
}

static uint32_t probe_ram(uint32_t claimed)
{
	static uint32_t saved[RAM_MAX / PROBE_STEP];
	unsigned int k, j, n = 0;
	uint32_t ram = claimed, w;

	for (k = 1; k * PROBE_STEP < claimed && ram == claimed; k++) {
		uint32_t a = probe_addr(claimed, k);

		if (!probe_access(a, &saved[k], false)) {
			ram = k * PROBE_STEP;
			break;
		}
		n = k;
		if (!probe_keeps(a, PROBE_PATTERN ^ k))
			ram = k * PROBE_STEP;
		for (j = 1; j < k && ram == claimed; j++)
			if (!probe_access(probe_addr(claimed, j), &w, false) || w != (PROBE_PATTERN ^ j))
				ram = k * PROBE_STEP;	/* k wraps around onto j */
	}
	while (n) {		/* restore, the highest first (an alias lands below) */
		w = saved[n];
		probe_access(probe_addr(claimed, n), &w, true);
		n--;
	}
	return ram;
}

/* The RAM size to use: the claim, capped at RAM_MAX and at what answers a probe. */
static uint32_t checked_ram(uint64_t claimed, const char *source)
{
	uint32_t ram = claimed < RAM_MAX ? (uint32_t)claimed : RAM_MAX, probed;

	if (ram < claimed)
		kprintf("ppcmmu: RAM: %s says %lu MB; the page allocator covers %lu MB: capped\n",
			source, MB(claimed), MB(RAM_MAX));
	probed = probe_ram(ram);
	if (probed < ram)
		kprintf("ppcmmu: RAM: %s says %lu MB; only %lu MB keep what is written to them: "
			"%lu MB used\n", source, MB(ram), MB(probed), MB(probed));
	if (probed < PINNED_PAGE)
		panic("RAM %lu KB: the 8xx kernel needs at least %lu MB (the linear map's first entry)",
		      (unsigned long)(probed >> 10), MB(PINNED_PAGE));
	return probed;
}

/*
 * The kernel command line from the /chosen/bootargs of a device tree the
 * boot loader passed in r3 (inside the linear map's first entry), else
 * board.cfg's, and the RAM size from its /memory (board.cfg's when it has
 * none; said at boot either way).  The tree stays reserved, so the line is
 * used in place, whole.  A /memory node of size 0 is a panic; one that
 * does not start at 0 is ignored, loudly.
 */
static void read_device_tree(uint32_t dt_phys)
{
	struct fdt_facts f;
	const char *note;
	uint64_t ram;

	layout.bootargs = BOARD_BOOTARGS;
	layout.ram_size = BOARD_RAM_BYTES;
	if (!dt_phys || dt_phys >= PINNED_PAGE ||
	    fdt_read_facts(phys_to_virt(dt_phys), PINNED_PAGE - dt_phys, &f)) {
		kprintf("ppcmmu: RAM: no device tree: board.cfg's %lu MB\n", MB(BOARD_RAM_BYTES));
		return;
	}
	dt_size = f.size;
	dt_facts = f;
	if (f.bootargs)
		layout.bootargs = f.bootargs;
	if (fdt_ram_size(&f, BOARD_RAM_BYTES, &ram, &note))
		panic("device tree at 0x%08lx: %s", (unsigned long)dt_phys, note);
	if (note)
		kprintf("ppcmmu: device tree at 0x%08lx: %s\n", (unsigned long)dt_phys, note);
	else if (!f.have_mem)
		kprintf("ppcmmu: RAM: the device tree has no /memory: board.cfg's %lu MB\n",
			MB(BOARD_RAM_BYTES));
	else
		kprintf("ppcmmu: RAM: the device tree's /memory says %lu MB\n", MB(ram));
	layout.ram_size = ram;
}

/*
 * The console where the device tree puts it: its CPM SMC UART node names
 * SMC1's registers, IMMR + SMC1_REGS, so the tree says where the IMMR
 * belongs.  Start-up put the IMMR at board.cfg's address (IMMR_BASE); when
 * the tree says otherwise the IMMR moves there and DTLB 31 with it (VA =
 * PA, a 512 KB window), provided the window stays clear of everything else
 * the kernel maps (IMMR_LOWEST and up).  Otherwise board.cfg's is kept, and
 * the console says why.
 */
#define SMC1_REGS	0xa80		/* SMC1's parameter registers, IMMR offset */
#define IMMR_LOWEST	0xF0000000u	/* above the kernel's page-table addresses */

static void place_console(void)
{
	struct mpc8xx_tlb_raw raw;
	uint64_t immr = dt_facts.smc_pa - SMC1_REGS;

	if (!dt_size || !dt_facts.have_smc || immr == IMMR_BASE)
		return;
	if ((dt_facts.smc_pa & 0xffff) != SMC1_REGS || immr < IMMR_LOWEST || immr > UINT32_MAX) {
		kprintf("ppcmmu: console: the device tree's SMC UART at 0x%08lx is not SMC1 of an IMMR at "
			"0x%08lx or above: board.cfg's at 0x%08lx kept\n", (unsigned long)dt_facts.smc_pa,
			(unsigned long)IMMR_LOWEST, (unsigned long)IMMR_BASE);
		return;
	}
	smc1_drain();
	mtspr(SPRN_IMMR, (uint32_t)immr);
	__asm__ volatile("isync" : : : "memory");
	mpc8xx_immr_window = (uint32_t)immr & ~(PINNED_IMMR_SIZE - 1);
	mpc8xx_pinned_raw(false, PINNED_IMMR_ENTRY, &raw);
	mpc8xx_tlb_write_raw(false, PINNED_IMMR_ENTRY, &raw);
	if (smc1_init((volatile uint8_t *)(uintptr_t)immr, (uint32_t)immr))
		arch_exit(EXIT_NO_CONSOLE);
	kprintf("ppcmmu: console: SMC1 at 0x%08lx, the device tree's: IMMR moved from board.cfg's "
		"0x%08lx to 0x%08lx\n", (unsigned long)dt_facts.smc_pa, (unsigned long)IMMR_BASE,
		(unsigned long)immr);
}

void mpc8xx_start(uint32_t dt_phys)
{
	uint32_t immr = mfspr(SPRN_IMMR);
	int pool_err;
	paddr_t linear;

	/* until the RAM is known, only start-up's first 8 MB entry of the linear map */
	layout.ram_size = PINNED_PAGE;
	kmem_set_layout("mpc8xx", PINNED_PAGE, KMAP_START, KMAP_LAST, USER_LAST);
	if (smc1_init((volatile uint8_t *)(uintptr_t)IMMR_BASE, IMMR_BASE))
		arch_exit(EXIT_NO_CONSOLE);
	read_device_tree(dt_phys);
	place_console();
	immr = mfspr(SPRN_IMMR);
	layout.ram_size = checked_ram(layout.ram_size, dt_size ? "the device tree" : "board.cfg");
	/* whole 8 MB entries only: none reaches past the end of RAM */
	linear = layout.ram_size & ~(paddr_t)(PINNED_PAGE - 1);
	kmem_set_layout("mpc8xx", linear < LINEAR_MAX ? linear : LINEAR_MAX, KMAP_START, KMAP_LAST,
			USER_LAST);
	mpc8xx_pin_linear();
	/* page tables must be reachable through the linear map; huge pages need not */
	pool_err = kmem_start_memory(page_bitmap, RAM_MAX, dt_phys, dt_size);
	mpc8xx_percpu.kpgd = (uint32_t)virt_to_phys(kernel_mm.pgd);
	mtspr(SPRN_M_TWB, mpc8xx_percpu.kpgd);
	__asm__ volatile("isync" : : : "memory");
	kprintf("ppcmmu: mpc8xx, board %s, RAM %lu MB, IMMR 0x%08lx, PVR 0x%08lx\n",
		BOARD_NAME, (unsigned long)(layout.ram_size >> 20), (unsigned long)immr,
		(unsigned long)mfspr(SPRN_PVR));
	kprintf("ppcmmu: linear map: %u pinned 8M entries, %lu MB of %lu MB of RAM\n",
		mpc8xx_linear_pinned(), MB(layout.linear_size), MB(layout.ram_size));
	kmem_check_pool(pool_err);
	kernel_main();
}

const char *arch_board_name(void)
{
	return BOARD_NAME;
}

/* The IMMR where start-up left it (board.cfg's, or the device tree's). */
static paddr_t immr_now(void)
{
	return mfspr(SPRN_IMMR) & ~(uint32_t)0xffff;
}

paddr_t arch_console_pa(void)
{
	return immr_now() + SMC1_REGS;
}

void arch_device_window(paddr_t *pa, uint32_t *size, const char **name)
{
	*pa = immr_now();
	*size = IMMR_SIZE;
	*name = "IMMR";
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
