# defs.sh: the C headers' constants that the scripts use, read from the
# headers, their one place (sourced after TOP, the tree's top folder, is
# set). define_of NAME FILE prints what FILE #defines NAME to be (a quoted
# string's text without its quotes); marks_export sets and exports, for
# awk's ENVIRON, the console's marks (docs/running.md, "The console"):
# CONSOLE_MARK, the byte itself (format/console_mark.h), and the frame's
# FRAME_MARK, FRAME_FILE_MARK, FRAME_BEGIN and FRAME_END (format/framefmt.h).

define_of() {	# define_of NAME FILE: the value, or status 1 and a line on stderr
	LC_ALL=C awk -v n="$1" '$1 == "#define" && $2 == n {
		v = $0
		sub(/^#define[ \t]+[A-Za-z0-9_]+[ \t]+/, "", v)
		if (v ~ /^"/) { v = substr(v, 2); sub(/".*/, "", v) } else sub(/[ \t].*/, "", v)
		print v; found = 1; exit
	} END { exit !found }' "$2" 2>/dev/null && return 0
	echo "${0##*/}: no #define $1 in $2" >&2
	return 1
}

marks_export() {	# marks_export: 0, or 1 (a line on stderr)
	_m=$(define_of CONSOLE_MARK "$TOP/format/console_mark.h") &&
	FRAME_MARK=$(define_of FRAME_MARK "$TOP/format/framefmt.h") &&
	FRAME_FILE_MARK=$(define_of FRAME_FILE_MARK "$TOP/format/framefmt.h") &&
	FRAME_BEGIN=$(define_of FRAME_BEGIN "$TOP/format/framefmt.h") &&
	FRAME_END=$(define_of FRAME_END "$TOP/format/framefmt.h") || return 1
	CONSOLE_MARK=$(printf "\\$(printf %03o "$((_m))")")
	export CONSOLE_MARK FRAME_MARK FRAME_FILE_MARK FRAME_BEGIN FRAME_END
}
