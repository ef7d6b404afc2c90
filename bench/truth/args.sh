#!/bin/sh
# args.sh KERNEL.ELF OFFSETS.S: the instruction-count plugin's arguments
# for this kernel (bench/truth/insncount.c says what each one is), on one
# line: the kernel's addresses from its symbols, struct proc's layout and struct percpu's size from
# the "->NAME value" lines of bench/truth/offsets.c's assembly.
set -eu
[ $# = 2 ] || { echo "usage: args.sh KERNEL.ELF OFFSETS.S" >&2; exit 2; }
nm "$1" | awk -v offs="$2" '
	{ addr[$3] = $1 }
	END {
		need["trapret"] = "mark"; need["cpu0_curproc"] = "cur"; need["prof_active"] = "active"
		need["_text_start"] = "klo"; need["_text_end"] = "khi"
		n = split("trapret cpu0_curproc prof_active _text_start _text_end", order, " ")
		for (i = 1; i <= n; i++) {
			if (!(order[i] in addr)) { print "args.sh: no symbol " order[i] " in the kernel" > "/dev/stderr"; exit 1 }
			line = line sep need[order[i]] "=0x" addr[order[i]]; sep = ","
		}
		got = 0
		while ((getline l < offs) > 0)
			if (match(l, /"->[a-z]+ \$?-?[0-9]+\\n"/)) {
				s = substr(l, RSTART + 3, RLENGTH - 6); sub(/\$/, "", s)
				split(s, kv, " "); line = line "," kv[1] "=" kv[2]; got++
			}
		if (got != 5) { print "args.sh: " offs ": expected 5 offsets, found " got > "/dev/stderr"; exit 1 }
		print line
	}'
