# tools/gprof.sh (sourced by tools.sh): check_gprof, gprof on pinfo --gmon's
# file against pinfo's ticks a function, and the helpers it reads both with.

# pinfo's ticks a function, "name ticks", from pinfo DUMP MAP.
pinfo_ticks() {
	$pinfo --strict "$1" "$2" | awk '/^[0-9a-f][0-9a-f][0-9a-f][0-9a-f]:/ { print $NF, $2 }'
}

# gprof's flat profile, "name self-seconds", of ELF and GMON.
gprof_self() {
	gprof -b -p "$1" "$2" | awk 'NF == 4 && $1 ~ /^[0-9.]+$/ { print $4, $3 }'
}

# check_gprof NAME DUMP ELF: gprof on pinfo --gmon's file against pinfo on
# a map of the functions gprof knows (gprof drops labels such as name.hang
# and keeps one name an address: pinfo is given the same functions). With
# the rate set to 1 Hz in a copy, gprof's seconds are ticks, to compare
# exactly; at the real rate they are ticks / hz to 2 decimals. gprof charges
# nothing to the text's last function (binutils 2.40): there it may say 0.
check_gprof() {
	name=gprof-$1 dump=$2 elf=$3
	dir=$out/$name
	mod=$(basename "$elf" .elf)
	rm -rf "$dir"
	mkdir -p "$dir"
	$pinfo --gmon "$dir/gmon.out" "$dump" "$elf" 2>"$dir/export.err" ||
		{ fail "pinfo --gmon: $(cat "$dir/export.err")"; return; }
	cp "$dir/gmon.out" "$dir/gmon1.out"
	printf '\001\000\000\000' | dd of="$dir/gmon1.out" bs=1 seek=33 count=4 conv=notrunc 2>/dev/null
	gprof -b -p -z "$elf" "$dir/gmon1.out" >"$dir/all.txt" 2>"$dir/gprof.err" ||
		{ fail "gprof: $(cat "$dir/gprof.err")"; return; }
	awk 'NF == 4 && $1 ~ /^[0-9.]+$/ { print $4 }' "$dir/all.txt" >"$dir/names"
	{	# the code fingerprint first, as mkmap -s writes it, for pinfo to check
		"$build/mkmap" -s "$elf" "$mod" | head -1
		nm "$elf" | awk 'NR == FNR { want[$1] = 1; next } $2 ~ /^[TtWw]$/ && ($3 in want)' \
			"$dir/names" - | sort
	} >"$dir/$mod.nm"
	last=$(tail -1 "$dir/$mod.nm" | awk '{ print $3 }')
	pinfo_ticks "$dump" "$dir/$mod.nm" >"$dir/pinfo.txt"
	gprof_self "$elf" "$dir/gmon1.out" >"$dir/gprof1.txt"
	gprof_self "$elf" "$dir/gmon.out" >"$dir/gprof.txt"
	verdict=$(awk -v last="$last" -v hz=$hz '
		FILENAME ~ /pinfo.txt$/ { p[$1] = $2; names[$1] = 1; next }
		FILENAME ~ /gprof1.txt$/ { g[$1] = $2; names[$1] = 1; next }
		{ s[$1] = $2 }
		END {
			for (f in names) {
				if (f == last && g[f] + 0 == 0) { dropped = f " " p[f] + 0; continue }
				if (g[f] + 0 != p[f] + 0) bad = bad " " f ": gprof " g[f] + 0 ", pinfo " p[f] + 0
				else if (s[f] != sprintf("%.2f", p[f] / hz)) bad = bad " " f ": " s[f] " s at " hz " Hz"
				n++; t += p[f]
			}
			if (bad != "") print "FAIL" bad
			else if (!n) print "FAIL no function with ticks"
			else print "OK " n " functions, " t " ticks the same" \
				(dropped == "" ? "" : "; last function " dropped " ticks: gprof 0, as it does")
		}' "$dir/pinfo.txt" "$dir/gprof1.txt" "$dir/gprof.txt")
	judge "$verdict"
}
