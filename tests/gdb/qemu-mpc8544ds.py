# SPDX-License-Identifier: BSD-2-Clause
"""gdb-multiarch on QEMU's gdb stub: the e500 DTLB miss handler, step by step to its rfi.

Run by tests/gdb/run qemu-mpc8544ds (gdb -batch -x this file; GDB_PORT, GDB_ELF in the
environment). The expected TLB entry is derived from the PTE with the layout of mmu/pte-e500.h
(pte = pfn << 24 | flags; 4 KB pages in TLB0), not from the handler's rotates.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import check, connect, finish, reg, run, step_to, word  # noqa: E402

import gdb  # noqa: E402

RFI = 0x4C000064
LWZ_PTE_LOW = 0x818B0004      # lwz r12,4(r11): the handler's PTE load (low word)
PAGE = 0xFFFFF000
MAS1_V = 0x80000000
MAS1_TSIZE = 0x00000F00
TSIZE_4K = 0x100              # MAS1[TSIZE] = 1: 4 KB
WIMGE_SHIFT, WIMGE_MASK = 19, 0x1F
PERM_SHIFT, PERM_MASK = 2, 0x3F

connect()
miss = int(gdb.parse_and_eval("(unsigned int)&e500_dtlb_miss"))
run("hbreak e500_dtlb_miss")
run("continue")
check(reg("pc") == miss, "continue stops at e500_dtlb_miss", "pc 0x%x" % reg("pc"))
dear, srr0 = reg("dear"), reg("srr0")
check(reg("mas2") & PAGE == dear & PAGE, "the autoloaded MAS2 holds the missed page (DEAR)",
      "mas2 0x%x dear 0x%x" % (reg("mas2"), dear))

seen = {}


def at_insn(pc, insn):
    if insn == LWZ_PTE_LOW and "pte_ptr" not in seen:
        seen["pte_ptr"] = reg("r11")


steps = step_to(RFI, watch=at_insn)
check(steps is not None, "stepi reaches the handler's rfi", "no rfi in 64 steps")
check("pte_ptr" in seen, "the handler loads a PTE on the way (4 KB path)")
ptr = seen.get("pte_ptr", 0)
hi, lo = word(ptr), word(ptr + 4)
pte = (hi << 32) | lo
pa = (pte >> 24) << 12
mas1, mas2, mas3, mas7 = reg("mas1"), reg("mas2"), reg("mas3"), reg("mas7")
print("DTLB miss: EA 0x%08x, PTE at 0x%08x = 0x%016x, MAS1 0x%08x MAS2 0x%08x MAS3 0x%08x MAS7 0x%x"
      % (dear, ptr, pte, mas1, mas2, mas3, mas7))
check(mas1 & MAS1_V and mas1 & MAS1_TSIZE == TSIZE_4K, "MAS1: valid, 4 KB", "mas1 0x%x" % mas1)
check(mas2 & PAGE == dear & PAGE, "MAS2: EPN of the missed page", "mas2 0x%x" % mas2)
check(mas2 & WIMGE_MASK == (lo >> WIMGE_SHIFT) & WIMGE_MASK, "MAS2: WIMGE from the PTE",
      "mas2 0x%x pte 0x%x" % (mas2, lo))
check((mas7 << 32) | (mas3 & PAGE) == pa, "MAS7:MAS3: the PTE's physical page",
      "0x%x:0x%x vs 0x%x" % (mas7, mas3, pa))
check(mas3 & PERM_MASK == (lo >> PERM_SHIFT) & PERM_MASK, "MAS3: permissions from the PTE",
      "mas3 0x%x pte 0x%x" % (mas3, lo))
run("stepi")
check(reg("pc") == srr0, "stepping the rfi returns to the faulting instruction",
      "pc 0x%x srr0 0x%x" % (reg("pc"), srr0))
finish()
run("kill")
