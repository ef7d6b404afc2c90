# cases/smp.sh (sourced by run.sh): several CPUs (docs/smp.md). The start line
# counts the CPUs the kernel started (one: "1 CPU"); with four, all four
# start and the demo runs to its end; two runs with four give the same
# dump; every CPU ticks by its own timer, each count within 5% of the
# others' (docs/smp.md), and so in the dump's records; four busy processes
# run on the four CPUs, the first too; call stacks on every CPU; the x87
# and SSE registers follow a process that moves; the hostile ring-3 suite
# passes with four. qrun's -cpus and make run's CPUS: cases/smp-cpus.sh.
startline='^.kernel: [0-9][0-9]* KiB free, '
boot smp-one 0 $kernel $u/testprof.elf $u/cmd.elf &&
has "kernel: cmd exited with status 0; shutting down" && {
	if grep -q "${startline}1 CPU, 1000 Hz\$" "$log"; then pass
	else fail "start line: $(grep -a 'KiB free' "$log")"; fi
}
boot smp-four 0 -cpus 4 $kernel $u/testprof.elf $u/cmd.elf && extract &&
has "testprof: profile written to testprof.pro" &&
has "kernel: cmd exited with status 0; shutting down" && hasnot "did not start" && {
	if grep -q "${startline}4 CPUs, 1000 Hz\$" "$log"; then pass
	else fail "start line: $(grep -a 'KiB free' "$log")"; fi
}
# Every CPU's ticks with turns=0, each CPU's own timer with the CPUs at
# once (docs/smp.md): "kernel: cpu N: S samples, K kernel, I idle, L late,
# M moved in" for each of the four at the shutdown (and none with one CPU),
# taken at one moment, after "kernel: clock: C ticks", the PIT's: the
# counts within 5% of each other and of the clock (each CPU's deadlines
# are drawn in cells a period apart). The demo ran in ring 3 on one of
# them. A CPU that follows a busy one under QEMU's turns takes most of its
# periods late (docs/smp.md), each then a tick of its own: at least one
# CPU took a tenth of its periods late, and each such CPU's count is
# within 2% of the clock's all the same (periods lost there would leave it
# far short). With the turns (the default), the console does not say
# turns=0.
boot smp-timers 0 -cpus 4 -append turns=0 $kernel $u/testprof.elf $u/cmd.elf &&
has "kernel: every CPU ticks by its own timer, the CPUs at once (turns=0)" &&
has "kernel: cmd exited with status 0; shutting down" &&
name=smp-ticks
if [ "$(grep -c "^${K}kernel: cpu [0-9]: " "$out/smp-one/serial.log")" != 0 ]; then
	fail "one CPU printed per-CPU counts"
elif grep -q "turns=0" "$out/smp-four/serial.log"; then
	fail "four CPUs without turns=0 said turns=0"
elif ! awk -v K="$K" '
	index($0, K "kernel: clock: ") == 1 { clock = $3 }
	index($0, K "kernel: cpu ") == 1 {
		n++; cpu = $3; sub(/:/, "", cpu); s[cpu] = $4; k[cpu] = $6; i[cpu] = $8; l[cpu] = $10
		if ($5 != "samples," || $11 != "late," || $13 != "moved") { print "line: " $0; exit 1 }
	}
	END {
		if (n != 4) { print n " lines of counts"; exit 1 }
		late = 0
		for (c = 0; c < 4; c++)
			if (l[c] * 10 >= s[c]) {
				late++
				if (s[c] > clock * 1.02 || s[c] < clock * 0.98) { print "cpu " c ": " l[c] " late, " s[c] " samples, the clock " clock; exit 1 }
			}
		if (late == 0) { print "no CPU took a tenth of its periods late"; exit 1 }
		for (c = 0; c < 4; c++)
			if (s[c] > clock * 1.05 || s[c] < clock * 0.95) { print "cpu " c ": " s[c] " samples, the clock " clock; exit 1 }
		lo = hi = s[0]; user = 0
		for (c = 0; c < 4; c++) {
			if (s[c] < lo) lo = s[c]
			if (s[c] > hi) hi = s[c]
			if (k[c] + i[c] > s[c]) { print "cpu " c ": " k[c] " + " i[c] " > " s[c]; exit 1 }
			if (s[c] - k[c] - i[c] > 100) user++
		}
		if (user == 0) { print "no CPU ran the demo in ring 3"; exit 1 }
		if (lo < 100 || hi > lo * 1.05) { print "samples from " lo " to " hi; exit 1 }
	}' "$out/smp-timers/serial.log" > "$out/smp-ticks.out"; then
	fail "$(cat "$out/smp-ticks.out")"
else
	pass
fi
# With jitter=0 (and turns=0) every CPU's deadlines are the cells' starts,
# a period apart, and a CPU's first deadline may be up to a period further
# than any later one: the demo runs, and the counts agree as above.
boot smp-fixed 0 -cpus 4 -append "jitter=0 turns=0" $kernel $u/testprof.elf $u/cmd.elf &&
has "kernel: cmd exited with status 0; shutting down" && {
	if awk -v K="$K" 'index($0, K "kernel: clock: ") == 1 { clock = $3 }
		index($0, K "kernel: cpu ") == 1 { n++; s[n] = $4 }
		END { if (n != 4 || clock < 100) exit 1
		      for (i = 1; i <= 4; i++) if (s[i] > clock * 1.05 || s[i] < clock * 0.95) exit 1 }' "$log"
	then pass "$(grep -a 'kernel: clock' "$log")"
	else fail "$(grep -a 'kernel: c[lp][ou]' "$log")"; fi
}
boot smp-four-again 0 -cpus 4 $kernel $u/testprof.elf $u/cmd.elf && extract && {
	name=smp-deterministic
	if cmp -s "$out/smp-four/testprof.pro" "$dir/testprof.pro"; then pass
	else fail "two runs with four CPUs gave different dumps"; fi
}
# Forged iret frames at 20000 Hz (cases/iretfuzz.sh) with four CPUs, with
# turns=0: the kernel lives, and every CPU counted every period (those it
# took late too): the four counts within 5% of each other. With the turns:
# cases/smp-turns.sh.
printf 'iretfuzz 4242 200\nhello alive\n' > "$out/smp-iretfuzz.cmd"
LIMIT=120 boot smp-iretfuzz 0 -cpus 4 -hz 20000 -append turns=0 -batch "$out/smp-iretfuzz.cmd" $kernel $u/iretfuzz.elf $u/hello.elf \
	$u/cmd.elf &&
has " 0 bad; the kernel lives" && has "[hello] [alive]" && hasnot "panic" && {
	if awk -v K="$K" 'index($0, K "kernel: cpu ") == 1 { n++; s[n] = $4 }
		END { if (n != 4) exit 1; lo = hi = s[1]
		      for (i = 2; i <= 4; i++) { if (s[i] < lo) lo = s[i]; if (s[i] > hi) hi = s[i] }
		      exit !(lo > 1000 && hi <= lo * 1.05) }' "$log"
	then pass
	else fail "$(grep -a 'kernel: cpu' "$log")"; fi
}
# Four busy processes under a system profile, with four CPUs: they run on
# the four, each of which spends most of its ticks in ring 3; every CPU's
# ring-3 count (the same work on each) within 5% of the others'. Processes move between CPUs, their x87
# and SSE registers with them: cases/fpmix.sh's program three times at
# once with four CPUs, six children on four CPUs.
printf 'pset init\npset on\nstart worker 5\nstart worker 5\nstart worker 5\nstart worker 5\nwait\npset off\npset dump busy.pro\n' \
	> "$out/smp-busy.cmd"
boot smp-busy 0 -cpus 4 -batch "$out/smp-busy.cmd" $kernel $u/worker.elf $u/pset.elf $u/cmd.elf && extract &&
$pinfo "$dir/busy.pro" > "$dir/summary.txt" 2>&1 && {
	if ! awk -v K="$K" 'index($0, K "kernel: cpu ") == 1 { n++; s[n] = $4; u[n] = $4 - $6 - $8 }
		END { if (n != 4) exit 1; lo = hi = u[1]
		      for (i = 1; i <= 4; i++) { if (u[i] < lo) lo = u[i]; if (u[i] > hi) hi = u[i]; if (u[i] * 2 < s[i]) exit 1 }
		      exit !(lo > 100 && hi <= lo * 1.05) }' "$log"; then
		fail "per-CPU counts: $(grep -a 'kernel: cpu' "$log")"
	elif [ "$(modtics WORKER < "$dir/summary.txt")" -lt 1000 ]; then
		fail "WORKER: $(modtics WORKER < "$dir/summary.txt") ticks"
	elif ! $pinfo --cpus "$dir/busy.pro" > "$dir/cpus.txt" 2>&1 || ! awk '
		$1 == "cpu" && $2 == "N" { for (f = 1; f <= NF; f++) if ($f == "WORKER") col = f }
		$1 == "cpu" && $2 ~ /^[0-9]+$/ { n++; s[$2] = $3; k[$2] = $4; i[$2] = $5; w[$2] = $col; sum += $col }
		END { if (n != 4) exit 1; lo = hi = w[0]
		      for (c = 0; c < 4; c++) { if (w[c] < lo) lo = w[c]; if (w[c] > hi) hi = w[c]; if (w[c] * 2 < s[c]) exit 1 }
		      exit !(sum == total && hi <= lo * 1.05) }' total="$(modtics WORKER < "$dir/summary.txt")" "$dir/cpus.txt"; then
		fail "pinfo --cpus: $(cat "$dir/cpus.txt")"
	else
		pass "WORKER $(modtics WORKER < "$dir/summary.txt") ticks"
	fi
}
# Call stacks on every CPU: a system profile with stacks (pset init
# /stacks) of the four busy workers: every ring-3 tick of theirs, on
# whichever of the four CPUs it came, has its stack (most of them main's
# call of crunch).
printf 'pset init /stacks\npset on\nstart worker 5\nstart worker 5\nstart worker 5\nstart worker 5\nwait\npset off\npset dump st.pro\n' \
	> "$out/smp-stacks.cmd"
boot smp-stacks 0 -cpus 4 -batch "$out/smp-stacks.cmd" $kernel $u/worker.elf $u/pset.elf $u/cmd.elf && extract &&
if ! $pinfo --folded "$dir/st.folded" "$dir/st.pro" "$u/worker.map" > "$dir/out.txt" 2>&1 ||
   ! $pinfo --cpus "$dir/st.pro" > "$dir/cpus.txt" 2>&1; then
	fail "pinfo: $(cat "$dir/out.txt" "$dir/cpus.txt" 2>/dev/null | head -3)"
else
	crunch=$(awk '$1 == "WORKER`_start;WORKER`main;WORKER`crunch" { print $2 }' "$dir/st.folded")
	folded=$(awk '$1 ~ /^WORKER`/ && $1 !~ /\[kernel\]/ { n += $2 } END { print n + 0 }' "$dir/st.folded")
	ring3=$(awk '$1 == "cpu" && $2 == "N" { for (f = 1; f <= NF; f++) if ($f == "WORKER") col = f }
		$1 == "cpu" && $2 ~ /^[0-9]+$/ { n += $col } END { print n + 0 }' "$dir/cpus.txt")
	cpus=$(awk '$1 == "cpu" && $2 == "N" { for (f = 1; f <= NF; f++) if ($f == "WORKER") col = f }
		$1 == "cpu" && $2 ~ /^[0-9]$/ && $col > 0 { n++ } END { print n + 0 }' "$dir/cpus.txt")
	if [ "${crunch:-0}" -lt 1000 ] || [ "$folded" != "$ring3" ] || [ "$cpus" != 4 ]; then
		fail "crunch's stack $crunch times, WORKER's stacks $folded, its ticks $ring3, on $cpus CPUs: $(cat "$dir/cpus.txt")"
	else
		pass "WORKER's $folded ticks, each with its stack (crunch's $crunch), on four CPUs"
	fi
fi
printf 'start fpmix\nstart fpmix\nstart fpmix\nwait\nhello alive\n' > "$out/smp-fpmix.cmd"
boot smp-fpmix 0 -cpus 4 -batch "$out/smp-fpmix.cmd" $kernel $u/fpmix.elf $u/hello.elf $u/cmd.elf &&
count_is "fpmix down: 4000 rounds, 0 bad" 3 && count_is "fpmix up: 4000 rounds, 0 bad" 3 &&
count_is "fpmix: 0 of 2 children failed" 3 && has "[hello] [alive]" && {
	if awk -v K="$K" 'index($0, K "kernel: cpu ") == 1 { n++; moved += $12 } END { exit !(n == 4 && moved >= 10) }' "$log"
	then pass
	else fail "few processes moved between CPUs: $(grep -a 'kernel: cpu' "$log")"; fi
}
# The hostile ring-3 suite (cases/usertests.sh) with four CPUs.
printf 'usertests\nhello alive\n' > "$out/smp-usertests.cmd"
boot smp-usertests 0 -cpus 4 -batch "$out/smp-usertests.cmd" $kernel $u/usertests.elf $u/faults.elf $u/hello.elf \
	$u/cmd.elf &&
has "usertests: 0 failed" && hasnot "FAILED" && has "[hello] [alive]" && count_is ": OK$" 11 &&
has "kernel: cpu 3: " && pass
