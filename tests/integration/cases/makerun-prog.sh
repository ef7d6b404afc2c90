# cases/makerun-prog.sh (sourced by run.sh): make run of two programs, one of which faults: the run fails naming it, the other runs.
name=makerun-prog log=$out/makerun-prog.log dir=$out/makerun-prog
src=$(mktemp -d)
printf '#include <stdio.h>\nint main(void) { __asm__ volatile("cli"); printf("not reached\\n"); return 0; }\n' > "$src/usecli.c"
printf '#include <stdio.h>\nint main(int argc, char **argv) { printf("second program %%s runs\\n", argv[0]); return 0; }\n' > "$src/second.c"
if $make --no-print-directory run PROG="$src/usecli.c $src/second.c" > "$log" 2>&1; then
	fail "make run exited 0 with a program that faults"
else
	has "#GP error 0x0000 at 0007:" && hasnot "not reached" &&
	has "second program second runs" &&
	has "make run: usecli failed: usecli[" && hasnot "make run: second failed" &&
	line_is "make run: 2 programs ran, 1 failed" &&
	hasnot "pset exited with status" && hasnot "USAGE: pset" && hasnot "testprof" && pass
fi
rm -rf "$src"
