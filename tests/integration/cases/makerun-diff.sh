# cases/makerun-diff.sh (sourced by run.sh): pinfo --diff tells a change from noise: two SPREAD=1 runs of one program at different seeds mark nothing, 50% more work in one function is marked.
#
# bench/graded.c, made a program by bench/wlplain.c (docs/accuracy.md's
# example), at about 2,000 samples: make run SPREAD=1 HZ=20000 at SEED=3
# and SEED=4 (ARGS=26), and at SEED=5 with multiply given 50% more work
# (ARGS="26 50", wl.h's wl_more; its share from 5.2% to about 7.6%).
# pinfo --diff --csv of the first two must mark no function significant
# (the same program, only the sample times differ), of the first and the
# third must mark multiply, its share grown by more than a point. The same
# binary each time: one map serves the three dumps. (Section 12 of
# docs/PERFORMANCE.md measures the rates over many seeds.)
name=makerun-diff
sd=$out/makerun-diff log=$out/makerun-diff.log dir=$sd
rm -rf "$sd" && mkdir -p "$sd"
diffrun() {	# diffrun TAG SEED ARGS: make run of graded, its dump kept as sd/TAG.pro
	$make --no-print-directory run PROG=graded=bench/graded.c,bench/wlplain.c SPREAD=1 HZ=20000 SEED="$2" \
		ARGS="$3" > "$sd/$1.log" 2>&1 && cp "$build/run/dumps/graded.pro" "$sd/$1.pro" ||
		{ fail "make run SEED=$2 ARGS=$3: $(tail -3 "$sd/$1.log")"; return 1; }
}
# marked CSV FN: 1 if the --diff CSV marks function FN significant, 0 if not, empty if absent
marked() { awk -F, -v f="$2" '$2 == f { print $6 }' "$1"; }
if diffrun s3 3 26 && diffrun s4 4 26 && diffrun more 5 "26 50" && cp "$build/run/graded.map" "$sd/graded.map"; then
	if ! "$build/pinfo" --diff --csv "$sd/same.csv" "$sd/s3.pro" "$sd/s4.pro" "$sd/graded.map" > "$sd/same.txt" 2>&1 ||
	   ! "$build/pinfo" --diff --csv "$sd/more.csv" "$sd/s3.pro" "$sd/more.pro" "$sd/graded.map" > "$sd/more.txt" 2>&1; then
		fail "pinfo --diff: $(cat "$sd/same.txt" "$sd/more.txt" | tail -3)"
	elif [ "$(marked "$sd/same.csv" multiply)$(marked "$sd/same.csv" branches)" != 00 ] ||
	     [ "$(awk -F, 'NR > 1 { n += $6 } END { print n + 0 }' "$sd/same.csv")" != 0 ]; then
		fail "two seeds of one program: a change marked: $(cat "$sd/same.csv")"
	elif [ "$(marked "$sd/more.csv" multiply)" != 1 ] ||
	     ! awk -F, '$2 == "multiply" { exit !($5 > 1) }' "$sd/more.csv"; then
		fail "multiply given 50% more work: not marked, or its share did not grow: $(cat "$sd/more.csv")"
	else
		pass "$(sed -n 's/^\(.*\) functions changed beyond noise.*/\1/p' "$sd/same.txt") and $(sed -n 's/^\(.*\) functions changed beyond noise.*/\1/p' "$sd/more.txt") marked"
	fi
fi
