# stacks.sh: call stacks (docs/stacks.md, docs/PERFORMANCE.md section 9);
# sourced by bench/bench.sh. The tick's cost with stacks on by frames
# walked, the overhead at 1000 Hz, the dump's size against the samples,
# and each workload's inclusive shares against callgrind's inclusive
# instruction counts (the same objects run on the host, as crosscheck.sh).

STK_DEPTHS="1 8 16 32 48"
STK_SIZES="50 200"

# stacks_cost: bench/stackcost.c; the cost table and its targets.
stacks_cost() {
	note "stacks: the tick's cost by frames walked, the overhead, the dump's size"
	boot "$out/stk/cost" 1000 1 "stackcost" stackcost
	batch=""
	for n in $STK_SIZES; do batch="${batch}stackcost size $n
"; done
	boot "$out/stk/size" 1000 1 "$batch" stackcost
	"$build/mkmap" "$build/user/stackcost.elf" STACKCOST > "$out/stk/stackcost.map"
	log=$out/stk/cost/serial.log
	{
		echo "| profile | frames walked a tick | instructions a tick | beyond the iret |"
		echo "|---|---:|---:|---:|"
		for what in off flat; do
			t=$(grep "^bench: name=stackcost what=$what " "$log" | sed 's/.*tenths=\([0-9]*\).*/\1/')
			awk -v w="$what" -v t="$t" 'BEGIN { printf "| %s | — | %.1f | %.1f |\n",
				w == "off" ? "profiling off" : "user profile, flat (the plan counts it)", t / 10, t / 10 - 1 }'
		done
		: > "$out/stk/fit.txt"
		for d in $STK_DEPTHS; do
			t=$(grep "^bench: name=stackcost what=stacks depth=$d " "$log" | sed 's/.*tenths=\([0-9]*\).*/\1/')
			# the frames: the stack most samples had, less its leaf
			"$build/pinfo" --folded "$out/stk/cost/d$d.folded" "$out/stk/cost/d$d.pro" "$out/stk/stackcost.map" ||
				die "pinfo --folded d$d.pro"
			f=$(awk '{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); if (n > m) { m = n; k = split(s, a, ";") - 1 } }
				END { print k }' "$out/stk/cost/d$d.folded")
			echo "$f $t" >> "$out/stk/fit.txt"
			awk -v f="$f" -v t="$t" -v d="$d" 'BEGIN { printf "| user profile with stacks, %d nested calls | %d | %.1f | %.1f |\n",
				d, f, t / 10, t / 10 - 1 }'
		done
	} > "$out/stacks-cost.md"
	# least squares: instructions beyond the iret = a + b * frames
	fit=$(awk '{ x = $1; y = $2 / 10 - 1; n++; sx += x; sy += y; sxx += x * x; sxy += x * y }
		END { b = (n * sxy - sx * sy) / (n * sxx - sx * sx); a = (sy - b * sx) / n; printf "%.1f %.1f", a, b }' \
		"$out/stk/fit.txt")
	fa=${fit% *} fb=${fit#* }
	{
		echo
		echo "Fitted over the rows with stacks: **$fa instructions a tick plus $fb a frame walked** (beyond the iret)."
	} >> "$out/stacks-cost.md"
	target 9 "stacks: the tick's fixed cost, beyond the iret" "$fa instructions" "≤ 40" "$(holds "$fa <= 40")"
	target 9 "stacks: the cost of a frame walked" "$fb instructions" "≤ 12" "$(holds "$fb <= 12")"
	line=$(grep "^bench: name=stackcost what=overhead " "$log")
	o=$(awk -v off="$(get off_ns "$line")" -v off2="$(get off2_ns "$line")" -v on="$(get on_ns "$line")" \
		'BEGIN { printf "%.3f", 100 * (on / ((off + off2) / 2) - 1) }')
	{
		echo
		echo "Overhead at 1000 Hz with stacks on (a loop of calls two deep, off, on, off): **$o%**."
		echo
		echo "| work | samples | distinct stacks | dump (bytes) |"
		echo "|---:|---:|---:|---:|"
		for n in $STK_SIZES; do
			p=$out/stk/size/size$n.pro
			s=$("$build/pinfo" "$p" | awk '$1 == "Total" { print $2 }')
			"$build/pinfo" --folded "$p.folded" "$p" "$out/stk/stackcost.map" || die "pinfo --folded $p"
			k=$(wc -l < "$p.folded")
			echo "| $n units | $s | $k | $(wc -c < "$p") |"
		done
	} >> "$out/stacks-cost.md"
	target 9 "stacks: overhead at 1000 Hz" "$o%" "≤ 1%" "$(holds "$o <= 1")"
}

# callgrind_inclusive CALLGRIND_OUT OWN: "function inclusive", each of the
# workload's own functions (the file OWN lists them) with its callees'
# instructions, less those of the functions it calls that are not its own
# (the host's stand-ins for the system calls, which the profile's samples
# in the guest's stubs and kernel do not match): from the calls into it by
# other functions, so a direct recursion counts once. A function called
# back by its own callee (mutual recursion) is counted by callgrind again
# at every level: the one entered from outside the cycle gets the calls
# from outside (every sample in the cycle has it in its stack), the other
# "cycle", no truth.
callgrind_inclusive() {
	awk 'function name_of(s,    id, rest) {
			if (s !~ /^\(/) return s
			id = s; sub(/\).*/, "", id); sub(/^\(/, "", id)
			rest = s; sub(/^\([0-9]+\) ?/, "", rest)
			if (rest != "") names[id] = rest
			return names[id] }
		FILENAME == ARGV[1] { own[$1] = 1; next }
		BEGIN { npos = 1 }
		/^positions:/ { npos = NF - 1; next }	# "instr line" with --dump-instr=yes
		/^fn=/ { fn = name_of(substr($0, 4)); sub(/'"'"'[0-9]+$/, "", fn); next }
		/^cfn=/ { cfn = name_of(substr($0, 5)); sub(/'"'"'[0-9]+$/, "", cfn); next }
		/^calls=/ { call = 1; next }
		/^[0-9+*-]/ {
			if (!call) { self[fn] += $(npos + 1); next }
			call = 0
			if (cfn == fn) next
			arc[fn SUBSEP cfn] += $(npos + 1)
			if (cfn in own) inc[cfn] += $(npos + 1)
			else if (fn in own) { foreign[fn] += $(npos + 1); allforeign += $(npos + 1) }
			next }
		END {
			for (k in arc) { split(k, p, SUBSEP); if ((p[2] SUBSEP p[1]) in arc) cyc[p[1]] = cyc[p[2]] = 1 }
			for (k in arc) { split(k, p, SUBSEP)	# into a cycle from outside it
				if ((p[2] in cyc) && !((p[2] SUBSEP p[1]) in arc)) entry[p[2]] += arc[k] }
			for (f in own) {
				if ((f in cyc) && !(f in entry)) { print f, "cycle"; continue }
				if (f in cyc) { printf "%s %.0f\n", f, entry[f] - foreign[f]; continue }
				v = (f in inc) ? inc[f] : self[f]
				v -= (f == "wl_run") ? allforeign : foreign[f]
				printf "%s %.0f\n", f, v
			} }' "$2" "$1"
}

# stacks_accuracy [WHY]: the single-process workloads with stacks, one run
# each; after callgrind_all. The table of inclusive shares. WHY (from
# can_callgrind): callgrind cannot run here, so there is no truth and the
# section says not measured, never a comparison against nothing.
stacks_accuracy() {
	mkdir -p "$out/stk/acc"
	: > "$out/stacks-acc-detail.md"
	if [ -n "${1:-}" ]; then
		echo "Not measured: $1, so callgrind cannot run here (it is this table's truth)." \
			> "$out/stacks-acc.md"
		target 9 "stacks: inclusive shares, worst difference, workloads with ≥ 20,000 samples" \
			"—" "≤ 1 point" -
		return 0
	fi
	{
		echo "| workload | samples in its functions | worst difference, inclusive (points) | its function | target ≤ 1 point |"
		echo "|---|---:|---:|---|---|"
	} > "$out/stacks-acc.md"
	echo "$ACC_WORKLOADS" | while IFS=: read -r w scale shape; do
		[ "$w" = duo ] && continue
		note "stacks: $w with call stacks"
		dir=$out/stk/acc/$w W=$(upper "$w")
		boot "$dir" "$ACC_HZ" 1 "$w stacks $scale" "$w"
		[ -f "$dir/$w.pro" ] || die "$w with stacks: no dump: $(cat "$dir/serial.log")"
		"$build/mkmap" "$build/user/$w.elf" "$W" > "$dir/$w.map"
		"$build/pinfo" --folded "$dir/$w.folded" "$dir/$w.pro" "$build/user/$w.elf" || die "$w: pinfo --folded"
		funcs "$W" "$build/u/bench/$w.o" | awk '{ print $2 }' > "$dir/own.txt"
		callgrind_inclusive "$out/cg/$w.out" "$dir/own.txt" > "$dir/truth-inc.txt"
		# profile: of the samples whose leaf is the workload's own code, the
		# share with each own function in the stack; truth: its inclusive
		# instructions over wl_run's
		awk -v W="$w" -v det="$out/stacks-acc-detail.md" -v sum="$dir/summary.txt" '
			function base(s) { sub(/.*`/, "", s); return s }
			FILENAME ~ /own.txt$/ { own[$1] = 1; next }
			FILENAME ~ /truth-inc.txt$/ { ti[$1] = $2; next }
			{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); k = split(s, fr, ";")
			  if (!(base(fr[k]) in own)) next
			  total += n; delete seen
			  for (i = 1; i <= k; i++) { f = base(fr[i]); if ((f in own) && !(f in seen)) { seen[f] = 1; inc[f] += n } } }
			END {
				T = ti["wl_run"]
				printf "**%s**, inclusive shares (samples whose leaf is its own code: %d):\n\n", W, total >> det
				print "| function | callgrind inclusive | true share | profiled share | difference (points) |" >> det
				print "|---|---:|---:|---:|---:|" >> det
				worst = 0; wf = "-"
				for (f in own) {
					if (!(f in ti) && !(f in inc)) continue
					p = total ? 100 * inc[f] / total : 0
					if (ti[f] == "cycle") {
						printf "| %s | (a cycle) | — | %.2f%% | not compared |\n", f, p >> det
						continue
					}
					t = T ? 100 * ti[f] / T : 0; d = p - t
					if ((d < 0 ? -d : d) > worst) { worst = d < 0 ? -d : d; wf = f }
					printf "| %s | %.0f | %.2f%% | %.2f%% | %+.2f |\n", f, ti[f], t, p, d >> det
				}
				print "" >> det
				printf "samples=%d worst=%.2f fn=%s\n", total, worst, wf > sum
			}' "$dir/own.txt" "$dir/truth-inc.txt" "$dir/$w.folded"
		samples=$(sed -n 's/^samples=\([0-9]*\) .*/\1/p' "$dir/summary.txt")
		worst=$(sed -n 's/.* worst=\([0-9.]*\) .*/\1/p' "$dir/summary.txt")
		wf=$(sed -n 's/.* fn=\(.*\)$/\1/p' "$dir/summary.txt")
		if [ "$samples" -lt 20000 ]; then ok="(under 20,000 samples)"
		elif awk -v w="$worst" 'BEGIN { exit !(w <= 1) }'; then ok=met; else ok="**not met**"; fi
		echo "| $w | $samples | $worst | $wf | $ok |" >> "$out/stacks-acc.md"
	done
	worst=$(cat "$out"/stk/acc/*/summary.txt | awk '{ split($1, s, "="); split($2, w, "=")
		if (s[2] >= 20000 && w[2] > m) m = w[2] } END { printf "%.2f", m }')
	target 9 "stacks: inclusive shares, worst difference, workloads with ≥ 20,000 samples" \
		"$worst points" "≤ 1 point" "$(holds "$worst <= 1")"
}
