#!/bin/sh
# smptick.sh BUILD: the plugin of docs/PERFORMANCE.md's section 13
# (bench/smptick.c): each CPU's ticks as the kernel counts them; its
# tick's instructions as bench/tickcost.c measures them with the TSC; the
# same counts instruction by instruction (exact=1) and under ASan and
# UBSan; its refusal of bad arguments. One line per check, "N passed, N
# failed" last; non-zero status if any failed.
# shellcheck disable=SC2086 # $demo: the kernel and its programs, words
set -u
build=${1:-build}
out=$build/smptest
. tests/integration/check.sh
plugin=$build/bench/smptick.so
sym() { nm "$build/kernel.elf" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
args="lo=$(sym irq0_text),hi=$(sym irq0_text_end),mark=$(sym irq0_dword)"
for e in irq0_fast irq0_fixed smp_tick0 smp_tick smp_rtick; do args="$args,entry=$(sym $e)"; done

rm -rf "$out"
mkdir -p "$out"

# run NAME PLUGIN EXTRA QRUN-ARGS...: a run in $out/run (one folder for all,
# so that the modules' paths, and the boot, are the same), its counts kept
# as $out/NAME.txt and its serial capture as $out/NAME.log; on failure,
# status 1 and the reason in $out/NAME.err.
run() {
	_n=$1 _p=$2 _x=$3
	shift 3
	rm -rf "$out/run"
	sh scripts/qrun -kernel -quiet -o "$out/run" -timeout 60 -plugin "$_p,$args$_x,out=$out/run/counts.txt" "$@" \
		> "$out/$_n.out" 2>&1 || { echo "qrun: $(tail -3 "$out/$_n.out")" > "$out/$_n.err"; return 1; }
	cp "$out/run/counts.txt" "$out/$_n.txt" && cp "$out/run/serial.log" "$out/$_n.log"
}
demo="$build/kernel.elf $build/user/testprof.elf $build/user/cmd.elf"

# ---- two CPUs: each one's ticks, and the instructions of its ticks --------------
name=smptick-ticks
# The kernel's "cpu N: S samples, ..., L late, ..." at its shutdown,
# against the plugin's entries (with turns=0, each CPU its own timer:
# smp_tick0 on the first CPU, smp_tick on the second): S, within one (a
# tick may come after the line), for every period is a tick of its own,
# those taken late (L) too: each sends the next one at once. Each a tick's
# instructions in a plausible range. Then the same with the turns (the
# default; smp_rtick on both), two workers busy on the two CPUs.
if ! run two "$plugin" "" -cpus 2 -append turns=0 $demo; then
	fail "$(cat "$out/two.err")"
else
	if ! grep -q '^check vcpus=2 bad_vcpu=0 threads=1 ' "$out/two.txt"; then
		fail "the plugin's checks: $(grep '^check' "$out/two.txt")"
	elif awk 'FILENAME ~ /txt$/ && $1 == "cpu" { e[$2] = $8; t[$2] = $6; n++ }
		FILENAME ~ /log$/ && match($0, /kernel: cpu [01]: /) { $0 = substr($0, RSTART); c = $3 + 0; s[c] = $4; m[c] = $10; k++ }
		END {
			if (n != 2 || k != 2) { print n " counts, " k " kernel lines"; exit 1 }
			for (c = 0; c < 2; c++) {
				want = s[c]
				if (e[c] < 100 || e[c] > want + 1 || e[c] < want - 1) { print "cpu " c ": " e[c] " entries, kernel " s[c] " samples " m[c] " late"; exit 1 }
				if (t[c] < 15 * e[c] || t[c] > 200 * e[c]) { print "cpu " c ": " t[c] " instructions in " e[c] " ticks"; exit 1 }
			}
		}' "$out/two.txt" "$out/two.log" > "$out/ticks.err"; then
		pass "$(awk '$1 == "cpu" { printf "cpu %s %s ticks, %.1f instructions each; ", $2, $8, $6 / $8 }' "$out/two.txt")"
	else
		fail "$(cat "$out/ticks.err")"
	fi
fi
name=smptick-turns
printf 'start worker 2\nworker 2\nwait\n' > "$out/turns.cmd"
if ! run turns "$plugin" "" -cpus 2 -batch "$out/turns.cmd" "$build/kernel.elf" "$build/user/worker.elf" \
	"$build/user/cmd.elf"; then
	fail "$(cat "$out/turns.err")"
elif awk 'FILENAME ~ /txt$/ && $1 == "cpu" { e[$2] = $8; t[$2] = $6; n++ }
	FILENAME ~ /log$/ && match($0, /kernel: cpu [01]: /) { $0 = substr($0, RSTART); c = $3 + 0; s[c] = $4; k++ }
	END { if (n != 2 || k != 2) { print n " counts, " k " kernel lines"; exit 1 }
	      for (c = 0; c < 2; c++)
		if (e[c] < 100 || e[c] > s[c] + 1 || e[c] < s[c] - 1 || t[c] < 15 * e[c] || t[c] > 200 * e[c]) {
			print "cpu " c ": " e[c] " entries, " t[c] " instructions, kernel " s[c] " samples"; exit 1 } }' \
	"$out/turns.txt" "$out/turns.log" > "$out/turns.err"; then
	pass "$(awk '$1 == "cpu" { printf "cpu %s %s ticks, %.1f instructions each; ", $2, $8, $6 / $8 }' "$out/turns.txt")"
else
	fail "$(cat "$out/turns.err")"
fi

name=smptick-exact
# Blocks counted whole would count the instructions after the tick's local
# APIC stores (the EOI, the timer's count or the self-IPI) twice: the tick's instructions
# must be those counted one by one, to the instruction, on both CPUs.
if ! run exact "$plugin" ",exact=1" -cpus 2 -append turns=0 $demo; then
	fail "$(cat "$out/exact.err")"
else
	a=$(awk '$1 == "cpu" { print $2, $6, $8 }' "$out/two.txt")
	b=$(awk '$1 == "cpu" { print $2, $6, $8 }' "$out/exact.txt")
	if [ -n "$a" ] && [ "$a" = "$b" ]; then pass "$(echo "$a" | tr '\n' ';')"
	else fail "blocks: $(echo "$a" | tr '\n' ';') one by one: $(echo "$b" | tr '\n' ';')"; fi
fi

name=smptick-san
# The plugin built with ASan and UBSan (their runtime preloaded into QEMU):
# the same run, the same counts to the byte.
asan=$(cc -print-file-name=libasan.so)
if [ ! -f "$build/san/bench/smptick.so" ] || [ ! -e "$asan" ]; then
	fail "no sanitized plugin ($build/san/bench/smptick.so) or no $asan"
elif ! (LD_PRELOAD=$asan ASAN_OPTIONS=detect_leaks=0; export LD_PRELOAD ASAN_OPTIONS
	run san "$build/san/bench/smptick.so" "" -cpus 2 -append turns=0 $demo); then
	fail "$(cat "$out/san.err")"
elif cmp -s "$out/san.txt" "$out/two.txt"; then
	pass "the same $(wc -l < "$out/san.txt") lines"
else
	fail "the counts differ: $(diff "$out/san.txt" "$out/two.txt" | head -5)"
fi

# ---- one CPU: the tick against bench/tickcost.c's --------------------------------
name=smptick-tickcost
# tickcost times its ticks with the TSC; its three rows whose ring-3 ticks
# run irq0_dword (a user profile, the system profile with 1 and with 25
# processes) are the ticks the plugin's mark counts: their mean, weighted
# by their ticks, within 0.1 of the plugin's (tickcost prints tenths).
if ! run tickcost "$plugin" "" "$build/kernel.elf" "$build/user/tickcost.elf" "$build/user/cmd.elf"; then
	fail "$(cat "$out/tickcost.err")"
else
	tc=$(awk 'match($0, /^tickcost: (user profile on|system profile on, 1 process|system profile on, 25 processes)  /) {
		n = $(NF - 1); sub(/\(/, "", n); s += $(NF - 5) * n; k += n } END { if (k) printf "%.2f", s / k }' "$out/tickcost.log")
	pl=$(awk '$1 == "marked" && $2 == 0 && $5 > 0 { printf "%.2f", $7 / $5 }' "$out/tickcost.txt")
	if [ -n "$tc" ] && [ -n "$pl" ] && awk -v a="$tc" -v b="$pl" 'BEGIN { d = a - b; exit !(d <= 0.1 && d >= -0.1) }'; then
		pass "tickcost $tc instructions a tick, the plugin $pl"
	else
		fail "tickcost '$tc' instructions a tick, the plugin '$pl'"
	fi
fi

# ---- bad arguments: QEMU does not start, nothing is written -------------------------
lo=$(sym irq0_text) hi=$(sym irq0_text_end) fast=$(sym irq0_fast)
nine="lo=$lo,hi=$hi"
for i in 1 2 3 4 5 6 7 8 9; do nine="$nine,entry=$((fast + i))"; done
for bad in "lo=$lo,hi=$hi,entry=$fast,bogus=1" "lo=$lo,entry=$fast" "lo=$hi,hi=$lo,entry=$fast" "lo=$lo,hi=$hi" \
	"lo=$lo,hi=$hi,entry=0x100" "lo=$lo,hi=$hi,entry=$fast,mark=0x100" "lo=$lo,hi=$hi,entry=$fast,entry=$fast" \
	"lo=$lo,hi=$hi,entry=$fast,exact=2" "lo=$lo,hi=1x,entry=$fast" "$nine" "lo=$lo,hi=$hi,entry=$fast,noout"; do
	name="smptick-refuses '$bad'"
	d=$out/bad
	rm -rf "$d"
	mkdir -p "$d"
	spec="$plugin,$bad"
	case $bad in *noout) spec="$plugin,${bad%,noout}" ;; *) spec="$spec,out=$d/counts.txt" ;; esac
	sh scripts/qrun -kernel -quiet -o "$d" -timeout 30 -plugin "$spec" $demo > "$d/qrun.out" 2>&1
	st=$?
	if [ "$st" = 5 ] && grep -q 'smptick: ' "$d/qrun.out" && [ ! -e "$d/counts.txt" ]; then
		pass "$(grep -o 'smptick: .*' "$d/qrun.out" | head -1)"
	else
		fail "qrun status $st, wanted 5 with the plugin's message and no output: $(cat "$d/qrun.out")"
	fi
done

echo "smptick: $passed passed, $failed failed"
[ "$failed" = 0 ]
