# SPDX-License-Identifier: BSD-2-Clause
"""gdb-multiarch on QEMU's gdb stub, e500 in 64-bit mode: the kernel at its 64-bit addresses, both
cores as threads, and the data TLB miss handler stepped to its rfi.

Run by tests/gdb/run qemu-e5500 (gdb -batch -x this file; GDB_PORT, GDB_ELF in the environment).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import check, connect, finish, run, word  # noqa: E402

import gdb  # noqa: E402

RFI = 0x4C000064
MSR_CM = 0x80000000
KERNEL_VA = 0xC000000000000000
MAS1_V = 0x80000000


def reg64(name):
    return int(gdb.parse_and_eval("$" + name)) & 0xFFFFFFFFFFFFFFFF


connect()
main = int(gdb.parse_and_eval("(unsigned long)&kernel_main"))
run("hbreak kernel_main")
run("continue")
run("delete")
pc = reg64("pc")
check(pc == main and pc >> 32 == KERNEL_VA >> 32, "continue stops at kernel_main, a 64-bit address",
      "pc 0x%x" % pc)
check(reg64("msr") & MSR_CM, "MSR[CM]: the core runs in 64-bit mode", "msr 0x%x" % reg64("msr"))
check(reg64("r1") >> 32 == KERNEL_VA >> 32, "the stack pointer is a 64-bit kernel address",
      "r1 0x%x" % reg64("r1"))
bt = run("bt")
check("e64_start" in bt, "the backtrace reaches e64_start through 64-bit frames", bt.strip())
threads = run("info threads")
check("CPU#1" in threads, "both cores are threads (-smp 2)", threads.strip())
pgd = int(gdb.parse_and_eval("(unsigned long)kernel_mm.pgd"))
check(pgd >> 32 == KERNEL_VA >> 32, "a variable reads through the kernel's translation (kernel_mm.pgd)",
      "0x%x" % pgd)

miss = int(gdb.parse_and_eval("(unsigned long)&e64_dtlb_miss"))
run("hbreak *0x%x" % miss)   # the vector's first instruction, no prologue skipped
run("continue")
run("delete")
check(reg64("pc") == miss, "continue (tests=all) stops at e64_dtlb_miss", "pc 0x%x" % reg64("pc"))
srr0 = reg64("srr0")
steps = None
for n in range(96):
    if word(reg64("pc")) == RFI:
        steps = n
        break
    run("stepi")
check(steps is not None, "stepi reaches the handler's rfi (the first miss of tests=all: a 4K kernel page)",
      "pc 0x%x after 96 steps" % reg64("pc"))
print("DTLB miss: rfi after %s instructions" % steps)
run("stepi")
check(reg64("pc") == srr0, "stepping the rfi returns to the faulting instruction",
      "pc 0x%x srr0 0x%x" % (reg64("pc"), srr0))
finish()
run("kill")
