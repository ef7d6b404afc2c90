# truth.awk: the exact answer to one dump of a make run TRUTH=1 run, for
# scripts/truth.sh (which says what is counted and left out), after
# scripts/lib/hex.awk. Its files: the maps' functions, "PROCESS MODULE
# ADDRESS NAME" a line by process and address, then the plugin's counts;
# -v sysprof (1: a system profile), mods (the dump's modules, each after a
# space), ubase (where ring-3 code is), dump (its name).

# the function of proc p at address a: the last at or below it, or 0
function find(p, a,    lo, hi, mid, k) {
	lo = 1; hi = nsym[p]; k = 0
	while (lo <= hi) {
		mid = int((lo + hi) / 2)
		if (addr[p, mid] <= a) { k = mid; lo = mid + 1 } else hi = mid - 1
	}
	return k
}
BEGIN { base = ubase ~ /^0x/ ? hex(ubase) : ubase + 0 }
FILENAME == ARGV[1] {
	n = ++nsym[$1]; addr[$1, n] = hex($3); fn[$1, n] = $4; module[$1] = $2
	next
}
$1 == "proc" {
	name[$2] = $3
	# which processes this dump covers: a module of the dump, and in a
	# system profile every process (the kernel for all)
	indump[$2] = $3 in module && index(mods, " " module[$3] " ")
	if ($2 >= 0 && $3 != "idle" && (sysprof || indump[$2]))
		want[$2] = 1
	next
}
$1 == "insn" && ($2 in want) {
	a = hex($3)
	if (a >= base && a < base + 1073741824) {
		p = name[$2]; a -= base
		if (!indump[$2]) { other += $4; next }
	} else
		p = "kernel"
	k = find(p, a)
	if (!k) { below += $4; next }
	if (p == "kernel" && fn[p, k] ~ /^(irq0_|smp_tick|smp_period_imm|smp_shift_imm)/) { clock += $4; next }
	n = module[p] " " fn[p, k]
	count[n] += $4; total += $4
}
END {
	printf "# truth %s: guest instructions while profiling was on (the QEMU plugin bench/truth/insncount.c), %s\n",
		dump, sysprof ? "a system profile" : "a profile of one process"
	printf "# total %.0f; left out: the clock interrupt (kernel irq0_*, smp_tick*) %.0f, below every function %.0f\n",
		total, clock, below
	if (sysprof)
		printf "# left out: ring 3 outside the dump's modules (its out-of-range ticks) %.0f\n", other
	fflush()
	cmd = "LC_ALL=C sort -k3,3nr -k1,1 -k2,2"
	for (n in count)
		printf "%s %.0f\n", n, count[n] | cmd
	close(cmd)
}
