# caldiff.awk DIFF: section 12's table of pinfo --diff (bench/caldiff.sh).
# DIFF: "KIND MODE W function significant", KIND same (two seeds of one
# program) or more:PCT (fn, awk -v, given PCT% more work), MODE runs (the
# dumps as make run makes them: the trace's runs, a z-test on the two
# variances). The sums leave out the workloads named in biased (awk -v),
# as the calibration's do, and show them apart. A last comment line sums
# it up for the script.
$1 == "same" {
	if (!(($3) in seen)) { seen[$3] = 1; ws[++nw] = $3 }
	n[$3]++; sig[$3] += $5
	k = index(" " biased " ", " " $3 " ") ? "b" : ""
	n[k]++; sig[k] += $5
	next
}
$1 ~ /^more:/ && $4 == fn {
	p = substr($1, 6)
	if (!(p in pseen)) { pseen[p] = 1; ps[++np] = p }
	pairs[p]++; hit[p] += $5; wmore = $3
}
function cell(k, all, b) { return sprintf("%s%d of %d (%.1f%%)%s", b, k, all, all ? 100 * k / all : 0, b) }
function pc(k, all) { return all ? 100 * k / all : 0 }
END {
	print ""
	print "| runs compared | workload | pinfo --diff |"
	print "|---|---|---:|"
	for (i = 1; i <= nw; i++)
		printf "| two seeds, one program: functions marked | %s | %s |\n", ws[i], cell(sig[ws[i]], n[ws[i]], "")
	printf "| **two seeds, one program: functions marked** | all but %s | %s |\n", biased, cell(sig[""], n[""], "**")
	if (n["b"])
		printf "| two seeds, one program: functions marked | %s (biased) | %s |\n", biased, cell(sig["b"], n["b"], "")
	for (i = 1; i <= np; i++)
		printf "| %s%s given %d%% more work: seed pairs that mark it%s | %s | %s |\n", i == 1 ? "**" : "",
			fn, ps[i], i == 1 ? "**" : "", wmore, cell(hit[ps[i]], pairs[ps[i]], i == 1 ? "**" : "")
	printf "\n<!-- false=%.1f detect=%.1f bfalse=%.1f -->\n", pc(sig[""], n[""]), pc(hit[ps[1]], pairs[ps[1]]),
		pc(sig["b"], n["b"])
}
