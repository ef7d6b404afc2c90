# caldiff.sh: does `pinfo --diff` tell a change from noise (docs/accuracy.md,
# "Telling a change from noise"; docs/PERFORMANCE.md section 12)? Sourced by
# bench/calibrate.sh, whose dumps it uses. Each workload's seeds, taken in
# pairs (1 and 2, 3 and 4...), are two runs of one program that differ
# only in the jitter's seed: every function `pinfo --diff --csv` marks
# significant in such a pair is a false alarm. Then graded runs with 50%
# (and 10%) more work in multiply (`graded plain SCALE 50`, wl.h's
# wl_more) at other seeds, each diffed against graded at one of the first
# seeds: the detection rate is the fraction of those pairs where multiply
# is marked.

CAL_MORE_FN=multiply
# The first is the target's; the second shows a change near the noise.
CAL_MORE_PCTS="50 10"

# cal_plain W SCALE DIR SEED [MORE]: one boot of profrun W plain SCALE [MORE],
# as make run profiles (with the trace), at CAL_RATE (default CAL_HZ).
cal_plain() {
	boot "$3" "${CAL_RATE:-$CAL_HZ}" "1 seed=$4" "profrun $1 plain $2${5:+ $5}" "$1" profrun
	[ -f "$3/$1.pro" ] || die "calibration: $1 seed $4: no dump: $(tail -3 "$3/serial.log")"
}

# cal_flags KIND MODE W A B MAP: the --diff of dumps A and B as lines
# "KIND MODE W function significant" on cal/diff.txt, for each function
# with ticks in either dump.
cal_flags() {
	"$build/pinfo" --diff --csv "$out/cal/diff.csv" "$4" "$5" "$6" > /dev/null ||
		die "calibration: pinfo --diff $4 $5 failed"
	awk -F, -v k="$1" -v m="$2" -v w="$3" 'NR > 1 && ($3 > 0 || $4 > 0) { print k, m, w, $2, $6 }' \
		"$out/cal/diff.csv" >> "$out/cal/diff.txt"
}

# cal_diffs W SCALE DIR: after calibrate's seeds of W (the dumps in
# DIR/plain.N), diffed in pairs; for graded, the variant with more work too.
cal_diffs() {
	s=2
	while [ "$s" -le "$CAL_SEEDS" ]; do
		cal_flags same runs "$1" "$3/plain.$((s - 1))/$1.pro" "$3/plain.$s/$1.pro" "$3/$1.map"
		s=$((s + 2))
	done
	[ "$1" = graded ] || return 0
	for pct in $CAL_MORE_PCTS; do
		note "calibration: $1 with $pct% more work in $CAL_MORE_FN, $((CAL_SEEDS / 2)) seeds"
		s=1
		while [ "$s" -le $((CAL_SEEDS / 2)) ]; do
			cal_plain "$1" "$2" "$3/more$pct.$s" $((pct * 1000 + s)) "$pct"
			cal_flags "more:$pct" runs "$1" "$3/plain.$s/$1.pro" "$3/more$pct.$s/$1.pro" "$3/$1.map"
			s=$((s + 1))
		done
	done
}

# cal_diff_tables: section 12's second table from cal/diff.txt, and its targets.
cal_diff_tables() {
	awk -v fn="$CAL_MORE_FN" -v biased="$CAL_BIASED" -f bench/caldiff.awk "$out/cal/diff.txt" \
		>> "$out/calibration.md" || die "calibration: the diff table could not be made"
	sums=$(sed -n 's/^<!-- \(false=.*\) -->$/\1/p' "$out/calibration.md")
	fa=$(echo "$sums" | sed -n 's/^false=\([0-9.]*\) .*/\1/p')
	det=$(echo "$sums" | sed -n 's/.* detect=\([0-9.]*\).*/\1/p')
	target 12 "pinfo --diff, two seeds of one program (all but $CAL_BIASED): functions marked significant" \
		"$fa%" "≤ 5%" "$(holds "${fa:-100} <= 5")"
	target 12 "pinfo --diff, $CAL_MORE_FN given ${CAL_MORE_PCTS%% *}% more work: seed pairs that mark it" \
		"$det%" "≥ 95%" "$(holds "${det:-0} >= 95")"
}
