# runverdict.awk: how each program of make run went, from the serial
# capture (scripts/makerun/verdict.sh runs it on RUN/serial.log, after
# scripts/lib/where.awk). The environment gives MARK (the batch file's
# mark), CONSOLE_MARK (scripts/lib/defs.sh), WHERE (the faults' code,
# scripts/console.sh's where.txt), PROGS (the programs, in the order of
# run.cmd, where program i's line is line 2i and the line before it echoes
# "MARK start NAME"; "MARK end" comes last) and QS (qrun's status: 0 for a
# clean shutdown). Prints "STARTED<tab>NAME<tab>WHY" a program, in order:
# STARTED 1 when the capture shows it started, WHY empty when it went well,
# else why not, its bytes but ' ' to '~' shown as '?'. A program counts as
# run only when the capture shows it: its mark, nothing from cmd against
# its line or from cmd or profrun against it, then the next mark or the
# last.
BEGIN {
	mark = ENVIRON["MARK"]; qs = ENVIRON["QS"] + 0
	n = split(ENVIRON["PROGS"], p, " ")
	for (i = 1; i <= n; i++) { idx[p[i]] = i; online[2 * i] = p[i] }
	K = ENVIRON["CONSOLE_MARK"]
	if (K == "") { print "runverdict.awk: no CONSOLE_MARK in the environment" > "/dev/stderr"; nomark = 1; exit 2 }
	where_load(ENVIRON["WHERE"])
}
function note(name, why, started) {
	if (!(name in said)) { said[name] = why; began[name] = started }
}
substr($0, 1, 1) == K {		# the kernel: a fault ends a program that ran
	s = substr($0, 2)
	b = index(s, "[")
	if (b > 1 && (substr(s, 1, b - 1) in idx) && s ~ /^[^[]+[[][0-9]+[]]: .*, ended$/)
		note(substr(s, 1, b - 1), where_put(NR, s), 1)
	next
}
$0 == mark " end" { seen[n + 1] = 1; next }
substr($0, 1, length(mark) + 7) == mark " start " {
	if ((substr($0, length(mark) + 8) in idx) && !seen[idx[substr($0, length(mark) + 8)]])
		seen[idx[substr($0, length(mark) + 8)]] = 1
	next
}
substr($0, 1, 13) == "cmd: run.cmd:" {	# a line cmd did not run
	l = substr($0, 14)
	l = substr(l, 1, index(l, ":") - 1)
	if (l ~ /^[0-9]+$/ && ((l + 0) in online)) note(online[l + 0], $0, 0)
	next
}
substr($0, 1, 5) == "cmd: " || substr($0, 1, 9) == "profrun: " {
	rest = substr($0, index($0, ": ") + 2)
	name = rest
	sub(/[: ].*/, "", name)
	if (!(name in idx)) next
	tail = substr(rest, length(name) + 1)
	if (substr(tail, 1, 20) == " exited with status ") note(name, $0, 1)
	else if (substr(tail, 1, 15) == ": not profiled:") note(name, $0, 1)
	else if (substr(tail, 1, 2) == ": ") note(name, $0, 0)
}
END {
	if (nomark) exit 2
	for (i = 1; i <= n; i++) {
		name = p[i]
		if (name in said) { why = said[name]; started = began[name] }
		else if (!seen[i]) {
			started = 0
			why = qs ? "it never started: the machine did not shut down cleanly before its turn" \
				 : "it never started: cmd did not reach its line of run.cmd"
		} else if (!seen[i + 1] && !seen[n + 1]) {
			started = 1
			why = qs ? "the machine did not shut down cleanly" : "cmd did not go on after it"
		} else {
			started = 1
			why = qs ? "the machine did not shut down cleanly" : ""
		}
		gsub(/[^ -~]/, "?", why)
		print started "\t" name "\t" why
	}
}
