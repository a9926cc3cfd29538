# SPDX-License-Identifier: BSD-2-Clause
"""Helpers for the gdb-multiarch batch tests (run inside gdb's Python)."""
import os

import gdb

counts = {"pass": 0, "fail": 0}


def check(ok, name, detail=""):
    counts["pass" if ok else "fail"] += 1
    print("%s: %s%s" % ("PASS" if ok else "FAIL", name, "" if ok else " (%s)" % detail), flush=True)
    return ok


def run(cmd):
    return gdb.execute(cmd, to_string=True)


def reg(name):
    return int(gdb.parse_and_eval("$" + name)) & 0xFFFFFFFF


def word(addr):
    """The 32-bit word at addr (through the target's current translation)."""
    data = gdb.selected_inferior().read_memory(addr, 4)
    return int.from_bytes(bytes(data), "big")


def connect():
    run("set confirm off")
    run("set pagination off")
    run("file " + os.environ["GDB_ELF"])
    run("target remote :" + os.environ["GDB_PORT"])


def step_to(word_value, limit=64, watch=None):
    """Single-step until the instruction at pc encodes word_value; calls watch(pc, insn) before
    each step. Returns the number of steps, or None if the limit was reached."""
    for n in range(limit):
        pc = reg("pc")
        insn = word(pc)
        if insn == word_value:
            return n
        if watch:
            watch(pc, insn)
        run("stepi")
    return None


def finish():
    print("gdb-checks: %d passed, %d failed" % (counts["pass"], counts["fail"]), flush=True)
