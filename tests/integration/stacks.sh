#!/bin/sh
# stacks.sh BUILD: call stacks end to end (docs/stacks.md). A guest with a
# known call tree (tests/guest/calltree.c: main -> a -> b, main -> c, main
# -> d -> system calls) is profiled with PT_STACKS; pinfo's views are read
# by the tools people use: the folded stacks are checked for their stacks
# and proportions, xmllint reads the SVG, and the real `go tool pprof`
# reads the pprof export, its -top flat shares equal to pinfo's and its
# -top -cum cumulative shares equal to the inclusive shares of the folded
# stacks. Then the same program under a system profile with stacks (pset
# init /stacks). Each pinfo run is made again by the sanitizer build,
# which must do the same (sanpinfo.sh). One line per check, "N passed, N
# failed" last.
set -u
build=${1:-build}
out=$build/stacktest
pinfo=$build/pinfo
u=$build/user
. tests/integration/check.sh
. tests/integration/sanpinfo.sh	# $pinfo: build/pinfo, then build/san/pinfo alike


boot() {	# boot NAME qrun-arguments...: a run in $out/NAME, its dumps extracted there
	dir=$out/$1
	shift
	rm -rf "$dir"
	sh scripts/qrun -quiet -o "$dir" -timeout "${LIMIT:-60}" "$@" >"$dir.out" 2>&1 &&
		"$build/profextract" -o "$dir" "$dir/serial.log" >>"$dir.out" 2>&1
}

# folded_sum PATTERN < folded: the samples of the lines whose stack matches.
folded_sum() { awk -v p="$1" '{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); if (s ~ p) t += n } END { print t + 0 }'; }
# near A B PCT: A within PCT percent of B
near() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= b * p / 100) }'; }

mkdir -p "$out"
export GOCACHE="$out/gocache" HOME="$out" PPROF_TMPDIR="$out"

# The cases, by job (tests/integration/stacks/): a user profile's stacks
# read by the tools and pinfo's misuse, then the kernel's side (a system
# profile with stacks, the size of the table of stacks).
. tests/integration/stacks/views.sh
. tests/integration/stacks/kernel.sh

sanpinfo_verdict
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
