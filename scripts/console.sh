#!/bin/sh
# console.sh OUT PINFO PROGRAM.elf...: qrun's view of the console, from
# OUT/serial.log, on stdout (docs/running.md, "The console"): the kernel's
# lines as they are, each dump frame one line, a program's lines after
# "| ", no byte shown raw (scripts/console.awk). A program's fault line
# names the function and source line of the code that faulted: PINFO
# --where on the ELF file of the program given of that name (no PINFO, no
# names). This is the one place a fault line is parsed: OUT/where.txt
# keeps each answer by the capture's line, "LINE HEADLEN WHERE"
# (scripts/lib/where.awk puts WHERE after the line's first HEADLEN bytes),
# for the view and make run's verdict.
set -u
here=$(dirname "$0")
TOP=$here/..
. "$here/lib/defs.sh"
marks_export || exit 1
out=$1 pinfo=$2
shift 2
log=$out/serial.log where=$out/where.txt
rm -f "$where"

# Each fault line of a kernel's (marked) line, "LINE HEADLEN NAME OFFSET":
# NAME of letters, digits, '_', '-' and '.', OFFSET its CS:EIP's offset.
# Not the null function pointer's (its offset is crt0's trap at 0, not the
# caller's), nor a virtual-8086 mode CS:IP.
if [ -x "$pinfo" ]; then
	FAULT='^[A-Za-z0-9_.-]+[[][0-9]+[]]: #[A-Z][A-Z] error 0x[0-9a-f]+ at [0-9a-f]+:[0-9a-f]+' LC_ALL=C awk '
	substr($0, 1, 1) == ENVIRON["CONSOLE_MARK"] && match(substr($0, 2), ENVIRON["FAULT"]) &&
	    $0 !~ /, (null function pointer|virtual-8086 mode)/ {
		head = substr($0, 2, RLENGTH)
		off = head
		sub(/^.*:/, "", off)
		print NR, RLENGTH, substr(head, 1, index(head, "[") - 1), off
	}' "$log" > "$out/.faults"
	# each distinct fault looked up once, "NAME OFFSET WHERE"; every value
	# reaches pinfo as one argument
	LC_ALL=C awk '!seen[$3 " " $4]++ { print $3, $4 }' "$out/.faults" | while read -r n o; do
		for p in "$@"; do
			[ "$(basename -- "$p" .elf)" = "$n" ] || continue
			w=$("$pinfo" --where "$o" -- "$p" 2>/dev/null) && [ -n "$w" ] && printf '%s %s %s\n' "$n" "$o" "$w"
			break
		done
	done > "$out/.answers"
	LC_ALL=C awk 'FILENAME == ARGV[1] { k = $1 " " $2; sub(/^[^ ]+ [^ ]+ /, ""); w[k] = $0; next }
		($3 " " $4) in w { print $1, $2, w[$3 " " $4] }' "$out/.answers" "$out/.faults" > "$where"
	rm -f "$out/.faults" "$out/.answers"
fi
WHERE=$where LC_ALL=C awk -f "$here/lib/where.awk" -f "$here/console.awk" "$log"
