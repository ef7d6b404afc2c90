#!/bin/sh
# exact.sh BUILD DIR: the plugin's bar (docs/PERFORMANCE.md). Boots the
# kernel once with bench/truth/exact.c three times over, under the
# instruction-count plugin: once alone with a user profile, which also runs
# count4() outside it, then twice at once, the same program in two
# processes preempted in turn, under a system profile. Writes
#   DIR/counts.txt   the plugin's output
#   DIR/exact.txt    "pid function analytic counted", a line for each
#                    function of each process: its count by construction
#                    (bench/truth/exact.c) and the plugin's
#   DIR/check.txt    the plugin's own checks (its "check" line)
# Exits non-zero if the run or the plugin failed; the counts are the
# caller's to judge. TRUTH_PLUGIN names another build of the plugin.
set -u
build=$1 dir=$2
plugin=${TRUTH_PLUGIN:-$build/bench/truth/insncount.so}
rm -rf "$dir"
mkdir -p "$dir"
cat > "$dir/exact.cmd" <<CMD
exact 1000000 200000 300 1000 100000 5000
pset init
pset on
start exact plain 3000000 100000 100 250 20000 300
start exact plain 2000000 150000 200 100 30000 200
wait
pset off
pset free
CMD
sh scripts/qrun -kernel -quiet -o "$dir" -timeout 60 -batch "$dir/exact.cmd" \
	-plugin "$plugin,$(cat "$build/bench/truth/plugin.args"),out=$dir/counts.txt" \
	"$build/kernel.elf" "$build/user/exact.elf" "$build/user/pset.elf" "$build/user/cmd.elf" \
	> "$dir/qrun.out" 2>&1 || { echo "exact.sh: qrun failed: $(cat "$dir/qrun.out")" >&2; exit 1; }
[ -s "$dir/counts.txt" ] || { echo "exact.sh: the plugin wrote nothing" >&2; exit 1; }
grep '^check ' "$dir/counts.txt" > "$dir/check.txt"
ubase=$(tr ',' '\n' < "$build/bench/truth/plugin.args" | sed -n 's/^ubase=//p')
nm -n --defined-only "$build/user/exact.elf" > "$dir/exact.nm"
: > "$dir/exact.txt"
grep '^exact: pid=' "$dir/serial.log" | tr '=' ' ' | while read -r _ _ pid _ n4 _ n7 _ nn _ nm _ nc _ ns; do
	awk -v pid="$pid" -v space=user -v ubase="$ubase" -f scripts/lib/hex.awk -f bench/truth/funcs.awk \
		"$dir/exact.nm" "$dir/counts.txt" > "$dir/funcs.$pid.txt"
	awk -v pid="$pid" -v n4="$n4" -v n7="$n7" -v nn="$nn" -v nm="$nm" -v nc="$nc" -v ns="$ns" '
		{ got[$1] = $2 }
		END {
			want["count4"] = 2 + 4 * n4
			want["count7"] = 4 + 7 * n7
			want["nest"] = 4 + nn * (3 + 3 * nm)
			want["caller"] = 2 + 3 * nc
			want["leaf"] = 2 * nc
			want["sysloop"] = 4 + 4 * ns
			n = split("count4 count7 nest caller leaf sysloop", f, " ")
			for (i = 1; i <= n; i++)
				printf "%s %s %.0f %.0f\n", pid, f[i], want[f[i]], got[f[i]]
		}' "$dir/funcs.$pid.txt" >> "$dir/exact.txt"
done
