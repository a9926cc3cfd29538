# SPDX-License-Identifier: BSD-2-Clause
# Sourced by run.sh. The block dispatcher (run.c) against the stepping one
# (--trace forces stepping): stopped by --max-insns at the same count, both
# must leave the same registers, PC included. The counts fall inside
# blocks, on exceptions, on timer events and on self-modified code. The
# block dispatcher runs twice: as by default (loops translated to host
# code after 16 branches) and with --jit 1 (translated at the first).
for prog in unit/jit unit/smc_block unit/smc unit/timer unit/exceptions \
	    unit/loadstore mmu/itlb mmu/dtlb_walk mmu/changed mmu/ppm_miss; do
	for n in 1 7 30 53 97 211 449 997 3001 12007; do
		$SIM --regs --max-insns $n --trace /dev/null $B/$prog.elf \
			</dev/null >/dev/null 2>$B/steps.txt
		for jit in 16 1; do
			$SIM --regs --max-insns $n --jit $jit $B/$prog.elf \
				</dev/null >/dev/null 2>$B/blocks.txt
			if ! cmp -s $B/blocks.txt $B/steps.txt; then
				bad "blocks (--jit $jit) vs stepping: $prog after $n instructions"
				diff $B/steps.txt $B/blocks.txt | head -4
				continue 3
			fi
		done
	done
	ok
done
