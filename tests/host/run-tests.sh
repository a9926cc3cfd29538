#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run-tests.sh PROGRAM...: run each host test program and end with one line
# "N passed, M failed" over all of them; exit 1 if anything failed or a
# program did not reach its summary line.
passed=0
failed=0
status=0
for prog in "$@"; do
	echo "== $prog"
	out=$("$prog") || status=1
	printf '%s\n' "$out"
	last=$(printf '%s\n' "$out" | tail -n 1)
	case "$last" in
	*" passed, "*" failed")
		passed=$((passed + ${last%% passed,*}))
		rest=${last#* passed, }
		failed=$((failed + ${rest%% failed}))
		;;
	*)
		echo "$prog: no summary line"
		failed=$((failed + 1))
		status=1
		;;
	esac
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && exit "$status"
exit 1
