# SPDX-License-Identifier: BSD-2-Clause
"""gdb-multiarch on the simulator's stub: the 8xx DTLB miss handler, step by step to its rfi.

Run by tests/gdb/run sim-mpc885 (gdb -batch -x this file; GDB_PORT, GDB_ELF in the environment).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import check, connect, finish, reg, run, step_to, word  # noqa: E402

import gdb  # noqa: E402

RFI = 0x4C000064
LWZ_PTE = 0x814A0000          # lwz r10,0(r10): the handler's PTE load
DTLB_MISS_VECTOR = 0x1200     # runs with translation off, at its physical address
EV = 0x200                    # MD_EPN: entry valid
RPN_PAGE = 0xFFFFF000

connect()
check(reg("pc") == 0x100, "the simulator stops at the reset vector for gdb", "pc 0x%x" % reg("pc"))
check(reg("msr") == 0, "MSR reads 0 at reset")

# A hardware breakpoint (Z1) on the DTLB miss vector.
run("hbreak *0x%x" % DTLB_MISS_VECTOR)
run("continue")
check(reg("pc") == DTLB_MISS_VECTOR, "continue stops at the DTLB miss vector", "pc 0x%x" % reg("pc"))
dar, epn, srr0 = reg("dar"), reg("md_epn"), reg("srr0")
check(epn & RPN_PAGE == dar & RPN_PAGE and epn & EV, "MD_EPN holds the missed page (DAR) with EV",
      "md_epn 0x%x dar 0x%x" % (epn, dar))

# Step through the handler to its rfi, noting the PTE's address and value at the load.
seen = {}


def at_insn(pc, insn):
    if insn == LWZ_PTE:
        seen["pte_addr"] = reg("r10")
        run("stepi")
        seen["pte"] = reg("r10")


steps = step_to(RFI, watch=at_insn)
check(steps is not None, "stepi reaches the handler's rfi", "no rfi in 64 steps")
check("pte" in seen, "the handler loads a PTE on the way")
pte_addr, pte = seen.get("pte_addr", 0), seen.get("pte", 0)
print("DTLB miss: EA 0x%08x, MD_EPN 0x%08x, PTE at 0x%08x = 0x%08x, MD_TWC 0x%08x, MD_RPN 0x%08x"
      % (dar, epn, pte_addr, pte, reg("md_twc"), reg("md_rpn")))
check(word(pte_addr) == pte, "memory at the PTE's address reads the PTE the handler loaded",
      "0x%x" % word(pte_addr))
check(reg("md_twc") == pte_addr, "MD_TWC reads as the address of that PTE (4K page)",
      "md_twc 0x%x" % reg("md_twc"))
check(reg("md_rpn") & RPN_PAGE == pte & RPN_PAGE, "MD_RPN maps the PTE's page",
      "md_rpn 0x%x" % reg("md_rpn"))
tlb = run("monitor tlb")
m = re.search(r"DTLB +\d+: ea 0x%08x pa 0x([0-9a-f]{8}) size 4K" % (dar & RPN_PAGE), tlb)
check(m is not None and int(m.group(1), 16) == pte & RPN_PAGE,
      "monitor tlb: a DTLB entry maps the missed page to the PTE's page", tlb.strip()[-200:])
walk = run("monitor walk 0x%x" % dar)
check("level-2 entry at 0x%08x = 0x%08x" % (pte_addr, pte) in walk,
      "monitor walk finds the same PTE", walk.strip())
run("stepi")
check(reg("pc") == srr0, "stepping the rfi returns to the faulting instruction",
      "pc 0x%x srr0 0x%x" % (reg("pc"), srr0))

# Memory through the current translation: mapped reads work, an unmapped one is an error.
check(word(int(gdb.parse_and_eval("(unsigned int)&kernel_mm"))) is not None,
      "a kernel variable reads through the pinned DTLB entries")
try:
    word(0x7FF00000)
    check(False, "a read with no translation is refused")
except gdb.MemoryError:
    check(True, "a read with no translation is refused")

# A software breakpoint (Z0) on a C function, then a write watchpoint (Z2) on a counter.
run("delete")
fn = int(gdb.parse_and_eval("(unsigned int)&kprintf"))
run("break *0x%x" % fn)
run("continue")
check(reg("pc") == fn, "a software breakpoint stops at kprintf", "pc 0x%x" % reg("pc"))
run("delete")
PASSED = "'report.c'::counts.passed"    # tests/common/report.c's count of passed checks
before = int(gdb.parse_and_eval(PASSED))
run("watch " + PASSED)
run("continue")
after = int(gdb.parse_and_eval(PASSED))
where = gdb.selected_frame().name()
check(where.startswith("report") and after == before + 1,
      "a write watchpoint stops in tests/common/report.c just after the pass counter is written",
      "in %s, passed %d -> %d" % (where, before, after))
run("delete")
before = int(gdb.parse_and_eval(PASSED))
run("rwatch " + PASSED)
run("continue")
after = int(gdb.parse_and_eval(PASSED))
where = gdb.selected_frame().name()
check(where.startswith("report") and after == before,
      "a read watchpoint stops in tests/common/report.c at the read, before the increment",
      "in %s, passed %d -> %d" % (where, before, after))
run("delete")
r3 = reg("r3")
run("set $r3 = 0x12345678")
check(reg("r3") == 0x12345678, "a register written through gdb reads back", "r3 0x%x" % reg("r3"))
run("set $r3 = 0x%x" % r3)
stats = run("monitor stats")
m = re.search(r"dtlb misses: (\d+)", stats)
check(m is not None and int(m.group(1)) >= 1, "monitor stats counts the DTLB misses", stats.strip())
finish()
run("detach")
