#!/bin/sh
# xv6-only.sh BUILD: `make bench-xv6`, section 14 of docs/PERFORMANCE.md
# alone (bench/xv6.sh): measures it and prints its table and targets,
# leaving docs/PERFORMANCE.md as it is (make bench writes it).
set -u
build=${1:-build}
out=$build/bench
. bench/lib.sh
. bench/xv6.sh
mkdir -p "$out"
rm -f "$out/targets.txt"
xv6bench
printf '\n== 14. The xv6 port\n\n'
cat "$out/xv6.md"
printf '\n== Targets\n\n'
sed 's/^[0-9]*|//' "$out/targets.txt"
