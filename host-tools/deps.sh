#!/bin/sh
# deps.sh: installs, with apt-get and without questions, the Debian packages
# the build and the tests need, and only those that are missing.
set -u

missing=""
need() {	# need PACKAGE TEST...: PACKAGE is missing unless the test holds
	pkg=$1; shift
	"$@" >/dev/null 2>&1 || missing="$missing $pkg"
}
have() { command -v "$1"; }

need nasm             have nasm
need qemu-system-x86  have qemu-system-i386
need grub-common      have grub-mkrescue
need grub-pc-bin      test -f /usr/lib/grub/i386-pc/multiboot.mod
need xorriso          have xorriso
need mtools           have mformat
need libcmocka-dev    test -f /usr/include/cmocka.h
need gcc-multilib     test -f "$(gcc -m32 -print-libgcc-file-name 2>/dev/null)"
need binutils         have gprof
need util-linux       have readprofile
need clang            have clang
need libclang-rt-dev  sh -c 'ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a'
need valgrind         have valgrind

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
