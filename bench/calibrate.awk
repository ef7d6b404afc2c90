# calibrate.awk TRUTH ALL: the calibration's table (bench/calibrate.sh).
# TRUTH: "W function instructions"; ALL: "W seed function tics total low
# high wlow whigh". For each function of at least 1% of its workload's
# instructions: the exact share, the seeds' mean and standard deviation,
# the coverage and width ratio of the sub-profiles' intervals and of
# Wilson's. The sums leave out the workloads named in biased (awk -v:
# shares that differ from the instructions' whatever the seed, which no
# interval of the noise can hold: docs/accuracy.md). A last comment line
# sums them up for the script.
FNR == 1 { file++ }
file == 1 { ins[$1, $2] = $3; tot[$1] += $3; next }
{
	w = $1; f = $3
	if (!((w, f) in ins) || ins[w, f] < 0.01 * tot[w]) next
	key = w SUBSEP f
	if (!(key in n)) order[++nk] = key
	p = 100 * $4 / $5; e = 100 * ins[w, f] / tot[w]
	n[key]++; s[key] += p; ss[key] += p * p
	hw[key] += ($7 - $6) / 2; bw[key] += ($9 - $8) / 2
	in1[key] += ($6 <= e && e <= $7); in2[key] += ($8 <= e && e <= $9)
	samples[w] += $5; runs[w]++
}
END {
	print "| workload | function | exact share | mean over the seeds | seeds' sd (points) | sub-profiles: holds | width ratio | Wilson: holds | width ratio |"
	print "|---|---|---:|---:|---:|---:|---:|---:|---:|"
	for (i = 1; i <= nk; i++) {
		key = order[i]; split(key, kw, SUBSEP)
		m = s[key] / n[key]; v = (ss[key] - n[key] * m * m) / (n[key] - 1); sd = v > 0 ? sqrt(v) : 0
		r1 = sd > 0 ? hw[key] / n[key] / (1.96 * sd) : 0; r2 = sd > 0 ? bw[key] / n[key] / (1.96 * sd) : 0
		printf "| %s | %s | %.2f%% | %.2f%% | %.3f | %d of %d | %.2f | %d of %d | %.2f |\n", kw[1], kw[2],
			100 * ins[kw[1], kw[2]] / tot[kw[1]], m, sd, in1[key], n[key], r1, in2[key], n[key], r2
		if (index(" " biased " ", " " kw[1] " ")) {
			b1 += in1[key]; b2 += in2[key]; ball += n[key]; nb++
			continue
		}
		c1 += in1[key]; c2 += in2[key]; all += n[key]; sr1 += r1; sr2 += r2; nf++
	}
	printf "| **all but %s** | %d functions | | | | **%.1f%%** | **%.2f** | %.1f%% | %.2f |\n", biased, nf,
		100 * c1 / all, sr1 / nf, 100 * c2 / all, sr2 / nf
	if (nb)
		printf "| %s (biased) | %d functions | | | | %.1f%% | | %.1f%% | |\n", biased, nb, 100 * b1 / ball,
			100 * b2 / ball
	for (w in runs) ms = ms sprintf(" %s=%d", w, samples[w] / runs[w])
	printf "\n<!-- coverage=%.1f ratio=%.2f wcoverage=%.1f wratio=%.2f samples%s -->\n", 100 * c1 / all, sr1 / nf,
		100 * c2 / all, sr2 / nf, ms
}
