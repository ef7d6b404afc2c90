#!/bin/sh
# pinfo_cli.sh BUILD: pinfo's command line beyond the seed's (docs/pinfo.md):
# --help on stdout with status 0, --version, an unknown option named on one
# line with the usage hint and status 2, bad values of the view options,
# one tool at a time, and -l / --annotate / --merge / --split / --cpus misuse. Runs the plain
# and the sanitizer builds.
set -u
build=${1:-build}
passed=0 failed=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL pinfo-cli $name: $*"; }

# check NAME STATUS OUT-GREP ERR-GREP -- ARGS: status, and a line of each stream
check() {
	name=$1 want=$2 outre=$3 errre=$4
	shift 5
	"$pinfo" "$@" > "$t/out" 2> "$t/err"
	got=$?
	# (a sanitizer's report fails the check whatever the status: UBSan's is 1 too)
	if grep -q 'runtime error\|Sanitizer' "$t/err"; then fail "sanitizer: $(grep -m 3 'runtime error\|Sanitizer' "$t/err")"; return; fi
	if [ "$got" != "$want" ]; then fail "status $got, wanted $want: $(head -3 "$t/err")"; return; fi
	if [ -n "$outre" ] && ! grep -q -- "$outre" "$t/out"; then fail "stdout lacks '$outre': $(head -3 "$t/out")"; return; fi
	if [ -z "$outre" ] && [ -s "$t/out" ]; then fail "stdout not empty: $(head -3 "$t/out")"; return; fi
	if [ -n "$errre" ] && ! grep -q -- "$errre" "$t/err"; then fail "stderr lacks '$errre': $(head -3 "$t/err")"; return; fi
	if [ -z "$errre" ] && [ -s "$t/err" ]; then fail "stderr not empty: $(head -3 "$t/err")"; return; fi
	pass
}

dump=tests/unit/data/hot.pro elf=tests/unit/data/tiny.elf
for pinfo in "$build/pinfo" "$build/san/pinfo"; do
	[ -x "$pinfo" ] || continue
	check help 0 '^USAGE: pinfo \[-etz\] dump_file' '' -- --help
	check help-lists 0 '--percent-limit P' '' -- --help
	check version 0 '^pinfo (profkern) [0-9.]*, dump formats 1 to [0-9]*$' '' -- --version
	check unknown-long 2 '' "^pinfo: unknown option '--frobnicate'\$" -- --frobnicate "$dump"
	check unknown-short 2 '' "^pinfo: unknown option '-q'\$" -- -q "$dump"
	# one line naming it, the usage line, the hint: three lines, not the whole text
	"$pinfo" --frobnicate "$dump" 2> "$t/err"
	name=unknown-short-text
	if [ "$(wc -l < "$t/err")" = 3 ] && sed -n 2p "$t/err" | grep -q '^USAGE: pinfo' &&
	   sed -n 3p "$t/err" | grep -q 'pinfo --help'; then pass; else fail "$(cat "$t/err")"; fi
	check sort-bad 2 '' "^pinfo: --sort=size: sort by tics, address or name\$" -- --sort=size "$dump" "$elf"
	check top-bad 2 '' "^pinfo: --top 0: a count" -- --top 0 "$dump" "$elf"
	check top-bad2 2 '' "^pinfo: --top 3x: a count" -- --top 3x "$dump" "$elf"
	check limit-bad 2 '' "^pinfo: --percent-limit 101: a percent" -- --percent-limit 101 "$dump" "$elf"
	# an option's value or an unknown option reaches the message escaped
	check sort-escaped 2 '' "^pinfo: --sort=x^\\[\\[2J: sort by" -- --sort="$(printf 'x\033[2J')" "$dump" "$elf"
	check unknown-escaped 2 '' "^pinfo: unknown option '--a^Gb'\$" -- "$(printf -- '--a\007b')" "$dump"
	check top-ok 0 '^Dump tests/unit/data/hot.pro: a ' '' -- --top 2 "$dump" "$elf"
	check two-tools 2 '' '^USAGE' -- -l --diff "$dump" "$dump" "$elf"
	check lines-and-sort 2 '' '^USAGE' -- -l --sort=tics "$dump" "$elf"
	check lines-no-elf 2 '' '^USAGE' -- -l "$dump"
	check lines-no-dwarf 1 '' "tiny.elf: no DWARF" -- -l "$dump" "$elf"
	check help-split 0 '--split=instructions|bytes' '' -- --help
	check split-bad 2 '' "^pinfo: --split=words: split by instructions or bytes\$" -- -l --split=words "$dump" "$elf"
	check split-no-lines 2 '' '^USAGE' -- --split=bytes "$dump" "$elf"
	check split-bytes 1 '' "tiny.elf: no DWARF" -- -l --split=bytes "$dump" "$elf"
	check split-html 0 '' '' -- --html "$t/r.html" --split=bytes "$dump" "$elf"
	rm -f "$t/r.html"
	check merge-one 2 '' '^USAGE' -- --merge "$t/m.pro" "$dump"
	check merge-v1 1 '' 'version 1 dump has no code fingerprints' -- --merge "$t/m.pro" tests/unit/data/hot-v1.pro "$dump"
	name=merge-v1-nothing
	if [ ! -e "$t/m.pro" ]; then pass; else fail "a file was written"; fi
	check diff-no-map 2 '' '^USAGE' -- --diff "$dump" "$dump"
	# no function to sort: a map of a module in neither dump, an HTML report without maps
	printf ' NOPE\n\n  Address         Publics by Value\n\n 0001:00000000       f\n' > "$t/nope.map"
	check diff-absent 1 '' "^pinfo: $t/nope.map: module NOPE is in neither dump\$" -- \
		--diff "$dump" "$dump" "$t/nope.map"
	rm -f "$t/nope.map"
	check html-no-map 0 '' '' -- --html "$t/r.html" "$dump"
	name=html-no-map-file
	if grep -q 'No map given is of a module with samples' "$t/r.html"; then pass; else fail "no note"; fi
	rm -f "$t/r.html"
	check html-no-dir 1 '' "^pinfo: $t/none/r.html: No such file or directory; nothing written\$" -- \
		--html "$t/none/r.html" "$dump" "$elf"
	check html-bad-dump 1 '' "^pinfo: $elf: " -- --html "$t/r.html" "$elf"
	name=html-nothing-left
	if [ ! -e "$t/r.html" ] && [ -z "$(ls -A "$t" | grep -v '^out$\|^err$')" ]; then pass; else fail "$(ls -A "$t")"; fi
	check html-ok 0 '' '' -- --html "$t/r.html" "$dump" "$elf"
	name=html-ok-file
	if grep -q '<table class="sortable" id="functions">' "$t/r.html"; then pass; else fail "no table"; fi
	rm -f "$t/r.html"
	check merge-no-dir 1 '' "^pinfo: $t/none/m.pro: No such file or directory; nothing written\$" -- \
		--merge "$t/none/m.pro" "$dump" "$dump"
	# --where: the function and line of a code offset, as fault lines name them
	lines=$build/tests/data/lines.elf
	check where-line 0 '^mark_9+0x1 (lines.c:9)$' '' -- --where 0x4 "$lines"
	check where-nox 0 '^mark_11+0x1 (lines.c:11)$' '' -- --where 15 -- "$lines"
	check where-first 0 '^hot+0x0 (lines.c:8)$' '' -- --where 0 "$lines"
	check where-no-dwarf 0 '^[A-Za-z_][A-Za-z0-9_.]*+0x[0-9a-f]*$' '' -- --where 0x10 "$elf"
	check where-past 1 '' "^pinfo: $lines: no function at code offset 0x2000\$" -- --where 0x2000 "$lines"
	check where-bad 2 '' '^pinfo: --where 4g: a code offset in hex' -- --where 4g "$lines"
	check where-neg 2 '' '^pinfo: --where -4: a code offset in hex' -- --where=-4 "$lines"
	check where-two 2 '' '^USAGE' -- --where 4 "$lines" "$lines"
	check where-and-l 2 '' '^USAGE' -- --where 4 -l "$lines"
	check where-dump 1 '' 'not an ELF file' -- --where 4 "$dump"
	# --ci, --csv, --truth (docs/pinfo.md, "Error bars"); the sign by the locale
	LC_ALL= LC_CTYPE= LANG=C check ci-ascii 0 '^0001:0000     251071 ( 50.00% +-0.14)    helper$' '' -- --ci "$dump" "$elf"
	LC_ALL= LC_CTYPE= LANG=C.UTF-8 check ci-utf8 0 "^0001:0000     251071 ( 50.00% $(printf '\302\261')0.14)    helper\$" '' -- --ci "$dump" "$elf"
	LC_ALL=C LANG=C.UTF-8 check ci-lc-all 0 '( 50.00% +-0.14)' '' -- --ci "$dump" "$elf"
	check ci-diff 2 '' '^USAGE' -- --ci --diff "$dump" "$dump" "$elf"
	check ci-gmon 2 '' '^USAGE' -- --ci --gmon "$t/g.out" "$dump" "$elf"
	check csv-lines 2 '' '^USAGE' -- --csv "$t/c.csv" -l "$dump" "$elf"
	check truth-diff 2 '' '^USAGE' -- --truth "$t/x" --diff "$dump" "$dump" "$elf"
	check truth-stacks 2 '' '^USAGE' -- --truth "$t/x" --folded "$t/f" "$dump" "$elf"
	check csv-twice 2 '' '^USAGE' -- --csv "$t/a" --csv "$t/b" "$dump" "$elf"
	check csv-ok 0 '^0001:0000     251071 ( 50.00%)   helper$' '' -- --csv "$t/c.csv" "$dump" "$elf"
	name=csv-ok-file
	if [ "$(head -1 "$t/c.csv")" = module,function,tics,percent,ci_low,ci_high ] &&
	   grep -q '^TINY,helper,251071,50.0046,' "$t/c.csv"; then pass; else fail "$(cat "$t/c.csv")"; fi
	printf 'tiny helper 5\ntiny compute 4\ntiny hook 1\n' > "$t/ok.truth"
	check truth-ok 0 '^truth: tiny worst difference 0.20 points$' '' -- --csv "$t/c.csv" --truth "$t/ok.truth" "$dump" "$elf"
	name=truth-csv
	if [ "$(head -1 "$t/c.csv")" = module,function,tics,percent,ci_low,ci_high,exact,diff ] &&
	   grep -q '^TINY,helper,251071,50.0046,[0-9.]*,[0-9.]*,50.0000,0.0046$' "$t/c.csv"; then pass; else fail "$(cat "$t/c.csv")"; fi
	rm -f "$t/c.csv"
	printf 'tiny helper 5\n# ok\ntiny compute four\n' > "$t/bad.truth"
	check truth-bad 1 '' "^pinfo: $t/bad.truth:3: instructions 'four': a count in decimal digits" -- \
		--csv "$t/c.csv" --truth "$t/bad.truth" "$dump" "$elf"
	name=truth-bad-nothing
	if [ ! -e "$t/c.csv" ]; then pass; else fail "a CSV was written"; fi
	check truth-html 0 '' '' -- --html "$t/r.html" --truth "$t/ok.truth" "$dump" "$elf"
	name=truth-html-file
	if grep -q '<th data-num>Exact</th>' "$t/r.html" && grep -q '^<p class="truth">truth: tiny worst difference 0.20 points$' "$t/r.html"; then pass; else fail "no truth in the HTML"; fi
	rm -f "$t/r.html" "$t/ok.truth" "$t/bad.truth"
	check diff-csv 0 '^1 of 4 functions\|^0 of 4 functions' 'note' -- --diff --csv "$t/d.csv" "$dump" tests/unit/data/hot-v1.pro "$elf"
	name=diff-csv-file
	if [ "$(head -1 "$t/d.csv")" = module,function,percent_a,percent_b,change,significant ] &&
	   [ "$(wc -l < "$t/d.csv")" = 5 ]; then pass; else fail "$(cat "$t/d.csv")"; fi
	rm -f "$t/d.csv"
	# --cpus (docs/pinfo.md, "Per CPU"): alone, maps picking its columns
	v6=tests/fuzz/corpus/dump/cpus4.pro
	check cpus-ok 0 '^cpu 3       33       3     5             1        20       4$' '' -- --cpus "$v6"
	check cpus-header 0 '^cpu N  samples  kernel  idle  out-of-range  TESTPROF  WORKER$' '' -- --cpus "$v6"
	check cpus-old 1 '' "^pinfo: $dump: a version 2 dump carries no per-CPU totals" -- --cpus "$dump"
	check cpus-bad 1 '' '^pinfo: tests/fuzz/corpus/dump/cpus-samples.pro: cpu 1: samples 34, but' -- \
		--cpus tests/fuzz/corpus/dump/cpus-samples.pro
	check cpus-flags 2 '' '^USAGE' -- --cpus -t "$v6"
	check cpus-html 2 '' '^USAGE' -- --cpus --html "$t/r.html" "$v6"
	check cpus-sort 2 '' '^USAGE' -- --cpus --top 3 "$v6"
	check cpus-stacks 2 '' '^USAGE' -- --cpus -g "$v6"
	check cpus-where 2 '' '^USAGE' -- --cpus --where 4 "$elf"
	check cpus-no-dump 2 '' '^USAGE' -- --cpus
	check cpus-absent 1 '' "^pinfo: $elf: module TINY is not in the dump (its modules: TESTPROF, kernel, WORKER)\$" -- \
		--cpus "$v6" "$elf"
	check cpus-list 1 '' "no map given is of a module" -- --skip-absent --cpus "$v6" "$elf"
	# two CPUs in turns (format 8, clock 2): each CPU's runs, not Wilson's;
	# the same dump with the CPUs at once (clock 1): Wilson's, as the kernel's
	v8=tests/fuzz/corpus/dump/graded-v8
	check cpus-turns-ci 0 '^GRADED      0001    1dfb        454   99.78 ±0.31$' '' -- --ci "$v8-turns.pro"
	check cpus-turns-header 0 ', format version 8, 2 CPUs in turns, a trace of 455 ticks' '' -- --sort=tics "$v8-turns.pro"
	check cpus-atonce-header 0 ', format version 8, 2 CPUs at once, a trace' '' -- --sort=tics "$v8-cells.pro"
	check cpus-atonce-ci 0 '^GRADED      0001    1dfb        454   99.78 ±1.01$' '' -- --ci "$v8-cells.pro"
done
echo "pinfo-cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
