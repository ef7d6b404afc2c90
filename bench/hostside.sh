# hostside.sh: the host tools on a large profile, and the dumps' size on
# the wire (docs/PERFORMANCE.md, section 7); sourced by bench/bench.sh.

BIG_FUNCS=100000
BIG_SIZE=16777216	# 16 MiB of code
BIG_SAMPLES=1000000
BIG_ORIGIN=0x100000

ROUNDS=15	# runs of pinfo and of readprofile, whose median is taken

# The shapes of the ratio table (hostratios): the 64 MiB program of 400,000
# functions, and a system dump of SYS_MODS programs of 1 MiB and 5,000
# functions, of which pinfo reports one.
HUGE_FUNCS=400000
HUGE_SIZE=67108864
HUGE_SAMPLES=4000000
SYS_MODS=200
SYS_FUNCS=5000
SYS_SIZE=1048576
SYS_SAMPLES=10000
RATIO_ROUNDS=11	# paired runs of each row of the ratio table

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

# ratio_row LABEL PINFO_CMD -- READPROFILE_CMD: a row of the ratio table:
# RATIO_ROUNDS runs of each, in turns; each pair's ratio, and their median
# and spread (the lowest and highest), the medians of the times, the peaks.
ratio_row() {
	_label=$1; shift
	_a=""; while [ "$1" != "--" ]; do _a="$_a $1"; shift; done; shift
	: > "$hs/pair.txt"
	_r=$RATIO_ROUNDS
	while [ "$_r" -gt 0 ]; do
		# shellcheck disable=SC2086
		_ta=$(best_of 1 $_a); _tb=$(best_of 1 "$@")
		echo "$_ta $_tb" >> "$hs/pair.txt"
		_r=$((_r - 1))
	done
	# shellcheck disable=SC2086
	_pa=$(peak $_a); _pb=$(peak "$@")
	sort -n -k1,1 "$hs/pair.txt" | awk '{ print $1 }' | median > "$hs/ma.txt"
	sort -n -k2,2 "$hs/pair.txt" | awk '{ print $2 }' | median > "$hs/mb.txt"
	awk '{ print $1 / $2 }' "$hs/pair.txt" | sort -g > "$hs/ratios.txt"
	_ratio=$(median < "$hs/ratios.txt")
	_lo=$(head -1 "$hs/ratios.txt"); _hi=$(tail -1 "$hs/ratios.txt")
	awk -v l="$_label" -v a="$(cat "$hs/ma.txt")" -v b="$(cat "$hs/mb.txt")" -v r="$_ratio" \
	    -v lo="$_lo" -v hi="$_hi" -v pa="$_pa" -v pb="$_pb" 'BEGIN {
		printf "| %s | %s | %s | %.2f | %.2f to %.2f | %d | %d |\n", l, a, b, r, lo, hi, pa, pb }' \
		>> "$out/hostratios.md"
	echo "$_label|$_ratio|$_pa|$_pb" >> "$hs/ratios.all"
}

# hostratios: pinfo against readprofile on the large shapes (the table of
# section 7 and its targets).
hostratios() {
	note "host side: the 64 MiB program and the system dump of $SYS_MODS programs"
	bigprog huge $HUGE_FUNCS $HUGE_SIZE
	"$build/bench/gendump" HUGE $BIG_ORIGIN $HUGE_SIZE $HUGE_SAMPLES "$hs/huge.pro" > /dev/null ||
		die "gendump failed"
	"$build/pinfo" --proc-profile "$hs/huge.proc" --module HUGE "$hs/huge.pro" || die "export failed"
	bigprog mod042 $SYS_FUNCS $SYS_SIZE
	"$build/bench/gendump" MOD $BIG_ORIGIN $SYS_SIZE $SYS_SAMPLES "$hs/sys.pro" $SYS_MODS > /dev/null ||
		die "gendump failed"
	"$build/pinfo" --proc-profile "$hs/mod042.proc" --module MOD042 "$hs/sys.pro" || die "export failed"
	{
		echo "| shape, map | pinfo (s, median) | readprofile (s, median) | pinfo / readprofile (median of pairs) | spread (lowest to highest pair) | pinfo's peak (MiB) | readprofile's peak (MiB) |"
		echo "|---|---:|---:|---:|---|---:|---:|"
	} > "$out/hostratios.md"
	: > "$hs/ratios.all"
	note "host side: pinfo against readprofile, $RATIO_ROUNDS pairs a row"
	ratio_row "16 MiB, 100,000 functions, nm map" "$build/pinfo" "$hs/bigprog.pro" "$hs/bigprog.map" -- \
		readprofile -p "$hs/bigprog.proc" -m "$hs/bigprog.map"
	ratio_row "16 MiB, 100,000 functions, ELF" "$build/pinfo" "$hs/bigprog.pro" "$hs/bigprog.elf" -- \
		readprofile -p "$hs/bigprog.proc" -m "$hs/bigprog.map"
	ratio_row "64 MiB, 400,000 functions, nm map" "$build/pinfo" "$hs/huge.pro" "$hs/huge.map" -- \
		readprofile -p "$hs/huge.proc" -m "$hs/huge.map"
	ratio_row "64 MiB, 400,000 functions, ELF" "$build/pinfo" "$hs/huge.pro" "$hs/huge.elf" -- \
		readprofile -p "$hs/huge.proc" -m "$hs/huge.map"
	ratio_row "64 MiB, \`-e\` against \`readprofile -b\`" "$build/pinfo" -e "$hs/huge.pro" "$hs/huge.map" -- \
		readprofile -b -p "$hs/huge.proc" -m "$hs/huge.map"
	ratio_row "one module of $SYS_MODS (1 MiB, 5,000 functions each), nm map" "$build/pinfo" "$hs/sys.pro" \
		"$hs/mod042.map" -- readprofile -p "$hs/mod042.proc" -m "$hs/mod042.map"
	ratio_row "one module of $SYS_MODS, ELF" "$build/pinfo" "$hs/sys.pro" "$hs/mod042.elf" -- \
		readprofile -p "$hs/mod042.proc" -m "$hs/mod042.map"
	worst=$(awk -F'|' '$1 ~ /^(16|64) MiB, [0-9,]+ functions/ { if ($2 > m) m = $2 } END { printf "%.2f", m }' "$hs/ratios.all")
	target 7 "pinfo's time against readprofile's, large profiles (the worst median, nm map or ELF)" "$worst" "≤ 0.5" \
		"$(holds "$worst <= 0.5")"
	mem=$(awk -F'|' '$1 ~ /^(16|64) MiB, [0-9,]+ functions/ { r = $3 / $4; if (r > m) m = r } END { printf "%.2f", m }' "$hs/ratios.all")
	target 7 "pinfo's peak memory against readprofile's, large profiles (the worst)" "$mem" "≤ 1" "$(holds "$mem <= 1")"
	mod=$(awk -F'|' '$1 ~ /^one module/ { if ($2 > m) m = $2 } END { printf "%.2f", m }' "$hs/ratios.all")
	target 7 "one module of a $SYS_MODS-module dump against readprofile on that module alone" "$mod" "≤ 2" \
		"$(holds "$mod <= 2")"
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

# wire_table: each dump's bytes against its nonzero buckets. The fixed
# part of a dump of one segment: the 56-byte header, the 33-byte segment
# header, the varint count of nonzero buckets, the 4-byte CRC; then the
# trace (format 5) and the CPU records (format 6), their bytes as
# bench/dumpparts gives them; the rest is the buckets. On the wire, base64 makes 4 bytes of 3 and a newline ends
# every 76 characters (x 4/3 x 77/76), and the frame's begin and end lines
# (their length depends on the name) are fixed too.
wire_table() {
	{
		echo "| dump | nonzero buckets | dump bytes | of which the trace, the CPU records | of which buckets | a bucket, in the dump | a bucket, on the wire | target ≤ 12 on the wire | whole frame on the wire | ProfDump's time (guest) | the frame at 115200 baud |"
		echo "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"
		for w in hotloop graded recurse syscalls; do
			dir=$out/acc/$w.1
			wire_row "$w.pro" "$(nonzero "$dir/$w.pro" "$dir/$w.map")" "$(wc -c < "$dir/$w.pro")" \
				"$(wirebytes "$dir/serial.log" "$w.pro")" \
				"$(get dump_ns "$(benchline "$w" "$dir/serial.log")")" \
				"$("$build/bench/dumpparts" "$dir/$w.pro" | cut -d' ' -f2-)"
		done
		wire_row "bigprog.pro (made on the host)" "$(get nonzero "$gen")" "$(get dump_bytes "$gen")" \
			"$(get wire_bytes "$gen")" "" ""
	} > "$out/wire.md"
	worst=$(awk -F'|' 'NR > 2 { v = $8 + 0; if (v > m) m = v } END { printf "%.2f", m }' "$out/wire.md")
	target 7 "wire bytes a nonzero bucket (the worst dump)" "$worst" "≤ 12" "$(holds "$worst <= 12")"
}

# wire_row NAME NONZERO BYTES WIRE DUMP_NS "TRACE_BYTES CPU_BYTES"
wire_row() {
	awk -v name="$1" -v nz="$2" -v b="$3" -v w="$4" -v dns="$5" -v tr="$6" 'BEGIN {
		varint = nz < 128 ? 1 : nz < 16384 ? 2 : nz < 2097152 ? 3 : nz < 268435456 ? 4 : 5
		split(tr, t2, " "); tb = t2[1] + t2[2]
		buckets = b - (56 + 33 + varint + 4) - tb
		per = buckets / nz; wper = per * 4 / 3 * 77 / 76
		t = dns == "" ? "(not sent)" : sprintf("%.3f ms", dns / 1e6)
		printf "| %s | %d | %d | %s | %d | %.2f | %.2f | %s | %d | %s | %.2f s |\n", name, nz, b,
		       tr == "" ? "none" : sprintf("%d, %d", t2[1], t2[2]), buckets,
		       per, wper, (wper <= 12 ? "met" : "**not met**"), w, t, w * 10 / 115200
	}'
}
