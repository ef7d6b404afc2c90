# stacks/views.sh (sourced by stacks.sh): calltree's user profile with
# stacks: its folded stacks, SVG, call graph and pprof export read by the
# tools people use; then pinfo's misuse: a clear error, nothing written.

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
