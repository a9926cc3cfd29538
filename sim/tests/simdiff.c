/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The simulator against itself: random MMU programs run on two builds (the
 * normal one and one without caches, -DSIM_NO_CACHES=1) must end alike:
 * same exit status, same stderr (--regs, --stats, warnings), same RAM.
 * Both run with --jit 1: the normal build translates code to the host's at
 * the first branch to it (the build without caches has no translator).
 *
 * Usage: simdiff SIM_A SIM_B FIRST_SEED COUNT
 *
 * A program (512 KB of RAM, ITLB entry 31 reserved and pinned over the first
 * 8 MB so the program itself keeps running) does about OPS random steps:
 * ITLB/DTLB writes of every page size with random attributes, ASID and
 * index (overlapping entries included), tlbie of any part of an entry, tlbia,
 * Mx_CTR writes (replacement counter, RSV4x), M_CASID and Mx_AP changes,
 * loads and stores (some across a page), dcbz, stores of instruction words
 * into pages that hold translated code followed by calls into those pages,
 * user mode entered with mtmsr and left with sc, and moves of the IMMR
 * window; the DTLB miss handler, when armed, writes a random entry at the
 * replacement counter's victim and retries. Every exception is folded into r31 (vector, SRR0, SRR1, DAR,
 * DSISR) and skipped; every load is folded into r30.
 * Prints one line of figures; exit 1 when any program differs.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../../include/xorshift.h"
#include "../../include/sim/exit-device.h"

#define RAM_SIZE	0x80000u	/* --ram 512K */
#define MAIN_PA		0x3000u		/* program text (real = virtual) */
#define COMMON_PA	0x2000u		/* common exception handler */
#define TEST_PA		0x40000u	/* pages the test entries point at */
#define TEST_EA		0x10000000u	/* virtual region of the test entries */
#define OPS		160
#define EXC_LIMIT	3000		/* exceptions before the program gives up */
#define MAX_INSNS	"3000000"
#define EXIT_DEV	SIM_EXIT_PA

/* SPR numbers */
enum {
	LR = 8, CTR = 9, DSISR = 18, DAR = 19, SRR0 = 26, SRR1 = 27,
	IMMR = 638, MI_CTR = 784, MI_AP = 786, MI_EPN = 787, MI_TWC = 789,
	MI_RPN = 790, MD_CTR = 792, M_CASID = 793, MD_AP = 794, MD_EPN = 795,
	MD_TWC = 797, MD_RPN = 798,
};

static uint64_t rng_state;

static uint32_t rng(void)
{
	return xorshift_next(&rng_state);
}

static uint32_t pick(uint32_t n)
{
	return rng() % n;
}

static uint8_t *ram;
static uint32_t at;		/* next instruction's physical address */

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = (uint8_t)v;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v >> 8; p[1] = (uint8_t)v;
}

static void emit(uint32_t insn)
{
	if (at + 4 <= RAM_SIZE)
		put32(ram + at, insn);
	at += 4;
}

/* Instruction encodings (rD/rS in bits 6-10, rA 11-15, rB 16-20). */
static uint32_t d_form(int op, int rt, int ra, uint32_t imm)
{
	return (uint32_t)op << 26 | rt << 21 | ra << 16 | (imm & 0xFFFF);
}

static uint32_t x_form(int rt, int ra, int rb, int xo)
{
	return 31u << 26 | rt << 21 | ra << 16 | rb << 11 | xo << 1;
}

static uint32_t spr_field(int spr)
{
	return (uint32_t)((spr & 0x1F) << 16 | (spr >> 5) << 11);
}

static void li32(int r, uint32_t v)
{
	emit(d_form(15, r, 0, v >> 16));		/* lis */
	emit(d_form(24, r, r, v & 0xFFFF));		/* ori */
}

static void mtspr(int spr, int r)
{
	emit(31u << 26 | r << 21 | spr_field(spr) | 467 << 1);
}

static void mfspr(int r, int spr)
{
	emit(31u << 26 | r << 21 | spr_field(spr) | 339 << 1);
}

static void rotl_add(int acc, int r)	/* acc = rotl(acc + r, 5) */
{
	emit(x_form(acc, acc, r, 266));				/* add */
	emit(21u << 26 | acc << 21 | acc << 16 | 5 << 11 | 0 << 6 | 31 << 1);
}

static void xor_into(int acc, int r)
{
	emit(x_form(acc, acc, r, 316));		/* xor acc,acc,r */
}

#define ISYNC	0x4C00012Cu
#define SYNC	0x7C0004ACu
#define RFI	0x4C000064u
#define SC	0x44000002u
#define BLR	0x4E800020u
#define BCTRL	0x4E800421u
#define TLBIA	0x7C0002E4u

static uint32_t branch(uint32_t from, uint32_t to)
{
	return 18u << 26 | ((to - from) & 0x03FFFFFCu);
}

static uint32_t bc(int bo, int bi, uint32_t from, uint32_t to)
{
	return 16u << 26 | bo << 21 | bi << 16 | ((to - from) & 0xFFFCu);
}

/* Instruction words the test pages hold: harmless ones and returns. */
static uint32_t code_word(void)
{
	switch (pick(8)) {
	case 0:
	case 1:
		return BLR;
	case 2:
		return x_form(6, 6, 5, 316);		/* xor r6,r6,r5 */
	case 3:
		return 21u << 26 | 6 << 21 | 6 << 16 | 3 << 11 | 31 << 1;
	default:
		return d_form(14, 5, 5, pick(0x100));	/* addi r5,r5,k */
	}
}

static void exit_with(uint32_t status)
{
	li32(24, EXIT_DEV);
	li32(25, status);
	emit(d_form(36, 25, 24, 0));		/* stw r25,0(r24) */
	emit(branch(at, at));			/* stores end the run; spin */
}

/*
 * Every vector: r24 = vector, then the common handler (real mode, uses only
 * r24-r29; the program never touches them).
 */
static void gen_handlers(void)
{
	uint32_t skip, fetch, sc, out;

	for (uint32_t v = 0x100; v < 0x2000; v += 0x100) {
		at = v;
		emit(d_form(14, 24, 0, v >> 8));	/* li r24,v>>8 */
		emit(branch(at, COMMON_PA));
	}
	at = COMMON_PA;
	emit(d_form(14, 29, 29, 1));			/* exceptions counted */
	emit(d_form(10, 0, 29, EXC_LIMIT));		/* cmplwi r29,LIMIT */
	emit(bc(12, 0, at, at + 8));			/* blt +8 */
	emit(branch(at, COMMON_PA + 0x400));		/* -> exit 3 */
	mfspr(25, SRR0);
	mfspr(26, SRR1);
	mfspr(27, DAR);
	mfspr(28, DSISR);
	emit(21u << 26 | 31 << 21 | 31 << 16 | 7 << 11 | 0 << 6 | 31 << 1);
	xor_into(31, 24);
	rotl_add(31, 25);
	xor_into(31, 26);
	rotl_add(31, 27);
	xor_into(31, 28);
	/* an armed DTLB miss writes the victim entry and retries the access */
	emit(d_form(11, 0, 24, 0x12));			/* cmpwi r24,0x12 */
	emit(bc(4, 2, at, at + 28));			/* bne: not armed */
	emit(d_form(11, 0, 15, 0));			/* cmpwi r15,0 */
	emit(bc(12, 2, at, at + 20));			/* beq: not armed */
	mtspr(MD_TWC, 14);
	mtspr(MD_RPN, 15);
	emit(d_form(14, 15, 0, 0));			/* li r15,0 */
	emit(RFI);
	/* a fault at an address in the test region came from a call: return */
	emit(d_form(15, 27, 0, TEST_EA >> 16));		/* lis r27,TEST_EA */
	emit(x_form(0, 25, 27, 32));			/* cmplw r25,r27 */
	fetch = at;
	emit(0);					/* bge fetch */
	emit(d_form(11, 0, 24, 0xC));			/* cmpwi r24,0xC */
	sc = at;
	emit(0);					/* beq sc */
	emit(d_form(11, 0, 24, 0x11));			/* ITLB miss/error in */
	out = at;					/* the program: give up */
	emit(0);
	emit(d_form(11, 0, 24, 0x13));
	emit(0);
	skip = at;
	emit(d_form(14, 25, 25, 4));			/* srr0 += 4 */
	mtspr(SRR0, 25);
	emit(RFI);
	put32(ram + fetch, bc(4, 0, fetch, at));	/* bge */
	mfspr(25, LR);
	mtspr(SRR0, 25);
	emit(RFI);
	put32(ram + sc, bc(12, 2, sc, at));		/* beq: back to supervisor */
	emit(21u << 26 | 26 << 21 | 26 << 16 | 0 << 11 | 18 << 6 | 16 << 1);
	mtspr(SRR1, 26);				/* rlwinm cleared MSR[PR] */
	emit(RFI);
	put32(ram + out, bc(12, 2, out, at));
	put32(ram + out + 8, bc(12, 2, out + 8, at));
	exit_with(4);
	(void)skip;
	at = COMMON_PA + 0x400;
	exit_with(3);
}

static uint32_t hot[12];	/* pages most accesses and entries go to, so they overlap */

static uint32_t test_ea(void)
{
	/* offsets past the program, so 8M/512K entries at RPN 0 land in test pages */
	if (pick(4))
		return hot[pick(12)] + (pick(0x1000) & ~3u);
	return TEST_EA + TEST_PA + pick(RAM_SIZE - TEST_PA);
}

static void random_entry(bool insn, uint32_t *twc_out, uint32_t *rpn_out)
{
	static const uint32_t ps[] = { 0x0, 0x0, 0x0, 0x4, 0xC, 0x8 };
	uint32_t twc = ps[pick(6)], rpn;

	twc |= (pick(8) ? 1 : 0) | pick(4) << 5;	/* V, APG */
	if (insn && !pick(8))
		twc |= 0x10;				/* guarded */
	if ((twc & 0xC) == 0xC)		/* 8M: RAM at 0, or none */
		rpn = pick(8) ? 0 : 0x800000u;
	else if ((twc & 0xC) == 0x4)	/* 512K: all of RAM, or none */
		rpn = pick(8) ? 0 : RAM_SIZE + (pick(8) << 19);
	else
		rpn = pick(8) ? TEST_PA + (pick((RAM_SIZE - TEST_PA) >> 12) << 12) :
			RAM_SIZE + (pick(64) << 12);	/* not RAM: machine check */
	rpn |= pick(4) << 10 | (pick(4) ? 0 : 0x200);	/* PP, E */
	rpn |= 0xF0 | (pick(5) ? 0x100 : 0);		/* sub-pages, C */
	if (twc & 0xC ? pick(8) : !pick(3))
		rpn |= 0x8;				/* SPS */
	if (!pick(3))
		rpn |= 0x4;				/* SH */
	if (!pick(4))
		rpn |= 0x2;				/* CI */
	if (pick(10))
		rpn |= 0x1;				/* V */
	*twc_out = twc;
	*rpn_out = rpn;
}

/* The next DTLB miss's handler writes this entry (one shot): r14 TWC, r15 RPN. */
static void arm_miss_handler(void)
{
	uint32_t twc, rpn;

	random_entry(false, &twc, &rpn);
	li32(14, twc);
	li32(15, rpn | 0x1);		/* never 0: 0 means not armed */
}

static void tlb_write(bool insn)
{
	uint32_t twc, rpn, epn;

	random_entry(insn, &twc, &rpn);
	epn = (test_ea() & 0xFFFFF000u) | (pick(10) ? 0x200 : 0) | pick(4);
	if (pick(4)) {		/* set INDX first (documented); entry 28..31 of the ITLB rarely */
		uint32_t indx = insn && pick(16) ? pick(28) : pick(32);

		li32(16, (insn ? 0x08000000u : 0x04000000u) | indx << 8);
		mtspr(insn ? MI_CTR : MD_CTR, 16);
	}
	li32(16, epn);
	mtspr(insn ? MI_EPN : MD_EPN, 16);
	li32(16, twc);
	mtspr(insn ? MI_TWC : MD_TWC, 16);
	li32(16, rpn);
	mtspr(insn ? MI_RPN : MD_RPN, 16);
	if (pick(2))
		emit(ISYNC);
}

static void load(void)
{
	static const int ops[] = { 32, 34, 40, 42 };	/* lwz lbz lhz lha */
	uint32_t ea = test_ea();

	if (!pick(8))
		ea = (ea | 0xFFF) - 2;			/* across a page */
	li32(16, ea);
	emit(d_form(ops[pick(4)], 17, 16, 0));
	rotl_add(30, 17);
}

static void store(void)
{
	static const int ops[] = { 36, 36, 36, 38, 44 };	/* stw stb sth */
	uint32_t ea = test_ea() & ~3u;

	if (!pick(10))
		ea = (ea | 0xFFF) - 1;
	li32(16, ea);
	li32(17, code_word());
	emit(d_form(ops[pick(5)], 17, 16, 0));
}

static void call(void)
{
	li32(16, test_ea() & ~3u);
	mtspr(CTR, 16);
	emit(BCTRL);
}

static void misc(void)
{
	switch (pick(9)) {
	case 0:
		li32(16, test_ea() & ~(pick(2) ? 0u : 0x7FFFFu));
		emit(x_form(0, 0, 16, 306));		/* tlbie */
		emit(SYNC);
		break;
	case 1:
		if (!pick(4))
			emit(TLBIA);
		break;
	case 2:
		emit(d_form(14, 16, 0, pick(4)));
		mtspr(M_CASID, 16);
		break;
	case 3:	/* APG 0 keeps Ks=0 so the program's own entry stays usable */
		li32(16, 0x40000000u | (rng() & 0x3FFFFFFFu));
		mtspr(pick(2) ? MI_AP : MD_AP, 16);
		break;
	case 4:
		li32(16, (pick(4) ? 0x08000000u : 0) | pick(28) << 8);
		mtspr(MI_CTR, 16);
		li32(16, 0x04000000u | (pick(3) ? 0 : 0x08000000u) | pick(32) << 8);
		mtspr(MD_CTR, 16);
		break;
	case 5:	/* user mode until the next sc */
		emit(31u << 26 | 16 << 21 | 83 << 1);	/* mfmsr r16 */
		emit(d_form(24, 16, 16, 0x4000));	/* ori r16,r16,PR */
		emit(31u << 26 | 16 << 21 | 146 << 1);	/* mtmsr r16 */
		break;
	case 6:
		emit(SC);
		break;
	case 7:
		li32(16, test_ea() & ~15u);
		emit(x_form(0, 0, 16, 1014));		/* dcbz 0,r16 */
		break;
	case 8:	/* the IMMR window over test pages, or back at 0xFF000000 */
		li32(16, pick(2) ? 0xFF000000u : TEST_PA + (pick(12) << 16));
		mtspr(IMMR, 16);
		break;
	}
}

static void gen_program(uint64_t seed)
{
	memset(ram, 0, RAM_SIZE);
	rng_state = seed * 0x9E3779B97F4A7C15ull + 7;
	for (uint32_t a = TEST_PA; a < RAM_SIZE; a += 4)
		put32(ram + a, code_word());
	gen_handlers();
	for (int i = 0; i < 12; i++)
		hot[i] = (TEST_EA + TEST_PA + pick(RAM_SIZE - TEST_PA)) & ~0xFFFu;
	at = 0x100;				/* reset: go to the program */
	emit(branch(at, MAIN_PA));
	at = MAIN_PA;
	/* ITLB 31, reserved: EA 0..8M -> PA 0, shared, executable by all */
	li32(16, 0x08000000u | 31 << 8);
	mtspr(MI_CTR, 16);
	li32(16, 0x200);
	mtspr(MI_EPN, 16);
	li32(16, 0xD);
	mtspr(MI_TWC, 16);
	li32(16, 0x400 | 0x1FD);
	mtspr(MI_RPN, 16);
	li32(16, 0x40000000u);
	mtspr(MI_AP, 16);
	mtspr(MD_AP, 16);
	li32(16, 0x1032);			/* ME | IR | DR | RI */
	emit(31u << 26 | 16 << 21 | 146 << 1);
	emit(ISYNC);
	for (int i = 0; i < OPS && at < TEST_PA - 0x100; i++) {
		switch (pick(10)) {
		case 0: tlb_write(false); break;
		case 1: arm_miss_handler(); break;
		case 2: tlb_write(true); break;
		case 3: case 4: load(); break;
		case 5: store(); break;
		case 6: call(); break;
		default: misc(); break;
		}
	}
	emit(SC);				/* back to supervisor */
	emit(d_form(14, 16, 0, 0));
	emit(31u << 26 | 16 << 21 | 146 << 1);	/* MMU off */
	emit(ISYNC);
	exit_with(0);
}

static int write_elf(const char *path)
{
	uint8_t h[84];
	FILE *f;

	memset(h, 0, sizeof(h));
	memcpy(h, "\177ELF\1\2\1", 7);
	put16(h + 16, 2);
	put16(h + 18, 20);
	put32(h + 20, 1);
	put32(h + 24, 0x100);
	put32(h + 28, 52);
	put16(h + 40, 52);
	put16(h + 42, 32);
	put16(h + 44, 1);
	put32(h + 52, 1);
	put32(h + 56, 84);
	put32(h + 68, RAM_SIZE);
	put32(h + 72, RAM_SIZE);
	put32(h + 76, 7);
	f = fopen(path, "wb");
	if (!f || fwrite(h, 1, sizeof(h), f) != sizeof(h) ||
	    fwrite(ram, 1, RAM_SIZE, f) != RAM_SIZE)
		return -1;
	return fclose(f);
}

struct result {
	int status;		/* exit status, or 256 + signal */
	char err[32768];	/* stderr */
	uint8_t *dump;
};

/* Start one run; stderr and the RAM dump go to files named after tag. */
static pid_t spawn(const char *sim, const char *elf, bool strict, const char *tag)
{
	char dumparg[300], err[256], dump[256];
	pid_t pid;

	snprintf(err, sizeof(err), "%s.err", tag);
	snprintf(dump, sizeof(dump), "%s.bin", tag);
	snprintf(dumparg, sizeof(dumparg), "0:512K:%s", dump);
	unlink(dump);
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		int fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (null < 0 || fd < 0)
			_exit(127);
		dup2(null, 0);
		dup2(null, 1);
		dup2(fd, 2);
		alarm(20);	/* a hang shows up as SIGALRM */
		execl(sim, sim, "--jit", "1", "--ram", "512K", "--max-insns", MAX_INSNS, "--regs",
		      "--stats", "--dump", dumparg, strict ? "--strict" : elf,
		      strict ? elf : (char *)NULL, (char *)NULL);
		_exit(127);
	}
	return pid;
}

static size_t slurp(const char *path, void *buf, size_t max)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, max, f);
		fclose(f);
	}
	unlink(path);
	return n;
}

static int collect(pid_t pid, const char *tag, struct result *r)
{
	char path[256];
	int status;
	size_t n;

	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	r->status = WIFSIGNALED(status) ? 256 + WTERMSIG(status) : WEXITSTATUS(status);
	snprintf(path, sizeof(path), "%s.err", tag);
	n = slurp(path, r->err, sizeof(r->err) - 1);
	r->err[n] = 0;
	memset(r->dump, 0, RAM_SIZE);
	snprintf(path, sizeof(path), "%s.bin", tag);
	if (slurp(path, r->dump, RAM_SIZE) != RAM_SIZE)
		r->dump[0] ^= 0xFF;		/* a missing dump differs from a good one */
	return 0;
}

int main(int argc, char **argv)
{
	static struct result a, b;
	static uint8_t da[RAM_SIZE], db[RAM_SIZE];
	char elf[64], tag_a[64], tag_b[64];
	uint64_t first, count, differ = 0, insns = 0;
	unsigned long by_status[5] = { 0 };	/* 0, 3/4 gave up, 124, 125, other */

	if (argc != 5) {
		fprintf(stderr, "usage: simdiff SIM_A SIM_B FIRST_SEED COUNT\n");
		return 2;
	}
	first = strtoull(argv[3], NULL, 0);
	count = strtoull(argv[4], NULL, 0);
	ram = malloc(RAM_SIZE);
	a.dump = da;
	b.dump = db;
	snprintf(elf, sizeof(elf), "/tmp/simdiff.%d.elf", (int)getpid());
	snprintf(tag_a, sizeof(tag_a), "/tmp/simdiff.%d.a", (int)getpid());
	snprintf(tag_b, sizeof(tag_b), "/tmp/simdiff.%d.b", (int)getpid());
	for (uint64_t s = first; s < first + count; s++) {
		bool strict = s % 4 == 3;
		const char *p;
		pid_t pa, pb;

		gen_program(s);
		if (write_elf(elf)) {
			perror(elf);
			return 2;
		}
		pa = spawn(argv[1], elf, strict, tag_a);
		pb = spawn(argv[2], elf, strict, tag_b);
		if (collect(pa, tag_a, &a) || collect(pb, tag_b, &b)) {
			perror("simdiff");
			return 2;
		}
		if (a.status != b.status || strcmp(a.err, b.err) ||
		    memcmp(a.dump, b.dump, RAM_SIZE) || a.status > 255 || a.status == 127 ||
		    a.status == 2) {
			if (differ++ < 5) {
				printf("DIFFER: seed %llu%s: status %d vs %d%s%s\n",
				       (unsigned long long)s, strict ? " (--strict)" : "",
				       a.status, b.status, strcmp(a.err, b.err) ? ", stderr" : "",
				       memcmp(a.dump, b.dump, RAM_SIZE) ? ", RAM" : "");
				printf("--- %s\n%s--- %s\n%s", argv[1], a.err, argv[2], b.err);
			}
		}
		by_status[a.status == 0 ? 0 : a.status == 3 || a.status == 4 ? 1 :
			  a.status == 124 ? 2 : a.status == 125 ? 3 : 4]++;
		p = strstr(a.err, "instructions: ");
		if (p)
			insns += strtoull(p + 14, NULL, 10);
	}
	unlink(elf);
	printf("simdiff: %llu programs (seeds %llu..%llu), %llu instructions; ended: %lu normally, "
	       "%lu gave up, %lu at --max-insns, %lu by --strict, %lu otherwise; %llu differ\n",
	       (unsigned long long)count, (unsigned long long)first,
	       (unsigned long long)(first + count - 1), (unsigned long long)insns,
	       by_status[0], by_status[1], by_status[2], by_status[3], by_status[4],
	       (unsigned long long)differ);
	return differ ? 1 : 0;
}
