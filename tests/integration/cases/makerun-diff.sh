# cases/makerun-diff.sh (sourced by run.sh): pinfo --diff tells a change from noise: two SPREAD=1 runs of one program at different seeds mark nothing, 50% more work in one function is marked.
#
# One program of two functions called in turn, grows doing ARGS percent
# more work than its base: make run SPREAD=1 at SEED=3 and SEED=4 (ARGS=0),
# and at SEED=5 with ARGS=50 (grows's share from a third to about 43%).
# pinfo --diff --csv of the first two must mark no function significant
# (the same program, only the sample times differ), of the first and the
# third must mark grows, and its share must have grown. The same binary
# each time: one map serves the three dumps.
name=makerun-diff
sd=$out/makerun-diff log=$out/makerun-diff.log dir=$sd
rm -rf "$sd" && mkdir -p "$sd"
printf '%s\n' '#include <stdlib.h>' 'volatile unsigned sink;' \
	'__attribute__((noinline)) void steady(unsigned n) { for (unsigned i = 0; i < n; i++) sink += i; }' \
	'__attribute__((noinline)) void grows(unsigned n) { for (unsigned i = 0; i < n; i++) sink ^= i; }' \
	'int main(int argc, char **argv)' \
	'{' \
	'	unsigned more = argc > 1 ? (unsigned)atoi(argv[1]) : 0;' \
	'	for (int r = 0; r < 400; r++) { steady(20000); grows(10000 + 100 * more); }' \
	'	return 0;' \
	'}' > "$sd/twofn.c"
diffrun() {	# diffrun TAG SEED ARGS: make run of twofn, its dump kept as sd/TAG.pro
	$make --no-print-directory run PROG="$sd/twofn.c" SPREAD=1 HZ=5000 SEED="$2" ARGS="$3" > "$sd/$1.log" 2>&1 &&
		cp "$build/run/dumps/twofn.pro" "$sd/$1.pro" ||
		{ fail "make run SEED=$2 ARGS=$3: $(tail -3 "$sd/$1.log")"; return 1; }
}
# marked CSV FN: 1 if the --diff CSV marks function FN significant, 0 if not, empty if absent
marked() { awk -F, -v f="$2" '$2 == f { print $6 }' "$1"; }
if diffrun s3 3 0 && diffrun s4 4 0 && diffrun more 5 50 && cp "$build/run/twofn.map" "$sd/twofn.map"; then
	if ! "$build/pinfo" --diff --csv "$sd/same.csv" "$sd/s3.pro" "$sd/s4.pro" "$sd/twofn.map" > "$sd/same.txt" 2>&1 ||
	   ! "$build/pinfo" --diff --csv "$sd/more.csv" "$sd/s3.pro" "$sd/more.pro" "$sd/twofn.map" > "$sd/more.txt" 2>&1; then
		fail "pinfo --diff: $(cat "$sd/same.txt" "$sd/more.txt" | tail -3)"
	elif [ "$(marked "$sd/same.csv" steady)$(marked "$sd/same.csv" grows)" != 00 ] ||
	     [ "$(awk -F, 'NR > 1 { n += $6 } END { print n + 0 }' "$sd/same.csv")" != 0 ]; then
		fail "two seeds of one program: a change marked: $(cat "$sd/same.csv")"
	elif [ "$(marked "$sd/more.csv" grows)" != 1 ] ||
	     ! awk -F, '$2 == "grows" { exit !($5 > 5) }' "$sd/more.csv"; then
		fail "grows given 50% more work: not marked, or its share did not grow: $(cat "$sd/more.csv")"
	else
		pass "$(sed -n 's/^\(.*\) functions changed beyond noise.*/\1/p' "$sd/same.txt") and $(sed -n 's/^\(.*\) functions changed beyond noise.*/\1/p' "$sd/more.txt") marked"
	fi
fi
