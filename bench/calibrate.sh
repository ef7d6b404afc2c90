# calibrate.sh: how far to trust the 95% intervals (docs/accuracy.md,
# docs/PERFORMANCE.md section 12); sourced by bench/bench.sh after
# accuracy.sh, whose truth() and plugin it uses. Each workload of known
# truth runs at CAL_HZ for about CAL_SAMPLES samples, once under the
# instruction-count plugin (the exact shares) and, at each of CAL_SEEDS
# seeds of the sampling jitter (seed=N), once as make run runs it (the
# trace: pinfo's intervals) and once under `profrun /spread` (the 8
# sub-profiles, PT_SPREAD, for comparison); graded and recurse run again
# at CAL_LOW_HZ, where a function's visit lasts a few periods or less.
# For each function of at least 1% of the instructions and each seed,
# bench/cistat gives the intervals; the coverage is the fraction of
# intervals that hold the exact share, the width ratio each function's
# mean half-width over 1.96 times the standard deviation of its share
# across the seeds (1 when the interval is exactly as wide as the seeds'
# 95% spread).

. bench/caldiff.sh

CAL_HZ=20000
CAL_LOW_HZ=2000
CAL_SEEDS=${CAL_SEEDS:-40}
# name, scale (about 2,000 samples at 20000 Hz, syscalls's half in the kernel)
CAL_WORKLOADS="graded:26 recurse:72 syscalls:58"
CAL_LOW_WORKLOADS="graded:260 recurse:720"
# Workloads whose shares are biased against the instructions (docs/accuracy.md,
# "When it does not hold"): shown, left out of the targets.
CAL_BIASED=syscalls

# cal_run W SCALE DIR SEED: one boot of profrun /spread W plain SCALE.
cal_run() {
	boot "$3" "$CAL_HZ" "1 seed=$4" "profrun /spread $1 plain $2" "$1" profrun
	[ -f "$3/$1.pro" ] || die "calibration: $1 seed $4: no dump: $(tail -3 "$3/serial.log")"
}

# cal_stat TAG W SEED DUMP MAP [-s]: bench/cistat's lines, tagged, on cal/all.txt.
cal_stat() {
	"$build/bench/cistat" ${6:-} "$4" "$5" | awk -v t="$1" -v w="$2" -v s="$3" '{ print t, w, s, $0 }' \
		>> "$out/cal/all.txt" || die "calibration: cistat $2 seed $3 failed"
}

calibrate() {
	mkdir -p "$out/cal"
	: > "$out/cal/all.txt"
	: > "$out/cal/truth.txt"
	: > "$out/cal/diff.txt"
	for ws in $CAL_WORKLOADS; do
		w=${ws%:*} scale=${ws#*:} W=$(upper "$w") dir=$out/cal/$w
		note "calibration: $w, the truth and $CAL_SEEDS seeds"
		mkdir -p "$dir"
		BOOT_PLUGIN=$(plugin_spec "$dir/truth")
		cal_plain "$w" "$scale" "$dir/truth" 1
		BOOT_PLUGIN=""
		truth "$dir/truth/counts.txt" "$w" "$build/user/$w.elf" "$W" > "$dir/truth.txt" || exit 1
		"$build/mkmap" "$build/user/$w.elf" "$W" > "$dir/$w.map"
		s=1
		while [ "$s" -le "$CAL_SEEDS" ]; do
			cal_plain "$w" "$scale" "$dir/plain.$s" "$s"
			cal_stat "runs.$CAL_HZ" "$w" "$s" "$dir/plain.$s/$w.pro" "$dir/$w.map"
			cal_run "$w" "$scale" "$dir/seed.$s" "$s"
			cal_stat "subs.$CAL_HZ" "$w" "$s" "$dir/seed.$s/$w.pro" "$dir/$w.map" -s
			s=$((s + 1))
		done
		awk -v w="$w" '{ print w, $2, $3 }' "$dir/truth.txt" >> "$out/cal/truth.txt"
		cal_diffs "$w" "$scale" "$dir"
	done
	for ws in $CAL_LOW_WORKLOADS; do
		w=${ws%:*} scale=${ws#*:} dir=$out/cal/$w
		note "calibration: $w at $CAL_LOW_HZ Hz, $CAL_SEEDS seeds"
		s=1
		while [ "$s" -le "$CAL_SEEDS" ]; do
			CAL_RATE=$CAL_LOW_HZ cal_plain "$w" "$scale" "$dir/low.$s" "$s"
			cal_stat "runs.$CAL_LOW_HZ" "$w" "$s" "$dir/low.$s/$w.pro" "$dir/$w.map"
			s=$((s + 1))
		done
	done
	cal_tables
	cal_diff_tables
}

# cal_sum HZ KEY: a figure of calibrate.awk's last line.
cal_sum() {
	sed -n 's/^<!-- \(hz.*\) -->$/\1/p' "$out/calibration.md" | tr ';' '\n' | grep -E "(^| )hz$1:" |
		tr ' ' '\n' | sed -n "s/^$2=//p"
}

# cal_tables: docs' tables from cal/all.txt and cal/truth.txt ("W name
# instructions"), and their targets: at each rate, the coverage, the mean
# width ratio and the widest function's.
cal_tables() {
	awk -v biased="$CAL_BIASED" -f bench/calibrate.awk "$out/cal/truth.txt" "$out/cal/all.txt" > "$out/calibration.md" ||
		die "calibration: the tables could not be made"
	for hz in $CAL_HZ $CAL_LOW_HZ; do
		cov=$(cal_sum "$hz" coverage) ratio=$(cal_sum "$hz" ratio) max=$(cal_sum "$hz" max)
		target 12 "calibration at $hz Hz: 95% intervals that hold the exact share, ~2,000 samples, $CAL_SEEDS seeds" \
			"$cov%" "≥ 90%" "$(holds "${cov:-0} >= 90")"
		target 12 "calibration at $hz Hz: mean interval width over the seeds' 95% spread" "$ratio" "≤ 2" \
			"$(holds "${ratio:-99} <= 2")"
		target 12 "calibration at $hz Hz: the widest function's interval over its seeds' spread" "$max" "≤ 2" \
			"$(holds "${max:-99} <= 2")"
	done
}
