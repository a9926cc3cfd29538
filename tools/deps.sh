#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# deps.sh: make sure the host has everything the build, the tests and the runners need (Debian 12).
# Silent and fast when all is present. Otherwise: as root, installs the missing packages with apt-get;
# as another user, prints the exact command to run and exits 1.
# deps.sh farm: also what make farm-test needs (labgrid, pytest, LAVA's dispatcher and the TFTP
# server configuration its tftp deploy reads), installed without their recommendations (LAVA's
# would bring virtual-machine and container tools the farm files do not use).
case "${1:-}" in -h|--help) sed -n '3,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;; esac
set -eu

me=deps.sh

# One "what|package" per line. "what" is a command name, or an absolute path (a glob is allowed).
checks='powerpc-linux-gnu-gcc|gcc-powerpc-linux-gnu
powerpc-linux-gnu-as|binutils-powerpc-linux-gnu
powerpc-linux-gnu-ld|binutils-powerpc-linux-gnu
powerpc-linux-gnu-objcopy|binutils-powerpc-linux-gnu
powerpc64-linux-gnu-gcc|gcc-powerpc64-linux-gnu
powerpc64-linux-gnu-objcopy|binutils-powerpc64-linux-gnu
qemu-system-ppc64|qemu-system-ppc
qemu-system-ppc|qemu-system-ppc
/usr/share/qemu/skiboot.lid|qemu-system-data
qemu-ppc|qemu-user
/usr/lib/u-boot/qemu-ppce500/uboot.elf|u-boot-qemu
mkimage|u-boot-tools
/usr/src/newlib/newlib-*.tar.xz|newlib-source
gdb-multiarch|gdb-multiarch
xz|xz-utils
make|make
gcc|gcc
/usr/include/stdio.h|libc6-dev
timeout|coreutils
flock|util-linux
dtc|device-tree-compiler
python3|python3
/usr/bin/python3|python3
/usr/lib/python3/dist-packages/serial/__init__.py|python3-serial
/usr/lib/python3/dist-packages/pexpect/__init__.py|python3-pexpect
sb|lrzsz
/usr/src/linux-source-6.12.tar.xz|linux-source-6.12
/usr/powerpc-linux-gnu/include/linux/mman.h|linux-libc-dev-powerpc-cross
flex|flex
bison|bison
bc|bc
perl|perl
sha256sum|coreutils
rsvg-convert|librsvg2-bin
git|git'

farm_checks='/usr/lib/python3/dist-packages/labgrid/__init__.py|python3-labgrid
/usr/lib/python3/dist-packages/pytest/__init__.py|python3-pytest
/usr/lib/python3/dist-packages/jinja2/__init__.py|python3-jinja2
lava-run|lava-dispatcher
/etc/default/tftpd-hpa|tftpd-hpa
dpkg-deb|dpkg'

groups=base
for g in "$@"; do
	case $g in
	farm) groups="$groups farm" ;;
	*) echo "$me: unknown group '$g' (known: farm)" >&2; exit 2 ;;
	esac
done

present() {
	case $1 in
	/*)
		# shellcheck disable=SC2086 # the glob must expand
		for f in $1; do [ -e "$f" ] && return 0; done
		return 1 ;;
	*)
		command -v "$1" >/dev/null 2>&1 ;;
	esac
}

# missing GROUP: the packages of GROUP (base or farm) whose files are absent.
missing() {
	if [ "$1" = farm ]; then list=$farm_checks; else list=$checks; fi
	echo "$list" | while IFS='|' read -r what pkg; do
		present "$what" || echo "$pkg"
	done | sort -u | tr '\n' ' ' | sed 's/ $//'
}

pkgs=$(missing base)
farm_pkgs=
case " $groups " in *" farm "*) farm_pkgs=$(missing farm) ;; esac
[ -z "$pkgs$farm_pkgs" ] && exit 0

echo "$me: missing packages: $pkgs${pkgs:+${farm_pkgs:+; }}${farm_pkgs:+for the farm targets (without recommends): $farm_pkgs}" >&2
install_cmd="apt-get update"
[ -n "$pkgs" ] && install_cmd="$install_cmd && DEBIAN_FRONTEND=noninteractive apt-get install -y $pkgs"
[ -n "$farm_pkgs" ] && install_cmd="$install_cmd && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $farm_pkgs"

if ! command -v apt-get >/dev/null 2>&1; then
	echo "$me: apt-get not found; this project expects Debian 12 (bookworm). Install the equivalents of: $pkgs $farm_pkgs" >&2
	exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "$me: run this as root, then try again:" >&2
	echo "  sudo sh -c '$install_cmd'" >&2
	exit 1
fi

echo "$me: installing: $pkgs $farm_pkgs" >&2
apt-get update >&2 || { echo "$me: apt-get update failed" >&2; exit 1; }
if [ -n "$pkgs" ]; then
	# shellcheck disable=SC2086 # one word per package
	DEBIAN_FRONTEND=noninteractive apt-get install -y $pkgs >&2 ||
		{ echo "$me: apt-get install -y $pkgs failed" >&2; exit 1; }
fi
if [ -n "$farm_pkgs" ]; then
	# shellcheck disable=SC2086 # one word per package
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $farm_pkgs >&2 ||
		{ echo "$me: apt-get install -y --no-install-recommends $farm_pkgs failed" >&2; exit 1; }
fi

pkgs=$(missing base)
case " $groups " in *" farm "*) farm_pkgs=$(missing farm) ;; esac
if [ -n "$pkgs$farm_pkgs" ]; then
	echo "$me: still missing after apt-get install: $pkgs $farm_pkgs" >&2
	exit 1
fi
echo "$me: all dependencies installed" >&2
