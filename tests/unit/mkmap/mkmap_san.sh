#!/bin/sh
# mkmap_san.sh BUILD: mkmap built with the sanitizers (BUILD/san/mkmap), with
# LeakSanitizer on, on good and hostile ELF files made here (objcopy adds
# symbols whose names hold a newline, spaces, a backslash, an escape code,
# 5000 bytes; truncated, stripped, foreign and missing files): each run must
# end with its expected status and message and free all it took. The maps
# it writes of hostile names are read back by pinfo (BUILD/san/pinfo).
# One line per check, "N passed, N failed" last; non-zero status if any failed.
set -u
build=${1:-build}
mkmap=$build/san/mkmap
pinfo=$build/san/pinfo
dir=$build/mkmap-san
data=tests/unit/data
passed=0 failed=0
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1

rm -rf "$dir"
mkdir -p "$dir"

# check NAME STATUS STDERR-PATTERN -- mkmap arguments: the status, the message
# (a grep -E pattern, or "" for an empty stderr) and no sanitizer report.
check() {
	name=$1 want=$2 pattern=$3
	shift 4
	"$mkmap" "$@" >"$dir/$name.out" 2>"$dir/$name.err"
	got=$?
	if grep -q 'Sanitizer' "$dir/$name.err"; then
		fail "a sanitizer report: $(grep -m1 'Sanitizer' "$dir/$name.err")"
	elif [ "$got" != "$want" ]; then
		fail "status $got, wanted $want: $(head -c 300 "$dir/$name.err")"
	elif [ -z "$pattern" ] && [ -s "$dir/$name.err" ]; then
		fail "unexpected message: $(head -c 300 "$dir/$name.err")"
	elif [ -n "$pattern" ] && ! grep -qE -- "$pattern" "$dir/$name.err"; then
		fail "no message like '$pattern': $(head -c 300 "$dir/$name.err")"
	else
		passed=$((passed + 1))
		echo "PASS mkmap-san $name"
		return 0
	fi
	return 1
}
fail() { failed=$((failed + 1)); echo "FAIL mkmap-san $name: $*"; }

# ---- the files --------------------------------------------------------------
tiny=$data/tiny.elf
nl='
'
long=$(head -c 5000 /dev/zero | tr '\0' 'L')
objcopy --add-symbol "evil${nl}00000000 T injected=.text:0x10,function,global" \
	--add-symbol "with space=.text:0x20,function,local" \
	--add-symbol "back\\slash=.text:0x30,function,local" \
	--add-symbol "$(printf 'esc\033[31mred')=.text:0x40,function,local" \
	"$tiny" "$dir/hostile.elf" || fail "objcopy could not make hostile.elf"
objcopy --add-symbol "$long=.text:0x10,function,global" "$tiny" "$dir/long.elf" ||
	fail "objcopy could not make long.elf"
objcopy --strip-all "$tiny" "$dir/stripped.elf"
printf 'not an ELF file\n' >"$dir/text.elf"
cp /bin/true "$dir/elf64.elf"
mkdir -p "$dir/folder.elf"
size=$(wc -c <"$tiny")

# ---- good files -------------------------------------------------------------
check link 0 "" -- "$tiny" TINY &&
	{ grep -q '^ Fingerprint 0001 CRC-32 [0-9A-F]\{8\}$' "$dir/link.out" || fail "no fingerprint line"; }
check sysmap 0 "" -- -s "$tiny" TINY &&
	{ head -1 "$dir/sysmap.out" | grep -q '^[0-9a-f]\{8\} A __code_crc32$' || fail "no fingerprint line first"; }
fp=$(awk '$3 == "__code_crc32" { print toupper($1) }' "$dir/sysmap.out")
name=same-fingerprint
if grep -q "CRC-32 $fp\$" "$dir/link.out"; then passed=$((passed + 1)); echo "PASS mkmap-san $name"
else fail "the two forms differ: $fp"; fi
# kernel mode on a program: no _text_start, so no fingerprint, and a warning
check kernel-nofp 0 'the map has no code fingerprint: no _text_start and _text_end' -- "$tiny" kernel

# ---- hostile names: escaped, one symbol a line, read back by pinfo -----------
check hostile-link 0 "" -- "$dir/hostile.elf" TINY
check hostile-sysmap 0 "" -- -s "$dir/hostile.elf" TINY
name=hostile-escaped
if grep -q 'evil\\x0a00000000\\x20T\\x20injected$' "$dir/hostile-sysmap.out" &&
   grep -q ' with\\x20space$' "$dir/hostile-link.out" &&
   grep -q 'back\\\\slash$' "$dir/hostile-link.out" &&
   grep -q 'esc\\x1b\[31mred$' "$dir/hostile-sysmap.out" &&
   ! grep -q 'injected' "$dir/sysmap.out" &&
   [ "$(grep -c . "$dir/hostile-sysmap.out")" = $(($(grep -c . "$dir/sysmap.out") + 4)) ]; then
	passed=$((passed + 1)); echo "PASS mkmap-san $name"
else
	fail "names not escaped as they should be"
fi
# tests/unit/data/hot.pro is a profile of tiny.elf's code, which objcopy
# left as it was: each map reads back, fingerprint matching, and names
# the hostile symbols as the ELF file does.
name=hostile-pinfo
cp "$dir/hostile-sysmap.out" "$dir/tiny.sym"
mkdir -p "$dir/elf"
cp "$dir/hostile.elf" "$dir/elf/tiny.elf"	# the module is the file's name
if "$pinfo" --strict -e -z $data/hot.pro "$dir/hostile-link.out" >"$dir/p-link.txt" 2>"$dir/p-link.err" &&
   "$pinfo" --strict -e -z $data/hot.pro "$dir/tiny.sym" >"$dir/p-sym.txt" 2>"$dir/p-sym.err" &&
   "$pinfo" --strict -e -z $data/hot.pro "$dir/elf/tiny.elf" >"$dir/p-elf.txt" 2>"$dir/p-elf.err" &&
   [ ! -s "$dir/p-link.err" ] && [ ! -s "$dir/p-sym.err" ] && [ ! -s "$dir/p-elf.err" ] &&
   cmp -s "$dir/p-link.txt" "$dir/p-elf.txt" && cmp -s "$dir/p-sym.txt" "$dir/p-elf.txt" &&
   grep -q "with space" "$dir/p-elf.txt"; then
	passed=$((passed + 1)); echo "PASS mkmap-san $name"
else
	fail "pinfo: $(cat "$dir"/p-*.err | head -c 300)"
fi
# a name of 5000 bytes: written shortened as pinfo shows it (its first 1000
# bytes, "...", 16 hex digits of its hash), one note; pinfo reads the map
# as it reads the ELF file
check long-name 0 'long.elf: 1 symbol name longer than 1024 bytes written shortened' \
	-- "$dir/long.elf" TINY &&
	{ [ "$(grep -c . "$dir/long-name.out")" = $(($(grep -c . "$dir/link.out") + 1)) ] &&
	  grep -q " $(printf '%.1000s' "$long")\.\.\.[0-9a-f]\{16\}\$" "$dir/long-name.out" ||
	  fail "the long name is not in the map, shortened"; }
name=long-name-pinfo
mkdir -p "$dir/long"
cp "$dir/long.elf" "$dir/long/tiny.elf"
if "$pinfo" -z $data/hot.pro "$dir/long-name.out" >"$dir/pl-map.txt" 2>"$dir/pl-map.err" &&
   "$pinfo" -z $data/hot.pro "$dir/long/tiny.elf" >"$dir/pl-elf.txt" 2>"$dir/pl-elf.err" &&
   cmp -s "$dir/pl-map.txt" "$dir/pl-elf.txt" && grep -q '\.\.\.[0-9a-f]\{16\}$' "$dir/pl-elf.txt" &&
   [ "$(awk '{ if (length($0) > n) n = length($0) } END { print n }' "$dir/pl-elf.txt")" -lt 1100 ]; then
	passed=$((passed + 1)); echo "PASS mkmap-san $name"
else
	fail "pinfo reads the map of a long name otherwise than the ELF file: $(head -c 300 "$dir/pl-map.err")"
fi

# ---- bad files and arguments: the error, and nothing leaked -------------------
check missing 1 'nosuch.elf: No such file or directory' -- "$dir/nosuch.elf" TINY
check folder 1 'folder.elf: ' -- "$dir/folder.elf" TINY
check text 1 'text.elf: not an ELF file, or truncated' -- "$dir/text.elf" TINY
check elf64 1 'elf64.elf: not a 32-bit little-endian ELF file' -- "$dir/elf64.elf" TINY
check stripped 1 'stripped.elf: no symbol table' -- "$dir/stripped.elf" TINY
for cut in 51 52 60 200 4096 8192 12300 $((size - 1)); do
	head -c $cut "$tiny" >"$dir/cut$cut.elf"
	check cut$cut 1 "cut$cut.elf: " -- "$dir/cut$cut.elf" TINY
done
check module-space 2 'MODULE must be 1 to 63 printable ASCII bytes' -- "$tiny" "TI NY"
check module-empty 2 'MODULE must be' -- "$tiny" ""
check usage 2 'usage: mkmap' -- "$tiny"
name=full-disk
if [ -w /dev/full ]; then
	"$mkmap" "$tiny" TINY >/dev/full 2>"$dir/full.err"
	got=$?
	if [ "$got" = 1 ] && grep -q 'mkmap: stdout: No space left on device' "$dir/full.err" &&
	   ! grep -q Sanitizer "$dir/full.err"; then
		passed=$((passed + 1)); echo "PASS mkmap-san $name"
	else
		fail "status $got: $(head -c 300 "$dir/full.err")"
	fi
fi

echo "mkmap-san: $passed passed, $failed failed"
[ "$failed" = 0 ]
