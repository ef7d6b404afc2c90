# smptruth.sh: several CPUs against the exact answer (docs/PERFORMANCE.md,
# section 15): make run TRUTH=1 with 2, 4 and 8 CPUs, the instruction-count
# plugin following each CPU's process (docs/accuracy.md). Sourced by
# bench/bench.sh (and bench/smptruth-only.sh).
#
# Two workloads, each under a system profile, its programs started at once
# (`start` in a batch), at SMPT_HZ:
#   equal    as many copies of graded (bench/graded.c, bench/wlplain.c) as
#            CPUs, SMPT_ROUNDS rounds each: within each program, each
#            function's share of its samples against its share of its
#            instructions (make run's "truth: NAME worst difference");
#   unequal  four workers (tests/guest/worker.c) of 1, 1, 2 and 4 units,
#            the last running alone at the end: each program's share of
#            the four programs' samples against its share of their
#            instructions.
SMPT_HZ=5000
SMPT_ROUNDS=60
SMPT_CPUS="2 4 8"
# The intervals with several CPUs (docs/accuracy.md, "Several CPUs"): on
# each of SMPT_COV_CPUS CPUs, as many copies of graded at once,
# SMPT_COV_ROUNDS rounds each, at SMPT_COV_HZ, over seeds 1 to
# SMPT_COV_SEEDS.
SMPT_COV_CPUS="2 4"
SMPT_COV_ROUNDS=30
SMPT_COV_HZ=10000
SMPT_COV_SEEDS=8

# smpt_run CPUS BATCH PROGS: make run TRUTH=1, its output in $out/smpt.log
smpt_run() {
	$make --no-print-directory run TRUTH=1 TIMEOUT=600 CPUS="$1" HZ=$SMPT_HZ SCRIPT="$2" PROG="$3" > "$out/smpt.log" 2>&1 ||
		die "smptruth: make run CPUS=$1 failed: $(tail -3 "$out/smpt.log")"
	grep -q "^make run: the exact instruction counts of " "$out/smpt.log" ||
		die "smptruth: make run CPUS=$1 wrote no truth: $(grep '^truth' "$out/smpt.log" | head -3)"
}

# smpt_within PROGRAMS: the worst of make run's "truth: NAME worst
# difference X points" over the programs named (lower case)
smpt_within() {
	awk -v progs=" $1 " '$1 == "truth:" && index(progs, " " $2 " ") && $5 + 0 > w { w = $5 + 0 }
		END { printf "%.2f", w }' "$out/smpt.log"
}

# smpt_between DUMP TRUTH MODULES: "samples worst" over the modules named:
# each one's share of their samples (pinfo's module table) against its
# share of their instructions (the truth file's lines, added up)
smpt_between() {
	{ "$build/pinfo" -z -- "$1" < /dev/null | awk '$2 ~ /^[0-9a-f]+$/ && NF == 5 { print "S", $1, $4 }'
	  awk '!/^#/ { print "T", $1, $3 }' "$2"; } |
	awk -v mods=" $3 " 'index(mods, " " $2 " ") == 0 { next }
		$1 == "S" { s[$2] += $3; ss += $3 } $1 == "T" { t[$2] += $3; ts += $3 }
		END { w = 0; for (m in t) { d = 100 * s[m] / ss - 100 * t[m] / ts; if (d < 0) d = -d; if (d > w) w = d }
		      printf "%d %.2f\n", ss, w }'
}

# smpt_rows SEED: from make run's report ($out/smpt.log), each graded
# function of each copy: "SEED MODULE FUNCTION PERCENT CI SAMPLED EXACT"
smpt_rows() {
	awk -v s="$1" '/^Module G/ { m = $2 } m && $1 ~ /^0001:/ && NF >= 10 && $NF ~ /^(branches|divide|lookup|shifts|multiply)$/ {
		ci = $5; gsub(/[^0-9.]/, "", ci); print s, m, $NF, $4 + 0, ci, $7 + 0, $8 + 0 }' "$out/smpt.log"
}

# smpt_cover CPUS: the intervals of graded on CPUS CPUs over the seeds:
# "HOLD MEAN LOW HIGH N", the share of intervals that hold the exact share,
# and each function's mean half-width over 1.96 times its share's standard
# deviation over the seeds (the interval, of all the samples, taken to the
# program's base as its Sampled column is)
smpt_cover() {
	_p="" _s=1
	{ echo "pset init"; echo "pset on"; } > "$_d/cover.cmd"
	_i=1
	while [ $_i -le "$1" ]; do
		_p="$_p g$_i=bench/graded.c,bench/wlplain.c"
		echo "start g$_i $SMPT_COV_ROUNDS" >> "$_d/cover.cmd"
		_i=$((_i + 1))
	done
	printf 'wait\npset off\npset dump eq.pro\npset free\n' >> "$_d/cover.cmd"
	: > "$_d/cover.txt"
	while [ $_s -le $SMPT_COV_SEEDS ]; do
		$make --no-print-directory run TRUTH=1 TIMEOUT=600 CPUS="$1" HZ=$SMPT_COV_HZ SEED=$_s \
			SCRIPT="$_d/cover.cmd" PROG="$_p" > "$out/smpt.log" 2>&1 || die "smptruth: make run SEED=$_s failed"
		smpt_rows $_s >> "$_d/cover.txt"
		_s=$((_s + 1))
	done
	awk '{ hw = $5 * $6 / $4; k = $2 " " $3; n[k]++; s[k] += $6; ss[k] += $6 * $6; h[k] += hw
		tot++; if ($6 - $7 <= hw && $7 - $6 <= hw) hold++ }
		END { for (k in n) { m = s[k] / n[k]; v = (ss[k] - n[k] * m * m) / (n[k] - 1); if (v <= 0) continue
			r = (h[k] / n[k]) / (1.96 * sqrt(v)); w += r; nw++; if (r > hi) hi = r; if (lo == "" || r < lo) lo = r }
		      if (!tot || !nw) exit 1
		      printf "%.1f %.2f %.2f %.2f %d\n", 100 * hold / tot, w / nw, lo, hi, tot }' "$_d/cover.txt" ||
		die "smptruth: no intervals from the seeds"
}

smptruth() {
	_d=$out/smptruth
	rm -rf "$_d" && mkdir -p "$_d"
	printf 'pset init\npset on\nstart wa 1\nstart wb 1\nstart wc 2\nstart wd 4\nwait\npset off\npset dump mix.pro\npset free\n' \
		> "$_d/unequal.cmd"
	{
		echo "| CPUs | workload | samples | worst difference within a program (points) | worst difference between programs (points) |"
		echo "|---:|---|---:|---:|---:|"
	} > "$out/smp-truth.md"
	# the unequal mix on one CPU: the between-program difference to match
	smpt_run 1 "$_d/unequal.cmd" "wa=tests/guest/worker.c wb=tests/guest/worker.c wc=tests/guest/worker.c wd=tests/guest/worker.c"
	one=$(smpt_between "$build/run/dumps/mix.pro" "$build/run/mix.truth" "WA WB WC WD")
	echo "| 1 | workers of 1, 1, 2, 4 units | ${one% *} | $(smpt_within "wa wb wc wd") | ${one#* } |" >> "$out/smp-truth.md"
	printf 'pset init\npset on\nstart g1 %s\nwait\npset off\npset dump eq.pro\npset free\n' $SMPT_ROUNDS > "$_d/one.cmd"
	smpt_run 1 "$_d/one.cmd" "g1=bench/graded.c,bench/wlplain.c"
	_s=$("$build/pinfo" -z -- "$build/run/dumps/eq.pro" < /dev/null | awk '$1 == "Total" { print $2 }')
	echo "| 1 | 1 graded | $_s | $(smpt_within g1) | |" >> "$out/smp-truth.md"
	_wi=0 _wb=0
	for _c in $SMPT_CPUS; do
		_p="" _n="" _i=1
		{ echo "pset init"; echo "pset on"; } > "$_d/equal.cmd"
		while [ $_i -le "$_c" ]; do
			_p="$_p g$_i=bench/graded.c,bench/wlplain.c" _n="$_n g$_i"
			echo "start g$_i $SMPT_ROUNDS" >> "$_d/equal.cmd"
			_i=$((_i + 1))
		done
		printf 'wait\npset off\npset dump eq.pro\npset free\n' >> "$_d/equal.cmd"
		smpt_run "$_c" "$_d/equal.cmd" "$_p"
		_w=$(smpt_within "$_n")
		_s=$("$build/pinfo" -z -- "$build/run/dumps/eq.pro" < /dev/null | awk '$1 == "Total" { print $2 }')
		echo "| $_c | $_c graded at once | $_s | $_w | |" >> "$out/smp-truth.md"
		_wi=$(awk -v a="$_wi" -v b="$_w" 'BEGIN { print (b > a) ? b : a }')
		smpt_run "$_c" "$_d/unequal.cmd" "wa=tests/guest/worker.c wb=tests/guest/worker.c wc=tests/guest/worker.c wd=tests/guest/worker.c"
		_b=$(smpt_between "$build/run/dumps/mix.pro" "$build/run/mix.truth" "WA WB WC WD")
		echo "| $_c | workers of 1, 1, 2, 4 units | ${_b% *} | $(smpt_within "wa wb wc wd") | ${_b#* } |" >> "$out/smp-truth.md"
		_wb=$(awk -v a="$_wb" -v b="${_b#* }" 'BEGIN { print (b > a) ? b : a }')
		cp "$out/smpt.log" "$_d/unequal.$_c.log"
	done
	{
		echo
		echo "| pinfo's intervals (each CPU's runs: turns=1), graded on as many CPUs at once, $SMPT_COV_HZ Hz, seeds 1 to $SMPT_COV_SEEDS | hold the exact share | mean width over the seeds' 95% spread | range by function |"
		echo "|---|---:|---:|---|"
	} >> "$out/smp-truth.md"
	_ch=100 _cw=0 _cl=$(echo $SMPT_COV_CPUS | awk '{ s = $1; for (i = 2; i < NF; i++) s = s ", " $i; if (NF > 1) s = s " and " $NF; print s }')
	for _c in $SMPT_COV_CPUS; do
		_cv=$(smpt_cover "$_c")
		set -- $_cv
		echo "| $_c CPUs | $1% of $5 | $2 | $3 to $4 |" >> "$out/smp-truth.md"
		_ch=$(awk -v a="$_ch" -v b="$1" 'BEGIN { print (b < a) ? b : a }')
		_cw=$(awk -v a="$_cw" -v b="$2" 'BEGIN { print (b > a) ? b : a }')
	done
	target 14 "several CPUs: intervals that hold the exact share (the least of $_cl CPUs)" "$_ch%" ">= 90%" \
		"$(holds "$_ch >= 90")"
	target 14 "several CPUs: mean width over the seeds' spread (the most of $_cl CPUs)" "$_cw" "<= 2" \
		"$(holds "$_cw <= 2")"
	target 14 "several CPUs: a function's share within its program, worst over 2, 4 and 8 CPUs (TRUTH=1)" \
		"$_wi points" "<= 1 point" "$(holds "$_wi <= 1")"
	target 14 "several CPUs: a program's share of the programs' samples, workers of 1, 1, 2, 4 units" \
		"$_wb points (one CPU: ${one#* })" "<= 1 point" "$(holds "$_wb <= 1")"
}
