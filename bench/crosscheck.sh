# crosscheck.sh: the ground truth checked (docs/PERFORMANCE.md, section 1):
# the plugin on counts known by construction (truth_exact) and, where the
# host can run 32-bit x86 programs, callgrind counting each workload again
# on the host, as a cross-check of the plugin (callgrind_all, crosscheck);
# sourced by bench/bench.sh and bench/stacks-only.sh, with bench/accuracy.sh.

# truth_exact: the plugin's bar: bench/truth/exact.c, whose counts are
# known by construction, in three processes (bench/truth/exact.sh).
truth_exact() {
	note "truth: the plugin on counts known by construction"
	sh bench/truth/exact.sh "$build" "$out/exact" || die "bench/truth/exact.sh failed"
	grep -q '^check anchored=1 kernel_mismatch=0 image_mismatch=0 bad_reads=0 ' "$out/exact/check.txt" ||
		die "the plugin's checks failed: $(cat "$out/exact/check.txt")"
	{
		echo "| process | function | by construction | plugin | |"
		echo "|---|---|---:|---:|---|"
		awk '{ printf "| exact[%s] | %s | %s | %s | %s |\n", $1, $2, $3, $4, $3 == $4 ? "equal" : "**differs**" }' \
			"$out/exact/exact.txt"
	} > "$out/truth-exact.md"
	eq=$(awk '$3 == $4' "$out/exact/exact.txt" | wc -l) n=$(wc -l < "$out/exact/exact.txt")
	target 1 "the plugin's bar: functions whose count is known by construction, counted exactly" \
		"$eq of $n" "all" "$(holds "$n > 0 && $eq == $n")"
}

# can_callgrind: whether callgrind can run here: valgrind is installed and
# the host's kernel executes 32-bit x86 programs (some cannot: "Exec format
# error"). The accuracy's truth needs neither.
can_callgrind() {
	command -v valgrind > /dev/null 2>&1 || { echo "valgrind is not installed"; return 1; }
	"$build/bench/host/hotloop" 0 > /dev/null 2>&1 ||
		{ echo "this host cannot run 32-bit x86 programs"; return 1; }
}

# callgrind_all: each workload counted on the host; run in the background.
callgrind_all() {
	mkdir -p "$out/cg"
	echo "$ACC_WORKLOADS" | while IFS=: read -r w scale shape; do
		if [ "$w" = duo ]; then
			callgrind duo "$DUO_A" duo && callgrind duo "$DUO_B" duob
		else
			callgrind "$w" "$scale" "$w"
		fi || return 1
	done
}
# callgrind PROGRAM SCALE NAME: cg/NAME.txt, "function instructions"; the
# instructions of each address stay in cg/NAME.out (bench/lines.sh).
callgrind() {
	valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$out/cg/$3.out" \
		"$build/bench/host/$1" "$2" > "$out/cg/$3.log" 2>&1 ||
		{ note "callgrind $1 $2 failed: $(tail -3 "$out/cg/$3.log")"; return 1; }
	awk -f bench/callgrind.awk "$out/cg/$3.out" > "$out/cg/$3.txt"
}

# crosscheck NAME DIR: a row of the plugin against callgrind, over the
# workload's own functions.
crosscheck() {
	awk -v w="$1" 'FILENAME == ARGV[1] { own[$1 " " $2] = 1; n++; next }
		FILENAME == ARGV[2] { p[$1 " " $2] = $3; next }
		{ c[$1 " " $2] = $3 }
		END {
			for (k in own) {
				d = p[k] - c[k]; if (d < 0) d = -d
				if (d == 0) e++; else if (d > m) { m = d; mk = k }
			}
			printf "| %s | %d | %d | %s |\n", w, n, e, m ? sprintf("%.0f (%s)", m, mk) : "0"
		}' "$2/funcs.txt" "$2/truth.txt" "$2/cg.txt"
}
