/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx MMU: 32-entry ITLB and DTLB, the MMU special-purpose registers,
 * the tablewalk assist (M_TWB, MD_TWC reads), entry creation on Mx_RPN
 * writes with the replacement counter, tlbie/tlbia, protection checks and
 * the debug CAM/RAM read-out. Facts: docs/hw/mpc8xx.md.
 */
#include <stdlib.h>

#include "sim.h"
#include "mmu.h"
#include "spr.h"

/* exception status bits */
#define ERR_NOTRANS	0x40000000u
#define ERR_GUARD	0x10000000u
#define ERR_PROT	0x08000000u
#define DSISR_STORE	0x02000000u
#define SRR1_ITLB_JUNK	0x80000000u	/* ITLB side (docs/hw/mpc8xx.md 4) */

enum { PERM_R = 1, PERM_W = 2, PERM_X = 4 };

static const uint32_t class_mask[TLB_CLASSES] = {
	~0xFFFu, ~0x3FFFu, ~0x7FFFFu, ~0x7FFFFFu,
};

/* log2 of each class's page size */
static const int class_shift[TLB_CLASSES] = { 12, 14, 19, 23 };
_Static_assert(TLB_CLASSES == 4, "tlb_match looks up four classes");

/*
 * The bucket of a class-sized page: the low bits of its page number (so
 * neighbouring pages, the usual working set, spread over the buckets),
 * folded with the bits above them (so that a user page and a kernel page
 * whose addresses differ only there, 0x40000000 and 0xC0000000, do not
 * share one).
 */
static inline int bucket_of(int class, uint32_t ea)
{
	uint32_t page = ea >> class_shift[class];

	return class * TLB_BUCKETS + (int)((page ^ (page >> 6)) & (TLB_BUCKETS - 1));
}

static int class_of(uint32_t mask)
{
	for (int k = 0; k < TLB_CLASSES; k++)
		if (mask == class_mask[k])
			return k;
	return -1;
}

/* Keep the search index (struct mmu) in step with entry e of the ITLB (insn) or DTLB. */
static inline void tlb_sync(struct cpu *c, const struct tlb_entry *e, bool insn)
{
	struct mmu *m = &c->mmu;
	int side = insn ? 0 : 1;
	int i = (int)(e - (insn ? m->itlb : m->dtlb));
	int16_t *w = &m->where[side][i];

	if (!insn)
		m->miss_clean = false;
	if (*w >= 0)
		m->bucket[side][*w] &= ~(1u << i);
	*w = -1;
	if (e->valid) {
		int class = class_of(e->mask);

		if (class < 0) {
			fprintf(stderr, "mpc8xx-sim: internal error: TLB "
				"mask 0x%08x\n", e->mask);
			abort();
		}
		*w = (int16_t)bucket_of(class, e->epn);
		m->bucket[side][*w] |= 1u << i;
	}
}

static inline void tlb_set_valid(struct cpu *c, struct tlb_entry *e, bool insn,
				 bool valid)
{
	e->valid = valid;
	tlb_sync(c, e, insn);
}

/* The ITLB or what fetch protection depends on changed. */
static void itlb_changed(struct cpu *c)
{
	c->fetch_valid = false;
	c->itlb_gen++;
}

void mmu_reset(struct cpu *c)
{
	struct mmu *m = &c->mmu;

	/* TLB contents survive reset on silicon; start from empty ones. */
	for (int i = 0; i < TLB_CLASSES * TLB_BUCKETS; i++)
		m->bucket[0][i] = m->bucket[1][i] = 0;
	for (int i = 0; i < TLB_ENTRIES; i++) {
		m->where[0][i] = m->where[1][i] = -1;
		tlb_set_valid(c, &m->itlb[i], true, false);
		tlb_set_valid(c, &m->dtlb[i], false, false);
	}
	m->mi_ctr = 0;
	m->md_ctr = CTR_TWAM;
	itlb_changed(c);	/* generation 0 marks the empty fetch cache */
}

static void mmu_changed(struct cpu *c)
{
	soft_tlb_flush(c);
	itlb_changed(c);
}

static uint32_t page_size(struct cpu *c, uint32_t twc, uint32_t rpn, bool live)
{
	switch ((twc & TWC_PS) >> 2) {
	case 1:
		return 512u << 10;
	case 3:
		return 8u << 20;
	case 2:
		if (live)
			sim_warn(c, W_PP_RESERVED, "TLB entry with reserved PS=10, "
				 "treated as PS=00");
		break;
	}
	return (rpn & RPN_SPS) ? 16u << 10 : 4u << 10;
}

/* Entry e translates ea: valid, the page matches, shared or of the current ASID. */
static inline bool entry_hits(const struct cpu *c, const struct tlb_entry *e, uint32_t ea)
{
	return e->valid && !((ea ^ e->epn) & e->mask) &&
	       ((e->rpn_reg & RPN_SH) || (e->epn_reg & EPN_ASID) == (c->mmu.m_casid & EPN_ASID));
}

/*
 * The entry that translates ea (the lower one of two, with a warning), or
 * NULL. 'quiet': a second hit returns NULL instead of warning.
 */
static inline __attribute__((always_inline)) struct tlb_entry *
tlb_match(struct cpu *c, struct tlb_entry *tlb, uint32_t ea, bool quiet)
{
	struct tlb_entry *hit = NULL;
	const uint32_t *bucket = c->mmu.bucket[tlb == c->mmu.itlb ? 0 : 1];
	/* one bucket per class (TLB_CLASSES of them), spelled out */
	uint32_t cand = bucket[bucket_of(0, ea)] | bucket[bucket_of(1, ea)] |
			bucket[bucket_of(2, ea)] | bucket[bucket_of(3, ea)];
	while (cand) {		/* in index order: the lower one wins */
		int i = __builtin_ctz(cand);
		struct tlb_entry *e = &tlb[i];

		cand &= cand - 1;
		if (!entry_hits(c, e, ea))
			continue;
		if (hit) {
			if (quiet)
				return NULL;
			sim_warn(c, W_MULTI_HIT, "EA 0x%08x hits TLB entries "
				 "%d and %d; using the lower one",
				 ea, (int)(hit - tlb), i);
			break;
		}
		hit = e;
	}
	return hit;
}

/*
 * The APG key: 0 selects the supervisor PP column, 1 the user column.
 * Returns 0 no access, 1 check PP, 2 manager; -1 where it would warn and
 * 'quiet' asks not to (so do pp_decode and entry_perm).
 */
static inline int ap_mode(struct cpu *c, uint32_t ap, uint32_t ctr,
			  uint32_t twc, int user, bool quiet, int *key)
{
	int apg = (twc >> 5) & 0xF;
	int field = (ap >> (30 - 2 * apg)) & 3;

	if (!(ctr & CTR_GPM)) {
		*key = user ? (field & 1) : (field >> 1);
		return 1;		/* check PP */
	}
	/* domain-manager mode: 00 no access, 01 client, 11 manager */
	*key = user;
	if (field == 0)
		return 0;
	if (field == 3)
		return 2;
	if (field == 2 && quiet)
		return -1;
	if (field == 2)
		sim_warn(c, W_GPM_10, "Mx_AP domain field 10 (unknown), "
			 "treated as client");
	return 1;
}

/* Decode PP/E with the extended encoding; 'insn' selects the I column. */
static inline int pp_decode(struct cpu *c, uint32_t twc, uint32_t rpn,
			    int key, bool insn, bool quiet)
{
	int pp = (rpn >> 10) & 3;

	if (rpn & RPN_E) {
		if (pp >= 2 && quiet)
			return -1;
		if (pp >= 2) {
			if (twc & TWC_PS) {
				/* large page: bit 20 ignored, see README */
				sim_warn(c, W_PP_RESERVED, "reserved extended "
					 "PP %d on a large page: bit 20 "
					 "ignored", pp);
				pp &= 1;
			} else {
				sim_warn(c, W_PP_RESERVED, "reserved extended "
					 "PP %d: no access", pp);
				return 0;
			}
		}
		if (pp == 0 || key)
			return 0;
		return insn ? PERM_X : PERM_R;
	}
	if (insn)
		return (pp == 0 && key) ? 0 : PERM_X;
	switch (pp) {
	case 0:
		return key ? 0 : PERM_R | PERM_W;
	case 1:
		return key ? PERM_R : PERM_R | PERM_W;
	case 2:
		return PERM_R | PERM_W;
	default:
		return PERM_R;
	}
}

static inline __attribute__((always_inline)) int
entry_perm(struct cpu *c, const struct tlb_entry *e, bool insn, int user,
	   bool quiet)
{
	struct mmu *m = &c->mmu;
	uint32_t ctr = insn ? m->mi_ctr : m->md_ctr;
	uint32_t ap = insn ? m->mi_ap : m->md_ap;
	int key, mode;

	mode = ap_mode(c, ap, ctr, e->twc_reg, user, quiet, &key);
	if (mode <= 0)
		return mode;
	if (mode == 2)
		return PERM_R | PERM_W | PERM_X;
	return pp_decode(c, e->twc_reg, e->rpn_reg, key, insn, quiet);
}

static uint32_t victim(struct cpu *c, uint32_t *ctr)
{
	uint32_t indx = (*ctr & CTR_INDX) >> CTR_INDX_SHIFT;

	/* with RSV4x the counter only selects among entries 0..27 */
	if ((*ctr & CTR_RSV4) && indx > 27) {
		indx = 27;
		*ctr = (*ctr & ~CTR_INDX) | (indx << CTR_INDX_SHIFT);
	}
	(void)c;
	return indx;
}

static void data_miss(struct cpu *c, uint32_t ea, enum access_kind kind)
{
	struct mmu *m = &c->mmu;

	m->md_epn = (ea & EPN_EPN) | EPN_EV | (m->m_casid & EPN_ASID);
	m->miss_clean = true;
	m->miss_page = ea & EPN_EPN;
	m->miss_casid = m->m_casid & EPN_ASID;
	victim(c, &m->md_ctr);
	if (kind == ACC_LOAD || kind == ACC_STORE)
		c->dar = ea;
	m->in_dmiss = true;
	c->stats.dtlb_miss++;
	take_exception(c, VEC_DTLB_MISS, c->pc, c->msr & 0xFFFFu);
}

static void data_error(struct cpu *c, uint32_t ea, enum access_kind kind,
		       uint32_t cause)
{
	if (kind == ACC_STORE || kind == ACC_DCBZ || kind == ACC_DCBI ||
	    kind == ACC_DCBST)
		cause |= DSISR_STORE;
	if (kind == ACC_LOAD || kind == ACC_STORE)
		c->dar = ea;
	c->dsisr = cause;
	c->stats.dtlb_err++;
	take_exception(c, VEC_DTLB_ERR, c->pc, c->msr & MSR_SRR1_MASK);
}

static bool is_store_kind(enum access_kind kind)
{
	return kind == ACC_STORE || kind == ACC_DCBZ || kind == ACC_DCBI;
}

/*
 * PPM (1K sub-pages) and PPCS are not modelled: a translation made while
 * either is set warns. Setting them while translation is off (Linux's
 * start-up does, for a few instructions) changes nothing that is modelled.
 */
static void check_ppm_ppcs(struct cpu *c, uint32_t ctr, const char *name)
{
	if (unlikely(ctr & (CTR_PPM | CTR_PPCS)))
		sim_warn(c, W_PPM_PPCS, "translation with %s PPM/PPCS set (0x%08x): "
			 "1 KB sub-page and privilege-state protection are not modelled",
			 name, ctr);
}

/*
 * Translate a data EA. Returns 0 and the physical address, or -1 after
 * raising the exception. *fast tells whether the caller may cache the
 * translation for this kind of access.
 */
int mmu_translate_data(struct cpu *c, uint32_t ea, enum access_kind kind,
		       uint32_t *pa, bool *fast)
{
	struct tlb_entry *e;
	int perm;

	*fast = true;
	if (!(c->msr & MSR_DR)) {
		*pa = ea;
		return 0;
	}
	check_ppm_ppcs(c, c->mmu.md_ctr, "MD_CTR");
	e = tlb_match(c, c->mmu.dtlb, ea, false);
	if (!e) {
		data_miss(c, ea, kind);
		return -1;
	}
	if (!(e->twc_reg & TWC_V) || !(e->rpn_reg & RPN_V)) {
		data_error(c, ea, kind, ERR_NOTRANS);
		return -1;
	}
	perm = entry_perm(c, e, false, !!(c->msr & MSR_PR), false);
	if (!(perm & (is_store_kind(kind) ? PERM_W : PERM_R))) {
		data_error(c, ea, kind, ERR_PROT);
		return -1;
	}
	if (is_store_kind(kind) && !(e->rpn_reg & RPN_C)) {
		/* the hardware drops the entry, then reports the store */
		tlb_set_valid(c, e, false, false);
		soft_tlb_flush_range(c, e->epn, ~e->mask + 1);
		data_error(c, ea, kind, 0);
		return -1;
	}
	if (kind == ACC_DCBZ && (e->rpn_reg & RPN_CI))
		sim_warn(c, W_DCBZ_CI, "dcbz on a cache-inhibited page "
			 "(EA 0x%08x): memory zeroed", ea);
	*pa = e->rpn | (ea & ~e->mask);
	return 0;
}

/*
 * A load at ea that certainly misses the DTLB (translation on, no entry in
 * any of ea's buckets, no watchpoint, no PPM/PPCS warning due): raise the
 * DTLB miss as mem_load_slow would, and return true; otherwise false,
 * changing nothing. The threaded dispatcher tries it first when a load
 * misses the soft TLB.
 */
bool mmu_load_miss(struct cpu *c, uint32_t ea)
{
	const uint32_t *bucket = c->mmu.bucket[1];

	if (!(c->msr & MSR_DR) || c->watch_active ||
	    (c->mmu.md_ctr & (CTR_PPM | CTR_PPCS)))
		return false;
	if (bucket[bucket_of(0, ea)] | bucket[bucket_of(1, ea)] |
	    bucket[bucket_of(2, ea)] | bucket[bucket_of(3, ea)])
		return false;
	data_miss(c, ea, ACC_LOAD);
	return true;
}

int mmu_translate_fetch(struct cpu *c, uint32_t ea, uint32_t *pa)
{
	struct mmu *m = &c->mmu;
	struct tlb_entry *e;
	uint32_t cause = 0;

	if (!(c->msr & MSR_IR)) {
		*pa = ea;
		return 0;
	}
	check_ppm_ppcs(c, m->mi_ctr, "MI_CTR");
	e = tlb_match(c, m->itlb, ea, false);
	if (!e) {
		m->mi_epn = (ea & EPN_EPN) | EPN_EV | (m->m_casid & EPN_ASID);
		victim(c, &m->mi_ctr);
		m->in_imiss = true;
		c->stats.itlb_miss++;
		take_exception(c, VEC_ITLB_MISS, ea,
			       SRR1_ITLB_JUNK | (c->msr & 0xFFFFu));
		return -1;
	}
	if (!(e->twc_reg & TWC_V) || !(e->rpn_reg & RPN_V)) {
		cause = ERR_NOTRANS;
	} else {
		if (e->twc_reg & TWC_G)
			cause |= ERR_GUARD;
		if (!(entry_perm(c, e, true, !!(c->msr & MSR_PR), false) & PERM_X))
			cause |= ERR_PROT;
	}
	if (cause) {
		c->stats.itlb_err++;
		take_exception(c, VEC_ITLB_ERR, ea, SRR1_ITLB_JUNK | cause |
			       (c->msr & 0xFFFFu));
		return -1;
	}
	*pa = e->rpn | (ea & ~e->mask);
	return 0;
}

static void entry_drop(struct cpu *c, struct tlb_entry *e, bool insn)
{
	if (!e->valid)
		return;
	tlb_set_valid(c, e, insn, false);
	if (insn)
		itlb_changed(c);
	else
		soft_tlb_flush_range(c, e->epn, ~e->mask + 1);
}

/*
 * After a miss handler's DTLB write, the access that missed comes back at
 * its rfi: give the data soft TLB of its mode (SRR1 holds its MSR) the load
 * translation for ea that a load would fill in now, when that translation
 * raises nothing and warns of nothing (each such case is checked quietly).
 * A load's translation changes no MMU state, so this is the entry a load
 * would leave there, made earlier; every flush that keeps the soft TLB
 * exact drops it alike.
 */
static inline __attribute__((always_inline)) void
prefill_entry(struct cpu *c, uint32_t ea, const struct tlb_entry *e)
{
	int user = !!(c->srr1 & MSR_PR);
	int perm;

	if (!(c->srr1 & MSR_DR) || (c->mmu.md_ctr & (CTR_PPM | CTR_PPCS)))
		return;
	if (!e || !(e->twc_reg & TWC_V) || !(e->rpn_reg & RPN_V))
		return;
	perm = entry_perm(c, e, false, user, true);
	if (perm < 0 || !(perm & PERM_R))
		return;
	soft_prefill_load(c, user ? MODE_USER : MODE_SUP, ea,
			  e->rpn | (ea & ~e->mask));
}

/* The same for an entry write after other DTLB changes: the unique hit, if any, found by a search. */
static void prefill_load(struct cpu *c, uint32_t ea)
{
	prefill_entry(c, ea, tlb_match(c, c->mmu.dtlb, ea, true));
}

/*
 * The warnings of an Mx_RPN write: one outside a miss handler that did not
 * set the counter first, and attribute bits a live entry should not carry.
 * An entry loaded with its segment or page valid bit clear never translates
 * (a hit raises a TLB error), so its size and protection attributes are
 * never used: the attribute warnings are for live ones.
 */
static inline __attribute__((always_inline)) void
tlb_write_warn(struct cpu *c, bool insn, uint32_t indx, uint32_t twc, uint32_t rpn, bool live)
{
	struct mmu *m = &c->mmu;
	bool in_miss = insn ? m->in_imiss : m->in_dmiss;
	bool *ctr_written = insn ? &m->ictr_written : &m->dctr_written;

	if (!in_miss && !*ctr_written)
		sim_warn(c, W_RPN_OUTSIDE_MISS, "%s_RPN write outside a miss "
			 "handler relies on the replacement counter (entry "
			 "%u)", insn ? "MI" : "MD", indx);
	*ctr_written = false;
	if (live && (twc & TWC_PS)) {
		if (!(rpn & RPN_SPS))
			sim_warn(c, W_SPS_LARGE, "%s entry with PS=%u and "
				 "SPS=0", insn ? "ITLB" : "DTLB",
				 (twc & TWC_PS) >> 2);
		if (!insn && (rpn & RPN_PP20))
			sim_warn(c, W_PP20_LARGE, "DTLB entry with PS=%u has "
				 "PP bit 20 set", (twc & TWC_PS) >> 2);
	}
	/*
	 * Every Linux ITLB miss clears MI_RPN bits 20 and 23 ("software
	 * indicator bits 20 and 23 must be clear"); what the ITLB makes of
	 * them (bit 23 is the DTLB's changed bit) is not documented.
	 */
	if (live && insn && (rpn & (RPN_PP20 | RPN_C)))
		sim_warn(c, W_MI_RPN_BITS, "ITLB entry with MI_RPN bit%s set "
			 "(0x%08x)", (rpn & RPN_PP20) && (rpn & RPN_C) ?
			 "s 20 and 23" : (rpn & RPN_PP20) ? " 20" : " 23", rpn);
}

/*
 * After a DTLB entry write: the cached data translations of any EA the new
 * entry covers may come from another entry, so they go (the next access
 * looks the TLB up again and sees a multi-hit if the two overlap); then,
 * in a miss handler, the missed page's translation is cached ahead.  After
 * a clean miss (clean: this write was the only DTLB change since the miss
 * it answers, taken before the write) the only entry that may hit the
 * missed page is this one (the one it replaced did not hit it): no search
 * for a second hit is needed.
 */
static inline __attribute__((always_inline)) void
dtlb_written(struct cpu *c, const struct tlb_entry *e, uint32_t epn, uint32_t size, bool clean)
{
	c->stats.dtlb_writes++;
	if (!e->valid)
		return;
	soft_tlb_flush_range(c, e->epn, size);
	if (c->mmu.in_dmiss && clean)
		prefill_entry(c, epn & EPN_EPN, entry_hits(c, e, epn & EPN_EPN) ? e : NULL);
	else if (c->mmu.in_dmiss)
		prefill_load(c, epn & EPN_EPN);
}

/* Mx_CTR[INDX] after an entry write: one down, from 0 to the top of the unreserved entries. */
static inline uint32_t ctr_next_indx(uint32_t ctr, uint32_t indx)
{
	if (indx == 0)
		return (ctr & CTR_RSV4) ? 27 : 31;
	return indx - 1;
}

/*
 * mtspr Mx_RPN: write entry INDX, then decrement the counter. Inlined into
 * its two calls, each of which has a constant side.
 */
static inline __attribute__((always_inline)) void tlb_write(struct cpu *c, bool insn, uint32_t rpn)
{
	struct mmu *m = &c->mmu;
	uint32_t *ctr = insn ? &m->mi_ctr : &m->md_ctr;
	uint32_t epn = insn ? m->mi_epn : m->md_epn;
	uint32_t twc = insn ? m->mi_twc : m->md_twc;
	uint32_t indx = (*ctr & CTR_INDX) >> CTR_INDX_SHIFT;
	struct tlb_entry *e = &(insn ? m->itlb : m->dtlb)[indx];
	bool live = (twc & TWC_V) && (rpn & RPN_V);
	/* this write is the only DTLB change since the miss it answers (the write clears miss_clean) */
	bool clean = !insn && m->miss_clean && (epn & EPN_EPN) == m->miss_page &&
		     (m->m_casid & EPN_ASID) == m->miss_casid;
	uint32_t size;

	tlb_write_warn(c, insn, indx, twc, rpn, live);
	/* the old entry's cached data translations go (the ITLB's below) */
	if (!insn && e->valid)
		soft_tlb_flush_range(c, e->epn, ~e->mask + 1);
	size = page_size(c, twc, rpn, live);
	e->epn_reg = epn & EPN_MASK;
	e->twc_reg = twc & (insn ? MI_TWC_MASK : MD_TWC_MASK);
	e->rpn_reg = rpn;
	e->mask = ~(size - 1);
	e->epn = epn & e->mask;
	e->rpn = rpn & e->mask;
	tlb_set_valid(c, e, insn, !!(epn & EPN_EV));	/* out of the old bucket, into the new */
	if (insn) {
		c->stats.itlb_writes++;
		itlb_changed(c);
	} else {
		dtlb_written(c, e, epn, size, clean);
	}
	*ctr = (*ctr & ~CTR_INDX) | (ctr_next_indx(*ctr, indx) << CTR_INDX_SHIFT);
}

void mmu_tlbie(struct cpu *c, uint32_t ea)
{
	struct mmu *m = &c->mmu;

	for (int i = 0; i < TLB_ENTRIES; i++) {
		if (!((ea ^ m->itlb[i].epn) & m->itlb[i].mask))
			entry_drop(c, &m->itlb[i], true);
		if (!((ea ^ m->dtlb[i].epn) & m->dtlb[i].mask))
			entry_drop(c, &m->dtlb[i], false);
	}
}

void mmu_tlbia(struct cpu *c)
{
	struct mmu *m = &c->mmu;
	int ilim = (m->mi_ctr & CTR_RSV4) ? 28 : TLB_ENTRIES;
	int dlim = (m->md_ctr & CTR_RSV4) ? 28 : TLB_ENTRIES;

	for (int i = 0; i < ilim; i++)
		tlb_set_valid(c, &m->itlb[i], true, false);
	for (int i = 0; i < dlim; i++)
		tlb_set_valid(c, &m->dtlb[i], false, false);
	m->mi_ctr &= ~CTR_INDX;
	m->md_ctr &= ~CTR_INDX;
	m->ictr_written = false;
	m->dctr_written = false;
	mmu_changed(c);
}

void mmu_rfi(struct cpu *c)
{
	c->mmu.in_imiss = false;
	c->mmu.in_dmiss = false;
}

/* mtspr Mx_CAM latches entry INDX into the read-out registers. */
static void debug_latch(struct cpu *c, bool insn)
{
	struct mmu *m = &c->mmu;
	uint32_t ctr = insn ? m->mi_ctr : m->md_ctr;
	struct tlb_entry *e = &(insn ? m->itlb : m->dtlb)[(ctr & CTR_INDX) >>
							   CTR_INDX_SHIFT];
	uint32_t cam = (e->epn_reg & ~EPN_EV) | (e->valid ? EPN_EV : 0);

	if (insn) {
		m->mi_cam = cam;
		m->mi_ram0 = e->twc_reg;
		m->mi_ram1 = e->rpn_reg;
	} else {
		m->md_cam = cam;
		m->md_ram0 = e->twc_reg;
		m->md_ram1 = e->rpn_reg;
	}
}

void mmu_write_md_rpn(struct cpu *c, uint32_t val)
{
	c->mmu.md_rpn = val;
	tlb_write(c, false, val);
}

bool mmu_spr_read(struct cpu *c, int spr, uint32_t *val)
{
	struct mmu *m = &c->mmu;

	switch (spr) {
	case SPR_MI_CTR:  *val = m->mi_ctr; break;
	case SPR_MD_CTR:  *val = m->md_ctr; break;
	case SPR_MI_AP:   *val = m->mi_ap; break;
	case SPR_MD_AP:   *val = m->md_ap; break;
	case SPR_MI_EPN:  *val = m->mi_epn & EPN_MASK; break;
	case SPR_MD_EPN:  *val = m->md_epn & EPN_MASK; break;
	case SPR_MI_TWC:  *val = m->mi_twc & MI_TWC_MASK; break;
	case SPR_MD_TWC:  *val = md_twc_read(c); break;
	case SPR_MI_RPN:  *val = m->mi_rpn; break;
	case SPR_MD_RPN:  *val = m->md_rpn; break;
	case SPR_M_CASID: *val = m->m_casid & EPN_ASID; break;
	case SPR_M_TWB:   *val = m_twb_read(c); break;
	case SPR_M_TW:    *val = m->m_tw; break;
	case SPR_MI_CAM:  *val = m->mi_cam; break;
	case SPR_MI_RAM0: *val = m->mi_ram0; break;
	case SPR_MI_RAM1: *val = m->mi_ram1; break;
	case SPR_MD_CAM:  *val = m->md_cam; break;
	case SPR_MD_RAM0: *val = m->md_ram0; break;
	case SPR_MD_RAM1: *val = m->md_ram1; break;
	default:
		return false;
	}
	return true;
}

static void ctr_write(struct cpu *c, uint32_t *ctr, bool *written,
		      uint32_t val)
{
	(void)c;
	*ctr = val;
	*written = true;
	mmu_changed(c);
}

bool mmu_spr_write(struct cpu *c, int spr, uint32_t val)
{
	struct mmu *m = &c->mmu;

	switch (spr) {
	case SPR_MI_CTR:  ctr_write(c, &m->mi_ctr, &m->ictr_written, val); break;
	case SPR_MD_CTR:  ctr_write(c, &m->md_ctr, &m->dctr_written, val); break;
	case SPR_MI_AP:   m->mi_ap = val; mmu_changed(c); break;
	case SPR_MD_AP:   m->md_ap = val; mmu_changed(c); break;
	case SPR_MI_EPN:  m->mi_epn = val & EPN_MASK; break;
	case SPR_MD_EPN:  m->md_epn = val & EPN_MASK; break;
	case SPR_MI_TWC:  m->mi_twc = val; break;
	case SPR_MD_TWC:  m->md_twc = val; break;
	case SPR_MI_RPN:  m->mi_rpn = val; tlb_write(c, true, val); break;
	case SPR_MD_RPN:  mmu_write_md_rpn(c, val); break;
	case SPR_M_CASID: m->m_casid = val & EPN_ASID; mmu_changed(c); break;
	case SPR_M_TWB:   m->m_twb = val; break;
	case SPR_M_TW:    m->m_tw = val; break;
	case SPR_MI_CAM:  debug_latch(c, true); break;
	case SPR_MD_CAM:  debug_latch(c, false); break;
	case SPR_MI_RAM0:
	case SPR_MI_RAM1:
	case SPR_MD_RAM0:
	case SPR_MD_RAM1:
		sim_warn(c, W_DEBUG_TLB, "write to a debug TLB RAM register "
			 "ignored");
		break;
	default:
		return false;
	}
	return true;
}

/*
 * For the debugger: the same answers without side effects (no warning, no
 * exception, no latch).
 */
static struct tlb_entry *quiet_match(struct cpu *c, struct tlb_entry *tlb,
				     uint32_t ea)
{
	uint32_t casid = c->mmu.m_casid & EPN_ASID;

	for (int i = 0; i < TLB_ENTRIES; i++) {
		struct tlb_entry *e = &tlb[i];

		if (e->valid && !((ea ^ e->epn) & e->mask) &&
		    ((e->rpn_reg & RPN_SH) || (e->epn_reg & EPN_ASID) == casid))
			return e;
	}
	return NULL;
}

/* EA to physical through the current translation: MSR[DR], then the DTLB, then the ITLB. */
bool mmu_debug_translate(struct cpu *c, uint32_t ea, uint32_t *pa)
{
	struct tlb_entry *e;

	if (!(c->msr & MSR_DR)) {
		*pa = ea;
		return true;
	}
	e = quiet_match(c, c->mmu.dtlb, ea);
	if (!e)
		e = quiet_match(c, c->mmu.itlb, ea);
	if (!e || !(e->twc_reg & TWC_V) || !(e->rpn_reg & RPN_V))
		return false;
	*pa = e->rpn | (ea & ~e->mask);
	return true;
}

bool mmu_debug_spr(struct cpu *c, int spr, uint32_t *val)
{
	struct mmu *m = &c->mmu;

	switch (spr) {
	case SPR_MD_TWC:
		*val = l2_address(c, m->md_epn, m->md_twc, m->md_ctr, false);
		return true;
	case SPR_M_TWB:
		*val = l1_address(c, m->md_epn, false);
		return true;
	}
	return mmu_spr_read(c, spr, val);
}

static void print_tlb(FILE *f, struct cpu *c, const char *name,
		      struct tlb_entry *tlb)
{
	for (int i = 0; i < TLB_ENTRIES; i++) {
		struct tlb_entry *e = &tlb[i];
		uint32_t size = ~e->mask + 1;

		if (!e->valid)
			continue;
		fprintf(f, "%s %2d: ea 0x%08x pa 0x%08x size %u%s %s asid %u "
			"twc 0x%08x rpn 0x%08x\n", name, i, e->epn, e->rpn,
			size >> 10 >= 1024 ? size >> 20 : size >> 10,
			size >> 10 >= 1024 ? "M" : "K",
			(e->rpn_reg & RPN_SH) ? "shared" : "private",
			e->epn_reg & EPN_ASID, e->twc_reg, e->rpn_reg);
	}
	(void)c;
}

void mmu_debug_tlb(struct cpu *c, FILE *f)
{
	print_tlb(f, c, "ITLB", c->mmu.itlb);
	print_tlb(f, c, "DTLB", c->mmu.dtlb);
	fprintf(f, "M_CASID %u, M_TWB 0x%08x, MI_CTR 0x%08x, MD_CTR 0x%08x\n",
		c->mmu.m_casid & EPN_ASID, c->mmu.m_twb, c->mmu.mi_ctr,
		c->mmu.md_ctr);
}

/* The walk the tablewalk assist would make for EA, from M_TWB; physical reads only. */
void mmu_debug_walk(struct cpu *c, uint32_t ea, FILE *f)
{
	uint32_t l1a = l1_address(c, ea, false), l1, l2a, pte;
	uint8_t *p = phys_host(l1a);

	fprintf(f, "EA 0x%08x: M_TWB 0x%08x, level-1 entry at 0x%08x", ea,
		c->mmu.m_twb, l1a);
	if (!p || l1a > ram_size - 4) {
		fprintf(f, ": not in RAM\n");
		return;
	}
	l1 = get_be32(p);
	fprintf(f, " = 0x%08x (PS %u, %s)\n", l1, (l1 & TWC_PS) >> 2,
		(l1 & TWC_V) ? "valid" : "not valid");
	if (!(l1 & TWC_V))
		return;
	l2a = l2_address(c, ea, l1, c->mmu.md_ctr, false);
	p = phys_host(l2a);
	if (!p || l2a > ram_size - 4) {
		fprintf(f, "level-2 entry at 0x%08x: not in RAM\n", l2a);
		return;
	}
	pte = get_be32(p);
	fprintf(f, "level-2 entry at 0x%08x = 0x%08x (RPN 0x%08x, %s)\n", l2a,
		pte, pte & 0xFFFFF000u, (pte & RPN_V) ? "valid" : "not valid");
}
