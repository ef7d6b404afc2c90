#!/bin/sh
# stacks-only.sh BUILD: `make bench-stacks`, section 9 of
# docs/PERFORMANCE.md alone (bench/stacks.sh): measures it and prints its
# tables and targets, leaving docs/PERFORMANCE.md as it is (make bench
# writes it). Callgrind, the inclusive shares' truth, runs only where
# can_callgrind says it can.
set -u
build=${1:-build}
out=$build/bench
. bench/lib.sh
. bench/accuracy.sh
. bench/crosscheck.sh
. bench/stacks.sh
mkdir -p "$out"
rm -f "$out/targets.txt"
started=$(date +%s)
cgwhy=$(can_callgrind) || note "callgrind will not run: $cgwhy"
[ -n "$cgwhy" ] || callgrind_all > "$out/callgrind.log" 2>&1 || die "callgrind failed: $(cat "$out/callgrind.log")"
stacks_cost
stacks_accuracy "$cgwhy"
for t in stacks-cost:"9. Call stacks: the cost of a tick" stacks-acc:"9. Call stacks: inclusive shares against callgrind" \
	stacks-acc-detail:"9. Call stacks: inclusive shares, function by function"; do
	printf '\n== %s\n\n' "${t#*:}"
	cat "$out/${t%%:*}.md"
done
printf '\n== Targets\n\n'
sed 's/^[0-9]*|//' "$out/targets.txt"
note "section 9 in $(( $(date +%s) - started )) s"
