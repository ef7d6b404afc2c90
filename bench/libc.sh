# libc.sh: section 11 of docs/PERFORMANCE.md, the C library's share of a
# program's profile; sourced by bench/bench.sh and bench/libc-only.sh
# (make bench-libc), after bench/lib.sh and bench/accuracy.sh.
#
# Each program of LIBC_PROGS (bench/allocs.c, bench/strings.c) is built as
# make run builds a user's program (hosted C on newlib: bench/bench.mk) and
# run once in the guest as make run runs it (profrun NAME ARGS: profiled
# whole), under the instruction-count plugin. Its allocator's and its
# string functions' shares of the program's own ticks (pinfo, the dump
# against the program's map) and of its own ring-3 instructions (the
# plugin, the same run) are set beside the same source's shares on the
# host, built natively (x86-64, glibc) and counted by callgrind. The shares
# are of the program's own code, C library included: ring 3 in the guest,
# everything callgrind counts on the host (user space, the dynamic loader
# too); the kernel's part of the guest's run is given apart. The functions
# are sorted by bench/libcfuncs.awk.

LIBC_HZ=20000
# name, arguments, what it is
LIBC_PROGS="allocs:1:allocation-heavy: trees of small nodes, a pool of random sizes and lifetimes, realloc'd arrays, a string table
strings:4:string-heavy: splitting, copying, comparing, searching and joining lines; qsort by strcmp; memmove, memcmp"

# libc_guest NAME ARGS DIR: the guest's run of build/bench/libc/NAME.elf,
# under profrun and the plugin; DIR gets the dump, the map, the counts.
libc_guest() {
	_n=$1 _a=$2 _d=$3
	rm -rf "$_d"
	mkdir -p "$_d"
	printf 'profrun %s %s\n' "$_n" "$_a" > "$_d/bench.cmd"
	sh scripts/qrun -kernel -quiet -o "$_d" -hz "$LIBC_HZ" -timeout 600 -plugin "$(plugin_spec "$_d")" \
		-batch "$_d/bench.cmd" "$build/kernel.elf" "$build/bench/nl/$_n.elf" \
		"$build/user/profrun.elf" "$build/user/cmd.elf" > "$_d/qrun.out" 2>&1 ||
		die "$_d: qrun failed: $(cat "$_d/qrun.out")"
	"$build/profextract" -o "$_d" "$_d/serial.log" > "$_d/extract.out" 2>&1 ||
		die "$_d: profextract failed: $(cat "$_d/extract.out")"
	[ -f "$_d/$_n.pro" ] || die "$_n: no dump: $(tail -5 "$_d/serial.log")"
	"$build/mkmap" "$build/bench/nl/$_n.elf" "$(upper "$_n")" > "$_d/$_n.map"
}

# pct PART WHOLE: a share in percent, two decimals
pct() { awk -v p="$1" -v w="$2" 'BEGIN { printf "%.2f", w ? 100 * p / w : 0 }'; }
# field FILE KEY: a number of libcfuncs.awk's first line
field() { head -1 "$1" | tr ' ' '\n' | awk -v k="$2" 'f { print; exit } $0 == k { f = 1 }'; }

# libc_share: measures every program; writes libc.md and libc-detail.md.
libc_share() {
	mkdir -p "$out/libc"
	: > "$out/libc/rows.txt"
	echo "$LIBC_PROGS" | while IFS=: read -r n a what; do
		d=$out/libc/$n N=$(upper "$n")
		note "libc: $n ($what), in the guest under the plugin, then callgrind on the host"
		libc_guest "$n" "$a" "$d"
		# the sampled profile: the ticks of the program's own module
		tics "$d/$n.pro" "$d/$n.map" | awk -v m="$N" '$1 == m { print $2, $3 }' > "$d/ticks.txt"
		# the exact count of the same run
		truth "$d/counts.txt" "$n" "$build/bench/nl/$n.elf" "$N" > "$d/truth.txt" || exit 1
		awk '{ print $2, $3 }' "$d/truth.txt" > "$d/insns.txt"
		kin=$(awk -v n="$n" '$1 == "proc" && $3 == n && $5 > 0 { print $6 }' "$d/counts.txt")
		all=$(dumptotal "$d/$n.pro")
		# the host: the same source, glibc, callgrind (its arguments split at spaces)
		# shellcheck disable=SC2086
		valgrind --tool=callgrind --callgrind-out-file="$d/cg.out" "$build/bench/nl/host/$n" $a \
			> "$d/host.stdout" 2> "$d/cg.log" || die "callgrind $n failed: $(tail -3 "$d/cg.log")"
		awk -f bench/callgrind.awk "$d/cg.out" > "$d/cg.txt"
		for k in ticks insns cg; do awk -f bench/libcfuncs.awk "$d/$k.txt" > "$d/$k.class"; done
		# what the program printed, in the guest and on the host
		sed -n 's/^\(round [0-9]*:.*\)$/\1/p' "$d/serial.log" | tr -d '\r' > "$d/guest.stdout"
		if [ -s "$d/guest.stdout" ] && cmp -s "$d/guest.stdout" "$d/host.stdout"; then same=yes; else same="**no**"; fi
		t=$(field "$d/ticks.class" total) i=$(field "$d/insns.class" total) c=$(field "$d/cg.class" total)
		echo "$n|$what|$a|$t|$all|$i|$kin|$c|$same|$(field "$d/ticks.class" alloc)|$(field "$d/insns.class" alloc)|$(field "$d/cg.class" alloc)|$(field "$d/ticks.class" string)|$(field "$d/insns.class" string)|$(field "$d/cg.class" string)" \
			>> "$out/libc/rows.txt"
	done || die "section 11 could not be measured"
	libc_tables
}

# libc_tables: the tables of section 11 and its targets, from rows.txt.
libc_tables() {
	{
		echo "| program | functions | newlib, profile (share of its ticks) | newlib, exact (share of its instructions) | glibc on the host (callgrind) | newlib against glibc | goal |"
		echo "|---|---|---:|---:|---:|---:|---|"
	} > "$out/libc.md"
	: > "$out/libc-detail.md"
	: > "$out/libc-verdict.txt"
	while IFS='|' read -r n what a t all i kin c same ta ia ca ts is cs; do
		pa=$(pct "$ta" "$t") ea=$(pct "$ia" "$i") ga=$(pct "$ca" "$c")
		ps=$(pct "$ts" "$t") es=$(pct "$is" "$i") gs=$(pct "$cs" "$c")
		bound=$(awk -v g="$ga" 'BEGIN { printf "%.2f", 2 * g + 1 }')
		ok=$(holds "$pa <= $bound && $ea <= $bound")
		case $ok in 1) v=met ;; *) v="**not met**" ;; esac
		if awk -v g="$ga" 'BEGIN { exit !(g >= 1) }'; then goal="≤ 2 × $ga + 1 = $bound%: $v"
		else goal="(glibc's under 1%: none)"; fi
		echo "| $n | the allocator | $pa% | $ea% | $ga% | $(awk -v a="$ea" -v g="$ga" 'BEGIN { printf g ? "%.1f×" : "—", a / g }') | $goal |" >> "$out/libc.md"
		echo "| $n | the string functions | $ps% | $es% | $gs% | $(awk -v a="$es" -v g="$gs" 'BEGIN { printf g ? "%.1f×" : "—", a / g }') | (none) |" >> "$out/libc.md"
		# the goal has a meaning where glibc's allocator has a share to speak of
		if awk -v g="$ga" 'BEGIN { exit !(g >= 1) }'; then
			target 11 "the allocator's share of the profile of $n against glibc's ($ga% on the host)" \
				"$pa% (exact $ea%)" "≤ 2 × glibc's + 1 point: $bound%" "$ok"
			echo "$n: newlib's allocator takes $pa% of the ticks ($ea% of the instructions, counted exactly), $(awk -v a="$ea" -v g="$ga" 'BEGIN { printf "%.2f", a / g }') times glibc's share of the same program on the host, $ga%: the goal (at most $bound%) is $v." >> "$out/libc-verdict.txt"
		fi
		{
			echo "**$n** ($what; \`profrun $n $a\` at $LIBC_HZ Hz): $t ticks in its own module of $all in the dump"
			echo "(the rest the kernel's: its system calls, sbrk's pages, the clock); $i instructions in ring 3 and"
			echo "$kin in the kernel (plugin); on the host $c instructions (callgrind). It prints the same lines in the"
			echo "guest as on the host: $same."
			echo
			echo "Each library's largest functions of each class (up to six, of 0.01% or more of the instructions):"
			echo
			echo "| C library | function | newlib, ticks | newlib, instructions | | glibc function | glibc, instructions |"
			echo "|---|---|---:|---:|---|---|---:|"
			for k in alloc string; do
				awk -v k="$k" -v t="$t" -v i="$i" -v c="$c" '
					FILENAME == ARGV[1] { if ($1 == k) tk[$2] = $3; next }
					FILENAME == ARGV[2] { if ($1 == k && 10000 * $3 >= i) { nn++; name[nn] = $2; ins[nn] = $3 } next }
					$1 == k && 10000 * $3 >= c { gn++; gname[gn] = $2; gi[gn] = $3 }
					END {
						rows = nn > gn ? nn : gn; if (rows > 6) rows = 6
						if (!rows)
							printf "| %s | (none of 0.01%% or more) | | | | (none of 0.01%% or more) | |\n",
								(k == "alloc" ? "allocator" : "string")
						for (r = 1; r <= rows; r++)
							printf "| %s | %s | %s | %s | | %s | %s |\n", (k == "alloc" ? "allocator" : "string"),
								r <= nn ? name[r] : "", r <= nn ? sprintf("%.2f%%", 100 * tk[name[r]] / t) : "",
								r <= nn ? sprintf("%.2f%%", 100 * ins[r] / i) : "",
								r <= gn ? gname[r] : "", r <= gn ? sprintf("%.2f%%", 100 * gi[r] / c) : ""
					}' "$out/libc/$n/ticks.class" "$out/libc/$n/insns.class" "$out/libc/$n/cg.class"
			done
			echo
		} >> "$out/libc-detail.md"
	done < "$out/libc/rows.txt"
	{ echo; echo "Verdict: $(tr '\n' ' ' < "$out/libc-verdict.txt" | sed 's/ $//')"; } >> "$out/libc.md"
}
