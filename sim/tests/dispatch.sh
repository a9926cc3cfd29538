# SPDX-License-Identifier: BSD-2-Clause
# Sourced by run.sh. The block dispatcher (run.c) against the stepping one
# (--trace forces stepping): stopped by --max-insns at the same count, both
# must leave the same registers, PC included. The counts fall inside
# blocks, on exceptions, on timer events and on self-modified code.
for prog in unit/smc_block unit/smc unit/timer unit/exceptions \
	    unit/loadstore mmu/itlb mmu/dtlb_walk mmu/changed; do
	for n in 1 7 30 53 211 997 3001 12007; do
		$SIM --regs --max-insns $n $B/$prog.elf </dev/null \
			>/dev/null 2>$B/blocks.txt
		$SIM --regs --max-insns $n --trace /dev/null $B/$prog.elf \
			</dev/null >/dev/null 2>$B/steps.txt
		if ! cmp -s $B/blocks.txt $B/steps.txt; then
			bad "blocks vs stepping: $prog after $n instructions"
			diff $B/steps.txt $B/blocks.txt | head -4
			continue 2
		fi
	done
	ok
done
