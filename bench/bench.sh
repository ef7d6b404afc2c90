#!/bin/sh
# bench.sh BUILD: `make bench`. Measures the profiler's accuracy and cost
# and writes docs/PERFORMANCE.md from bench/PERFORMANCE.md.in, each
# @@NAME@@ line replaced by the table BUILD/bench/NAME.md. Prints the
# tables as it goes. Exits non-zero only if something could not be run:
# a target that is not met is reported, not a failure.
set -u
build=${1:-build}
out=$build/bench
make=${MAKE:-make}
started=$(date +%s)
. bench/lib.sh
. bench/accuracy.sh
. bench/crosscheck.sh
. bench/lost.sh
. bench/lines.sh
. bench/guest.sh
. bench/hostside.sh
. bench/hostratios.sh
. bench/wire.sh
. bench/stacks.sh
. bench/bounds.sh
. bench/libc.sh
. bench/calibrate.sh
. bench/smp.sh
. bench/xv6.sh
. bench/smptruth.sh
. bench/events.sh

mkdir -p "$out"
rm -f "$out/targets.txt"
insn_ns=$((1 << ${ICOUNT_SHIFT:-3}))	# guest time of one instruction

show() {	# show NAME TITLE: prints a table as it is made
	printf '\n== %s\n\n' "$2"
	cat "$out/$1.md"
}

# The truth is the plugin's; callgrind, where it can run, is its
# cross-check, on one core while QEMU runs on the other.
cg="" cgwhy=$(can_callgrind) || note "callgrind will not run: $cgwhy; the plugin's truth needs it not"
if [ -z "$cgwhy" ]; then
	callgrind_all > "$out/callgrind.log" 2>&1 &
	cg=$!
fi

truth_exact
accuracy
lost_ticks
aliasing
tickcost
overhead
stacks_cost
libc_share
calibrate
smp
xv6bench
smptruth
events
if [ -n "$cg" ]; then
	note "waiting for callgrind"
	wait $cg || die "callgrind failed: $(cat "$out/callgrind.log")"
fi
accuracy_tables "$cgwhy"
stacks_accuracy "$cgwhy"
line_accuracy
show truth-exact "1. The plugin's bar: counts known by construction"
show crosscheck "1. The plugin against callgrind"
show accuracy "1, 3. Accuracy (profile against the plugin's counts) and reproducibility"
show accuracy-detail "1. Accuracy, function by function"
show lines "8. Accuracy, source line by source line"
show aliasing "2. Aliasing"
show cost "4. The cost of a tick (bench/tickcost.c)"
show cost-c "4. The tick through the module's C entry (ctick=1) against the assembly path"
show overhead "5. Overhead"
show lost "6. Lost ticks"
show stacks-cost "9. Call stacks: the cost of a tick"
show stacks-acc "9. Call stacks: inclusive shares against callgrind"
# Alone on the machine, so that the tools' times are their own.
hostside
show hosttimes "7. Host tools on a large profile"
show hostratios "7. pinfo against readprofile, paired runs"
show wire "7. Dumps on the wire"
bounds
show bounds "10. pinfo on forged dumps: long names, deep stacks"
show libc "11. The C library in the profile"
show libc-detail "11. The C library in the profile, function by function"
show calibration "12. How far to trust a share: the intervals' calibration"
show smp-tick "13. Several CPUs: the tick on each CPU"
show smp-overhead "13. Several CPUs: overhead per CPU at 1 kHz and 10 kHz"
show smp-scale "13. Several CPUs: from 1 to 8 CPUs"
show smp-check "13. Several CPUs: the plugin's block counts against one by one"
show xv6 "14. The xv6 port"
show smp-truth "15. Several CPUs against the exact answer"
show events-cost "16. Event profiles: what they cost"
show events-offcpu "16. Event profiles: off-CPU shares against exact sleeps"

# ---- the document ---------------------------------------------------------
elapsed=$(( $(date +%s) - started ))
target 10 "make bench's run time" "$((elapsed / 60)) min $((elapsed % 60)) s" "< 10 min" "$(holds "$elapsed < 600")"
{
	echo "| target | measured | goal | |"
	echo "|---|---:|---|---|"
	sort -t'|' -k1,1n -s "$out/targets.txt" | sed 's/^[0-9]*|//'
} > "$out/targets.md"
show targets "Targets"
{
	cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
	echo "- Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`make bench\`, which took $((elapsed / 60)) min $((elapsed % 60)) s,"
	echo "  at commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')."
	echo "- Host: $cpu, $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(uname -sr)."
	echo "- $(qemu-system-i386 --version | head -1), TCG, \`-icount shift=${ICOUNT_SHIFT:-3}\`;"
	echo "  $(valgrind --version 2>/dev/null || echo 'no valgrind'); $(gcc --version | head -1); $(readprofile -V 2>&1 | head -1); $(gprof --version | head -1)."
} > "$out/machine.md"
awk -v dir="$out" '/^@@[a-z-]+@@$/ { f = dir "/" substr($0, 3, length($0) - 4) ".md"
	while ((getline l < f) > 0) print l; close(f); next } { print }' bench/PERFORMANCE.md.in > docs/PERFORMANCE.md
note "wrote docs/PERFORMANCE.md in $((elapsed / 60)) min $((elapsed % 60)) s"
