#!/bin/sh
# host_cli.sh BUILD: every host program's command line alike (host/common/cli.h,
# docs/pinfo.md): -h and --help print the usage on stdout with status 0;
# --version prints one line, "NAME (profkern) VERSION", the version that
# host/common/version.h defines once; an unknown option, long or short, gets
# one line naming it, the usage line and the hint on stderr, nothing on
# stdout, status 2; a missing file or value is misuse too. pinfo, profextract
# and mkmap, plain and sanitizer builds; qrun, whose misuse status is 5 (its
# 2 is a kernel panic). And each usage as the docs show it.
set -u
build=${1:-build}
passed=0 failed=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL host-cli $name: $*"; }

version=$(sed -n 's/^#define PROFKERN_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' host/common/version.h)
name="version defined"
if printf '%s\n' "$version" | grep -qx '[0-9][0-9.]*'; then pass; else fail "host/common/version.h: '$version'"; fi

# run ARGS...: the program under test ($prog, a command line) on ARGS, its
# streams in $t/out and $t/err, its status in $got
run() {
	$prog "$@" > "$t/out" 2> "$t/err"
	got=$?
}

# check_help ARG: ARG prints the usage on stdout, nothing on stderr, status 0
check_help() {
	name="$tool $1"
	run "$1"
	if [ "$got" != 0 ]; then fail "status $got, wanted 0: $(head -3 "$t/err")"
	elif ! grep -qi '^usage: ' "$t/out"; then fail "stdout has no usage line: $(head -3 "$t/out")"
	elif [ -s "$t/err" ]; then fail "stderr not empty: $(head -3 "$t/err")"
	else pass; fi
}

# check_unknown OPT: one line naming OPT, the usage line, the hint; status $misuse
check_unknown() {
	name="$tool unknown $1"
	run "$1" x y
	if [ "$got" != "$misuse" ]; then fail "status $got, wanted $misuse: $(head -3 "$t/err")"
	elif [ -s "$t/out" ]; then fail "stdout not empty: $(head -3 "$t/out")"
	elif [ "$(sed -n 1p "$t/err")" != "$tool: unknown option '$1'" ]; then fail "stderr: $(head -3 "$t/err")"
	elif [ "$(sed -n 2p "$t/err")" != "$usage1" ] ||
	     [ "$(sed -n 3p "$t/err")" != "($tool --help prints every option)" ] ||
	     [ "$(wc -l < "$t/err")" != 3 ]; then fail "not the usage line and the hint: $(cat "$t/err")"
	else pass; fi
}

# check_misuse NAME WANT-ERR-LINE ARGS...: status $misuse, nothing on stdout,
# stderr's first line WANT-ERR-LINE
check_misuse() {
	name="$tool $1" want=$2
	shift 2
	run "$@"
	if [ "$got" != "$misuse" ]; then fail "status $got, wanted $misuse: $(head -3 "$t/err")"
	elif [ -s "$t/out" ]; then fail "stdout not empty: $(head -3 "$t/out")"
	elif [ "$(sed -n 1p "$t/err")" != "$want" ]; then fail "stderr: $(head -3 "$t/err")"
	else pass; fi
}

# one_tool TOOL COMMAND VERSION-LINE MISUSE-STATUS
one_tool() {
	tool=$1 prog=$2 want_version=$3 misuse=$4
	name="$tool -h"
	run -h
	usage1=$(sed -n 1p "$t/out")
	check_help -h
	cp "$t/out" "$t/h"
	check_help --help
	name="$tool --help as -h"
	if cmp -s "$t/out" "$t/h"; then pass; else fail "--help and -h differ"; fi
	name="$tool --version"
	run --version
	if [ "$got" != 0 ]; then fail "status $got, wanted 0: $(head -3 "$t/err")"
	elif [ "$(cat "$t/out")" != "$want_version" ] || [ "$(wc -l < "$t/out")" != 1 ]; then
		fail "stdout '$(cat "$t/out")', wanted '$want_version'"
	elif [ -s "$t/err" ]; then fail "stderr not empty: $(head -3 "$t/err")"
	else pass; fi
	check_unknown --bogus
	check_unknown -q
	check_unknown --he		# no abbreviation of --help
	check_unknown --version=2	# nor a value where none is taken
	check_misuse "no file" "$usage1"
}

for b in "$build" "$build/san"; do
	if [ -x "$b/pinfo" ]; then
		one_tool pinfo "$b/pinfo" "pinfo (profkern) $version, dump formats 1 to 8" 2
		check_misuse "--top without a value" "pinfo: option '--top' needs a value" --top
		check_misuse "--html= without a value" "pinfo: option '--html' needs a value" --html= x.pro
		check_misuse "--top given twice" "$usage1" --top 2 --top 3 x.pro
	fi
	if [ -x "$b/profextract" ]; then
		one_tool profextract "$b/profextract" "profextract (profkern) $version" 2
		check_misuse "-o without a value" "profextract: option '-o' needs a value" -o
		check_misuse "one file too many" "$usage1" a b
	fi
	if [ -x "$b/mkmap" ]; then
		one_tool mkmap "$b/mkmap" "mkmap (profkern) $version" 2
		check_misuse "no MODULE" "$usage1" tests/unit/data/tiny.elf
	fi
done
one_tool qrun "sh scripts/qrun" "qrun (profkern) $version" 5
check_misuse "-o without a value" "qrun: option '-o' needs a value" -o
check_misuse "-emu without a value" "qrun: option '-emu' needs a value" -emu
check_misuse "no program" "$usage1" -quiet "$build/kernel.elf"
# an option's bytes reach the message escaped
name="qrun unknown escaped"
run "$(printf -- '-a\033[2Jb')" x y
if [ "$(sed -n 1p "$t/err")" = "qrun: unknown option '-a?[2Jb'" ]; then pass; else fail "$(head -1 "$t/err")"; fi
name="pinfo unknown escaped"
"$build/pinfo" "$(printf -- '--a\033[2Jb')" x > "$t/out" 2> "$t/err"
if [ "$(sed -n 1p "$t/err")" = "pinfo: unknown option '--a^[[2Jb'" ]; then pass; else fail "$(head -1 "$t/err")"; fi
name="profextract unknown escaped"
"$build/profextract" "$(printf -- '--a\033[2Jb')" x > "$t/out" 2> "$t/err"
if [ "$(sed -n 1p "$t/err")" = "profextract: unknown option '--a^[[2Jb'" ]; then pass; else fail "$(head -1 "$t/err")"; fi

# The usage as the docs show it (an indented block): pinfo's whole --help in
# docs/pinfo.md; the others' usage lines, "usage: " left out.
# block FILE FIRST-LINE-START: the indented block whose first line starts so,
# the indent taken off
block() {
	awk -v start="    $2" '
	!on && index($0, start) == 1 { on = 1 }
	on && !/^    / { exit }
	on { print substr($0, 5) }' "$1"
}
name="docs/pinfo.md pinfo --help"
"$build/pinfo" --help > "$t/out"
block docs/pinfo.md "USAGE: pinfo " > "$t/doc"
if [ -s "$t/doc" ] && cmp -s "$t/out" "$t/doc"; then pass; else fail "$(diff "$t/doc" "$t/out" | head -5)"; fi
# doc NAME FILE COMMAND LINES: the first LINES lines of COMMAND -h, less
# "usage: " (and as many spaces on the lines after), against FILE's block
doc() {
	name="$2 $1 usage"
	$3 -h | sed -n "1,$4p" | sed '1s/^usage: //; 2,$s/^       //' > "$t/out"
	block "$2" "$1 [" > "$t/doc"
	if [ -s "$t/doc" ] && cmp -s "$t/out" "$t/doc"; then pass; else fail "$(diff "$t/doc" "$t/out" | head -5)"; fi
}
doc profextract docs/dump-format.md "$build/profextract" 1
doc mkmap docs/pinfo.md "$build/mkmap" 1
doc qrun docs/running.md "sh scripts/qrun" 3

echo "host-cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
