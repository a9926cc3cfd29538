/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * e500 core differences (e500/core.h): the hypervisor state an e500mc needs
 * when this kernel is its only software, and the L1 line size every cache
 * loop uses.
 */
#include <string.h>
#include "include/arch.h"
#include "include/kernel.h"
#include "e500/core.h"
#include "e500/mas.h"
#include "e500/tlb1.h"
#include "lib/kprintf.h"

#define KERNEL_OFFSET(sym)	((uint32_t)(uintptr_t)(sym) - KERNEL_VA)

static bool mas8_missing;

bool e500mc_mas8_readable(void)
{
	return core_is_e500mc() && !mas8_missing;
}

void e500mc_hv_setup(void)
{
	if (!core_is_e500mc())
		return;
	mtspr(SPRN_EPCR, EPCR_KERNEL);
	mtspr(SPRN_MSRP, MSRP_KERNEL);
	mtspr(SPRN_LPIDR, LPIDR_KERNEL);
	mtspr(SPRN_MAS5, 0);
	mtspr(SPRN_MAS8, MAS8_KERNEL);
	mas8_missing = MFSPR_OR_SENTINEL(SPRN_MAS8) == SPR_SENTINEL;	/* it reads 0 where it exists */
	mtspr(SPRN_IVOR36, KERNEL_OFFSET(e500_vec_doorbell));
	mtspr(SPRN_IVOR36 + 1, KERNEL_OFFSET(e500_vec_doorbell_crit));
	mtspr(SPRN_IVOR38, KERNEL_OFFSET(e500_vec_guest_doorbell));
	mtspr(SPRN_IVOR38 + 1, KERNEL_OFFSET(e500_vec_guest_doorbell_crit));
	mtspr(SPRN_IVOR38 + 2, KERNEL_OFFSET(e500_vec_hcall));
	mtspr(SPRN_IVOR38 + 3, KERNEL_OFFSET(e500_vec_ehpriv));
	__asm__ volatile("isync" : : : "memory");
}

static unsigned int line_of(uint32_t l1cfg)
{
	return 32u << ((l1cfg >> L1CFG_CBSIZE_SHIFT) & L1CFG_CBSIZE_MASK);
}

unsigned int l1cfg_line_bytes(void)
{
	unsigned int d = line_of(mfspr(SPRN_L1CFG0)), i = line_of(mfspr(SPRN_L1CFG1));

	return d < i ? d : i;
}

static unsigned int line_bytes;		/* 0 until the first use: L1CFGn alone */

unsigned int cache_line_bytes(void)
{
	if (!line_bytes)
		line_bytes = l1cfg_line_bytes();
	return line_bytes;
}

/*
 * A line size that is too large would skip lines (dcbz would leave bytes,
 * dcbst/icbi miss code), one too small only repeats work: where L1CFGn and
 * the device tree disagree the smaller one is used, and said.  QEMU 7.2's
 * e500mc is such a case: L1CFG0[CBSIZE] = 2 (128 bytes) while its dcbz
 * clears 64 and its device tree says 64.
 */
void cache_line_from_dt(uint32_t dcache, uint32_t icache)
{
	unsigned int cfg = l1cfg_line_bytes(), dt = 0, use;

	if (dcache && icache)
		dt = dcache < icache ? dcache : icache;
	else
		dt = dcache ? dcache : icache;
	if (dt & (dt - 1) || (dt && dt < 16))
		dt = 0;			/* not a power of two of at least 16: ignored */
	use = dt && dt < cfg ? dt : cfg;
	if (dt && dt != cfg)
		kprintf("ppcmmu: L1 line: L1CFG0/1 say %u bytes, the device tree %lu: %u used\n", cfg,
			(unsigned long)dt, use);
	line_bytes = use;
}

void dcache_zero(void *va, size_t len)
{
	uintptr_t p = (uintptr_t)va, end = p + len;
	unsigned int step = cache_line_bytes();

	for (; p < end; p += step)
		__asm__ volatile("dcbz 0, %0" : : "r"(p) : "memory");
}

/*
 * Page tables: zeroed a line at a time with dcbz (no read of the old
 * contents from memory) while the L1 data cache is on; with it off (QEMU's
 * -kernel start leaves L1CSR0 0, the kernel does not turn it on) the e500
 * may take an alignment interrupt on dcbz, so plain stores.
 */
void page_zero(void *va, size_t len)
{
	if (mfspr(SPRN_L1CSR0) & L1CSR0_CE)
		dcache_zero(va, len);
	else
		memset(va, 0, len);
}

void icache_sync(const void *va, size_t len)
{
	unsigned int step = cache_line_bytes();
	uintptr_t start = (uintptr_t)va & ~(uintptr_t)(step - 1), end = (uintptr_t)va + len, p;

	for (p = start; p < end; p += step)
		__asm__ volatile("dcbst 0, %0" : : "r"(p) : "memory");
	__asm__ volatile("msync" : : : "memory");
	for (p = start; p < end; p += step)
		__asm__ volatile("icbi 0, %0" : : "r"(p) : "memory");
	__asm__ volatile("msync; isync" : : : "memory");
}
