#!/bin/sh
# report.sh BUILD: source lines and the HTML report on real runs. pinfo -l
# and --annotate on the demo's profile must put the most ticks on one of
# the two lines of inner()'s loop (found in user/testprof.c by their
# text), each about half of inner's (two instructions each an iteration),
# and next to none on the store after it (run once a call); and, in a
# system profile, give the kernel's lines from kernel.elf the ticks of the
# kernel's functions. The HTML report of the demo is opened in headless
# Chromium: no console error, no script error, the functions' table in
# pinfo's order, a click on its Function head sorts it by name, the
# annotated source marks the hot line; and a screenshot is taken. Then
# every other view once on the same dumps. Each pinfo run is made again by
# the sanitizer build, which must do the same (sanpinfo.sh). One line per
# check, "N passed, N failed" last; non-zero status if any failed.
set -u
build=${1:-build}
out=$build/reporttest
pinfo=$build/pinfo
u=$build/user
. tests/integration/check.sh
. tests/integration/sanpinfo.sh	# $pinfo: build/pinfo, then build/san/pinfo alike


boot() {	# boot NAME qrun-arguments...: a run in $out/NAME, dumps extracted
	dir=$out/$1
	shift
	rm -rf "$dir"
	sh scripts/qrun -quiet -o "$dir" -timeout "${LIMIT:-60}" -hz 1000 "$@" >"$dir.out" 2>&1 &&
		"$build/profextract" -o "$dir" "$dir/serial.log" >>"$dir.out" 2>&1
}

mkdir -p "$out"
hot=$(grep -n 'x = x \* 1103515245u + 12345u;' user/testprof.c | cut -d: -f1)
loop=$(grep -n 'for (int i = 0; i < INNER_STEPS; i++)' user/testprof.c | cut -d: -f1)
store=$(grep -n '^	sink = x;' user/testprof.c | cut -d: -f1)

# ---- the demo: a user profile ------------------------------------------------------
name=boot-testprof
if boot user -kernel "$build/kernel.elf" "$u/testprof.elf" "$u/cmd.elf" &&
   [ -f "$out/user/testprof.pro" ]; then pass; else fail "no dump: $(tail -3 "$out/user.out")"; fi
dump=$out/user/testprof.pro

name=lines-hot
lines=$($pinfo -l "$dump" "$u/testprof.elf" 2>"$out/lines.err")
first=$(printf '%s\n' "$lines" | sed -n 5p)	# Module, blank, Segment, heading, then the lines
fn=$(printf '%s\n' "$first" | awk '{ print $NF }')	# the function: the last field
set -- $first
if [ -n "$hot" ] && [ -n "$loop" ] && { [ "${1:-}" = "user/testprof.c:$hot" ] || [ "${1:-}" = "user/testprof.c:$loop" ]; } &&
   [ "$fn" = inner ] && [ ! -s "$out/lines.err" ]
then pass "$1 $2 tics in inner"; else fail "first line '$first', wanted user/testprof.c:$hot or :$loop in inner; $(cat "$out/lines.err")"; fi

# the loop's body (imul, add) and its for (dec, jne) run as often: each
# about half of inner's ticks; the store after the loop, run once a call,
# next to none (splitting buckets by bytes gave the body two thirds and
# the store an eighth: the store shares the jne's bucket)
name=lines-loop
shares=$(printf '%s\n' "$lines" | awk -v h="user/testprof.c:$hot" -v l="user/testprof.c:$loop" \
	-v s="user/testprof.c:$store" '$NF == "inner" { t += $2; v[$1] += $2 }
	END { if (t) printf "%.1f %.1f %.1f", 100 * v[h] / t, 100 * v[l] / t, 100 * v[s] / t }')
if [ -n "$store" ] && [ -n "$shares" ] &&
   awk -v s="$shares" 'BEGIN { split(s, p, " "); exit !(p[1] >= 40 && p[1] <= 60 && p[2] >= 40 && p[2] <= 60 && p[3] <= 2) }'
then pass "body, for, store: $shares % of inner's"; else fail "body, for, store: '$shares' % of inner's: $lines"; fi

# the lines' tics add up to the functions' (the same ticks, split otherwise)
name=lines-sum
lsum=$(printf '%s\n' "$lines" | awk 'NR > 4 { s += $2 } END { print s + 0 }')
fsum=$($pinfo "$dump" "$u/testprof.elf" | awk '/^[0-9a-f]+:[0-9a-f]+ / { s += $2 } END { print s + 0 }')
if [ "$lsum" -gt 0 ] && [ "$lsum" = "$fsum" ]; then pass "$lsum"; else fail "lines $lsum, functions $fsum"; fi

name=annotate-hot
$pinfo --annotate inner "$dump" "$u/testprof.elf" > "$out/annotate.txt" 2>&1
top=$(awk 'NF >= 3 && $1 ~ /^[0-9]+$/ && $2 ~ /%$/ && $1 > m { m = $1; l = $3 } END { print l }' "$out/annotate.txt")
if { [ "$top" = "$hot" ] || [ "$top" = "$loop" ]; } &&
   grep -q "^ *[0-9]* *[0-9.]*% *$hot  		x = x \* 1103515245u + 12345u;" "$out/annotate.txt"
then pass "line $top"; else fail "hottest line '$top', wanted $hot or $loop: $(cat "$out/annotate.txt")"; fi

name=annotate-absent
if ! $pinfo --annotate no_such_function "$dump" "$u/testprof.elf" > "$out/absent.txt" 2>&1 &&
   grep -q "no function no_such_function" "$out/absent.txt"; then pass; else fail "$(cat "$out/absent.txt")"; fi

# ---- the kernel's lines, from kernel.elf, in a system profile ---------------------------
name=kernel-lines
if boot sys -kernel -batch tests/guest/system.cmd "$build/kernel.elf" "$u/worker.elf" "$u/sorter.elf" \
	"$u/pset.elf" "$u/cmd.elf" && [ -f "$out/sys/sys.pro" ]; then
	kl=$($pinfo -l "$out/sys/sys.pro" "$build/kernel.elf" 2>&1)
	ksum=$(printf '%s\n' "$kl" | awk 'NR > 4 { s += $2 } END { print s + 0 }')
	kf=$($pinfo "$out/sys/sys.pro" "$build/kernel.elf" | awk '/^[0-9a-f]+:[0-9a-f]+ / { s += $2 } END { print s + 0 }')
	# the first line's file is one of the tree's (the kernel's own, or the
	# string functions it shares with the guests), in a function with ticks
	set -- $(printf '%s\n' "$kl" | sed -n 5p)
	kfile=${1%%:*} kfunc=$(printf '%s\n' "$kl" | sed -n 5p | awk '{ print $NF }')
	kfuncs=$($pinfo "$out/sys/sys.pro" "$build/kernel.elf" | awk '/^[0-9a-f]+:[0-9a-f]+ / { print $NF }')
	if [ "$ksum" -gt 0 ] && [ "$ksum" = "$kf" ] && [ -f "$kfile" ] &&
	   printf '%s\n' "$kfuncs" | grep -qx "$kfunc"; then pass "$ksum tics, the first $1 in $kfunc"
	else fail "kernel lines $ksum, functions $kf, first '$1' in '$kfunc': $kl"; fi
else
	fail "no system dump: $(tail -3 "$out/sys.out")"
fi

# ---- the HTML report in a real browser ------------------------------------------------------
html=$out/report.html
name=html-written
if $pinfo --html "$html" "$dump" "$u/testprof.elf" "$build/kernel.elf" 2>"$out/html.err" && [ -s "$html" ]
then pass "$(wc -c < "$html") bytes"; else fail "$(cat "$out/html.err")"; fi

chrome() {	# chrome ARGS... URL: headless Chromium, bounded in time
	timeout 90 chromium --headless --disable-gpu --no-sandbox --no-first-run \
		--user-data-dir="$out/chrome-profile" --enable-logging=stderr --v=0 "$@"
}
# Whether a console error is seen at all: a page that throws must show one.
name=browser-sees-errors
printf '<!DOCTYPE html><html><body><script>console.error("seen-here"); throw new Error("thrown-here");</script></body></html>\n' > "$out/bad.html"
chrome --dump-dom "file://$(pwd)/$out/bad.html" > "$out/bad.dom" 2> "$out/bad.log"
if grep -q 'CONSOLE.*seen-here' "$out/bad.log" && grep -q 'CONSOLE.*thrown-here' "$out/bad.log"
then pass; else fail "Chromium's log did not show the page's errors: $(grep -i console "$out/bad.log" | head -3)"; fi

name=html-in-chromium
chrome --dump-dom "file://$(pwd)/$html#selftest" > "$out/report.dom" 2> "$out/report.log"
if grep -q 'CONSOLE' "$out/report.log"; then
	fail "console messages: $(grep CONSOLE "$out/report.log" | head -3)"
elif ! grep -q '<html[^>]* data-ready="1"' "$out/report.dom" || grep -q 'data-errors=' "$out/report.dom"; then
	fail "the page's script did not run clean: $(grep -o '<html[^>]*>' "$out/report.dom")"
else
	pass
fi

# The system profile's page: functions of three modules, whose order by
# tics and by name differ.
name=html-functions
shtml=$out/sys.html
$pinfo --html "$shtml" "$out/sys/sys.pro" "$u/worker.elf" "$u/sorter.elf" "$build/kernel.elf" 2>"$out/sys-html.err"
chrome --dump-dom "file://$(pwd)/$shtml" > "$out/sys.dom" 2> "$out/sys.log"
# pinfo's functions of each module, "tics module address name", all by tics
# as the page orders them (then module, then address)
want=$(for e in "$u/worker.elf" "$u/sorter.elf" "$build/kernel.elf"; do
	$pinfo "$out/sys/sys.pro" "$e" | awk '/^Module / { m = $2 } /^[0-9a-f]+:[0-9a-f]+ / { print $2, m, $1, $NF }'
	done | LC_ALL=C sort -s -k1,1nr -k2,2f -k3,3 | awk '{ print $4 }')
# the table as the browser shows it: its rows' first cells, in document order
got=$(sed -n '/<table class="sortable" id="functions">/,/<\/table>/p' "$out/sys.dom" |
	sed -n 's/^<tr><td>\([^<]*\)<\/td>.*/\1/p')
if [ "$(printf '%s\n' "$want" | wc -l)" -ge 5 ] && [ "$got" = "$want" ] && ! grep -q CONSOLE "$out/sys.log"
then pass "$(printf '%s\n' "$got" | wc -l) functions"
else fail "got '$(echo $got)', wanted '$(echo $want)'; $(cat "$out/sys-html.err")"; fi

# a click on the Function head sorts by name (the script's #selftest clicks
# and lists the rows); equal names keep their order
name=html-sort-click
chrome --dump-dom "file://$(pwd)/$shtml#selftest" > "$out/sys-click.dom" 2>/dev/null
sorted=$(sed -n '/<pre id="selftest">/,/<\/pre>/p' "$out/sys-click.dom" | sed 's/<[^>]*>//g' | grep -v '^$')
byname=$(printf '%s\n' "$want" | awk '{ print tolower($0) "\t" $0 }' | LC_ALL=C sort -s -t "$(printf '\t')" -k1,1 | cut -f2)
if [ -n "$sorted" ] && [ "$sorted" = "$byname" ] && [ "$sorted" != "$want" ]
then pass "$(echo $sorted | cut -c1-60)..."; else fail "after the click: '$(echo $sorted)', wanted '$(echo $byname)'"; fi

name=html-hot-line	# the line of most ticks, as --annotate found it
if [ -n "$top" ] && grep -q "<div class=\"annot\" data-func=\"inner\" data-hot-line=\"$top\">" "$out/report.dom" &&
   grep -q "<tr class=\"hot\" data-line=\"$top\"" "$out/report.dom"
then pass "line $top"; else fail "inner's hot line is not $top: $(grep -o 'data-hot-line="[0-9]*"' "$out/report.dom" | head -3)"; fi

name=html-no-flame
if ! grep -q 'id="flame"' "$out/report.dom"; then pass "a format 2 dump has no stacks: no flame graph"
else fail "a flame graph without stacks"; fi

# The timeline (docs/events.md): the browser's page has a row for the one
# CPU, a box for each slice of pinfo --timeline's JSON, the same count
name=html-timeline
$pinfo --timeline "$out/timeline.json" "$dump" "$u/testprof.elf" "$build/kernel.elf" 2> "$out/timeline.err"
boxes=$(grep -c '<rect class="tl" data-cpu="0"' "$out/report.dom")
slices=$(grep -c '"ph":"X"' "$out/timeline.json" 2>/dev/null)
if grep -q '<section id="timeline">' "$out/report.dom" && [ "$boxes" -ge 2 ] && [ "$boxes" = "$slices" ] &&
   ! grep -q 'data-cpu="1"' "$out/report.dom" && grep -q '"name":"thread_name".*"CPU 0"' "$out/timeline.json"
then pass "$boxes boxes, $slices slices"; else fail "$boxes boxes in the page, $slices slices in the JSON; $(cat "$out/timeline.err")"; fi

name=html-offline
if ! grep -Eq '(src|href)="(https?:)?//' "$html" && ! grep -q '@import\|url(' "$html"
then pass; else fail "the page refers to something outside it"; fi

name=html-screenshot
rm -f "$out/report.png"
chrome --screenshot="$out/report.png" --window-size=1300,1400 --hide-scrollbars "file://$(pwd)/$html" \
	> /dev/null 2> "$out/shot.log"
if [ "$(head -c 8 "$out/report.png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
then pass "$out/report.png, $(wc -c < "$out/report.png") bytes"; else fail "no PNG: $(tail -3 "$out/shot.log")"; fi

# A dump with call stacks (format 3): the page's flame graph, as the browser
# shows it, has one box for each distinct frame of the merged call tree:
# each distinct root-first prefix of the folded stacks.
name=html-flamegraph
fdir=$out/flame
mkdir -p "$fdir"
if sh scripts/qrun -quiet -kernel -o "$fdir" -timeout 30 "$build/kernel.elf" \
	"$u/calltree.elf" "$u/cmd.elf" > "$fdir/qrun.out" 2>&1 &&
   "$build/profextract" -o "$fdir" "$fdir/serial.log" > "$fdir/extract.out" 2>&1 &&
   fdump=$(ls "$fdir"/*.pro 2>/dev/null | head -1) && [ -n "$fdump" ] &&
   $pinfo --folded "$fdir/folded.txt" "$fdump" "$u/calltree.elf" "$build/kernel.elf" 2>"$fdir/folded.err" &&
   $pinfo --html "$fdir/flame.html" "$fdump" "$u/calltree.elf" "$build/kernel.elf" 2>"$fdir/html.err"; then
	want=$(awk '{ $NF = ""; n = split($0, f, ";"); p = ""
		for (i = 1; i <= n; i++) { sub(/ +$/, "", f[i]); p = p ";" f[i]; if (!(p in seen)) { seen[p] = 1; k++ } } }
		END { print k + 0 }' "$fdir/folded.txt")
	chrome --dump-dom "file://$(pwd)/$fdir/flame.html" > "$fdir/flame.dom" 2> "$fdir/flame.log"
	got=$(grep -o '<g class="frame"' "$fdir/flame.dom" | wc -l)
	if [ "$want" -ge 4 ] && [ "$got" = "$want" ] && grep -q 'id="flame"' "$fdir/flame.dom" &&
	   ! grep -q CONSOLE "$fdir/flame.log"; then pass "$got boxes, as many as distinct frames"
	else fail "$got boxes for $want distinct frames; $(cat "$fdir/html.err" "$fdir/folded.err")"; fi
else
	fail "no stacks run: $(tail -3 "$fdir/qrun.out") $(cat "$fdir/extract.out" 2>/dev/null)"
fi

# ---- every other view, on the same runs' dumps (through $pinfo: the
# sanitizer build too, pinfo-san below) ----------------------------------------------------
name=views
sysd=$out/sys/sys.pro sysmaps="$u/worker.elf $u/sorter.elf $build/kernel.elf"
printf 'testprof inner 950\ntestprof main 40\ntestprof exit 10\n' > "$out/views.truth"
printf '%s\n' $sysmaps > "$out/sys.lst"	# (the report's views take one map, or a list)
bad=
# shellcheck disable=SC2086
for view in "--ci -e -t -z $dump $u/testprof.elf" "--sort=name --top 5 $sysd -f $out/sys.lst" "--percent-limit 0.1 $sysd -f $out/sys.lst" \
	"--summary --csv $out/views.csv --truth $out/views.truth $dump $u/testprof.elf" \
	"--html $out/views.html --truth $out/views.truth $dump $u/testprof.elf" "--html $out/nomap.html $dump" \
	"--diff --csv $out/diff.csv $dump $sysd $u/testprof.elf $sysmaps" "--merge $out/merged.pro $dump $dump" \
	"-t $out/merged.pro $u/testprof.elf" "--cpus $sysd $sysmaps" "--where 0x10 $u/testprof.elf" \
	"-l --split=bytes $sysd $sysmaps" "--annotate inner --split=bytes $dump $u/testprof.elf" \
	"--folded $out/views.folded --flamegraph $out/views.svg --pprof $out/views.pb.gz -g ${fdump:-(no-stacks-dump)} $u/calltree.elf $build/kernel.elf"
do
	$pinfo $view > "$out/view.txt" 2>&1 || bad="$bad; pinfo $view: $(head -2 "$out/view.txt")"
done
if [ -z "$bad" ]; then pass; else fail "${bad#; }"; fi

sanpinfo_verdict
echo "report: $passed passed, $failed failed"
[ "$failed" = 0 ]
