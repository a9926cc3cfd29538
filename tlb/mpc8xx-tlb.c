/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx TLB maintenance: tlbie of a page, tlbia (the pinned entries 28..31
 * survive: RSV4I/RSV4D are set), and the read-back of ITLB/DTLB entries
 * through the debug CAM/RAM registers: Mx_CTR[INDX] = entry, mtspr Mx_CAM
 * latches it, then Mx_CAM, Mx_RAM0, Mx_RAM1 read (the manuals document
 * no layout: the word layouts are the simulator's, sim/README.md).  INDX is also the
 * replacement counter, so Mx_CTR is restored afterwards.
 *
 * These run with translation on, like Linux's own MMU-register writes; no
 * TLB miss can come between the Mx_CTR writes because kernel text and
 * stack are pinned.
 */
#include <string.h>
#include "include/arch.h"
#include "include/spr.h"
#include "mpc8xx/reg.h"
#include "mpc8xx/mmu.h"
#include "mpc8xx/frame.h"
#include "mpc8xx/immr.h"
#include "tlb/mpc8xx-tlb.h"


#define PAGE_4K		0x1000u
#define FLUSH_ALL_PAGES	64	/* above this many pages, tlbia is cheaper */

static inline void isync(void)
{
	__asm__ volatile("isync" : : : "memory");
}

void tlb_flush_all(void)
{
	__asm__ volatile("sync; tlbia; isync" : : : "memory");
}

/* tlbie compares the EA under each entry's own page size and ignores ASID. */
void tlb_flush_page(vaddr_t va)
{
	__asm__ volatile("sync; tlbie %0; isync" : : "r"(va) : "memory");
}

void mmu_tlb_invalidate(const struct mm *mm, vaddr_t va, vsize_t size)
{
	uint32_t off;

	(void)mm;
	if (size / PAGE_4K > FLUSH_ALL_PAGES) {
		tlb_flush_all();
		return;
	}
	for (off = 0; off < size; off += PAGE_4K)
		tlb_flush_page(va + off);
}

/*
 * The ITLB and the DTLB have the same registers under the names MI_ and MD_
 * (t): select entry idx with INDX, keep the rest of Mx_CTR to put back.
 */
#define TLB_SELECT(t, idx, ctr) do { \
	ctr = mfspr(SPRN_##t##_CTR); \
	mtspr(SPRN_##t##_CTR, (ctr & ~MX_CTR_INDX_MASK) | ((idx) << MX_CTR_INDX_SHIFT)); \
} while (0)

#define TLB_READ(t, idx, raw) do { \
	uint32_t ctr; \
	TLB_SELECT(t, idx, ctr); \
	__asm__ volatile("eieio" : : : "memory"); \
	mtspr(SPRN_##t##_CAM, 0); \
	(raw)->cam = mfspr(SPRN_##t##_CAM); \
	(raw)->ram0 = mfspr(SPRN_##t##_RAM0); \
	(raw)->ram1 = mfspr(SPRN_##t##_RAM1); \
	mtspr(SPRN_##t##_CTR, ctr); \
} while (0)

#define TLB_WRITE(t, idx, raw) do { \
	uint32_t ctr; \
	TLB_SELECT(t, idx, ctr); \
	mtspr(SPRN_##t##_EPN, (raw)->cam); \
	mtspr(SPRN_##t##_TWC, (raw)->ram0); \
	mtspr(SPRN_##t##_RPN, (raw)->ram1); \
	mtspr(SPRN_##t##_CTR, ctr); \
} while (0)

void mpc8xx_tlb_read_raw(bool insn, unsigned int idx, struct mpc8xx_tlb_raw *raw)
{
	if (insn)
		TLB_READ(MI, idx, raw);
	else
		TLB_READ(MD, idx, raw);
	isync();
}

/*
 * Write entry idx of one TLB with the three words of a read-out (the
 * inverse of mpc8xx_tlb_read_raw(): INDX first, then EPN, TWC, RPN, and
 * Mx_CTR back, so the replacement counter is left as it was).
 */
void mpc8xx_tlb_write_raw(bool insn, unsigned int idx, const struct mpc8xx_tlb_raw *raw)
{
	if (insn)
		TLB_WRITE(MI, idx, raw);
	else
		TLB_WRITE(MD, idx, raw);
	isync();
}

/* The pinned entries as boot/mpc8xx-start.S writes them (mpc8xx/mmu.h). */
bool mpc8xx_pinned_raw(bool insn, unsigned int idx, struct mpc8xx_tlb_raw *raw)
{
	unsigned int n = idx - TLB_FIRST_PINNED;

	if (idx < TLB_FIRST_PINNED || idx >= TLB_ENTRIES)
		return false;
	if (n < mpc8xx_linear_pinned()) {
		raw->cam = (KERNEL_VA + n * PINNED_PAGE) | MX_EPN_EV;
		raw->ram0 = PINNED_TWC_8M;
		raw->ram1 = n * PINNED_PAGE | (insn ? PINNED_RPN_I : PINNED_RPN_D);
		return true;
	}
	if (!insn && idx == PINNED_IMMR_ENTRY) {
		raw->cam = mpc8xx_immr_window | MX_EPN_EV;
		raw->ram0 = PINNED_TWC_IMMR;
		raw->ram1 = mpc8xx_immr_window | PINNED_RPN_IMMR;
		return true;
	}
	return false;
}

uint32_t mpc8xx_immr_window = IMMR_BASE;

unsigned int mpc8xx_linear_pinned(void)
{
	return (unsigned int)(layout.linear_size / PINNED_PAGE);
}

void mpc8xx_pin_linear(void)
{
	struct mpc8xx_tlb_raw raw;
	unsigned int n;

	for (n = 1; n < mpc8xx_linear_pinned(); n++) {
		if (mpc8xx_pinned_raw(true, TLB_FIRST_PINNED + n, &raw))
			mpc8xx_tlb_write_raw(true, TLB_FIRST_PINNED + n, &raw);
		if (mpc8xx_pinned_raw(false, TLB_FIRST_PINNED + n, &raw))
			mpc8xx_tlb_write_raw(false, TLB_FIRST_PINNED + n, &raw);
	}
}

static uint32_t entry_size(uint32_t twc, uint32_t rpn)
{
	switch (twc & MX_TWC_PS_MASK) {
	case MX_TWC_PS_8M:
		return 8u << 20;
	case MX_TWC_PS_512K:
		return 512u << 10;
	default:
		return (rpn & MX_RPN_SPS) ? 16u << 10 : 4u << 10;
	}
}

/*
 * PROT_* of an entry, for the key its owner uses (user groups 2/3: user,
 * else supervisor).  Data: PowerPC PP 00..10 read/write, 11 read-only;
 * extended 01 read-only, 00 nothing.  Instructions: extended 01 or PowerPC
 * PP: execute.  Plus USER (APG groups 2/3), GUARDED, NOCACHE, WRITETHRU.
 */
static unsigned int entry_prot(bool insn, uint32_t twc, uint32_t rpn)
{
	unsigned int apg = (twc & MX_TWC_APG_MASK) >> MX_TWC_APG_SHIFT;
	unsigned int pp = (rpn & MX_RPN_PP_MASK) >> MX_RPN_PP_SHIFT;
	bool ext = rpn & MX_RPN_E;
	unsigned int prot = 0;

	if (insn) {
		if (!ext || pp == 1)
			prot |= PROT_EXEC;
	} else if (ext) {
		if (pp == 1)
			prot |= PROT_READ;
	} else {
		prot |= pp == 3 ? PROT_READ : PROT_READ | PROT_WRITE;
	}
	if (apg & 2)
		prot |= PROT_USER;
	if (twc & MX_TWC_G)
		prot |= PROT_GUARDED;
	if (rpn & MX_RPN_CI)
		prot |= PROT_NOCACHE;
	if (!insn && (twc & MD_TWC_WT))
		prot |= PROT_WRITETHRU;
	return prot;
}

bool mpc8xx_tlb_read(bool insn, unsigned int idx, struct tlb_info *info)
{
	struct mpc8xx_tlb_raw raw;

	mpc8xx_tlb_read_raw(insn, idx, &raw);
	info->valid = raw.cam & MX_EPN_EV;
	info->size = entry_size(raw.ram0, raw.ram1);
	info->va = raw.cam & MX_EPN_MASK & ~(info->size - 1);
	info->pa = raw.ram1 & MX_RPN_MASK & ~(info->size - 1);
	info->tid = (raw.ram1 & MX_RPN_SH) ? 0 : raw.cam & MX_EPN_ASID_MASK;
	info->prot = entry_prot(insn, raw.ram0, raw.ram1);
	info->level = insn ? 1 : 0;
	info->raw[0] = raw.cam;
	info->raw[1] = raw.ram0;
	info->raw[2] = raw.ram1;
	info->raw[3] = idx;
	return info->valid;
}

int mpc8xx_tlb_find(bool insn, vaddr_t va, unsigned int pid, struct tlb_info *info)
{
	unsigned int i;

	for (i = 0; i < TLB_ENTRIES; i++) {
		if (!mpc8xx_tlb_read(insn, i, info))
			continue;
		if ((va & ~(info->size - 1)) != info->va)
			continue;
		if (!(info->raw[2] & MX_RPN_SH) && info->tid != (pid & MX_EPN_ASID_MASK))
			continue;
		return (int)i;
	}
	info->valid = false;
	return -1;
}

/*
 * Every entry tagged with the space's CASID (SH entries are the kernel's and
 * carry no space), in both TLBs: tlbie of its EPN, which also drops any other
 * space's entry at that address, never a pinned one (those map kernel addresses).
 */
void mmu_tlb_invalidate_mm(const struct mm *mm)
{
	struct tlb_info t;
	unsigned int i, side;

	for (side = 0; side < 2; side++)
		for (i = 0; i < TLB_ENTRIES; i++)
			if (mpc8xx_tlb_read(side, i, &t) && !(t.raw[2] & MX_RPN_SH) &&
			    t.tid == (mm->pid & MX_EPN_ASID_MASK))
				tlb_flush_page(t.va);
}

/* The DTLB first (level 0), then the ITLB (level 1). */
bool tlb_lookup(vaddr_t va, unsigned int pid, struct tlb_info *info)
{
	if (mpc8xx_tlb_find(false, va, pid, info) >= 0)
		return true;
	return mpc8xx_tlb_find(true, va, pid, info) >= 0;
}

void tlb_counts(struct tlb_counts *c)
{
	c->dmiss = mpc8xx_percpu.dmiss;
	c->imiss = mpc8xx_percpu.imiss;
}

void page_zero(void *va, size_t len)
{
	memset(va, 0, len);
}

/* 16-byte cache lines. */
void icache_sync(const void *va, size_t len)
{
	uintptr_t p, end = (uintptr_t)va + len;

	for (p = (uintptr_t)va & ~15u; p < end; p += 16)
		__asm__ volatile("dcbst 0, %0" : : "r"(p) : "memory");
	__asm__ volatile("sync" : : : "memory");
	for (p = (uintptr_t)va & ~15u; p < end; p += 16)
		__asm__ volatile("icbi 0, %0" : : "r"(p) : "memory");
	__asm__ volatile("sync; isync" : : : "memory");
}
