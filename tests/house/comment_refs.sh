#!/bin/sh
# comment_refs.sh [FOLDER|FILE...]: every path the sources name is there.
# Comments say where things are ("kernel/time/tick.h", "lib/elf.c",
# "read/lines.c"); when a file moves they go on naming the old place. This
# reads the product's sources (default: boot kernel drivers profiler format
# lib include user host scripts ports and the Makefile), comments and code alike,
# and fails on each path that is not in the tree:
#   - a path whose first folder is one of the tree's top folders
#     ("host/common/maps.c", "docs/pinfo.md", "tests/unit/") must be there
#     from the top, when it ends in a file name with an extension or in "/";
#   - another path to a source file, from a folder the tree has below the
#     top ("read/lines.c", "newlib/crt0.asm"), must be the end of some
#     file's path in the tree (a folder on the include path, or relative to
#     the file that names it).
# Not read as paths: system headers (in <...>, or sys/...: the C library's
# too), words inside a longer path or a URL ("https://host/x.c",
# "$build/x", "a.b/x.c"), paths from folders the tree does not have
# ("src/prog.c", an example), build/ (made by the build), and placeholders,
# a component of capital letters alone ("user/NAME.c", "bench/W.c").
# Prints each miss as FILE:LINE: PATH.
set -u
# (run from the top folder, as make does)
[ -f Makefile ] && [ -d host ] || { echo "comment-refs: run it from the top folder"; exit 1; }
[ $# -gt 0 ] || set -- boot kernel drivers profiler format lib include user host scripts ports Makefile

t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# the tree: every file and folder, build/ and .git/ left out
find . -path ./build -prune -o -path ./.git -prune -o -print | sed 's|^\./||' | grep -v '^\.$' > "$t/tree"
# the sources to read, then each path-like word in them, FILE:LINE:WORD
# (the character before the word, which must not be part of a path, dropped)
find "$@" -path build -prune -o -type f ! -name '*.pro' ! -name '*.elf' -print | sort > "$t/files"
if [ ! -s "$t/files" ]; then echo "comment-refs: no file to read in: $*"; exit 1; fi
tr '\n' '\0' < "$t/files" | xargs -0 grep -HnoE \
	'(^|[^A-Za-z0-9_./$~<@+-])[A-Za-z0-9_][A-Za-z0-9_+-]*(/[A-Za-z0-9_.+-]*)+' /dev/null |
	sed 's/^\([^:]*:[0-9]*:\)[^A-Za-z0-9_]/\1/' > "$t/words"

LC_ALL=C awk -v treefile="$t/tree" '
BEGIN {
	while ((getline p < treefile) > 0) {
		there[p] = 1
		if (p !~ /\//) top[p] = 1
		# every tail of the path, for the paths named from a folder below the top
		s = p
		while ((i = index(s, "/")) > 0) { s = substr(s, i + 1); tail[s] = 1 }
		tail[p] = 1
	}
	# the folders below the top, by name
	for (p in there) {
		d = p
		if (sub(/\/[^\/]*$/, "", d)) {
			sub(/.*\//, "", d)
			if (!(d in top))
				folder[d] = 1
		}
	}
	bad = 0; n = 0
}
{
	# FILE:LINE:WORD
	i = index($0, ":"); file = substr($0, 1, i - 1); rest = substr($0, i + 1)
	i = index(rest, ":"); line = substr(rest, 1, i - 1); w = substr(rest, i + 1)
	sub(/[.,]+$/, "", w)			# the sentence'"'"'s full stop, a comma
	first = w; sub(/\/.*/, "", first)
	last = w; sub(/.*\//, "", last)
	if (first == "build") next
	if (w ~ /(^|\/)[A-Z]+(\.[a-z]+)?(\/|$)/ && !(w in there)) next	# a placeholder
	sourcefile = last ~ /^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*\.(c|h|asm|inc|S|mk|sh|ld|proto|md|cmd)$/
	if (first in top) {
		if (last != "" && last !~ /\./) next	# a folder or a program, not said to be a file
		n++
		p = w; sub(/\/$/, "", p)
		if (!(p in there)) { print file ":" line ": " w; bad++ }
	} else if (sourcefile && (first in folder) && first != "sys") {
		n++
		if (!(w in tail)) { print file ":" line ": " w; bad++ }
	}
}
END {
	printf "comment-refs: %d paths named, %d not in the tree\n", n, bad
	exit bad > 0
}' "$t/words"
