#!/bin/sh
# truth.sh BUILD: the instruction-count plugin (bench/truth/insncount.c),
# the benchmark's ground truth, against counts known by construction
# (bench/truth/exact.c): every function of every process exactly, with
# profiling turned on and off and two processes of the same code preempted
# in turn; and its refusal of bad arguments. Runs no 32-bit host program. One line per check,
# "N passed, N failed" last; non-zero status if any failed.
set -u
build=${1:-build}
out=$build/truthtest
passed=0 failed=0
plugin=$build/bench/truth/insncount.so
args=$(cat "$build/bench/truth/plugin.args")

pass() { passed=$((passed + 1)); echo "PASS $name${1:+ ($1)}"; }
fail() { failed=$((failed + 1)); echo "FAIL $name: $*"; }
rm -rf "$out"
mkdir -p "$out"

# ---- the counts, by construction ----------------------------------------------
name=truth-exact
if sh bench/truth/exact.sh "$build" "$out/exact" 2> "$out/exact.err"; then
	lines=$(wc -l < "$out/exact/exact.txt")
	pids=$(cut -d' ' -f1 "$out/exact/exact.txt" | sort -u | wc -l)
	bad=$(awk '$3 != $4' "$out/exact/exact.txt")
	if [ "$lines" = 18 ] && [ "$pids" = 3 ] && [ -z "$bad" ]; then
		pass "18 functions of 3 processes, each count exact"
	else
		fail "$lines lines, $pids processes; differing (pid function analytic counted): $bad"
	fi
else
	fail "$(cat "$out/exact.err")"
fi

name=truth-checks
c=$out/exact/counts.txt
if grep -q '^check anchored=1 kernel_mismatch=0 image_mismatch=0 bad_reads=0 changes=' "$c" 2>/dev/null; then
	changes=$(sed -n 's/^check .* changes=\([0-9]*\)$/\1/p' "$c")
	# the two processes at once were preempted in turn (10 ms quanta, each
	# runs about 100 ms): the counts above held across many switches.
	if [ "$changes" -ge 10 ]; then pass "$changes changes of process or window"
	else fail "only $changes changes of process or window: no preemption was tested"; fi
else
	fail "the plugin's checks: $(grep '^check ' "$c" 2>/dev/null || echo 'no output')"
fi

name=truth-window
# The profiled process ran count4(1000) before ProfOn and after ProfOff:
# 2 * 4002 instructions outside the window, none of them in count4's count.
pid=$(sed -n 's/^exact: pid=\([0-9]*\) n4=1000000 .*/\1/p' "$out/exact/serial.log" 2>/dev/null)
user_out=$(awk -v p="$pid" '$1 == "proc" && $2 == p { print $7 }' "$c" 2>/dev/null)
if [ -n "$pid" ] && [ -n "$user_out" ] && [ "$user_out" -ge 8004 ]; then
	pass "$user_out ring-3 instructions outside the window, none counted in it"
else
	fail "pid '$pid', ring-3 instructions outside the window '$user_out' (wanted at least 8004)"
fi

name=truth-san
# The plugin again, built with ASan and UBSan (their runtime preloaded into
# QEMU): the same run, the same counts to the byte, but for the kernel's
# boot before the first process (pid -1), which reads the modules' names:
# their paths, under another folder, have another length.
asan=$(cc -print-file-name=libasan.so)
if [ ! -f "$build/san/bench/truth/insncount.so" ] || [ ! -e "$asan" ]; then
	fail "no sanitized plugin ($build/san/bench/truth/insncount.so) or no $asan"
elif LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0 TRUTH_PLUGIN=$build/san/bench/truth/insncount.so \
	sh bench/truth/exact.sh "$build" "$out/san" 2> "$out/san.err"; then
	grep -v '^proc -1 ' "$out/san/counts.txt" > "$out/san/counts.cmp"
	grep -v '^proc -1 ' "$out/exact/counts.txt" > "$out/exact/counts.cmp"
	if [ -s "$out/san/counts.cmp" ] && cmp -s "$out/san/counts.cmp" "$out/exact/counts.cmp"; then
		pass "the same $(wc -l < "$out/san/counts.cmp") lines"
	else
		fail "the counts differ from the plain plugin's: $(diff "$out/san/counts.cmp" "$out/exact/counts.cmp" | head -5)"
	fi
else
	fail "$(cat "$out/san.err")"
fi

# ---- bad arguments: QEMU does not start, nothing is written ---------------------
for bad in "$args,bogus=1" "mark=0x100c2c" "$args,ram=12x" "$args,klo=0x200000" "$args,ram=4096" ""; do
	name="truth-refuses '$(echo "${bad:-no out=}" | sed "s/^$args/ARGS/")'"
	d=$out/bad
	rm -rf "$d"
	mkdir -p "$d"
	spec="$plugin${bad:+,$bad}"
	[ -n "$bad" ] && spec="$spec,out=$d/counts.txt"
	sh host-tools/qrun -kernel -quiet -o "$d" -timeout 30 -plugin "$spec" \
		"$build/kernel.elf" "$build/user/exact.elf" "$build/user/cmd.elf" > "$d/qrun.out" 2>&1
	st=$?
	if [ "$st" = 5 ] && grep -q 'insncount: ' "$d/qrun.out" && [ ! -e "$d/counts.txt" ]; then
		pass "$(grep -o 'insncount: .*' "$d/qrun.out" | head -1)"
	else
		fail "qrun status $st, wanted 5 with the plugin's message and no output: $(cat "$d/qrun.out")"
	fi
done

echo "truth: $passed passed, $failed failed"
[ "$failed" = 0 ]
