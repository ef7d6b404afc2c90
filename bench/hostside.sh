# hostside.sh: the host tools on a large profile (docs/PERFORMANCE.md,
# section 7); sourced by bench/bench.sh. pinfo's ratio table against
# readprofile: bench/hostratios.sh; the dumps' size on the wire:
# bench/wire.sh.

BIG_FUNCS=100000
BIG_SIZE=16777216	# 16 MiB of code
BIG_SAMPLES=1000000
BIG_ORIGIN=0x100000

ROUNDS=15	# runs of pinfo and of readprofile, whose median is taken

# median: the median of the numbers on stdin, one a line.
median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# timed N NAME CMD...: appends to $hs/NAME.times the wall time of N more
# runs of CMD, in seconds, one a line (best_of keeps its own counter).
timed() {
	_k=$1; _name=$2; shift 2
	while [ "$_k" -gt 0 ]; do
		_t=$(best_of 1 "$@") || die "could not time $*"
		echo "$_t" >> "$hs/$_name.times"
		_k=$((_k - 1))
	done
}

# median_of NAME: the median of $hs/NAME.times, which must hold ROUNDS times.
median_of() {
	[ "$(wc -l < "$hs/$1.times")" -eq "$ROUNDS" ] || die "$1: $(wc -l < "$hs/$1.times") timings, not $ROUNDS"
	median < "$hs/$1.times"
}

# pinfo_sum: the ticks of pinfo's report in $hs/last.out.
pinfo_sum() { awk '$1 ~ /^[0-9a-f]+:[0-9a-f]+$/ { t += $2 } END { print t + 0 }' "$hs/last.out"; }

# best_of N CMD...: the shortest wall time of N runs of CMD, in seconds;
# the output of the last run is left in $hs/last.out.
best_of() {
	_n=$1; shift
	_best=""
	while [ "$_n" -gt 0 ]; do
		_t0=$(now)
		"$@" > "$hs/last.out" 2> "$hs/last.err" || die "failed: $* ($(head -3 "$hs/last.err"))"
		_t=$(( $(now) - _t0 ))
		[ -z "$_best" ] || [ "$_t" -lt "$_best" ] && _best=$_t
		_n=$((_n - 1))
	done
	awk -v t="$_best" 'BEGIN { printf "%.3f", t / 1e9 }'
}

# bigprog NAME NFUNC SIZE: NAME.elf (at BIG_ORIGIN) and its map NAME.map (mkmap -s).
bigprog() {
	awk -v nfunc=$2 -v size=$3 -f bench/genbig.awk > "$hs/$1.s"
	as --32 -o "$hs/$1.o" "$hs/$1.s" || die "as failed"
	ld -m elf_i386 -Ttext=$BIG_ORIGIN -e _stext --build-id=none -o "$hs/$1.elf" "$hs/$1.o" ||
		die "ld failed"
	rm -f "$hs/$1.s" "$hs/$1.o"
	"$build/mkmap" -s "$hs/$1.elf" "$(echo "$1" | tr a-z A-Z)" > "$hs/$1.map" 2> /dev/null
}

# peak CMD...: the peak resident memory of CMD, in MiB.
peak() {
	/usr/bin/time -f '%M' -o "$hs/peak.txt" "$@" > /dev/null 2>&1 || die "failed: $*"
	awk '{ printf "%.0f", $1 / 1024 }' "$hs/peak.txt"
}

# has_exports: whether this pinfo writes gmon.out and /proc/profile yet.
has_exports() { "$build/pinfo" 2>&1 | grep -q -- '--gmon' && "$build/pinfo" 2>&1 | grep -q -- '--proc-profile'; }

hostside() {
	hs=$out/hostside
	mkdir -p "$hs"
	note "host side: a program of $BIG_FUNCS functions over $BIG_SIZE bytes, $BIG_SAMPLES samples"
	awk -v nfunc=$BIG_FUNCS -v size=$BIG_SIZE -f bench/genbig.awk > "$hs/bigprog.s"
	as --32 -o "$hs/bigprog.o" "$hs/bigprog.s" || die "as failed"
	ld -m elf_i386 -Ttext=$BIG_ORIGIN -e _stext --build-id=none -o "$hs/bigprog.elf" "$hs/bigprog.o" ||
		die "ld failed"
	"$build/mkmap" -s "$hs/bigprog.elf" BIGPROG > "$hs/bigprog.map"
	"$build/bench/gendump" BIGPROG $BIG_ORIGIN $BIG_SIZE $BIG_SAMPLES "$hs/bigprog.pro" > "$hs/gendump.txt" ||
		die "gendump failed"
	gen=$(cat "$hs/gendump.txt")

	{
		echo "| tool | command | seconds | its time / pinfo's | ticks it reports |"
		echo "|---|---|---:|---:|---:|"
	} > "$out/hosttimes.md"
	if has_exports; then
		hostside_exports
		hostratios
	else
		note "host side: pinfo (the median of $ROUNDS runs)"
		: > "$hs/pinfo.times"
		timed $ROUNDS pinfo "$build/pinfo" "$hs/bigprog.pro" "$hs/bigprog.map"
		t_pinfo=$(median_of pinfo)
		echo "| pinfo | \`pinfo bigprog.pro bigprog.map\` | $t_pinfo | 1 | $(pinfo_sum) |" >> "$out/hosttimes.md"
		note "host side: this pinfo has no --gmon / --proc-profile yet: readprofile and gprof skipped"
		echo "| readprofile, gprof | (not run: this pinfo has no --gmon / --proc-profile yet) | | | |" >> "$out/hosttimes.md"
		echo "(not run: this pinfo has no --proc-profile yet)" > "$out/hostratios.md"
		target 7 "pinfo's time against readprofile's, large profiles" "—" "≤ 0.5" -
		target 7 "gprof's time against pinfo's" "—" "≥ 100" -
	fi
	wire_table
}

hostside_exports() {
	t_proc=$(best_of 5 "$build/pinfo" --proc-profile "$hs/bigprog.proc" --module BIGPROG "$hs/bigprog.pro")
	t_gmon=$(best_of 5 "$build/pinfo" --gmon "$hs/gmon.out" "$hs/bigprog.pro" "$hs/bigprog.elf")
	# Taken in turns, so that both see the same machine; the median of
	# each, which one slow or lucky run does not move.
	note "host side: pinfo and readprofile, in turns (the median of $ROUNDS runs each)"
	: > "$hs/pinfo.times"
	: > "$hs/rp.times"
	_r=$ROUNDS
	while [ "$_r" -gt 0 ]; do
		timed 1 pinfo "$build/pinfo" "$hs/bigprog.pro" "$hs/bigprog.map"
		sum_pinfo=$(pinfo_sum)
		timed 1 rp readprofile -p "$hs/bigprog.proc" -m "$hs/bigprog.map"
		_r=$((_r - 1))
	done
	sum_rp=$(awk '$2 == "total" { print $1 }' "$hs/last.out")
	t_pinfo=$(median_of pinfo)
	t_rp=$(median_of rp)
	note "host side: gprof (once; it takes a minute or two)"
	t_gp=$(best_of 1 gprof -b -p "$hs/bigprog.elf" "$hs/gmon.out")
	# gprof's flat profile: the last cumulative seconds, in samples of 1/hz s
	sum_gp=$(awk '$1 ~ /^[0-9.]+$/ && NF >= 4 { c = $2 } END { printf "%.0f", c * 1000 }' "$hs/last.out")
	awk -v p="$t_pinfo" -v rp="$t_rp" -v gp="$t_gp" -v tp="$t_proc" -v tg="$t_gmon" \
	    -v sp="$sum_pinfo" -v srp="$sum_rp" -v sgp="$sum_gp" 'BEGIN {
		printf "| pinfo | `pinfo bigprog.pro bigprog.map` | %s | 1 | %s |\n", p, sp
		printf "| readprofile | `readprofile -p bigprog.proc -m bigprog.map` | %s | %.2f | %s |\n", rp, rp / p, srp
		printf "| gprof | `gprof -b -p bigprog.elf gmon.out` | %s | %.0f | %s |\n", gp, gp / p, sgp
		printf "| pinfo --proc-profile | `pinfo --proc-profile bigprog.proc --module BIGPROG bigprog.pro` | %s | | |\n", tp
		printf "| pinfo --gmon | `pinfo --gmon gmon.out bigprog.pro bigprog.elf` | %s | | |\n", tg
	}' >> "$out/hosttimes.md"
	target 7 "gprof's time against pinfo's" "$(awk -v p="$t_pinfo" -v g="$t_gp" 'BEGIN { printf "%.0f", g / p }')" \
		"≥ 100" "$(holds "$t_gp >= 100 * $t_pinfo")"
}
