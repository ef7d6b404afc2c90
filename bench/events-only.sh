#!/bin/sh
# events-only.sh BUILD: `make bench-events`, section 16 of
# docs/PERFORMANCE.md alone (bench/events.sh): measures it and prints its
# tables and targets, leaving docs/PERFORMANCE.md as it is (make bench
# writes it).
set -u
build=${1:-build}
out=$build/bench
. bench/lib.sh
. bench/events.sh
mkdir -p "$out"
rm -f "$out/targets.txt"
started=$(date +%s)
events
printf '\n== 16. Event profiles: what they cost\n\n'
cat "$out/events-cost.md"
printf '\n== 16. Event profiles: off-CPU shares against exact sleeps\n\n'
cat "$out/events-offcpu.md"
printf '\n== Targets\n\n'
sed 's/^[0-9]*|//' "$out/targets.txt"
note "section 16 in $(( $(date +%s) - started )) s"
