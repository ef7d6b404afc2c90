# caldiff.awk DIFF: section 12's table of pinfo --diff (bench/caldiff.sh).
# DIFF: "KIND MODE W function significant", KIND same (two seeds of one
# program) or more:PCT (fn, awk -v, given PCT% more work), MODE seed (the
# sub-profiles: Welch's t-test) or plain (none: the binomial z-test). A
# last comment line sums it up for the script.
$1 == "same" {
	if (!(($3) in seen)) { seen[$3] = 1; ws[++nw] = $3 }
	n[$3, $2]++; sig[$3, $2] += $5; n["", $2]++; sig["", $2] += $5
	next
}
$1 ~ /^more:/ && $4 == fn {
	p = substr($1, 6)
	if (!(p in pseen)) { pseen[p] = 1; ps[++np] = p }
	pairs[p, $2]++; hit[p, $2] += $5; wmore = $3
}
function cell(k, all, b) { return sprintf("%s%d of %d (%.1f%%)%s", b, k, all, all ? 100 * k / all : 0, b) }
function pc(k, all) { return all ? 100 * k / all : 0 }
END {
	print ""
	print "| runs compared | workload | with the sub-profiles (Welch's t) | without (binomial z) |"
	print "|---|---|---:|---:|"
	for (i = 1; i <= nw; i++)
		printf "| two seeds, one program: functions marked | %s | %s | %s |\n", ws[i],
			cell(sig[ws[i], "seed"], n[ws[i], "seed"], ""), cell(sig[ws[i], "plain"], n[ws[i], "plain"], "")
	printf "| **two seeds, one program: functions marked** | all | %s | %s |\n",
		cell(sig["", "seed"], n["", "seed"], "**"), cell(sig["", "plain"], n["", "plain"], "")
	for (i = 1; i <= np; i++)
		printf "| %s%s given %d%% more work: seed pairs that mark it%s | %s | %s | %s |\n", i == 1 ? "**" : "",
			fn, ps[i], i == 1 ? "**" : "", wmore, cell(hit[ps[i], "seed"], pairs[ps[i], "seed"], i == 1 ? "**" : ""),
			cell(hit[ps[i], "plain"], pairs[ps[i], "plain"], "")
	printf "\n<!-- false=%.1f detect=%.1f bfalse=%.1f bdetect=%.1f -->\n", pc(sig["", "seed"], n["", "seed"]),
		pc(hit[ps[1], "seed"], pairs[ps[1], "seed"]), pc(sig["", "plain"], n["", "plain"]),
		pc(hit[ps[1], "plain"], pairs[ps[1], "plain"])
}
