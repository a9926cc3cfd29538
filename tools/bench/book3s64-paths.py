# SPDX-License-Identifier: BSD-2-Clause
"""Inside gdb-multiarch (tools/bench/book3s64-paths): step through each b3_bench_load and count the
instructions from every vector entered to its rfid."""
import os

import gdb

LOAD = int(os.environ["LOAD"], 16)
VECTORS = {0x300: "data storage (hash miss)", 0x380: "data segment (segment miss)",
           0x400: "instruction storage", 0x480: "instruction segment"}
PAGES = ["4K", "16M", "16G"]
STEP_LIMIT = 50000


def pc():
    return int(gdb.parse_and_eval("$pc")) & 0xFFFFFFFFFFFFFFFF


gdb.execute("break *0x%x" % LOAD, to_string=True)
for page in PAGES:
    gdb.execute("continue", to_string=True)
    if pc() != LOAD:
        print("ERROR: %s: stopped at 0x%x, not at b3_bench_load" % (page, pc()))
        break
    trace = []
    for _ in range(STEP_LIMIT):
        gdb.execute("stepi", to_string=True)
        p = pc()
        if p == LOAD + 4:
            break
        trace.append(p)
    else:
        print("ERROR: %s: no return from the load in %d steps" % (page, STEP_LIMIT))
        break
    # each handler runs from its vector until the load is executed again
    runs, cur = [], None
    for p in trace:
        if p in VECTORS and cur is None:
            cur = [p, 0]
        if cur is not None:
            if p == LOAD:
                runs.append(cur)
                cur = None
            else:
                cur[1] += 1
    if [r[0] for r in runs] != [0x380, 0x300]:
        print("ERROR: %s: vectors taken %s, not a segment miss then a hash miss" %
              (page, ["0x%x" % r[0] for r in runs]))
        continue
    for vec, n in runs:
        print("PATH %s %s: %d instructions, vector to rfid" % (page, VECTORS[vec], n))
gdb.execute("delete", to_string=True)
gdb.execute("kill", to_string=True)
