#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# build-newlib.sh OUTDIR [32|64]: build newlib (nano formatted I/O, no supplied syscalls) for the PowerPC
# target from Debian's newlib-source, into OUTDIR/install.
#   32 (default): powerpc-linux-gnu cross tools, OUTDIR/install/powerpc-eabi/lib/libc.a
#   64: powerpc64-linux-gnu cross tools (64-bit big-endian, ELFv1, the e5500/e6500 kernel),
#       OUTDIR/install/powerpc64-eabi/lib/libc.a
# Result: OUTDIR/install/TARGET/lib/libc.a (libm.a) and OUTDIR/install/TARGET/include/.
# The build is cached: OUTDIR/.done marks a finished build and makes this script exit at once.
# The kernel must provide the syscalls newlib calls (_write, _sbrk, ...).
# Progress goes to stderr: one line per step, and every 15 s while compiling.
case "${1:-}" in -h|--help) sed -n '3,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -eu

me=build-newlib
die() { echo "$me: $*" >&2; exit 1; }

[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: $me.sh OUTDIR [32|64]" >&2; exit 2; }
bits=${2:-32}
case $bits in
32) cross=powerpc-linux-gnu- target=powerpc-eabi cpu=powerpc ;;
64) cross=powerpc64-linux-gnu- target=powerpc64-eabi cpu=powerpc64 ;;
*) echo "usage: $me.sh OUTDIR [32|64]" >&2; exit 2 ;;
esac
[ -e "$1/.done" ] && exit 0

mkdir -p "$1" || die "cannot create $1"
out=$(cd "$1" && pwd -P)

# Serialise concurrent builds into the same OUTDIR (make -j with several boards).
exec 9>"$out/.lock"
if command -v flock >/dev/null 2>&1; then
	flock 9 || die "cannot lock $out/.lock"
fi
[ -e "$out/.done" ] && exit 0

command -v ${cross}gcc >/dev/null 2>&1 || die "${cross}gcc not found; run tools/deps.sh"
set -- /usr/src/newlib/newlib-*.tar.xz
[ -f "$1" ] || die "no /usr/src/newlib/newlib-*.tar.xz; run tools/deps.sh (package newlib-source)"
tarball=$1

log="$out/build.log"
: >"$log"
rm -rf "$out/install" "$out"/build.??????   # and the trees of earlier failed builds
work=$(mktemp -d "$out/build.XXXXXX") || die "cannot create a build directory under $out"

fail() {
	echo "$me: $* (log: $log; build tree kept in $work); last lines of the log:" >&2
	tail -n 40 "$log" >&2
	if grep -q -i -E 'error:|\*\*\* ' "$log"; then
		echo "$me: first errors in the log:" >&2
		grep -i -m 5 -E 'error:|\*\*\* ' "$log" >&2
	fi
	exit 1
}

start=$(date +%s)
progress() { echo "$me: [$(( $(date +%s) - start )) s] $*" >&2; }
# While make runs: how far it got, every 15 s, as the compiler commands in the log (about 950 in all).
ticker() {
	while sleep 15; do
		progress "compiling: $(grep -c -e ' -c ' "$log") source files so far"
	done
}
echo "$me: building newlib from $(basename "$tarball") into $out/install (log: $log)" >&2
progress "1/4 unpacking"

mkdir "$work/src" "$work/obj"
tar -xJf "$tarball" -C "$work/src" --strip-components=1 >>"$log" 2>&1 || fail "cannot unpack $tarball"

# newlib's configure.host gives powerpc*-eabi "-mrelocatable-lib ... -DMISSING_SYSCALL_NAMES":
#  - -mrelocatable-lib makes every function reach globals through .got2 (PIC-style bcl/mflr prologue);
#    a kernel that runs at its link address does not need that;
#  - MISSING_SYSCALL_NAMES makes newlib call sbrk/write/close/... without the leading underscore.
# Drop both so the library is plain absolute code that calls the usual _sbrk, _write, ... .
hostcfg="$work/src/newlib/configure.host"
orig='-mrelocatable-lib -mno-eabi -mstrict-align -DMISSING_SYSCALL_NAMES'
grep -q -e "$orig" "$hostcfg" || fail "newlib/configure.host no longer has '$orig'; update $0"
sed -i "s/$orig/-mno-eabi -mstrict-align/" "$hostcfg" || fail "cannot patch $hostcfg"
progress "2/4 configuring"

# -mlong-double-64: without it newlib's ieeefp.h fails on the Linux ABI's 128-bit IBM long double.
# -fno-pie: Debian's cross gcc builds PIE by default, which a bare-metal kernel cannot use.
# -ffunction-sections/-fdata-sections: lets the kernel link drop unused code with --gc-sections.
CC_FOR_TARGET="${cross}gcc -fno-pie -msoft-float -mlong-double-64 -mcpu=$cpu"
GCC_FOR_TARGET=$CC_FOR_TARGET
CFLAGS_FOR_TARGET="-g -O2 -ffunction-sections -fdata-sections"
AR_FOR_TARGET=${cross}ar
AS_FOR_TARGET=${cross}as
LD_FOR_TARGET=${cross}ld
NM_FOR_TARGET=${cross}nm
RANLIB_FOR_TARGET=${cross}ranlib
OBJDUMP_FOR_TARGET=${cross}objdump
OBJCOPY_FOR_TARGET=${cross}objcopy
READELF_FOR_TARGET=${cross}readelf
STRIP_FOR_TARGET=${cross}strip
export CC_FOR_TARGET GCC_FOR_TARGET CFLAGS_FOR_TARGET AR_FOR_TARGET AS_FOR_TARGET LD_FOR_TARGET \
	NM_FOR_TARGET RANLIB_FOR_TARGET OBJDUMP_FOR_TARGET OBJCOPY_FOR_TARGET READELF_FOR_TARGET \
	STRIP_FOR_TARGET

(
	cd "$work/obj" &&
	../src/configure \
		--target=$target \
		--prefix="$out/install" \
		--disable-multilib \
		--disable-nls \
		--disable-newlib-supplied-syscalls \
		--enable-newlib-nano-formatted-io \
		--disable-newlib-io-float \
		--enable-newlib-nano-malloc \
		--enable-newlib-reent-small \
		--disable-newlib-multithread \
		--disable-newlib-fvwrite-in-streamio \
		--disable-newlib-fseek-optimization \
		--disable-newlib-wide-orient \
		--disable-newlib-unbuf-stream-opt \
		--enable-lite-exit \
		--enable-newlib-global-atexit
) >>"$log" 2>&1 || fail "configure failed"

jobs=$(nproc 2>/dev/null || echo 2)
[ "$jobs" -gt 2 ] 2>/dev/null || jobs=2
progress "3/4 compiling with $jobs jobs"
ticker &
tick=$!
trap 'kill $tick 2>/dev/null' EXIT
make -C "$work/obj" -j"$jobs" all-target-newlib >>"$log" 2>&1 || fail "make all-target-newlib failed"
kill $tick 2>/dev/null
trap - EXIT
progress "4/4 installing"
make -C "$work/obj" install-target-newlib >>"$log" 2>&1 || fail "make install-target-newlib failed"

lib="$out/install/$target/lib/libc.a"
[ -f "$lib" ] || fail "build finished but $lib is missing"
[ -f "$out/install/$target/include/stdio.h" ] || fail "build finished but include/stdio.h is missing"

rm -rf "$work"
touch "$out/.done"
echo "$me: done in $(( $(date +%s) - start )) s: $lib" >&2
