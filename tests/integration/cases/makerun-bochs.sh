# cases/makerun-bochs.sh (sourced by run.sh): make run EMU=bochs.
#
# make run EMU=bochs: the same GRUB image booted in Bochs, the run's end
# found (no isa-debug-exit there), the dump extracted and reported as under
# QEMU: the same reports, inner on top; make run says which emulator it
# booted. An EMU of another form is refused by name before anything runs
# (by make: makerun.sh checks no value again, and qrun boots nothing).
name=makerun-bochs log=$out/makerun-bochs.log dir=$out/makerun-bochs
if $make --no-print-directory run EMU=x > "$log" 2>&1 ||
   $make --no-print-directory run EMU='qemu bochs' >> "$log" 2>&1 ||
   $make --no-print-directory run EMU='$(shell touch pwned)' >> "$log" 2>&1; then
	fail "EMU=x was accepted"
elif ! has "make run: EMU must be qemu or bochs, not 'x'" ||
     ! has "make run: EMU must be qemu or bochs, not 'qemu bochs'" ||
     ! has "make run: EMU must be qemu or bochs, not '\$(shell touch pwned)'" || ! hasnot "booting"; then
	:
elif [ -e pwned ]; then
	fail "EMU's value ran"
elif PROFKERN_EMU=x sh scripts/makerun.sh > "$log" 2>&1 ||
     ! grep -qxF "qrun: -emu must be qemu or bochs, not 'x'" "$log" ||
     sh scripts/qrun -emu x -o "$dir" $kernel $u/hello.elf $u/cmd.elf > "$log" 2>&1 ||
     ! grep -qxF "qrun: -emu must be qemu or bochs, not 'x'" "$log" ||
     sh scripts/qrun -emu bochs -plugin x.so -o "$dir" $kernel $u/hello.elf $u/cmd.elf > "$log" 2>&1 ||
     ! grep -qxF "qrun: -plugin: TCG plugins are QEMU's; Bochs has none" "$log"; then
	fail "makerun.sh or qrun took a bad emulator: $(cat "$log")"
elif $make --no-print-directory run EMU=bochs > "$log" 2>&1; then
	if line_is "make run: booting the GRUB image in Bochs" && has "pinfo testprof.pro" &&
	   has "pinfo testprof.pro testprof.map" && has "Module TESTPROF" &&
	   [ "$(grep -A3 '^Segment 1:' "$log" | sed -n 2p | awk '{ print $NF }')" = inner ] &&
	   [ "$(ls "$build/run/dumps")" = testprof.pro ] && has "make run: HTML report of testprof.pro" &&
	   grep -q 'Shutdown port: shutdown requested' "$build/run/bochs.log" &&
	   $make --no-print-directory run > "$log.qemu" 2>&1 &&
	   grep -qxF "make run: booting the GRUB image in QEMU" "$log.qemu" && [ ! -e "$build/run/bochs.log" ]; then
		pass
	else
		fail "reports not as expected: $(tail -5 "$log")"
	fi
else
	fail "make run EMU=bochs failed: $(tail -5 "$log")"
fi
