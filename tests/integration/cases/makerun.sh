# cases/makerun.sh (sourced by run.sh): make run as it is: the demo, reported as Examples 1 and 2,
# and its functions written as build/run/testprof.csv (pinfo --csv, docs/pinfo.md).
name=makerun dir=$out/makerun log=$out/makerun.log
mkdir -p "$dir"
if $make --no-print-directory run > "$log" 2>&1; then
	# Example 1, then Example 2 with inner on top
	# and the dumps of an earlier run (makerun-names) are gone
	if has "pinfo testprof.pro" && has "Module    Segment  Length  Tics      Percent" &&
	   has "pinfo testprof.pro testprof.map" && has "Module TESTPROF" &&
	   [ "$(grep -A3 '^Segment 1:' "$log" | sed -n 2p | awk '{ print $NF }')" = inner ] &&
	   [ "$(ls "$build/run/dumps")" = testprof.pro ] &&
	   [ "$(head -1 "$build/run/testprof.csv")" = module,function,tics,percent,ci_low,ci_high ] &&
	   grep -q '^TESTPROF,inner,[0-9]*,[0-9]*\.[0-9]\{4\},[0-9.]*,[0-9.]*$' "$build/run/testprof.csv"; then pass
	else fail "reports or CSV not as expected, or dumps: $(ls "$build/run/dumps" | head -5)"; fi
else
	fail "make run failed"
fi
