# calibrate.awk TRUTH ALL: the calibration's tables (bench/calibrate.sh).
# TRUTH: "W function instructions"; ALL: "TAG W seed function tics total
# low high wlow whigh", TAG naming the intervals low..high and the rate:
# runs (pinfo's, from the trace) or subs (the sub-profiles', profrun
# /spread), each at HZ (runs.20000, subs.20000, runs.2000). For each
# function of at least 1% of its workload's instructions: the exact share,
# the seeds' mean and standard deviation, and the coverage and width ratio
# of each kind of interval, Wilson's too. The sums leave out the
# workloads named in biased (awk -v: shares that differ from the
# instructions' whatever the seed, which no interval of the noise can
# hold: docs/accuracy.md). A last comment line sums them up for the script.
FNR == 1 { file++ }
file == 1 { ins[$1, $2] = $3; tot[$1] += $3; next }
{
	t = $1; w = $2; f = $4
	if (!((w, f) in ins) || ins[w, f] < 0.01 * tot[w]) next
	split(t, th, "."); hz = th[2]; kind = th[1]
	key = hz SUBSEP w SUBSEP f
	if (!(key in seenkey)) { seenkey[key] = 1; order[hz, ++nk[hz]] = key }
	if (!(hz in seenhz)) { seenhz[hz] = 1; hzs[++nh] = hz }
	p = 100 * $5 / $6; e = 100 * ins[w, f] / tot[w]
	n[kind, key]++; s[kind, key] += p; ss[kind, key] += p * p
	hw[kind, key] += ($8 - $7) / 2; in1[kind, key] += ($7 <= e && e <= $8)
	if (kind == "runs") { bw[key] += ($10 - $9) / 2; in2[key] += ($9 <= e && e <= $10) }
	if (kind == "runs") { samples[hz, w] += $6; runs[hz, w]++ }
}
function sd(kind, key,   m, v) {
	m = s[kind, key] / n[kind, key]; v = (ss[kind, key] - n[kind, key] * m * m) / (n[kind, key] - 1)
	return v > 0 ? sqrt(v) : 0
}
function ratio(x, kind, key,   d) { d = sd(kind, key); return d > 0 ? x / n[kind, key] / (1.96 * d) : 0 }
function holds(k, all) { return all ? sprintf("%d of %d", k, all) : "" }
function rcell(r, all) { return all ? sprintf("%.2f", r) : "" }
END {
	for (h = 1; h <= nh; h++) {
		hz = hzs[h]
		printf "%s| workload (%s Hz) | function | exact share | mean over the seeds | seeds' sd (points) | runs: holds | width ratio | sub-profiles: holds | width ratio | Wilson: holds | width ratio |\n", (h > 1 ? "\n" : ""), hz
		print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
		c1 = c2 = c3 = all = all3 = sr1 = sr2 = sr3 = nf = nf3 = mx = b1 = ball = nb = 0
		for (i = 1; i <= nk[hz]; i++) {
			key = order[hz, i]; split(key, kw, SUBSEP)
			r1 = ratio(hw["runs", key], "runs", key); r2 = ratio(bw[key], "runs", key)
			r3 = ratio(hw["subs", key], "subs", key); a3 = n["subs", key] + 0
			printf "| %s | %s | %.2f%% | %.2f%% | %.3f | %s | %.2f | %s | %s | %s | %.2f |\n", kw[2], kw[3],
				100 * ins[kw[2], kw[3]] / tot[kw[2]], s["runs", key] / n["runs", key], sd("runs", key),
				holds(in1["runs", key], n["runs", key]), r1, holds(in1["subs", key], a3), rcell(r3, a3),
				holds(in2[key], n["runs", key]), r2
			if (index(" " biased " ", " " kw[2] " ")) {
				b1 += in1["runs", key]; ball += n["runs", key]; nb++
				continue
			}
			c1 += in1["runs", key]; c2 += in2[key]; all += n["runs", key]; sr1 += r1; sr2 += r2; nf++
			mx = r1 > mx ? r1 : mx
			if (a3) { c3 += in1["subs", key]; all3 += a3; sr3 += r3; nf3++ }
		}
		printf "| **all but %s** | %d functions | | | | **%.1f%%** | **%.2f** (at most %.2f) | %s | %s | %.1f%% | %.2f |\n",
			biased, nf, 100 * c1 / all, sr1 / nf, mx, all3 ? sprintf("%.1f%%", 100 * c3 / all3) : "",
			nf3 ? sprintf("%.2f", sr3 / nf3) : "", 100 * c2 / all, sr2 / nf
		if (nb)
			printf "| %s (biased) | %d functions | | | | %.1f%% | | | | | |\n", biased, nb, 100 * b1 / ball
		ms = ""
		for (k in runs) { split(k, kk, SUBSEP); if (kk[1] == hz) ms = ms sprintf(" %s=%d", kk[2], samples[k] / runs[k]) }
		sums = sums sprintf(" hz%s: coverage=%.1f ratio=%.2f max=%.2f wcoverage=%.1f wratio=%.2f samples%s;", hz,
			100 * c1 / all, sr1 / nf, mx, 100 * c2 / all, sr2 / nf, ms)
	}
	printf "\n<!--%s -->\n", sums
}
