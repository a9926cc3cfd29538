#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Differential test of the mpc8xx-sim integer core against qemu-ppc (user mode).

From a seed, generate random blocks (random initial GPR/CR/XER/LR/CTR and scratch memory,
then 1..20 random integer/CR/branch/load-store instructions), assemble K blocks into one
file, link it once as a Linux ELF for qemu-ppc and once as a bare-metal ELF for the
simulator, run both, and compare every GPR, CR, XER, LR, CTR and the block's scratch
buffer. A mismatching block is shrunk (instructions dropped while it still mismatches) and
printed, and its reproducer is written to out/. See README.md for the exclusions.
"""

import argparse
import concurrent.futures as cf
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
SIM = os.environ.get("DIFFTEST_SIM") or os.path.normpath(os.path.join(HERE, "..", "..", "build", "sim", "mpc8xx-sim"))
OUT = os.path.join(HERE, "..", "..", "build", "difftest")   # reports; the tree stays clean
QEMU = ["qemu-ppc", "-cpu", "mpc885"]
AS = ["powerpc-linux-gnu-as", "-mregnames", "-mppc", "-many"]
LD = ["powerpc-linux-gnu-ld", "-static", "-T", os.path.join(HERE, "link.ld")]

DATA_BASE = 0x800000       # .data in link.ld
# Block n owns a 4 KB slot at DATA_BASE + n * BLK: its record at REC_OFF, its scratch buffer
# at SCR_OFF, crossing into the next slot so every scratch buffer straddles a page boundary.
REC = 160                  # per-block record: r0..r31, cr, xer, lr, ctr, marker
SCR = 256                  # per-block scratch buffer
BLK = 4096
PAGE_X = 128               # scratch offset of the page boundary
REC_OFF, SCR_OFF = PAGE_X, BLK - PAGE_X
STORE_LIMIT = 240          # stores stay below this offset ...
RESV = 248                 # ... so the lwarx/stwcx. word is never hit by another store
MARKER = 0xD1FF7E57
XER_MASK = 0xE000007F      # SO, OV, CA, byte count: the architected XER bits
MAX_INSNS = 20

# ---------------------------------------------------------------------------------------
# Generation

SPECIAL = [0, 1, 2, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFF, 0x8000,
           0xFFFF8000, 0x7FFF, 31, 32, 33, 63]


def rval(rng):
    k = rng.random()
    if k < 0.25:
        return rng.choice(SPECIAL)
    if k < 0.45:
        return rng.randrange(-40, 64) & 0xFFFFFFFF
    if k < 0.55:
        return (1 << rng.randrange(32)) ^ (0xFFFFFFFF if rng.random() < 0.3 else 0)
    return rng.getrandbits(32)


def sfx(rng, oe=True):
    """Random OE/Rc suffix."""
    return rng.choice(["", "o", ".", "o."] if oe else ["", "."])


def r(n):
    return "r%d" % n


def load_imm(reg, expr):
    """Two instructions that put a (link-time) 32-bit address expression in reg (reg != 0)."""
    return ["lis %s, (%s)@ha" % (r(reg), expr), "addi %s, %s, (%s)@l" % (r(reg), r(reg), expr)]


ARITH3 = ["add", "addc", "adde", "subf", "subfc", "subfe", "mullw", "divw", "divwu"]
ARITH2 = ["addme", "addze", "subfme", "subfze", "neg"]
LOGIC3 = ["and", "andc", "or", "orc", "xor", "nand", "nor", "eqv", "slw", "srw", "sraw"]
LOGIC2 = ["extsb", "extsh", "cntlzw"]
IMM_S = ["addi", "addis", "addic", "addic.", "subfic", "mulli"]
IMM_U = ["andi.", "andis.", "ori", "oris", "xori", "xoris"]
CRLOG = ["crand", "cror", "crxor", "crnand", "crnor", "creqv", "crandc", "crorc"]
BO_ALL = [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20]
BO_NODEC = [4, 5, 12, 13, 20]
# scalar load/store: access size in bytes (byte-reverse forms: size from the name)
LOADS = {"lbz": 1, "lhz": 2, "lha": 2, "lwz": 4}
STORES = {"stb": 1, "sth": 2, "stw": 4}


class Item:
    """One generated instruction (plus the setup it needs). Lines may contain {T} (the
    branch target label) and {S} (the block's scratch buffer symbol)."""

    def __init__(self, lines, target=None):
        self.lines, self.target = lines, target


def gen_alu(rng):
    g = lambda: rng.randrange(32)
    k = rng.choice([0, 0, 0, 0, 1, 1] + list(range(2, 16)))  # favour the XO-form arithmetic
    if k == 0:
        op, rt, ra, rb = rng.choice(ARITH3), g(), g(), g()
        pre = []
        if op.startswith("div") and ra != rb and rng.random() < 0.4:  # x/0, 0x80000000/-1
            pre = rng.choice([["li %s, 0" % r(rb)], ["lis %s, 0x8000" % r(ra), "li %s, -1" % r(rb)]])
        return pre + ["%s%s %s, %s, %s" % (op, sfx(rng), r(rt), r(ra), r(rb))]
    if k == 1:
        return ["%s%s %s, %s" % (rng.choice(ARITH2), sfx(rng), r(g()), r(g()))]
    if k == 2:
        return ["%s%s %s, %s, %s" % (rng.choice(["mulhw", "mulhwu"]), sfx(rng, False),
                                     r(g()), r(g()), r(g()))]
    if k == 3:
        op = rng.choice(IMM_S)
        return ["%s %s, %s, %d" % (op, r(g()), g() if op.startswith("addi") else r(g()),
                                   rng.choice([rng.randrange(-32768, 32768), rng.randrange(-8, 8)]))]
    if k == 4:
        return ["%s %s, %s, 0x%x" % (rng.choice(IMM_U), r(g()), r(g()), rng.getrandbits(16))]
    if k == 5:
        return ["%s%s %s, %s, %s" % (rng.choice(LOGIC3), sfx(rng, False), r(g()), r(g()), r(g()))]
    if k == 6:
        return ["%s%s %s, %s" % (rng.choice(LOGIC2), sfx(rng, False), r(g()), r(g()))]
    if k == 7:
        return ["srawi%s %s, %s, %d" % (sfx(rng, False), r(g()), r(g()), rng.randrange(32))]
    if k == 8:
        return ["rlwinm%s %s, %s, %d, %d, %d" % (sfx(rng, False), r(g()), r(g()),
                                                 rng.randrange(32), rng.randrange(32), rng.randrange(32))]
    if k == 9:
        return ["rlwimi%s %s, %s, %d, %d, %d" % (sfx(rng, False), r(g()), r(g()),
                                                 rng.randrange(32), rng.randrange(32), rng.randrange(32))]
    if k == 10:
        return ["rlwnm%s %s, %s, %s, %d, %d" % (sfx(rng, False), r(g()), r(g()), r(g()),
                                                rng.randrange(32), rng.randrange(32))]
    if k == 11:
        c = "cr%d" % rng.randrange(8)
        return [rng.choice(["cmpw %s, %s, %s" % (c, r(g()), r(g())),
                            "cmplw %s, %s, %s" % (c, r(g()), r(g())),
                            "cmpwi %s, %s, %d" % (c, r(g()), rng.randrange(-32768, 32768)),
                            "cmplwi %s, %s, %d" % (c, r(g()), rng.randrange(65536))])]
    if k == 12:
        return ["%s %d, %d, %d" % (rng.choice(CRLOG), g(), g(), g())]
    if k == 13:
        return [rng.choice(["mcrf cr%d, cr%d" % (rng.randrange(8), rng.randrange(8)),
                            "mfcr %s" % r(g()),
                            "mtcrf 0x%02x, %s" % (rng.getrandbits(8), r(g())),
                            "mcrxr cr%d" % rng.randrange(8)])]
    if k == 14:
        return [rng.choice(["mflr", "mtlr", "mfctr", "mtctr", "mfxer"]) + " " + r(g())]
    return [rng.choice(["sync", "isync", "eieio", "nop"])]


def gen_branch(rng, i, n):
    t = min(n, i + 1 + rng.choice([0, 0, 1, 1, 2, 3, rng.randrange(8)]))
    k = rng.randrange(5)
    bi = rng.randrange(32)
    if k == 0:
        lines = [rng.choice(["b", "bl"]) + " {T}"]
    elif k == 1:
        lines = ["%s %d, %d, {T}" % (rng.choice(["bc", "bcl"]), rng.choice(BO_ALL), bi)]
    else:
        reg = rng.randrange(1, 32)
        spr, op, bos = (("lr", "bclr", BO_ALL) if k < 4 else ("ctr", "bcctr", BO_NODEC))
        lines = load_imm(reg, "{T}") + ["mt%s %s" % (spr, r(reg)),
                                       "%s%s %d, %d" % (op, rng.choice(["", "l"]), rng.choice(bos), bi)]
    return Item(lines, t)


def gen_loop(rng):
    """A short counted loop: CTR = 1..4, a body of ALU instructions, a decrementing bc back.
    bdnz/bdnzt/bdnzf all end once CTR reaches 0; the body never writes CTR or branches."""
    body = []
    while len(body) < rng.randrange(1, 4):
        ins = gen_alu(rng)
        if not ins[-1].startswith("mtctr"):
            body += ins
    reg = rng.randrange(32)
    return (["li %s, %d" % (r(reg), rng.randrange(1, 5)), "mtctr %s" % r(reg), "1:"] + body +
            ["%s %d, %d, 1b" % (rng.choice(["bc", "bcl"]), rng.choice([0, 1, 8, 9, 16, 17]),
                                rng.randrange(32))])


def ea_setup(rng, length, align, store, exclude=()):
    """Pick an effective address (scratch offset) for an access of length bytes and
    return (offset, RA, RB) with RA != 0, RB != RA and neither in exclude."""
    hi = (STORE_LIMIT if store else SCR) - length
    off = rng.randrange(0, hi + 1)
    if rng.random() < 0.3:  # straddle the page boundary
        off = min(hi, max(0, PAGE_X - rng.randrange(max(1, length))))
    off -= off % align
    regs = [x for x in range(1, 32) if x not in exclude]
    ra = rng.choice(regs)
    rb = rng.choice([x for x in regs if x != ra] or [0])
    return off, ra, rb


def gen_mem(rng, xer_count):
    g = lambda: rng.randrange(32)
    k = rng.randrange(8)
    if k < 4:  # scalar loads/stores, D or X form, with and without update, byte-reverse
        store = k >= 2
        table = STORES if store else LOADS
        op = rng.choice(list(table) + (["sthbrx", "stwbrx"] if store else ["lhbrx", "lwbrx"]))
        size = table.get(op) or (2 if "h" in op else 4)
        brx = op.endswith("brx")
        upd = not brx and rng.random() < 0.4
        idx = brx or rng.random() < 0.5
        rt = g()
        excl = () if store else (rt,) if upd else ()
        off, ra, rb = ea_setup(rng, size, 1, store, excl)
        if brx:
            name = op
        else:
            name = op + ("u" if upd else "") + ("x" if idx else "")
        if idx:
            rbv = rng.randrange(-32, 33)
            return (load_imm(ra, "{S}+%d" % (off - rbv)) +
                    ["li %s, %d" % (r(rb), rbv), "%s %s, %s, %s" % (name, r(rt), r(ra), r(rb))])
        d = rng.randrange(-32, 33)
        return load_imm(ra, "{S}+%d" % (off - d)) + ["%s %s, %d(%s)" % (name, r(rt), d, r(ra))]
    if k == 4:  # lmw / stmw
        d = rng.randrange(-8, 9) * 4
        if rng.random() < 0.5:
            rt = rng.randrange(2, 32)
            off, ra, _ = ea_setup(rng, 4 * (32 - rt), 4, False, range(rt, 32))
            return load_imm(ra, "{S}+%d" % (off - d)) + ["lmw %s, %d(%s)" % (r(rt), d, r(ra))]
        rs = g()
        off, ra, _ = ea_setup(rng, 4 * (32 - rs), 4, True)
        return load_imm(ra, "{S}+%d" % (off - d)) + ["stmw %s, %d(%s)" % (r(rs), d, r(ra))]
    if k == 5:  # string loads
        rt = g()
        if xer_count == 0 or rng.random() < 0.5:
            nb = rng.randrange(1, 33)
            regs = {(rt + j) % 32 for j in range((nb + 3) // 4)}
            off, ra, _ = ea_setup(rng, nb, 1, False, regs)
            return load_imm(ra, "{S}+%d" % off) + ["lswi %s, %s, %d" % (r(rt), r(ra), nb % 32)]
        regs = {(rt + j) % 32 for j in range((xer_count + 3) // 4)}
        off, ra, rb = ea_setup(rng, xer_count, 1, False, regs)
        rbv = rng.randrange(-16, 17)
        return (load_imm(ra, "{S}+%d" % (off - rbv)) +
                ["li %s, %d" % (r(rb), rbv), "lswx %s, %s, %s" % (r(rt), r(ra), r(rb))])
    if k == 6:  # string stores
        rs = g()
        if rng.random() < 0.5:
            nb = rng.randrange(1, 33)
            off, ra, _ = ea_setup(rng, nb, 1, True)
            return load_imm(ra, "{S}+%d" % off) + ["stswi %s, %s, %d" % (r(rs), r(ra), nb % 32)]
        off, ra, rb = ea_setup(rng, xer_count, 1, True)
        rbv = rng.randrange(-16, 17)
        return (load_imm(ra, "{S}+%d" % (off - rbv)) +
                ["li %s, %d" % (r(rb), rbv), "stswx %s, %s, %s" % (r(rs), r(ra), r(rb))])
    # lwarx / stwcx. on the block's reservation word
    _, ra, rb = ea_setup(rng, 4, 4, False)
    rbv = rng.randrange(-4, 5) * 4
    op = rng.choice(["lwarx", "stwcx."])
    return (load_imm(ra, "{S}+%d" % (RESV - rbv)) +
            ["li %s, %d" % (r(rb), rbv), "%s %s, %s, %s" % (op, r(g()), r(ra), r(rb))])


class Block:
    def __init__(self, seed, index):
        rng = random.Random("%s:%d" % (seed, index))
        self.seed, self.index = seed, index
        self.gpr = [rval(rng) for _ in range(32)]
        self.cr = rng.getrandbits(32)
        count = rng.choice([0, rng.randrange(1, 9), rng.randrange(1, 65), rng.randrange(1, 65)])
        self.xer = (rng.getrandbits(3) << 29) | count
        self.lr = rval(rng)
        self.ctr = rng.choice([0, 1, 2, 3, rval(rng)])
        self.scratch = bytes(rng.getrandbits(8) for _ in range(SCR))
        n = rng.randrange(1, MAX_INSNS + 1)
        self.items = []
        for i in range(n):
            k = rng.random()
            if k < 0.15:
                self.items.append(gen_branch(rng, i, n))
            elif k < 0.2:
                self.items.append(Item(gen_loop(rng)))
            elif k < 0.45:
                self.items.append(Item(gen_mem(rng, count)))
            else:
                self.items.append(Item(gen_alu(rng)))

    def without(self, j):
        """A copy of this block with item j dropped (branch targets renumbered)."""
        b = object.__new__(Block)
        b.__dict__.update(self.__dict__)
        b.items = [Item(it.lines, None if it.target is None else it.target - (it.target > j))
                   for x, it in enumerate(self.items) if x != j]
        return b

    def init_lines(self):
        out = []
        for val, mt in ((self.cr, "mtcrf 0xff, r0"), (self.xer, "mtxer r0"),
                        (self.lr, "mtlr r0"), (self.ctr, "mtctr r0")):
            out += ["lis r0, 0x%04x" % (val >> 16), "ori r0, r0, 0x%04x" % (val & 0xFFFF), mt]
        for n, v in enumerate(self.gpr):
            out += ["lis %s, 0x%04x" % (r(n), v >> 16), "ori %s, %s, 0x%04x" % (r(n), r(n), v & 0xFFFF)]
        return out

    def body_lines(self, tag):
        """The instructions, labels included; tag makes the labels unique in a batch."""
        targets = {it.target for it in self.items if it.target is not None}
        out = []
        for i, it in enumerate(self.items + [None]):
            if i in targets:
                out.append(".L%s_%d:" % (tag, i))
            if it is not None:
                t = ".L%s_%d" % (tag, it.target) if it.target is not None else ""
                out += [ln.replace("{T}", t).replace("{S}", "scr_%s" % tag) for ln in it.lines]
        return out

    def asm(self, tag):
        lines = ["blk_%s:" % tag, "# seed %s block %d" % (self.seed, self.index),
                 "lis r3, resv_clear@ha", "addi r3, r3, resv_clear@l",
                 "stwcx. r3, 0, r3        # drop any reservation"]
        lines += self.init_lines() + self.body_lines(tag)
        lines += ["stw r31, save_slot@l(0)"] + load_imm(31, "rec_%s" % tag)
        lines += ["stw %s, %d(r31)" % (r(n), 4 * n) for n in range(31)]
        lines += ["lwz r0, save_slot@l(0)", "stw r0, 124(r31)"]
        for off, mf in ((128, "mfcr r0"), (132, "mfxer r0"), (136, "mflr r0"), (140, "mfctr r0")):
            lines += [mf, "stw r0, %d(r31)" % off]
        lines += ["lis r0, 0x%04x" % (MARKER >> 16), "ori r0, r0, 0x%04x" % (MARKER & 0xFFFF),
                  "stw r0, 144(r31)"]
        return lines


def batch_asm(blocks):
    out = ["# SPDX-License-Identifier: BSD-2-Clause", "# generated by sim/difftest/difftest.py",
           '\t.section .low, "aw"', "save_slot:\t.long 0", "resv_clear:\t.long 0",
           '\t.section .blocks, "ax"', "\t.globl blocks_begin", "blocks_begin:"]
    for n, b in enumerate(blocks):
        out += [ln if ln.endswith(":") or ln.startswith("#") else "\t" + ln for ln in b.asm(str(n))]
    out += ["\tb harness_done", "\t.data", "\t.globl data_begin, data_end", "data_begin:"]
    out += ["\t.space %d" % PAGE_X]
    for n, b in enumerate(blocks):
        out += ["rec_%d:\t.space %d" % (n, REC), "\t.space %d" % (SCR_OFF - REC_OFF - REC), "scr_%d:" % n]
        out += ["\t.byte " + ",".join("0x%02x" % x for x in b.scratch[o:o + 16]) for o in range(0, SCR, 16)]
    out += ["data_end:", ""]
    return "\n".join(out)


# ---------------------------------------------------------------------------------------
# Building and running

def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def check(p, what):
    if p.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (what, p.returncode, p.stderr.decode(errors="replace")[-2000:]))


_harness, _harness_lock = {}, threading.Lock()


def harness(kind, tmp):
    """Assemble qemu_start.S or sim_start.S once per process (batches run in threads)."""
    with _harness_lock:
        if kind not in _harness:
            o = os.path.join(tmp, kind + "_start.o")
            check(sh(AS + ["-o", o, os.path.join(HERE, kind + "_start.S")]), "as " + kind)
            _harness[kind] = o
        return _harness[kind]


def run_asm(text, nblocks, tmp, keep=None):
    """Build and run one batch; returns (qemu data, sim data, sim status)."""
    d = tempfile.mkdtemp(dir=tmp)
    try:
        src, obj = os.path.join(d, "blocks.S"), os.path.join(d, "blocks.o")
        with open(src, "w") as f:
            f.write(text)
        check(sh(AS + ["-o", obj, src]), "as blocks")
        qelf, selfe, dump = (os.path.join(d, x) for x in ("q.elf", "s.elf", "dump.bin"))
        check(sh(LD + ["-o", qelf, harness("qemu", tmp), obj]), "ld qemu")
        check(sh(LD + ["-o", selfe, harness("sim", tmp), obj]), "ld sim")
        q = sh(QEMU + [qelf], timeout=60)
        qdata = q.stdout if q.returncode == 0 else None
        if FAKE:
            sdata, status, serr = fake_sim(qelf, text), 0, ""
        else:
            try:
                s = sh([SIM, "--jit", "1", "--entry-elf", "--max-insns", str(2000 * nblocks + 10000), "--dump",
                        "0x%x:%d:%s" % (DATA_BASE, nblocks * BLK + PAGE_X, dump), selfe], timeout=60)
                status, serr = s.returncode, s.stderr.decode(errors="replace")
            except subprocess.TimeoutExpired:
                status, serr = "timeout", ""
            sdata = open(dump, "rb").read() if os.path.exists(dump) else b""
        if keep:
            os.makedirs(keep, exist_ok=True)
            for x in (src, qelf, selfe):
                shutil.copy(x, keep)
        return qdata, sdata, status, serr
    finally:
        shutil.rmtree(d, ignore_errors=True)


# Self-test of the harness without the simulator: DIFFTEST_FAKE_SIM=<mnemonic> uses QEMU on
# both sides and flips bit 0 of r3 in every block whose body contains that mnemonic.
FAKE = os.environ.get("DIFFTEST_FAKE_SIM")


def fake_sim(qelf, text):
    data = bytearray(sh(QEMU + [qelf]).stdout)
    for n, part in enumerate(text.split("\nblk_")[1:]):
        if ("\t" + FAKE + " ") in part:
            data[n * BLK + REC_OFF + 3 * 4 + 3] ^= 1
    return bytes(data)


def unpack(data, n):
    """Per-block state from a data dump: dict name -> value, plus scratch bytes."""
    rec = data[n * BLK + REC_OFF:n * BLK + REC_OFF + REC]
    scr = data[n * BLK + SCR_OFF:n * BLK + SCR_OFF + SCR]
    if len(rec) < REC:
        return None
    w = struct.unpack(">40I", rec)
    if w[36] != MARKER:
        return None
    st = {"r%d" % i: w[i] for i in range(32)}
    st.update(cr=w[32], xer=w[33] & XER_MASK, lr=w[34], ctr=w[35])
    return st, scr


def diff(q, s):
    """List of human-readable differences between two unpacked states (q is QEMU)."""
    if q is None:
        return ["QEMU did not complete the block (generator bug?)"]
    if s is None:
        return ["simulator did not complete the block (trap, hang or crash)"]
    out = ["%-4s qemu=0x%08x sim=0x%08x" % (k, q[0][k], s[0][k]) for k in q[0] if q[0][k] != s[0][k]]
    out += ["scratch+%-3d qemu=0x%02x sim=0x%02x" % (i, a, b)
            for i, (a, b) in enumerate(zip(q[1], s[1])) if a != b]
    return out


def run_blocks(blocks, tmp, reruns=20):
    """Run blocks in one batch; returns one diff list per block ([] = pass)."""
    res = []
    while blocks:
        qdata, sdata, status, serr = run_asm(batch_asm(blocks), len(blocks), tmp)
        if qdata is None:  # QEMU itself failed: find the block by running them one at a time
            return res + [run_blocks([b], tmp)[0] if len(blocks) > 1 else
                          ["QEMU failed on this block (generator bug)"] for b in blocks]
        for n in range(len(blocks)):
            d = diff(unpack(qdata, n), unpack(sdata, n))
            res.append(d)
            if d and unpack(sdata, n) is None:
                vec = (" (exception vector 0x%x00)" % (status - 0x80)
                       if isinstance(status, int) and 0x81 <= status <= 0x9F else "")
                d.append("sim exit status %s%s %s" % (status, vec, serr.strip()[-300:]))
                break
        # the blocks after one that trapped or hung never ran: run them again
        blocks = blocks[n + 1:]
        reruns -= 1
        if blocks and reruns < 0:
            return res + [["not run: the simulator failed on too many earlier blocks"]] * len(blocks)
    return res


def shrink(block, tmp):
    """Drop instructions while the block still mismatches; one batch per pass."""
    while len(block.items) > 1:
        cands = [block.without(j) for j in range(len(block.items))]
        res = run_blocks(cands, tmp)
        bad = [c for c, d in zip(cands, res) if d]
        if not bad:
            break
        block = bad[0]
    return block


def zeroed(block, keys):
    """A copy of block with the given state values (gpr numbers, "cr", "lr", "ctr") zeroed."""
    b = object.__new__(Block)
    b.__dict__.update(block.__dict__)
    b.gpr = [0 if n in keys else v for n, v in enumerate(block.gpr)]
    for k in ("cr", "lr", "ctr"):
        if k in keys:
            setattr(b, k, 0)
    return b


def simplify(block, tmp):
    """Zero as much of the initial state as keeps the mismatch (one batch per pass)."""
    while True:
        keys = [n for n, v in enumerate(block.gpr) if v] + [k for k in ("cr", "lr", "ctr")
                                                             if getattr(block, k)]
        res = run_blocks([zeroed(block, [k]) for k in keys], tmp) if keys else []
        ok = [k for k, d in zip(keys, res) if d]
        if not ok:
            return block
        joint = zeroed(block, ok)
        block = joint if run_blocks([joint], tmp)[0] else zeroed(block, ok[:1])


def report(block, batch_diff, tmp):
    alone = run_blocks([block], tmp)[0]
    if not alone:
        return ("MISMATCH seed %s block %d only inside its batch (an earlier block probably "
                "corrupted it; look at the blocks before it):\n    %s\n  rerun the batch: run.sh "
                "--seed %s --blocks %d" % (block.seed, block.index, "\n    ".join(batch_diff),
                                           block.seed, block.index + 1))
    small = simplify(shrink(block, tmp), tmp)
    d = run_blocks([small], tmp)[0]
    os.makedirs(OUT, exist_ok=True)
    keep = os.path.join(OUT, "repro-%s-%d" % (block.seed, block.index))
    run_asm(batch_asm([small]), 1, tmp, keep=keep)
    lines = ["MISMATCH seed %s block %d (%d of %d instructions kept)" %
             (block.seed, block.index, len(small.items), len(block.items)),
             "  initial state (registers not listed are 0; scratch: 256 bytes in blocks.S):",
             "    " + (" ".join("r%d=0x%08x" % (i, v) for i, v in enumerate(small.gpr) if v)
                      or "(all GPRs 0)"),
             "    cr=0x%08x xer=0x%08x lr=0x%08x ctr=0x%08x" % (small.cr, small.xer, small.lr, small.ctr),
             "  instructions ({S} = scratch buffer, .L = branch targets):"]
    lines += ["    " + ln for ln in small.body_lines("0")]
    lines += ["  differences:"] + ["    " + x for x in d]
    lines += ["  reproducer: %s/blocks.S (q.elf for qemu-ppc, s.elf for the simulator);" % keep,
              "  rerun: %s --replay %s/blocks.S   (original block: --seed %s --only %d)" %
              (os.path.join(HERE, "run.sh"), keep, block.seed, block.index)]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blocks", type=int, default=10000)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--batch", type=int, default=1000, help="blocks per ELF")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--only", type=int, help="run just this block index of the seed")
    ap.add_argument("--replay", metavar="FILE", help="rerun a kept out/repro-*/blocks.S")
    ap.add_argument("--max-report", type=int, default=5, help="mismatches to shrink and print")
    a = ap.parse_args()

    if not FAKE and not (os.path.isfile(SIM) and os.access(SIM, os.X_OK)):
        print("difftest: build/sim/mpc8xx-sim not built (make -C sim first)", file=sys.stderr)
        print("difftest: 0 passed, 1 failed (the simulator is not built)")
        return 2
    if a.replay:
        tmp = tempfile.mkdtemp(prefix="difftest-")
        text = open(a.replay).read()
        n = text.count("\nblk_")
        qdata, sdata, status, serr = run_asm(text, n, tmp)
        shutil.rmtree(tmp, ignore_errors=True)
        bad = 0
        for i in range(n):
            d = diff(unpack(qdata, i) if qdata else None, unpack(sdata, i))
            bad += bool(d)
            print("block %d: %s" % (i, "\n    ".join(["ok"] if not d else ["MISMATCH"] + d)))
        if bad and status:
            print("sim exit status %s %s" % (status, serr.strip()[-300:]))
        print("difftest: %d passed, %d failed" % (n - bad, bad))
        return 1 if bad else 0
    idx = [a.only] if a.only is not None else list(range(a.blocks))
    a.batch = max(1, min(a.batch, 4000))  # text must stay below DATA_BASE, data inside 64 MB RAM
    chunks = [idx[i:i + a.batch] for i in range(0, len(idx), a.batch)]
    tmp = tempfile.mkdtemp(prefix="difftest-")
    failed = []
    try:
        def work(chunk):
            blocks = [Block(a.seed, i) for i in chunk]
            return [(b, d) for b, d in zip(blocks, run_blocks(blocks, tmp)) if d]
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            for res in ex.map(work, chunks):
                failed += res
        for n, (b, d) in enumerate(failed):
            if n < a.max_report:
                print(report(b, d, tmp), flush=True)
            elif n < a.max_report + 50:
                print("MISMATCH seed %s block %d: %s" % (b.seed, b.index, "; ".join(d[:3])))
        if len(failed) > a.max_report + 50:
            print("... and %d more mismatching blocks" % (len(failed) - a.max_report - 50))
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        print("difftest: error: %s" % e)
        failed = idx
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    # One check per run: the closing total of make test counts checks, not random blocks.
    print("difftest: %d passed, %d failed (%d blocks, seed %s, %d mismatching)"
          % (0 if failed else 1, 1 if failed else 0, len(idx), a.seed, len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
