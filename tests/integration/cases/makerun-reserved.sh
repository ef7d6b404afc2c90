# cases/makerun-reserved.sh (sourced by run.sh): what a PROG word may name.
#
# What a PROG word may name: a program may not take the name of one of the
# guest's own commands or modules (it would stand in for cmd, the guest's
# shell, or for the kernel's map), nor name a file that is not there; the
# run's stacks and lists are its own, none an earlier run left.
name=makerun-reserved log=$out/makerun-reserved.log dir=$out/makerun-reserved
src=$(mktemp -d)
printf '#include <stdio.h>\nint main(void) { printf("impostor runs\\n"); return 0; }\n' > "$src/cmd.c"
printf '#include <stdio.h>\nint main(void) { printf("first runs\\n"); return 0; }\n' > "$src/first.c"
printf '#include <stdio.h>\nint main(void) { printf("second runs\\n"); return 0; }\n' > "$src/second.c"
if $make --no-print-directory run PROG="$src/cmd.c" > "$log" 2>&1 ||
   $make --no-print-directory run PROG="Kernel=$src/first.c" >> "$log" 2>&1 ||
   $make --no-print-directory run PROG="$src/nothere.c" >> "$log" 2>&1 ||
   $make --no-print-directory run PROG="$src/first.c First=$src/second.c" >> "$log" 2>&1 ||
   $make --no-print-directory run PROG="$src/first.c" STACK=1m >> "$log" 2>&1 ||
   $make --no-print-directory run PROG="$src/first.c" STACK=010000 >> "$log" 2>&1 ||
   $make --no-print-directory run PROG="$src/first.c" STACK=4294971392 >> "$log" 2>&1; then
	fail "a program named cmd or Kernel, a file not there, two programs of one name or STACK=1m was accepted"
elif has "make run: PROG word '$src/cmd.c': 'cmd' is the name of the guest's own command or module" &&
     has "make run: PROG word 'Kernel=$src/first.c': 'Kernel' is the name of the guest's own command or module" &&
     has "make run: PROG word '$src/nothere.c': no file $src/nothere.c" && hasnot "impostor runs" &&
     has "make run: two PROG words name a program first (in any case): '$src/first.c' 'First=$src/second.c'" &&
     has "make run: STACK must be the program's stack in bytes: a decimal number without a leading 0 or a 0x hex one, not '1m'" &&
     has "make run: STACK must be the program's stack in bytes: a decimal number without a leading 0 or a 0x hex one, not '010000'" &&
     has "make run: STACK must be the program's stack in bytes: at most 1073737728 (1 GiB less a page), not '4294971392'" &&
     $make --no-print-directory run PROG="$src/first.c" STACKS=1 > "$log" 2>&1 &&
     has "first runs" && [ -f "$build/run/first.folded" ] &&
     $make --no-print-directory run PROG="$src/second.c" STACKS=1 > "$log" 2>&1; then
	# the guest's own cmd ran the second program (no impostor), and
	# nothing of the first run is taken for this one's
	if has "second runs" && hasnot "impostor runs" && line_is "make run: 1 program ran, 0 failed" &&
	   [ -f "$build/run/second.folded" ] && [ ! -e "$build/run/first.folded" ] && [ ! -e "$build/run/first.svg" ] &&
	   grep -qx "$build/run/second.elf" "$build/run/elfs.lst" && grep -qx "$build/run/kernel.map" "$build/run/maps.lst" &&
	   ! grep -q "first" "$build/run/elfs.lst" "$build/run/maps.lst"; then
		# a machine that never starts reports nothing of the run before
		if $make --no-print-directory run PROG="$src/second.c" MEM=8 > "$log" 2>&1 ||
		   $make --no-print-directory run PROG="$src/second.c" MEM=064 >> "$log" 2>&1; then
			fail "MEM=8 or MEM=064 was accepted"
		elif has "make run: MEM must be the machine's memory: a number from 16 to 1024 (MiB), not '8'" &&
		     has "make run: MEM must be the machine's memory: a number from 16 to 1024 (MiB), not '064'" &&
		     hasnot "pinfo second.pro" && hasnot "HTML report"; then
			pass
		fi
	else
		fail "the second run: $(cat "$build/run/elfs.lst" "$build/run/maps.lst" | tr '\n' ' '; ls "$build/run" | grep -E 'first|second' | tr '\n' ' ')"
	fi
else
	fail "$(tail -5 "$log")"
fi
rm -rf "$src"
