# xv6.sh: section 14 of docs/PERFORMANCE.md, the xv6 port (ports/xv6;
# docs/porting-xv6.md), sourced by bench.sh and xv6-only.sh: the glue's
# size, and with XV6 naming an xv6-public tree (make bench XV6=DIR), the
# lines it puts into xv6's files and the shares of the demo's three
# functions of known instruction shares (1 : 2 : 3) at 10,000 samples and
# more, from make xv6 as a user runs it, twice (the same dumps). Without
# XV6 the table says what was not measured.

# xv6lines FILE...: the lines of the files, all together
xv6lines() { cat "$@" | wc -l | tr -d ' '; }

xv6bench() {
	_t=$out/xv6.md _x=${PROFKERN_XV6:-}
	_glue=$(xv6lines ports/xv6/profxv6.c ports/xv6/profxv6.h ports/xv6/uprof.c ports/xv6/apply.sh)
	_run=$(xv6lines ports/xv6/profinit.c ports/xv6/xv6.mk scripts/xv6run.sh)
	{
		echo "| measure | measured | trial port |"
		echo "|---|---:|---:|"
		echo "| lines of the glue (ports/xv6/: profxv6.c, profxv6.h, uprof.c, apply.sh) | $_glue | 292 |"
		echo "| lines of the run around it (profinit.c, xv6.mk, scripts/xv6run.sh) | $_run | - |"
	} > "$_t"
	if [ -z "$_x" ]; then
		echo "| lines put into xv6's files; the demo's shares | not measured: make bench XV6=DIR (an xv6-public tree) | 86 |" >> "$_t"
		target 14 "xv6: the glue's lines, and those put into xv6's files" "$_glue; not measured (no XV6=)" "fewer than 292 and 86" -
		target 14 "xv6: shares of functions of known instruction shares" "not measured (no XV6=)" "within 1 point at 10,000 samples" -
		return 0
	fi
	note "xv6: make xv6 XV6=$_x, the demo at 10 kHz, twice"
	_log=$out/xv6.log _r=$build/xv6/run
	"${MAKE:-make}" --no-print-directory xv6 XV6="$_x" PROG=ports/xv6/demo.c HZ=10000 ARGS=6 > "$_log" 2>&1 ||
		die "make xv6 failed: $(tail -5 "$_log")"
	rm -rf "$out/xv6-first" && cp -r "$_r/dumps" "$out/xv6-first"
	# what apply.sh put into xv6's files: the lines the copy has and the tree has not
	_ins=0 _files=0
	for _f in $(cd "$_x" && ls); do
		[ -f "$_x/$_f" ] && [ -f "$build/xv6/src/$_f" ] || continue
		_n=$(diff "$_x/$_f" "$build/xv6/src/$_f" | grep -c '^>')
		[ "$_n" = 0 ] || { _ins=$((_ins + _n)); _files=$((_files + 1)); }
	done
	_sh=$("$build/pinfo" -- "$_r/dumps/demo.pro" "$_r/demo.elf" | awk '
		$NF == "one" { a = $2 } $NF == "two" { b = $2 } $NF == "three" { c = $2 }
		END { t = a + b + c; d1 = 100 * a / t - 100 / 6; d2 = 100 * b / t - 200 / 6; d3 = 100 * c / t - 50
			m = d1 < 0 ? -d1 : d1; if (d2 > m || -d2 > m) m = d2 < 0 ? -d2 : d2; if (d3 > m || -d3 > m) m = d3 < 0 ? -d3 : d3
			printf "%d %.2f %.2f %.2f %.2f\n", t, 100 * a / t, 100 * b / t, 100 * c / t, m }')
	set -- $_sh
	"${MAKE:-make}" --no-print-directory xv6 XV6="$_x" PROG=ports/xv6/demo.c HZ=10000 ARGS=6 > "$_log.2" 2>&1 ||
		die "make xv6 failed: $(tail -5 "$_log.2")"
	_same=yes
	for _f in demo.pro system.pro; do cmp -s "$out/xv6-first/$_f" "$_r/dumps/$_f" || _same=no; done
	{
		echo "| lines put into xv6's files (inserted or changed), files | $_ins in $_files | 86 in 9 |"
		echo "| the demo's samples in one, two, three (HZ=10000) | $1 | |"
		echo "| their shares (1 : 2 : 3 is 16.67, 33.33, 50.00) | $2, $3, $4 | |"
		echo "| the farthest share from its instructions' | $5 points | |"
		echo "| a second run: the same dumps, byte for byte | $_same | |"
	} >> "$_t"
	target 14 "xv6: the glue's lines, and those put into xv6's files" "$_glue; $_ins" "fewer than 292 and 86" \
		"$(holds "$_glue < 292 && $_ins < 86")"
	target 14 "xv6: shares of functions of known instruction shares" "$5 points at $1 samples" \
		"within 1 point at 10,000 samples" "$(holds "$5 < 1 && $1 >= 10000")"
}
