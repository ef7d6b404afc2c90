#!/bin/sh
# calibrate-only.sh BUILD: `make bench-calibrate`, section 12 of
# docs/PERFORMANCE.md alone (bench/calibrate.sh): measures it and puts the
# table in place of the section's old one, between its markers, leaving
# the rest as it was.
set -u
build=${1:-build}
out=$build/bench
. bench/lib.sh
. bench/accuracy.sh
. bench/calibrate.sh
mkdir -p "$out"
rm -f "$out/targets.txt" "$out/cal/truth.txt"
calibrate
{
	echo
	echo "(This section measured alone by \`make bench-calibrate\`, $(date -u '+%Y-%m-%d %H:%M UTC'), at commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo ' with uncommitted changes'); its targets: $(sed 's/^[0-9]*|| //; s/ |$//' "$out/targets.txt" | tr '\n' ';' | sed 's/;$//; s/;/; /g').)"
} >> "$out/calibration.md"
printf '\n== 12. How far to trust a share: the intervals'"'"' calibration\n\n'
cat "$out/calibration.md"
grep -q '^<!-- calibration -->$' docs/PERFORMANCE.md || die "docs/PERFORMANCE.md has no calibration markers: run make bench"
awk -v f="$out/calibration.md" '/^<!-- calibration -->$/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
	/^<!-- \/calibration -->$/ { skip = 0 } !skip { print }' docs/PERFORMANCE.md > "$out/PERFORMANCE.md.new" &&
	mv "$out/PERFORMANCE.md.new" docs/PERFORMANCE.md
note "docs/PERFORMANCE.md: section 12 written"
