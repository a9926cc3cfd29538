#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Runs every simulator test and prints "N passed, M failed".
# A bare-metal test's source may carry "# sim-args: ..." (extra options)
# and "# expect: N" (exit status, default 0).
cd "$(dirname "$0")" || exit 2
SIM=${SIM:-../../build/sim/mpc8xx-sim}
NOCACHE_SIM=${NOCACHE_SIM:-../../build/sim/mpc8xx-sim-nocache}
B=${B:-../../build/sim/tests}
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for src in unit/*.S mmu/*.S; do
	[ -f "$src" ] || continue
	elf=$B/${src%.S}.elf
	args=$(sed -n 's/^# sim-args: //p' "$src")
	expect=$(sed -n 's/^# expect: //p' "$src")
	[ -n "$expect" ] || expect=0
	# shellcheck disable=SC2086
	timeout 20 $SIM --max-insns 20000000 $args "$elf" </dev/null \
		>$B/out.txt 2>$B/err.txt
	st=$?
	if [ "$st" = "$expect" ]; then
		ok
	else
		bad "$src: exit status $st, expected $expect"
		sed 's/^/    /' $B/err.txt | head -5
	fi
done

. ./cli.sh
. ./trace.sh
. ./dispatch.sh

# The translator's 4 MB code buffer (x86-64 hosts): unit/jit_full.S filled it (its sums are checked
# above); here its counts show the buffer was full and dropped every translation at least once, and
# the run leaves the registers of a run without translation.
if [ "$(uname -m)" = x86_64 ]; then
	$SIM --jit 1 --jit-stats --regs --max-insns 20000000 $B/unit/jit_full.elf </dev/null >/dev/null 2>$B/jit1.txt
	$SIM --jit 0 --regs --max-insns 20000000 $B/unit/jit_full.elf </dev/null >/dev/null 2>$B/jit0.txt
	if grep -q '^jit: [0-9]* translations, code buffer full [1-9]' $B/jit1.txt &&
	   grep '^r0=' $B/jit1.txt | cmp -s - $B/jit0.txt; then
		ok
	else
		bad "jit_full: code buffer not full, or registers differ from --jit 0"
		head -3 $B/jit1.txt
	fi
fi

# The harnesses below run each simulator under an alarm of their own.
if $B/randrun $SIM 1 "${RANDRUN_IMAGES:-300}"; then ok; else bad "random-program robustness"; fi
# The same random MMU programs with every cache on and every cache off.
if $B/simdiff $SIM $NOCACHE_SIM 1 "${SIMDIFF_PROGRAMS:-500}"; then
	ok
else
	bad "caches on and off disagree on a random MMU program"
fi

# The option parser and the ELF loader on random command lines and mutated images.
if [ -n "${FUZZSIM:-}" ]; then
	if $FUZZSIM $B 1 "${FUZZSIM_INPUTS:-300}"; then ok; else bad "option/ELF fuzzing"; fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
