# accuracy.sh: the accuracy against the ground truth (docs/PERFORMANCE.md,
# sections 1 and 3); sourced by bench/bench.sh. Each workload (bench/wl.h)
# is profiled twice in the guest, at ACC_HZ with the kernel's default
# jitter: the first run under the instruction-count plugin
# (bench/truth/insncount.c), whose counts of the instructions each process
# executed while profiling was on are the truth; the second without it.
# Its functions' shares of the ticks are compared with their shares of the
# instructions, and the two dumps byte by byte (which also shows the plugin
# leaves the guest's run as it was). The truth's own checks (counts known
# by construction, callgrind on the host): bench/crosscheck.sh; the ticks
# the dump counted against the timer interrupts the clock saw (section 6):
# bench/lost.sh.

ACC_HZ=20000
# name, scale (about 50,000 samples at 20000 Hz), shape
ACC_WORKLOADS="hotloop:450:one hot loop
graded:650:five functions of graded cost
recurse:1800:call-heavy recursion (fib, hanoi, mutual recursion)
syscalls:1450:half its time in system calls
duo:200+500:two processes at once (duo and duob), system profile"
# The two processes of duo: their scales.
DUO_A=200 DUO_B=500

upper() { echo "$1" | tr a-z A-Z; }

# The plugin: qrun's -plugin argument, its output in DIR/counts.txt.
plugin_spec() { echo "$build/bench/truth/insncount.so,$(cat "$build/bench/truth/plugin.args"),out=$1/counts.txt"; }
ubase() { tr ',' '\n' < "$build/bench/truth/plugin.args" | sed -n 's/^ubase=//p'; }

# truth COUNTS NAME ELF MODULE: "MODULE function instructions" for the one
# process called NAME that ran ring-3 code while profiling was on, from
# the plugin's output; dies if the plugin's checks failed or there is not
# exactly one such process.
truth() {
	grep -q '^check anchored=1 kernel_mismatch=0 image_mismatch=0 bad_reads=0 ' "$1" ||
		die "$1: the plugin's checks failed: $(grep '^check' "$1")"
	_pids=$(awk -v n="$2" '$1 == "proc" && $3 == n && $5 > 0 { print $2 }' "$1")
	[ "$(echo "$_pids" | wc -w)" = 1 ] || die "$1: not one process '$2' in the window: '$_pids'"
	nm -n --defined-only "$3" | awk -v pid="$_pids" -v space=user -v ubase="$(ubase)" \
		-f scripts/lib/hex.awk -f bench/truth/funcs.awk - "$1" | sed "s/^/$4 /"
}

# funcs MODULE OBJECT: the workload's own functions, "MODULE name".
funcs() {
	nm --defined-only "$2" | awk -v m="$1" '$2 ~ /^[Tt]$/ { print m, $3 }'
}

# profile_workload NAME SCALE RUN: one guest run of a single-process workload.
# The first run is under the plugin.
profile_workload() {
	[ "$3" = 1 ] && BOOT_PLUGIN=$(plugin_spec "$out/acc/$1.$3")
	boot "$out/acc/$1.$3" "$ACC_HZ" 1 "$1 $2" "$1"
	BOOT_PLUGIN=""
	[ -f "$out/acc/$1.$3/$1.pro" ] || die "$1: no dump: $(cat "$out/acc/$1.$3/serial.log")"
}

profile_duo() {
	[ "$1" = 1 ] && BOOT_PLUGIN=$(plugin_spec "$out/acc/duo.$1")
	boot "$out/acc/duo.$1" "$ACC_HZ" 1 "pset init
pset on
start duo plain $DUO_A
start duob plain $DUO_B
wait
pset off
pset dump duo.pro
pset free" duo duob pset
	BOOT_PLUGIN=""
	[ -f "$out/acc/duo.$1/duo.pro" ] || die "duo: no dump: $(cat "$out/acc/duo.$1/serial.log")"
}

# accuracy: runs every workload twice; writes the tables.
accuracy() {
	mkdir -p "$out/acc"
	echo "$ACC_WORKLOADS" | while IFS=: read -r w scale shape; do
		note "accuracy: $w ($shape), two runs"
		if [ "$w" = duo ]; then profile_duo 1; profile_duo 2; else
			profile_workload "$w" "$scale" 1; profile_workload "$w" "$scale" 2; fi
	done
}

# accuracy_tables CG: after accuracy (and callgrind_all, when CG is empty;
# else CG says why callgrind did not run).
accuracy_tables() {
	cgwhy=$1
	: > "$out/accuracy-detail.md"
	{
		echo "| workload | shape | samples in its functions | all samples | worst difference (points) | target ≤ 0.5 point | two runs byte-identical |"
		echo "|---|---|---:|---:|---:|---|---|"
	} > "$out/accuracy.md"
	{
		echo "| workload | functions | equal to callgrind's count | largest difference (instructions) |"
		echo "|---|---:|---:|---:|"
	} > "$out/crosscheck.md"
	echo "$ACC_WORKLOADS" | while IFS=: read -r w scale shape; do
		dir=$out/acc/$w.1 W=$(upper "$w")
		if [ "$w" = duo ]; then
			{ funcs DUO "$build/u/bench/duo.o"; funcs DUOB "$build/u/bench/duo.o"; } > "$dir/funcs.txt"
			{ truth "$dir/counts.txt" duo "$build/user/duo.elf" DUO
			  truth "$dir/counts.txt" duob "$build/user/duob.elf" DUOB; } > "$dir/truth.txt" || exit 1
			[ -n "$cgwhy" ] ||
				{ sed 's/^/DUO /' "$out/cg/duo.txt"; sed 's/^/DUOB /' "$out/cg/duob.txt"; } > "$dir/cg.txt"
			"$build/mkmap" "$build/user/duo.elf" DUO > "$dir/duo.map"
			"$build/mkmap" "$build/user/duob.elf" DUOB > "$dir/duob.map"
			printf '%s\n' "$dir/duo.map" "$dir/duob.map" > "$dir/maps.lst"
			tics "$dir/duo.pro" -f "$dir/maps.lst" > "$dir/profile.txt"
			showmod=1
		else
			funcs "$W" "$build/u/bench/$w.o" > "$dir/funcs.txt"
			truth "$dir/counts.txt" "$w" "$build/user/$w.elf" "$W" > "$dir/truth.txt" || exit 1
			[ -n "$cgwhy" ] || sed "s/^/$W /" "$out/cg/$w.txt" > "$dir/cg.txt"
			"$build/mkmap" "$build/user/$w.elf" "$W" > "$dir/$w.map"
			tics "$dir/$w.pro" "$dir/$w.map" > "$dir/profile.txt"
			showmod=0
		fi
		{
			echo "**$w** ($shape; \`$(tr '\n' ';' < "$dir/bench.cmd" | sed 's/;$//; s/;/; /g')\` at $ACC_HZ Hz):"
			echo
			awk -v sum="$dir/summary.txt" -v showmod=$showmod -v source=plugin -f bench/compare.awk \
				"$dir/funcs.txt" "$dir/truth.txt" "$dir/profile.txt"
			echo
			not_compared "$dir/$w.pro" "$dir/funcs.txt" "$dir/profile.txt"
			window "$dir/counts.txt" "$dir/$w.pro"
			echo
		} >> "$out/accuracy-detail.md"
		samples=$(sed -n 's/^samples=\([0-9]*\) .*/\1/p' "$dir/summary.txt")
		worst=$(sed -n 's/.* worst=\([0-9.]*\) .*/\1/p' "$dir/summary.txt")
		all=$(dumptotal "$dir/$w.pro")
		if cmp -s "$dir/$w.pro" "$out/acc/$w.2/$w.pro"; then same="yes ($(wc -c < "$dir/$w.pro") bytes)"; else same="**no**"; fi
		if [ "$samples" -lt 20000 ]; then ok="(under 20,000 samples)"
		elif awk -v w="$worst" 'BEGIN { exit !(w <= 0.5) }'; then ok=met; else ok="**not met**"; fi
		echo "| $w | $shape | $samples | $all | $worst | $ok | $same |" >> "$out/accuracy.md"
		[ -n "$cgwhy" ] || crosscheck "$w" "$dir" >> "$out/crosscheck.md"
	done || die "the accuracy tables could not be made"
	worst=$(cat "$out"/acc/*.1/summary.txt | awk '{ split($1, s, "="); split($2, w, "=")
		if (s[2] >= 20000 && w[2] > m) m = w[2] } END { printf "%.2f", m }')
	target 1 "accuracy: worst difference, workloads with ≥ 20,000 samples (truth: the plugin)" "$worst points" \
		"≤ 0.5 point" "$(holds "$worst <= 0.5")"
	if [ -n "$cgwhy" ]; then
		echo "Not measured: $cgwhy, so callgrind cannot run here; the other tables need only the plugin." \
			> "$out/crosscheck.md"
		target 1 "the plugin against callgrind: functions of the five workloads with equal counts" "—" "all" -
	else
		eq=$(awk -F'|' 'NR > 2 { f += $3; e += $4 } END { print e "|" f }' "$out/crosscheck.md")
		target 1 "the plugin against callgrind: functions of the five workloads with equal counts" \
			"${eq%|*} of ${eq#*|}" "all" "$(holds "${eq%|*} == ${eq#*|}")"
	fi
	same=$(grep -c '| yes (' "$out/accuracy.md")
	target 3 "reproducibility: workloads whose two dumps are byte-identical" "$same of 5" "5 of 5" \
		"$(holds "$same == 5")"
}

# window COUNTS DUMP: where the instructions of the window went, process
# by process (the plugin), and the kernel's share of them beside its share
# of the dump's ticks. The clock's own path (boot/irq0.asm, the irq0_*
# symbols) runs with interrupts masked and is never sampled: it is left
# out of the kernel's share.
window() {
	ticks=$("$build/pinfo" "$2" | awk '$1 == "Total" { t = $2 } $1 == "kernel" || $1 == "idle" { k += $2 }
		END { printf "%.2f", t ? 100 * k / t : 0 }')
	nm -n --defined-only "$build/kernel.elf" > "$out/kernel.nm"
	clock=$(awk '$1 == "proc" && $5 + $6 > 0 { print $2 }' "$1" | while read -r pid; do
		awk -v pid="$pid" -v space=kernel -v ubase="$(ubase)" -f scripts/lib/hex.awk -f bench/truth/funcs.awk "$out/kernel.nm" "$1"
	done | awk '$1 ~ /^irq0_/ { c += $2 } END { printf "%.0f", c }')
	awk -v kt="$ticks" -v clock="$clock" '$1 == "proc" && $5 + $6 > 0 {
			u[++n] = $3; ui[n] = $5; ki[n] = $6; all += $5 + $6; kall += $6 }
		END {
			printf "Instructions while profiling was on (plugin): "
			for (i = 1; i <= n; i++)
				printf "%s%s %.0f in ring 3, %.0f in the kernel", (i > 1 ? "; " : ""), u[i], ui[i], ki[i]
			printf ". The kernel, less the clock'"'"'s own %.0f: %.2f%% of them; %.2f%% of the ticks.\n",
				clock, 100 * (kall - clock) / (all - clock), kt
		}' "$1"
}

# not_compared DUMP FUNCS PROFILE: the ticks outside the workload's own
# functions: the kernel's, idle, and other code of its modules (libc).
not_compared() {
	kern=$("$build/pinfo" "$1" | awk '$1 == "kernel" || $1 == "idle" { printf "%s%s %s", s, $1, $2; s = ", " }')
	other=$(awk 'NR == FNR { own[$1 " " $2] = 1; next } !(($1 " " $2) in own) { print $3, $2 }' "$2" "$3" |
		sort -rn | head -6 | awk '{ printf "%s%s %s", s, $2, $1; s = ", " }')
	echo "Ticks not compared: ${kern:-none}; other code of the program: ${other:-none}."
}
