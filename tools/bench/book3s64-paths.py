# SPDX-License-Identifier: BSD-2-Clause
"""Inside gdb-multiarch (tools/bench/book3s64-paths): step through the fault paths of a POWER8 kernel
and count the instructions from every vector entered to its rfid. MODE=ppcmmu (the default): each
probe bench=paths runs (tests/bench/bench-book3s64.c, in its order); a handler's run ends when the
faulting instruction (a fetch: its target) runs again. MODE=linux: Linux 6.12 (make linux) from the
init program's first phase on; a fault's run ends at the rfid that returns from it."""
import json
import os
import sys
import time

import gdb

VECTORS = {0x300: "data hash miss", 0x380: "data segment miss",
           0x400: "instruction hash miss", 0x480: "instruction segment miss"}
STEP_LIMIT = 50000
LINUX_STEP_LIMIT = 20000    # a Linux fault longer than this is no miss (it is left, as a SKIP)


def pc():
    return int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFFFFFFFFFF


def reg(name):
    return int(gdb.parse_and_eval("$" + name)) & 0xFFFFFFFFFFFFFFFF


def run(cmd):
    """A gdb command that moves the processor; gdb may then fail to read memory where it stopped (a
    page not translated yet, or a user page while it looks from the kernel): the move is made."""
    try:
        gdb.execute(cmd, to_string=True)
    except gdb.MemoryError:
        pass


def step():
    run("stepi")


def ppcmmu():
    load = int(os.environ["LOAD"], 16)        # .b3_bench_load: the lwz
    fetch = int(os.environ["FETCH"], 16)      # b3_bench_fetch_call: the bctrl
    uload = int(os.environ["ULOAD"], 16)      # user_load_word where the user space maps it: the lwz
    uenter = int(os.environ["UENTER"], 16)    # .b3_user_enter: the kernel's last code before user mode
    # (row label, where it stops, data or fetch, which side runs it)
    probes = [("kernel 4K", load, "d", "assembly"), ("kernel 16M", load, "d", "assembly"),
              ("kernel 16G", load, "d", "assembly"), ("kernel 4K", fetch, "i", "assembly"),
              ("user 4K", uenter, "u", "assembly"), ("user 16M", uenter, "u", "assembly"),
              ("user 16G", uenter, "u", "assembly")]
    # hardware breakpoints (QEMU's own, by address)
    for addr in sorted(set(p[1] for p in probes)):
        gdb.execute("hbreak *0x%x" % addr, to_string=True)
    for label, at, kind, side in probes:
        run("continue")
        if pc() != at:
            print("ERROR: %s: stopped at 0x%x, not at 0x%x" % (label, pc(), at))
            break
        # the instruction the handlers return to: the load (a user load: gdb cannot stop or step there, so
        # the probe starts at the kernel's entry to user mode and ends with the hash miss), or the fetch's target
        again = {"d": at, "u": uload}.get(kind) or int(gdb.parse_and_eval("$ctr")) & 0xFFFFFFFFFFFFFFFF
        want = [0x480, 0x400] if kind == "i" else [0x380, 0x300]
        for v in want + ([] if kind == "u" else [at + 4]):
            gdb.execute("thbreak *0x%x" % v, to_string=True)
        runs = []
        while len(runs) < len(want) or kind != "u":
            run("continue")
            p = pc()
            if p not in VECTORS:
                break
            n = 0
            while pc() != again and n < STEP_LIMIT:
                step()
                n += 1
            runs.append((p, n))
        if kind != "u" and pc() != at + 4:
            print("ERROR: %s: stopped at 0x%x, not back from the probe" % (label, pc()))
            break
        if [r[0] for r in runs] != want:
            print("ERROR: %s: vectors taken %s, not a segment miss then a hash miss" %
                  (label, ["0x%x" % r[0] for r in runs]))
            continue
        for vec, n in runs:
            print("PATH %s %s (%s): %d instructions, vector to rfid" % (label, VECTORS[vec], side, n))


MSR_PR = 0x4000                       # SRR1: the fault was taken in problem (user) state
KERNEL_SPACE = 0xC000000000000000     # Linux's kernel addresses begin here


def hbreak(addr):
    gdb.execute("hbreak *0x%x" % addr, to_string=True)
    return gdb.breakpoints()[-1]


def run_over_call(bps):
    """At the entry of a function: runs it to its return (LR, with the stack pointer of the call:
    another task may return through the same place first) without stepping, the breakpoints bps
    disabled meanwhile. Whether it came back."""
    back, sp = reg("lr"), reg("r1")
    for bp in bps:
        bp.enabled = False
    ret = hbreak(back)
    for _ in range(1000):
        run("continue")
        if pc() != back or reg("r1") == sp:
            break
    ret.delete()
    for bp in bps:
        bp.enabled = True
    return pc() == back and reg("r1") == sp


def follow(a, p, bps):
    """Steps one Linux fault from its vector p to the rfid that returns from it (any interrupt
    nested in it counted in; a replay of a soft-masked interrupt (a timer tick that came while QEMU
    stepped) or a task switch is run over, not counted): ("end", n, c, functions seen, calls run
    over, instructions of them in the L1D flushes), or
    ("left", n, the function that made it something else than a miss), or ("limit", n, why)."""
    n, depth, c, seen, replays, flush = 0, 1, None, set(), 0, 0
    while n < LINUX_STEP_LIMIT:
        was = p
        step()
        n += 1
        flush += was in a["flush"]
        if was in a["rfis"]:
            depth -= 1
            if depth == 0:
                return "end", n, c, seen, replays, flush
        p = pc()
        if p in a["run_over"]:
            if not run_over_call(bps):
                return "limit", n, "a call run over (interrupt replay, task switch) did not return"
            replays += 1
            p = pc()
        if p in a["starts"]:
            depth += 1
        elif p in a["to_c"] and c is None and depth == 1:
            c = n           # to the branch into C, inclusive
        name = a["flags"].get(p)
        if name:
            seen.add(name)
            if name in a["not_a_miss"]:
                return "left", n, name
    return "limit", n, "step limit"


def phase_name(marker):
    """The name the console gave phase marker last ("hugetest: phase 5 fork-16G"), or None."""
    name = None
    try:
        with open(os.environ.get("CONSOLE", ""), errors="replace") as f:
            for line in f:
                if line.startswith("hugetest: phase %d " % marker):
                    name = line.split()[3]
    except OSError:
        pass
    return name


def linux():
    """Prints "EVENT [phase, kind, mode, "c", instructions, to C, functions, address space,
    calls run over, instructions in L1D flushes]" for
    each fault stepped to its end, "SKIP [phase, kind, space, instructions, why]" for each one left
    on the way, "PHASE i" as the init enters each phase."""
    sys.path.insert(0, os.environ["BENCH"])
    import linux_paths
    a = linux_paths.powernv_addresses(os.environ["VMLINUX"], os.environ["INIT"])
    a["not_a_miss"] = set(linux_paths.POWERNV_NOT_A_MISS)
    per_phase = int(os.environ.get("PER_PHASE", "2"))
    # BUDGET: seconds spent stepping faults (the run between them, e.g. Linux zeroing a 16G page
    # unstepped, does not count)
    budget, stepped = float(os.environ.get("BUDGET", "600")), 0.0
    lo, hi = a["marks"]
    # STEP_PHASES: only the faults of the phases of these names are stepped (the init prints a
    # phase's name on the console, CONSOLE, before it calls the marker); unset: every phase.
    wanted = set(os.environ["STEP_PHASES"].split()) if os.environ.get("STEP_PHASES") else None
    marker_bps = [hbreak(addr) for addr in range(lo, hi, 4)]
    vector_bps, marker, done, left = None, None, {}, {}
    while True:
        try:
            gdb.execute("continue", to_string=True)
        except gdb.MemoryError:
            pass
        except gdb.error as e:      # the init's power-off ended QEMU
            print("END %s" % e)
            return
        p = pc()
        if lo <= p < hi:
            marker = (p - lo) // 4
            name = phase_name(marker)
            print("PHASE %d %s" % (marker, name or "?"))
            if vector_bps is None:
                vector_bps = [hbreak(v) for v in sorted(a["entries"])]
            for bp in vector_bps:
                bp.enabled = wanted is None or name is None or name in wanted
            continue
        if p not in a["entries"]:
            print("ERROR: stopped at 0x%x, neither a marker nor a vector" % p)
            return
        kind = a["entries"][p]
        addr = reg("srr0") if kind.endswith("-i") else reg("dar")
        space = "kernel" if addr >= KERNEL_SPACE else "user"
        # At most per_phase faults of a kind stepped to their end in each 256M segment (a huge page's
        # has its own), and at most per_phase left on the way in each segment and test phase.
        key, phase_key = (kind, space, addr >> 28), (marker, kind, space, addr >> 28)
        if done.get(key, 0) >= per_phase or left.get(phase_key, 0) >= per_phase:
            continue
        if stepped > budget:
            print("BUDGET: the stepping time is over; the run goes on unstepped")
            for bp in vector_bps:
                bp.delete()
            vector_bps = []
            continue
        mode = "user" if reg("srr1") & MSR_PR else "kernel"
        t = time.monotonic()
        r = follow(a, p, vector_bps + marker_bps)
        stepped += time.monotonic() - t
        if r[0] == "end":
            _, n, c, seen, replays, flush = r
            print("EVENT " + json.dumps([marker, kind, mode, "c" if c else "4K", n, c, sorted(seen), space,
                                         replays, flush]))
            done[key] = done.get(key, 0) + 1
        else:
            print("SKIP " + json.dumps([marker, kind, space, r[1], r[2]]))
            left[phase_key] = left.get(phase_key, 0) + 1


if os.environ.get("MODE", "ppcmmu") == "linux":
    linux()
else:
    ppcmmu()
gdb.execute("delete", to_string=True)
try:
    gdb.execute("kill", to_string=True)
except gdb.error:
    pass
