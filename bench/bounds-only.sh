#!/bin/sh
# bounds-only.sh BUILD: `make bench-bounds`, section 10 of docs/PERFORMANCE.md
# alone (bench/bounds.sh): measures it and puts the tables in place of the
# section's old ones, between its markers, leaving the rest as it was.
set -u
build=${1:-build}
out=$build/bench
. bench/lib.sh
. bench/bounds.sh
mkdir -p "$out"
bounds
{
	echo
	echo "(This section measured alone by \`make bench-bounds\`, $(date -u '+%Y-%m-%d %H:%M UTC'), at commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- host bench 2>/dev/null || echo ' with uncommitted changes').)"
} >> "$out/bounds.md"
printf '\n== 10. pinfo on forged dumps: long names, deep stacks\n\n'
cat "$out/bounds.md"
grep -q '^<!-- bounds -->$' docs/PERFORMANCE.md || die "docs/PERFORMANCE.md has no bounds markers: run make bench"
awk -v f="$out/bounds.md" '/^<!-- bounds -->$/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
	/^<!-- \/bounds -->$/ { skip = 0 } !skip { print }' docs/PERFORMANCE.md > "$out/PERFORMANCE.md.new" &&
	mv "$out/PERFORMANCE.md.new" docs/PERFORMANCE.md
note "docs/PERFORMANCE.md: section 10 written"
