# calibrate.sh: how far to trust the 95% intervals (docs/accuracy.md,
# docs/PERFORMANCE.md section 12); sourced by bench/bench.sh after
# accuracy.sh, whose truth() and plugin it uses. Each workload of known
# truth runs under `profrun /spread` (the 8 sub-profiles, PT_SPREAD) at
# CAL_HZ for about CAL_SAMPLES samples, once under the instruction-count
# plugin (the exact shares) and once at each of CAL_SEEDS seeds of the
# sampling jitter (seed=N). For each function of at least 1% of the
# instructions and each seed, bench/cistat gives the interval from the
# sub-profiles and Wilson's; the coverage is the fraction of intervals
# that hold the exact share, the width ratio each function's mean
# half-width over 1.96 times the standard deviation of its share across
# the seeds (1 when the interval is exactly as wide as the seeds' 95%
# spread), the mean over the functions.

. bench/caldiff.sh

CAL_HZ=20000
CAL_SEEDS=${CAL_SEEDS:-40}
# name, scale (about 2,000 samples at 20000 Hz, syscalls's half in the kernel)
CAL_WORKLOADS="graded:26 recurse:72 syscalls:58"
# Workloads whose shares are biased against the instructions (docs/accuracy.md,
# "When it does not hold"): shown, left out of the targets.
CAL_BIASED=syscalls

# cal_run W SCALE DIR SEED: one boot of profrun /spread W plain SCALE.
cal_run() {
	boot "$3" "$CAL_HZ" "1 seed=$4" "profrun /spread $1 plain $2" "$1" profrun
	[ -f "$3/$1.pro" ] || die "calibration: $1 seed $4: no dump: $(tail -3 "$3/serial.log")"
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
		cal_run "$w" "$scale" "$dir/truth" 1
		BOOT_PLUGIN=""
		truth "$dir/truth/counts.txt" "$w" "$build/user/$w.elf" "$W" > "$dir/truth.txt" || exit 1
		"$build/mkmap" "$build/user/$w.elf" "$W" > "$dir/$w.map"
		s=1
		while [ "$s" -le "$CAL_SEEDS" ]; do
			cal_run "$w" "$scale" "$dir/seed.$s" "$s"
			"$build/bench/cistat" "$dir/seed.$s/$w.pro" "$dir/$w.map" |
				awk -v w="$w" -v s="$s" '{ print w, s, $0 }' >> "$out/cal/all.txt" ||
				die "calibration: cistat $w seed $s failed"
			s=$((s + 1))
		done
		awk -v w="$w" '{ print w, $2, $3 }' "$dir/truth.txt" >> "$out/cal/truth.txt"
		cal_diffs "$w" "$scale" "$dir"
	done
	cal_tables
	cal_diff_tables
}

# cal_tables: docs' tables from cal/all.txt ("W seed name tics total low
# high wlow whigh") and cal/truth.txt ("W name instructions").
cal_tables() {
	awk -v biased="$CAL_BIASED" -f bench/calibrate.awk "$out/cal/truth.txt" "$out/cal/all.txt" > "$out/calibration.md" ||
		die "calibration: the tables could not be made"
	sums=$(sed -n 's/^<!-- \(.*\) -->$/\1/p' "$out/calibration.md")
	cov=$(echo "$sums" | sed -n 's/^coverage=\([0-9.]*\) .*/\1/p')
	ratio=$(echo "$sums" | sed -n 's/^coverage=[0-9.]* ratio=\([0-9.]*\) .*/\1/p')
	target 12 "calibration: 95% intervals that hold the exact share, ~2,000 samples, $CAL_SEEDS seeds" \
		"$cov%" "≥ 90%" "$(holds "${cov:-0} >= 90")"
	target 12 "calibration: mean interval width over the seeds' 95% spread" "$ratio" "≤ 2" \
		"$(holds "${ratio:-99} <= 2")"
}
