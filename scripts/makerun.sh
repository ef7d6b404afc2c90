#!/bin/sh
# makerun.sh: what `make run` does after the build (docs/running.md): the
# batch file of the programs (or SCRIPT), the boot of the GRUB image in
# QEMU or Bochs (qrun), every dump extracted and reported with pinfo, and
# how each program went. Its values come from the environment, where the
# Makefile puts them after scripts/uservars.mk and scripts/progs.sh have
# checked each: PROFKERN_X for make run's X (never a command line a shell
# reads). Each step is a function of scripts/makerun/: image.sh,
# boot.sh, report.sh and verdict.sh, in the order they run.
set -u
set -f
TOP=.
. scripts/lib/defs.sh
. scripts/makerun/image.sh
. scripts/makerun/boot.sh
. scripts/makerun/report.sh
. scripts/makerun/verdict.sh
marks_export || exit 1
run=${PROFKERN_RUN:-build/run} hz=${PROFKERN_HZ:-1000} timeout=${PROFKERN_TIMEOUT:-60} mem=${PROFKERN_MEM:-128}
cpus=${PROFKERN_CPUS:-1} seed=${PROFKERN_SEED:-1} emu=${PROFKERN_EMU:-qemu} script=${PROFKERN_SCRIPT:-}
stacktable=${PROFKERN_STACKTABLE:-} args=${PROFKERN_ARGS:-} files=${PROFKERN_FILES:-} stdin=${PROFKERN_STDIN:-}
realtime= truth= profopts=
case ${PROFKERN_REALTIME:-} in ''|0) ;; *) realtime=1 ;; esac
case ${PROFKERN_TRUTH:-} in ''|0) ;; *) truth=1 ;; esac
# profrun's options: /stacks, /spread and each event profile of EVENTS
case ${PROFKERN_STACKS:-} in ''|0) ;; *) profopts='/stacks ' ;; esac
case ${PROFKERN_SPREAD:-} in ''|0) ;; *) profopts="$profopts/spread " ;; esac
for e in $(printf '%s\n' "${PROFKERN_EVENTS:-}" | tr ',' ' '); do profopts="$profopts/$e "; done
build=$(dirname "$run") dumps=$run/dumps
# (the tests count pinfo's runs through a wrapper named here)
pinfo=${PROFKERN_PINFO:-$build/pinfo}
status=0

# The programs: PROG's, by the names progs.sh gives them, or the demo.
names=$(sh scripts/progs.sh names -- "${PROFKERN_PROG:-}") || { printf '%s\n' "$names" >&2; exit 2; }
if [ -n "$names" ]; then mode=programs; else mode=demo names=testprof; fi
# One that did not build (progs.sh left RUN/NAME.nobuild; the compiler
# said why) fails by name; the others run.
nobuild="" programs=""
for n in $names; do
	if [ -e "$run/$n.nobuild" ]; then nobuild="$nobuild $n"; else programs="$programs $n"; fi
done
programs=${programs# }
# The modules: the programs and the guest's own, each once.
modules=" "
for n in $programs cmd pset profrun testprof; do
	case $modules in *" $n "*) ;; *) modules="$modules$n " ;; esac
done

batch_write || exit $?
env_write || exit 1
# Dumps of an earlier run must not pass for this one's, nor its capture,
# stacks or report.
clean_run || exit 1
if [ "$mode" = programs ] && [ -z "$programs" ]; then	# nothing to boot
	say_nobuild
	echo "make run: 0 programs ran, $(set -- $nobuild; echo $#) failed"
	exit 1
fi
image_fits || exit 1

boot
[ -f "$run/serial.log" ] || { echo "make run: the machine did not start" >&2; exit 1; }
# a hang before the kernel's first line: the boot loader never started it
if [ "$qs" = 4 ] && ! grep -a -q "^$CONSOLE_MARK" "$run/serial.log"; then
	echo "make run: the kernel never started within $timeout s (TIMEOUT): the boot loader did not load the image in that time" \
		"($need bytes of kernel and modules, MEM=$mem MiB)" >&2
fi
status=$qs

extract
[ -n "$truth" ] && truth_all
report_all
html_report
files_back
if [ -n "$script" ]; then
	verdict_batch
elif [ "$mode" = programs ]; then
	verdict_programs
fi
exit $status
