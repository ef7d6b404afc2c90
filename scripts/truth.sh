#!/bin/sh
# truth.sh PINFO DUMP SCOPE COUNTS PLUGIN_ARGS MAPS_LIST: the exact answer to one
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
# PINFO reads the dump's module table; SCOPE is the dump's, user or
# system (profextract -k); PLUGIN_ARGS is the plugin's arguments
# (bench/truth/args.sh: ubase=, where ring-3 code is); MAPS_LIST the run's
# maps, one path a line (makerun.sh's maps.lst), each named after its
# process (NAME.map; kernel.map for the kernel). The count itself is
# scripts/truth.awk's.
set -u
set -f
[ $# = 6 ] || { echo "usage: truth.sh PINFO DUMP SCOPE COUNTS PLUGIN_ARGS MAPS_LIST" >&2; exit 2; }
pinfo=$1 dump=$2 scope=$3 counts=$4 pargs=$5 maps=$6
here=$(dirname "$0")
[ -s "$counts" ] || { echo "truth: no counts from the plugin ($counts)" >&2; exit 1; }
check=$(grep '^check ' "$counts")
case $check in
"check anchored=1 kernel_mismatch=0 image_mismatch=0 bad_reads=0 "*) ;;
*) echo "truth: the plugin's checks failed: ${check:-no check line in $counts}" >&2; exit 1 ;;
esac
ubase=$(tr ',' '\n' < "$pargs" | sed -n 's/^ubase=//p')
[ -n "$ubase" ] || { echo "truth: no ubase= in $pargs" >&2; exit 1; }
# SCOPE, as profextract -k says: user (one process's profile) or system
case $scope in user) sysprof=0 ;; system) sysprof=1 ;; *) echo "truth: SCOPE must be user or system, not '$scope'" >&2; exit 2 ;; esac
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

LC_ALL=C awk -v sysprof="$sysprof" -v mods=" $mods" -v ubase="$ubase" -v dump="${dump##*/}" \
	-f "$here/lib/hex.awk" -f "$here/truth.awk" "$counts.syms" "$counts"
st=$?
rm -f "$counts.syms"
exit $st
