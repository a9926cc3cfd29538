/* SPDX-License-Identifier: BSD-2-Clause */
/* The e500 half of the monitor (monitor/monitor.h): TLB0/TLB1 through tlbre, ESR, PTE flags. */
#include <string.h>
#include "monitor/monitor.h"
#include "monitor/monitor-e500-tlb.h"
#include "lib/kprintf.h"
#include "include/spr.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/frame.h"
#include "mmu/pte-e500.h"
#include "mmu/pgtable.h"
#include "tlb/e500-tlb.h"
#include "e500/core.h"
#include "smp/e500-smp.h"
#include "e500/tlb1.h"

void mon_arch_info(void)
{
	unsigned int sets, ways, c;

	tlb0_geometry(&sets, &ways);
	kprintf("core PVR 0x%08lx, SVR 0x%08lx\n", (unsigned long)mfspr(SPRN_PVR),
		(unsigned long)mfspr(SPRN_SVR));
	for (c = 0; c < smp_cpus(); c++)
		kprintf("cpu %u: PIR %lu, %s%s\n", c, (unsigned long)smp_pir(c), smp_state_name(smp_state(c)),
			c == smp_this_cpu() ? " (this one)" : "");
	kprintf("TLB0: %u entries, %u sets of %u ways, 4K pages; TLB1: %u entries, fully associative, "
		"huge pages in slots 0..%u, fixed entries in %u..%u\n", sets * ways, sets, ways,
		tlb1_entries(), TLB1_HUGE_SLOTS - 1, tlb1_fixed_slot(TLB1_FIXED - 1),
		tlb1_fixed_slot(0));
}

/* Page size of an entry, as 4^TSIZE KB. */
static void print_tsize(uint32_t mas1)
{
	unsigned int ts = (mas1 & MAS1_TSIZE_MASK) >> MAS1_TSIZE_SHIFT;
	unsigned long kb = 1ul << (2 * ts);

	if (kb >= 1024 * 1024)
		kprintf("%4luG", kb >> 20);
	else if (kb >= 1024)
		kprintf("%4luM", kb >> 10);
	else
		kprintf("%4luK", kb);
}

void mon_arch_tlb_line(const struct tlb_info *t)
{
	uint32_t mas1 = t->raw[0], mas2 = t->raw[1], mas3 = t->raw[2], mas7 = t->raw[3];

	kprintf("%c EPN 0x%08lx RPN 0x%lx_%08lx ", mas1 & MAS1_VALID ? 'V' : '-',
		(unsigned long)(mas2 & MAS2_EPN_MASK), (unsigned long)(mas7 & MAS7_RPN_HI_MASK),
		(unsigned long)(mas3 & MAS3_RPN_MASK));
	print_tsize(mas1);
	kprintf(" TID %3lu TS%u WIMGE %c%c%c%c%c %s%s%s%s%s%s %s",
		(unsigned long)((mas1 & MAS1_TID_MASK) >> MAS1_TID_SHIFT), mas1 & MAS1_TS ? 1 : 0,
		mas2 & MAS2_W ? 'W' : '-', mas2 & MAS2_I ? 'I' : '-', mas2 & MAS2_M ? 'M' : '-',
		mas2 & MAS2_G ? 'G' : '-', mas2 & MAS2_E ? 'E' : '-',
		mas3 & MAS3_UX ? "UX" : "--", mas3 & MAS3_SX ? "SX" : "--", mas3 & MAS3_UW ? "UW" : "--",
		mas3 & MAS3_SW ? "SW" : "--", mas3 & MAS3_UR ? "UR" : "--", mas3 & MAS3_SR ? "SR" : "--",
		mas1 & MAS1_IPROT ? "IPROT" : "-----");
	if (e500mc_mas8_readable())	/* TGS, VF, TLPID: 0 for every entry the kernel writes */
		kprintf(" MAS8 0x%08lx", (unsigned long)t->raw[4]);
	else if (core_is_e500mc())
		kprintf(" MAS8 none");	/* the core does not implement it (QEMU 7.2) */
}

const struct e500_tlb_view e500_tlb_view = {
	.tlb0_geometry = tlb0_geometry,
	.tlb0_read = tlb0_read,
	.tlb1_entries = tlb1_entries,
	.tlb1_read = tlb1_read,
	.tlb1_slot_use = tlb1_slot_use,
	.tlb1_pad = "        ",
};

void mon_arch_entry_flags(uint64_t e, int level)
{
	uint32_t lo = (uint32_t)e;

	if (!e) {
		kprintf("(empty)");
		return;
	}
	if (level == WALK_LEVEL_PGD && !pmd_leaf(e)) {
		kprintf("(table at 0x%08lx)", (unsigned long)(uintptr_t)pmd_table(e));
		return;
	}
	kprintf("(RPN 0x%lx_%08lx TSIZE %lu %s%s%s%s%s%s%s%s%s%s%s%s)",
		(unsigned long)(pte_pa(e) >> 32), (unsigned long)(uint32_t)pte_pa(e),
		(unsigned long)((lo & _PAGE_PSIZE_MSK) >> 8),
		lo & _PAGE_PRESENT ? "P" : "-", lo & _PAGE_ACCESSED ? " A" : "", lo & _PAGE_DIRTY ? " D" : "",
		lo & _PAGE_BAP_SR ? " SR" : "", lo & _PAGE_BAP_SW ? " SW" : "", lo & _PAGE_BAP_SX ? " SX" : "",
		lo & _PAGE_BAP_UR ? " UR" : "", lo & _PAGE_BAP_UW ? " UW" : "", lo & _PAGE_BAP_UX ? " UX" : "",
		lo & _PAGE_NO_CACHE ? " I" : "", lo & _PAGE_GUARDED ? " G" : "", lo & _PAGE_COHERENT ? " M" : "");
}

void mon_arch_cause(const struct fault_record *f)
{
	if (!(f->cause & (ESR_ST | ESR_PIL | ESR_PPR | ESR_PTR | ESR_DLK | ESR_ILK | ESR_BO))) {
		kprintf("(ESR: no bits set: a load, or a fetch)");
		return;
	}
	kprintf("(ESR:%s%s%s%s%s%s%s)", f->cause & ESR_ST ? " ST" : "", f->cause & ESR_PIL ? " PIL" : "",
		f->cause & ESR_PPR ? " PPR" : "", f->cause & ESR_PTR ? " PTR" : "",
		f->cause & ESR_DLK ? " DLK" : "", f->cause & ESR_ILK ? " ILK" : "",
		f->cause & ESR_BO ? " BO" : "");
}

/* e500 has no counter of its own beyond the shared ones. */
void mon_arch_stats(void)
{
}

void mon_arch_reset(void)
{
	kprintf("reset: the board resets (under QEMU with -no-reboot that ends the run)\n");
	arch_exit(0);
}

/* CCSR: where the boot code pinned it in TLB1 (found from the device tree or board.cfg). */
const char *mon_arch_device_window(paddr_t pa, uint64_t size)
{
	struct tlb_info t;

	if (tlb1_read(tlb1_fixed_slot(TLB1_CCSR), &t) && t.valid && pa >= t.pa &&
	    pa + size <= t.pa + t.size)
		return "CCSR";
	return NULL;
}
