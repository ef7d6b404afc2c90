# hostratios.sh: pinfo against readprofile on large shapes, in paired runs
# (docs/PERFORMANCE.md, section 7: the ratio table and its targets);
# sourced by bench/bench.sh, after bench/hostside.sh, whose helpers it uses.

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
