#!/bin/sh
# xv6.sh BUILD: the xv6 port (ports/xv6, docs/porting.md "xv6"). Always:
# the glue compiled against the module's headers (make xv6-glue, with
# tests/xv6/stand-in/ for xv6's declarations), and the glue with the
# module asking of xv6 only what xv6-public has. With PROFKERN_XV6 naming
# an xv6-public tree (make test XV6=DIR), make xv6 as a user runs it:
# shares of known functions, names, fingerprints, a failed program told,
# a program's own calls, two CPUs, determinism byte for byte, bad values
# refused; without, a line says they were skipped.
set -u
build=${1:-build}
xv6=${PROFKERN_XV6:-}
run=$build/xv6/run
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "PASS xv6: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL xv6: $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
make=${MAKE:-make}

# ---- the glue against the module's headers (every run) -----------------------
if $make --no-print-directory xv6-glue > "$build/xv6-glue.log" 2>&1; then
	ok "the glue compiles against profkern/port.h (xv6's declarations stood in)"
	# what the glue and the module ask of the kernel: xv6's functions the
	# glue names, its linker's text symbols, and GCC's four
	XV6_HAS=" _text_start _text_end acquire acquiresleep argint argptr argstr cprintf cpuid initlock initsleeplock
		lapic memcmp memcpy memmove memset mycpu myproc ncpu popcli pushcli release releasesleep safestrcpy
		strlen uartputc "
	extra=$(nm -u "$build/xv6/glue-check/glue.o" | awk '{ print $2 }' | while read -r s; do
		case $XV6_HAS in *[!A-Za-z0-9_]"$s"[!A-Za-z0-9_]*) ;; *) printf '%s ' "$s" ;; esac
	done)
	check "the glue and the module need nothing xv6 lacks${extra:+ (they need: $extra)}" '[ -z "$extra" ]'
else
	cat "$build/xv6-glue.log"
	bad "the glue does not compile against profkern/port.h"
fi

# values refused by their form before anything runs, whatever the tree
o=$($make --no-print-directory xv6 XV6='/x;touch y' 2>&1)
check "an XV6 that is not a path is refused by name" 'printf "%s" "$o" | grep -q "make xv6: XV6 must be a folder.s path"'
o=$($make --no-print-directory xv6 XV6= 2>&1)
check "make xv6 without XV6 says what to give" 'printf "%s" "$o" | grep -q "make xv6: XV6 must name an xv6-public tree"'

if [ -z "$xv6" ]; then
	echo "SKIP xv6: the xv6 cases (make test XV6=DIR runs them, DIR an xv6-public checkout at eeb7b415)"
	echo "xv6: $pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
fi

# ---- make xv6 as a user runs it ----------------------------------------------
P="ports/xv6/demo.c tests/xv6/fault.c tests/xv6/own.c"
out=$build/xv6-test.out
$make --no-print-directory xv6 XV6="$xv6" PROG="$P" HZ=10000 ARGS=6 > "$out" 2>&1
st=$?
check "a run with a program xv6 kills ends non-zero (status $st)" '[ $st != 0 ]'
check "its last line counts them" 'grep -q -x "make xv6: 3 programs ran, 1 failed" "$out"'
check "the program killed is named, with xv6's trap line" \
	'grep -q "^make xv6: fault failed: pid [0-9]* fault: trap 14 " "$out"'
check "each dump and the system profile's came back" \
	'[ -f $run/dumps/demo.pro ] && [ -f $run/dumps/fault.pro ] && [ -f $run/dumps/own.pro ] && [ -f $run/dumps/system.pro ]'
check "a program with Prof* calls of its own makes them (EEXIST none, ProfOff unmatched refused)" \
	'grep -a -q "^own: 0 0 0 -71 0 0" "$run/serial.log"'

# one : two : three = 1 : 2 : 3 in instructions; shares within a point
shares=$("$build/pinfo" -- "$run/dumps/demo.pro" "$run/demo.elf" 2>&1 | awk '
	$NF == "one" { a = $2 } $NF == "two" { b = $2 } $NF == "three" { c = $2 }
	END { t = a + b + c; if (!t) exit 1
		printf "%d %.2f %.2f %.2f\n", t, 100 * a / t, 100 * b / t, 100 * c / t }')
echo "xv6: one, two, three: $shares (of samples, then %)"
check "10,000 samples and more in demo's three functions" '[ "${shares%% *}" -ge 10000 ]'
check "their shares within a point of 1 : 2 : 3 (16.67, 33.33, 50.00)" 'echo "$shares" | awk "{
	d1 = \$2 - 100 / 6; d2 = \$3 - 200 / 6; d3 = \$4 - 50
	exit !(d1 < 1 && d1 > -1 && d2 < 1 && d2 > -1 && d3 < 1 && d3 > -1) }"'
check "fingerprints: each program's ELF file is the code profiled (pinfo --strict)" \
	'"$build/pinfo" --strict -- "$run/dumps/demo.pro" "$run/demo.elf" > /dev/null 2>&1 &&
	 "$build/pinfo" --strict -- "$run/dumps/own.pro" "$run/own.elf" > /dev/null 2>&1'
"$build/pinfo" --strict --summary --skip-absent -- "$run/dumps/system.pro" -f "$run/maps.lst" > "$build/xv6-system.txt" 2>&1
st=$?
check "the system profile's maps, xv6's kernel's too, match its fingerprints (--strict)" '[ $st = 0 ] &&
	! grep -q "warning\|note" "$build/xv6-system.txt"'
check "xv6's kernel functions named in the system profile (mappages, sys_prof's path)" \
	'grep -q "^0001:801[0-9a-f]* .*  mappages$" "$build/xv6-system.txt"'
check "the system profile has demo and own, and a kernel line" \
	'grep -q "^demo  *0001" "$build/xv6-system.txt" && grep -q "^own  *0001" "$build/xv6-system.txt" &&
	 grep -q "^kernel " "$build/xv6-system.txt"'

# the same command, the same dumps
rm -rf "$build/xv6-first" && cp -r "$run/dumps" "$build/xv6-first"
$make --no-print-directory xv6 XV6="$xv6" PROG="$P" HZ=10000 ARGS=6 > "$out.2" 2>&1
same=1
for f in demo.pro fault.pro own.pro system.pro; do cmp -s "$build/xv6-first/$f" "$run/dumps/$f" || same=0; done
check "the same command gives the same dumps, byte for byte" '[ $same = 1 ]'

# two CPUs (QEMU's -smp 2,sockets=2): both count
$make --no-print-directory xv6 XV6="$xv6" PROG=ports/xv6/demo.c CPUS=2 ARGS=1 > "$out" 2>&1
st=$?
check "CPUS=2: the run ends, its program passes" '[ $st = 0 ] && grep -q -x "make xv6: 1 program ran, 0 failed" "$out"'
check "CPUS=2: the system profile counted on both CPUs" \
	'"$build/pinfo" --cpus -- "$run/dumps/system.pro" 2>/dev/null |
	 awk "\$1 == \"cpu\" && \$2 ~ /^[0-9]+\$/ && \$3 > 0 { n++ } END { exit n != 2 }"'
rm -rf "$build/xv6-first" && cp -r "$run/dumps" "$build/xv6-first"
$make --no-print-directory xv6 XV6="$xv6" PROG=ports/xv6/demo.c CPUS=2 ARGS=1 > "$out" 2>&1
check "CPUS=2: the same command, the same dumps" \
	'cmp -s "$build/xv6-first/demo.pro" "$run/dumps/demo.pro" && cmp -s "$build/xv6-first/system.pro" "$run/dumps/system.pro"'

# bad values: refused by name, nothing run
$make --no-print-directory xv6 XV6=/nonexistent/xv6 > "$out" 2>&1
st=$?
check "XV6 naming no tree is refused, naming XV6" '[ $st != 0 ] && grep -q "XV6" "$out" && ! grep -q booting "$out"'
$make --no-print-directory xv6 XV6=tests/xv6 > "$out" 2>&1
st=$?
check "a folder that is not xv6-public is refused, naming what it lacks, the last run kept" \
	'[ $st != 0 ] && grep -q "not an xv6-public tree (no Makefile)" "$out" && [ -f $run/dumps/demo.pro ]'
$make --no-print-directory xv6 XV6="$xv6" HZ=50 > "$out" 2>&1
st=$?
check "HZ below xv6's 100 is refused, naming HZ" '[ $st != 0 ] && grep -q "HZ must be" "$out" && ! grep -q booting "$out"'

echo "xv6: $pass passed, $fail failed"
[ "$fail" = 0 ]
