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
	'Makefile: 151 lines (at most 150)'; do
	case $out in
	*"$want"*) ;;
	*) fail "not named: $want (got: $out)" ;;
	esac
done
case $out in *short_one*|*good.h*|*good.sh*|*path.h*) fail "named what keeps the rules: $out" ;; esac

[ "$fails" = 0 ] && echo "PASS house: the tree keeps the house's rules; each rule broken once is named"
[ "$fails" = 0 ]
