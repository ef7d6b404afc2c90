# cases/makerun-stacktable.sh (sourced by run.sh): STACKTABLE=N: the size of the tables of call stacks.
#
# STACKTABLE=N: the size of the kernel's tables of call stacks, a boot
# argument; a size that is none is refused before the boot.
name=makerun-stacktable log=$out/makerun-stacktable.log dir=$out/makerun-stacktable
src=$(mktemp -d)
printf '#include <stdio.h>\nint main(void) { printf("tabled runs\\n"); return 0; }\n' > "$src/tabled.c"
if $make --no-print-directory run PROG="$src/tabled.c" STACKTABLE=1000 > "$log" 2>&1; then
	fail "STACKTABLE=1000 was accepted"
elif $make --no-print-directory run PROG="$src/tabled.c" STACKTABLE=0256 >> "$log" 2>&1; then
	fail "STACKTABLE=0256 was accepted"
elif has "make run: STACKTABLE must be the distinct stacks a table holds: a power of 2 from 256 to 1048576, not '1000'" &&
     has "make run: STACKTABLE must be the distinct stacks a table holds: a power of 2 from 256 to 1048576, not '0256'" && hasnot "tabled runs" &&
     $make --no-print-directory run PROG="$src/tabled.c" STACKS=1 STACKTABLE=256 > "$log" 2>&1; then
	has "kernel: tables of call stacks of 256 entries (18 KiB each)" && has "tabled runs" &&
	line_is "make run: 1 program ran, 0 failed" && [ -f "$build/run/tabled.folded" ] && pass
else
	fail "make run STACKS=1 STACKTABLE=256: $(tail -5 "$log")"
fi
rm -rf "$src"
