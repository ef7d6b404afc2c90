#!/bin/sh
# truth.sh BUILD: the instruction-count plugin (bench/truth/insncount.c),
# the benchmark's ground truth, against counts known by construction
# (bench/truth/exact.c): every function of every process exactly, with
# profiling turned on and off and two processes of the same code preempted
# in turn; and its refusal of bad arguments. And section 11's measure of
# the C library's share: its names (bench/libcfuncs.awk), and one program
# on newlib whose profile agrees with the plugin and whose lines are the
# host's. And section 9 where callgrind cannot run: not measured, nothing
# run. Runs no 32-bit host program. One line per check,
# "N passed, N failed" last; non-zero status if any failed.
set -u
build=${1:-build}
out=$build/truthtest
. tests/integration/check.sh
plugin=$build/bench/truth/insncount.so
args=$(cat "$build/bench/truth/plugin.args")

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

# ---- the C library's share (docs/PERFORMANCE.md section 11) ---------------------
name=truth-libc-names
# bench/libcfuncs.awk on the names newlib 3.3.0 and glibc 2.36 give their
# allocators and string functions, and on names it must leave alone (the
# program's own, other library code whose names look alike).
printf '%s\n' "_malloc_r 100" "_free_r 100" "_realloc_r 100" "__malloc_lock 1" "__malloc_unlock 1" "_sbrk_r 1" \
	"sbrk 1" "_malloc_trim_r 1" "malloc 10" "free 10" "_int_malloc 100" "_int_free 100" "malloc_consolidate 10" \
	"unlink_chunk.constprop.0 10" "systrim.constprop.0 1" "tcache_init.part.0 1" "__glibc_morecore 1" \
	"__libc_calloc 10" "_int_realloc 10" "realloc 10" \
	"strcmp 1000" "__strcmp_avx2 1000" "__memmove_avx_unaligned_erms 1000" "memchr 1000" "strnlen 1000" \
	"__strcspn_sse42 1000" "_strdup_r 1000" "strtok_r 1000" "index 1000" "__stpcpy_avx2 1000" \
	"_Bfree 7" "tree_free 7" "strtol 7" "_strtol_r 7" "memoize 7" "main 7" "freelist_push 7" "freeze 7" \
	> "$out/names.txt"
got=$(awk -f bench/libcfuncs.awk "$out/names.txt" | head -1)
if [ "$got" = "total 10634 alloc 578 string 10000" ]; then pass "$got"
else fail "got '$got', wanted 'total 10634 alloc 578 string 10000'"; fi

name=truth-libc-run
# bench/allocs.c built on newlib as make run builds a program, run as it
# runs one (profrun) under the plugin, in one run: the allocator's share of
# the ticks within a point of its share of the instructions, newlib's
# malloc and free counted under their own names, and the lines it prints
# those of the same source built for the host on glibc.
if (build=$build out=$out; . bench/lib.sh; . bench/accuracy.sh; . bench/libc.sh
	libc_guest allocs 1 "$out/libc") > "$out/libc.err" 2>&1; then
	d=$out/libc
	"$build/pinfo" "$d/allocs.pro" "$d/allocs.map" |
		awk '/^Module / { m = $2 } m == "ALLOCS" && $1 ~ /^[0-9a-f]+:[0-9a-f]+$/ && NF >= 4 { print $NF, $2 }' > "$d/ticks.txt"
	nm -n --defined-only "$build/bench/nl/allocs.elf" | awk -v pid="$(awk '$1 == "proc" && $3 == "allocs" && $5 > 0 { print $2 }' "$d/counts.txt")" \
		-v space=user -v ubase="$(tr ',' '\n' < "$build/bench/truth/plugin.args" | sed -n 's/^ubase=//p')" \
		-f scripts/lib/hex.awk -f bench/truth/funcs.awk - "$d/counts.txt" > "$d/insns.txt"
	tshare=$(awk -f bench/libcfuncs.awk "$d/ticks.txt" | awk 'NR == 1 { printf "%.2f", $2 ? 100 * $4 / $2 : 0 }')
	ishare=$(awk -f bench/libcfuncs.awk "$d/insns.txt" | awk 'NR == 1 { printf "%.2f", $2 ? 100 * $4 / $2 : 0 }')
	mf=$(awk '($1 == "_malloc_r" || $1 == "_free_r") && $2 > 1000000' "$d/insns.txt" | wc -l)
	"$build/bench/nl/host/allocs" 1 > "$d/host.stdout" 2>&1
	tr -d '\r' < "$d/serial.log" | grep '^round [0-9]*: ' > "$d/guest.stdout"
	if [ "$mf" = 2 ] && awk -v t="$tshare" -v i="$ishare" 'BEGIN { d = t - i; exit !(i > 5 && d <= 1 && d >= -1) }' &&
		[ -s "$d/guest.stdout" ] && cmp -s "$d/guest.stdout" "$d/host.stdout"; then
		pass "allocator $tshare% of the ticks, $ishare% of the instructions; the host's lines"
	else
		fail "allocator $tshare% of the ticks against $ishare% of the instructions, _malloc_r and _free_r counted: $mf of 2; lines: $(diff "$d/guest.stdout" "$d/host.stdout" | head -3)"
	fi
else
	fail "$(cat "$out/libc.err")"
fi

# ---- section 9 where callgrind cannot run: not measured, nothing run --------------
name=stacks-no-callgrind
d=$out/stk
mkdir -p "$d"
(
	out=$d
	. bench/lib.sh
	. bench/accuracy.sh
	. bench/stacks.sh
	boot() { echo "$1" >> "$out/booted"; mkdir -p "$1"; }
	stacks_accuracy "this host cannot run 32-bit x86 programs"
) > "$d/log" 2>&1
if [ ! -e "$d/booted" ] && grep -q '^Not measured: this host cannot run 32-bit x86 programs' "$d/stacks-acc.md" &&
	grep -q '^9|| stacks: inclusive shares.* | — | .* | not measured |$' "$d/targets.txt" &&
	! grep -q 'not met' "$d/targets.txt" "$d/stacks-acc.md"; then
	pass "the table and its target: not measured"
else
	fail "booted: $(cat "$d/booted" 2>/dev/null); table: $(head -3 "$d/stacks-acc.md" 2>/dev/null); targets: $(cat "$d/targets.txt" 2>/dev/null); $(tail -3 "$d/log")"
fi

# ---- bad arguments: QEMU does not start, nothing is written ---------------------
for bad in "$args,bogus=1" "mark=0x100c2c" "$args,ram=12x" "$args,klo=0x200000" "$args,ram=4096" ""; do
	name="truth-refuses '$(echo "${bad:-no out=}" | sed "s/^$args/ARGS/")'"
	d=$out/bad
	rm -rf "$d"
	mkdir -p "$d"
	spec="$plugin${bad:+,$bad}"
	[ -n "$bad" ] && spec="$spec,out=$d/counts.txt"
	sh scripts/qrun -kernel -quiet -o "$d" -timeout 30 -plugin "$spec" \
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
