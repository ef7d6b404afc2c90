# cases/makerun-many.sh (sourced by run.sh): 2,000 dumps under 2,000 names, each reported.
#
# 2,000 dumps under 2,000 names, each reported: one summary and one report
# with every map of the run (pinfo --skip-absent), never a pinfo run a dump
# and a map (docs/running.md has the time it takes).
name=makerun-many log=$out/makerun-many.log count=$out/makerun-many.runs dir=$out/makerun-many
: > "$count"
printf '#!/bin/sh\necho >> "%s"\nexec "%s" "$@"\n' "$(pwd)/$count" "$(pwd)/$pinfo" > "$out/countpinfo"
chmod +x "$out/countpinfo"
if PROFKERN_PINFO=$(pwd)/$out/countpinfo $make --no-print-directory run PROG=tests/guest/manydumps.c > "$log" 2>&1; then
	files=$(ls "$build/run/dumps" | grep -c '^d[0-9][0-9][0-9][0-9]\.pro$')
	missing=$(awk '/^pinfo d[0-9][0-9][0-9][0-9]\.pro$/ { s[$2] = 1 }
		/^pinfo d[0-9][0-9][0-9][0-9]\.pro -f maps\.lst$/ { m[$2] = 1 }
		END { for (i = 0; i < 2000; i++) { n = sprintf("d%04d.pro", i); if (!(n in s) || !(n in m)) k++ }
		      print k + 0 }' "$log")
	sums=$(grep -c '^MANYDUMPS   0001 ' "$log") maps=$(grep -c '^Module MANYDUMPS$' "$log")
	# one pinfo run a dump, whatever the maps, and one for the HTML report
	runs=$(wc -l < "$count") want=$((files + 1))
	if [ "$files" = 2000 ] && [ "$missing" = 0 ] && [ "$sums" = 2000 ] && [ "$maps" = 2000 ] &&
	   [ "$runs" = "$want" ] && [ -s "$build/run/report.html" ] && has "manydumps: 2000 dumps made, 0 failed" && ! grep -q '^pinfo: ' "$log"; then pass
	else fail "$files dumps, $missing not reported, $sums summaries, $maps map reports, $runs pinfo runs"; fi
else
	fail "make run failed: $(tail -5 "$log")"
fi
