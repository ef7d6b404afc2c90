#!/bin/sh
# smp-only.sh BUILD: `make bench-smp`, section 13 of docs/PERFORMANCE.md
# alone (bench/smp.sh): measures it and prints its tables and targets,
# leaving docs/PERFORMANCE.md as it is (make bench writes it).
set -u
build=${1:-build}
out=$build/bench
. bench/lib.sh
. bench/smp.sh
mkdir -p "$out"
rm -f "$out/targets.txt"
started=$(date +%s)
smp
for t in smp-tick:"13. Several CPUs: the tick on each CPU" smp-overhead:"13. Several CPUs: overhead per CPU" \
	smp-scale:"13. Several CPUs: from 1 to 8 CPUs" smp-check:"13. Several CPUs: the plugin's block counts"; do
	printf '\n== %s\n\n' "${t#*:}"
	cat "$out/${t%%:*}.md"
done
printf '\n== Targets\n\n'
sed 's/^[0-9]*|//' "$out/targets.txt"
note "section 13 in $(( $(date +%s) - started )) s"
