# verdict.sh: how make run's programs went (sourced by scripts/makerun.sh),
# from the capture, RUN/serial.log: a line for each that failed, naming it
# and why (its bytes but ' ' to '~' shown as '?'), then the count; a
# failure sets status 1 (docs/running.md, "How each program went").

say_nobuild() { for n in $nobuild; do echo "make run: $n failed: it does not build"; done; }

# verdict_programs: PROG's programs (scripts/makerun/runverdict.awk). One
# counts as run only when the capture shows it: cmd echoed its mark (the
# line before the program's in run.cmd), then said nothing against the
# program's line or the program, and went on to the next mark. A fault is
# the kernel's line, with the code that faulted as the console showed it
# (scripts/lib/where.awk); a load failure or a non-zero status, cmd's or
# profrun's line; a line cmd skipped, cmd's line naming run.cmd and its
# number. "ran" counts those that started.
verdict_programs() {
	ran=0 failed=$(set -- $nobuild; echo $#)
	echo
	say_nobuild
	verdicts=$(MARK=$MARK PROGS="$programs" QS=$qs WHERE=$run/where.txt LC_ALL=C awk -f scripts/lib/where.awk \
		-f scripts/makerun/runverdict.awk "$run/serial.log")
	while IFS=$(printf '\t') read -r started n why; do
		[ -n "$n" ] || continue
		ran=$((ran + started))
		[ -n "$why" ] || continue
		failed=$((failed + 1))
		echo "make run: $n failed: $why"
	done <<EOF_VERDICTS
$verdicts
EOF_VERDICTS
	[ "$ran" = 1 ] && s= || s=s
	echo "make run: $ran program$s ran, $failed failed"
	[ "$failed" = 0 ] || status=1
}

# verdict_batch: SCRIPT's commands (scripts/makerun/batchverdict.awk): each
# that exited non-zero, faulted or did not start fails by name; then the
# count of its command lines that ran.
verdict_batch() {
	echo
	verdicts=$(QS=$qs LC_ALL=C awk -f scripts/makerun/batchverdict.awk "$run/serial.log")
	cmds=$(LC_ALL=C awk '{ w = tolower($1) } w != "" && w !~ /^[;#]/ && w != "rem" && w != "echo" && w != "wait" \
		{ n++ } END { print n + 0 }' "$batch")
	failed=0 unstarted=0
	while IFS= read -r v; do
		[ -n "$v" ] || continue
		failed=$((failed + 1))
		case $v in "0 "*) unstarted=$((unstarted + 1)) ;; esac
		echo "make run: ${v#? }"
	done <<EOF_BATCH
$verdicts
EOF_BATCH
	ran=$((cmds - unstarted))
	[ "$ran" -ge 0 ] || ran=0
	[ "$ran" = 1 ] && s= || s=s
	echo "make run: $ran command$s of $(basename -- "$script") ran, $failed failed"
	[ "$failed" = 0 ] || status=1
}
