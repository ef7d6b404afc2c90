# cases/makerun-real.sh (sourced by run.sh): a program as portable benchmarks come.
#
# A program as portable benchmarks come: files in several folders, a board
# file, -I and -D flags, named with NAME=; another from a whole folder; both
# make no Prof* call, so each is profiled whole into NAME.pro. A program that
# exits non-zero fails the run, by name; STACK= sets the stack, and an
# overflow says so.
name=makerun-real log=$out/makerun-real.log dir=$out/makerun-real
p=tests/programs/crc
if $make --no-print-directory run PROG="A_RATHER_LONG_BENCHMARK_NAME_32C=$p/app/main.c,$p/support/crc.c,$p/board/board.c tests/programs/twofiles" \
	PROG_CFLAGS="-I$p/support -DGLOBAL_SCALE=3 -DEXPECTED_CRC=0x7c08d106" > "$log" 2>&1; then
	has "board: ready" && has "crc 7c08d106 after 12 rounds" && has "twofiles: twice 21 is 42" &&
	has "pinfo A_RATHER_LONG_BENCHMARK_NAME_32C.pro A_RATHER_LONG_BENCHMARK_NAME_32C.map" && has "pinfo twofiles.pro twofiles.map" &&
	line_is "Module A_RATHER_LONG_BENCHMARK_NAME_32C" &&
	{ grep -q "^0001:[0-9a-f]* *[0-9]* ([ 0-9.]*%)   crc32_update$" "$log" || fail "no crc32_update line"; } &&
	{ [ "$(tail -1 "$log")" = "make run: 2 programs ran, 0 failed" ] || fail "last line: $(tail -1 "$log")"; } && {
		# a wrong expectation makes the program exit 1, and the run fail naming it
		if $make --no-print-directory run PROG="A_RATHER_LONG_BENCHMARK_NAME_32C=$p/app/main.c,$p/support/crc.c,$p/board/board.c" \
			PROG_CFLAGS="-I$p/support -DGLOBAL_SCALE=3 -DEXPECTED_CRC=1" > "$log.2" 2>&1; then
			fail "a program that exits 1 left make run at 0"
		elif ! grep -q "^make run: A_RATHER_LONG_BENCHMARK_NAME_32C failed: profrun: A_RATHER_LONG_BENCHMARK_NAME_32C exited with status 1$" "$log.2"; then
			fail "no line naming A_RATHER_LONG_BENCHMARK_NAME_32C: $(tail -3 "$log.2")"
		else
			src=$(mktemp -d)
			printf '#include <stdio.h>\nstatic int down(int n) { volatile char pad[1000]; pad[0] = (char)n; return n ? down(n - 1) + pad[0] : 0; }\nint main(void) { printf("depth %%d\\n", down(900)); return 0; }\n' > "$src/deep.c"
			if $make --no-print-directory run PROG="$src/deep.c" > "$log.3" 2>&1 &&
			   grep -q "depth 7114" "$log.3" &&
			   ! $make --no-print-directory run PROG="$src/deep.c" STACK=65536 > "$log.4" 2>&1 &&
			   grep -q "^make run: deep failed: deep\[[0-9]*\]: #PF .*, stack overflow, ended$" "$log.4"; then
				pass
			else
				fail "STACK: $(grep -h 'depth\|failed' "$log.3" "$log.4" | head -3)"
			fi
			rm -rf "$src"
		fi
	}
else
	fail "make run failed: $(tail -5 "$log")"
fi
