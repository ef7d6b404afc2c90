#!/bin/sh
# deps.sh: installs, with apt-get and without questions, the Debian packages
# the build and the tests need, and only those that are missing. A package
# counts as present by its installed state in dpkg's database, never by a
# file that another package may also provide (gcc -m32 names the 64-bit
# libgcc when gcc-multilib is missing, for one).
#
# usage: deps.sh [PACKAGE...]   (default: the list below)
# The Makefile runs it before it reads the build (its first phase), so that
# everything the build computes from the installed packages sees them.
set -u

# xz-utils: grub-mkrescue --compress=xz (scripts/mkiso.sh) runs xz.
# libdw-dev: pinfo reads DWARF line tables with elfutils' libdw, and
# libcapstone-dev disassembles the code to split buckets over lines; chromium:
# the HTML report's test opens it in a real browser (headless). protobuf-c
# and zlib: pinfo --pprof; golang-go (go tool pprof) and libxml2-utils
# (xmllint) check its exports in the integration tests. bochs, bochsbios and
# vgabios: make run EMU=bochs and the ring-3 suite under Bochs; bochs-term,
# its terminal display (display_library: term), the one of Debian's that
# needs no X: the package itself has no "nogui" (scripts/bochsrun.sh).
# gcc and qemu-system-x86 also build and load the instruction-count plugin
# (bench/truth/insncount.c: make bench, make run TRUTH=1), which needs no
# other package: QEMU's plugin interface is declared in bench/truth/qplugin.h.
# time (/usr/bin/time): the peak memory that tests/unit/pinfo/pinfo_bounds.sh and
# make bench measure. newlib-source: the C library of the programs make run
# builds (user/newlib/build.sh). libc6-dbg: glibc's symbols, so that
# callgrind names its allocator's inner functions (_int_malloc,
# malloc_consolidate: make bench, section 11).
PACKAGES="make gcc gcc-multilib binutils nasm qemu-system-x86 grub-common grub-pc-bin
xorriso xz-utils mtools libcmocka-dev clang libclang-rt-dev valgrind util-linux
libdw-dev libcapstone-dev chromium protobuf-c-compiler libprotobuf-c-dev zlib1g-dev golang-go libxml2-utils
bochs bochs-term bochsbios vgabios time
newlib-source libc6-dbg"
[ $# -gt 0 ] && PACKAGES="$*"

installed() {	# installed PACKAGE: dpkg says "install ok installed"
	[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps: no dpkg-query: not a Debian system; install by hand:" $PACKAGES >&2
	exit 1
fi

missing=""
for p in $PACKAGES; do
	installed "$p" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing"
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
		echo "deps: not root and no sudo: install these packages by hand:$missing" >&2
		exit 1
	fi
else
	SUDO=""
fi
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
if ! $SUDO apt-get install -y -q --no-install-recommends $missing >/dev/null 2>&1; then
	$SUDO apt-get update -q >/dev/null 2>&1
	# shellcheck disable=SC2086
	if ! $SUDO apt-get install -y -q --no-install-recommends $missing; then
		echo "deps: apt-get could not install:$missing" >&2
		exit 1
	fi
fi
still=""
for p in $missing; do
	installed "$p" || still="$still $p"
done
if [ -n "$still" ]; then
	echo "deps: still not installed after apt-get:$still" >&2
	exit 1
fi
