# SPDX-License-Identifier: BSD-2-Clause
"""Inside gdb-multiarch (tools/bench/book3s64-paths): step through each probe bench=paths runs
(tests/bench/bench-book3s64.c, in its order) and count the instructions from every vector entered to
its rfid: a handler's run ends when the faulting instruction (a fetch: its target) runs again."""
import os

import gdb

LOAD = int(os.environ["LOAD"], 16)        # .b3_bench_load: the lwz
FETCH = int(os.environ["FETCH"], 16)      # b3_bench_fetch_call: the bctrl
ULOAD = int(os.environ["ULOAD"], 16)      # user_load_word where the user space maps it: the lwz
UENTER = int(os.environ["UENTER"], 16)    # .b3_user_enter: the kernel's last code before user mode
VECTORS = {0x300: "data hash miss", 0x380: "data segment miss",
           0x400: "instruction hash miss", 0x480: "instruction segment miss"}
# (row label, where it stops, data or fetch, which side runs it)
PROBES = [("kernel 4K", LOAD, "d", "assembly"), ("kernel 16M", LOAD, "d", "assembly"),
          ("kernel 16G", LOAD, "d", "assembly"), ("kernel 4K", FETCH, "i", "assembly"),
          ("user 4K", UENTER, "u", "assembly"), ("user 16M", UENTER, "u", "assembly"),
          ("user 16G", UENTER, "u", "assembly")]
STEP_LIMIT = 50000


def pc():
    return int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFFFFFFFFFF


# hardware breakpoints (QEMU's own, by address)
for addr in sorted(set(p[1] for p in PROBES)):
    gdb.execute("hbreak *0x%x" % addr, to_string=True)
def run(cmd):
    """A gdb command that moves the processor; gdb may then fail to read memory where it stopped (a
    page not translated yet, or a user page while it looks from the kernel): the move is made."""
    try:
        gdb.execute(cmd, to_string=True)
    except gdb.MemoryError:
        pass


def step():
    run("stepi")


for label, at, kind, side in PROBES:
    run("continue")
    if pc() != at:
        print("ERROR: %s: stopped at 0x%x, not at 0x%x" % (label, pc(), at))
        break
    # the instruction the handlers return to: the load (a user load: gdb cannot stop or step there, so
    # the probe starts at the kernel's entry to user mode and ends with the hash miss), or the fetch's target
    again = {"d": at, "u": ULOAD}.get(kind) or int(gdb.parse_and_eval("$ctr")) & 0xFFFFFFFFFFFFFFFF
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
gdb.execute("delete", to_string=True)
gdb.execute("kill", to_string=True)
