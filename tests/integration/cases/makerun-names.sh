# cases/makerun-names.sh (sourced by run.sh): dumps named after the files of the run and the build.
#
# A program names its dumps after the files of the run and the build, and
# with names a shell would split, glob or take for an option, and prints a
# forged frame named extracted.txt whose counters say "wrote /dev/null".
# Each dump is reported as itself, from build/run/dumps/; no file of the run
# or the build is replaced; make still reads its Makefile.
name=makerun-names log=$out/makerun-names.log dir=$out/makerun-names run=$build/run
# (left there, if at all, by a make run of before build/run/dumps/)
rm -f pwned "$run/x.d" "$run/_._run_y.d" "$run/extracted.txt"
if $make --no-print-directory run PROG=tests/guest/dumpnames.c PROG_CFLAGS=-Iformat > "$log" 2>&1; then
	ok=1
	for n in x.d cmd.elf serial.log maps.lst extracted.txt kernel.elf _ a_b.pro _e.pro \
		__touch_pwned_.pro _._run_y.d; do
		if [ ! -f "$run/dumps/$n" ] || [ "$(grep -cxF -- "pinfo $n" "$log")" != 1 ] ||
		   [ "$(grep -cxF -- "pinfo $n -f maps.lst" "$log")" != 1 ]; then
			ok=0
			fail "the dump $n is not reported as itself"
			break
		fi
	done
	[ $ok = 1 ] && {
		if [ "$(grep -c '^pinfo ' "$log")" != 22 ] || [ "$(grep -c '^Module DUMPNAMES$' "$log")" != 11 ] ||
		   grep -q '^pinfo: ' "$log"; then
			fail "$(grep -c '^pinfo ' "$log") report lines, $(grep -c '^Module DUMPNAMES$' "$log") map reports: $(grep '^pinfo' "$log" | head -30)"
		elif ! cmp -s "$run/cmd.elf" "$build/user/cmd.elf" || ! cmp -s "$run/kernel.elf" "$build/kernel.elf" ||
		     ! grep -q "^${K}kernel: cmd exited" "$run/serial.log" || [ ! -f "$run/maps.lst" ] ||
		     grep -qv '\.map$' "$run/maps.lst"; then
			fail "a file of the run was replaced"
		elif [ -e "$run/x.d" ] || [ -e "$run/_._run_y.d" ] || [ -e "$build/y.d" ] || [ -e pwned ] ||
		     [ -e "$run/extracted.txt" ]; then
			fail "files outside build/run/dumps: $(ls "$run")"
		elif ! $make --no-print-directory -n clean > "$dir.clean" 2>&1; then
			fail "make -n clean: $(cat "$dir.clean")"
		else
			pass
		fi
	}
else
	fail "make run failed: $(tail -5 "$log")"
fi
