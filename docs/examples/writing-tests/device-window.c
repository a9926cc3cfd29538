// SPDX-License-Identifier: BSD-2-Clause
/*
 * The worked example of docs/writing-tests.md: a device window mapped guarded
 * and cache-inhibited, a register read through it, a store to a read-only
 * alias that must fault, and the TLB entry the read left. make test builds it
 * with EXTRA_TESTS=docs/examples/writing-tests and runs it on qemu-mpc8544ds
 * (e500) and sim-mpc885 (MPC8xx).
 */
#include <string.h>
#include "ppcmmu/test.h"

/*
 * A console register the kernel set and leaves alone, and its value:
 * e500, the 16550's line control register (8 data bits, no parity, 1 stop);
 * MPC8xx, SMC1's mode register (UART, 8N1, transmitter and receiver on).
 */
struct console_reg {
	uint32_t offset;	/* from the console's registers */
	unsigned int bytes;
	uint32_t value;
	const char *name;
};

static const struct console_reg e500_lcr = { 3, 1, 0x03, "16550 LCR" };
static const struct console_reg mpc8xx_smcmr = { 2, 2, 0x4823, "SMC1 SMCMR" };

#define DEVICE_PROT	(PROT_READ | PROT_WRITE | PROT_NOCACHE | PROT_GUARDED)
#define ALIAS_PROT	(PROT_READ | PROT_NOCACHE | PROT_GUARDED)

PPCMMU_TEST("example-device-window", "board", "device window")
{
	const struct test_board *b = test_board();
	const struct console_reg *reg = !strcmp(b->family, "mpc8xx") ? &mpc8xx_smcmr : &e500_lcr;
	struct mm *k = test_kernel_space();
	paddr_t page = b->console_pa & ~(paddr_t)0xfff;
	uint32_t off = (uint32_t)(b->console_pa & 0xfff) + reg->offset;
	vaddr_t va = b->kernel_va, alias = b->kernel_va + 4096;
	struct test_tlb_entry e;
	struct test_fault f;
	struct walk_result w;
	uint32_t v;

	report_info("%s, %s at %s + 0x%lx", b->name, reg->name, b->devices_name,
		    (unsigned long)(page + off - b->devices_pa));
	if (!report_eq(map(k, va, page, 4096, DEVICE_PROT), 0, "map the page guarded, cache-inhibited"))
		return;

	/* the read takes a TLB miss: the entry it loads is the one checked below */
	test_tlb_flush();
	v = test_touch(va + off, TEST_LOAD, reg->bytes, 0);
	report_eq(v, reg->value, "%s read through the window", reg->name);

	report(test_tlb_lookup(va, 0, &e), "the read left a TLB entry");
	report_eq(e.pa, page, "its real page is the device page");
	report_eq(e.size, 4096, "it is a 4K page");
	report(is_set(e.prot, PROT_NOCACHE | PROT_GUARDED), "it is cache-inhibited and guarded");

	/* a second, read-only mapping of the same registers */
	report_eq(map(k, alias, page, 4096, ALIAS_PROT), 0, "map a read-only alias");
	report_eq(walk(k, alias, &w), 0, "walk the alias");
	report(is_clear(w.prot, PROT_WRITE), "the alias is not writable");
	/* store the value the register holds: harmless if the rule were broken */
	test_touch_fault(alias + off, TEST_STORE, reg->bytes, v, &f);
	report(f.faulted && is_eq(f.addr, alias + off) && f.store, "a store through the alias faults");
	report_info("the store's fault: %s, cause 0x%08lx", f.kind, (unsigned long)f.cause);
	report_eq(test_touch(va + off, TEST_LOAD, reg->bytes, 0), reg->value, "%s unchanged", reg->name);

	report_eq(unmap(k, alias, 4096), 0, "unmap the alias");
	report_eq(unmap(k, va, 4096), 0, "unmap the window");
}
