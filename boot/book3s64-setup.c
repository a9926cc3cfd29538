/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * book3s/64 (POWER8 under skiboot, hypervisor mode): the board after
 * start-up (boot/book3s64-start.S).  The console through OPAL, the device
 * tree skiboot built, RAM and what skiboot keeps for itself (the tree's
 * reserve map), the page allocator, kernel_mm (Linux's hash-4k four-level
 * table, mmu/pgtable-book3s64.c), then kernel_main().  Also what arch.h
 * asks of a family.
 */
#include <stdio.h>
#include <string.h>
#include "include/arch.h"
#include "include/kernel.h"
#include "include/book3s64/hash.h"
#include "include/book3s64/frame.h"
#include "include/book3s64/opal.h"
#include "include/book3s64/second.h"
#include "drivers/opal-console.h"
#include "lib/fdt.h"
#include "lib/kprintf.h"
#include "mmu/palloc.h"
#include "mmu/pt-linear.h"
#include "hugetlb/pool.h"
#include "tlb/fault.h"
#include "tlb/book3s64-hash.h"
#include "smp/e500-64-smp.h"

#define MB(bytes)	((unsigned long)((bytes) >> 20))
#define LOW_RESERVED	0x10000		/* the vectors and what the architecture keeps below 64 KB */
#define FDT_RSV_OFFSET	16		/* header word: offset of the reserve map */
#define FDT_RSV_MAX	64		/* reserve-map entries read at most */
#define SECOND_STACK	32768		/* a secondary core's stack */
#define START_WAIT	(4 * 512000000ull)	/* 4 s of the 512 MHz time base for a core to come up (half a
						 * second was missed once, the host at load 23) */

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })

void b3_start(uint64_t dt_phys);

extern char _end[], _stext[];
static uint32_t page_bitmap[B3_RAM_MAX / 4096 / 32];

void console_putc(char c)
{
	opal_console_putc(c);
}

int console_getc(void)
{
	return opal_console_getc();
}

void console_drain(void)
{
	opal_console_flush();
}

uint64_t timebase_read(void)
{
	uint64_t tb;

	__asm__ volatile("mftb %0" : "=r"(tb));
	return tb;
}

static uint32_t be32_at(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static uint64_t be64_at(const void *p)
{
	return (uint64_t)be32_at(p) << 32 | be32_at((const uint8_t *)p + 4);
}

/*
 * The tree's reserve map (skiboot lists its own memory there: code, heap,
 * the tree itself), each range inside RAM taken from the allocator.
 */
static unsigned int reserve_firmware(const void *blob, uint32_t size, paddr_t ram)
{
	uint32_t off = be32_at((const uint8_t *)blob + FDT_RSV_OFFSET);
	unsigned int n = 0;

	while (off + 16 <= size && n < FDT_RSV_MAX) {
		uint64_t base = be64_at((const uint8_t *)blob + off);
		uint64_t len = be64_at((const uint8_t *)blob + off + 8);

		if (!base && !len)
			break;
		if (base < ram)
			palloc_reserve(base & ~0xfffull, (len > ram - base ? ram : base + len + 0xfff) & ~0xfffull);
		off += 16;
		n++;
	}
	return n;
}

static void start_memory(uint64_t dt_phys, const struct fdt_facts *f)
{
	paddr_t ram = layout.ram_size;
	unsigned int rsv;
	int err, pool_err;

	pt_linear_init(layout.linear_va, layout.linear_size, page_zero);
	palloc_set_bitmap(page_bitmap, palloc_bitmap_bytes(0, ram));
	palloc_init(0, ram);
	palloc_reserve(0, LOW_RESERVED);
	palloc_reserve(B3_LOAD_PA, virt_to_phys(_end));
	rsv = f ? reserve_firmware(phys_to_virt(dt_phys), f->size, ram) : 0;
	if (f)
		palloc_reserve(dt_phys & ~0xfffull, (dt_phys + f->size + 0xfff) & ~0xfffull);
	b3_hash_init(ram);
	pool_err = hugepool_init(layout.bootargs);
	kmem_fence_high_memory(B3_RAM_MAX);
	err = mm_init(&kernel_mm, layout.kmap_start, layout.kmap_last, 0);
	if (err)
		panic("kernel address space: %s", mmu_strerror(err));
	b3_kernel_space();
	kprintf("ppcmmu: POWER8 (PVR 0x%08lx, PIR 0x%lx) in hypervisor mode, %lu MB RAM, %u firmware "
		"ranges reserved, OPAL console\n", (unsigned long)mfspr(SPRN_PVR),
		(unsigned long)mfspr(SPRN_PIR), MB(ram), rsv);
	b3_hash_report();
	kmem_check_pool(pool_err);
}

uint64_t b3_nap(void);

/*
 * A secondary core in C (b3_second_entry took its state, stack, SDR1 and
 * SLB entry 0 and turned translation on): the decrementer far off, its TLB
 * emptied, a nap's exits set to the hypervisor doorbell and the
 * decrementer alone (an external interrupt, never acknowledged here,
 * would end every nap at once), then calls and work for good, napping
 * when there are none.
 */
void b3_secondary_main(uint64_t pir)
{
	uint64_t msr, lpcr = mfspr(SPRN_LPCR);

	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_DEC), "r"((uint64_t)DEC_MAX));
	lpcr = (lpcr & ~(uint64_t)LPCR_PECE_MASK) | LPCR_PECE_DOORBELL_HV | LPCR_PECE_DECREMENTER;
	__asm__ volatile("mtspr %0, %1; isync" : : "i"(SPRN_LPCR), "r"(lpcr) : "memory");
	b3_tlb_flush_local();
	__asm__ volatile("mfmsr %0" : "=r"(msr));
	e64_smp_secondary(arch_this_cpu(), msr, mfspr(SPRN_LPCR), pir);
}

/*
 * An idle secondary naps (e64_smp_idle(), smp/e500-64-smp.c): QEMU halts
 * the virtual CPU, which then takes no host time, until a call or work
 * posted to it rings its hypervisor doorbell.  The decrementer, set to its
 * largest count first, ends a nap of more than about 4 s too: a
 * decrementer that went negative while napping would otherwise be pending
 * at the doorbell's wake and be taken first.
 */
void b3_idle_nap(void)
{
	struct b3_core *c = b3_core_me();
	uint64_t srr1;

	__asm__ volatile("mtspr %0, %1" : : "i"(SPRN_DEC), "r"((uint64_t)DEC_MAX));
	c->naps++;
	c->napping = 1;
	srr1 = b3_nap();
	c->napping = 0;
	c->wake_srr1 = srr1;
	if ((srr1 & SRR1_WAKE_REASON) == SRR1_WAKE_DOORBELL_HV)
		c->doorbell_wakes++;
}

/*
 * skiboot leaves the BMC's watchdog running when it enters the kernel and
 * keeps it fed from its pollers, which run when the kernel calls OPAL: a
 * minute with no OPAL call and the BMC resets the machine (QEMU under
 * -no-reboot then ends, mid-run).  The console calls OPAL, but a long test
 * may print nothing for minutes, so the boot core polls OPAL every
 * KEEPALIVE_TB from the interrupt path and the console.
 */
#define KEEPALIVE_TB	(512000000ull * 10)	/* 10 s of the 512 MHz time base */

void b3_opal_keepalive(void)
{
	static uint64_t last;
	uint64_t now = timebase_read();

	if (arch_this_cpu() != 0 || now - last < KEEPALIVE_TB)
		return;
	last = now;
	b3_opal_call(OPAL_POLL_EVENTS, 0, 0, 0, 0);
}

/* Start the core with PIR pir in b3_second_entry (real mode: its physical address); OPAL's status. */
static int64_t start_core(uint64_t pir)
{
	return b3_opal_call(OPAL_START_CPU, pir, (uintptr_t)b3_second_entry - KERNEL_VA, 0, 0);
}

/*
 * Every core the device tree lists beside the boot core (its reg: the
 * PIR), up to B3_MAX_CORES: its state emptied, the start block filled,
 * started through OPAL_START_CPU and waited for (bounded).  A core that
 * does not come up is said and left out.  QEMU's powernv8 gives one thread
 * a core, so a core is a thread here.
 */
static void start_secondaries(const struct fdt_facts *f)
{
	static uint8_t stacks[B3_MAX_CORES][SECOND_STACK] __attribute__((aligned(16)));
	unsigned int i, n = f ? (f->ncpus < FDT_MAX_CPUS ? f->ncpus : FDT_MAX_CPUS) : 0;
	uint64_t boot_pir = mfspr(SPRN_PIR), esid, vsid, msr, lpcr, pir;
	int64_t rc;

	e64_smp_boot_core(n);
	for (i = 0; i < n && smp_online() < B3_MAX_CORES; i++) {
		unsigned int index = smp_online();

		if (f->cpus[i].id == boot_pir)
			continue;
		b3_box.core = (uintptr_t)b3_core_prepare(index);
		b3_box.stack = (uintptr_t)stacks[index] + SECOND_STACK - 128;
		b3_box.sdr1 = mfspr(SPRN_SDR1);
		b3_slb_read(0, &esid, &vsid);
		b3_box.slb0_esid = esid;
		b3_box.slb0_vsid = vsid;
		__asm__ volatile("sync" : : : "memory");
		rc = start_core(f->cpus[i].id);
		if (rc != OPAL_SUCCESS || !e64_smp_wait_up(index, START_WAIT)) {
			kprintf("ppcmmu: cpu %u (PIR 0x%x) did not come up (OPAL_START_CPU: %ld)\n", i, f->cpus[i].id,
				(long)rc);
			continue;
		}
		e64_cpu_state(index, &msr, &lpcr, &pir);
		kprintf("ppcmmu: cpu %u (PIR 0x%lx) up, translated (MSR 0x%016lx)\n", index, (unsigned long)pir,
			(unsigned long)msr);
	}
}

void b3_start(uint64_t dt_phys)
{
	static struct fdt_facts f;
	const char *note;
	uint64_t ram;
	bool have_tree;

	b3_core_init(0);	/* the boot core's state, for the fault paths (SPRG1) */
	layout.ram_size = BOARD_RAM_BYTES;
	layout.bootargs = BOARD_BOOTARGS;
	have_tree = fdt_read_facts(phys_to_virt(dt_phys), 1 << 20, &f) == 0;
	if (have_tree) {
		if (fdt_ram_size(&f, BOARD_RAM_BYTES, &ram, &note))
			panic("device tree at 0x%lx: %s", (unsigned long)dt_phys, note);
		if (note)
			kprintf("ppcmmu: device tree at 0x%lx: %s\n", (unsigned long)dt_phys, note);
		layout.ram_size = ram;
		if (f.bootargs && f.bootargs[0])
			layout.bootargs = f.bootargs;
	} else {
		kprintf("ppcmmu: no device tree at 0x%lx: board.cfg's RAM size and command line\n",
			(unsigned long)dt_phys);
	}
	/* RAM past the linear map's plan serves huge pages only (the pool's high range) */
	hugepool_set_high(B3_RAM_MAX, layout.ram_size > B3_RAM_MAX ? layout.ram_size : B3_RAM_MAX);
	if (layout.ram_size > B3_RAM_MAX) {
		kprintf("ppcmmu: RAM: %lu MB; the linear map covers %lu MB, the rest serves huge pages only\n",
			MB(layout.ram_size), MB(B3_RAM_MAX));
		layout.ram_size = B3_RAM_MAX;
	}
	kmem_set_layout("book3s64", B3_RAM_MAX, B3_KMAP_START, B3_KMAP_LAST, B3_USER_LAST);
	start_memory(dt_phys, have_tree ? &f : NULL);
	start_secondaries(have_tree ? &f : NULL);
	kernel_main();
}

/*
 * Power off through OPAL (QEMU then ends; its BMC carries the request).
 * The status cannot travel: the console's SUMMARY line says it.  Bounded:
 * if the machine is still running after POWER_OFF_POLLS polls, it says so
 * and stops.
 */
#define POWER_OFF_POLLS	1000000

void __attribute__((noreturn)) arch_exit(int status)
{
	unsigned long i;
	int64_t rc;

	(void)status;
	console_drain();
	/* what OPAL took is still in skiboot's buffer: out through the UART before the BMC powers off */
	for (i = 0; i < POWER_OFF_POLLS; i++) {
		rc = b3_opal_call(OPAL_CONSOLE_FLUSH, 0, 0, 0, 0);
		if (rc != OPAL_PARTIAL && rc != OPAL_BUSY && rc != OPAL_BUSY_EVENT)
			break;
		b3_opal_call(OPAL_POLL_EVENTS, 0, 0, 0, 0);
	}
	for (i = 0; i < POWER_OFF_POLLS; i++) {
		rc = b3_opal_call(OPAL_CEC_POWER_DOWN, 0, 0, 0, 0);
		if (rc != OPAL_BUSY && rc != OPAL_BUSY_EVENT)
			break;
		b3_opal_call(OPAL_POLL_EVENTS, 0, 0, 0, 0);
	}
	for (i = 0; i < POWER_OFF_POLLS; i++)
		b3_opal_call(OPAL_POLL_EVENTS, 0, 0, 0, 0);
	kprintf("ppcmmu: OPAL did not power the machine off (status %ld): stopped\n", (long)rc);
	console_drain();
	for (;;)
		__asm__ volatile("" : : : "memory");
}

/* The core's index: its state's place in b3_cores[] (SPRG1). */
unsigned int arch_this_cpu(void)
{
	return (unsigned int)(b3_core_me() - b3_cores);
}

unsigned int arch_cpus(void)
{
	return smp_online();
}

void icache_sync(const void *va, size_t len)
{
	uintptr_t a = (uintptr_t)va & ~(uintptr_t)127, end = (uintptr_t)va + len;

	for (; a < end; a += 128)
		__asm__ volatile("dcbst 0, %0; sync; icbi 0, %0" : : "r"(a) : "memory");
	__asm__ volatile("sync; isync" : : : "memory");
}

void page_zero(void *va, size_t len)
{
	memset(va, 0, len);
}

const char *arch_board_name(void)
{
	return BOARD_NAME;
}

/* The console is OPAL's (firmware calls): no UART the kernel addresses, no device window. */
paddr_t arch_console_pa(void)
{
	return 0;
}

void arch_device_window(paddr_t *pa, uint32_t *size, const char **name)
{
	*pa = 0;
	*size = 0;
	*name = "none (OPAL console)";
}

