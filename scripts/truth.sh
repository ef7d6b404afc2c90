#!/bin/sh
# truth.sh PINFO DUMP COUNTS PLUGIN_ARGS MAPS_LIST: the exact answer to one
# dump of a `make run TRUTH=1` run (docs/accuracy.md, "The exact answer:
# TRUTH=1"), on stdout: a line "MODULE FUNCTION INSTRUCTIONS" for each
# function that ran, most instructions first, after a few lines of comment
# that begin with '#'. MODULE is the module's name as the dump and the
# maps have it (TESTPROF, kernel), FUNCTION the map's name of it,
# INSTRUCTIONS the exact count of the guest instructions executed in it.
#
# What is counted: the instructions the instruction-count plugin
# (bench/truth/insncount.c, whose output COUNTS is) saw while profiling was
# on, that is while any profile was counting, as the dump's ticks count
# them. A profile of one process (PT_USER: the demo's ProfInit): the
# processes of the dump's modules, their ring-3 code and the kernel's code
# run for them (the dump's "kernel" line). A system profile (pset's;
# profrun's, restricted to its program's module): the ring-3 code of the
# dump's modules, the kernel's code run for every process; another
# module's ring-3 code, which the dump counts as out of range, goes into a
# comment. Left out, as the sampled profile leaves them out: the clock
# interrupt's own code (the kernel's irq0_* functions, and with several
# CPUs the local APIC's tick, smp_tick* and the immediates' labels in it,
# run with interrupts off, where no sample can fall; its count is in a
# comment), the idle processes and the time before the first process.
# With several CPUs the plugin follows each CPU's running process. Idle time runs no
# instruction: a system profile's idle ticks have no counterpart here.
# Instructions below a module's first function are counted in a comment.
# The window is any profile's: with two profiles counting at once, a
# process's truth also holds its time in the other's.
#
# PINFO reads the dump's module table; PLUGIN_ARGS is the plugin's
# arguments (bench/truth/args.sh: ubase=, where ring-3 code is); MAPS_LIST
# the run's maps, one path a line (makerun.sh's maps.lst), each named
# after its process (NAME.map; kernel.map for the kernel).
set -u
set -f
[ $# = 5 ] || { echo "usage: truth.sh PINFO DUMP COUNTS PLUGIN_ARGS MAPS_LIST" >&2; exit 2; }
pinfo=$1 dump=$2 counts=$3 pargs=$4 maps=$5
[ -s "$counts" ] || { echo "truth: no counts from the plugin ($counts)" >&2; exit 1; }
check=$(grep '^check ' "$counts")
case $check in
"check anchored=1 kernel_mismatch=0 image_mismatch=0 bad_reads=0 "*) ;;
*) echo "truth: the plugin's checks failed: ${check:-no check line in $counts}" >&2; exit 1 ;;
esac
ubase=$(tr ',' '\n' < "$pargs" | sed -n 's/^ubase=//p')
[ -n "$ubase" ] || { echo "truth: no ubase= in $pargs" >&2; exit 1; }
# ProfInit's type (docs/dump-format.md): PT_USER (1) set, one process's profile.
type=$(od -An -tu4 -j8 -N4 -- "$dump" | tr -d ' ')
case $type in ''|*[!0-9]*) echo "truth: $dump: no header" >&2; exit 1 ;; esac
# the dump's modules: the first word of each module table row with a segment
table=$("$pinfo" -z -- "$dump" </dev/null) || { echo "truth: pinfo could not read $dump" >&2; exit 1; }
mods=$(printf '%s\n' "$table" | awk '$2 ~ /^[0-9a-f][0-9a-f][0-9a-f][0-9a-f]$/ && NF == 5 { printf "%s ", $1 }')

# Each map's functions, "PROCESS MODULE ADDRESS NAME" (the code segment's
# publics), by process and address.
while IFS= read -r map; do
	[ -f "$map" ] || continue
	proc=${map##*/}
	LC_ALL=C awk -v proc="${proc%.map}" '
		NR == 1 { module = $1 }
		$1 ~ /^0001:[0-9A-Fa-f]+$/ && NF == 2 && pub { print proc, module, toupper(substr($1, 6)), $2 }
		/Publics by Value/ { pub = 1 }' "$map"
done < "$maps" | LC_ALL=C sort -k1,1 -k3,3 > "$counts.syms" || exit 1

LC_ALL=C awk -v sysprof=$((type % 2 == 0)) -v mods=" $mods" -v ubase="$ubase" -v dump="${dump##*/}" '
function hex(s,    i, n, c) {
	n = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (!c)
			return -1
		n = n * 16 + c - 1
	}
	return n
}
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
		printf "# left out: ring 3 outside the dump'"'"'s modules (its out-of-range ticks) %.0f\n", other
	fflush()
	cmd = "LC_ALL=C sort -k3,3nr -k1,1 -k2,2"
	for (n in count)
		printf "%s %.0f\n", n, count[n] | cmd
	close(cmd)
}' "$counts.syms" "$counts"
st=$?
rm -f "$counts.syms"
exit $st
