#!/bin/sh
# outside.sh BUILD: `make bench-outside BZIP2=DIR LUA=DIR SQLITE=DIR`,
# section 17 of docs/PERFORMANCE.md: the 95% intervals on programs no one
# here wrote, against the exact shares (docs/accuracy.md, "Programs from
# outside"). Each program runs as a user runs it, `make run ... HZ=10000
# SEED=N TRUTH=1`, at OUT_SEEDS seeds (8); bench/cistat gives each seed's
# intervals of each function (pinfo's, the runs' sum alone, Wilson's) and
# bench/outside.awk the table: how many hold the exact share, and their
# width over the seeds' own 95% spread. The programs:
#   bzip2   its dlltest.c decompressing BZIN (default SQLITE's sqlite3.h,
#           680 KB of C), compressed first by the same program in the guest
#   lua     onelua.c running its test suite's math.lua (testes/ of LUA)
#   sqlite  the amalgamation's shell.c and sqlite3.c on bench/outside.sql,
#           in memory (its speedtest1.c is not in the amalgamation)
# A program whose tree is not given is skipped, and said so. The table
# goes between the section's markers in docs/PERFORMANCE.md and in
# bench/PERFORMANCE.md.in (make bench, which cannot run them without the
# trees, keeps it as measured here). make run's build/run is overwritten.
set -u
build=${1:-build}
out=$build/bench/outside
. bench/lib.sh
OUT_HZ=10000
OUT_SEEDS=${OUT_SEEDS:-8}
BZIP2=${PROFKERN_BZIP2:-} LUA=${PROFKERN_LUA:-} SQLITE=${PROFKERN_SQLITE:-} BZIN=${PROFKERN_BZIN:-}
make=${MAKE:-make}
[ -n "$BZIN" ] || { [ -z "$SQLITE" ] || BZIN=$SQLITE/sqlite3.h; }

# mrun LOG ARGS...: make run with ARGS, its output into LOG; dies if it fails.
mrun() {
	_log=$1
	shift
	"$make" --no-print-directory run TIMEOUT=1800 "$@" > "$_log" 2>&1 || die "make run $*: $(tail -5 "$_log")"
}

# seeds NAME ARGS...: OUT_SEEDS runs of make run ARGS TRUTH=1 at OUT_HZ;
# each seed's dump, map and exact counts kept in $out/NAME/sN.
seeds() {
	_n=$1
	shift
	_s=1
	while [ "$_s" -le "$OUT_SEEDS" ]; do
		_d=$out/$_n/s$_s
		mkdir -p "$_d"
		mrun "$_d/log" "$@" HZ=$OUT_HZ SEED=$_s TRUTH=1
		cp "$build/run/dumps/$_n.pro" "$build/run/$_n.map" "$build/run/$_n.truth" "$_d/" ||
			die "$_n seed $_s: no dump: $(tail -5 "$_d/log")"
		_s=$((_s + 1))
	done
}

# the programs, each as make run takes it
bzip2_run() {
	_b=$BZIP2
	_p=bzip2=$_b/dlltest.c,$_b/blocksort.c,$_b/huffman.c,$_b/crctable.c,$_b/randtable.c,$_b/compress.c,$_b/decompress.c,$_b/bzlib.c
	note "bzip2: $BZIN compressed in the guest (dlltest -9), then decompressed at $OUT_SEEDS seeds"
	cp "$BZIN" "$out/in.txt"
	mrun "$out/bzip2/pack.log" PROG="$_p" FILES="$out/in.txt" ARGS="-9 in.txt in.bz2" HZ=1000
	cp "$build/run/files/in.bz2" "$out/in.bz2" || die "bzip2: the guest wrote no in.bz2"
	seeds bzip2 PROG="$_p" FILES="$out/in.bz2" ARGS="-d in.bz2 out.txt"
	cmp -s "$build/run/files/out.txt" "$BZIN" || die "bzip2: the decompressed file is not $BZIN"
}
lua_run() {
	note "lua: testes/math.lua at $OUT_SEEDS seeds"
	seeds lua PROG="lua=$LUA/onelua.c" FILES="$LUA/testes/math.lua" ARGS="-e_port=true math.lua"
}
sqlite_run() {
	note "sqlite: bench/outside.sql at $OUT_SEEDS seeds"
	seeds sqlite3 PROG="sqlite3=$SQLITE/sqlite3.c,$SQLITE/shell.c" STDIN=bench/outside.sql ARGS=-list
}

# need VAR DIR FILE...: a tree given must hold what its run takes, checked
# before anything is removed or run
need() {
	_v=$1 _t=$2
	shift 2
	[ -d "$_t" ] || die "$_v=$_t is not a folder"
	for _f; do [ -f "$_t/$_f" ] || die "$_v=$_t has no $_f"; done
}
[ -z "$BZIP2" ] || need BZIP2 "$BZIP2" dlltest.c bzlib.c decompress.c
[ -z "$LUA" ] || need LUA "$LUA" onelua.c testes/math.lua
[ -z "$SQLITE" ] || need SQLITE "$SQLITE" sqlite3.c shell.c
[ -z "$BZIP2" ] || [ -z "$BZIN" ] || [ -f "$BZIN" ] || die "BZIN=$BZIN is not a file"
rm -rf "$out"
mkdir -p "$out/bzip2"
: > "$out/truth.txt"
: > "$out/all.txt"
skipped=""
for p in bzip2:BZIP2:BZIP2 lua:LUA:LUA sqlite3:SQLITE:SQLITE3; do
	n=${p%%:*} v=${p#*:} m=${p##*:}
	v=${v%%:*}
	eval "tree=\$$v"
	if [ -z "$tree" ] || { [ "$n" = bzip2 ] && [ -z "$BZIN" ]; }; then
		case $n in
		bzip2) why="BZIP2=DIR (bzip2 1.0.8's source) and BZIN=FILE or SQLITE=DIR (its sqlite3.h)" ;;
		lua) why="LUA=DIR (Lua 5.4's source, testes/ in it)" ;;
		*) why="SQLITE=DIR (the amalgamation: sqlite3.c, shell.c)" ;;
		esac
		note "$n: skipped: not given $why"
		skipped="$skipped $n (no $why);"
		continue
	fi
	case $n in bzip2) bzip2_run ;; lua) lua_run ;; *) sqlite_run ;; esac
	awk -v m="$m" -v n="$n" '$1 == m { print n, $2, $3 }' "$out/$n/s1/$n.truth" >> "$out/truth.txt"
	for d in "$out/$n"/s*; do
		"$build/bench/cistat" "$d/$n.pro" "$d/$n.map" | awk -v n="$n" -v s="${d##*/s}" '{ print n, s, $0 }' \
			>> "$out/all.txt" || die "$n: cistat failed on $d"
	done
done
[ -s "$out/all.txt" ] || die "nothing measured: give BZIP2=DIR, LUA=DIR, SQLITE=DIR (make bench-outside)"
{
	awk -f bench/outside.awk "$out/truth.txt" "$out/all.txt"
	echo
	echo "(Measured by \`make bench-outside\`, $(date -u '+%Y-%m-%d %H:%M UTC'), at commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo ' with uncommitted changes'), $OUT_SEEDS seeds at $OUT_HZ Hz${skipped:+; skipped:$skipped}.)"
} > "$out/outside.md"
printf '\n== 17. Intervals on programs from outside\n\n'
cat "$out/outside.md"
# the targets, program by program and all together
sed -n 's/^<!-- \(.*\) -->$/\1/p' "$out/outside.md" | tr ';' '\n' |
	awk 'NF { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		ok = v["coverage"] >= 90 && v["ratio"] >= 0.8 ? "met" : "NOT met"
		print "bench: target " $1 " coverage " v["coverage"] "% (>= 90%), mean width " v["ratio"] \
			" of the seeds\047 spread (>= 0.8): " ok }' >&2
for f in docs/PERFORMANCE.md bench/PERFORMANCE.md.in; do
	grep -q '^<!-- outside -->$' "$f" || die "$f has no <!-- outside --> markers"
	awk -v f="$out/outside.md" '/^<!-- outside -->$/ { print; while ((getline l < f) > 0) print l; skip = 1; next }
		/^<!-- \/outside -->$/ { skip = 0 } !skip { print }' "$f" > "$out/doc.new" && mv "$out/doc.new" "$f"
done
note "docs/PERFORMANCE.md and bench/PERFORMANCE.md.in: section 17 written"
