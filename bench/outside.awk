# outside.awk TRUTH ALL: section 17's table (bench/outside.sh). TRUTH:
# "P function instructions", a program's exact counts; ALL: "P seed
# function tics total low high wlow whigh rlow rhigh", bench/cistat's
# lines of each seed: pinfo's interval (the larger of the sums over runs
# and gaps), Wilson's, and the sum over the runs alone. For each function
# of at least 1% of its program's instructions: the exact share, the
# seeds' mean and standard deviation, and for each interval how many seeds'
# hold the exact share and its mean half-width over 1.96 times that
# standard deviation (1: as wide as the seeds' own 95% spread). A last
# comment line sums them up for the script.
FNR == 1 { file++ }
file == 1 { ins[$1, $2] = $3; tot[$1] += $3; next }
{
	w = $1; f = $3
	if (!((w, f) in ins) || ins[w, f] < 0.01 * tot[w]) next
	key = w SUBSEP f
	if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
	if (!(w in seenw)) { seenw[w] = 1; progs[++np] = w }
	p = 100 * $4 / $5; e = 100 * ins[w, f] / tot[w]
	n[key]++; s[key] += p; ss[key] += p * p
	for (k = 0; k < 3; k++) {
		lo = $(6 + 2 * k); hi = $(7 + 2 * k)
		hw[k, key] += (hi - lo) / 2; in1[k, key] += (lo <= e && e <= hi)
	}
}
function sd(key,   m, v) {
	m = s[key] / n[key]; v = (ss[key] - n[key] * m * m) / (n[key] - 1)
	return v > 0 ? sqrt(v) : 0
}
function ratio(k, key,   d) { d = sd(key); return d > 0 ? hw[k, key] / n[key] / (1.96 * d) : 0 }
# sum W: the summary row of program W ("" all), and its figures in sums
function sum(w, label,   i, key, kw, k, c, all, r, nf, mn) {
	for (k = 0; k < 3; k++) { c[k] = r[k] = 0; mn[k] = 99 }
	all = nf = 0
	for (i = 1; i <= nk; i++) {
		key = order[i]; split(key, kw, SUBSEP)
		if (w != "" && kw[1] != w) continue
		all += n[key]; nf++
		for (k = 0; k < 3; k++) {
			c[k] += in1[k, key]; r[k] += ratio(k, key)
			if (ratio(k, key) < mn[k]) mn[k] = ratio(k, key)
		}
	}
	if (!nf) return
	printf "| %s | %d functions | | | | **%.1f%%** | **%.2f** (narrowest %.2f) | %.1f%% | %.2f (narrowest %.2f) | %.1f%% | %.2f |\n",
		label, nf, 100 * c[0] / all, r[0] / nf, mn[0], 100 * c[2] / all, r[2] / nf, mn[2],
		100 * c[1] / all, r[1] / nf
	sums = sums sprintf(" %s: coverage=%.1f ratio=%.2f min=%.2f rcoverage=%.1f rratio=%.2f rmin=%.2f;",
		w == "" ? "all" : w, 100 * c[0] / all, r[0] / nf, mn[0], 100 * c[2] / all, r[2] / nf, mn[2])
}
END {
	print "| program | function | exact share | mean over the seeds | seeds' sd (points) | pinfo's: holds | width ratio | runs alone: holds | width ratio | Wilson: holds | width ratio |"
	print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	for (i = 1; i <= nk; i++) {
		key = order[i]; split(key, kw, SUBSEP)
		printf "| %s | %s | %.2f%% | %.2f%% | %.3f | %d of %d | %.2f | %d of %d | %.2f | %d of %d | %.2f |\n",
			kw[1], kw[2], 100 * ins[kw[1], kw[2]] / tot[kw[1]], s[key] / n[key], sd(key),
			in1[0, key], n[key], ratio(0, key), in1[2, key], n[key], ratio(2, key),
			in1[1, key], n[key], ratio(1, key)
	}
	for (i = 1; i <= np; i++) sum(progs[i], progs[i])
	if (np > 1) sum("", "**all**")
	printf "\n<!--%s -->\n", sums
}
