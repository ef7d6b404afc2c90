# cases/makerun-align.sh (sourced by run.sh): every function at a multiple of 16, even at -Os.
#
# GCC drops -falign-functions at -Os; a program make run builds still has
# every function at a multiple of 16 (-ffunction-sections, SUBALIGN(16)),
# so that no 4-byte bucket holds two functions.
name=makerun-align log=$out/makerun-align.log dir=$out/makerun-align
src=$(mktemp -d)
cat > "$src/small.c" <<'EOF_C'
#include <stdio.h>
__attribute__((noinline)) int one(int x) { return x + 1; }
__attribute__((noinline)) int two(int x) { return one(x) * 3; }
__attribute__((noinline)) static int three(int x) { return two(x) ^ 5; }
int main(void) { volatile int v = 0; for (int i = 0; i < 300000; i++) v += three(i); printf("small %d\n", v); return 0; }
EOF_C
if $make --no-print-directory run PROG="$src/small.c" PROG_CFLAGS=-Os > "$log" 2>&1; then
	# (but _start, at 2 after crt0's ud2 for a NULL call, docs/memory.md)
	odd=$(nm "$build/run/small.elf" | awk '$2 ~ /^[Tt]$/ && $1 !~ /0$/ && $3 != "_start" { print $3 }')
	n=$(nm "$build/run/small.elf" | awk '$2 ~ /^[Tt]$/ && $3 ~ /^(one|two|three)$/' | wc -l)
	if [ "$n" != 3 ]; then
		fail "one, two and three are not all in the ELF ($n)"
	elif [ -n "$odd" ]; then
		fail "functions not at a multiple of 16 at -Os: $odd"
	else
		line_is "make run: 1 program ran, 0 failed" && pass
	fi
else
	fail "make run failed: $(tail -5 "$log")"
fi
rm -rf "$src"
