/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The book3s/64 half of the monitor (monitor/monitor.h): the SLB entries,
 * the HPTEs of the hashed page table, and the four levels of Linux's
 * hash-4k table.  "tlb slb" prints the SLB, "tlb hpt" the valid HPTEs
 * (both with "tlb"); the walk prints the HPTE translating an address.
 */
#include <string.h>
#include "monitor/monitor.h"
#include "lib/kprintf.h"
#include "include/book3s64/hash.h"
#include "mmu/pte-book3s64.h"
#include "mmu/pgtable.h"
#include "tlb/book3s64-hash.h"

#define mfspr(n) ({ uint64_t v__; __asm__ volatile("mfspr %0, %1" : "=r"(v__) : "i"(n)); v__; })

static const char *llp_name(uint64_t vsid_word)
{
	switch (vsid_word & SLB_VSID_LLP_MASK) {
	case SLB_VSID_LLP_4K: return "4K";
	case SLB_VSID_LLP_16M: return "16M";
	case SLB_VSID_LLP_16G: return "16G";
	default: return "?";
	}
}

void mon_arch_info(void)
{
	struct b3_hpt_info h;
	struct b3_counts c;

	b3_hpt_info(&h);
	b3_counts(&c);
	kprintf("core PVR 0x%08lx PIR 0x%lx, hypervisor mode, MSR 0x%016lx, LPCR 0x%016lx\n",
		(unsigned long)mfspr(SPRN_PVR), (unsigned long)mfspr(SPRN_PIR),
		(unsigned long)({ uint64_t m; __asm__ volatile("mfmsr %0" : "=r"(m)); m; }),
		(unsigned long)mfspr(SPRN_LPCR));
	kprintf("hash table: %lu KB at 0x%lx, %lu groups of 8, SDR1 0x%lx, %u bolted entries; SLB: %u entries "
		"(0: the linear map)\n", (unsigned long)(h.bytes >> 10), (unsigned long)h.base,
		(unsigned long)h.groups, (unsigned long)h.sdr1, h.bolted, SLB_ENTRIES);
	kprintf("faults: %lu segment misses (%lu in C), %lu hash misses resolved, %lu refused; %lu HPTEs "
		"inserted, %lu evicted, %lu tlbie\n", c.slb_miss, c.slb_miss_c, c.hash_miss, c.refused, c.inserts,
		c.evictions, c.invalidates);
	kprintf("page table: 4 levels, index bits 9/9/7/9 (PGD 128G, PUD 256M, PMD 2M, PTE 4K per entry); "
		"huge pages: 16M = 8 leaf PMD entries, 16G = 64 leaf PUD entries\n");
}

/* One HPTE as tlb_lookup() gives it: raw[0..1] dw0, raw[2..3] dw1, raw[4] the slot number. */
void mon_arch_tlb_line(const struct tlb_info *t)
{
	uint64_t v = (uint64_t)t->raw[0] << 32 | t->raw[1], r = (uint64_t)t->raw[2] << 32 | t->raw[3];

	kprintf("HPTE group 0x%lx slot %lu%s: V %016lx R %016lx  %s seg, %s, RPN 0x%lx, pp %lu%lu%lu %s%s%s%s%s%s",
		(unsigned long)(t->raw[4] / HPTES_PER_GROUP), (unsigned long)(t->raw[4] % HPTES_PER_GROUP),
		v & HPTE_V_SECONDARY ? " (secondary)" : "", (unsigned long)v, (unsigned long)r,
		v & HPTE_V_B_1T ? "1T" : "256M", v & HPTE_V_LARGE ? (t->size ? "16M" : "16G") : "4K",
		(unsigned long)(t->pa >> 12), (unsigned long)((r & HPTE_R_PP0) != 0),
		(unsigned long)((r >> 1) & 1), (unsigned long)(r & 1),
		r & HPTE_R_R ? "R" : "-", r & HPTE_R_C ? "C" : "-", r & HPTE_R_I ? "I" : "-",
		r & HPTE_R_M ? "M" : "-", r & HPTE_R_G ? "G" : "-", r & HPTE_R_N ? "N" : "X");
	if (v & HPTE_V_BOLTED)
		kprintf(" bolted");
}

static void slb_dump(bool all)
{
	unsigned int i, valid = 0;

	for (i = 0; i < SLB_ENTRIES; i++) {
		uint64_t esid, vsid;
		bool tera;

		b3_slb_read(i, &esid, &vsid);
		if (!(esid & SLB_ESID_V) && !all)
			continue;
		valid += (esid & SLB_ESID_V) != 0;
		tera = (vsid & SLB_VSID_B_1T) != 0;
		kprintf("SLB %2u: %c ESID 0x%016lx %4s VSID 0x%010lx base %3s %s%s%s\n", i,
			esid & SLB_ESID_V ? 'V' : '-', (unsigned long)(esid & ~0xfffffffull),
			tera ? "1T" : "256M",
			(unsigned long)((vsid & ~SLB_VSID_B_1T & ~0xfffull) >> (tera ? SLB_VSID_SHIFT_1T : SLB_VSID_SHIFT)),
			llp_name(vsid), vsid & SLB_VSID_KS ? "Ks " : "", vsid & SLB_VSID_KP ? "Kp " : "",
			vsid & SLB_VSID_N ? "N" : "");
	}
	kprintf("SLB: %u of %u entries valid\n", valid, SLB_ENTRIES);
}

static void hpt_dump(bool all)
{
	struct b3_hpt_info h;
	uint64_t g, valid = 0, bolted = 0;
	unsigned int s;

	b3_hpt_info(&h);
	for (g = 0; g < h.groups; g++)
		for (s = 0; s < HPTES_PER_GROUP; s++) {
			uint64_t v, r;

			if (!b3_hpte_read(g, s, &v, &r))
				continue;
			valid++;
			if (v & HPTE_V_BOLTED) {
				bolted++;
				if (!all)
					continue;
			}
			kprintf("HPTE group 0x%lx slot %u: V %016lx R %016lx %s %s%s\n", (unsigned long)g, s,
				(unsigned long)v, (unsigned long)r, v & HPTE_V_B_1T ? "1T" : "256M",
				v & HPTE_V_LARGE ? "large" : "4K", v & HPTE_V_BOLTED ? " bolted" : "");
		}
	kprintf("HPT: %lu valid entries (%lu bolted%s)\n", (unsigned long)valid, (unsigned long)bolted,
		all ? "" : ", not listed; \"tlb hpt all\" lists them");
}

bool mon_arch_tlb(const char *which, bool all)
{
	bool s = !which || !strcmp(which, "slb"), h = !which || !strcmp(which, "hpt");

	if (!s && !h)
		return false;
	if (s)
		slb_dump(all);
	if (h)
		hpt_dump(all);
	return true;
}

void mon_arch_entry_flags(uint64_t e, int level)
{
	static const char *const names[] = { "", "PGD", "PUD", "PMD", "PTE" };

	if (!e) {
		kprintf("(empty)");
		return;
	}
	if (level < (int)pt_geo.levels && !pmd_leaf(e)) {
		kprintf("(%s entry: table at physical 0x%lx)", names[level],
			(unsigned long)(e & ~B3_TABLE_MASKED_BITS));
		return;
	}
	kprintf("(%s leaf: RPN 0x%lx %s%s%s%s%s%s%s%s%s", names[level], (unsigned long)(pte_pa(e) >> 12),
		e & _PAGE_PRESENT ? "P" : "-", e & _PAGE_ACCESSED ? " A" : "", e & _PAGE_DIRTY ? " D" : "",
		e & _PAGE_READ ? " R" : "", e & _PAGE_WRITE ? " W" : "", e & _PAGE_EXEC ? " X" : "",
		e & _PAGE_PRIVILEGED ? " priv" : " user",
		(e & _PAGE_CACHE_MASK) == _PAGE_TOLERANT ? " I" : "",
		(e & _PAGE_CACHE_MASK) == _PAGE_NON_IDEMPOTENT ? " IG" : "");
	if (e & H_PAGE_HASHPTE)
		kprintf(" HPTE in %s group slot %lu", e & H_PAGE_F_SECOND ? "secondary" : "primary",
			(unsigned long)((e & H_PAGE_F_GIX) >> H_PAGE_F_GIX_SHIFT));
	kprintf(")");
}

void mon_arch_cause(const struct fault_record *f)
{
	if (f->vector == VEC_DSEG || f->vector == VEC_ISEG) {
		kprintf("(%s segment interrupt: no SLB entry, and no page mapped to make one for)",
			f->vector == VEC_DSEG ? "data" : "instruction");
		return;
	}
	kprintf("(%s 0x%08lx%s)", f->vector == VEC_ISI || f->vector == VEC_ISEG ? "SRR1" : "DSISR",
		(unsigned long)f->cause, f->store ? ": a store" : "");
}

void mon_arch_stats(void)
{
	struct b3_counts c;

	b3_counts(&c);
	kprintf("hash MMU: %lu segment misses, %lu hash misses, %lu refused, %lu inserted, %lu evicted, "
		"%lu tlbie\n", c.slb_miss, c.hash_miss, c.refused, c.inserts, c.evictions, c.invalidates);
}

/* No device window is mapped by the kernel: skiboot drives the hardware, the kernel asks OPAL. */
const char *mon_arch_device_window(paddr_t pa, uint64_t size)
{
	(void)pa;
	(void)size;
	return NULL;
}

void mon_arch_reset(void)
{
	kprintf("reset: the machine powers off (under QEMU that ends the run)\n");
	arch_exit(0);
}
