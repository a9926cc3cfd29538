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
#include "drivers/opal-console.h"
#include "lib/fdt.h"
#include "lib/kprintf.h"
#include "mmu/palloc.h"
#include "mmu/pt-linear.h"
#include "hugetlb/pool.h"
#include "tlb/fault.h"
#include "tlb/book3s64-hash.h"

#define MB(bytes)	((unsigned long)((bytes) >> 20))
#define LOW_RESERVED	0x10000		/* the vectors and what the architecture keeps below 64 KB */
#define FDT_RSV_OFFSET	16		/* header word: offset of the reserve map */
#define FDT_RSV_MAX	64		/* reserve-map entries read at most */

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })

void b3_start(uint64_t dt_phys);
void b3_trap(struct b3_regs *r);

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
	b3_kmap_pgd_pa = virt_to_phys(kernel_mm.pgd);
	kprintf("ppcmmu: POWER8 (PVR 0x%08lx, PIR 0x%lx) in hypervisor mode, %lu MB RAM, %u firmware "
		"ranges reserved, OPAL console\n", (unsigned long)mfspr(SPRN_PVR),
		(unsigned long)mfspr(SPRN_PIR), MB(ram), rsv);
	b3_hash_report();
	kmem_check_pool(pool_err);
}

void b3_start(uint64_t dt_phys)
{
	static struct fdt_facts f;
	const char *note;
	uint64_t ram;
	bool have_tree;

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
	if (layout.ram_size > B3_RAM_MAX) {
		kprintf("ppcmmu: RAM: %lu MB claimed; the linear map covers %lu MB: capped\n",
			MB(layout.ram_size), MB(B3_RAM_MAX));
		layout.ram_size = B3_RAM_MAX;
	}
	kmem_set_layout("book3s64", B3_RAM_MAX, B3_KMAP_START, B3_KMAP_LAST, B3_USER_LAST);
	start_memory(dt_phys, have_tree ? &f : NULL);
	kernel_main();
}

static const char *vector_name(uint64_t v)
{
	switch (v) {
	case VEC_SRESET: return "system reset";
	case VEC_MCHECK: return "machine check";
	case VEC_DSI: return "data storage";
	case VEC_DSEG: return "data segment";
	case VEC_ISI: return "instruction storage";
	case VEC_ISEG: return "instruction segment";
	case VEC_EXTERNAL: return "external";
	case VEC_ALIGN: return "alignment";
	case VEC_PROGRAM: return "program";
	case VEC_FPUNAVAIL: return "FP unavailable";
	case VEC_DEC: return "decrementer";
	case VEC_HDEC: return "hypervisor decrementer";
	case VEC_SYSCALL: return "system call";
	case VEC_TRACE: return "trace";
	case VEC_HDSI: return "hypervisor data storage";
	case VEC_HISI: return "hypervisor instruction storage";
	case VEC_HEMUL: return "hypervisor emulation assistance";
	case VEC_HMI: return "hypervisor maintenance";
	case VEC_HDOORBELL: return "hypervisor doorbell";
	case VEC_PERFMON: return "performance monitor";
	case VEC_VMXUNAVAIL: return "VMX unavailable";
	case VEC_VSXUNAVAIL: return "VSX unavailable";
	case VEC_FACUNAVAIL: return "facility unavailable";
	case VEC_HFACUNAVAIL: return "hypervisor facility unavailable";
	default: return "?";
	}
}

static size_t dump_regs(const struct b3_regs *r, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i;

	n += (size_t)snprintf(buf + n, len - n, "  %sSRR0 %016lx %sSRR1 %016lx DAR %016lx DSISR %08lx\n"
			      "  LR   %016lx CTR  %016lx CR   %08lx XER %08lx",
			      r->hv ? "H" : "", (unsigned long)r->srr0, r->hv ? "H" : "",
			      (unsigned long)r->srr1, (unsigned long)r->dar, (unsigned long)r->dsisr,
			      (unsigned long)r->lr, (unsigned long)r->ctr, (unsigned long)r->cr,
			      (unsigned long)r->xer);
	for (i = 0; i < 32 && n < len; i += 4)
		n += (size_t)snprintf(buf + n, len - n, "\n  r%-2u %016lx %016lx %016lx %016lx", i,
				      (unsigned long)r->gpr[i], (unsigned long)r->gpr[i + 1],
				      (unsigned long)r->gpr[i + 2], (unsigned long)r->gpr[i + 3]);
	return n;
}

/*
 * A storage fault the hash-fault path refused: one a test or the monitor
 * declared (expect_fault) resumes after the access (a fetch: at LR, the
 * caller of the code); any other is reported and abandons the test or
 * command (fault_unexpected).
 */
static void b3_fault(struct b3_regs *r, enum fault_kind kind, vaddr_t addr, uint32_t cause, bool store)
{
	static char text[2048];
	struct fault_record f = {
		.kind = kind, .vector = (uint32_t)r->vector, .addr = addr, .pc = r->srr0,
		.cause = cause, .store = store, .user = (r->srr1 & MSR_PR) != 0,
	};

	if (fault_expected(&f)) {
		r->srr0 = kind == FAULT_TLB_INST || kind == FAULT_PROT_INST ? r->lr : r->srr0 + 4;
		return;
	}
	snprintf(text, sizeof(text), "vector 0x%lx (%s)\n", (unsigned long)r->vector, vector_name(r->vector));
	dump_regs(r, text + strlen(text), sizeof(text) - strlen(text));
	fault_unexpected(&f, text);
	panic("fault_unexpected returned");
}

/* Every interrupt that reaches C: storage and segment faults the hash path leaves, anything else ends the run. */
void b3_trap(struct b3_regs *r)
{
	static char text[2048];
	enum fault_kind kind;

	switch (r->vector) {
	case VEC_DSI:
	case VEC_DSEG:
		if (b3_hash_fault(r))
			return;
		kind = r->vector == VEC_DSEG || (r->dsisr & DSISR_NOHPTE) ? FAULT_TLB_DATA : FAULT_PROT_DATA;
		/* a data segment interrupt leaves DSISR as it was: no cause, no store bit */
		if (r->vector == VEC_DSEG)
			b3_fault(r, kind, r->dar, 0, false);
		else
			b3_fault(r, kind, r->dar, (uint32_t)r->dsisr, (r->dsisr & DSISR_ISSTORE) != 0);
		return;
	case VEC_ISI:
	case VEC_ISEG:
		if (b3_hash_fault(r))
			return;
		kind = r->vector == VEC_ISEG || (r->srr1 & SRR1_ISI_NOHPTE) ? FAULT_TLB_INST : FAULT_PROT_INST;
		b3_fault(r, kind, r->srr0, (uint32_t)r->srr1, false);
		return;
	default:
		break;
	}
	dump_regs(r, text, sizeof(text));
	kprintf("\nppcmmu: unexpected interrupt: vector 0x%lx (%s)\n%s\n", (unsigned long)r->vector,
		vector_name(r->vector), text);
	arch_exit(1);
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

unsigned int arch_this_cpu(void)
{
	return 0;
}

unsigned int arch_cpus(void)
{
	return 1;
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

const char *fault_kind_name(enum fault_kind k)
{
	static const char *const names[] = {
		[FAULT_NONE] = "none", [FAULT_TLB_DATA] = "data hash or segment miss",
		[FAULT_TLB_INST] = "instruction hash or segment miss", [FAULT_PROT_DATA] = "data storage fault",
		[FAULT_PROT_INST] = "instruction storage fault", [FAULT_OTHER] = "other interrupt",
	};

	return (unsigned int)k <= FAULT_OTHER ? names[k] : "?";
}

/* No user mode on book3s/64 yet: no user space is ever running. */
struct mm *fault_user_mm(void)
{
	return NULL;
}

/* No user mode on book3s/64 yet: a caller stops the run, saying so. */
int user_call(struct mm *mm, vaddr_t pc, vaddr_t arg, uint32_t *result)
{
	(void)mm;
	(void)arg;
	(void)result;
	panic("user_call(0x%016lx): user mode is not built for book3s/64 yet", (unsigned long)pc);
}
