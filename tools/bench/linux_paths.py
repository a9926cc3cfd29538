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
import json
import os
import re
import subprocess

CROSS = "powerpc-linux-gnu-"
TRACE_TIMEOUT = 600
TRACE64_TIMEOUT = 2400     # the 64-bit runs single-step gigabytes of huge-page zeroing and copying
POWERNV_TIMEOUT = 1500     # book3s64-paths --linux: its stepping budget (600 s), the boot and the rest


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
    command = read_command(console)
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
    return {"events": counter.events, "marks": parse_marks(text), "summary": summary, "command": command}


def read_command(console):
    """The command line a console log of make bench starts with ("# CMD"), or None."""
    try:
        with open(console, errors="replace") as f:
            first = f.readline().rstrip("\n")
    except OSError:
        return None
    return first[2:] if first.startswith("# ") else None


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
    return {"events": counter.events, "marks": parse_marks(text), "summary": summary,
            "command": read_command(console)}


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


def _by_path(rows):
    """{path without its parenthesised detail: Linux's measured figure} of e500_rows/mpc8xx_rows."""
    return {r[0].split(" (")[0]: str(r[1]) for r in rows if r[1] != ""}


def measured_for(path, res_e500, res_8xx, res_e5500=None):
    """Linux's measured figure for section 1's ppcmmu row named path ("e500 TLB0 4K, user data",
    "8xx DTLB miss, kernel, 16K", ...): the same path in the traced Linux run, or "n/a (why)".
    8xx: Linux's miss handlers take one straight path whatever the page size and the space, so a 4K
    row (and every ITLB row) gets the whole run's figure and a huge DTLB row the misses of that
    size's test phase."""
    m64 = re.match(r"(?:qemu-)?e5500 (?:TLB0 4K, (.*)|TLB1 huge (\d+[KMG])\b.*|TLB error to C, (.*))$", path)
    if m64:
        if res_e5500 is None:
            return "n/a (the e5500 kernel was not traced)"
        if "error" in res_e5500:
            return "n/a (%s)" % res_e5500["error"]
        rows = _by_path(e5500_rows(res_e5500))
        if m64.group(1):
            want = "e5500 TLB0 4K, " + m64.group(1)
        elif m64.group(2):
            if "kernel" in path:
                return "n/a (Linux maps no huge pages in the kernel)"
            want = "e5500 huge %s, entry present, through C" % m64.group(2)
        else:
            want = "e5500 TLB miss to C, " + m64.group(3)
        return rows.get(want, "n/a (no such path in Linux's run)")
    m = re.match(r"8xx (DTLB|ITLB) (miss|error)(?:, \w+, (\d+[KMG]))?", path)
    if m:
        res = res_8xx
        if res is None:
            return "n/a (the MPC885 kernel was not traced)"
        if m.group(2) == "error":
            return "n/a (Linux's 8xx error path is not traced)"
        want = ("8xx %s miss while the test touches its %s pages" % (m.group(1), m.group(3))
                if m.group(1) == "DTLB" and m.group(3) not in (None, "4K")
                else "8xx %s miss, whole run" % m.group(1))
        rows = mpc8xx_rows(res, []) if "error" not in res else None
    else:
        res = res_e500
        want = path.split(" (")[0]
        rows = e500_rows(res, []) if "error" not in res else None
    if rows is None:
        return "n/a (%s)" % res["error"]
    return _by_path(rows).get(want, "n/a (no such path in Linux's run)")


def command_of(res):
    """The command that ran the traced Linux kernel (the console log's first line), or None."""
    return res.get("command")


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


# ------------------------------------------------------------------ e5500 (64-bit e500, Book3E)

CROSS64 = "powerpc64-linux-gnu-"
E5500_STUBS = 0x360         # interrupt_base_book3e: 27 stubs of 0x20 bytes (nop; b handler)
E5500_DTLB, E5500_ITLB = 0x1c0, 0x1e0
# Functions whose bodies loop over a page (zeroing, copying): the trace logs only their first
# instruction, so that the gigantic pages' zeroing does not fill the trace; a path that calls one is
# a first touch or a copy-on-write copy, not a miss, and no row counts it.
E5500_BULK = ["clear_user_page", "copy_user_page", "copy_page", "copy_mc_generic", "folio_zero_user", "copy_user_large_folio", "memset", "memcpy",
              "__arch_clear_user", "__copy_tofrom_user_base"]
# Functions whose presence in a huge-page miss means a page was found, made, zeroed or copied for
# it, not a miss of an entry already there (hugetlb_no_page is inlined into hugetlb_fault in this
# build). memset and memcpy are not among them: the interrupt entry itself calls memset.
E5500_NOT_A_MISS = ["alloc_hugetlb_folio", "__filemap_get_folio", "hugetlb_wp"]
E5500_PAGE_WORK = ["clear_user_page", "copy_user_page", "copy_page", "copy_mc_generic", "folio_zero_user",
                   "copy_user_large_folio"]


def symbols64(elf):
    """{name: (address, size)} of a 64-bit ELF (nm -S); a symbol without a size (assembly) extends
    to the next symbol's address."""
    out = subprocess.run([CROSS64 + "nm", "-S", elf], capture_output=True, text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4:
            syms.setdefault(p[3], (int(p[0], 16), int(p[1], 16)))
        elif len(p) == 3:
            syms.setdefault(p[2], (int(p[0], 16), 0))
    addrs = sorted({a for a, _ in syms.values()})
    nxt = {a: b for a, b in zip(addrs, addrs[1:])}
    return {n: (a, z or nxt.get(a, a) - a) for n, (a, z) in syms.items()}


def rfi_addresses(elf, lo, hi):
    """Every return-from-interrupt instruction of elf between lo and hi."""
    out = subprocess.run([CROSS64 + "objdump", "-d", "--start-address=0x%x" % lo,
                          "--stop-address=0x%x" % hi, elf], capture_output=True, text=True,
                         check=True).stdout
    found = set()
    for m in re.finditer(r"^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}\s*(rfi|rfci|rfmci|rfdi|rfid|hrfid|rfscv)\b", out, re.M):
        found.add(int(m.group(1), 16))
    return found


class NestedCounter:
    """Follows a trace of a 64-bit kernel whose misses may go on into C: a miss starts at one of
    entries ({pc: kind}) and ends when as many returns from interrupt (rfis) as interrupt entries
    (starts, the miss's own included) have run, so it is counted to the return to the code that
    missed, any interrupt nested in it included. Each event: (marker, kind, who user|kernel,
    "4K" (ended without reaching C) | "c", instructions to that return, instructions to the branch
    into C inclusive or None, names of the flags functions it ran)."""

    def __init__(self, entries, starts, rfis, marks, kernel_pcs=(), to_c=(), flags=None):
        self.entries, self.starts, self.rfis = entries, starts, rfis
        self.kernel_pcs, self.to_c, self.flags = set(kernel_pcs), set(to_c), flags or {}
        self.marks_lo, self.marks_hi = marks
        self.marker = None
        self.cur = None
        self.events = []

    def feed(self, pc):
        cur = self.cur
        if cur is None:
            if self.marks_lo <= pc < self.marks_hi:
                self.marker = (pc - self.marks_lo) // 4
            elif pc in self.entries:
                self.cur = {"kind": self.entries[pc], "who": "user", "n": 1, "depth": 1, "c": None,
                            "flags": set()}
            return
        cur["n"] += 1
        if pc in self.starts:
            cur["depth"] += 1       # an interrupt taken inside the miss
        elif pc in self.rfis:
            cur["depth"] -= 1
            if cur["depth"] == 0:
                self.events.append((self.marker, cur["kind"], cur["who"], "c" if cur["c"] else "4K",
                                    cur["n"], cur["c"], cur["flags"]))
                self.cur = None
        elif pc in self.kernel_pcs and cur["c"] is None:
            cur["who"] = "kernel"
        elif pc in self.to_c and cur["c"] is None and cur["depth"] == 1:
            cur["c"] = cur["n"] - 1     # to the branch into C, inclusive
        elif pc in self.flags:
            cur["flags"].add(self.flags[pc])


def e5500_measure(top, out, board_cmd, timeout=TRACE64_TIMEOUT):
    """The e5500 kernel of make linux on qemu-e5500, traced from the init's first phase marker to
    the end of its run: {"events", "marks", "summary", "command"} or {"error"}. QEMU single-steps
    from the start (-singlestep, -dfilter: the kernel's text less the bodies of E5500_BULK, and the
    init's markers); the host turns the exec log on through QEMU's monitor when the init prints its
    first phase, so the boot is not logged. One core (maxcpus=1): the trace is of one instruction
    stream. -icount: the clock follows the instructions run, not the host's time, so that the
    slowness of single-stepping does not turn the run into timer interrupts."""
    kdir = os.path.join(top, "build", "linux", "e5500")
    vmlinux, init = os.path.join(kdir, "vmlinux"), os.path.join(kdir, "hugetest")
    if not (os.path.exists(vmlinux) and os.path.exists(init)):
        return {"error": "no e5500 kernel: run make linux first"}
    try:
        s = symbols64(vmlinux)
        need = ["interrupt_base_book3e", "tlb_miss_kernel_bolted", "itlb_miss_kernel_bolted",
                "exc_data_storage_book3e", "exc_instruction_storage_book3e", "hugetlb_fault",
                "__update_mmu_cache", "_stext", "_etext"] + E5500_NOT_A_MISS + E5500_BULK
        missing = [n for n in need if n not in s]
        if missing:
            return {"error": "symbols missing from vmlinux: " + ", ".join(missing)}
        u = symbols64(init)
        text_lo, text_hi = s["_stext"][0], s["_etext"][0]
        rfis = rfi_addresses(vmlinux, text_lo, text_hi)
    except (RuntimeError, subprocess.CalledProcessError, OSError) as e:
        return {"error": str(e)}
    ranges = text_ranges(s, text_lo, text_hi, E5500_BULK) + \
        [(u["linux_marks"][0], u["linux_marks_end"][0] - 1)]
    with open(os.path.join(top, "linux", "e5500.cmdline")) as f:
        append = f.read().strip() + " maxcpus=1"
    base = s["interrupt_base_book3e"][0]
    counter = NestedCounter({base + E5500_DTLB: "d", base + E5500_ITLB: "i"},
                            {base + off for off in range(0, E5500_STUBS, 0x20)}, rfis,
                            (u["linux_marks"][0], u["linux_marks_end"][0]),
                            kernel_pcs={s[n][0] for n in ("tlb_miss_kernel_bolted", "itlb_miss_kernel_bolted")},
                            to_c={s[n][0] for n in ("exc_data_storage_book3e", "exc_instruction_storage_book3e")},
                            flags=entry_pcs(s, ["hugetlb_fault", "__update_mmu_cache"] +
                                            E5500_NOT_A_MISS + E5500_BULK))
    run = traced_run(out, "e5500", board_cmd("qemu-e5500", "--image", vmlinux, "--bootargs", append,
                                             "--ram", "4G"), ranges, timeout, counter)
    if "error" in run:
        return run
    return {"events": counter.events, "marks": parse_marks(run["text"]), "summary": run["summary"],
            "command": run["command"]}


def feed_trace(trace, counter):
    """Feeds every pc of QEMU's exec log ("Trace 0: 0xHOST [CS_BASE/PC/FLAGS/...] name") to counter;
    an error text or None. A line of another core is an error (the run is meant to have one)."""
    feed = counter.feed
    try:
        with open(trace, errors="replace") as f:
            for line in f:
                if not line.startswith("Trace "):
                    continue
                if not line.startswith("Trace 0:"):
                    return "the trace holds a second core (%s)" % line.strip()
                i = line.find("/", 20)
                feed(int(line[i + 1:line.find("/", i + 1)], 16))
    except (OSError, ValueError) as e:
        return "cannot read the trace: %s" % e
    return None


# The 64-bit kernels are built for the ELFv2 ABI: a function called from outside its unit enters at
# its symbol (two instructions that set r2), one called from inside at symbol + 8. A function is seen
# entered when either runs.
ENTRY_SPAN = 12


def entry_pcs(s, names):
    """{pc: name} of the two entry points of each function of names (see ENTRY_SPAN)."""
    return {s[n][0] + off: n for n in names if n in s for off in (0, 8)}


def text_ranges(s, lo, hi, bulk):
    """[lo, hi) as inclusive ranges for -dfilter, less the bodies of the bulk functions (their
    entry instructions stay, so a path that calls one shows it)."""
    holes = sorted((s[n][0] + ENTRY_SPAN, s[n][0] + s[n][1]) for n in bulk
                   if n in s and s[n][1] > ENTRY_SPAN)
    ranges = []
    for a, b in holes:
        if a > lo:
            ranges.append((lo, a - 1))
        lo = max(lo, b)
    ranges.append((lo, hi - 1))
    return ranges


def traced_run(out, name, cmd, ranges, timeout, counter):
    """Boots cmd single-stepped under -icount with the exec log of ranges turned on at the init's
    first phase, feeding every logged pc to counter as QEMU writes it (through a FIFO: the log of
    a whole run is gigabytes): {"command", "text" (console lines), "summary"} or {"error"}.
    -icount: the clock follows the instructions run, not the host's time, so that the slowness of
    single-stepping does not turn the run into timer interrupts."""
    import threading
    fifo = os.path.join(out, "trace-linux-%s.fifo" % name)
    console = os.path.join(out, "console-linux-%s.log" % name)
    sock = os.path.join(out, "monitor-linux-%s.sock" % name)
    for p in (fifo, sock):
        if os.path.lexists(p):
            os.remove(p)
    os.mkfifo(fifo)
    cmd = cmd + ["-singlestep", "-icount", "shift=2,sleep=off",
                 "-dfilter", ",".join("0x%x..0x%x" % r for r in ranges), "-D", fifo,
                 "-monitor", "unix:%s,server=on,wait=off" % sock]
    result = {}
    reader = threading.Thread(target=lambda: result.update(error=feed_trace(fifo, counter)), daemon=True)
    reader.start()
    rc, text, logging_on = run_with_monitor(cmd, console, sock, timeout)
    try:        # if QEMU never opened the FIFO, the reader still waits in open(): release it
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass
    reader.join()
    for p in (fifo, sock):
        if os.path.lexists(p):
            os.remove(p)
    if not logging_on:
        last = next((l for l in reversed(text) if l.strip()), "no output")
        return {"error": "the init's first phase never showed, the trace was not started (status %s, "
                         "last line: '%s'; see %s)" % (rc, last.strip(), os.path.relpath(console, os.path.dirname(os.path.dirname(out))))}
    if result.get("error"):
        return {"error": result["error"]}
    summary = next((l for l in text if l.startswith("SUMMARY:")), None)
    if summary is None:
        bug = next((l for l in text if "kernel BUG" in l or l.startswith("Kernel panic")), None)
        summary = "no SUMMARY: %s" % (bug or "status %s" % rc)
    return {"command": " ".join(cmd), "text": text, "summary": summary}


def run_with_monitor(cmd, console, sock, timeout):
    """Runs QEMU, writes its console (the command first) to console, and turns its exec log on
    through the monitor socket when the init prints its first phase. Returns (status, console
    lines, whether the log was turned on)."""
    import select
    import socket
    import time
    lines, on, start, buf = [], False, time.monotonic(), b""
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, bufsize=0)
    rc = None
    try:
        while True:
            if time.monotonic() - start > timeout:
                rc = "timeout"
                break
            if not select.select([p.stdout], [], [], 1.0)[0]:
                continue
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                rc = p.wait()
                break
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                line = line.decode("ascii", "replace").rstrip("\r")
                lines.append(line)
                if not on and line.startswith("hugetest: phase 0 "):
                    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as m:
                        m.connect(sock)
                        m.sendall(b"log exec,nochain\n")
                        time.sleep(0.2)
                    on = True
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    with open(console, "w") as f:
        f.write("# " + " ".join(cmd) + "\n")
        f.writelines(l + "\n" for l in lines)
    return rc, lines, on


def e5500_rows(res, ours=()):
    """Rows (path, Linux measured, misses seen, ppcmmu on, ppcmmu off) of the e5500 kernel.
    ours: make bench's qemu-e5500 rows, when it has them (their path names as these)."""
    if "error" in res:
        return [["e5500, every path", "n/a (%s)" % res["error"], "", "", ""]]
    marks = res["marks"]
    ev = [(marks.get(m, "?"), k, w, z, n, c, f) for m, k, w, z, n, c, f in res["events"]]
    kind_name = {"d": "data", "i": "instruction"}

    def ppcmmu(label):
        return ours_stats(ours, lambda path: path.split(" (")[0] == label)

    rows = []
    for who in ("user", "kernel"):
        for k in ("d", "i"):
            label = "e5500 TLB0 4K, %s %s" % (who, kind_name[k])
            nums = [n for _, kk, w, z, n, c, f in ev if kk == k and w == who and z == "4K"]
            rows.append([label, spread(nums) or "n/a (no such miss)", len(nums)] + ppcmmu(label))
    for size in huge_sizes(marks):
        phases = {"anon-" + size, "file-" + size, "cow-" + size}
        hit = [(n, c, w, k) for mk, k, w, z, n, c, f in ev
               if mk in phases and c and {"hugetlb_fault", "__update_mmu_cache"} <= f and
               not f & set(E5500_NOT_A_MISS + E5500_PAGE_WORK)]
        whos = sorted({w + " " + kind_name[k] for _, _, w, k in hit})
        label = "e5500 huge %s, entry present, through C" % size
        rows.append(["%s (%s)" % (label, ", ".join(whos) or "no miss"),
                     "%s (to C: %s)" % (spread([n for n, _, _, _ in hit]), spread([c for _, c, _, _ in hit]))
                     if hit else "n/a (no miss of a present huge entry in that phase)", len(hit)] +
                    ppcmmu("e5500 TLB1 huge %s" % size))
    for who in ("user", "kernel"):
        for k in ("d", "i"):
            nums = [c for _, kk, w, z, n, c, f in ev if kk == k and w == who and c]
            rows.append(["e5500 TLB miss to C, %s %s" % (who, kind_name[k]), spread(nums) or "n/a (none)",
                         len(nums), "—", "—"])
    return rows


def e5500_section(res, ours=()):
    """Markdown: the e5500 kernel's measured paths."""
    md = ["#### e5500 in 64-bit mode (`qemu-e5500`, Linux 6.12 from `make linux`, linux/e5500.config)", ""]
    md.append("| path | Linux, measured | misses seen | ppcmmu, counters on | ppcmmu, TLB_STATS=0 |")
    md.append("|---|---|---|---|---|")
    md += ["| " + " | ".join(str(c) for c in r) + " |" for r in e5500_rows(res, ours)]
    md.append("")
    md.append("Linux: instructions from the TLB-miss stub (interrupt_base_book3e + 0x1c0 data, + 0x1e0 "
              "instruction) to the return from interrupt that ends it, inclusive: a 4K miss is the "
              "assembly walk of four levels (the bolted-linear-map handler) to its `rfi`; a huge page's "
              "leaf PMD or PUD entry is refused there (it is not a table pointer) and the miss goes on "
              "into C (`do_page_fault`, `hugetlb_fault`, `__update_mmu_cache`, whose inlined "
              "`book3e_hugetlb_preload` writes the TLB1 entry), counted to the `rfi` that returns to the code that missed (\"to C\": up to the "
              "branch into the storage-interrupt code, inclusive). A huge row counts only the misses "
              "of a present entry (no page allocated, zeroed or copied), e.g. a child's first read of "
              "its parent's huge page after `fork`, or a read through a second mapping of a hugetlbfs file. "
              "QEMU single-steps the kernel (`-singlestep -icount shift=2,sleep=off -d exec,nochain "
              "-dfilter`, the log turned on through the monitor at the init's first phase, one core: "
              "`maxcpus=1`); the 4K rows' spread is the walk's branches (the dirty bit, the kernel "
              "region), a huge row's is the C path's.")
    if "summary" in res:
        md.append("")
        md.append("The traced e5500 run's outcome: %s (console: build/bench/console-linux-e5500.log)." %
                  res["summary"])
    if res.get("command"):
        md.append("")
        md.append("Command: `%s`" % res["command"])
    md.append("")
    return "\n".join(md)


# ------------------------------------------------------------------ POWER8 (Book3S, hash MMU)

# Interrupt vectors of the paths measured: (real-mode vector, relocation-on vector, kind).
POWERNV_VECTORS = [("exc_real_0x300_data_access", "exc_virt_0x4300_data_access", "hash-d"),
                   ("exc_real_0x400_instruction_access", "exc_virt_0x4400_instruction_access", "hash-i"),
                   ("exc_real_0x380_data_access_slb", "exc_virt_0x4380_data_access_slb", "slb-d"),
                   ("exc_real_0x480_instruction_access_slb", "exc_virt_0x4480_instruction_access_slb",
                    "slb-i")]
POWERNV_FLAGS = ["__hash_page_4K", "__hash_page_huge", "handle_mm_fault", "slb_allocate_user",
                 "slb_allocate_kernel", "do_hash_fault", "do_slb_fault"]
POWERNV_BULK = ["clear_user_page", "copy_user_page", "copy_page", "copy_mc_generic", "folio_zero_user",
                "copy_user_large_folio", "memset", "memcpy", "__arch_clear_user", "__copy_tofrom_user_base",
                "__copy_tofrom_user_power7", "memcpy_power7"]
KERNELBASE64 = 0xc000000000000000
REAL_VECTORS = 0x10000      # the kernel's first 64K runs in real mode too, at its physical address


def powernv_addresses(vmlinux, init):
    """The addresses tools/bench/book3s64-paths --linux stops at and watches while it steps the
    POWER8 kernel: {"entries": {pc: kind} (the vectors of the paths measured, real-mode and
    relocation-on, each also at its real-mode address), "starts" (every vector: an interrupt
    nested in a path), "rfis", "to_c" (the entries of do_slb_fault and do_hash_fault), "flags"
    ({pc: name} of the functions whose run classifies a path), "run_over" (the entries of the
    functions of POWERNV_RUN_OVER), "flush" (every instruction of POWERNV_FLUSHES), "marks" ((lo,
    hi) of the init's markers)}. Raises RuntimeError when a symbol is missing."""
    s = symbols64(vmlinux)
    need = [n for v in POWERNV_VECTORS for n in v[:2]] + ["_stext", "_etext", "do_hash_fault",
                                                         "do_slb_fault", "hash_page_mm"]
    missing = [n for n in need if n not in s]
    if missing:
        raise RuntimeError("symbols missing from vmlinux: " + ", ".join(missing))
    u = symbols64(init)

    def both(a):    # an address of the kernel's first 64K, as run relocated and in real mode
        return {a, a - KERNELBASE64} if KERNELBASE64 <= a < KERNELBASE64 + REAL_VECTORS else {a}

    rfis = rfi_addresses(vmlinux, s["_stext"][0], s["_etext"][0])
    return {"entries": {pc: kind for real, virt, kind in POWERNV_VECTORS
                        for pc in both(s[real][0]) | both(s[virt][0])},
            "starts": {pc for n, (a, _) in s.items() if n.startswith(("exc_real_", "exc_virt_"))
                       for pc in both(a)},
            "rfis": {pc for a in rfis for pc in both(a)},
            "to_c": set(entry_pcs(s, ["do_hash_fault", "do_slb_fault"])),
            "flags": entry_pcs(s, POWERNV_FLAGS + POWERNV_BULK),
            "run_over": set(entry_pcs(s, POWERNV_RUN_OVER)),
            "flush": {pc for n in POWERNV_FLUSHES if n in s
                      for a in range(s[n][0], s[n][0] + s[n][1], 4) for pc in both(a)},
            "marks": (u["linux_marks"][0], u["linux_marks_end"][0])}


# Calls that are no part of a fault's path, which book3s64-paths --linux runs without stepping:
# Linux's replay of an interrupt that came while interrupts were soft-masked (a timer tick: the
# clock runs while QEMU single-steps), and the switch to another task that such a tick may ask for
# on the way out.
POWERNV_RUN_OVER = ["replay_soft_interrupts", "__replay_soft_interrupts", "irq_enter", "irq_exit",
                    "schedule", "preempt_schedule_irq", "preempt_schedule", "__schedule",
                    "do_notify_resume"]
# Linux's L1D flushes on kernel entry and exit (the Meltdown-class mitigations, their software
# fallback: on for this CPU as QEMU and skiboot describe it); a path's instructions in them are
# counted, and also shown apart.
POWERNV_FLUSHES = ["entry_flush_fallback", "rfi_flush_fallback", "hrfi_flush_fallback",
                   "scv_entry_flush_fallback", "rfscv_flush_fallback", "do_uaccess_flush"]


# Functions whose run makes a fault something else than a miss of an entry already there (the page
# is found, made, zeroed or copied): book3s64-paths --linux stops stepping a fault when it enters one.
POWERNV_NOT_A_MISS = ["handle_mm_fault"] + E5500_PAGE_WORK


# The 16G run (make linux-test-16g's setup, stepped): the command that runs it alone, for the
# text make bench prints when it could not run it.
POWERNV_16G_ALONE = "BENCH_ONLY=linux16g tools/bench/run"


def powernv_measure(top, out, board_cmd=None, timeout=POWERNV_TIMEOUT, big=False):
    """The POWER8 kernel of make linux on qemu-powernv8 (through skiboot), single-stepped through
    QEMU's gdb stub by tools/bench/book3s64-paths --linux from the init's first phase on:
    {"events", "marks", "summary", "command", "skipped", "tool"} or {"error"}. QEMU 7.2 cannot run
    powernv8 under -icount ("Bad icount read"), which the trace of the other 64-bit kernel needs,
    so the path is stepped instead, as ppcmmu's own POWER8 paths are. board_cmd is unused (the
    tool asks tools/run for the command line itself). big: the 16G setup (book3s64-paths
    --linux-16g, the init of make linux-test-16g): {"refused": why} when the host's MemAvailable
    is short (no run), and "memory": the MemAvailable lines of the run."""
    kdir = os.path.join(top, "build", "linux", "powernv")
    if not (os.path.exists(os.path.join(kdir, "vmlinux")) and os.path.exists(os.path.join(kdir, "hugetest"))):
        return {"error": "no powernv kernel: run make linux first"}
    tool = os.path.join(top, "tools", "bench", "book3s64-paths")
    opt = "--linux-16g" if big else "--linux"
    try:
        r = subprocess.run([tool, opt], cwd=top, capture_output=True, text=True,
                           timeout=timeout + (1260 if big else 0))
    except subprocess.TimeoutExpired:
        return {"error": "tools/bench/book3s64-paths %s took more than %d s" % (opt, timeout)}
    events, skipped, errors, replayed, memory = [], [], [], 0, []
    for line in r.stdout.splitlines():
        word, _, rest = line.partition(" ")
        if word == "EVENT":
            mk, kind, who, z, n, c, flags, space, replays, flush = json.loads(rest)
            events.append((mk, kind, who, z, n, c, set(flags), space, flush))
            replayed += replays
        elif word == "SKIP":
            skipped.append(json.loads(rest))
        elif word in ("ERROR", "ERROR:"):     # the tool's and the gdb script's lines say "ERROR: ..."
            errors.append(rest)
        elif word == "MEMORY":
            memory.append(rest)
        elif word == "REFUSED:" and big:
            return {"error": "not run: " + line, "refused": line}
    console = os.path.join(out, "powernv8-linux-16g-console.log" if big else "powernv8-linux-console.log")
    try:
        with open(console, errors="replace") as f:
            text = [l.rstrip("\r\n") for l in f]
    except OSError:
        text = []
    if errors or r.returncode != 0:
        return {"error": "; ".join(errors) or "book3s64-paths %s: status %d: %s" %
                (opt, r.returncode, r.stderr.strip()[-200:])}
    summary = next((l for l in text if l.startswith("SUMMARY:")), None)
    return {"events": events, "marks": parse_marks(text), "skipped": skipped, "replayed": replayed,
            "summary": summary or "no SUMMARY (the run was ended after its last phase or at the time limit)",
            "command": (read_command(console) or "").replace(top.rstrip("/") + "/", "") or None,
            "tool": "tools/bench/book3s64-paths " + opt,
            "memory": memory}


# The POWER8 rows: ppcmmu's probes (tools/bench/book3s64-paths), then what Linux's run also has.
POWERNV_PATHS = ["kernel %s data %s miss" % (size, vec) for size in ("4K", "16M", "16G")
                 for vec in ("segment", "hash")] + \
    ["kernel 4K instruction segment miss", "kernel 4K instruction hash miss"] + \
    ["user %s data %s miss" % (size, vec) for size in ("4K", "16M", "16G") for vec in ("segment", "hash")] + \
    ["user 4K instruction segment miss", "user 4K instruction hash miss"]
def powernv_linux(res, path, res16=None):
    """Linux's figure for one of ppcmmu's POWER8 paths ("user 16M data hash miss"): the spread of
    the faults of that kind seen, "(to C: ...)", and how many; or an n/a text. A 16G row comes from
    res16, the 16G run (powernv_measure(big=True); None: not run), its 16G phases only."""
    m = re.match(r"(user|kernel) (\w+) (data|instruction) (segment|hash) miss$", path)
    if m and m.group(2) == "16G":
        if res16 is None:
            return "n/a (Linux's 16G run was not part of this run: %s)" % POWERNV_16G_ALONE, ""
        if "refused" in res16:
            m16 = re.search(r"MemAvailable is (\d+) MiB, the run needs (\d+) MiB", res16["refused"])
            return ("n/a (not measured: the host's MemAvailable, %s MiB, is below the %s MiB the 16G run "
                    "needs; see below)" % m16.groups() if m16 else "n/a (not measured: %s)" %
                    res16["refused"]), ""
        if "error" in res16:
            return "n/a (Linux's 16G run: %s)" % res16["error"], ""
        res = res16
    if "error" in res:
        return "n/a (%s)" % res["error"], ""
    if not m:
        return "n/a (no Linux path of that name)", ""
    space, size, what, vec = m.groups()
    kind = ("slb-" if vec == "segment" else "hash-") + what[0]
    marks = res["marks"]
    phases = {"anon-" + size, "file-" + size, "cow-" + size, "fork-" + size}
    pure = lambda f: not f & set(POWERNV_NOT_A_MISS)
    if vec == "segment" and size == "16G":
        # the 16G run's own: the segment misses of its 16G phases
        sel = lambda mk, f: marks.get(mk) in phases and "do_slb_fault" in f
    elif vec == "segment":
        # one path for every page size: the segment's size comes from the slice of the address
        sel = lambda mk, f: "do_slb_fault" in f
    elif size == "4K":
        sel = lambda mk, f: "__hash_page_4K" in f and pure(f)
    else:
        sel = lambda mk, f: marks.get(mk) in phases and "__hash_page_huge" in f and pure(f)
    nums = [(n, c, fl) for mk, k, who, z, n, c, f, sp, fl in res["events"]
            if k == kind and sp == space and who == space and sel(mk, f)]
    if not nums and size == "16G" and space == "kernel" and vec == "hash":
        return "n/a (no such fault in the run: Linux maps no 16G page of its own)", 0
    if not nums:
        return "n/a (no such fault in the run)", 0
    to_c = spread([c for _, c, _ in nums if c])
    return "%s (to C: %s; L1D flushes: %s)" % (spread([n for n, _, _ in nums]), to_c or "—",
                                               spread([fl for _, _, fl in nums])), len(nums)


def powernv_rows(res, ours=(), res16=None):
    """Rows (path, ppcmmu, Linux measured, Linux faults seen) of the POWER8 paths. ours: make
    bench's book3s64 rows ({"path": "book3s64 user 4K data hash miss (C)", "ours": n}); res16: the
    16G run (powernv_linux)."""
    mine = {}
    for r in ours:
        m = re.match(r"book3s64 (.*) \((\w+)\)$", r.get("path", ""))
        if m:
            mine[m.group(1)] = "%s (%s)" % (r["ours"], m.group(2))
    paths = list(mine) + [p for p in POWERNV_PATHS if p not in mine]
    if mine:    # ppcmmu's rows, and Linux's user fetches (ppcmmu has no such probe)
        paths = list(mine) + [p for p in POWERNV_PATHS if p not in mine and p.startswith("user 4K instruction")]
    return [[p, mine.get(p, "— (no such probe)" if mine else "—")] + list(powernv_linux(res, p, res16))
            for p in paths]


def powernv_section(res, ours=(), res16=None):
    """Markdown: ppcmmu's POWER8 paths beside Linux's, both stepped through QEMU's gdb stub; res16:
    Linux's 16G run (powernv_measure(big=True)), or None when this run did not ask for it."""
    md = ["| path | ppcmmu | Linux 6.12, measured | Linux faults of that kind stepped |", "|---|---|---|---|"]
    md += ["| " + " | ".join(str(c) for c in r) + " |" for r in powernv_rows(res, ours, res16)]
    md.append("")
    md.append("Linux: the kernel `make linux` built for `qemu-powernv8` (linux/powernv.config: hash MMU, 4K "
              "pages, 16M hugetlbfs), booted through skiboot with the init program of the other families "
              "(linux/init/hugetest.c), one hardware thread (`-smp 1`). Instructions from the interrupt vector "
              "(segment interrupt 0x380/0x480, storage interrupt 0x300/0x400, or their relocation-on "
              "copies at 0x4000 above) to the `rfid` that returns to the code that faulted, inclusive, "
              "any interrupt nested in it included (\"to C\": up to the branch into `do_slb_fault` or "
              "`do_hash_fault`, inclusive), stepped instruction by instruction through QEMU's gdb stub "
              "from the init's first phase on, as ppcmmu's rows are. Linux handles both in C: "
              "`do_slb_fault` (`slb_allocate_user`, or for a kernel address its inlined "
              "`slb_allocate_kernel`: one path for every page size, so a segment row's Linux figure "
              "is the same for 4K, 16M and 16G) and "
              "`do_hash_fault` (`hash_page_mm`, then `__hash_page_4K` or `__hash_page_huge`). "
              "\"L1D flushes\": how many of the instructions are Linux's L1D-cache flushes on entry "
              "and exit (the software fallback of its Meltdown-class mitigations, on for this CPU as "
              "QEMU describes it; ppcmmu has none). Not counted: a replay of an interrupt that came "
              "while interrupts were soft-masked (a timer tick: the clock runs while QEMU steps), "
              "with the `irq_enter`/`irq_exit` around it, a task switch and the exit's signal work "
              "(`do_notify_resume`): they are run without stepping. A "
              "hash-fault row counts only faults of an entry already in the page table (the fault "
              "stepped to its end without entering `handle_mm_fault` or a page's zeroing or copying: "
              "e.g. a read of a page a `fork` shared, or of a page whose HPTE was evicted); a 16M row "
              "only those of the 16M test phases. A user or kernel row: the faulting address's space "
              "(DAR, or SRR0 for a fetch), accessed in that mode (a kernel's copy to or from a user address "
              "is in neither). Linux maps its own memory with bolted HPTEs (inserted at boot, never evicted), "
              "so a kernel hash-fault row is seen only for vmalloc or I/O space, if at all. At most two faults of each kind and 256M segment are stepped to "
              "their end, and two more a test phase left on the way (a path is thousands of instructions, "
              "each step a round trip to QEMU).")
    if "error" not in res:
        md.append("")
        md.append("The stepped POWER8 run: %s; %d faults stepped to their end, %d left when they entered "
                  "a page's allocation (console: build/bench/powernv8-linux-console.log)." %
                  (res["summary"], len(res["events"]), len(res.get("skipped", []))))
    if res.get("command"):
        md.append("")
        md.append("Command: `%s` (QEMU: `%s`)" % (res.get("tool"), res["command"]))
    md.append("")
    md += powernv_16g_text(res16)
    return "\n".join(md)


def powernv_16g_text(res16):
    """The 16G rows' own paragraph: how Linux's 16G run went, or why it did not run."""
    how = ("Linux's 16G rows: a second stepped run on the setup of `make linux-test-16g` (the same "
           "kernel; the init built with `-DHUGETEST_16G`, in an initrd of its own; `hugepagesz=16G "
           "hugepages=1`; 34G of guest RAM, which the host gives only as the guest touches it). Linux "
           "zeroes the 16G page when the init first touches it (16 GiB of the host's memory, so the run "
           "first checks MemAvailable, as `make linux-test-16g` does); that first fault enters "
           "`handle_mm_fault` and is no row. The faults of an entry already there: in `anon-16G` the "
           "same access again once `hugetlb_fault` has made the entry (Linux's hash code inserts no HPTE "
           "for a huge page when it makes the entry, so the access faults a second time and "
           "`__hash_page_huge` inserts it); in `fork-16G` the child's read of the page the fork shared "
           "(entry copied, write-protected, page not copied) and the parent's read after the child "
           "ended (its HPTE went with the write protection). At most `PER_PHASE` faults of a kind and "
           "segment are stepped (the last column says how many were). The 16G rows take the faults of the 16G phases of this run only; "
           "Linux maps no 16G page of its own, so a kernel 16G hash row has none.")
    if res16 is None:
        return [how, "", "**Linux's 16G rows were not measured in this run** (not asked for); command: `%s`."
                % POWERNV_16G_ALONE, ""]
    if "refused" in res16:
        return [how, "", "**Linux's 16G rows were not measured in this run**: the host's memory is short: %s "
                "Command, on a host with the memory free: `%s` (or `make bench`)." %
                (res16["refused"].replace("REFUSED: ", ""), POWERNV_16G_ALONE), ""]
    if "error" in res16:
        return [how, "", "**Linux's 16G rows were not measured in this run**: %s (logs: "
                "build/bench/powernv8-linux-16g-gdb.log, build/bench/powernv8-linux-16g-console.log); "
                "command: `%s`." % (res16["error"], POWERNV_16G_ALONE), ""]
    return [how, "", "The stepped 16G run: %s; %d faults stepped to their end, %d left when they entered a "
            "page's allocation; host memory: %s (console: build/bench/powernv8-linux-16g-console.log)." %
            (res16["summary"], len(res16["events"]), len(res16.get("skipped", [])),
             "; ".join(res16.get("memory", [])) or "not reported"), "",
            "Command: `%s` (QEMU: `%s`)" % (res16.get("tool"), res16.get("command")), ""]
