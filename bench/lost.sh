# lost.sh: lost ticks (docs/PERFORMANCE.md, section 6): the ticks a dump
# counted against the timer interrupts the clock saw while profiling was
# on; sourced by bench/bench.sh, after bench/accuracy.sh, whose first runs
# it reads too.

# lost_ticks: the single-process workloads again, shorter, with the fixed
# period (jitter=0), where the TSC tells exactly how many ticks to expect;
# then the table, with the accuracy runs (jittered) too.
LOST_SCALES="hotloop:90 graded:130 recurse:360 syscalls:290"
lost_ticks() {
	note "lost ticks: four workloads with a fixed period"
	batch="" progs=""
	for ws in $LOST_SCALES; do
		batch="$batch${ws%%:*} ${ws#*:}
" progs="$progs ${ws%%:*}"
	done
	# shellcheck disable=SC2086
	boot "$out/lost" "$ACC_HZ" 0 "$batch" $progs
	{
		echo "| workload | jitter | timer interrupts while on (clock_ticks) | ticks in the dump | equal | expected from the TSC | mean period (ns) |"
		echo "|---|---|---:|---:|---|---:|---:|"
		for ws in $LOST_SCALES; do lost_row "${ws%%:*}" "$out/acc/${ws%%:*}.1" 1; done
		for ws in $LOST_SCALES; do lost_row "${ws%%:*}" "$out/lost" 0; done
	} > "$out/lost.md"
	rows=$(grep -c '^| [a-z]* | o[nf]f* |' "$out/lost.md") eq=$(grep -c '| yes |' "$out/lost.md")
	target 6 "lost ticks: runs whose dump counts every interrupt raised while on" "$eq of $rows" "all" \
		"$(holds "$eq == $rows")"
}

# lost_row NAME DIR JITTER: one row. The clock is read just before and just
# after ProfOn and ProfOff, so the interrupts raised while profiling was on
# are off_before - on_after, or within one of it when a tick fell between
# the reads (the range is then shown).
lost_row() {
	line=$(benchline "$1" "$2/serial.log")
	a=$(get on_before "$line") b=$(get on_after "$line") c=$(get off_before "$line") d=$(get off_after "$line")
	ns=$(get run_ns "$line") hz=$(get hz "$line")
	total=$(dumptotal "$2/$1.pro")
	lo=$((c - b)) hi=$((d - a))
	if [ "$lo" = "$hi" ]; then clock=$lo; else clock="$lo..$hi"; fi
	if [ "$total" -ge "$lo" ] && [ "$total" -le "$hi" ]; then eq=yes; else eq="**no**"; fi
	div=$(divisor "$hz")
	if [ "$3" = 0 ]; then
		expect=$(awk -v ns="$ns" -v d="$div" 'BEGIN { printf "%.1f", ns * 1193182 / (d * 1e9) }')
		nominal=$(awk -v d="$div" 'BEGIN { printf "%.1f", d * 1e9 / 1193182 }')
	else
		expect="—"	# the jittered periods are not known in advance
		nominal=$(awk -v d="$div" 'BEGIN { printf "%.1f", (d - 0.5) * 1e9 / 1193182 }')
	fi
	mean=$(awk -v ns="$ns" -v t="$total" 'BEGIN { printf "%.1f", ns / t }')
	echo "| $1 | $([ "$3" = 0 ] && echo off || echo on) | $clock | $total | $eq | $expect | $mean (nominal $nominal) |"
}
