#!/bin/sh
# bare.sh BUILD: make bare's run (ports/bare/run.sh) of the bare kernel
# (ports/bare/), at 4000 Hz for about 20,000 samples: the kernel ends
# cleanly; its own files read no header but its own and the module's
# prefixed ones; pinfo names its functions from the ELF file, at the addresses
# the ELF gives, with the code fingerprint matched; the three work
# functions' shares agree with their known instruction shares (1/7, 2/7,
# 4/7, ports/bare/work.c) within 4 binomial standard deviations; the
# report's ticks are the kernel's, and as many as the work's instructions
# give at the rate (at 19 Hz too); a second run, by make bare itself,
# gives the same dump byte for byte (BUILD must be make's, build); a
# capture without the dump, or with a cut one, fails loudly; a bad rate
# is refused by the kernel. One line per check, "N passed, N failed"
# last; non-zero status if any failed.
set -u
build=${1:-build}
out=$build/baretest
elf=$build/bare/kernel.elf
run=$build/bare/run
. tests/integration/check.sh
HZ=4000
rm -rf "$out"
mkdir -p "$out"

# bare NAME RATE [run.sh's options]: make bare's run at RATE Hz, its
# output in $out/NAME.out (stdout) and NAME.err; status run.sh's.
bare() {
	_n=$1 _hz=$2
	shift 2
	PROFKERN_HZ=$_hz PROFKERN_TIMEOUT=60 sh ports/bare/run.sh "$@" "$build" > "$out/$_n.out" 2> "$out/$_n.err"
}

name=bare-run
bare one $HZ
st=$?
if [ $st != 0 ]; then
	fail "status $st: $(cat "$out/one.err")"
	echo "$passed passed, $failed failed"
	exit 1
fi
cp "$run/serial.log" "$out/one.log" && cp "$run/dumps/bare.pro" "$out/one.pro"
log=$out/one.out
has "bare: " && pass "$(grep '^bare: ' "$log")"

name=bare-names
# Each work function's line at the address nm gives it in the ELF file, in
# the module kernel; and nothing on stderr (with --strict, a fingerprint
# that differed would be an error; a missing one, a note).
log=$out/one.out
ok=1
line_is "Module kernel" || ok=0
for f in work_one work_two work_four; do
	a=$(nm "$elf" | awk -v f="$f" '$3 == f { print tolower($1) }')
	if [ -z "$a" ]; then
		fail "no symbol $f in $elf"; ok=0
	elif ! grep -q "^0001:$a  *[0-9][0-9]* ([ 0-9.]*%)   $f\$" "$log"; then
		fail "no report line of $f at 0001:$a"; ok=0
	fi
done
if [ -s "$out/one.err" ]; then fail "pinfo said: $(cat "$out/one.err")"; ok=0; fi
[ $ok = 1 ] && pass "work_one, work_two, work_four at their ELF addresses, fingerprint matched"

name=bare-contract
# The kernel's own files reach the module through its contract alone: the
# headers their compilations read (the compiler's dependency files) are
# the kernel's own and the module's prefixed ones (profkern/...), and
# port.c reads profkern/port.h.
deps=$(for f in kernel machine port work; do cat "$build/bare/obj/ports/bare/$f.d"; done 2>/dev/null |
	tr ' \\' '\n\n' | sed -n 's/:$//; /\.h$/p' | sort -u)
other=$(printf '%s\n' "$deps" | grep -v '^ports/bare/\|^profiler/include/profkern/')
if [ -z "$deps" ]; then
	fail "no dependency files in $build/bare/obj/ports/bare/"
elif [ -n "$other" ]; then
	fail "headers from outside the contract: $other"
elif ! grep -q 'profiler/include/profkern/port\.h' "$build/bare/obj/ports/bare/port.d"; then
	fail "port.c does not read profkern/port.h"
else
	pass "$(printf '%s\n' "$deps" | wc -l) headers, ports/bare/ and profkern/ only"
fi

name=bare-shares
# Their ticks against 1/7, 2/7, 4/7 of their sum n, each within 4 standard
# deviations of a binomial count (at n = 20,000 about 1 point for 4/7).
r=$(awk '$NF ~ /^work_(one|two|four)$/ { t[$NF] = $2 }
	END {
		n = t["work_one"] + t["work_two"] + t["work_four"]
		if (n < 15000) { printf "only %d samples in the work\n", n; exit 1 }
		split("work_one work_two work_four", f, " ")
		bad = 0
		for (i = 1; i <= 3; i++) {
			p = 2 ^ (i - 1) / 7; got = t[f[i]] / n
			tol = 4 * sqrt(p * (1 - p) / n)
			printf "%s %.2f%% (want %.2f%% +- %.2f) ", f[i], 100 * got, 100 * p, 100 * tol
			if (got - p > tol || p - got > tol) bad = 1
		}
		printf "of %d\n", n
		exit bad
	}' "$out/one.out")
if [ $? = 0 ]; then pass "$r"; else fail "$r"; fi

name=bare-ticks
# Every tick of the run is in the report (the kernel profiles from the
# first tick to the last), and the ticks are the work's time at the rate:
# its instructions (ROUNDS rounds of 7 * UNIT iterations of 2, kernel.c
# and work.c) at 8 ns each (-icount shift=3), within 2% (the ticks' own
# instructions add about 0.3% at 4000 Hz). At 4000 Hz, then at 19 Hz, the
# slowest rate, whose longest periods must still fit the PIT's 16 bits.
rounds=$(sed -n 's/^#define ROUNDS[[:space:]]*\([0-9]*\).*/\1/p' ports/bare/kernel.c)
unit=$(sed -n 's/^#define UNIT[[:space:]]*\([0-9]*\).*/\1/p' ports/bare/work.c)
# ticks_ok OUTPUT HZ: the check on run.sh's OUTPUT at HZ; its note on stdout
ticks_ok() {
	_k=$(sed -n 's/^bare: \([0-9]*\) ticks at.*/\1/p' "$1")
	_sum=$(awk '/^0001:/ { s += $2 } END { print s + 0 }' "$1")
	_want=$(awk -v r="$rounds" -v u="$unit" -v hz="$2" 'BEGIN { printf "%.1f", r * 7 * u * 2 * 8e-9 * hz }')
	if [ -z "$_k" ] || [ -z "$rounds" ] || [ -z "$unit" ]; then
		echo "ticks '$_k', ROUNDS '$rounds', UNIT '$unit'"; return 1
	elif [ "$_sum" != "$_k" ]; then
		echo "at $2 Hz the report's ticks add up to $_sum, the kernel counted $_k"; return 1
	elif awk -v k="$_k" -v w="$_want" 'BEGIN { exit !(k < w * 0.98 || k > w * 1.02) }'; then
		echo "$_k ticks at $2 Hz, the work's instructions give $_want"; return 1
	fi
	echo "$_k ticks at $2 Hz, all in the report, the work's instructions give $_want"
}
if ! r1=$(ticks_ok "$out/one.out" $HZ); then
	fail "$r1"
elif ! bare slow 19; then
	fail "at 19 Hz: $(cat "$out/slow.err")"
elif ! r2=$(ticks_ok "$out/slow.out" 19); then
	fail "$r2"
else
	pass "$r1; $r2"
fi

name=bare-deterministic
# make bare itself this time (its HZ= reaches the kernel), into build/.
${MAKE:-make} --no-print-directory bare HZ=$HZ > "$out/two.out" 2> "$out/two.err"
st=$?
if [ $st != 0 ]; then
	fail "make bare HZ=$HZ: status $st: $(cat "$out/two.err")"
elif ! grep -q "^bare: [0-9]* ticks at $HZ Hz\$" "$out/two.out"; then
	fail "make bare HZ=$HZ did not run at $HZ Hz: $(grep '^bare: ' "$out/two.out")"
elif ! cmp -s "$out/one.pro" "$run/dumps/bare.pro"; then
	fail "two runs, two dumps: $(cmp "$out/one.pro" "$run/dumps/bare.pro")"
elif ! cmp -s "$out/one.log" "$run/serial.log"; then
	fail "two runs, two serial captures"
else
	pass "two runs, the same dump ($(wc -c < "$out/one.pro") bytes) and capture"
fi

name=bare-nodump
# The capture without the frame's lines, then with its end cut off:
# run.sh -report fails, naming what is missing; no report is printed.
grep -av '^@PDUMP1\|^[A-Za-z0-9+/=]*$' "$out/one.log" > "$run/serial.log"
if bare nodump $HZ -report; then
	fail "a capture without the dump passed"
elif ! grep -q "^make bare: no dump bare.pro in " "$out/nodump.err" || [ -s "$out/nodump.out" ]; then
	fail "not said: $(cat "$out/nodump.err" "$out/nodump.out")"
else
	grep -av '^@PDUMP1 END' "$out/one.log" > "$run/serial.log"
	if bare cut $HZ -report; then
		fail "a capture with a cut dump passed"
	elif ! grep -q "bare.pro" "$out/cut.err" || [ -s "$out/cut.out" ]; then
		fail "the cut frame not named: $(cat "$out/cut.err" "$out/cut.out")"
	else
		pass "$(cat "$out/nodump.err"); $(head -1 "$out/cut.err")"
	fi
fi

name=bare-badhz
# The kernel checks its rate: hz=5 is refused on COM1, and the run fails.
if bare badhz 5; then
	fail "hz=5 ran"
elif ! grep -q '^bare: hz= must be a number from 19 to 20000$' "$out/badhz.out"; then
	fail "not refused by the kernel: $(cat "$out/badhz.out" "$out/badhz.err")"
else
	pass "$(cat "$out/badhz.out"); $(cat "$out/badhz.err")"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
