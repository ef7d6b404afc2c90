#!/bin/sh
# check-house.sh [ROOT]: fails, naming each file, where the product's sources
# break the house's rules (docs/ARCHITECTURE.md, "The house's rules"):
#   - a source file (.c .h .asm .sh .mk) over 600 lines;
#   - a C function over 100 lines (its signature to its closing brace);
#   - a folder of more than 20 C files;
#   - a quoted include that climbs ("../"): folders are on the include path;
#   - an include guard not named for the file's path (format/dump.h:
#     FORMAT_DUMP_H);
#   - a Makefile over 150 lines: it holds the build graph, each part's
#     sources are in that part's .mk file;
#   - a source file whose first line (after a "#!" line) is not its purpose
#     line, a comment that begins with the file's name, or a path ending
#     in it ("/* tick.c: ...", "/* sys/abi.h: ...", "# progs.sh: ...",
#     "# mkiso.sh [--] OUT.iso ...");
#   - a circle of calls among the C files (scripts/circles.awk);
#   - a shell script over 200 lines, the tests' and benchmarks' too;
#   - a commit after the rule's own (HOUSE_SINCE) whose subject is over 72
#     characters, when the tree is a git checkout.
# The product is every folder but tests/, bench/ and docs/. ROOT defaults
# to the current folder.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# the commit that made the subject rule: those after it keep it
HOUSE_SINCE=${HOUSE_SINCE:-129eba5}
root=${1:-.}
cd "$root" || exit 2
dirs=
for d in boot kernel drivers profiler format lib include user host scripts ports; do
	[ -d "$d" ] && dirs="$dirs $d"
done
[ -n "$dirs" ] || { echo "check-house: $root: no product folder" >&2; exit 2; }
bad=0
files=$(find $dirs -type f \( -name '*.c' -o -name '*.h' -o -name '*.asm' -o -name '*.sh' \
	-o -name '*.mk' \) | LC_ALL=C sort)

for f in $files; do
	n=$(wc -l < "$f")
	if [ "$n" -gt 600 ]; then
		echo "check-house: $f: $n lines (at most 600)"; bad=1
	fi
done

# Functions: a body opens with "{" alone at the start of a line and closes
# with "}" at the start of a line (the kernel's style); the signature is the
# lines above the brace back to a blank line, a "}" or a ";".
for f in $(printf '%s\n' $files | grep '\.c$'); do
	awk -v f="$f" '
		/^\{/ && !infn { infn = 1; start = sigstart ? sigstart : NR; name = signame; next }
		infn && /^\}/ {
			len = NR - start + 1
			if (len > 100) printf "check-house: %s:%d: %s is %d lines (at most 100)\n", f, start, name, len
			infn = 0; sigstart = 0; signame = ""; next
		}
		infn { next }
		/^[ \t]*$/ || /;[ \t]*$/ || /^\}/ || /^#/ { sigstart = 0; signame = ""; next }
		/^[A-Za-z_]/ && !sigstart { sigstart = NR }
		sigstart && signame == "" && match($0, /[A-Za-z_][A-Za-z_0-9]*[ \t]*\(/) {
			signame = substr($0, RSTART, RLENGTH); sub(/[ \t]*\($/, "", signame)
		}
	' "$f"
done | grep . && bad=1

for d in $(find $dirs -type d | LC_ALL=C sort); do
	n=$(find "$d" -maxdepth 1 -type f -name '*.c' | wc -l)
	if [ "$n" -gt 20 ]; then
		echo "check-house: $d/: $n C files (at most 20)"; bad=1
	fi
done

grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"\.\./' $files /dev/null | \
	sed 's/^/check-house: /; s/$/ (name the file alone; its folder is on the include path)/' | grep . && bad=1

for f in $(printf '%s\n' $files | grep '\.h$'); do
	want=$(printf '%s' "$f" | tr 'a-z/.-' 'A-Z___')
	got=$(awk '/^#ifndef[ \t]/ { print $2; exit }' "$f")
	if [ "$got" != "$want" ]; then
		echo "check-house: $f: include guard ${got:-(none)}, not $want"; bad=1
	fi
done

for f in $files; do
	b=${f##*/}
	first=$(sed -n '/^#!/d; p; q' "$f")
	case $first in
	"/* "* | "# "* | "; "*) w=${first#* }; w=${w%%[: ]*} ;;
	*) w= ;;
	esac
	case $w in
	"$b" | */"$b") ;;
	*) echo "check-house: $f: no purpose line (its first line: a comment beginning \"$b:\")"; bad=1 ;;
	esac
done

awk -f "$here/circles.awk" $(printf '%s\n' $files | grep '\.[ch]$') | \
	sed 's/^/check-house: /' | grep . && bad=1

for f in $(find $dirs bench tests -type f 2>/dev/null | LC_ALL=C sort); do
	case $f in *.sh) ;; *) [ "$(head -c 9 "$f")" = '#!/bin/sh' ] || continue ;; esac
	n=$(wc -l < "$f")
	if [ "$n" -gt 200 ]; then
		echo "check-house: $f: a shell script of $n lines (at most 200)"; bad=1
	fi
done

if [ -d .git ] || [ -f .git ]; then
	if git cat-file -e "$HOUSE_SINCE^{commit}" 2>/dev/null; then
		git log --no-merges --format='%h %s' "$HOUSE_SINCE..HEAD" | \
			awk '{ n = length($0) - length($1) - 1 } n > 72 { printf "check-house: commit %s: a subject of %d characters (at most 72)\n", $1, n }' | \
			grep . && bad=1
	fi
fi

if [ -f Makefile ] && [ "$(wc -l < Makefile)" -gt 150 ]; then
	echo "check-house: Makefile: $(wc -l < Makefile) lines (at most 150)"; bad=1
fi

[ "$bad" = 0 ] && echo "check-house: $(printf '%s\n' $files | wc -l) files kept to the house's rules"
exit "$bad"
