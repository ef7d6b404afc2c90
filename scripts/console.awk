# console.awk: the console as a person reads it (docs/running.md, "The
# console"), from a serial capture, for scripts/console.sh (with
# scripts/lib/where.awk). The kernel starts each of its lines with CONSOLE_MARK,
# which no program can put there: its lines are shown as they are, each of
# its dump frames as one line; every other line is a program's, shown
# after "| ", so that no program can pass its text for the kernel's. A
# frame hides only its own base64 lines: any other line ends it. Control
# bytes are shown as ^X (ESC as ^[, DEL as ^?), bytes above 0x7E as \xNN;
# tab and newline stay. The marks come from the environment
# (scripts/lib/defs.sh, marks_export).
BEGIN {
	where_load(ENVIRON["WHERE"])
	for (i = 0; i < 256; i++) {
		c = sprintf("%c", i)
		if (i == 9) esc[c] = c
		else if (i < 32) esc[c] = "^" sprintf("%c", i + 64)
		else if (i == 127) esc[c] = "^?"
		else if (i > 127) esc[c] = sprintf("\\x%02x", i)
		else esc[c] = c
	}
	mark = ENVIRON["CONSOLE_MARK"]
	begin_dump = ENVIRON["FRAME_MARK"] ENVIRON["FRAME_BEGIN"] " "
	begin_file = ENVIRON["FRAME_FILE_MARK"] ENVIRON["FRAME_BEGIN"] " "
	if (mark == "" || ENVIRON["FRAME_MARK"] == "") {
		print "console.awk: no CONSOLE_MARK or FRAME_MARK in the environment" > "/dev/stderr"
		exit 2
	}
}
function shown(s,  out, i, n) {
	if (s ~ /^[ -~\t]*$/) return s
	out = ""
	n = length(s)
	for (i = 1; i <= n; i++) out = out esc[substr(s, i, 1)]
	return out
}
function cut() {
	if (inframe) print "[" kind " frame cut: " shown(frame) "]"
	inframe = ""
}
{
	if (substr($0, 1, 1) != mark) {
		cut()
		print "| " shown($0)
		next
	}
	line = substr($0, 2)
	if (inframe) {
		if (line ~ /^[A-Za-z0-9+\/=]+$/) next
		if (substr(line, 1, length(frame_end)) == frame_end) {
			print "[" kind " frame: " shown(substr(line, length(frame_end) + 1)) "]"
			inframe = ""
			next
		}
		cut()
	}
	line = where_put(NR, line)
	if (substr(line, 1, length(begin_dump)) == begin_dump || substr(line, 1, length(begin_file)) == begin_file) {
		kind = substr(line, 1, length(begin_dump)) == begin_dump ? "dump" : "file"
		inframe = kind == "dump" ? ENVIRON["FRAME_MARK"] : ENVIRON["FRAME_FILE_MARK"]
		frame_end = inframe ENVIRON["FRAME_END"] " "
		frame = substr(line, length(kind == "dump" ? begin_dump : begin_file) + 1)
		next
	}
	print shown(line)
}
END { cut() }
