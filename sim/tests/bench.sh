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
# The miss loop over 32 and over 16384 (64 MB) distinct physical pages: the same 30 M instructions
# and 2 M DTLB misses; host CPU time (user + system, steadier than wall time on a shared host).
for p in 5 14; do
	python3 - ../../build/sim/mpc8xx-sim $B/bench/missloop-p$p.elf $((1 << p)) <<'PY' || exit 1
import re, resource, subprocess, sys
sim, elf, pages = sys.argv[1], sys.argv[2], int(sys.argv[3])
r = subprocess.run([sim, "--ram", "128M", "--stats", elf], capture_output=True, text=True)
m = re.search(r"^instructions: (\d+)", r.stderr, re.M)
if r.returncode or not m:
    sys.exit("bench: simulator failed on %s (status %d)" % (elf, r.returncode))
u = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = max(u.ru_utime + u.ru_stime, 1e-3)
n = int(m.group(1))
print("sim-miss-speed: %d insns/s over %d distinct physical pages (%d instructions, %.2f s CPU)"
      % (n / cpu, pages, n, cpu))
PY
done
