#!/bin/sh
# report.sh BUILD: source lines and the HTML report on real runs. pinfo -l
# and --annotate on the demo's profile must put the most ticks on one of
# the two lines of inner()'s loop (found in user/testprof.c by their
# text), each about half of inner's (two instructions each an iteration),
# and next to none on the store after it (run once a call); and, in a
# system profile, give the kernel's lines from kernel.elf the ticks of the
# kernel's functions. The HTML report of the demo is opened in headless
# Chromium: no console error, no script error, the functions' table in
# pinfo's order, a click on its Function head sorts it by name, the
# annotated source marks the hot line; and a screenshot is taken. Then
# every other view once on the same dumps. Each pinfo run is made again by
# the sanitizer build, which must do the same (sanpinfo.sh). One line per
# check, "N passed, N failed" last; non-zero status if any failed.
set -u
build=${1:-build}
out=$build/reporttest
pinfo=$build/pinfo
u=$build/user
. tests/integration/check.sh
. tests/integration/sanpinfo.sh	# $pinfo: build/pinfo, then build/san/pinfo alike


boot() {	# boot NAME qrun-arguments...: a run in $out/NAME, dumps extracted
	dir=$out/$1
	shift
	rm -rf "$dir"
	sh scripts/qrun -quiet -o "$dir" -timeout "${LIMIT:-60}" -hz 1000 "$@" >"$dir.out" 2>&1 &&
		"$build/profextract" -o "$dir" "$dir/serial.log" >>"$dir.out" 2>&1
}

mkdir -p "$out"
hot=$(grep -n 'x = x \* 1103515245u + 12345u;' user/testprof.c | cut -d: -f1)
loop=$(grep -n 'for (int i = 0; i < INNER_STEPS; i++)' user/testprof.c | cut -d: -f1)
store=$(grep -n '^	sink = x;' user/testprof.c | cut -d: -f1)

# The cases, by job (tests/integration/report/): source lines (the demo's,
# the kernel's), the HTML report in Chromium, every other view once. Each
# reads the runs and files the one before it made.
. tests/integration/report/lines.sh
. tests/integration/report/html.sh
. tests/integration/report/views.sh

sanpinfo_verdict
echo "report: $passed passed, $failed failed"
[ "$failed" = 0 ]
