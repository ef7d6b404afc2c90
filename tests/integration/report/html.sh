# report/html.sh (sourced by report.sh, after lines.sh): the HTML report of
# lines.sh's runs in headless Chromium, and a flame graph of a run with
# call stacks (whose dump views.sh reads too).

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

# Zoomed (docs/report.md, "Timeline"): 16 ticks of the system profile's
# row, by a drag over them (mouse events dispatched by a script added to a
# copy of the page) and by "#t=A-B" in the address, each show the slices
# pinfo --timeline's JSON has there, in order, each labelled with its
# function and coloured by it (as many colours as functions: by module
# there are fewer), and the switches there marked
name=html-timeline-zoom
$pinfo --timeline "$out/sys.json" "$out/sys/sys.pro" "$u/worker.elf" "$u/sorter.elf" "$build/kernel.elf" 2>"$out/sys-tl.err"
set -- $(awk 'function v(k) { if (!match($0, "\"" k "\":[^,}]*")) return ""
		s = substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 3); gsub(/"/, "", s); return s }
	/"ph":"X"/ && v("tid") == 0 { n++; a[n] = v("ts") / 1000; e[n] = a[n] + v("dur") / 1000; f[n] = v("name")
		tick = v("dur") / 1000 / v("ticks") }
	/"ph":"i"/ && v("tid") == 0 { sw[++m] = v("ts") / 1000 }
	END { for (i = 1; i <= n; i++) {	# from the middle of a slice first tick: the first window of 3 functions and a switch
		lo = a[i] + tick / 2; hi = lo + 16 * tick; names = ""; k = 0; split("", seen); ns = 0
		for (j = 1; j <= n; j++) if (a[j] < hi && e[j] > lo) { names = names " " f[j]; if (!(f[j] in seen)) { seen[f[j]]; k++ } }
		for (j = 1; j <= m; j++) if (sw[j] >= lo && sw[j] <= hi) ns++
		if (k >= 3 && ns >= 1) { printf "%.3f %.3f %d %d%s\n", lo, hi, ns, k, names; exit } } }' "$out/sys.json")
lo=${1:-} hi=${2:-} nsw=${3:-} nfn=${4:-}
[ $# -ge 4 ] && shift 4
want=$(echo "$@")
sed "s|</body>|<script>(function(){var g=document.getElementById('tlsvg'),r=g.getBoundingClientRect(),\
X=+g.getAttribute('data-x'),W=+g.getAttribute('data-w'),n=+g.getAttribute('data-ticks'),ms=+g.getAttribute('data-tick-ms');\
function at(t){return r.left+(X+t/ms*W/n)*r.width/+g.getAttribute('width');}\
function ev(k,t){g.dispatchEvent(new MouseEvent(k,{clientX:at(t),clientY:r.top+10,bubbles:true}));}\
ev('mousedown',$lo);ev('mousemove',$hi);ev('mouseup',$hi);})();</script></body>|" "$shtml" > "$out/sys-drag.html"
zoomed() {	# zoomed DOM: "labels|colours|switches|range"
	echo "$(grep -o '<text class="tllabel"[^>]*>' "$1" | sed 's/.* data-f="\([^"]*\)".*/\1/' | tr '\n' ' ' | sed 's/ $//')|$(
		grep '<rect class="tl"' "$1" | grep -v 'display="none"' | sed 's/.* fill="\([^"]*\)".*/\1/' | sort -u | wc -l |
		tr -d ' ')|$(grep '<line class="switch"' "$1" | grep -vc 'display="none"')|$(grep -o '<span id="tlrange">[^<]*' "$1" |
		sed 's/.*>//')"
}
chrome --dump-dom "file://$(pwd)/$out/sys-drag.html" > "$out/sys-drag.dom" 2> "$out/sys-drag.log"
chrome --dump-dom "file://$(pwd)/$shtml#t=$lo-$hi" > "$out/sys-zoom.dom" 2> "$out/sys-zoom.log"
expect="$want|$nfn|$nsw|$lo to $hi ms of"
drag=$(zoomed "$out/sys-drag.dom") hash=$(zoomed "$out/sys-zoom.dom")
if [ -n "$want" ] && [ "${drag%%|*}" = "$want" ] && [ "${drag%|*}" = "${expect%|*}" ] &&
   [ "${hash%of*}of" = "$expect" ] && ! grep -q CONSOLE "$out/sys-drag.log" "$out/sys-zoom.log"
then pass "$lo to $hi ms: $want; $nfn colours, $nsw switches"
else fail "wanted '$expect'; the drag showed '$drag', #t= '$hash'; $(grep -h CONSOLE "$out/sys-drag.log" "$out/sys-zoom.log" | head -2)"; fi

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
