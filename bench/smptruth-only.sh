#!/bin/sh
# smptruth-only.sh BUILD: `make bench-smptruth`, section 15 of
# docs/PERFORMANCE.md alone (bench/smptruth.sh): measures it and prints
# its table and targets, leaving docs/PERFORMANCE.md as it is (make bench
# writes it).
set -u
build=${1:-build}
out=$build/bench
make=${MAKE:-make}
. bench/lib.sh
. bench/smptruth.sh
mkdir -p "$out"
rm -f "$out/targets.txt"
started=$(date +%s)
smptruth
printf '\n== %s\n\n' "15. Several CPUs against the exact answer"
cat "$out/smp-truth.md"
printf '\n== Targets\n\n'
sed 's/^[0-9]*|//' "$out/targets.txt"
note "section 15 in $(( $(date +%s) - started )) s"
