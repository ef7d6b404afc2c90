#!/bin/sh
# stacks.sh BUILD: call stacks end to end (docs/stacks.md). A guest with a
# known call tree (tests/guest/calltree.c: main -> a -> b, main -> c, main
# -> d -> system calls) is profiled with PT_STACKS; pinfo's views are read
# by the tools people use: the folded stacks are checked for their stacks
# and proportions, xmllint reads the SVG, and the real `go tool pprof`
# reads the pprof export, its -top flat shares equal to pinfo's and its
# -top -cum cumulative shares equal to the inclusive shares of the folded
# stacks. Then the same program under a system profile with stacks (pset
# init /stacks). Each pinfo run is made again by the sanitizer build,
# which must do the same (sanpinfo.sh). One line per check, "N passed, N
# failed" last.
set -u
build=${1:-build}
out=$build/stacktest
pinfo=$build/pinfo
u=$build/user
. tests/integration/check.sh
. tests/integration/sanpinfo.sh	# $pinfo: build/pinfo, then build/san/pinfo alike


boot() {	# boot NAME qrun-arguments...: a run in $out/NAME, its dumps extracted there
	dir=$out/$1
	shift
	rm -rf "$dir"
	sh scripts/qrun -quiet -o "$dir" -timeout "${LIMIT:-60}" "$@" >"$dir.out" 2>&1 &&
		"$build/profextract" -o "$dir" "$dir/serial.log" >>"$dir.out" 2>&1
}

# folded_sum PATTERN < folded: the samples of the lines whose stack matches.
folded_sum() { awk -v p="$1" '{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); if (s ~ p) t += n } END { print t + 0 }'; }
# near A B PCT: A within PCT percent of B
near() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= b * p / 100) }'; }

mkdir -p "$out"
export GOCACHE="$out/gocache" HOME="$out" PPROF_TMPDIR="$out"

# ---- a user profile with stacks ------------------------------------------------
name=stacks-user
if boot user $build/kernel.elf $u/calltree.elf $u/cmd.elf && [ -f "$dir/calltree.pro" ]; then
	$build/mkmap $u/calltree.elf CALLTREE > "$dir/calltree.map"
	cp $build/kernel.map "$dir/"
	dump=$dir/calltree.pro maps="$dir/calltree.map $dir/kernel.map"
	# shellcheck disable=SC2086
	if $pinfo "$dump" "$dir/calltree.map" > "$dir/flat.txt" &&
	   $pinfo --folded "$dir/ct.folded" --flamegraph "$dir/ct.svg" --pprof "$dir/ct.pb.gz" "$dump" $maps &&
	   $pinfo -g "$dump" $maps > "$dir/graph.txt"; then
		pass "pinfo wrote the views"
	else
		fail "pinfo: $(cat "$dir.out")"
	fi

	name=stacks-folded
	f=$dir/ct.folded
	b=$(folded_sum '`main;CALLTREE`a;CALLTREE`b$' < "$f")
	a=$(folded_sum '`main;CALLTREE`a$' < "$f")
	c=$(folded_sum '`main;CALLTREE`c$' < "$f")
	k=$(folded_sum '`main;CALLTREE`d;CALLTREE`meminfo;kernel`' < "$f")
	all=$(folded_sum '.' < "$f")
	total=$(awk '$1 == "Total" { print $2 }' "$dir/flat.txt")
	[ -n "$total" ] || total=$($pinfo "$dump" | awk '$1 == "Total" { print $2 }')
	flat_b=$(awk '$NF == "b" { print $2 }' "$dir/flat.txt")
	# a tick in the kernel names the system call's function and its
	# caller (they make frames: user/newlib/kcalls.c)
	nocaller=$(grep 'kernel`' "$f" |
		grep -cv '^CALLTREE`_start;CALLTREE`main;\(CALLTREE`d;CALLTREE`meminfo\|CALLTREE`Prof[A-Za-z]*\);kernel`')
	# b spins 3 units, a 1, c 2 (within 10%); every one of b's ticks has its
	# stack; the kernel's frames under the system calls; every tick counted
	if [ "$a" -gt 50 ] && near "$b" $((3 * a)) 10 && near "$c" $((2 * a)) 10 &&
	   [ "$b" = "$flat_b" ] && [ "$k" -gt 0 ] && [ "$nocaller" = 0 ] && [ "$all" = "$total" ] &&
	   ! grep -q '^(dropped)' "$f"; then
		pass "a $a, b $b, c $c, kernel under d $k, of $all"
	else
		fail "a $a, b $b (flat $flat_b), c $c, kernel $k ($nocaller without the stub's caller), all $all of $total"; cat "$f"
	fi

	name=stacks-svg
	if xmllint --noout "$dir/ct.svg" 2> "$dir/xmllint.err" &&
	   grep -q '<title>CALLTREE`b ([0-9]* samples, [0-9.]*%)</title>' "$dir/ct.svg" &&
	   ! grep -q '<script' "$dir/ct.svg"; then
		pass
	else
		fail "$(cat "$dir/xmllint.err")"
	fi

	name=stacks-callgraph
	if grep -q '^\[[0-9]*\] .*CALLTREE`a \[' "$dir/graph.txt" &&
	   awk '/^\[[0-9]+\]/ && $NF ~ /^\[/ && $(NF - 1) == "CALLTREE`a" { s = $3; c = $4 }
		END { exit !(s > 0 && c > 0) }' "$dir/graph.txt"; then
		pass
	else
		fail "no call graph entry for a"; cat "$dir/graph.txt"
	fi

	# go tool pprof's shares against pinfo's: flat against the flat report
	# (its Percent column), cum against the folded stacks' inclusive shares.
	name=stacks-pprof
	if go tool pprof -top "$dir/ct.pb.gz" > "$dir/top.txt" 2> "$dir/pprof.err" &&
	   go tool pprof -top -cum "$dir/ct.pb.gz" > "$dir/cum.txt" 2>> "$dir/pprof.err"; then
		verdict=$(awk -v total="$all" '
			FILENAME ~ /flat.txt$/ && $1 ~ /^[0-9a-f]+:[0-9a-f]+$/ {
				p = $0; sub(/.*\( */, "", p); sub(/%.*/, "", p); flat["CALLTREE`" $NF] = p; next }
			FILENAME ~ /ct.folded$/ { n = $NF; s = $0; sub(/ [0-9]+$/, "", s)
				k = split(s, fr, ";"); delete seen
				for (i = 1; i <= k; i++) if (!(fr[i] in seen)) { seen[fr[i]] = 1; inc[fr[i]] += n }
				next }
			FILENAME ~ /top.txt$/ && $2 ~ /%$/ && NF == 6 {
				v = $2; sub(/%/, "", v); ptop[$6] = v; next }
			FILENAME ~ /cum.txt$/ && $5 ~ /%$/ && NF == 6 {
				v = $5; sub(/%/, "", v); pcum[$6] = v; next }
			END {
				nf = nc = 0
				for (f in flat) { nf++
					if (!(f in ptop) && flat[f] + 0 >= 0.5) bad = bad " " f ": not in -top"
					else if ((f in ptop) && (ptop[f] - flat[f] > 0.011 || flat[f] - ptop[f] > 0.011))
						bad = bad " " f ": flat pprof " ptop[f] " pinfo " flat[f] }
				for (f in inc) { share = 100 * inc[f] / total
					if (!(f in pcum)) continue
					nc++
					if (pcum[f] - share > 0.006 || share - pcum[f] > 0.006)
						bad = bad " " f ": cum pprof " pcum[f] " stacks " share }
				if (bad == "" && nf >= 3 && nc >= 5) print "OK " nf " flat, " nc " cumulative shares equal"
				else print "FAIL" bad " (" nf " flat, " nc " cum)" }' \
			"$dir/flat.txt" "$dir/ct.folded" "$dir/top.txt" "$dir/cum.txt")
		case $verdict in
		OK*) pass "${verdict#OK }" ;;
		*) fail "${verdict#FAIL}"; cat "$dir/top.txt" "$dir/cum.txt" ;;
		esac
	else
		fail "go tool pprof: $(cat "$dir/pprof.err")"
	fi
else
	fail "the run: $(cat "$out/user.out")"
fi

# ---- a system profile with stacks: pset init /stacks ----------------------------
name=stacks-system
printf 'pset init /stacks CALLTREE\npset on\ncalltree\npset off\npset dump sys.pro\npset free\n' \
	> "$out/sys.cmd"
if boot system -batch "$out/sys.cmd" $build/kernel.elf $u/calltree.elf $u/pset.elf $u/cmd.elf &&
   [ -f "$dir/sys.pro" ]; then
	$build/mkmap $u/calltree.elf CALLTREE > "$dir/calltree.map"
	if $pinfo --folded "$dir/sys.folded" "$dir/sys.pro" "$dir/calltree.map" $build/kernel.map 2> "$dir/err.txt"; then
		b=$(folded_sum 'CALLTREE`a;CALLTREE`b$' < "$dir/sys.folded")
		idle=$(folded_sum '^\(idle\)$' < "$dir/sys.folded")
		# the same tree as the user profile's (calltree makes one of its
		# own meanwhile), in a dump with the stack table (format 6 with
		# the stacks' type bit: the trace's and the CPU's too)
		if [ "$b" -gt 50 ] && head -c 6 "$dir/sys.pro" | od -An -tu2 -j4 | grep -qw 6 &&
		   [ $(($(od -An -tu4 -j8 -N4 "$dir/sys.pro" | tr -d ' ') / 16 % 2)) = 1 ]; then
			pass "b $b, idle $idle"
		else
			fail "b $b"; cat "$dir/sys.folded"
		fi
	else
		fail "pinfo: $(cat "$dir/err.txt")"
	fi
else
	fail "the run: $(cat "$out/system.out")"
fi

# ---- the size of the table of stacks: stacktable=N ---------------------------------
# manystacks makes about 12,000 samples of thousands of distinct stacks
# about 28 frames deep: the default table (32768 stacks, 393216 frames)
# keeps every one; a table of 4096 (the size it had when it was fixed) drops
# most, and says so; a bad size is refused on the console and the default
# kept; a table the memory cannot hold is ENOMEM, and nothing else changes.
printf 'manystacks 1\n' > "$out/many.cmd"
# many NAME BOOT-ARGUMENTS: the run, its folded stacks in $dir/many.folded,
# the samples in $total and the dropped ones in $dropped
many() {
	total="" dropped=""
	boot "$1" -hz 20000 -append "$2" -batch "$out/many.cmd" $build/kernel.elf $u/manystacks.elf $u/cmd.elf &&
		[ -f "$dir/manystacks.pro" ] &&
		$build/mkmap $u/manystacks.elf MANYSTACKS > "$dir/manystacks.map" &&
		$pinfo --folded "$dir/many.folded" "$dir/manystacks.pro" "$dir/manystacks.map" 2> "$dir/err.txt" || return 1
	total=$($pinfo "$dir/manystacks.pro" | awk '$1 == "Total" { print $2 }')
	dropped=$(folded_sum '^\(dropped\)$' < "$dir/many.folded")
}
con() { tr -d '\001' < "$dir/serial.log" | grep -qxF -- "$1"; }

name=stacks-table-default
if many many-default ""; then
	lines=$(wc -l < "$dir/many.folded")
	if [ "$total" -gt 10000 ] && [ "$dropped" = 0 ] && [ "$lines" -gt 4000 ] &&
	   [ "$(folded_sum . < "$dir/many.folded")" = "$total" ] && ! grep -q 'tables of call stacks' "$dir/serial.log"; then
		pass "$total samples, $lines call chains, none dropped"
	else
		fail "$total samples, $dropped dropped, $lines lines"
	fi
else
	fail "the run: $(cat "$dir.out" "$dir/err.txt" 2>/dev/null)"
fi

name=stacks-table-4096
if many many-4096 "stacktable=4096"; then
	if con "kernel: tables of call stacks of 4096 entries (288 KiB each)" &&
	   [ "$total" -gt 10000 ] && [ "$dropped" -gt $((total / 2)) ] &&
	   [ "$(folded_sum . < "$dir/many.folded")" = "$total" ]; then
		pass "$dropped of $total dropped"
	else
		fail "$dropped of $total dropped"; grep kernel: "$dir/serial.log"
	fi
else
	fail "the run: $(cat "$dir.out" "$dir/err.txt" 2>/dev/null)"
fi

name=stacks-table-refused
if many many-bad "stacktable=1000"; then
	if con "kernel: stacktable= must be a power of 2 from 256 to 1048576 (entries); kept the default, 32768" &&
	   [ "$total" -gt 10000 ] && [ "$dropped" = 0 ] && ! grep -q 'tables of call stacks' "$dir/serial.log"; then
		pass
	else
		fail "$dropped of $total dropped"; grep kernel: "$dir/serial.log"
	fi
else
	fail "the run: $(cat "$dir.out" "$dir/err.txt" 2>/dev/null)"
fi

name=stacks-table-nomem
printf 'manystacks 1\nprofrun /stacks hello\nprofrun hello flat\n' > "$out/nomem.cmd"
if boot nomem -mem 64 -append "stacktable=1048576" -batch "$out/nomem.cmd" $build/kernel.elf \
	$u/manystacks.elf $u/hello.elf $u/profrun.elf $u/cmd.elf; then
	if con "kernel: tables of call stacks of 1048576 entries (73728 KiB each)" && con "manystacks: ENOMEM" &&
	   con "profrun: hello: not profiled: ENOMEM (not enough memory)" &&
	   con "hello from ring 3: pid 4, argc 1 [hello]" && con "hello from ring 3: pid 6, argc 2 [hello] [flat]" &&
	   [ -f "$dir/hello.pro" ] && [ ! -f "$dir/manystacks.pro" ]; then
		pass
	else
		fail "$(tr -d '\001' < "$dir/serial.log")"
	fi
else
	fail "the run: $(cat "$dir.out")"
fi

# ---- misuse: a clear error, nothing written -------------------------------------
name=stacks-cli
ok=1 d=$out/cli
rm -rf "$d" && mkdir -p "$d/adir"
cp tests/fuzz/corpus/dump/testprof.pro "$d/v2.pro"
$pinfo --folded "$d/v2.folded" "$d/v2.pro" > /dev/null 2> "$d/err1"; s1=$?
grep -q 'has no call stacks' "$d/err1" && [ "$s1" = 1 ] && [ ! -e "$d/v2.folded" ] || { ok=0; echo "  v2: status $s1: $(cat "$d/err1")"; }
$pinfo -g -e "$d/v2.pro" > /dev/null 2>&1; s2=$?
[ "$s2" = 2 ] || { ok=0; echo "  -g -e: status $s2"; }
if [ -f "$out/user/calltree.pro" ]; then
	$pinfo --flamegraph "$d/adir" "$out/user/calltree.pro" 2> "$d/err3"; s3=$?
	[ "$s3" = 1 ] && [ -d "$d/adir" ] && grep -q 'not a regular file' "$d/err3" || { ok=0; echo "  folder: status $s3"; }
	ln -s "$d/target" "$d/link"
	$pinfo --folded "$d/link" "$out/user/calltree.pro" 2> /dev/null; s4=$?
	[ "$s4" = 1 ] && [ ! -e "$d/target" ] || { ok=0; echo "  link: status $s4"; }
fi
[ "$(ls -A "$d" | grep -c '^\.')" = 0 ] || { ok=0; echo "  a temporary file was left"; }
[ $ok = 1 ] && pass || fail "see above"

sanpinfo_verdict
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
