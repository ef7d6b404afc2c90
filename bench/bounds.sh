# bounds.sh: pinfo's bounds on forged dumps of deep stacks through long
# names (docs/PERFORMANCE.md, section 10; docs/security.md, section 4):
# each view's output, peak memory and time, with long names and with short
# names on the same stacks. Sourced by bench/bench.sh; `make bench-bounds`
# runs it alone (bench/bounds-only.sh).

# The side-by-side shape: 400 stacks of 255 frames through 500 functions,
# their names BOUNDS_LONG bytes long or BOUNDS_SHORT.
BOUNDS_LONG=4000
BOUNDS_SHORT=8
BOUNDS_FUNCS=500
BOUNDS_STACKS=400
BOUNDS_DEPTH=255
# One name of BOUNDS_ONE bytes in every frame of BOUNDS_ONE_STACKS stacks:
# a 4.3 MB dump whose stacks all fold to one line.
BOUNDS_ONE=4096	# a text map's longest name (MAP_NAME_MAX)
BOUNDS_ONE_STACKS=16800

# bounds_run DIR FILE|- ARGS...: one pinfo run in DIR; prints "bytes peak_MiB
# seconds" (bytes: of FILE, or of stdout for -).
bounds_run() {
	_d=$1 _f=$2
	shift 2
	rm -f "$_d/out"
	if [ "$_f" = - ]; then
		(cd "$_d" && /usr/bin/time -f '%M %e' -o tm "$pinfo_abs" "$@" 2> err | wc -c > bytes) ||
			die "bounds: pinfo $* failed in $_d"
	else
		(cd "$_d" && /usr/bin/time -f '%M %e' -o tm "$pinfo_abs" "$@" > /dev/null 2> err) ||
			die "bounds: pinfo $* failed in $_d: $(grep -v note: "$_d/err" | head -2)"
		wc -c < "$_d/$_f" > "$_d/bytes"
	fi
	grep -q . "$_d/tm" || die "bounds: no measure of pinfo $*"
	[ -z "$(grep -v 'note:' "$_d/err")" ] || die "bounds: pinfo $*: $(grep -v note: "$_d/err" | head -2)"
	rm -f "$_d/out"
	awk -v b="$(cat "$_d/bytes")" '{ printf "%d %.0f %.2f\n", b, $1 / 1024, $2 }' "$_d/tm"
}

# human BYTES: 1.4 GB, 310 KB...
human() {
	awk -v b="$1" 'BEGIN { if (b >= 1e9) printf "%.2f GB", b / 1e9; else if (b >= 1e6) printf "%.1f MB", b / 1e6;
		else if (b >= 1e3) printf "%.0f KB", b / 1e3; else printf "%d B", b }'
}

bounds() {
	bd=$out/bounds
	pinfo_abs=$(cd "$(dirname "$build/pinfo")" && pwd)/pinfo
	rm -rf "$bd"
	mkdir -p "$bd/long" "$bd/short" "$bd/one"
	note "bounds: forged dumps of deep stacks, names of $BOUNDS_LONG and $BOUNDS_SHORT bytes"
	for s in long short; do
		[ $s = long ] && len=$BOUNDS_LONG || len=$BOUNDS_SHORT
		"$build/bench/genstacks" "$len" $BOUNDS_FUNCS $BOUNDS_STACKS $BOUNDS_DEPTH \
			"$bd/$s/deep.pro" "$bd/$s/deep.sym" > /dev/null || die "genstacks failed"
		cp "$bd/$s/deep.pro" "$bd/$s/again.pro"
	done
	"$build/bench/genstacks" $BOUNDS_ONE 1 $BOUNDS_ONE_STACKS $BOUNDS_DEPTH "$bd/one/deep.pro" \
		"$bd/one/deep.sym" > /dev/null || die "genstacks failed"
	lb=$(wc -c < "$bd/long/deep.pro") lm=$(wc -c < "$bd/long/deep.sym") sm=$(wc -c < "$bd/short/deep.sym")
	{
		echo "Dump: $(human "$lb"), $BOUNDS_STACKS stacks of $BOUNDS_DEPTH frames through $BOUNDS_FUNCS functions;"
		echo "map: $(human "$lm") with names of $BOUNDS_LONG bytes, $(human "$sm") with names of $BOUNDS_SHORT."
		echo
		echo "| view | output, long names | peak (MiB) | time (s) | output, short names | peak (MiB) | time (s) |"
		echo "|---|---:|---:|---:|---:|---:|---:|"
	} > "$out/bounds.md"
	while IFS='|' read -r label file args; do
		[ -n "$label" ] || continue
		row="| $label"
		for s in long short; do
			# shellcheck disable=SC2086
			set -- $(bounds_run "$bd/$s" "$file" $args)
			row="$row | $(human "$1") | $2 | $3"
		done
		echo "$row |" >> "$out/bounds.md"
	done <<-EOT
	--folded|out|--folded out deep.pro deep.sym
	-g (call graph)|-|-g deep.pro deep.sym
	--flamegraph|out|--flamegraph out deep.pro deep.sym
	--pprof|out|--pprof out deep.pro deep.sym
	--html|out|--html out deep.pro deep.sym
	the report (a map)|-|deep.pro deep.sym
	-e -z -t|-|-e -z -t deep.pro deep.sym
	--sort=name|-|--sort=name deep.pro deep.sym
	--top 5|-|--top 5 deep.pro deep.sym
	--diff|-|--diff deep.pro again.pro deep.sym
	--merge|out|--merge out deep.pro again.pro
	--proc-profile (readprofile)|out|--proc-profile out --module DEEP deep.pro
	EOT
	ob=$(wc -c < "$bd/one/deep.pro")
	{
		echo
		echo "One name of $BOUNDS_ONE bytes in every frame: $(human "$ob") of dump, $BOUNDS_ONE_STACKS stacks of $BOUNDS_DEPTH frames."
		echo
		echo "| view | output | peak (MiB) | time (s) |"
		echo "|---|---:|---:|---:|"
	} >> "$out/bounds.md"
	while IFS='|' read -r label file args; do
		[ -n "$label" ] || continue
		# shellcheck disable=SC2086
		set -- $(bounds_run "$bd/one" "$file" $args)
		echo "| $label | $(human "$1") | $2 | $3 |" >> "$out/bounds.md"
	done <<-EOT
	--folded|out|--folded out deep.pro deep.sym
	-g (call graph)|-|-g deep.pro deep.sym
	--flamegraph|out|--flamegraph out deep.pro deep.sym
	--pprof|out|--pprof out deep.pro deep.sym
	--html|out|--html out deep.pro deep.sym
	EOT
	"$build/bench/gendump" BIG 0 16777216 1000 "$bd/one/big.pro" > /dev/null || die "gendump failed"
	{
		echo
		echo "Every counter listed: a dump of $(human "$(wc -c < "$bd/one/big.pro")") (bench/gendump), 1,000 samples over a 16 MiB segment (4 Mi counters)."
		echo
		echo "| view | output | peak (MiB) | time (s) |"
		echo "|---|---:|---:|---:|"
	} >> "$out/bounds.md"
	for args in "-e" "-e -z"; do
		# shellcheck disable=SC2086
		set -- $(bounds_run "$bd/one" - $args big.pro)
		echo "| $args | $(human "$1") | $2 | $3 |" >> "$out/bounds.md"
	done
	rm -rf "$bd"
}
