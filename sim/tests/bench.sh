#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Prints the simulator's speed on the MMU-on loop benchmark.
cd "$(dirname "$0")" || exit 2
start=$(date +%s.%N)
B=../../build/sim/tests
../../build/sim/mpc8xx-sim --stats $B/bench/loop.elf 2>$B/bench.txt || {
	echo "bench: simulator failed" >&2
	exit 1
}
end=$(date +%s.%N)
n=$(sed -n 's/^instructions: //p' $B/bench.txt)
awk -v n="$n" -v s="$start" -v e="$end" \
	'BEGIN { printf "sim-speed: %d insns/s (%d instructions in %.2f s)\n", n / (e - s), n, e - s }'
