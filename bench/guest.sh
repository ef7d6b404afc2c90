# guest.sh: what the guest measures of itself (docs/PERFORMANCE.md,
# sections 2, 4, 5); sourced by bench/bench.sh.

# ---- 2. aliasing ---------------------------------------------------------
ALIAS_HZ=10000
ALIAS_ITER=25000
# aliasing: bench/aliasing.c three times: its loop paced at the fixed
# period of ALIAS_HZ, without and with the jitter; then paced at the mean
# period the jittered clock was measured to have, which is the jitter's
# worst case.
aliasing() {
	fixed_ps=$(awk -v d="$(divisor $ALIAS_HZ)" 'BEGIN { printf "%.0f", d * 1e12 / 1193182 }')
	note "aliasing: three runs of $ALIAS_ITER iterations at $ALIAS_HZ Hz"
	alias_run fixed-off "$fixed_ps" 0
	alias_run fixed-on "$fixed_ps" 1
	line=$(benchline aliasing "$out/alias/fixed-on/serial.log")
	mean_ps=$(awk -v ns="$(get run_ns "$line")" -v k="$(get ticks "$line")" 'BEGIN { printf "%.0f", ns * 1000 / k }')
	alias_run mean-on "$mean_ps" 1
	"$build/mkmap" "$build/user/aliasing.elf" ALIASING > "$out/alias/aliasing.map"
	{
		echo "| loop period | jitter | samples | work(): true share | profiled | error (points) | error (sigma) |"
		echo "|---|---|---:|---:|---:|---:|---:|"
		alias_row fixed-off "the fixed period, $(ns_of "$fixed_ps") ns" off
		alias_row fixed-on "the fixed period, $(ns_of "$fixed_ps") ns" on
		alias_row mean-on "the jittered clock's measured mean, $(ns_of "$mean_ps") ns" on
	} > "$out/aliasing.md"
}
ns_of() { awk -v p="$1" 'BEGIN { printf "%.3f", p / 1000 }'; }

alias_run() {
	boot "$out/alias/$1" "$ALIAS_HZ" "$3" "aliasing $2 $ALIAS_ITER" aliasing
	[ -f "$out/alias/$1/aliasing.pro" ] || die "aliasing $1: no dump: $(cat "$out/alias/$1/serial.log")"
}

# The truth: work()'s calls times its time a call, over the loop's time less
# the ticks' own; the profile: work()'s tics over the program's.
alias_row() {
	dir=$out/alias/$1
	line=$(benchline aliasing "$dir/serial.log")
	tics "$dir/aliasing.pro" "$out/alias/aliasing.map" > "$dir/profile.txt"
	awk -v it="$(get iterations "$line")" -v w="$(get work_ns "$line")" -v run="$(get run_ns "$line")" \
	    -v k="$(get ticks "$line")" -v h="$(get tick_ns "$line")" -v what="$2" -v j="$3" '
		{ n += $3 } $2 == "work" { wk += $3 }
		END {
			t = it * w / (run - k * h); p = wk / n; s = sqrt(t * (1 - t) / n)
			printf "| %s | %s | %d | %.2f%% | %.2f%% | %+.2f | %.1f |\n", what, j, n, 100 * t, 100 * p,
			       100 * (p - t), (p - t) / s
		}' "$dir/profile.txt"
}

# ---- 4. the cost of a tick -------------------------------------------------
# tickcost: bench/tickcost.c, with and without the jitter, as it prints.
tickcost() {
	note "cost: tickcost, with and without the jitter"
	boot "$out/cost/on" 1000 1 "tickcost" tickcost
	boot "$out/cost/off" 1000 0 "tickcost" tickcost
	{
		echo "| the IRQ0 path | instructions a tick, jitter on (default) | jitter off | beyond the iret, jitter on | target ≤ 40 |"
		echo "|---|---:|---:|---:|---|"
		sed -n 's/^tickcost: \(.*[^ ]\)  *\([0-9.]*\) instructions a tick (\([0-9]*\) ticks)$/\1|\2|\3/p' \
			"$out/cost/on/serial.log" > "$out/cost/on.txt"
		sed -n 's/^tickcost: \(.*[^ ]\)  *\([0-9.]*\) instructions a tick (\([0-9]*\) ticks)$/\1|\2|\3/p' \
			"$out/cost/off/serial.log" > "$out/cost/off.txt"
		paste -d'|' "$out/cost/on.txt" "$out/cost/off.txt" | awk -F'|' '{
			beyond = $2 - 1
			ok = $1 == "profiling off" ? "" : $1 ~ /at once|sub-profiles/ ? "(prof_tick(), not a target)" : (beyond <= 40 ? "met" : "**not met**")
			printf "| %s | %s | %s | %.1f | %s |\n", $1, $2, $5, beyond, ok }'
	} > "$out/cost.md"
	# the worst path that counts a tick of a profiled process in one profile
	on=$(awk -F'|' '$1 != "profiling off" && $1 !~ /at once|sub-profiles/ && $2 > m { m = $2 } END { print m }' "$out/cost/on.txt")
	one=$(awk -F'|' '$1 == "system profile on, 1 process" { print $2 }' "$out/cost/on.txt")
	many=$(awk -F'|' '$1 == "system profile on, 25 processes" { print $2 }' "$out/cost/on.txt")
	target 4 "cost of a tick, one profile on, beyond the iret (jitter on; the worst of section 4's rows)" \
		"$(awk -v c="$on" 'BEGIN { printf "%.1f", c - 1 }') instructions" "≤ 40" "$(holds "$on - 1 <= 40")"
	target 4 "cost of a tick: 25 processes profiled against 1" \
		"$(awk -v a="$one" -v b="$many" 'BEGIN { printf "%+.1f", b - a }') instructions" \
		"no growth (under 1)" "$(holds "$many - $one < 1")"
	tickcost_c
}

# tickcost_c: the same with ctick=1, each tick a plan counts in assembly
# taken through prof_tick(), the module's C entry, as a kernel without the
# fast path takes it, and with ctick=plan, through prof_tick_planned(), the
# plan carried out in C (docs/porting.md); against the assembly, row by row,
# beyond the iret, and the sampler alone (beyond the "profiling off" row).
tickcost_c() {
	note "cost: tickcost through the module's C entry (ctick=1, ctick=plan)"
	boot "$out/cost/c" 1000 "1 ctick=1" "tickcost" tickcost
	boot "$out/cost/cplan" 1000 "1 ctick=plan" "tickcost" tickcost
	for m in c cplan; do
		grep -q "kernel: every sampled tick through the profiler's C entry" "$out/cost/$m/serial.log" ||
			die "$m: the kernel did not take ctick="
		sed -n 's/^tickcost: \(.*[^ ]\)  *\([0-9.]*\) instructions a tick (\([0-9]*\) ticks)$/\1|\2|\3/p' \
			"$out/cost/$m/serial.log" > "$out/cost/$m.txt"
	done
	paste -d'|' "$out/cost/on.txt" "$out/cost/c.txt" "$out/cost/cplan.txt" > "$out/cost/c3.txt"
	{
		echo "| the tick | assembly path | C entry | its plan in C | beyond the iret: C entry / assembly | plan in C / assembly | the sampler alone: C entry / assembly | plan in C / assembly |"
		echo "|---|---:|---:|---:|---:|---:|---:|---:|"
		awk -F'|' '
			$1 == "profiling off" { oa = $2; oc = $5; op = $8; next }
			$1 ~ /at once|sub-profiles/ { next }
			{ printf "| %s | %s | %s | %s | %.2f | %.2f | %.1f | %.1f |\n", $1, $2, $5, $8,
				($5 - 1) / ($2 - 1), ($8 - 1) / ($2 - 1), ($5 - oc) / ($2 - oa), ($8 - op) / ($2 - oa) }' \
			"$out/cost/c3.txt"
	} > "$out/cost-c.md"
	for k in 5 8; do
		worst=$(awk -F'|' -v k="$k" '$1 != "profiling off" && $1 !~ /at once|sub-profiles/ {
			r = ($k - 1) / ($2 - 1); if (r > m) m = r } END { printf "%.2f", m }' "$out/cost/c3.txt")
		what="the C entry (prof_tick())"
		[ "$k" = 8 ] && what="the plan in C (prof_tick_planned())"
		target 4 "the tick through $what against the assembly path, beyond the iret (the worst row)" \
			"${worst}x" "≤ 2x" "$(holds "$worst <= 2")"
	done
}

# ---- 5. overhead -----------------------------------------------------------
OVER_RATES="100 1000 10000 20000"
OVER_WORKLOAD=graded
OVER_SCALE=260
# overhead: the same work (about a second of guest time) with profiling
# off, on, and off again, at each rate; the guest times it with the TSC.
overhead() {
	note "overhead: $OVER_WORKLOAD at $OVER_RATES Hz"
	{
		echo "| rate | off (ms, guest) | on (ms, guest) | on / off | overhead | ticks while on | instructions added a tick | target |"
		echo "|---:|---:|---:|---:|---:|---:|---:|---|"
	} > "$out/overhead.md"
	for hz in $OVER_RATES; do
		boot "$out/over/$hz" "$hz" 1 "$OVER_WORKLOAD overhead $OVER_SCALE" "$OVER_WORKLOAD"
		line=$(benchline "$OVER_WORKLOAD" "$out/over/$hz/serial.log")
		[ -n "$line" ] || die "overhead at $hz Hz: $(cat "$out/over/$hz/serial.log")"
		awk -v hz="$hz" -v off="$(get off_ns "$line")" -v off2="$(get off2_ns "$line")" \
		    -v on="$(get on_ns "$line")" -v k="$(get on_ticks "$line")" -v insn_ns="$insn_ns" 'BEGIN {
			base = (off + off2) / 2; r = on / base; o = 100 * (r - 1)
			target = hz == 1000 ? 0.5 : hz == 10000 ? 3 : 0
			ok = !target ? "" : (o < target ? "met (< " target "%)" : "**not met** (< " target "%)")
			printf "| %d Hz | %.3f | %.3f | %.5f | %.3f%% | %d | %.1f | %s |\n", hz, base / 1e6, on / 1e6,
			       r, o, k, (on - base) / insn_ns / k, ok }' >> "$out/overhead.md"
	done
	for hz in 1000 10000; do
		o=$(awk -v hz="$hz" -F'|' '$2 == " " hz " Hz " { sub(/%/, "", $6); print $6 + 0 }' "$out/overhead.md")
		goal=$([ $hz = 1000 ] && echo 0.5 || echo 3)
		target 5 "overhead at $hz Hz" "$o%" "< $goal%" "$(holds "$o < $goal")"
	done
}
