/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MPC8xx simulator: shared machine state and the interfaces between the
 * core, the MMU, the bus and the devices.
 */
#ifndef SIM_H
#define SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

/*
 * A build with -DSIM_NO_CACHES=1 (make -C sim mpc8xx-sim-nocache) keeps no
 * decoded-instruction pages, no fetch-page translation and no data soft TLB:
 * every access goes through the MMU model. It must behave exactly like the
 * normal build; sim/tests/simdiff.c checks that.
 */
#ifndef SIM_NO_CACHES
#define SIM_NO_CACHES	0
#endif

/* Process exit statuses chosen by the simulator itself. */
#define EXIT_BAD_ARGS		2	/* usage error, unreadable or bad ELF */
#define EXIT_MAX_INSNS		124	/* --max-insns exceeded */
#define EXIT_STRICT		125	/* --strict and an undocumented case hit */
#define EXIT_CHECKSTOP		126	/* machine check with MSR[ME]=0 */

/* MSR bits (IBM numbering in comments). */
#define MSR_ILE		0x00010000u	/* 15 */
#define MSR_EE		0x00008000u	/* 16 */
#define MSR_PR		0x00004000u	/* 17 */
#define MSR_FP		0x00002000u	/* 18 */
#define MSR_ME		0x00001000u	/* 19 */
#define MSR_SE		0x00000400u	/* 21 */
#define MSR_BE		0x00000200u	/* 22 */
#define MSR_IP		0x00000040u	/* 25 */
#define MSR_IR		0x00000020u	/* 26 */
#define MSR_DR		0x00000010u	/* 27 */
#define MSR_RI		0x00000002u	/* 30 */
#define MSR_LE		0x00000001u	/* 31 */
#define MSR_IMPL	0x0001FF73u	/* bits that exist on the 8xx core */
#define MSR_SRR1_MASK	0x87C0FFFFu	/* MSR bits copied to SRR1 */

#define XER_SO		0x80000000u
#define XER_OV		0x40000000u
#define XER_CA		0x20000000u

/* Exception vectors (offsets). */
#define VEC_RESET	0x0100
#define VEC_MCHECK	0x0200
#define VEC_EXTERNAL	0x0500
#define VEC_ALIGN	0x0600
#define VEC_PROGRAM	0x0700
#define VEC_DEC		0x0900
#define VEC_SC		0x0C00
#define VEC_SWEMU	0x1000
#define VEC_ITLB_MISS	0x1100
#define VEC_DTLB_MISS	0x1200
#define VEC_ITLB_ERR	0x1300
#define VEC_DTLB_ERR	0x1400
#define NUM_VECTORS	32		/* vector >> 8 */

/* SRR1 program-exception causes. */
#define SRR1_PROG_ILL	0x00080000u
#define SRR1_PROG_PRIV	0x00040000u
#define SRR1_PROG_TRAP	0x00020000u

/* Kinds of data access, as the MMU needs to tell them apart. */
enum access_kind {
	ACC_LOAD,
	ACC_STORE,
	ACC_DCBZ,	/* store semantics, DAR not updated (dcbX bug) */
	ACC_DCBI,	/* store semantics, DAR not updated */
	ACC_DCBST,	/* read check, DSISR store bit, DAR not updated */
	ACC_DCBF,	/* read check, DAR not updated */
	ACC_ICBI,	/* read check, DAR not updated */
};

struct cpu;
struct dinsn;
typedef void (*exec_fn)(struct cpu *c, const struct dinsn *d);

/*
 * One predecoded instruction. Decoded entries of a page form basic blocks
 * that end at a branch (DI_TERM) or at the end of the page; blen counts the
 * instructions from this one to the end of its block, 0 for an entry not
 * decoded yet. Invariant: a decoded entry that is not a block end has a
 * decoded successor with blen one less (see icache.c).
 */
struct dinsn {
	exec_fn fn;		/* the op as a function (stepping dispatcher) */
	const void *lbl;	/* the op in the threaded dispatcher (run.c) */
	uint32_t imm;		/* sign-extended immediate, mask or target */
	uint32_t raw;
	uint16_t blen;
	uint8_t rd, ra, rb;
	uint8_t sh;		/* shift count, crf, BO, ... */
	uint8_t flags;
	uint8_t op;		/* enum op_id (exec.h) */
};

#define DI_RC	0x01		/* record form (Rc=1) */
#define DI_OE	0x02		/* overflow-enable form */
#define DI_LK	0x04		/* branch links */
#define DI_AA	0x08		/* absolute branch */
#define DI_TERM	0x10		/* ends a basic block (a branch) */

#define PAGE_INSNS	1024
struct dpage {
	uint32_t ppn;		/* physical page number, or ~0 */
	struct jit_page *jit;	/* translations started in this page (jit.c) */
	/* insn[PAGE_INSNS] is a sentinel: falling into it leaves the page */
	struct dinsn insn[PAGE_INSNS + 1];
};

/* Fast data-translation cache entry (one 4 KB EA page -> host RAM). */
struct soft_tlb {
	uint32_t tag;		/* EA page, or SOFT_TLB_EMPTY */
	uintptr_t bias;		/* host address of the page minus tag: ea + bias is ea's byte */
};
#define SOFT_TLB_SIZE	64
/* matches no EA & (page mask | size - 1) for an access size up to 4 (mem.h) */
#define SOFT_TLB_EMPTY	0xFFFu
enum { MODE_REAL, MODE_SUP, MODE_USER, NUM_MODES };

/* One ITLB or DTLB entry. */
struct tlb_entry {
	uint32_t epn_reg;	/* Mx_EPN value at creation: EPN | EV | ASID */
	uint32_t twc_reg;	/* Mx_TWC attributes (APG, G, PS, WT, V) */
	uint32_t rpn_reg;	/* value written to Mx_RPN */
	uint32_t mask;		/* EA bits compared */
	uint32_t epn;		/* EA & mask */
	uint32_t rpn;		/* physical base & mask */
	bool valid;		/* EV */
};
#define TLB_ENTRIES	32
#define TLB_CLASSES	4	/* page sizes: 4K, 16K, 512K, 8M */
#define TLB_BUCKETS	64

struct mmu {
	struct tlb_entry itlb[TLB_ENTRIES];
	struct tlb_entry dtlb[TLB_ENTRIES];
	/*
	 * Search index of both TLBs (0: ITLB, 1: DTLB): per page-size class
	 * (4K, 16K, 512K, 8M), a hash of EPN -> bitmask of the valid entries
	 * in that bucket; a lookup checks only those candidates, all of them.
	 * where[side][i] is entry i's bucket (class * TLB_BUCKETS + hash),
	 * or -1 when it is not valid.
	 */
	uint32_t bucket[2][TLB_CLASSES * TLB_BUCKETS];
	int16_t where[2][TLB_ENTRIES];
	uint32_t mi_ctr, md_ctr;
	uint32_t mi_ap, md_ap;
	uint32_t mi_epn, md_epn;
	uint32_t mi_twc, md_twc;
	uint32_t mi_rpn, md_rpn;
	uint32_t m_casid, m_twb, m_tw;
	uint32_t mi_cam, mi_ram0, mi_ram1;	/* latched debug read-out */
	uint32_t md_cam, md_ram0, md_ram1;
	bool in_imiss, in_dmiss;	/* between a miss and its rfi */
	bool ictr_written, dctr_written; /* INDX set by software */
	/*
	 * No DTLB entry has changed since the last DTLB miss, which found none
	 * for the page miss_page under ASID miss_casid (mmu-mpc8xx.c, tlb_write).
	 */
	bool miss_clean;
	uint32_t miss_page, miss_casid;
};

struct stats {
	uint64_t exceptions[NUM_VECTORS];
	uint64_t itlb_miss, dtlb_miss, itlb_err, dtlb_err;
	uint64_t itlb_writes, dtlb_writes;
	uint64_t warnings;
};

struct cpu {
	uint32_t gpr[32];
	uint32_t cr, xer, lr, ctr, msr, pc;

	/* the run loop stops to look at events when icount reaches this */
	uint64_t icount, event_at;

	/* instruction fetch cache: current EA page and its decoded page */
	uint32_t fetch_page;
	bool fetch_valid;
	struct dpage *fetch_dpage;

	/*
	 * Fetch translations with the MMU on, per MSR[PR]: EA page -> PA page,
	 * valid while gen == itlb_gen (bumped by every change of the ITLB or
	 * of what its protection depends on). Only translations that raised
	 * no warning are kept.
	 */
	struct fetch_tlb {
		uint32_t gen, tag, pa;
	} fetch_tlb[2][SOFT_TLB_SIZE];
	uint32_t itlb_gen;

	struct soft_tlb *rd, *wr;	/* current mode's data caches */
	struct soft_tlb soft_rd[NUM_MODES][SOFT_TLB_SIZE];
	struct soft_tlb soft_wr[NUM_MODES][SOFT_TLB_SIZE];

	uint32_t srr0, srr1, dar, dsisr;
	uint32_t sprg[4];
	uint32_t immr;
	uint32_t misc_spr[1024];	/* SPRs kept as plain storage */

	/* timebase / decrementer (see timer.c) */
	uint64_t tb_sync_val, tb_sync_icount;
	uint32_t dec_sync_val;
	uint64_t dec_sync_icount;
	bool tb_enabled;
	bool dec_pending;

	bool reserve;
	uint32_t reserve_addr;

	struct mmu mmu;
	struct stats stats;
	uint32_t last_vector, last_vector_pc;	/* the last exception taken, and from where */

	/* run control */
	bool exit_requested;
	int exit_status;
	uint64_t max_insns;
	bool strict;
	FILE *trace;

	/* debugger (gdbstub.c): called before each instruction; true stops the run */
	bool (*debug_hook)(struct cpu *c);
	bool debug_stopped;	/* cpu_run returned for the debugger */
	bool watch_active;	/* data watchpoints set: no soft-TLB fast path */
};

/* cpu_run's status when the debugger stopped it (not a process exit status) */
#define RUN_DEBUG_STOP		(-1)

struct machine_opts {
	uint32_t ram_size;
};

/* bus.c */
extern uint8_t *ram;
extern uint32_t ram_size;
extern uint8_t *code_map;	/* per RAM page: decoded page exists */
int bus_init(uint32_t size);
int phys_read(struct cpu *c, uint32_t pa, int size, uint32_t *val);
int phys_write(struct cpu *c, uint32_t pa, int size, uint32_t val);
uint8_t *phys_host(uint32_t pa);
bool code_store_reset(struct dpage *p, uint32_t pa, int size);
extern bool code_changed;	/* set when a store changed decoded code */

#define IMMR_WINDOW	0x10000u

/* The IMMR window wins over RAM, for fetches as for data accesses. */
static inline bool phys_in_immr(const struct cpu *c, uint32_t pa)
{
	return pa - (c->immr & 0xFFFF0000u) < IMMR_WINDOW;
}

/* icache.c: decoded pages, direct-mapped by physical page number */
#define DPAGE_SLOTS	256
extern struct dpage *dpage_slots[DPAGE_SLOTS];
struct dpage *dpage_fill(uint32_t ppn);

static inline struct dpage *dpage_get(uint32_t ppn)
{
	struct dpage *p = dpage_slots[ppn & (DPAGE_SLOTS - 1)];

	if (likely(p && p->ppn == ppn))
		return p;
	return dpage_fill(ppn);
}

/*
 * The fetch page for c->pc when it needs no TLB lookup: translation off onto
 * RAM outside the IMMR window, or a cached translation (made only for RAM
 * pages, without a warning). Returns false, changing nothing, otherwise.
 * Raises nothing: the threaded dispatcher uses it to go on after a branch
 * to another page, an exception entry or an rfi without leaving.
 */
static inline bool fetch_fast(struct cpu *c)
{
	uint32_t page = c->pc & 0xFFFFF000u, pa;

	if (SIM_NO_CACHES)
		return false;
	if (c->msr & MSR_IR) {
		const struct fetch_tlb *f =
			&c->fetch_tlb[!!(c->msr & MSR_PR)]
				     [(page >> 12) & (SOFT_TLB_SIZE - 1)];

		if (f->gen != c->itlb_gen || f->tag != page)
			return false;
		pa = f->pa;
	} else {
		pa = page;
		if (pa >= ram_size || phys_in_immr(c, pa))
			return false;
	}
	c->fetch_dpage = dpage_get(pa >> 12);
	c->fetch_page = page;
	c->fetch_valid = true;
	return true;
}

/*
 * A store of size bytes at RAM address pa (within one page) over decoded
 * code resets the entries it covers (icache.c); returns true when it did.
 */
static inline bool code_page_store(uint32_t pa, int size)
{
	struct dpage *p = dpage_slots[(pa >> 12) & (DPAGE_SLOTS - 1)];
	uint32_t first = (pa & 0xFFF) >> 2;
	uint32_t last = ((pa & 0xFFF) + size - 1) >> 2;

	if (!p || p->ppn != pa >> 12)
		return false;
	if (last - first <= 1 && last < PAGE_INSNS &&
	    !p->insn[first].blen && !p->insn[last].blen)
		return false;
	return code_store_reset(p, pa, size);
}

/* decode.c */
void decode_insn(struct dinsn *d, uint32_t raw);
void decode_stub_init(struct dinsn *d);
void disasm(uint32_t raw, uint32_t pc, char *buf, size_t len);

/* cpu.c */
void cpu_reset(struct cpu *c, uint32_t pc);
int cpu_run(struct cpu *c);
void take_exception(struct cpu *c, uint32_t vector, uint32_t srr0,
		    uint32_t srr1);
void set_msr(struct cpu *c, uint32_t msr);
void update_mode(struct cpu *c);
void request_event(struct cpu *c);
void dpage_invalidate_all(void);
void machine_check(struct cpu *c, uint32_t srr0, uint32_t addr);
void program_exception(struct cpu *c, uint32_t cause);
void swemu_exception(struct cpu *c);
void dpage_decode_block(struct dpage *p, uint32_t idx);

/* run.c */
extern const void *const *op_labels;
void run_init(void);
int run_threaded(struct cpu *c);

/* mem.c */
int mem_load_slow(struct cpu *c, uint32_t ea, int size, uint32_t *val);
int mem_store_slow(struct cpu *c, uint32_t ea, int size, uint32_t val);
int mem_cache_op(struct cpu *c, uint32_t ea, enum access_kind kind);
void soft_tlb_flush(struct cpu *c);
void soft_tlb_flush_all(struct cpu *c);
void soft_tlb_flush_pages(struct cpu *c, uint32_t ea, uint32_t size);

/*
 * Drop the cached data translations of [ea, ea + size) in the MMU-on modes:
 * one 4 KB page (a small DTLB entry's whole range) inline, more in mem.c.
 */
static inline void soft_tlb_flush_range(struct cpu *c, uint32_t ea, uint32_t size)
{
	uint32_t page = ea & 0xFFFFF000u;
	int idx = (int)((page >> 12) & (SOFT_TLB_SIZE - 1));

	if (size != 0x1000u) {
		soft_tlb_flush_pages(c, ea, size);
		return;
	}
	for (int m = MODE_SUP; m < NUM_MODES; m++) {
		if (c->soft_rd[m][idx].tag == page)
			c->soft_rd[m][idx].tag = SOFT_TLB_EMPTY;
		if (c->soft_wr[m][idx].tag == page)
			c->soft_wr[m][idx].tag = SOFT_TLB_EMPTY;
	}
}

/* RAM outside the IMMR window: a page the soft TLBs may map */
static inline bool page_cacheable(const struct cpu *c, uint32_t pa)
{
	uint32_t page = pa & 0xFFFFF000u;
	uint32_t immr = c->immr & 0xFFFF0000u;

	if (SIM_NO_CACHES || page >= ram_size || ram_size - page < 0x1000u)
		return false;
	return page - immr >= 0x10000u && immr - page >= 0x1000u;
}

static inline void soft_fill(struct cpu *c, struct soft_tlb *t, uint32_t ea,
			     uint32_t pa)
{
	struct soft_tlb *e = &t[(ea >> 12) & (SOFT_TLB_SIZE - 1)];

	if (c->watch_active)	/* every access must reach the watchpoints */
		return;
	e->tag = ea & 0xFFFFF000u;
	e->bias = (uintptr_t)(ram + (pa & 0xFFFFF000u)) - e->tag;
}

/* A load translation made ahead by the MMU (mmu-mpc8xx.c), for mode's table. */
static inline void soft_prefill_load(struct cpu *c, int mode, uint32_t ea, uint32_t pa)
{
	if (page_cacheable(c, pa))
		soft_fill(c, c->soft_rd[mode], ea, pa);
}

/* mmu-mpc8xx.c */
void mmu_reset(struct cpu *c);
int mmu_translate_data(struct cpu *c, uint32_t ea, enum access_kind kind,
		       uint32_t *pa, bool *cacheable_rw);
int mmu_translate_fetch(struct cpu *c, uint32_t ea, uint32_t *pa);
bool mmu_load_miss(struct cpu *c, uint32_t ea);
bool mmu_spr_read(struct cpu *c, int spr, uint32_t *val);
bool mmu_spr_write(struct cpu *c, int spr, uint32_t val);
/* a tablewalk miss handler's three MMU accesses, for their decoded ops */
void mmu_write_md_rpn(struct cpu *c, uint32_t val);
void mmu_tlbie(struct cpu *c, uint32_t ea);
void mmu_tlbia(struct cpu *c);
void mmu_rfi(struct cpu *c);
bool mmu_debug_translate(struct cpu *c, uint32_t ea, uint32_t *pa);
bool mmu_debug_spr(struct cpu *c, int spr, uint32_t *val);
void mmu_debug_tlb(struct cpu *c, FILE *f);
void mmu_debug_walk(struct cpu *c, uint32_t ea, FILE *f);

/* spr.c */
int spr_read(struct cpu *c, int spr, uint32_t *val);
const char *spr_name(int spr);
int spr_write(struct cpu *c, int spr, uint32_t val);

/* timer.c */
uint64_t tb_read(struct cpu *c);
void tb_write(struct cpu *c, uint64_t tb);
uint32_t dec_read(struct cpu *c);
void dec_write(struct cpu *c, uint32_t val);
void tb_set_enabled(struct cpu *c, bool on);
uint64_t timer_next_event(struct cpu *c);
void timer_update(struct cpu *c);

/* cpm.c / immr */
void immr_reset(void);
uint32_t immr_read(struct cpu *c, uint32_t off, int size);
void immr_write(struct cpu *c, uint32_t off, int size, uint32_t val);
void cpm_poll_rx(struct cpu *c);

/* siu.c, cpmpic.c: the SIU and CPM interrupt controllers */
bool siu_interrupt_pending(void);
void siu_set_level(struct cpu *c, int level, bool on);
void siu_before_read(struct cpu *c, uint32_t off, int size);
void siu_after_write(struct cpu *c, uint32_t off, int size);
void siu_reset(void);
void cpmpic_update(struct cpu *c);
void cpmpic_before_read(uint32_t off, int size);
void cpmpic_after_write(struct cpu *c, uint32_t off, int size, uint16_t civr_old,
			uint32_t cisr_old);

/* stop.c */
void stop_signals_install(void);
bool stop_requested(struct cpu *c);

/* warn.c */
enum warn_kind {
	W_TWC_READ_512K,
	W_TWC_READ_PS10,
	W_RPN_OUTSIDE_MISS,
	W_SPS_LARGE,
	W_PP_RESERVED,
	W_PP20_LARGE,
	W_MULTI_HIT,
	W_DCBZ_CI,
	W_GPM_10,
	W_PPM_PPCS,
	W_TWAM0,
	W_LE_MODE,
	W_EXIT_WIDTH,
	W_DEBUG_TLB,
	W_MI_RPN_BITS,
	W_SIVEC_NONE,
	W_CIVR_NONE,
	W_CPM_PRIORITY,
	NUM_WARN
};
void sim_warn(struct cpu *c, enum warn_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
const char *warn_name(enum warn_kind kind);
bool warn_allow(const char *name);
/* The console's characters (a warning waits while a line is open), and the release of held ones. */
void warn_console_char(int ch);
void warn_release(bool at_end);
extern uint64_t warn_counts[NUM_WARN];

/* elf.c */
int elf_load(const char *path, uint32_t *entry_pa);
const char *elf_symbol(uint32_t addr, uint32_t *offset);

/* gdbstub.c */
int gdb_serve(struct cpu *c, int port);
bool gdb_watch_check(struct cpu *c, uint32_t ea, int size, bool store);

/* trace.c */
struct trace_filter {
	uint32_t lo, hi;	/* addresses traced: lo <= pc <= hi */
	uint64_t from;		/* first instruction traced (counted from 1) */
	uint64_t count;		/* instructions traced, 0 = no limit */
	bool exceptions_only;	/* exception-entry lines only */
};
extern struct trace_filter trace_filter;
void trace_insn(struct cpu *c);
/* The same for an instruction word that is not in the decoded-page cache. */
void trace_word(struct cpu *c, uint32_t raw);
void trace_exception(struct cpu *c, uint32_t vector);
const char *vector_name(uint32_t vector);

/* main.c */
void print_stats(FILE *f, const struct cpu *c);

/* byte order helpers (target is big-endian) */
static inline uint32_t get_be32(const uint8_t *p)
{
	uint32_t v;

	__builtin_memcpy(&v, p, 4);
	return __builtin_bswap32(v);
}

static inline uint16_t get_be16(const uint8_t *p)
{
	uint16_t v;

	__builtin_memcpy(&v, p, 2);
	return __builtin_bswap16(v);
}

static inline void put_be32(uint8_t *p, uint32_t v)
{
	v = __builtin_bswap32(v);
	__builtin_memcpy(p, &v, 4);
}

static inline void put_be16(uint8_t *p, uint16_t v)
{
	v = __builtin_bswap16(v);
	__builtin_memcpy(p, &v, 2);
}

#endif
