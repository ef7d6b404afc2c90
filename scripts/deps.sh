#!/bin/sh
# deps.sh: installs, with apt-get and without questions, the Debian packages
# that make's goals need, and only those that are missing. A package counts
# as present by its installed state in dpkg's database, never by a file
# that another package may also provide (gcc -m32 names the 64-bit libgcc
# when gcc-multilib is missing, for one).
#
# usage: deps.sh [-l] GOAL... [EMU=bochs]
# Each goal's packages are its list below: make (all), run, bare, xv6,
# bench, check-fresh, clean (none), and any other goal, test's (make test
# and its parts, unit, integration, fuzz: everything a build and its tests
# use). EMU=bochs adds Bochs's to make run's. -l prints the packages, one a
# line, and installs nothing. The Makefile runs it with its goals before it
# reads the build (its first phase), so that everything the build computes
# from the installed packages sees them.
set -u
set -f

# The packages, by what needs them.
# TOOLS: the host tools (pinfo, profextract, mkmap): pinfo reads DWARF line
# tables with elfutils' libdw, disassembles with capstone to split buckets
# over lines, and writes --pprof with protobuf-c and zlib.
TOOLS="make gcc binutils libdw-dev libcapstone-dev protobuf-c-compiler libprotobuf-c-dev zlib1g-dev"
# KERNEL: the 32-bit kernel and the profiler's module (make bare, make xv6's)
KERNEL="gcc-multilib nasm"
# GUESTS: the C library of the programs (user/newlib/build.sh); IMAGE: the
# GRUB image (scripts/mkiso.sh: grub-mkrescue, --compress=xz runs xz).
GUESTS="newlib-source"
IMAGE="grub-common grub-pc-bin xorriso xz-utils mtools"
# QEMU also loads the instruction-count plugin (bench/truth/insncount.c:
# make run TRUTH=1, make bench), which needs no other package: QEMU's plugin
# interface is declared in bench/truth/qplugin.h.
QEMU="qemu-system-x86"
# make run EMU=bochs and the ring-3 suite under Bochs; bochs-term, its
# terminal display (display_library: term), the one of Debian's that needs
# no X: the package itself has no "nogui" (scripts/bochsrun.sh).
BOCHS="bochs bochs-term bochsbios vgabios"
# make test's own: cmocka (the unit tests), clang and its runtime (the
# fuzzers), chromium (the HTML report opened headless), golang-go (go tool
# pprof) and libxml2-utils (xmllint: --pprof's and the SVGs' checks),
# util-linux (readprofile reads pinfo --proc-profile), time (/usr/bin/time:
# pinfo's peak memory, tests/unit/pinfo/pinfo_bounds.sh).
TEST="libcmocka-dev clang libclang-rt-dev chromium golang-go libxml2-utils util-linux time"
# make bench's own: valgrind (callgrind), libc6-dbg (glibc's symbols, so
# that callgrind names its allocator's inner functions: section 11), time.
BENCH="valgrind libc6-dbg time"
# make check-fresh's: the Debian root it makes (scripts/check-fresh.sh).
FRESH="debootstrap debian-archive-keyring"

list=0
[ "${1:-}" = -l ] && { list=1; shift; }
[ $# -gt 0 ] || { echo "usage: deps.sh [-l] GOAL... [EMU=bochs]" >&2; exit 2; }
PACKAGES=""
for g in "$@"; do
	case $g in
	clean) ;;
	all|kernel|guests|tools|iso|deps) PACKAGES="$PACKAGES $TOOLS $KERNEL $GUESTS $IMAGE" ;;
	run) PACKAGES="$PACKAGES $TOOLS $KERNEL $GUESTS $IMAGE $QEMU" ;;
	EMU=bochs) case " $* " in *" run "*) PACKAGES="$PACKAGES $BOCHS" ;; esac ;;
	bare|xv6) PACKAGES="$PACKAGES $TOOLS $KERNEL $QEMU" ;;
	bench) PACKAGES="$PACKAGES $TOOLS $KERNEL $GUESTS $IMAGE $QEMU $BENCH" ;;
	check-fresh) PACKAGES="$PACKAGES $FRESH" ;;
	EMU=*) ;;
	*) PACKAGES="$PACKAGES $TOOLS $KERNEL $GUESTS $IMAGE $QEMU $BOCHS $TEST" ;;
	esac
done
# each once, in the order of first mention
PACKAGES=$(printf '%s\n' $PACKAGES | awk '!seen[$0]++')
if [ "$list" = 1 ]; then
	[ -z "$PACKAGES" ] || printf '%s\n' $PACKAGES
	exit 0
fi
[ -n "$PACKAGES" ] || exit 0

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
