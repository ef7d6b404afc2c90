#!/bin/sh
# libc-only.sh BUILD: `make bench-libc`, section 11 of docs/PERFORMANCE.md
# alone (bench/libc.sh): measures it and puts its tables in place of the
# section's old ones, between their markers, and its rows in the targets'
# table in place of the old ones, leaving the rest as it was.
set -u
build=${1:-build}
out=$build/bench
. bench/lib.sh
. bench/accuracy.sh
. bench/libc.sh
mkdir -p "$out"
rm -f "$out/targets.txt"
grep -q '^<!-- libc -->$' docs/PERFORMANCE.md || die "docs/PERFORMANCE.md has no libc markers: run make bench"
libc_share
{
	echo
	echo "(This section measured alone by \`make bench-libc\`, $(date -u '+%Y-%m-%d %H:%M UTC'), at commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- bench user 2>/dev/null || echo ' with uncommitted changes').)"
} >> "$out/libc-detail.md"
printf '\n== 11. The C library in the profile\n\n'
cat "$out/libc.md"
echo
cat "$out/libc-detail.md"
# The targets' rows of section 11 (the last section: the table's last rows).
sed 's/^[0-9]*|//' "$out/targets.txt" > "$out/libc-targets.md"
awk -v t="$out/libc-targets.md" -v a="$out/libc.md" -v d="$out/libc-detail.md" '
	function put(f,    l) { while ((getline l < f) > 0) print l; close(f) }
	/^## Targets$/ { intargets = 1 }
	intargets && /^\| the allocator.s share of the profile of / { next }
	intargets && /^$/ && seen { put(t); intargets = 0 }
	intargets && /^\|/ { seen = 1 }
	/^<!-- libc -->$/ { print; put(a); print ""; put(d); skip = 1; next }
	/^<!-- \/libc -->$/ { skip = 0 }
	!skip { print }' docs/PERFORMANCE.md > "$out/PERFORMANCE.md.new" &&
	mv "$out/PERFORMANCE.md.new" docs/PERFORMANCE.md
note "docs/PERFORMANCE.md: section 11 written"
