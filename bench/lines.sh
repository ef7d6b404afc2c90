# lines.sh: the truth for source lines (docs/PERFORMANCE.md, section 9);
# sourced by bench/bench.sh, after accuracy.sh (whose runs and callgrind
# files it reads). callgrind runs with --dump-instr=yes, so its output has
# each instruction's count; bench/cginstr.awk lists them by address and
# bench/cglines (pinfo's DWARF reader, host-tools/lines.c) puts them on the
# source lines of the host program, whose workload object is the guest's.
# The profile's lines are pinfo -l's on the guest program.

# cg_lines MODULE OUT HOSTPROG: "MODULE file:line instructions".
cg_lines() {
	awk -f bench/cginstr.awk "$2" | "$build/bench/cglines" "$3" | awk -v m="$1" '{ print m, $1, $2 }'
}

# pinfo_lines DUMP ELF...: "MODULE file:line tics" from pinfo -l.
pinfo_lines() {
	"$build/pinfo" -l "$@" | awk '/^Module / { m = $2 } $1 ~ /:[0-9]+$/ && NF >= 5 { print m, $1, $2 }'
}

line_accuracy() {
	{
		echo "| workload | samples on its lines | lines with ≥ 2% of the instructions | worst difference (points) | at | target ≤ 1 point |"
		echo "|---|---:|---:|---:|---|---|"
	} > "$out/lines.md"
	: > "$out/lines-detail.md"
	echo "$ACC_WORKLOADS" | while IFS=: read -r w scale shape; do
		dir=$out/acc/$w.1 W=$(upper "$w")
		if [ "$w" = duo ]; then
			{ cg_lines DUO "$out/cg/duo.out" "$build/bench/host/duo"
			  cg_lines DUOB "$out/cg/duob.out" "$build/bench/host/duo"; } > "$dir/line-truth.txt"
			pinfo_lines "$dir/duo.pro" "$build/user/duo.elf" "$build/user/duob.elf" > "$dir/line-profile.txt"
			showmod=1
		else
			cg_lines "$W" "$out/cg/$w.out" "$build/bench/host/$w" > "$dir/line-truth.txt"
			pinfo_lines "$dir/$w.pro" "$build/user/$w.elf" > "$dir/line-profile.txt"
			showmod=0
		fi
		{
			echo "**$w** (\`bench/$w.c\`'s lines):"
			echo
			awk -v sum="$dir/line-summary.txt" -v file="bench/$w.c" -v showmod=$showmod \
				-f bench/linecmp.awk "$dir/line-truth.txt" "$dir/line-profile.txt"
			echo
		} >> "$out/lines-detail.md"
		s=$(cat "$dir/line-summary.txt")
		samples=$(get samples "$s") worst=$(get worst "$s") at=$(get line "$s") n=$(get lines "$s")
		if [ "$samples" -lt 20000 ]; then ok="(under 20,000 samples)"
		elif awk -v w="$worst" 'BEGIN { exit !(w <= 1) }'; then ok=met; else ok="**not met**"; fi
		echo "| $w | $samples | $n | $worst | $at | $ok |" >> "$out/lines.md"
	done
	worst=$(cat "$out"/acc/*.1/line-summary.txt | tr ' ' '\n' | awk -F= '$1 == "samples" { s = $2 }
		$1 == "worst" { if (s >= 20000 && $2 > m) m = $2 } END { printf "%.2f", m }')
	target 9 "line accuracy: worst difference on lines of ≥ 2%, workloads with ≥ 20,000 samples" \
		"$worst points" "≤ 1 point" "$(holds "$worst <= 1")"
}
