/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The MPC8xx half of the monitor (monitor/monitor.h): ITLB and DTLB through the
 * debug CAM/RAM registers, DSISR/SRR1 causes, PTE and PMD flags.
 */
#include <string.h>
#include "monitor/monitor.h"
#include "lib/kprintf.h"
#include "include/spr.h"
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mmu/pte-mpc8xx.h"
#include "mmu/pgtable.h"
#include "tlb/mpc8xx-tlb.h"
#include "mpc8xx/immr.h"

extern unsigned int mpc8xx_dar_fixups;

void mon_arch_info(void)
{
	kprintf("core PVR 0x%08lx, IMMR 0x%08lx\n", (unsigned long)mfspr(SPRN_PVR),
		(unsigned long)mfspr(SPRN_IMMR));
	kprintf("ITLB and DTLB: %u entries each, fully associative, %u..%u pinned (RSV4); "
		"pages 4K 16K 512K 8M\n", TLB_ENTRIES, TLB_FIRST_PINNED, TLB_ENTRIES - 1);
}

static const char *ps_name(uint32_t twc, uint32_t rpn)
{
	switch (twc & MX_TWC_PS_MASK) {
	case MX_TWC_PS_8M:
		return "  8M";
	case MX_TWC_PS_512K:
		return "512K";
	default:
		return (rpn & MX_RPN_SPS) ? " 16K" : "  4K";
	}
}

void mon_arch_tlb_line(const struct tlb_info *t)
{
	uint32_t cam = t->raw[0], twc = t->raw[1], rpn = t->raw[2];

	kprintf("%c EPN 0x%08lx RPN 0x%08lx %s ASID %2lu %s PP %lu%lu %s APG %2lu %s %s %s %s%s subpages 0x%lx",
		cam & MX_EPN_EV ? 'V' : '-', (unsigned long)(cam & MX_EPN_MASK),
		(unsigned long)(rpn & MX_RPN_MASK), ps_name(twc, rpn),
		(unsigned long)(cam & MX_EPN_ASID_MASK), rpn & MX_RPN_SH ? "SH" : "--",
		(unsigned long)((rpn >> (MX_RPN_PP_SHIFT + 1)) & 1), (unsigned long)((rpn >> MX_RPN_PP_SHIFT) & 1),
		rpn & MX_RPN_E ? "E" : "-", (unsigned long)((twc & MX_TWC_APG_MASK) >> MX_TWC_APG_SHIFT),
		rpn & MX_RPN_C ? "C" : "-", twc & MX_TWC_G ? "G" : "-", rpn & MX_RPN_CI ? "CI" : "--",
		rpn & MX_RPN_V ? "V" : "-", t->level ? "" : (twc & MD_TWC_WT ? " WT" : " --"),
		(unsigned long)((rpn & MX_RPN_SUBPAGES) >> 4));
}

static void dump_one(bool insn, bool all)
{
	struct tlb_info t;
	unsigned int i, valid = 0;

	for (i = 0; i < TLB_ENTRIES; i++) {
		bool v = mpc8xx_tlb_read(insn, i, &t);

		valid += v;
		if (!v && !all)
			continue;
		kprintf("%s %2u%s: ", insn ? "ITLB" : "DTLB", i, i >= TLB_FIRST_PINNED ? "*" : " ");
		mon_arch_tlb_line(&t);
		kprintf("\n");
	}
	kprintf("%s: %u of %u entries valid (* pinned)\n", insn ? "ITLB" : "DTLB", valid, TLB_ENTRIES);
}

bool mon_arch_tlb(const char *which, bool all)
{
	bool i = !which || !strcmp(which, "i"), d = !which || !strcmp(which, "d");

	if (!i && !d)
		return false;
	if (i)
		dump_one(true, all);
	if (d)
		dump_one(false, all);
	return true;
}

void mon_arch_entry_flags(uint64_t e, int level)
{
	uint32_t v = (uint32_t)e;

	if (!v) {
		kprintf("(empty)");
		return;
	}
	if (level == WALK_LEVEL_PGD) {
		kprintf("(PMD: table at 0x%08lx%s%s%s)", (unsigned long)(v & _PMD_TABLE_MASK),
			v & _PMD_PRESENT ? " V" : "", (v & _PMD_PAGE_MASK) == _PMD_PAGE_8M ? " PS=8M" : "",
			v & _PMD_USER ? " USER" : "");
		return;
	}
	kprintf("(RPN 0x%08lx%s%s%s%s%s%s%s%s%s%s)", (unsigned long)(v & _PAGE_RPN_MASK),
		v & _PAGE_PRESENT ? " V" : " -", v & _PAGE_SPS ? " SPS" : "", v & _PAGE_HUGE ? " HUGE" : "",
		v & _PAGE_SH ? " SH" : "", v & _PAGE_ACCESSED ? " A" : "", v & _PAGE_DIRTY ? " C" : "",
		(v & _PAGE_PP_MASK) == _PAGE_NA ? " NA" : (v & _PAGE_PP_MASK) == _PAGE_RO ? " RO" : " RW",
		v & _PAGE_EXEC ? " X" : "", v & _PAGE_NO_CACHE ? " CI" : "", v & _PAGE_GUARDED ? " G" : "");
}

void mon_arch_cause(const struct fault_record *f)
{
	kprintf("(%s:%s%s%s%s)", f->kind == FAULT_TLB_INST || f->kind == FAULT_PROT_INST ? "SRR1" : "DSISR",
		f->cause & DSISR_NOTRANS ? " no translation" : "",
		f->cause & DSISR_PROT ? " protection" : "",
		f->cause & DSISR_STORE ? " store" : "", f->cause & SRR1_ISI_GUARD ? " guarded" : "");
}

void mon_arch_stats(void)
{
	kprintf("dcbX DAR fix-ups: %u\n", mpc8xx_dar_fixups);
}

void mon_arch_reset(void)
{
	kprintf("reset: this board has no reset the kernel can request; the run ends\n");
	arch_exit(0);
}

const char *mon_arch_device_window(paddr_t pa, uint64_t size)
{
	return pa >= IMMR_BASE && pa + size <= (uint64_t)IMMR_BASE + IMMR_SIZE ? "IMMR" : NULL;
}
