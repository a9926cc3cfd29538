/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The e500 64-bit half of the monitor (lib/monitor.h): TLB0/TLB1 through
 * tlbre with 64-bit EPNs, the page sizes the TLB1 registers report, and the
 * four levels of Linux's 64e table.
 */
#include <stdio.h>
#include <string.h>
#include "monitor/monitor.h"
#include "monitor/monitor-e500-tlb.h"
#include "lib/kprintf.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/e64.h"
#include "e500/e64-tlb.h"
#include "mmu/pte-e500.h"
#include "mmu/pgtable.h"

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })

static const char *size_text(uint64_t bytes, char *buf, size_t len)
{
	if (bytes >= 1ull << 30)
		snprintf(buf, len, "%luG", (unsigned long)(bytes >> 30));
	else if (bytes >= 1ull << 20)
		snprintf(buf, len, "%luM", (unsigned long)(bytes >> 20));
	else
		snprintf(buf, len, "%luK", (unsigned long)(bytes >> 10));
	return buf;
}

void mon_arch_info(void)
{
	unsigned int sets, ways, s;
	bool mav2;
	uint64_t shifts = e64_tlb1_page_shifts(&mav2);
	const char *sep = "";
	char buf[16];

	e64_tlb0_geometry(&sets, &ways);
	kprintf("core PVR 0x%08lx, SVR 0x%08lx, 64-bit mode (MSR[CM]), MMU architecture %s\n",
		(unsigned long)mfspr(SPRN_PVR), (unsigned long)mfspr(SPRN_SVR),
		mav2 ? "2.0" : "1.0");
	kprintf("TLB0: %u entries, %u sets of %u ways, 4K pages; TLB1: %u entries, huge pages in slots "
		"0..%u\n", sets * ways, sets, ways, e64_tlb1_entries(), E64_HUGE_SLOTS - 1);
	kprintf("TLB1 page sizes (%s): ", mav2 ? "TLB1PS" : "TLB1CFG MINSIZE..MAXSIZE");
	for (s = 0; s < 64; s++)
		if (shifts & (1ull << s)) {
			kprintf("%s%s", sep, size_text(1ull << s, buf, sizeof(buf)));
			sep = " ";
		}
	kprintf("\npage table: 4 levels, index bits 9/9/7/9 (PGD 128G, PUD 256M, PMD 2M, PTE 4K per "
		"entry); huge pages: leaf PMD runs 2M..128M, leaf PUD runs 256M..128G (the sizes above that the format holds)\n");
}

static void print_tsize(uint32_t mas1)
{
	char buf[16];

	kprintf("%5s", size_text(1024ull << E64_MAS1_TSIZE_LOG2K(mas1), buf, sizeof(buf)));
}

void mon_arch_tlb_line(const struct tlb_info *t)
{
	uint32_t mas1 = t->raw[0], mas2 = t->raw[1], mas3 = t->raw[2], mas7 = t->raw[3];

	kprintf("%c EPN 0x%016lx RPN 0x%02lx_%08lx ", mas1 & MAS1_VALID ? 'V' : '-',
		(unsigned long)t->va, (unsigned long)(mas7 & 0xff), (unsigned long)(mas3 & MAS3_RPN_MASK));
	print_tsize(mas1);
	kprintf(" TID %3lu TS%u WIMGE %c%c%c%c%c %s%s%s%s%s%s %s",
		(unsigned long)((mas1 & E64_MAS1_TID_MASK) >> MAS1_TID_SHIFT), mas1 & MAS1_TS ? 1 : 0,
		mas2 & MAS2_W ? 'W' : '-', mas2 & MAS2_I ? 'I' : '-', mas2 & MAS2_M ? 'M' : '-',
		mas2 & MAS2_G ? 'G' : '-', mas2 & MAS2_E ? 'E' : '-',
		mas3 & MAS3_UX ? "UX" : "--", mas3 & MAS3_SX ? "SX" : "--", mas3 & MAS3_UW ? "UW" : "--",
		mas3 & MAS3_SW ? "SW" : "--", mas3 & MAS3_UR ? "UR" : "--", mas3 & MAS3_SR ? "SR" : "--",
		mas1 & MAS1_IPROT ? "IPROT" : "-----");
}

static bool tlb0_read(unsigned int set, unsigned int way, struct tlb_info *t)
{
	return e64_tlb_read(0, set, way, t);
}

static bool tlb1_read(unsigned int esel, struct tlb_info *t)
{
	return e64_tlb_read(1, 0, esel, t);
}

const struct e500_tlb_view e500_tlb_view = {
	.tlb0_geometry = e64_tlb0_geometry,
	.tlb0_read = tlb0_read,
	.tlb1_entries = e64_tlb1_entries,
	.tlb1_read = tlb1_read,
	.tlb1_slot_use = e64_tlb1_slot_use,
	.tlb1_pad = " ",
};

void mon_arch_entry_flags(uint64_t e, int level)
{
	static const char *const names[] = { "", "PGD", "PUD", "PMD", "PTE" };
	uint32_t lo = (uint32_t)e;

	if (!e) {
		kprintf("(empty)");
		return;
	}
	if (level < (int)pt_geo.levels && !pmd_leaf(e)) {
		kprintf("(%s entry: table at 0x%016lx)", names[level], (unsigned long)(uintptr_t)pmd_table(e));
		return;
	}
	kprintf("(%s leaf: RPN 0x%02lx_%08lx TSIZE %lu%s %s%s%s%s%s%s%s%s%s%s%s%s)", names[level],
		(unsigned long)(pte_pa(e) >> 32), (unsigned long)(uint32_t)pte_pa(e),
		(unsigned long)((lo & _PAGE_PSIZE_MSK) >> 8), lo & _PAGE_PSIZE_ODD ? " ODD" : "",
		lo & _PAGE_PRESENT ? "P" : "-", lo & _PAGE_ACCESSED ? " A" : "", lo & _PAGE_DIRTY ? " D" : "",
		lo & _PAGE_BAP_SR ? " SR" : "", lo & _PAGE_BAP_SW ? " SW" : "", lo & _PAGE_BAP_SX ? " SX" : "",
		lo & _PAGE_BAP_UR ? " UR" : "", lo & _PAGE_BAP_UW ? " UW" : "", lo & _PAGE_BAP_UX ? " UX" : "",
		lo & _PAGE_NO_CACHE ? " I" : "", lo & _PAGE_GUARDED ? " G" : "", lo & _PAGE_COHERENT ? " M" : "");
}

void mon_arch_cause(const struct fault_record *f)
{
	kprintf("(ESR 0x%08lx%s)", (unsigned long)f->cause, f->cause & ESR_ST ? ": a store" : "");
}

void mon_arch_stats(void)
{
}

void mon_arch_reset(void)
{
	kprintf("reset: the board powers off (under QEMU that ends the run)\n");
	arch_exit(0);
}

/* CCSR: where the boot code pinned it in TLB1 (from the device tree or board.cfg). */
const char *mon_arch_device_window(paddr_t pa, uint64_t size)
{
	struct tlb_info t;

	if (e64_tlb_read(1, 0, e64_tlb1_entries() - 1 - E64_TLB1_CCSR, &t) && pa >= t.pa &&
	    pa + size <= t.pa + t.size)
		return "CCSR";
	return NULL;
}
