# events.sh: section 16 of docs/PERFORMANCE.md, the event profiles
# (docs/events.md); sourced by bench/bench.sh and bench/events-only.sh.
# What a system call, a tick and a switch cost with no event profile and
# with each kind on (bench/evcost.c), and the off-CPU shares of sleeps of
# known lengths against the exact sleeps.
events() {
	note "events: evcost, and evcost naps under profrun /offcpu"
	boot "$out/events/cost" 1000 1 "evcost" evcost
	grep -q '^evcost: done' "$out/events/cost/serial.log" || die "evcost did not finish: $(tail -3 "$out/events/cost/serial.log")"
	{
		echo "| event profile on | a system call (getpid, loop included) | a tick | a switch (two processes yielding) |"
		echo "|---|---:|---:|---:|"
		for what in "no event profile" "system calls, each" "system calls, every 100th" "switches, each" "off the CPU"; do
			awk -v w="$what" '
				index($0, "evcost: " w " ") == 1 && $(NF - 5) ~ /^[0-9.]+$/ { v[$(NF - 2)] = $(NF - 5) }
				END { printf "| %s | %s | %s | %s |\n", w, v["call"], v["tick"], v["switch"] }' \
				"$out/events/cost/serial.log"
		done
	} > "$out/events-cost.md"
	toff=$(awk -F'|' '$2 ~ /no event profile/ { gsub(/ /, "", $4); print $4 }' "$out/events-cost.md")
	ton=$(awk -F'|' '$2 ~ /system calls, each/ { gsub(/ /, "", $4); print $4 }' "$out/events-cost.md")
	target 14 "a tick with a system-call profile on against none" "$(awk -v a="$ton" -v b="$toff" \
		'BEGIN { printf "%+.1f", a - b }') instructions" "0 (the tick never looks at events)" \
		"$(holds "$ton - $toff < 0.5 && $toff - $ton < 0.5")"
	# the off-CPU shares: 10 sleeps each of 7, 13, 29 and 51 ms
	boot "$out/events/naps" 1000 1 "profrun /offcpu evcost naps" evcost profrun
	"$build/mkmap" "$build/user/evcost.elf" EVCOST > "$out/events/evcost.map"
	tics "$out/events/naps/evcost.offcpu.pro" "$out/events/evcost.map" > "$out/events/naps.txt"
	awk 'BEGIN { ms["nap7"] = 70; ms["nap13"] = 130; ms["nap29"] = 290; ms["nap51"] = 510 }
		$2 in ms { t[$2] = $3; n += $3 }
		END {
			print "| function | asleep (exact) | ticks off the CPU | exact share | off-CPU share | error (points) |"
			print "|---|---:|---:|---:|---:|---:|"
			split("nap7 nap13 nap29 nap51", f, " ")
			for (i = 1; i <= 4; i++) {
				e = ms[f[i]] / 1000; p = n ? t[f[i]] / n : 0
				printf "| %s | %d ms | %d | %.2f%% | %.2f%% | %+.2f |\n", f[i], ms[f[i]], t[f[i]], 100 * e, 100 * p, 100 * (p - e)
			}
		}' "$out/events/naps.txt" > "$out/events-offcpu.md"
	worst=$(awk -F'|' 'NR > 2 { gsub(/ /, "", $7); v = $7 < 0 ? -$7 : $7; if (v > m) m = v } END { print m + 0 }' "$out/events-offcpu.md")
	target 14 "off-CPU shares against exact sleeps, the worst of four" "$worst points" "under 1 point" "$(holds "$worst < 1")"
}
