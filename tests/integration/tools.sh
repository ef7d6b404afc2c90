#!/bin/sh
# tools.sh BUILD: pinfo's exports read by the real tools. gprof (binutils)
# reads what `pinfo --gmon` writes and readprofile (util-linux) what
# `pinfo --proc-profile` writes, for profiles of QEMU runs (a user profile,
# a system profile: a program, the kernel) and for the fixture
# tests/unit/data/hot.pro (bins above 65535). Their per-function ticks are
# compared with pinfo's: exactly for gprof; for readprofile, exactly as its
# off-by-one moves them (docs/pinfo.md). Each pinfo run is made again by
# the sanitizer build, which must do the same (sanpinfo.sh). One line per
# check, "N passed, N failed" last; non-zero status if any failed.
set -u
build=${1:-build}
out=$build/tooltest
pinfo=$build/pinfo
u=$build/user
hz=1000
. tests/integration/check.sh
. tests/integration/sanpinfo.sh	# $pinfo: build/pinfo, then build/san/pinfo alike

judge() {	# judge VERDICT: "OK details" or "FAIL details" from a checker
	case $1 in
	OK*) pass "${1#OK }" ;;
	FAIL*) fail "${1#FAIL }" ;;
	*) fail "the checker failed: $1" ;;
	esac
}

# boot NAME qrun-arguments...: a run in $out/NAME, its dumps extracted there.
boot() {
	dir=$out/$1
	shift
	rm -rf "$dir"
	sh scripts/qrun -quiet -o "$dir" -timeout "${LIMIT:-60}" -hz $hz "$@" >"$dir.out" 2>&1 &&
		"$build/profextract" -o "$dir" "$dir/serial.log" >>"$dir.out" 2>&1
}

# The checkers: check_gprof (tests/integration/tools/gprof.sh),
# check_readprofile and shifted_map (tests/integration/tools/readprofile.sh).
. tests/integration/tools/gprof.sh
. tests/integration/tools/readprofile.sh

mkdir -p "$out"
for tool in gprof readprofile nm as; do
	command -v $tool >/dev/null || { name=$tool; fail "not installed (make deps installs it)"; }
done

if boot user -kernel "$build/kernel.elf" "$u/testprof.elf" "$u/cmd.elf"; then
	check_gprof testprof "$out/user/testprof.pro" "$u/testprof.elf"
else
	name=boot-user; fail "$(cat "$out/user.out")"
fi

if boot sys -kernel -batch tests/guest/system.cmd "$build/kernel.elf" "$u/worker.elf" "$u/sorter.elf" \
	"$u/pset.elf" "$u/cmd.elf"; then
	sys=$out/sys/sys.pro
	check_gprof worker "$sys" "$u/worker.elf"
	check_gprof sorter "$sys" "$u/sorter.elf"
	check_gprof kernel "$sys" "$build/kernel.elf"
	check_readprofile kernel "$sys" kernel "$build/kernel.sym" "$build/kernel.sym" 0
	len=$($pinfo "$sys" | awk '$1 == "WORKER" { print $3 }')
	shifted_map "$u/worker.elf" WORKER 1000 "$len" >"$out/worker.sym"
	"$build/mkmap" -s "$u/worker.elf" WORKER >"$out/worker.map0"
	check_readprofile worker "$sys" WORKER "$out/worker.sym" "$out/worker.map0" 1000
else
	name=boot-sys; fail "$(cat "$out/sys.out")"
fi

fixture=tests/unit/data/hot.pro
check_gprof hot-bins $fixture tests/unit/data/tiny.elf
shifted_map tests/unit/data/tiny.elf TINY 1000 87 >"$out/tiny.sym"
check_readprofile hot-bins $fixture TINY "$out/tiny.sym" tests/unit/data/tiny.elf 1000

# The code fingerprint's line in mkmap's System.map text (the first) is the
# line binutils print for such a symbol: as assembles ".set" of it, nm
# prints it. readprofile read the kernel's map with it above.
name=nm-fingerprint-line
line=$(head -1 "$build/kernel.sym")
printf '.globl __code_crc32\n.set __code_crc32, 0x%s\n' "${line%% *}" | as --32 -o "$out/fp.o" - &&
	nmline=$(nm "$out/fp.o")
case $line in
[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]" A __code_crc32")
	if [ "$line" = "${nmline:-}" ]; then pass "$line"; else fail "mkmap: '$line', nm: '${nmline:-}'"; fi ;;
*) fail "first line of kernel.sym: '$line'" ;;
esac

# Misuse is status 2; a module the dump lacks is 1, and no file.
name=cli
$pinfo -e --gmon "$out/x.out" $fixture tests/unit/data/tiny.elf 2>/dev/null; a=$?
$pinfo --module TINY $fixture 2>/dev/null; b=$?
$pinfo --proc-profile "$out/x.out" --module NOSUCH $fixture 2>/dev/null; c=$?
if [ "$a$b$c" = 221 ] && [ ! -e "$out/x.out" ]; then pass; else fail "statuses $a $b $c"; fi

sanpinfo_verdict
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
