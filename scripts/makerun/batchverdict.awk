# batchverdict.awk: how the commands of a batch file (make run SCRIPT=)
# went, from the serial capture (scripts/makerun/verdict.sh runs it on
# RUN/serial.log; QS in the environment is qrun's status, 0 for a clean
# shutdown; CONSOLE_MARK the kernel's mark, scripts/lib/defs.sh). Prints
# a line for each that failed, "STARTED NAME failed: WHY": STARTED 1 when
# it ran, 0 when it never started; its bytes but ' ' to '~' shown as '?'. A failure is a command that exited non-zero (cmd's
# or profrun's line: profrun's names the program it ran, and cmd's line
# about profrun then is the same failure), faulted or was ended by a
# signal (the kernel's line, marked with CONSOLE_MARK, which no program can
# write), could not start, or a line cmd could not run.
BEGIN {
	K = ENVIRON["CONSOLE_MARK"]; qs = ENVIRON["QS"] + 0
	if (K == "") { print "batchverdict.awk: no CONSOLE_MARK in the environment" > "/dev/stderr"; nomark = 1; exit 2 }
}
function say(started, name, why) {
	why = name " failed: " why
	gsub(/[^ -~]/, "?", why)
	print started " " why
}
substr($0, 1, 1) == K {
	s = substr($0, 2)
	b = index(s, "[")
	if (b > 1 && s ~ /^[^[ ]+[[][0-9]+[]]: .*, ended$/) {
		say(1, substr(s, 1, b - 1), s)
		ended[substr(s, 1, b - 1)] = 1
	}
	next
}
substr($0, 1, 9) == "profrun: " {
	rest = substr($0, 10)
	name = rest
	sub(/[: ].*/, "", name)
	tail = substr(rest, length(name) + 1)
	if (substr(tail, 1, 20) == " exited with status ") {
		if (!((name) in ended)) say(1, name, $0)
		viaprofrun = 1
	} else if (substr(tail, 1, 2) == ": " && substr(tail, 1, 15) != ": not profiled:") {
		say(0, name, $0)	# (not profiled, it still runs: its status tells)
		viaprofrun = 1
	}
	next
}
substr($0, 1, 5) == "cmd: " {
	rest = substr($0, 6)
	name = rest
	sub(/[: ].*/, "", name)
	tail = substr(rest, length(name) + 1)
	if (name == "process" && tail ~ /^ [0-9]+ exited with status /) {	# one `start` began
		say(1, "process" substr(tail, 1, index(substr(tail, 2), " ")), $0)
		next
	}
	if (substr(tail, 1, 20) == " exited with status ") {
		if (name == "profrun" && viaprofrun) { viaprofrun = 0; next }
		if (!((name) in ended)) say(1, name, $0)
		delete ended[name]
	} else if (substr(tail, 1, 2) == ": ") {
		say(0, name, $0)
	}
	next
}
END { if (nomark) exit 2; if (qs) say(1, "the batch file", "the machine did not shut down cleanly") }
