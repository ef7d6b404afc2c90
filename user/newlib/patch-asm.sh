#!/bin/sh
# patch-asm.sh SRC: newlib 3.3.0's i386 assembly (libc/machine/i386,
# libm/machine/i386), made fit for the profiler. Run once, on
# a fresh unpack (build.sh does).
# 1. Bare "L5:" labels (an a.out convention) are symbols in ELF: a map would
#    split memchr into memchr, L5, L8...; make them assembler-local (.L5).
# 2. Each function starts 16-byte aligned (.p2align 4; the files had no
#    alignment: longjmp sat at setjmp+0x37), with an STT_FUNC type and an
#    ELF size (.size; without one valgrind and gdb do not name the function).
set -e
src=$1
for f in memchr memcmp strchr strlen; do
	sed -i -e 's/^L\([0-9][0-9]*\)\b/.L\1/' \
	       -e 's/\([^.A-Za-z0-9_]\)L\([0-9][0-9]*\)\b/\1.L\2/g' \
	       -e 's/\bBYTECMP\b/.LBYTECMP/g' "$src/newlib/libc/machine/i386/$f.S"
done
for f in "$src"/newlib/libc/machine/i386/*.S "$src"/newlib/libm/machine/i386/*.S; do
	awk '
	function endfn() { if (cur != "") printf "\t.size SYM (%s), . - SYM (%s)\n", cur, cur }
	/^SYM \([A-Za-z0-9_]*\):/ {
		name = $0; sub(/^SYM \(/, "", name); sub(/\):.*/, "", name)
		endfn(); cur = name
		printf "\t.p2align 4\n\t.type SYM (%s),@function\n", name
	}
	{ print }
	END { endfn() }' "$f" > "$f.new"
	mv "$f.new" "$f"
done
