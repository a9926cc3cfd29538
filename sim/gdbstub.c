/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * --gdb PORT: a gdb remote-protocol stub. One connection from gdb on
 * localhost; registers (GPRs, PC, MSR, CR, LR, CTR, XER and the 8xx SPRs,
 * described to gdb in a target description), memory through the current
 * translation (a failed translation is an error reply), breakpoints (Z0 and
 * Z1 alike: compared with the PC before each instruction, memory is never
 * patched), single step, continue, Ctrl-C, data watchpoints (Z2/Z3/Z4: the
 * access is held back, the PC stays on the instruction, as with the
 * PowerPC's DABR) and "monitor tlb | walk VA | stats".
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sim.h"
#include "spr.h"

#define MAX_PACKET	4096
#define MAX_BREAKS	64
#define MAX_WATCHES	8
#define ACCEPT_WAIT_MS	(600 * 1000)	/* how long to wait for gdb to connect */
#define POLL_EVERY	0xFFFFu		/* instructions between Ctrl-C checks */
#define SIGINT_NO	2
#define SIGTRAP_NO	5

enum { R_PC = 32, R_MSR, R_CR, R_LR, R_CTR, R_XER, R_SPR0 };

/* The SPRs shown to gdb, in register-number order after R_SPR0. */
static const int gdb_sprs[] = {
	SPR_SRR0, SPR_SRR1, SPR_DAR, SPR_DSISR, SPR_SPRG0, SPR_SPRG0 + 1,
	SPR_SPRG0 + 2, SPR_SPRG0 + 3, SPR_DEC, SPR_TBL, SPR_TBU, SPR_PVR,
	SPR_IMMR, 149 /* der */, 158 /* ictrl */,
	SPR_MI_CTR, SPR_MI_AP, SPR_MI_EPN, SPR_MI_TWC, SPR_MI_RPN,
	SPR_MD_CTR, SPR_M_CASID, SPR_MD_AP, SPR_MD_EPN, SPR_M_TWB,
	SPR_MD_TWC, SPR_MD_RPN, SPR_M_TW, SPR_MI_CAM, SPR_MI_RAM0,
	SPR_MI_RAM1, SPR_MD_CAM, SPR_MD_RAM0, SPR_MD_RAM1,
};
#define NUM_SPRS	((int)(sizeof(gdb_sprs) / sizeof(gdb_sprs[0])))
#define NUM_REGS	(R_SPR0 + NUM_SPRS)

struct watch {
	uint32_t addr, len;
	int type;		/* 2 write, 3 read, 4 access */
};

static struct {
	int fd;
	uint32_t breaks[MAX_BREAKS];
	int nbreaks;
	struct watch watches[MAX_WATCHES];
	int nwatches;
	bool stepping;
	uint64_t resume_icount;	/* icount when the CPU was last resumed */
	int stop_signal;
	const char *stop_extra;	/* "swbreak:;", "watch:ADDR;" ... */
	char extra[40];
	bool stop_now;		/* a watchpoint fired during an instruction */
	bool connected;
} g = { .fd = -1 };

static const char hexdigits[] = "0123456789abcdef";

static int hexval(int ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Parse hex digits at *p up to a non-hex character; false if there were none. */
static bool parse_hex(const char **p, uint32_t *out)
{
	uint32_t v = 0;
	int n = 0, d;

	while ((d = hexval(**p)) >= 0) {
		v = (v << 4) | (uint32_t)d;
		(*p)++;
		n++;
	}
	*out = v;
	return n > 0 && n <= 8;
}

static void put_hex32(char *out, uint32_t v)
{
	for (int i = 0; i < 8; i++)
		out[i] = hexdigits[(v >> (28 - 4 * i)) & 0xF];
}

/* ---- packets ---- */

static int read_byte(int timeout_ms)
{
	struct pollfd p = { .fd = g.fd, .events = POLLIN };
	unsigned char ch;
	int r = poll(&p, 1, timeout_ms);

	if (r <= 0)
		return r == 0 ? -2 : -1;
	if (read(g.fd, &ch, 1) != 1)
		return -1;
	return ch;
}

static bool write_all(const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(g.fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		buf += n;
		len -= (size_t)n;
	}
	return true;
}

static bool send_packet(const char *data)
{
	static char buf[2 * MAX_PACKET + 8];
	size_t n = strlen(data);
	unsigned sum = 0;

	if (n > 2 * MAX_PACKET) {	/* no reply is this long: a bug, not data to cut */
		fprintf(stderr, "mpc8xx-sim: gdb reply of %zu bytes not sent\n", n);
		data = "E01";
		n = 3;
	}
	buf[0] = '$';
	memcpy(buf + 1, data, n);
	for (size_t i = 0; i < n; i++)
		sum += (unsigned char)data[i];
	buf[n + 1] = '#';
	buf[n + 2] = hexdigits[(sum >> 4) & 0xF];
	buf[n + 3] = hexdigits[sum & 0xF];
	/* gdb acknowledges with '+'; a '-' asks again */
	for (int tries = 0; tries < 5; tries++) {
		int ack;

		if (!write_all(buf, n + 4))
			return false;
		do
			ack = read_byte(10000);
		while (ack >= 0 && ack != '+' && ack != '-');
		if (ack == '+')
			return true;
		if (ack < 0)
			return false;
	}
	return false;
}

/* Read one packet into buf; returns its length, or -1 when gdb has gone. */
static int recv_packet(char *buf, int size)
{
	for (;;) {
		int ch, len = 0, c1, c2;
		unsigned sum = 0;
		bool too_long = false;

		do
			ch = read_byte(-1);
		while (ch >= 0 && ch != '$');
		if (ch < 0)
			return -1;
		while ((ch = read_byte(10000)) >= 0 && ch != '#') {
			if (len < size - 1)
				buf[len++] = (char)ch;
			else
				too_long = true;
			sum += (unsigned)ch;
		}
		c1 = read_byte(10000);
		c2 = read_byte(10000);
		if (ch < 0 || c1 < 0 || c2 < 0)
			return -1;
		buf[len] = 0;
		if (hexval(c1) * 16 + hexval(c2) == (int)(sum & 0xFF)) {
			if (!write_all("+", 1))
				return -1;
			if (!too_long)
				return len;
			/* longer than the PacketSize we announced: refuse it */
			if (!send_packet("E01"))
				return -1;
			continue;
		}
		if (!write_all("-", 1))
			return -1;
	}
}

/* ---- registers ---- */

static bool read_spr(struct cpu *c, int spr, uint32_t *v)
{
	uint32_t msr = c->msr;
	int r;

	if (mmu_debug_spr(c, spr, v))
		return true;
	/* the privilege check is the CPU's, not the debugger's */
	c->msr &= ~MSR_PR;
	r = spr_read(c, spr, v);
	c->msr = msr;
	return r == 0;
}

static bool reg_read(struct cpu *c, int n, uint32_t *v)
{
	if (n < 32) {
		*v = c->gpr[n];
		return true;
	}
	switch (n) {
	case R_PC:  *v = c->pc; return true;
	case R_MSR: *v = c->msr; return true;
	case R_CR:  *v = c->cr; return true;
	case R_LR:  *v = c->lr; return true;
	case R_CTR: *v = c->ctr; return true;
	case R_XER: *v = c->xer; return true;
	}
	if (n < NUM_REGS)
		return read_spr(c, gdb_sprs[n - R_SPR0], v);
	return false;
}

static bool reg_write(struct cpu *c, int n, uint32_t v)
{
	uint32_t msr = c->msr;
	int r;

	if (n < 32) {
		c->gpr[n] = v;
		return true;
	}
	switch (n) {
	case R_PC:  c->pc = v; c->fetch_valid = false; return true;
	case R_MSR: set_msr(c, v); return true;
	case R_CR:  c->cr = v; return true;
	case R_LR:  c->lr = v; return true;
	case R_CTR: c->ctr = v; return true;
	case R_XER: return spr_write(c, SPR_XER, v) == 0;
	}
	if (n >= NUM_REGS)
		return false;
	c->msr &= ~MSR_PR;
	r = spr_write(c, gdb_sprs[n - R_SPR0], v);
	c->msr = msr;
	return r == 0;
}

static void cmd_read_regs(struct cpu *c, char *out)
{
	for (int n = 0; n < NUM_REGS; n++) {
		uint32_t v = 0;

		if (reg_read(c, n, &v))
			put_hex32(out + 8 * n, v);
		else
			memset(out + 8 * n, 'x', 8);
	}
	out[8 * NUM_REGS] = 0;
}

static void cmd_write_regs(struct cpu *c, const char *in, char *out)
{
	for (int n = 0; n < NUM_REGS && strlen(in) >= 8; n++, in += 8) {
		const char *p = in;
		uint32_t v;
		char word[9];

		memcpy(word, in, 8);
		word[8] = 0;
		p = word;
		if (word[0] != 'x' && (!parse_hex(&p, &v) || *p ||
				       !reg_write(c, n, v))) {
			strcpy(out, "E01");
			return;
		}
	}
	strcpy(out, "OK");
}

/* ---- memory ---- */

static bool mem_byte(struct cpu *c, uint32_t ea, uint8_t **host)
{
	uint32_t pa;

	if (!mmu_debug_translate(c, ea, &pa))
		return false;
	*host = phys_host(pa);
	return *host != NULL;
}

static void cmd_read_mem(struct cpu *c, const char *p, char *out)
{
	uint32_t addr, len;

	if (!parse_hex(&p, &addr) || *p++ != ',' || !parse_hex(&p, &len)) {
		strcpy(out, "E01");
		return;
	}
	if (len > MAX_PACKET / 2)
		len = MAX_PACKET / 2;
	for (uint32_t i = 0; i < len; i++) {
		uint8_t *h;

		if (!mem_byte(c, addr + i, &h)) {
			if (i == 0) {
				strcpy(out, "E14");	/* EFAULT */
				return;
			}
			len = i;
			break;
		}
		out[2 * i] = hexdigits[*h >> 4];
		out[2 * i + 1] = hexdigits[*h & 0xF];
	}
	out[2 * len] = 0;
}

static void cmd_write_mem(struct cpu *c, const char *p, char *out)
{
	uint32_t addr, len;
	uint8_t *hosts[MAX_PACKET / 2];

	if (!parse_hex(&p, &addr) || *p++ != ',' || !parse_hex(&p, &len) ||
	    *p++ != ':' || len > MAX_PACKET / 2 || strlen(p) != 2 * len) {
		strcpy(out, "E01");
		return;
	}
	/* translate every byte first: a failed write changes nothing */
	for (uint32_t i = 0; i < len; i++) {
		if (!mem_byte(c, addr + i, &hosts[i]) || hexval(p[2 * i]) < 0 ||
		    hexval(p[2 * i + 1]) < 0) {
			strcpy(out, "E14");
			return;
		}
	}
	for (uint32_t i = 0; i < len; i++) {
		*hosts[i] = (uint8_t)(hexval(p[2 * i]) * 16 + hexval(p[2 * i + 1]));
		code_page_store((uint32_t)(hosts[i] - ram), 1);
	}
	soft_tlb_flush_all(c);
	strcpy(out, "OK");
}

/* ---- breakpoints and watchpoints ---- */

static void watch_state(struct cpu *c)
{
	c->watch_active = g.nwatches > 0;
	soft_tlb_flush_all(c);
}

static void cmd_point(struct cpu *c, const char *p, bool insert, char *out)
{
	uint32_t type, addr, len;
	int i;

	strcpy(out, "E01");
	if (!parse_hex(&p, &type) || *p++ != ',' || !parse_hex(&p, &addr) ||
	    *p++ != ',' || !parse_hex(&p, &len))
		return;
	if (type <= 1) {
		for (i = 0; i < g.nbreaks && g.breaks[i] != addr; i++)
			;
		if (insert && i == g.nbreaks) {
			if (g.nbreaks == MAX_BREAKS)
				return;
			g.breaks[g.nbreaks++] = addr;
		} else if (!insert && i < g.nbreaks) {
			g.breaks[i] = g.breaks[--g.nbreaks];
		}
	} else if (type <= 4) {
		for (i = 0; i < g.nwatches; i++)
			if (g.watches[i].addr == addr && g.watches[i].len == len &&
			    g.watches[i].type == (int)type)
				break;
		if (insert && i == g.nwatches) {
			if (g.nwatches == MAX_WATCHES || len == 0)
				return;
			g.watches[g.nwatches++] = (struct watch){ addr, len, (int)type };
		} else if (!insert && i < g.nwatches) {
			g.watches[i] = g.watches[--g.nwatches];
		}
		watch_state(c);
	} else {
		out[0] = 0;	/* unsupported type */
		return;
	}
	strcpy(out, "OK");
}

/* From the data slow paths: true holds the access back and stops the CPU. */
bool gdb_watch_check(struct cpu *c, uint32_t ea, int size, bool store)
{
	static const char *const kinds[] = { "", "", "watch", "rwatch", "awatch" };

	for (int i = 0; i < g.nwatches; i++) {
		struct watch *w = &g.watches[i];

		if (ea - w->addr >= w->len && w->addr - ea >= (uint32_t)size)
			continue;
		if ((w->type == 2 && !store) || (w->type == 3 && store))
			continue;
		snprintf(g.extra, sizeof(g.extra), "%s:%08x;", kinds[w->type],
			 ea > w->addr ? ea : w->addr);
		g.stop_extra = g.extra;
		g.stop_signal = SIGTRAP_NO;
		g.stop_now = true;
		c->icount--;	/* the instruction did not complete */
		return true;
	}
	return false;
}

static bool interrupt_pending(void)
{
	int ch;

	while ((ch = read_byte(0)) >= 0)
		if (ch == 0x03)
			return true;
	return false;
}

/* Before each instruction while gdb is attached: true stops the CPU here. */
static bool debug_hook(struct cpu *c)
{
	bool moved = c->icount != g.resume_icount;

	if (g.stop_now) {
		g.stop_now = false;
		return true;
	}
	if (g.stepping) {
		if (!moved)
			return false;
		g.stop_signal = SIGTRAP_NO;
		g.stop_extra = "";
		return true;
	}
	for (int i = 0; moved && i < g.nbreaks; i++) {
		if (g.breaks[i] == c->pc) {
			g.stop_signal = SIGTRAP_NO;
			g.stop_extra = "hwbreak:;";
			return true;
		}
	}
	if ((c->icount & POLL_EVERY) == 0 && interrupt_pending()) {
		g.stop_signal = SIGINT_NO;
		g.stop_extra = "";
		return true;
	}
	return false;
}

/* ---- run control ---- */

/* Resume; returns true with the stop reply in out, false when the program ended. */
static bool resume(struct cpu *c, bool step, int *status, char *out)
{
	int r;

	g.stepping = step;
	g.resume_icount = c->icount;
	c->debug_stopped = false;
	r = cpu_run(c);
	if (r != RUN_DEBUG_STOP) {
		*status = r;
		return false;
	}
	snprintf(out, MAX_PACKET, "T%02x%02x:", g.stop_signal, R_PC);
	put_hex32(out + strlen(out), c->pc);
	snprintf(out + strlen(out), MAX_PACKET - strlen(out), ";%s",
		 g.stop_extra ? g.stop_extra : "");
	return true;
}

/* ---- monitor commands (qRcmd) ---- */

static void monitor(struct cpu *c, const char *hex, char *out)
{
	char cmd[256], *text = NULL;
	size_t len = 0, n = strlen(hex) / 2;
	FILE *f;
	uint32_t va;

	if (n >= sizeof(cmd)) {
		strcpy(out, "E01");
		return;
	}
	for (size_t i = 0; i < n; i++)
		cmd[i] = (char)(hexval(hex[2 * i]) * 16 + hexval(hex[2 * i + 1]));
	cmd[n] = 0;
	f = open_memstream(&text, &len);
	if (!f) {
		strcpy(out, "E01");
		return;
	}
	if (!strcmp(cmd, "tlb")) {
		mmu_debug_tlb(c, f);
	} else if (!strncmp(cmd, "walk ", 5)) {
		char *end;

		errno = 0;
		va = (uint32_t)strtoul(cmd + 5, &end, 0);
		if (errno || end == cmd + 5 || *end)
			fprintf(f, "usage: monitor walk VA (a number)\n");
		else
			mmu_debug_walk(c, va, f);
	} else if (!strcmp(cmd, "stats")) {
		print_stats(f, c);
	} else {
		fprintf(f, "monitor commands: tlb | walk VA | stats\n");
	}
	fclose(f);
	/* the text goes out in "O" packets, then the command's "OK" */
	for (size_t off = 0; text && off < len; off += MAX_PACKET / 4) {
		char pkt[MAX_PACKET / 2 + 2] = "O";
		size_t k, chunk = len - off < MAX_PACKET / 4 ? len - off : MAX_PACKET / 4;

		for (k = 0; k < chunk; k++) {
			pkt[1 + 2 * k] = hexdigits[(unsigned char)text[off + k] >> 4];
			pkt[2 + 2 * k] = hexdigits[text[off + k] & 0xF];
		}
		pkt[1 + 2 * k] = 0;
		send_packet(pkt);
	}
	free(text);
	strcpy(out, "OK");
}

/* ---- the target description ---- */

static char *target_xml(void)
{
	static char xml[8192];
	size_t n;

	n = (size_t)snprintf(xml, sizeof(xml),
		"<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
		"<target><architecture>powerpc:common</architecture>\n"
		"<feature name=\"org.gnu.gdb.power.core\">\n");
	for (int i = 0; i < 32; i++)
		n += (size_t)snprintf(xml + n, sizeof(xml) - n,
			"<reg name=\"r%d\" bitsize=\"32\" type=\"uint32\" regnum=\"%d\"/>\n", i, i);
	n += (size_t)snprintf(xml + n, sizeof(xml) - n,
		"<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"%d\"/>\n"
		"<reg name=\"msr\" bitsize=\"32\" type=\"uint32\"/>\n"
		"<reg name=\"cr\" bitsize=\"32\" type=\"uint32\"/>\n"
		"<reg name=\"lr\" bitsize=\"32\" type=\"code_ptr\"/>\n"
		"<reg name=\"ctr\" bitsize=\"32\" type=\"uint32\"/>\n"
		"<reg name=\"xer\" bitsize=\"32\" type=\"uint32\"/>\n"
		"</feature>\n<feature name=\"org.ppcmmu.mpc8xx.spr\">\n", R_PC);
	for (int i = 0; i < NUM_SPRS; i++)
		n += (size_t)snprintf(xml + n, sizeof(xml) - n,
			"<reg name=\"%s\" bitsize=\"32\" type=\"uint32\" regnum=\"%d\" group=\"spr\"/>\n",
			spr_name(gdb_sprs[i]), R_SPR0 + i);
	snprintf(xml + n, sizeof(xml) - n, "</feature></target>\n");
	return xml;
}

static void cmd_xfer(const char *p, char *out)
{
	const char *xml = target_xml();
	const char *prefix = "qXfer:features:read:target.xml:";
	uint32_t off, len;
	size_t total = strlen(xml);

	if (strncmp(p, prefix, strlen(prefix))) {
		out[0] = 0;
		return;
	}
	p += strlen(prefix);
	if (!parse_hex(&p, &off) || *p++ != ',' || !parse_hex(&p, &len)) {
		strcpy(out, "E01");
		return;
	}
	if (len > MAX_PACKET - 2)
		len = MAX_PACKET - 2;
	if (off >= total) {
		strcpy(out, "l");
		return;
	}
	if (len > total - off)
		len = (uint32_t)(total - off);
	out[0] = off + len < total ? 'm' : 'l';
	memcpy(out + 1, xml + off, len);
	out[1 + len] = 0;
}

/* ---- the session ---- */

static int open_listener(int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	int one = 1, s = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (s < 0 || setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(s, (struct sockaddr *)&a, sizeof(a)) || listen(s, 1)) {
		fprintf(stderr, "mpc8xx-sim: --gdb %d: %s\n", port, strerror(errno));
		if (s >= 0)
			close(s);
		return -1;
	}
	return s;
}

static int wait_for_gdb(int port)
{
	int one = 1, s = open_listener(port);
	struct pollfd p;

	if (s < 0)
		return -1;
	fprintf(stderr, "mpc8xx-sim: waiting for gdb on localhost:%d\n", port);
	p = (struct pollfd){ .fd = s, .events = POLLIN };
	if (poll(&p, 1, ACCEPT_WAIT_MS) != 1) {
		fprintf(stderr, "mpc8xx-sim: no gdb connected to port %d in %d s\n",
			port, ACCEPT_WAIT_MS / 1000);
		close(s);
		return -1;
	}
	g.fd = accept(s, NULL, NULL);
	close(s);
	if (g.fd < 0) {
		fprintf(stderr, "mpc8xx-sim: accept: %s\n", strerror(errno));
		return -1;
	}
	/* small packets both ways: without this each waits for a delayed ACK */
	setsockopt(g.fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return g.fd;
}

/* One packet; returns false when the session is over (*status then set). */
/* p N: read register N; P N=V: write it. */
static void cmd_one_reg(struct cpu *c, const char *p, bool write, char *out)
{
	uint32_t n, v;

	if (!write) {
		if (parse_hex(&p, &n) && reg_read(c, (int)n, &v)) {
			put_hex32(out, v);
			out[8] = 0;
		} else {
			strcpy(out, "E01");
		}
		return;
	}
	if (parse_hex(&p, &n) && *p++ == '=' && parse_hex(&p, &v) && reg_write(c, (int)n, v))
		strcpy(out, "OK");
	else
		strcpy(out, "E01");
}

/* The q packets this stub answers; an empty reply for the others. */
static void cmd_query(struct cpu *c, const char *pkt, char *out)
{
	if (!strncmp(pkt, "qSupported", 10))
		snprintf(out, MAX_PACKET, "PacketSize=%x;qXfer:features:read+;"
			 "hwbreak+", MAX_PACKET);
	else if (!strncmp(pkt, "qXfer:", 6))
		cmd_xfer(pkt, out);
	else if (!strncmp(pkt, "qRcmd,", 6))
		monitor(c, pkt + 6, out);
	else if (!strcmp(pkt, "qAttached"))
		strcpy(out, "1");
	else if (!strcmp(pkt, "qC"))
		strcpy(out, "QC1");
	else if (!strcmp(pkt, "qfThreadInfo"))
		strcpy(out, "m1");
	else if (!strcmp(pkt, "qsThreadInfo"))
		strcpy(out, "l");
}

static bool handle(struct cpu *c, char *pkt, char *out, int *status)
{
	const char *p = pkt + 1;
	uint32_t v;

	out[0] = 0;
	switch (pkt[0]) {
	case '?':
		snprintf(out, MAX_PACKET, "S%02x", SIGTRAP_NO);
		break;
	case 'g':
		cmd_read_regs(c, out);
		break;
	case 'G':
		cmd_write_regs(c, p, out);
		break;
	case 'p':
	case 'P':
		cmd_one_reg(c, p, pkt[0] == 'P', out);
		break;
	case 'm':
		cmd_read_mem(c, p, out);
		break;
	case 'M':
		cmd_write_mem(c, p, out);
		break;
	case 'c':
	case 's':
		if (parse_hex(&p, &v))
			reg_write(c, R_PC, v);
		if (!resume(c, pkt[0] == 's', status, out)) {
			snprintf(out, MAX_PACKET, "W%02x", *status & 0xFF);
			send_packet(out);
			return false;
		}
		break;
	case 'Z':
	case 'z':
		cmd_point(c, p, pkt[0] == 'Z', out);
		break;
	case 'H':
		strcpy(out, "OK");
		break;
	case 'k':
		*status = 0;
		return false;
	case 'D':
		send_packet("OK");
		*status = RUN_DEBUG_STOP;	/* run on without gdb */
		return false;
	case 'q':
		cmd_query(c, pkt, out);
		break;
	}
	return send_packet(out) || (*status = 1, false);
}

int gdb_serve(struct cpu *c, int port)
{
	static char pkt[MAX_PACKET + 1], out[2 * MAX_PACKET + 8];
	int status = 0;

	if (wait_for_gdb(port) < 0)
		return 1;
	c->debug_hook = debug_hook;
	g.resume_icount = c->icount;
	for (;;) {
		if (recv_packet(pkt, sizeof(pkt)) < 0) {
			fprintf(stderr, "mpc8xx-sim: gdb went away\n");
			status = RUN_DEBUG_STOP;
			break;
		}
		if (!handle(c, pkt, out, &status))
			break;
	}
	close(g.fd);
	g.fd = -1;
	c->debug_hook = NULL;
	c->watch_active = false;
	if (status == RUN_DEBUG_STOP) {	/* detached: the program runs to its end */
		c->debug_stopped = false;
		status = cpu_run(c);
	}
	return status;
}
