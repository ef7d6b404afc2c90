#!/bin/sh
# run.sh BUILD [CASE...]: the integration tests. Each case (cases/CASE.sh)
# boots the kernel in QEMU (deterministic, -kernel for speed, some through
# GRUB's ISO) with a time limit and checks the serial console, or runs
# make run as a user does. Runs the cases named (or ONLY=CASE), else all,
# in the order below; prints one line per check and "N passed, N failed"
# last; exits non-zero if any failed.
#
# EMU=bochs: the ring-3 fault suite, the kernel's ways to end a run and
# the reproducibility of a run under Bochs instead (through the GRUB image,
# Bochs having no multiboot loader), with the faults a CPU raises where
# QEMU's TCG does not check (docs/running.md, "QEMU and Bochs").
set -u
build=${1:-build}
[ $# = 0 ] || shift
emu=${EMU:-qemu}
case $emu in
qemu) out=$build/itest ;;
bochs) out=$build/itest-bochs ;;
*) echo "run.sh: EMU must be qemu or bochs, not '$emu'" >&2; exit 2 ;;
esac
qrun="sh scripts/qrun -emu $emu"
kernel=$build/kernel.elf
u=$build/user
only=${*:-${ONLY:-}}
cases=tests/integration/cases
. tests/integration/check.sh
. tests/integration/boot.sh

# Every case, in the order they run (an order the cases rely on: makerun
# checks that makerun-names's dumps are gone).
CASES="
	hello iso preempt16 faults seglimits badptr toolarge panic triplefault badhz hang
	testprof deterministic smp smp-cpus smp-turns profcalls threefn profil
	system fingerprint shares modulelist pset cpus
	fstest posix fsback bochs-transfer fsstdin fsiso usertests console sysfuzz ticktest fpmix iretfuzz badstacks
	pinfo-files extract-stream
	makerun-names makerun makerun-docs makerun-many makerun-prog makerun-real makerun-null makerun-portable
	makerun-bochs makerun-hz makerun-seed makerun-diff makerun-stacktable makerun-reserved makerun-align makerun-loadtime makerun-truth makerun-events makerun-offdump
	spawn-fair spawn-order profrun-busy
"
# Under Bochs, only the cases below (the others are QEMU's: its -kernel
# loader, the profiler's shares and the tools, make run).
BOCHS_CASES=" hello panic triplefault hang faults seglimits badptr usertests console sysfuzz iretfuzz fpmix badstacks deterministic bochs-transfer "
selected() {
	[ "$emu" = qemu ] || case $BOCHS_CASES in *" $1 "*) ;; *) return 1 ;; esac
	[ -z "$only" ] || case " $only " in *" $1 "*) ;; *) return 1 ;; esac
}

# A case named that is not one, or a case file the list lacks, is an error.
for c in $only; do
	case " $(echo $CASES) " in *" $c "*) ;; *) echo "run.sh: no case '$c' (cases: $(echo $CASES))" >&2; exit 2 ;; esac
done
for f in "$cases"/*.sh; do
	c=${f##*/}
	c=${c%.sh}
	case " $(echo $CASES) " in *" $c "*) ;; *) name=$c dir=; fail "$f is in no list of run.sh" ;; esac
done

mkdir -p "$out"
for c in $CASES; do
	selected "$c" || continue
	if [ -f "$cases/$c.sh" ]; then
		. "$cases/$c.sh"
	else
		name=$c dir=
		fail "no file $cases/$c.sh"
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
