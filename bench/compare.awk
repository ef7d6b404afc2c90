# compare.awk: a workload's profile against the truth, function by function.
#   awk -v sum=SUMMARY [-v showmod=1] [-v source=SOURCE] -f compare.awk FUNCS TRUTH PROFILE
# FUNCS lists the workload's own functions ("MODULE name"), TRUTH their
# instructions ("MODULE name count", from SOURCE: the instruction-count
# plugin or callgrind, named in the table's header), PROFILE their ticks
# from pinfo ("MODULE name tics"). Each side's share is of the sum over
# FUNCS only (not libc, not the kernel). Prints a Markdown table, biggest
# true share first; writes "samples=N worst=D function=F" to SUMMARY.
function key(m, f) { return m SUBSEP f }
FILENAME == ARGV[1] { want[key($1, $2)] = 1; order[++n] = key($1, $2); next }
FILENAME == ARGV[2] { if (key($1, $2) in want) { truth[key($1, $2)] += $3; tsum += $3 } next }
{ if (key($1, $2) in want) { prof[key($1, $2)] += $3; psum += $3 } }
END {
	# by true share, largest first (insertion sort: a handful of functions)
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && truth[order[j]] > truth[order[j - 1]]; j--) {
			t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
		}
	print "| function | tics | profiled | true (" (source == "" ? "callgrind" : source) ") | difference (points) |"
	print "|---|---:|---:|---:|---:|"
	worst = -1
	for (i = 1; i <= n; i++) {
		k = order[i]; split(k, mf, SUBSEP)
		p = psum ? 100 * prof[k] / psum : 0
		t = tsum ? 100 * truth[k] / tsum : 0
		d = p - t; ad = d < 0 ? -d : d
		if (ad < 0.005) d = 0	# no "-0.00"
		if (ad > worst) { worst = ad; wf = mf[2] }
		printf "| %s | %d | %.2f%% | %.2f%% | %+.2f |\n", showmod ? mf[1] "." mf[2] : mf[2],
		       prof[k], p, t, d
	}
	printf "samples=%d worst=%.2f function=%s\n", psum, worst, wf > sum
}
