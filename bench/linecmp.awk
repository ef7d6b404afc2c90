# linecmp.awk: a workload's profile against the truth, source line by line.
#   awk -v sum=SUMMARY -v file=bench/W.c [-v showmod=1] -f linecmp.awk TRUTH PROFILE
# TRUTH: "MODULE file:line instructions" (the plugin's, by bench/cglines);
# PROFILE: "MODULE file:line tics" (pinfo -l). Only the lines of FILE, the
# workload's own source, count, and each side's share is of its sum over
# them. Prints a Markdown table of the lines holding at least 2% of the true
# instructions, biggest first; writes "samples=N worst=D line=L lines=K".
function loc_ok(l) { return index(l, file ":") == 1 }
FILENAME == ARGV[1] { if (loc_ok($2)) { k = $1 SUBSEP $2; truth[k] += $3; tsum += $3; seen[k] = 1 } next }
{ if (loc_ok($2)) { k = $1 SUBSEP $2; prof[k] += $3; psum += $3; seen[k] = 1 } }
END {
	n = 0
	for (k in seen) if (tsum && 100 * truth[k] / tsum >= 2) order[++n] = k
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && truth[order[j]] > truth[order[j - 1]]; j--) {
			t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
		}
	print "| line | tics | profiled | true (instructions) | difference (points) |"
	print "|---|---:|---:|---:|---:|"
	worst = 0; wl = "-"
	for (i = 1; i <= n; i++) {
		k = order[i]; split(k, ml, SUBSEP)
		p = psum ? 100 * prof[k] / psum : 0
		t = 100 * truth[k] / tsum
		d = p - t; ad = d < 0 ? -d : d
		if (ad < 0.005) d = 0
		if (ad > worst) { worst = ad; wl = ml[2] }
		printf "| %s | %d | %.2f%% | %.2f%% | %+.2f |\n", showmod ? ml[1] " " ml[2] : ml[2],
		       prof[k], p, t, d
	}
	printf "samples=%d worst=%.2f line=%s lines=%d\n", psum, worst, wl, n > sum
}
