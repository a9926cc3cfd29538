/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What differs between e500v2 and e500mc, checked on the core the kernel
 * runs on: local TLB invalidation (tlbilx on e500mc, the tlbre sweep on
 * e500v2) drops exactly the entries asked for, on this core only (with two
 * cores online), MAS8, the hypervisor state,
 * the L1 line size every cache loop uses, and the TLB geometry read from
 * TLBnCFG.  Registers QEMU 7.2 does not implement (a write is ignored and
 * a read leaves its target register as it was, measured) are skipped,
 * saying so.
 */
#include <string.h>
#include "tests/target/env.h"
#include "tests/target/tests.h"
#include "include/spr.h"
#include "e500/reg.h"
#include "e500/mas.h"
#include "e500/core.h"
#include "e500/tlb1.h"
#include "smp/e500-smp.h"
#include "e500/frame.h"
#include "tlb/e500-tlb.h"
#include "tests/target/test-e500mc.h"

#define OTHER_PID	9
static uint32_t msr_now(void)
{
	uint32_t v;

	__asm__ volatile("mfmsr %0" : "=r"(v));
	return v;
}

/* ---------------------------------------------------------------- local invalidation */

struct entries {
	paddr_t pa;
	vaddr_t va[3];		/* TID 0, TID 0, TID OTHER_PID */
	bool seen[3];
};

static const unsigned int entry_tid[3] = { 0, 0, OTHER_PID };

/* A TLB0 entry written directly into way `way' of its set, as the miss handler would. */
static void tlb0_put(vaddr_t va, paddr_t pa, unsigned int tid, unsigned int way)
{
	if (core_is_e500mc())
		mtspr(SPRN_MAS8, MAS8_KERNEL);
	mtspr(SPRN_MAS0, way << MAS0_ESEL_SHIFT);
	mtspr(SPRN_MAS1, MAS1_VALID | tid << MAS1_TID_SHIFT | TSIZE_4K << MAS1_TSIZE_SHIFT);
	mtspr(SPRN_MAS2, (va & MAS2_EPN_MASK) | MAS2_M);
	mtspr(SPRN_MAS3, ((uint32_t)pa & MAS3_RPN_MASK) | MAS3_SR | MAS3_SW);
	mtspr(SPRN_MAS7, (uint32_t)(pa >> 32));
	__asm__ volatile("isync; tlbwe; isync" : : : "memory");
}

static void entries_put(void *arg)
{
	struct entries *e = arg;
	unsigned int i;

	for (i = 0; i < 3; i++)
		tlb0_put(e->va[i], e->pa, entry_tid[i], 0);
}

static void entries_look(void *arg)
{
	struct entries *e = arg;
	struct tlb_info t;
	unsigned int i;

	for (i = 0; i < 3; i++)
		e->seen[i] = tlb_lookup(e->va[i], entry_tid[i], &t) && t.va == e->va[i];
}

static bool on(unsigned int cpu, void (*fn)(void *), void *arg)
{
	int err = smp_call(cpu, fn, arg, SMP_CALL_TIMEOUT);

	if (err)
		report(false, "cpu %u answers a call (error %d)", cpu, err);
	return err == 0;
}

/* Entries seen by cpu: 1 bit per entry. */
static unsigned int seen_on(unsigned int cpu, struct entries *e)
{
	if (!on(cpu, entries_look, e))
		return 0xff;
	return e->seen[0] | e->seen[1] << 1 | e->seen[2] << 2;
}

/* After an invalidation on cpu 0: cpu 0 sees want, cpu 1 (if online) still all three. */
static void check_local(struct entries *e, unsigned int want, const char *what)
{
	unsigned int s0 = seen_on(0, e), s1;

	if (smp_cores_listed() < 2) {
		report(s0 == want, "%s: cpu 0 keeps entries 0x%x of 0x7 (0x%x expected)", what, s0, want);
		return;
	}
	s1 = seen_on(1, e);
	report(s0 == want && s1 == 7, "%s, on cpu 0 only: cpu 0 keeps 0x%x (0x%x expected), cpu 1 0x%x of 0x7",
	       what, s0, want, s1);
}

void test_local_invalidation(void)
{
	struct entries e;
	struct tlb_info t;
	bool mc = core_is_e500mc();
	unsigned int s0, s1;

	e.pa = test_page();
	e.va[0] = TEST_KVA;
	e.va[1] = TEST_KVA + 0x1000;
	e.va[2] = TEST_KVA + 0x2000;
	report_info("this core: PVR 0x%08lx, local invalidation by %s", (unsigned long)mfspr(SPRN_PVR),
		    tlb_local_method());
	tlb_flush_all();
	if (!on(0, entries_put, &e) || (smp_cores_listed() > 1 && !on(1, entries_put, &e)))
		goto out;
	s0 = seen_on(0, &e);
	s1 = smp_cores_listed() > 1 ? seen_on(1, &e) : 7;
	report(s0 == 7 && s1 == 7, "three entries written on each online core (TID 0, 0, %u): seen 0x%x%s",
	       OTHER_PID, s0, smp_cores_listed() > 1 ? (s1 == 7 ? " and 0x7" : " and not on cpu 1") : "");

	tlb_local_flush_range(0, e.va[0], 4096);
	check_local(&e, 6, mc ? "by address (tlbilx T=3): only the entry at the address goes" :
		    "by address (tlbre sweep): only the entry at the address goes");
	if (mc) {
		tlb_local_flush_range(OTHER_PID + 1, e.va[2], 4096);
		s0 = seen_on(0, &e);
		report(s0 == 6, "tlbilx T=3 searches one PID: PID %u's entry at 0x%08lx survives an "
		       "invalidation for PID %u (cpu 0 0x%x)", OTHER_PID, (unsigned long)e.va[2], OTHER_PID + 1,
		       s0);
	}
	tlb_local_drop_pid(OTHER_PID);
	check_local(&e, 2, mc ? "by PID (tlbilx T=1): PID 9's entry goes, TID 0's stay" :
		    "by PID (tlbre sweep): PID 9's entry goes, TID 0's stay");
	tlb_local_flush_all();
	check_local(&e, 0, mc ? "everything (tlbilx T=0)" : "everything (MMUCSR0)");
	report(tlb1_read(tlb1_fixed_slot(TLB1_LINEAR_LOW), &t) && t.va == KERNEL_VA && (t.raw[0] & MAS1_IPROT),
	       "the IPROT linear map survives it");
	if (smp_cores_listed() < 2)
		report_skip("that cpu 1's entries stay: needs 2 cores, the device tree lists %u",
			    smp_cores_listed());
out:
	tlb_flush_all();
	test_page_free(e.pa);
}

/* ---------------------------------------------------------------- MAS8 */

/* The first free TLB1 slot by the plan, or 0 if none. */
static unsigned int free_tlb1_slot(void)
{
	unsigned int i, n = tlb1_entries();

	for (i = TLB1_HUGE_SLOTS; i < n; i++)
		if (!strcmp(tlb1_slot_use(i), "free"))
			return i;
	return 0;
}

void test_mas8(void)
{
	struct tlb1_map m = { .va = TEST_KVA, .tsize = TSIZE_4K, .wimge = MAS2_M, .perms = MAS3_SR };
	struct tlb_info t;
	unsigned int slot = free_tlb1_slot();
	uint32_t stale = MAS8_VF | 5, after;

	if (!core_is_e500mc()) {
		report_skip("an e500v2 has no MAS8 (PVR 0x%08lx)", (unsigned long)mfspr(SPRN_PVR));
		return;
	}
	mtspr(SPRN_MAS8, stale);
	if (MFSPR_OR_SENTINEL(SPRN_MAS8) != stale) {
		report_skip("MAS8 does not keep a value written to it (QEMU 7.2 does not implement it: the "
			    "write is ignored, mfspr leaves its target register)");
		return;
	}
	if (!report(slot != 0, "a free TLB1 slot for the check"))
		return;
	m.pa = test_page();
	tlb1_write(slot, &m);
	after = mfspr(SPRN_MAS8);
	report(after == MAS8_KERNEL, "a stale MAS8 0x%08lx is 0x%08lx after the kernel's tlbwe",
	       (unsigned long)stale, (unsigned long)after);
	mtspr(SPRN_MAS8, stale);
	report(tlb1_read(slot, &t) && t.raw[4] == MAS8_KERNEL,
	       "tlbre of the entry loads MAS8 0x%08lx: a host entry", (unsigned long)t.raw[4]);
	tlb1_clear(slot);
	mtspr(SPRN_MAS8, MAS8_KERNEL);
	test_page_free(m.pa);
}

/* ---------------------------------------------------------------- hypervisor state */

struct hv_reg {
	const char *name;
	uint32_t stale, kernel;
	uint32_t (*read)(void);
	void (*write)(uint32_t);
};

#define HV_REG(n, sprn, st, k)									\
	static uint32_t read_##n(void) { return MFSPR_OR_SENTINEL(sprn); }			\
	static void write_##n(uint32_t v) { mtspr(sprn, v); }					\
	static const struct hv_reg reg_##n = { #n, st, k, read_##n, write_##n }

HV_REG(EPCR, SPRN_EPCR, 0x02000000, EPCR_KERNEL);	/* stale: DUVD, harmless while it lasts */
HV_REG(MSRP, SPRN_MSRP, 0x00000200, MSRP_KERNEL);	/* stale: DEP */
HV_REG(LPIDR, SPRN_LPIDR, 5, LPIDR_KERNEL);
HV_REG(MAS5, SPRN_MAS5, 5, 0);

struct msr_seen {
	uint32_t msr[E500_MAX_CPUS];
};

static void read_msr(void *arg)
{
	struct msr_seen *m = arg;

	m->msr[smp_this_cpu()] = msr_now();
}

void test_hv_state(void)
{
	static const struct hv_reg *const regs[] = { &reg_EPCR, &reg_MSRP, &reg_LPIDR, &reg_MAS5 };
	const char *const vec[6] = { e500_vec_doorbell, e500_vec_doorbell_crit, e500_vec_guest_doorbell,
				     e500_vec_guest_doorbell_crit, e500_vec_hcall, e500_vec_ehpriv };
	const uint32_t ivor[6] = { mfspr(SPRN_IVOR36), mfspr(SPRN_IVOR36 + 1), mfspr(SPRN_IVOR38),
				   mfspr(SPRN_IVOR38 + 1), mfspr(SPRN_IVOR38 + 2), mfspr(SPRN_IVOR38 + 3) };
	struct msr_seen m;
	unsigned int i, gs = 0, bad = 0;

	for (i = 0; i < smp_cpus(); i++)
		if (smp_state(i) == CPU_ONLINE && on(i, read_msr, &m))
			gs |= (m.msr[i] & MSR_GS) ? 1u << i : 0;
	report(gs == 0, "MSR[GS] clear on every online core: the kernel runs as the hypervisor (mask 0x%x)",
	       gs);
	if (!core_is_e500mc()) {
		report_skip("an e500v2 has no category E.HV (PVR 0x%08lx)", (unsigned long)mfspr(SPRN_PVR));
		return;
	}
	for (i = 0; i < 6; i++)
		bad += mfspr(SPRN_IVPR) + ivor[i] != (uint32_t)(uintptr_t)vec[i];
	report(bad == 0, "IVOR36..41 (doorbells, guest doorbells, hcall, ehpriv) reach the kernel's handlers "
	       "(%u do not)", bad);
	for (i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		const struct hv_reg *r = regs[i];
		uint32_t got;

		r->write(r->stale);
		if (r->read() != r->stale) {
			report_skip("%s does not keep a value written to it (QEMU 7.2 does not implement it)",
				    r->name);
			continue;
		}
		e500mc_hv_setup();
		got = r->read();
		r->write(r->kernel);
		report(got == r->kernel, "%s: stale 0x%08lx becomes 0x%08lx by the start-up set-up (0x%08lx)",
		       r->name, (unsigned long)r->stale, (unsigned long)r->kernel, (unsigned long)got);
	}
}

/* ---------------------------------------------------------------- cache lines */

/* How many bytes one dcbz clears, measured in the middle of a patterned buffer. */
static unsigned int dcbz_bytes(uint8_t *buf, size_t len)
{
	unsigned int i, n = 0;

	memset(buf, 0xa5, len);
	__asm__ volatile("dcbz 0, %0" : : "r"(buf + len / 2) : "memory");
	for (i = 0; i < len; i++)
		n += buf[i] == 0;
	return n;
}

void test_cache_line(void)
{
	paddr_t pa = test_page(), pb = test_page();
	uint8_t *p = (uint8_t *)lin(pa);
	unsigned int line = cache_line_bytes(), cleared, i, left = 0, beyond = 0;
	uint32_t code[2] = { INSN_LI_R3_42, INSN_BLR };
	vaddr_t va = TEST_KVA;
	uint32_t r1 = 0, r2 = 0, off;

	report_info("L1CFG0 0x%08lx: %u-byte lines; the kernel uses %u", (unsigned long)mfspr(SPRN_L1CFG0),
		    l1cfg_line_bytes(), line);
	cleared = dcbz_bytes(p, 4096);
	report_eq(line, cleared, "the line size the kernel uses is what one dcbz clears");

	memset(p, 0xa5, 4096);
	memset(lin(pb), 0xa5, 4096);
	dcache_zero(p, 4096);
	for (i = 0; i < 4096; i++)
		left += p[i] != 0;
	for (i = 0; i < 4096; i++)
		beyond += ((uint8_t *)lin(pb))[i] != 0xa5;
	report(left == 0 && (pb != pa + 4096 || beyond == 0),
	       "a dcbz clear of a page clears all of it (%u bytes left) and nothing after it", left);

	/* code that straddles two lines, changed in place: icache_sync makes the new code run */
	off = line - 4;
	if (map(&kernel_mm, va, pa, 4096, KPROT_RW | PROT_EXEC)) {
		report(false, "map a code page");
		goto out;
	}
	code[0] = INSN_LI_R3_42;
	memcpy(p + off, code, sizeof(code));
	icache_sync(p + off, sizeof(code));
	r1 = call_at(va + off);
	code[0] = INSN_LI_R3_42 + 1;	/* li r3, 43 */
	memcpy(p + off, code, sizeof(code));
	icache_sync(p + off, sizeof(code));
	r2 = call_at(va + off);
	report(r1 == 42 && r2 == 43, "code across a line boundary runs after icache_sync, then runs changed "
	       "(%lu, %lu)", (unsigned long)r1, (unsigned long)r2);
	unmap(&kernel_mm, va, 4096);
out:
	test_page_free(pa);
	test_page_free(pb);
}

/* ---------------------------------------------------------------- TLB geometry */

struct geometry {
	uint32_t pvr_ver;
	unsigned int tlb0_entries, tlb0_ways, tlb1_entries;
};

/* The manuals' TLBs: e500v2 and e500mc both have a 512-entry 4-way TLB0; TLB1 has 16 and 64. */
static const struct geometry manual[] = {
	{ 0x8021, 512, 4, 16 },
	{ 0x8023, 512, 4, 64 },
};

void test_tlb_geometry(void)
{
	uint32_t ver = mfspr(SPRN_PVR) >> PVR_VER_SHIFT, cfg0 = mfspr(SPRN_TLB0CFG);
	unsigned int sets, ways, n = tlb1_entries(), i, w, good = 0;
	const struct geometry *g = NULL;
	paddr_t pa = test_page();
	struct tlb_info t;

	for (i = 0; i < sizeof(manual) / sizeof(manual[0]); i++)
		if (manual[i].pvr_ver == ver)
			g = &manual[i];
	tlb0_geometry(&sets, &ways);
	report(sets * ways == (cfg0 & TLBCFG_NENTRY) && ways == cfg0 >> TLBCFG_ASSOC_SHIFT &&
	       n == (mfspr(SPRN_TLB1CFG) & TLBCFG_NENTRY),
	       "TLB0 %u sets x %u ways and TLB1 %u entries, from TLB0CFG/TLB1CFG", sets, ways, n);
	if (g)
		report(sets * ways == g->tlb0_entries && ways == g->tlb0_ways && n == g->tlb1_entries,
		       "as the manual gives for PVR version 0x%04lx: TLB0 %u entries %u-way, TLB1 %u",
		       (unsigned long)ver, g->tlb0_entries, g->tlb0_ways, g->tlb1_entries);
	else
		report_skip("no manual geometry for PVR version 0x%04lx", (unsigned long)ver);
	report(tlb_lookup(KERNEL_VA, 0, &t) && t.level == 1 && tlb1_fixed_slot(TLB1_LINEAR_LOW) == n - 1,
	       "the linear map sits in TLB1's last slot, %u, counted from TLB1CFG", n - 1);

	/* one set holds `ways' entries whose EPNs are `sets' pages apart */
	tlb_flush_all();
	for (w = 0; w < ways; w++)
		tlb0_put(TEST_KVA + w * sets * 4096, pa, 0, w);
	for (w = 0; w < ways; w++)
		good += tlb0_read((TEST_KVA >> 12) % sets, w, &t) && t.va == TEST_KVA + w * sets * 4096;
	report(good == ways, "set %u holds %u entries %u pages apart, one per way (%u read back)",
	       (unsigned int)((TEST_KVA >> 12) % sets), ways, sets, good);
	tlb_flush_all();
	test_page_free(pa);
}
