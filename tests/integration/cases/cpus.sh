# cases/cpus.sh (sourced by run.sh): pinfo --cpus on the kernel's dumps (format 6): one CPU, its columns the module table's rows; an older dump refused.
#
# The demo's user profile and the system profile of cases/system.sh, booted
# again here: `pinfo --cpus` prints a header and one line a CPU (the kernel
# starts one), whose samples are the module table's Total, whose kernel,
# idle and out-of-range columns are its rows, and whose module columns are
# its modules' rows added up (every module with a tick, none else); each
# line's columns add up to its samples. A version 2 dump (pinfo --merge of
# the demo's, and the tests' hot.pro) gets the message, status 1.

# cpus_match DUMP CPUS: --cpus against the module table of DUMP
cpus_match() {
	$pinfo "$1" > "$dir/summary.txt" && $pinfo --cpus "$1" > "$dir/cpus.txt" ||
		{ fail "pinfo: $(cat "$dir/cpus.txt")"; return 1; }
	why=$(awk -v want="$2" '
		FNR == NR {	# the module table
			if ($1 == "Total") total = $2
			else if ($1 == "kernel" || $1 == "idle") row[$1] = $2
			else if ($1 == "(out" && $3 == "range)") row["out-of-range"] = $4
			else if (NF == 5 && $2 ~ /^[0-9a-f][0-9a-f][0-9a-f][0-9a-f]$/ && $4 > 0) {
				if (!($1 in mod)) nmod++
				mod[$1] += $4
			}
			next
		}
		FNR == 1 {	# the header: "cpu N", then the columns
			if ($1 != "cpu" || $2 != "N" || $3 != "samples" || $4 != "kernel" || $5 != "idle") { print "header: " $0; bad = 1 }
			for (k = 3; k <= NF; k++) col[k] = $k
			ncol = NF
			next
		}
		{
			if ($1 != "cpu" || $2 != ncpu || NF != ncol) { print "line: " $0; bad = 1 }
			ncpu++
			parts = 0
			for (k = 3; k <= NF; k++) { sum[col[k]] += $k; if (k > 3) parts += $k }
			if (parts != $3) { print "cpu " $2 ": columns add up to " parts ", samples " $3; bad = 1 }
		}
		END {
			if (bad) exit
			if (ncpu != want) { print ncpu " CPU lines, wanted " want; exit }
			if (sum["samples"] != total || total == 0) { print "samples " sum["samples"] ", Total " total; exit }
			for (r in row) if (sum[r] != row[r]) { print r ": " sum[r] ", its row " row[r]; exit }
			n = 0
			for (k = 6; k <= ncol; k++) {
				if (col[k] == "out-of-range") continue
				n++
				if (!(col[k] in mod) || sum[col[k]] != mod[col[k]]) { print col[k] ": " sum[col[k]] ", its rows " mod[col[k]]; exit }
			}
			if (n != nmod) { print n " module columns, " nmod " modules with ticks"; exit }
		}' "$dir/summary.txt" "$dir/cpus.txt")
	[ -z "$why" ] || { fail "$why: $(cat "$dir/cpus.txt")"; return 1; }
}

boot cpus-demo 0 $kernel $u/testprof.elf $u/cmd.elf && extract && {
	name=cpus-demo
	cpus_match "$dir/testprof.pro" 1 && pass "$(tail -1 "$dir/cpus.txt")"
	# an older dump: pinfo --merge writes version 2
	name=cpus-old
	if ! $pinfo --merge "$dir/merged.pro" "$dir/testprof.pro" "$dir/testprof.pro" 2> "$dir/merge.err"; then
		fail "pinfo --merge: $(cat "$dir/merge.err")"
	elif [ "$(od -A n -t u1 -j 4 -N 1 "$dir/merged.pro" | tr -d ' ')" != 2 ]; then
		fail "the merged dump is not version 2"
	else
		for old in "$dir/merged.pro" tests/unit/data/hot.pro tests/unit/data/hot-v1.pro; do
			v=$(od -A n -t u1 -j 4 -N 1 "$old" | tr -d ' ')
			$pinfo --cpus "$old" > "$dir/old.out" 2> "$dir/old.err"
			s=$?
			if [ "$s" != 1 ] || [ -s "$dir/old.out" ] ||
			   [ "$(cat "$dir/old.err")" != "pinfo: $old: a version $v dump carries no per-CPU totals (the kernel writes them from version 6 on; pinfo --merge never)" ]; then
				fail "$old: status $s: $(cat "$dir/old.err" "$dir/old.out")"
				break
			fi
		done
		[ "$s" != 1 ] || pass
	fi
}
boot cpus-system 0 -batch tests/guest/system.cmd $kernel $u/worker.elf $u/sorter.elf $u/pset.elf $u/cmd.elf &&
extract && {
	name=cpus-system
	cpus_match "$dir/sys.pro" 1 && pass "$(head -1 "$dir/cpus.txt" | tr -s ' ')"
}
