#!/bin/sh
# pinfo_bounds.sh BUILD: pinfo's memory is bounded by its inputs, not by its
# output (docs/security.md, section 4). bench/genstacks forges a dump of 500
# deep stacks (200 frames) through 64 functions of 1,000-byte names: 190 KB
# of dump and 65 KB of map, whose folded stacks, SVG and HTML flame graphs
# are 100 MB each. Each view must write it all with a peak (resident, by
# /usr/bin/time) at most BOUNDS_SLACK_KB (8 MB) above its own peak on the
# same dump with 8-byte names, whose output is 1 MB: a view that held its
# output would need 100 MB more. And bench/gendump's 3 KB dump of 1,000
# samples over a 16 MiB segment, whose -e -z lists each of its 4 Mi
# counters (120 MB), must peak as its -e does (16 MB of counters decoded,
# a 30 KB listing). And time: 1,000 stacks of 255 frames through one name
# of 4,096 bytes (a 260 KB dump; each view's output 1 MB or less) must take
# each view at most 4 times its time with a name of 8 bytes, plus 0.5 s
# (before, each view hashed and compared the name at each frame: 1.9 to
# 2.8 s against 0.03 to 0.08, and --folded made 1 GB of lines). Plain build only (the
# sanitizers' memory and time are their own); every run under a 2 GiB
# address-space limit.
set -u
build=${1:-build}
slack=${BOUNDS_SLACK_KB:-8192}
gen=$build/bench/genstacks pinfo=$build/pinfo
case $pinfo in /*) ;; *) pinfo=$(pwd)/$pinfo ;; esac
passed=0 failed=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { failed=$((failed + 1)); echo "FAIL pinfo-bounds $*"; }

[ -x /usr/bin/time ] || { echo "FAIL pinfo-bounds: no /usr/bin/time (Debian's time)"; exit 1; }
mkdir "$t/long" "$t/short"
"$gen" 1000 64 500 200 "$t/long/deep.pro" "$t/long/deep.sym" > /dev/null &&
"$gen" 8 64 500 200 "$t/short/deep.pro" "$t/short/deep.sym" > /dev/null || {
	echo "FAIL pinfo-bounds: genstacks"; exit 1; }

ulimit -v 2097152
# peak DIR ARGS...: pinfo's peak in KB, pinfo ARGS run in DIR (a view's
# file, if any, is DIR/out; standard output DIR/stdout); status 0 wanted
peak() {
	dir=$1
	shift
	rm -f "$dir/out"
	if ! (cd "$dir" && /usr/bin/time -f '%M %e' -o kb "$pinfo" "$@" > stdout 2> stderr); then
		echo "x"
		return
	fi
	cut -d' ' -f1 "$dir/kb"
}

# secs DIR ARGS...: as peak, the wall time in seconds
secs() {
	[ "$(peak "$@")" = x ] && { echo x; return; }
	cut -d' ' -f2 "$1/kb"
}

for view in "--folded out" "--flamegraph out" "--html out" "--pprof out" "-g" "-e" "-z -t" \
	    "--sort=name" "--top 5"; do
	# shellcheck disable=SC2086
	long=$(peak "$t/long" $view deep.pro deep.sym)
	# shellcheck disable=SC2086
	short=$(peak "$t/short" $view deep.pro deep.sym)
	if [ "$long" = x ] || [ "$short" = x ]; then
		fail "$view: pinfo failed: $(grep -hv 'note:' "$t/long/stderr" "$t/short/stderr" | head -2)"
		continue
	fi
	case $view in --folded*|--flamegraph*|--html*)
		size=$(wc -c < "$t/long/out")
		if [ "$size" -lt 100000000 ]; then
			fail "$view: $size bytes written, wanted 100 MB or more"
			continue
		fi ;;
	esac
	if [ "$long" -gt $((short + slack)) ]; then
		fail "$view: peak $long KB with 1,000-byte names, $short KB with 8-byte names (more than $slack KB above)"
		continue
	fi
	passed=$((passed + 1))
done
mkdir "$t/big"
"$build/bench/gendump" BIG 0 16777216 1000 "$t/big/big.pro" > /dev/null || {
	echo "FAIL pinfo-bounds: gendump"; exit 1; }
ez=$(peak "$t/big" -e -z big.pro) size=$(wc -c < "$t/big/stdout")
e=$(peak "$t/big" -e big.pro)
if [ "$ez" = x ] || [ "$e" = x ]; then
	fail "-e -z: pinfo failed: $(head -2 "$t/big/stderr")"
elif [ "$size" -lt 100000000 ]; then
	fail "-e -z: $size bytes printed, wanted 100 MB or more"
elif [ "$ez" -gt $((e + slack)) ]; then
	fail "-e -z: peak $ez KB printing every counter, $e KB with -e (more than $slack KB above)"
else
	passed=$((passed + 1))
fi
mkdir "$t/slow" "$t/quick"
"$gen" 4096 1 1000 255 "$t/slow/deep.pro" "$t/slow/deep.sym" > /dev/null &&
"$gen" 8 1 1000 255 "$t/quick/deep.pro" "$t/quick/deep.sym" > /dev/null || {
	echo "FAIL pinfo-bounds: genstacks"; exit 1; }
for view in "--folded out" "--flamegraph out" "--html out" "--pprof out" "-g"; do
	# shellcheck disable=SC2086
	long=$(secs "$t/slow" $view deep.pro deep.sym)
	# shellcheck disable=SC2086
	short=$(secs "$t/quick" $view deep.pro deep.sym)
	if [ "$long" = x ] || [ "$short" = x ]; then
		fail "$view (time): pinfo failed: $(grep -hv 'note:' "$t/slow/stderr" "$t/quick/stderr" | head -2)"
	elif awk -v l="$long" -v s="$short" 'BEGIN { exit !(l > 4 * s + 0.5) }'; then
		fail "$view: $long s through a name of 4,096 bytes, $short s through one of 8"
	else
		passed=$((passed + 1))
	fi
done
echo "pinfo-bounds: $passed passed, $failed failed"
[ "$failed" = 0 ]
