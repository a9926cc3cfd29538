# SPDX-License-Identifier: BSD-2-Clause
"""The "Linux, measured" section of make bench: Linux's own TLB-miss path lengths, counted the way
ppcmmu's are, on the kernels that make linux built (build/linux/).

e500: QEMU mpc8544ds single-steps the e500 kernel with -d exec,nochain and a -dfilter restricted to
Linux's TLB-miss code (DataTLBError .. the rfi after tlb_write_entry), the first instruction of the
C fault paths it bails out to (DataStorage, InstructionStorage) and the markers of the init program
(linux_marks in linux/init/hugetest.c, which prints "hugetest: phase I NAME" as it enters each). A miss is counted from the IVOR13/14 entry to its rfi inclusive, or, when it
bails out, to the branch into the C fault path inclusive. Kernel or user: whether the instruction
after the handler's "blt cr5" (address below PAGE_OFFSET) ran. 4K or huge: whether finish_tlb_load's
huge-page part ran. The huge size is the one of the init's test phase the miss happened in.

8xx: the same from the simulator's --trace, from 0x1100/0x1200 to rfi, when the MPC885 kernel
boots there (kernel or user: the instruction after the handler's "blt cr1").
"""
import os
import re
import subprocess

CROSS = "powerpc-linux-gnu-"
TRACE_TIMEOUT = 600


def symbols(elf):
    out = subprocess.run([CROSS + "nm", elf], capture_output=True, text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3:
            syms.setdefault(p[2], int(p[0], 16))
    return syms


def disasm(elf, lo, hi):
    """[(address, mnemonic, operands)] of elf between lo and hi."""
    out = subprocess.run([CROSS + "objdump", "-d", "--start-address=0x%x" % lo,
                          "--stop-address=0x%x" % hi, elf], capture_output=True, text=True,
                         check=True).stdout
    insns = []
    for line in out.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}\s*(\S+)\s*(.*)", line)
        if m:
            insns.append((int(m.group(1), 16), m.group(2), m.group(3)))
    return insns


def after_first(insns, mnemonic, operand_prefix):
    """The address after the first instruction with that mnemonic and operand prefix."""
    for addr, mn, ops in insns:
        if mn.rstrip("+-") == mnemonic and ops.startswith(operand_prefix):
            return addr + 4
    raise RuntimeError("no '%s %s...' found" % (mnemonic, operand_prefix))


def first_rfi(insns, start):
    for addr, mn, _ in insns:
        if addr >= start and mn == "rfi":
            return addr
    raise RuntimeError("no rfi after 0x%x" % start)


def parse_marks(lines):
    marks = {}
    for l in lines:
        m = re.match(r"hugetest: phase (\d+) (\S+)", l)
        if m:
            marks[int(m.group(1))] = m.group(2)
    return marks


class PathCounter:
    """Follows one trace: feed(pc) for every traced instruction, in order."""

    def __init__(self, entries, ends, bails, kernel_pcs, huge_pcs, marks_lo, marks_hi):
        self.entries, self.ends, self.bails = entries, ends, bails
        self.kernel_pcs, self.huge_pcs = kernel_pcs, huge_pcs
        self.marks_lo, self.marks_hi = marks_lo, marks_hi
        self.marker = None
        self.cur = None
        self.events = []        # (marker index, kind, who, size class, end, count)

    def feed(self, pc):
        cur = self.cur
        if cur is not None:
            if pc in self.bails:
                self.events.append((self.marker, cur["kind"], cur["who"], cur["size"], "c", cur["n"]))
                self.cur = None
                return
            if pc in self.entries:
                raise RuntimeError("handler re-entered before its end (pc 0x%x)" % pc)
            cur["n"] += 1
            if pc in self.kernel_pcs:
                cur["who"] = "kernel"
            if pc in self.huge_pcs:
                cur["size"] = "huge"
            if pc in self.ends:
                self.events.append((self.marker, cur["kind"], cur["who"], cur["size"], "rfi", cur["n"]))
                self.cur = None
            return
        if self.marks_lo is not None and self.marks_lo <= pc < self.marks_hi:
            self.marker = (pc - self.marks_lo) // 4
        elif pc in self.entries:
            self.cur = {"kind": self.entries[pc], "who": "user", "size": "4K", "n": 1}


def e500_measure(top, out, run_qemu, kdir=None):
    """Returns {"events": [...], "marks": {...}} or {"error": why}. kdir: the kernel's build
    directory, build/linux/e500 unless given (build/linux/e500-stock: stock Linux)."""
    kdir = kdir or os.path.join(top, "build", "linux", "e500")
    vmlinux, init = os.path.join(kdir, "vmlinux"), os.path.join(kdir, "hugetest")
    if not (os.path.exists(vmlinux) and os.path.exists(init)):
        return {"error": "no e500 kernel: run make linux first"}
    try:
        s = symbols(vmlinux)
        need = ["DataTLBError", "InstructionTLBError", "finish_tlb_load", "tlb_write_entry",
                "DataStorage", "InstructionStorage"]
        missing = [n for n in need if n not in s]
        if missing:
            return {"error": "symbols missing from vmlinux: " + ", ".join(missing)}
        u = symbols(init)
        d_ins = disasm(vmlinux, s["DataTLBError"], s["DataTLBError"] + 0x100)
        i_ins = disasm(vmlinux, s["InstructionTLBError"], s["InstructionTLBError"] + 0x100)
        tail = disasm(vmlinux, s["finish_tlb_load"], s["tlb_write_entry"] + 0x80)
        rfi = first_rfi(tail, s["tlb_write_entry"])
        kernel_pcs = {after_first(d_ins, "blt", "cr5"), after_first(i_ins, "blt", "cr5")}
    except (RuntimeError, subprocess.CalledProcessError) as e:
        return {"error": str(e)}
    lo = min(s["DataTLBError"], s["InstructionTLBError"], s["finish_tlb_load"])
    ranges = [(lo, rfi), (s["DataStorage"], s["DataStorage"]),
              (s["InstructionStorage"], s["InstructionStorage"]),
              (u["linux_marks"], u["linux_marks_end"] - 1)]
    dfilter = ",".join("0x%x..0x%x" % r for r in ranges)
    with open(os.path.join(top, "linux", "e500.cmdline")) as f:
        append = f.read().strip()
    trace = os.path.join(out, "trace-linux-e500.log")
    console = os.path.join(out, "console-linux-e500.log")
    rc, lines = run_qemu(vmlinux, append, ["-singlestep", "-d", "exec,nochain", "-dfilter", dfilter,
                                           "-D", trace], console, TRACE_TIMEOUT)
    text = [l for _, l in lines]
    if not any(l.startswith("Run /init") for l in text):
        return {"error": "the traced kernel did not reach its init (status %s, see %s)" % (rc, console)}
    # A run that stops early (a kernel BUG) still measured every miss up to there; say how it ended.
    summary = next((l for l in text if l.startswith("SUMMARY:")), None)
    if summary is None:
        bug = next((l for l in text if "kernel BUG" in l or l.startswith("Kernel panic")), None)
        summary = "no SUMMARY: %s" % (bug or "status %s" % rc)
    pc_re = re.compile(r"^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/")
    counter = PathCounter({s["DataTLBError"]: "d", s["InstructionTLBError"]: "i"}, {rfi},
                          {s["DataStorage"], s["InstructionStorage"]}, kernel_pcs,
                          {s["finish_tlb_load"] + 8}, u["linux_marks"], u["linux_marks_end"])
    try:
        with open(trace, errors="replace") as f:
            for line in f:
                m = pc_re.match(line)
                if m:
                    counter.feed(int(m.group(1), 16))
    except RuntimeError as e:
        return {"error": str(e)}
    os.remove(trace)
    return {"events": counter.events, "marks": parse_marks(text), "summary": summary}


def mpc8xx_measure(top, out, sim_trace):
    """The MPC885 kernel in the simulator, traced: {"events", "marks", "summary"} or {"error"}."""
    kdir = os.path.join(top, "build", "linux", "mpc885")
    image, init = os.path.join(kdir, "linux-sim.elf"), os.path.join(kdir, "hugetest")
    sim = os.path.join(top, "build", "sim", "mpc8xx-sim")
    if not (os.path.exists(image) and os.path.exists(init)):
        return {"error": "no MPC885 kernel: run make linux first"}
    if not os.path.exists(sim):
        return {"error": "build/sim/mpc8xx-sim is not built"}
    u = symbols(init)
    # The vectors run with translation off: their addresses in the trace are physical.
    counter = PathCounter({0x1100: "i", 0x1200: "d"}, set(), set(), set(), set(),
                          u["linux_marks"], u["linux_marks_end"])
    ends = []

    def step(pc, rest):
        was = counter.cur
        counter.feed(pc)
        if was is not None and counter.cur is was and rest.split()[1:2] == ["rfi"]:
            counter.events.append((counter.marker, was["kind"], was["who"], was["size"], "rfi",
                                   was["n"]))
            counter.cur = None
            ends.append(pc)

    console = os.path.join(out, "console-linux-8xx.log")
    # The same options as make linux-test (tools/linux-test).
    # No command-line tree: the image brings its own device tree (as in make linux-test).
    rc = sim_trace(sim, image, "", console, step, timeout=TRACE_TIMEOUT,
                   args=["--entry-elf", "--allow", "pp20-large", "--allow", "pp-reserved",
                         "--allow", "dcbz-ci", "--allow", "mi-rpn-bits"])
    with open(console, errors="replace") as f:
        text = [l.rstrip("\r\n") for l in f]
    summary = next((l for l in text if l.startswith("SUMMARY:")), None)
    if summary is None:
        return {"error": "the traced MPC885 run printed no SUMMARY (status %s, see %s)" % (rc, console)}
    return {"events": counter.events, "marks": parse_marks(text), "summary": summary}


def spread(nums):
    if not nums:
        return None
    lo, hi = min(nums), max(nums)
    return str(lo) if lo == hi else "%d-%d" % (lo, hi)


def huge_sizes(marks):
    """The huge-page sizes the init's phases name (anon-8M, file-8M, ...), in the order met."""
    sizes = []
    for name in marks.values():
        m = re.match(r"(anon|file)-(\d+[KMG])$", name)
        if m and m.group(2) not in sizes:
            sizes.append(m.group(2))
    return sizes


def ours_stats(ours, pick):
    """ppcmmu's figures (TLB_STATS=1, =0) from the first of make bench's rows whose path pick() accepts."""
    r = next((r for r in ours if pick(r["path"])), None)
    if not r or "na" in r:
        return ["—", "—"]
    return [r.get("stats1", "—"), r.get("stats0", "—")]


def e500_rows(res, ours):
    """Rows (path, Linux measured, samples, ppcmmu on, ppcmmu off). ours: make bench's e500 rows."""
    if "error" in res:
        return [["e500, every path", "n/a (%s)" % res["error"], "", "", ""]]
    marks = res["marks"]
    ev = [(marks.get(m, "?"), k, w, z, e, n) for m, k, w, z, e, n in res["events"]]

    def ppcmmu(prefix):
        return ours_stats(ours, lambda path: path.startswith(prefix))

    rows = []
    kind_name = {"d": "data", "i": "instruction"}
    for who in ("user", "kernel"):
        for k in ("d", "i"):
            nums = [n for _, kk, w, z, e, n in ev if kk == k and w == who and z == "4K" and e == "rfi"]
            rows.append(["e500 TLB0 4K, %s %s" % (who, kind_name[k]), spread(nums) or "n/a (no such miss)",
                         len(nums)] + ppcmmu("e500 TLB0 4K, %s %s" % (who, kind_name[k])))
    for size in huge_sizes(marks):
        phases = {"anon-" + size, "file-" + size, "cow-" + size}
        nums = [n for mk, k, w, z, e, n in ev if mk in phases and z == "huge" and e == "rfi"]
        whos = sorted({w + " " + kind_name[k] for mk, k, w, z, e, n in ev
                       if mk in phases and z == "huge" and e == "rfi"})
        rows.append(["e500 TLB1 huge %s (%s)" % (size, ", ".join(whos) or "no miss"),
                     spread(nums) or "n/a (no huge-page miss in that phase)", len(nums)] +
                    ppcmmu("e500 TLB1 huge %s" % size))
    for who in ("user", "kernel"):
        for k in ("d", "i"):
            nums = [n for _, kk, w, z, e, n in ev if kk == k and w == who and e == "c"]
            rows.append(["e500 TLB error to C, %s %s" % (who, kind_name[k]), spread(nums) or "n/a (none)",
                         len(nums)] + ppcmmu("e500 TLB error to C, %s %s" % (who, kind_name[k])))
    return rows


def sweep_rows(res):
    """Huge-page misses while the init wrote, then read, both edges of every 4K piece of its pages."""
    if "error" in res:
        return []
    marks = res["marks"]
    rows = []
    for idx, name in sorted(marks.items()):
        if not name.startswith("anon-"):
            continue
        n = sum(1 for m, k, w, z, e, _ in res["events"] if m == idx and z == "huge" and e == "rfi")
        rows.append([name[5:], n])
    return rows


def mpc8xx_rows(res, ours):
    """8xx rows: Linux's handlers have no branch on user, kernel or size, so each row is a phase."""
    if "error" in res:
        return [["8xx, every path", "n/a (%s)" % res["error"], "", "", ""]]
    marks = res["marks"]
    ev = [(marks.get(m, "?"), k, n) for m, k, w, z, e, n in res["events"]]

    def ppcmmu(label):
        return ours_stats(ours, lambda path: path == label)

    rows = []
    for k, name in (("d", "DTLB"), ("i", "ITLB")):
        nums = [n for _, kk, n in ev if kk == k]
        rows.append(["8xx %s miss, whole run (boot and test)" % name, spread(nums) or "n/a (none)",
                     len(nums)] + ppcmmu("8xx %s miss, user, 4K" % name))
    for size in huge_sizes(marks):
        nums = [n for mk, kk, n in ev if kk == "d" and mk in ("anon-" + size, "file-" + size)]
        rows.append(["8xx DTLB miss while the test touches its %s pages" % size,
                     spread(nums) or "n/a (none)", len(nums)] +
                    ppcmmu("8xx DTLB miss, user, %s" % size))
    return rows


def section(res_e500, ours_e500, res_8xx=None, ours_8xx=()):
    md = ["### 6. Linux, measured (Linux %s's own handlers on the kernels `make linux` built)" % "6.12", ""]
    rows = e500_rows(res_e500, ours_e500)
    if res_8xx is not None:
        rows += mpc8xx_rows(res_8xx, ours_8xx)
    md.append("| path | Linux, measured | misses seen | ppcmmu, counters on | ppcmmu, TLB_STATS=0 |")
    md.append("|---|---|---|---|---|")
    md += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    md.append("")
    md.append("Linux: instructions from the IVOR13/14 entry to `rfi` inclusive (\"to C\": to the branch into "
              "DataStorage/InstructionStorage inclusive), QEMU single-stepping the e500 kernel "
              "(`-singlestep -d exec,nochain -dfilter`) while its init runs the hugetlbfs test "
              "(linux/init/hugetest.c); huge-page rows are the misses of that size's test phase. "
              "Configuration: linux/e500.config (UP, 64-bit PTEs, no KUAP); the e500 kernel's huge pages "
              "are those of the phases the run reached.")
    sw = sweep_rows(res_e500)
    if sw:
        md.append("")
        md.append("Linux huge-page TLB misses while the init wrote, then read back, both edges of every "
                  "4 KB piece of all its MAP_HUGETLB pages of one size: " +
                  ", ".join("%s: %d" % (s, n) for s, n in sw) + " (the first touch of a page is a page "
                  "fault, and Linux's e500 fault path writes the TLB1 entry itself, "
                  "book3e_hugetlb_preload).")
    if "summary" in res_e500:
        md.append("")
        md.append("The traced e500 run's outcome: %s (console: build/bench/console-linux-e500.log)." %
                  res_e500["summary"])
    if res_8xx is not None:
        md.append("")
        md.append("8xx: the simulator's `--trace` of the MPC885 kernel (`--strict` with the `--allow` "
                  "kinds of `make linux-test`), from 0x1100/0x1200 to `rfi` inclusive; Linux's 8xx miss "
                  "handlers take the same straight-line path for user, kernel and every page size%s." %
                  ("" if "error" in res_8xx else " (outcome: %s)" % res_8xx["summary"]))
    md.append("")
    return "\n".join(md)
