# smp.sh: the tick on a machine with several CPUs (docs/PERFORMANCE.md,
# section 13), counted by the plugin bench/smptick.c: each CPU's
# instructions, those in the tick's code (boot/irq0.asm, irq0_text to
# irq0_text_end) and its ticks. Sourced by bench/bench.sh.

# The busy program: tests/guest/worker.c, `worker UNITS SLEEP_MS`, started
# once for each CPU, under a system profile. Each run is made
# twice, with SMP_SHORT and SMP_LONG units: what the longer adds is the
# CPUs' busy time alone (section 13's overhead). The sleep gives each CPU
# idle ticks under the profile.
SMP_SHORT=2
SMP_LONG=4
SMP_SLEEP=50
SMP_RATES="1000 10000"
SMP_SCALE="1 2 4 8"

smp_sym() { nm "$build/kernel.elf" | awk -v s="$1" '$3 == s { print "0x" $1; f = 1 } END { exit !f }'; }

# smp_args: the plugin's arguments for this kernel. Marks: irq0_dword, the
# sampler of a ring-3 tick of a process the system profile counts; and
# irq0_call, the call of prof_tick(), which a tick in the kernel or idle
# takes while a profile is on.
smp_args() {
	_a="lo=$(smp_sym irq0_text),hi=$(smp_sym irq0_text_end),mark=$(smp_sym irq0_dword),mark=$(smp_sym irq0_call)" ||
		die "smp: the kernel lacks the tick's symbols"
	for _e in irq0_fast irq0_fixed smp_tick0 smp_tick smp_rtick; do
		_a="$_a,entry=$(smp_sym $_e)" || die "smp: the kernel has no $_e"
	done
	echo "$_a"
}

# smp_run DIR CPUS HZ UNITS [EXTRA]: a run under the plugin (EXTRA: more of
# its arguments); DIR/counts.txt its counts, DIR/serial.log the kernel's.
smp_run() {
	_d=$1 _cpus=$2
	_w=$_cpus
	rm -rf "$_d"
	mkdir -p "$_d"
	{
		echo "pset init"
		echo "pset on"
		_i=0
		while [ $_i -lt $_w ]; do echo "start worker $4 $SMP_SLEEP"; _i=$((_i + 1)); done
		echo "wait"
		echo "pset off"
	} > "$_d/smp.cmd"
	sh scripts/qrun -kernel -quiet -o "$_d" -cpus "$_cpus" -hz "$3" -timeout 120 \
		-plugin "$build/bench/smptick.so,$smp_a${5:+,$5},out=$_d/counts.txt" -batch "$_d/smp.cmd" \
		"$build/kernel.elf" "$build/user/worker.elf" "$build/user/pset.elf" "$build/user/cmd.elf" \
		> "$_d/qrun.out" 2>&1 || die "$_d: qrun failed: $(cat "$_d/qrun.out")"
	grep -q '^check vcpus=[0-9]* bad_vcpu=0 threads=1 ' "$_d/counts.txt" ||
		die "$_d: the plugin's checks: $(grep '^check' "$_d/counts.txt" 2>/dev/null || echo 'no output')"
	[ "$(grep -c '^cpu ' "$_d/counts.txt")" = "$_cpus" ] || die "$_d: not $_cpus CPUs counted"
	grep -aq 'kernel: cmd exited with status 0; shutting down' "$_d/serial.log" ||
		die "$_d: the batch did not end well: $(tail -3 "$_d/serial.log")"
}

# smp_get DIR CPU FIELD: a figure of a CPU: insns, tick_insns, entries (the
# ticks it took); r3, r3_insns (its ticks that ran irq0_dword, and their
# instructions); pt, pt_insns (those that called prof_tick()); late (the
# kernel's count of periods taken late, each a tick sent by the one that
# found it late).
smp_get() {
	awk -v c="$2" -v f="$3" -v dw="$(smp_sym irq0_dword)" -v call="$(smp_sym irq0_call)" '
		FILENAME ~ /counts.txt$/ && $1 == "cpu" && $2 == c { v["insns"] = $4; v["tick_insns"] = $6; v["entries"] = $8 }
		FILENAME ~ /counts.txt$/ && $1 == "marked" && $2 == c && $3 == dw { v["r3"] = $5; v["r3_insns"] = $7 }
		FILENAME ~ /counts.txt$/ && $1 == "marked" && $2 == c && $3 == call { v["pt"] = $5; v["pt_insns"] = $7 }
		FILENAME ~ /serial.log$/ && index($0, "kernel: cpu " c ": ") { v["late"] = $10 }
		END { print v[f] + 0 }' "$1/counts.txt" "$1/serial.log"
}
# smp_per DIR CPU WHAT: instructions a tick, to a tenth (WHAT: all, r3, pt).
smp_per() {
	case $3 in
	all) _n=$(smp_get "$1" "$2" tick_insns) _k=$(smp_get "$1" "$2" entries) ;;
	*) _n=$(smp_get "$1" "$2" "$3_insns") _k=$(smp_get "$1" "$2" "$3") ;;
	esac
	awk -v n="$_n" -v k="$_k" 'BEGIN { if (k) printf "%.2f", n / k; else printf "-" }'
}

smp() {
	smp_a=$(smp_args) || exit 1
	smp_d=$out/smp
	note "smp: the tick on each CPU, 1 and 4 CPUs at $SMP_RATES Hz, then 2 and 8 CPUs"
	for hz in $SMP_RATES; do
		for c in 1 4; do
			smp_run "$smp_d/c$c-$hz-short" "$c" "$hz" "$SMP_SHORT"
			smp_run "$smp_d/c$c-$hz-long" "$c" "$hz" "$SMP_LONG"
		done
	done
	for c in $SMP_SCALE; do
		[ "$c" = 1 ] || [ "$c" = 4 ] || smp_run "$smp_d/scale$c" "$c" 1000 "$SMP_LONG"
	done
	smp_run "$smp_d/c4-exact" 4 1000 "$SMP_LONG" exact=1
	smp_tick_table
	smp_overhead_table
	smp_scale_table
	smp_check_table
}

# ---- the tick on each CPU --------------------------------------------------
smp_tick_table() {
	smp_one=$smp_d/c1-1000-long
	smp_r1=$(smp_per "$smp_one" 0 r3) smp_p1=$(smp_per "$smp_one" 0 pt)
	{
		echo "| CPUs | CPU | its entry | ticks taken | instructions a tick | ring-3 ticks of a worker | instructions a tick | against one CPU's | ticks in the kernel or idle, profiled | instructions a tick | against one CPU's |"
		echo "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"
		smp_tick_row 1 0 irq0_fast "$smp_one"
		for c in 0 1 2 3; do
			smp_tick_row 4 "$c" smp_rtick "$smp_d/c4-1000-long"
		done
	} > "$out/smp-tick.md"
	# the target: a running program's tick on each CPU
	smp_worst=$(for c in 0 1 2 3; do smp_per "$smp_d/c4-1000-long" "$c" r3; echo; done |
		awk -v one="$smp_r1" 'NR == 1 || $1 - one > w { w = $1 - one } END { printf "%+.2f", w }')
	target 13 "the tick of a running program on each CPU, four running (4 CPUs), against one CPU's" \
		"$smp_worst instructions (the worst CPU; one CPU's: $smp_r1)" "within one (cheaper meets)" "$(holds "$smp_worst <= 1")"
}
# smp_tick_row CPUS CPU ENTRY DIR
smp_tick_row() {
	r=$(smp_per "$4" "$2" r3) p=$(smp_per "$4" "$2" pt)
	awk -v n="$1" -v c="$2" -v e="$3" -v k="$(smp_get "$4" "$2" entries)" -v all="$(smp_per "$4" "$2" all)" \
	    -v rk="$(smp_get "$4" "$2" r3)" -v r="$r" -v r1="$smp_r1" -v pk="$(smp_get "$4" "$2" pt)" -v p="$p" -v p1="$smp_p1" '
		function d(x, y) { return x == "-" ? "" : sprintf("%+.2f", x - y) }
		BEGIN { printf "| %d | %d | `%s` | %d | %s | %d | %s | %s | %d | %s | %s |\n", n, c, e, k, all, rk, r, d(r, r1),
		        pk, p, d(p, p1) }'
}

# ---- the overhead: the tick's share of each CPU's instructions -------------
# What the longer run adds over the shorter, CPU by CPU: busy time alone.
smp_share() {
	awk -v a="$(smp_get "$1-long" "$2" tick_insns)" -v b="$(smp_get "$1-short" "$2" tick_insns)" \
	    -v x="$(smp_get "$1-long" "$2" insns)" -v y="$(smp_get "$1-short" "$2" insns)" \
	    'BEGIN { printf "%.3f%%", (x > y ? 100 * (a - b) / (x - y) : 0) }'
}
# smp_period DIR CPU HZ: the CPU's instructions a timer period, and its
# tick's over a whole period's (what one CPU alone runs in one, under
# -icount: 1 s / HZ over the time of an instruction), from the same pair.
smp_period() {
	awk -v a="$(smp_get "$1-long" "$2" tick_insns)" -v b="$(smp_get "$1-short" "$2" tick_insns)" \
	    -v x="$(smp_get "$1-long" "$2" insns)" -v y="$(smp_get "$1-short" "$2" insns)" \
	    -v k="$(smp_get "$1-long" "$2" entries)" -v j="$(smp_get "$1-short" "$2" entries)" \
	    -v full="$(awk -v hz="$3" -v ns="${insn_ns:-$((1 << ${ICOUNT_SHIFT:-3}))}" 'BEGIN { print 1e9 / ns / hz }')" \
	    'BEGIN { if (k > j) printf "%.0f | %.3f%%", (x - y) / (k - j), 100 * (a - b) / (k - j) / full; else printf "- | -" }'
}
smp_overhead_table() {
	{
		printf "| CPUs | CPU | what it runs |"
		for hz in $SMP_RATES; do
			printf " %s Hz: the tick's share of its instructions | its instructions a period | the tick over a whole period's |" "$hz"
		done
		printf "\n|---:|---:|---|"
		for hz in $SMP_RATES; do printf -- "---:|---:|---:|"; done
		echo
		for row in "1 0" "4 0" "4 1" "4 2" "4 3"; do
			set -- $row # (two numbers)
			what="a worker"
			printf "| %s | %s | %s |" "$1" "$2" "$what"
			for hz in $SMP_RATES; do
				printf " %s | %s |" "$(smp_share "$smp_d/c$1-$hz" "$2")" "$(smp_period "$smp_d/c$1-$hz" "$2" "$hz")"
			done
			echo
		done
	} > "$out/smp-overhead.md"
}

# ---- from 1 to 8 CPUs --------------------------------------------------------
smp_scale_table() {
	{
		echo "| CPUs | workers | a worker's ring-3 tick, instructions (mean over the CPUs; least, most) | the first CPU: instructions a tick | its profiled ticks in the kernel or idle | periods taken late (all CPUs) |"
		echo "|---:|---:|---:|---:|---:|---:|"
		for c in $SMP_SCALE; do
			dir=$smp_d/scale$c
			[ "$c" = 1 ] && dir=$smp_d/c1-1000-long
			[ "$c" = 4 ] && dir=$smp_d/c4-1000-long
			c1=$((c - 1))
			for k in $(seq 0 $c1); do smp_per "$dir" "$k" r3; echo; done > "$dir/r3.txt"
			late=0
			for k in $(seq 0 $c1); do late=$((late + $(smp_get "$dir" "$k" late))); done
			awk -v c="$c" -v w="$c" -v all="$(smp_per "$dir" 0 all)" -v pt="$(smp_per "$dir" 0 pt)" \
			    -v m="$late" '
				{ s += $1; n++; if (n == 1 || $1 < lo) lo = $1; if (n == 1 || $1 > hi) hi = $1 }
				END { printf "| %d | %d | %.2f (%.2f, %.2f) | %s | %s | %d |\n", c, w, s / n, lo, hi, all, pt, m }' "$dir/r3.txt"
		done
	} > "$out/smp-scale.md"
}

# ---- the plugin's check: blocks counted whole against one by one -----------
smp_check_table() {
	{
		echo "| CPU (4 CPUs, four workers, 1000 Hz) | instructions: blocks whole | one by one (exact=1) | difference | the tick's instructions: blocks whole | one by one |"
		echo "|---:|---:|---:|---:|---:|---:|"
		for c in 0 1 2 3; do
			awk -v c="$c" -v a="$(smp_get "$smp_d/c4-1000-long" "$c" insns)" -v b="$(smp_get "$smp_d/c4-exact" "$c" insns)" \
			    -v t="$(smp_get "$smp_d/c4-1000-long" "$c" tick_insns)" -v u="$(smp_get "$smp_d/c4-exact" "$c" tick_insns)" \
			    'BEGIN { printf "| %d | %d | %d | %+d | %d | %d |\n", c, a, b, a - b, t, u }'
		done
	} > "$out/smp-check.md"
}
