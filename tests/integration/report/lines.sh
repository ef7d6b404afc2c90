# report/lines.sh (sourced by report.sh): pinfo -l and --annotate on the
# demo's profile put its ticks on inner()'s loop; a system profile gives
# the kernel's lines the kernel's functions' ticks. Boots the runs
# (user/, sys/) html.sh and views.sh read too.

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
