#!/bin/sh
# tests/house/check.sh BUILD: scripts/check-house.sh on the tree (it must
# pass), and on a small tree made to break each rule once (each must be
# named, and the check must fail).
set -u
build=${1:?usage: check.sh BUILD}
fails=0
fail() { echo "FAIL house: $*"; fails=$((fails + 1)); }

out=$(sh scripts/check-house.sh .) || fail "the tree breaks the house's rules:
$out"

t=$build/tests/house
rm -rf "$t" && mkdir -p "$t/kernel" "$t/lib" "$t/host/many"
{	# 601 lines, and one function of 101 lines (signature, braces, 98 lines)
	echo 'int long_one(int x)'
	echo '{'
	i=0; while [ $i -lt 97 ]; do echo '	x++;'; i=$((i + 1)); done
	echo '	return x;'
	echo '}'
	i=0; while [ $i -lt 496 ]; do echo '/* filler */'; i=$((i + 1)); done
	echo 'int short_one(void)'
	echo '{'
	echo '	return 0;'
	echo '}'
} > "$t/kernel/big.c"
printf '#include "../lib/x.h"\n' > "$t/kernel/climb.c"
printf '#ifndef X_H\n#define X_H\n#endif\n' > "$t/lib/x.h"
printf '/* good.h: keeps the rules. */\n#ifndef LIB_GOOD_H\n#define LIB_GOOD_H\n#endif\n' > "$t/lib/good.h"
printf '#!/bin/sh\n# good.sh ARG: keeps the rules.\n' > "$t/lib/good.sh"
printf '/* lib/path.h: named by its path. */\n#ifndef LIB_PATH_H\n#define LIB_PATH_H\n#endif\n' > "$t/lib/path.h"
printf '/* A comment that names no file. */\nint x;\n' > "$t/lib/nameless.c"
printf '/* other.c: named for another file. */\n' > "$t/lib/wrong.c"
printf '#!/bin/sh\nset -u\n' > "$t/lib/bare.sh"
i=0; while [ $i -lt 21 ]; do : > "$t/host/many/f$i.c"; i=$((i + 1)); done
# a circle: ping.c calls pong(), pong.c uses ping.h's macro; and the one
# way (low.c is called, calls nothing back) is no circle
printf '/* ping.h: ping. */\n#ifndef KERNEL_PING_H\n#define KERNEL_PING_H\n#define PING_MAX 4\nint ping(int n);\n#endif\n' > "$t/kernel/ping.h"
printf '/* ping.c: ping. */\n#include "ping.h"\nint ping(int n)\n{\n\treturn pong(n) + low(n);\n}\n' > "$t/kernel/ping.c"
printf '/* pong.c: pong. */\n#include "ping.h"\nint pong(int n)\n{\n\treturn n < PING_MAX;\n}\n' > "$t/kernel/pong.c"
printf '/* low.c: low. */\nint low(int n)\n{\n\treturn n;\n}\n' > "$t/kernel/low.c"
{ echo '#!/bin/sh'; echo '# long.sh: too long.'; i=0; while [ $i -lt 199 ]; do echo ':'; i=$((i + 1)); done; } > "$t/lib/long.sh"
{ echo '#!/bin/sh'; echo '# edge.sh: just short enough.'; i=0; while [ $i -lt 198 ]; do echo ':'; i=$((i + 1)); done; } > "$t/lib/edge.sh"
i=0; while [ $i -lt 151 ]; do echo '# a line'; i=$((i + 1)); done > "$t/Makefile"
out=$(sh scripts/check-house.sh "$t") && fail "a tree breaking every rule passed"
for want in \
	'kernel/big.c: 601 lines (at most 600)' \
	'kernel/big.c:1: long_one is 101 lines (at most 100)' \
	'host/many/: 21 C files (at most 20)' \
	'kernel/climb.c:1:#include "../lib/x.h" (name the file alone' \
	'lib/x.h: include guard X_H, not LIB_X_H' \
	'lib/nameless.c: no purpose line' \
	'lib/wrong.c: no purpose line' \
	'lib/bare.sh: no purpose line' \
	'Makefile: 151 lines (at most 150)' \
	'kernel/ping.c -> kernel/pong.c (pong);' \
	'kernel/pong.c -> kernel/ping.c (#include PING_MAX);' \
	'lib/long.sh: a shell script of 201 lines (at most 200)'; do
	case $out in
	*"$want"*) ;;
	*) fail "not named: $want (got: $out)" ;;
	esac
done
case $out in *short_one*|*good.h*|*good.sh*|*path.h*|*low.c*|*edge.sh*) fail "named what keeps the rules: $out" ;; esac

# commit subjects: over 72 characters is named, after HOUSE_SINCE only
g=$build/tests/house-git
rm -rf "$g" && mkdir -p "$g" && cp -R "$t/lib" "$g/" && rm -f "$g/lib/long.sh" "$g/lib/x.h" "$g/lib/nameless.c" "$g/lib/wrong.c" "$g/lib/bare.sh"
long=$(printf 'x%.0s' $(seq 1 73))
ok72=$(printf 'y%.0s' $(seq 1 72))
(cd "$g" && git init -q && git config user.email t@t && git config user.name t &&
	git add -A && git commit -qm "$long" && git commit -q --allow-empty -m base &&
	git commit -q --allow-empty -m "$ok72" && git commit -q --allow-empty -m "$long") || fail "could not make a git tree"
base=$(cd "$g" && git rev-parse HEAD~2)
out=$(HOUSE_SINCE=$base sh scripts/check-house.sh "$g") && fail "a 73-character subject passed"
n=$(printf '%s\n' "$out" | grep -c 'a subject of 73 characters (at most 72)')
[ "$n" = 1 ] || fail "want one subject of 73 named (the one after the base), got $n: $out"

[ "$fails" = 0 ] && echo "PASS house: the tree keeps the house's rules; each rule broken once is named"
[ "$fails" = 0 ]
