# lines.sh: the truth for source lines (docs/PERFORMANCE.md, section 9);
# sourced by bench/bench.sh, after accuracy.sh, whose first run of each
# workload is under the instruction-count plugin. The plugin's counts, each
# instruction's in the profiled run (`insn PID LINEAR COUNT`), less the
# code window's base, are offsets in the guest program; bench/cglines
# (pinfo's DWARF reader, host/pinfo/read/dwarf.c) puts them on the guest ELF's
# source lines. On any host: no 32-bit program runs on it. The profile's
# lines are pinfo -l's on the same ELF (a bucket over lines split by its
# instructions), and, for comparison, pinfo -l --split=bytes's.

# plugin_lines MODULE COUNTS NAME ELF: "MODULE file:line instructions" for
# the process NAME of the plugin's COUNTS.
plugin_lines() {
	_pid=$(awk -v n="$3" '$1 == "proc" && $3 == n && $5 > 0 { print $2 }' "$2")
	[ "$(echo "$_pid" | wc -w)" = 1 ] || die "$2: not one process '$3' in the window: '$_pid'"
	awk -v pid="$_pid" -v ubase="$(ubase)" 'function hex(s,  i, v) { s = tolower(s); sub(/^0x/, "", s)
		v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v }
		BEGIN { base = ubase + 0 }
		$1 == "insn" && $2 == pid { a = hex($3); if (a >= base && a < base + 1073741824) printf "%.0f %s\n", a - base, $4 }' "$2" |
		"$build/bench/cglines" "$4" | awk -v m="$1" '{ print m, $1, $2 }'
}

# pinfo_lines [--split=bytes] DUMP ELF...: "MODULE file:line tics" from pinfo -l.
pinfo_lines() {
	"$build/pinfo" -l "$@" | awk '/^Module / { m = $2 } $1 ~ /:[0-9]+$/ && NF >= 5 { print m, $1, $2 }'
}

line_accuracy() {
	{
		echo "| workload | samples on its lines | lines with ≥ 2% of the instructions | worst difference (points) | at | target ≤ 1 point | worst by bytes (\`--split=bytes\`) | at |"
		echo "|---|---:|---:|---:|---|---|---:|---|"
	} > "$out/lines.md"
	: > "$out/lines-detail.md"
	echo "$ACC_WORKLOADS" | while IFS=: read -r w scale shape; do
		dir=$out/acc/$w.1 W=$(upper "$w")
		if [ "$w" = duo ]; then
			{ plugin_lines DUO "$dir/counts.txt" duo "$build/user/duo.elf"
			  plugin_lines DUOB "$dir/counts.txt" duob "$build/user/duob.elf"; } > "$dir/line-truth.txt"
			pinfo_lines "$dir/duo.pro" "$build/user/duo.elf" "$build/user/duob.elf" > "$dir/line-profile.txt"
			pinfo_lines --split=bytes "$dir/duo.pro" "$build/user/duo.elf" "$build/user/duob.elf" \
				> "$dir/line-profile-bytes.txt"
			showmod=1
		else
			plugin_lines "$W" "$dir/counts.txt" "$w" "$build/user/$w.elf" > "$dir/line-truth.txt"
			pinfo_lines "$dir/$w.pro" "$build/user/$w.elf" > "$dir/line-profile.txt"
			pinfo_lines --split=bytes "$dir/$w.pro" "$build/user/$w.elf" > "$dir/line-profile-bytes.txt"
			showmod=0
		fi
		{
			echo "**$w** (\`bench/$w.c\`'s lines):"
			echo
			awk -v sum="$dir/line-summary.txt" -v file="bench/$w.c" -v showmod=$showmod \
				-f bench/linecmp.awk "$dir/line-truth.txt" "$dir/line-profile.txt"
			echo
		} >> "$out/lines-detail.md"
		awk -v sum="$dir/line-summary-bytes.txt" -v file="bench/$w.c" -f bench/linecmp.awk \
			"$dir/line-truth.txt" "$dir/line-profile-bytes.txt" > /dev/null
		b=$(cat "$dir/line-summary-bytes.txt")
		s=$(cat "$dir/line-summary.txt")
		samples=$(get samples "$s") worst=$(get worst "$s") at=$(get line "$s") n=$(get lines "$s")
		if [ "$samples" -lt 20000 ]; then ok="(under 20,000 samples)"
		elif awk -v w="$worst" 'BEGIN { exit !(w <= 1) }'; then ok=met; else ok="**not met**"; fi
		echo "| $w | $samples | $n | $worst | $at | $ok | $(get worst "$b") | $(get line "$b") |" >> "$out/lines.md"
	done
	worst=$(cat "$out"/acc/*.1/line-summary.txt | tr ' ' '\n' | awk -F= '$1 == "samples" { s = $2 }
		$1 == "worst" { if (s >= 20000 && $2 > m) m = $2 } END { printf "%.2f", m }')
	target 8 "line accuracy: worst difference on lines of ≥ 2%, workloads with ≥ 20,000 samples" \
		"$worst points" "≤ 1 point" "$(holds "$worst <= 1")"
}
