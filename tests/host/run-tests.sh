#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run-tests.sh PROGRAM...: run each host test program and end with one line
# "N passed, M failed, S skipped, X xfail" over all of them; exit 1 if anything
# failed or a program did not end with its "SUMMARY: ..." line.  Each program
# is bounded by HOST_TEST_TIMEOUT seconds (default 120; the fuzzers under the
# sanitizers take the longest): one that runs longer (a test looping) is killed
# and counted as a failure.
timeout_s=${HOST_TEST_TIMEOUT:-120}
passed=0 failed=0 skipped=0 xfail=0
status=0
re='^SUMMARY: ([0-9]+) passed, ([0-9]+) failed, ([0-9]+) skipped, ([0-9]+) xfail$'
for prog in "$@"; do
	echo "== $prog"
	out=$(timeout -k 5 "$timeout_s" "$prog")
	st=$?
	[ "$st" -eq 0 ] || status=1
	printf '%s\n' "$out"
	if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
		echo "FAIL: $prog: timed out after $timeout_s s (a test does not terminate)"
		failed=$((failed + 1))
		continue
	fi
	last=$(printf '%s\n' "$out" | tail -n 1)
	if printf '%s\n' "$last" | grep -Eq "$re"; then
		# shellcheck disable=SC2046 # four numbers, split into words on purpose
		set -- $(printf '%s\n' "$last" | sed -E "s/$re/\\1 \\2 \\3 \\4/") "$@"
		passed=$((passed + $1)) failed=$((failed + $2)) skipped=$((skipped + $3)) xfail=$((xfail + $4))
		shift 4
	else
		echo "$prog: no SUMMARY line"
		failed=$((failed + 1))
		status=1
	fi
done
echo "$passed passed, $failed failed, $skipped skipped, $xfail xfail"
[ "$failed" -eq 0 ] && exit "$status"
exit 1
