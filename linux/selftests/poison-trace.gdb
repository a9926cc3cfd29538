# SPDX-License-Identifier: BSD-2-Clause
# poison-trace.gdb: what a 32-bit e500 kernel does with a huge page poisoned by userfaultfd
# (linux/README.md, "Findings", the fourth e500 fix), on QEMU's gdbstub. The run: the e500
# kernel and the initramfs of a "huge-clear poison" run at 4M (tools/linux-selftests with
# LINUX_SELFTESTS_ONLY='huge-clear poison' e500:4M), QEMU started with "-gdb tcp::PORT -S" added
# to its command line (tools/run cmd qemu-mpc8544ds), then:
#   gdb-multiarch -q -batch -ex 'target remote :PORT' -x linux/selftests/poison-trace.gdb vmlinux
# It prints the entry update_mmu_cache() is given after UFFDIO_POISON, QEMU's TLB1 after it, and
# the first TLB miss (DataTLBError, after it loaded the page-directory entry: r11 its low word)
# or page fault whose address lies in the poisoned 4M page.
set pagination off
set confirm off
break mfill_atomic_poison
continue
delete
break __update_mmu_cache
continue
set $lo = $r4
printf "__update_mmu_cache(ea=0x%08x, *ptep=0x%08x%08x) from 0x%08x\n", $r4, *(unsigned int *)$r5, *((unsigned int *)$r5 + 1), $lr
finish
printf "QEMU's TLB1 after it:\n"
monitor info tlb
delete
# the rlwinm. that reads the page-size field of the page-directory entry: r13 is DEAR there
break *(DataTLBError + 0x74) if ($r13 >= $lo && $r13 < $lo + 0x400000)
break do_page_fault
continue
printf "first miss or fault in the range: pc=0x%08x dear=0x%08x esr=0x%08x srr0=0x%08x r11=0x%08x\n", $pc, $dear, $esr, $srr0, $r11
