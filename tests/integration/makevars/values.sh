# makevars/values.sh (sourced by makevars.sh): make run's values, from the
# command line or the environment, and make's goals: a command in one never
# runs; V=1 shows each command whole, V=0 the quiet build.

refused timeout-eval "make run: TIMEOUT must be a number of seconds from 1 to 86400, not '60; touch $trap/t; true'" \
	TIMEOUT="60; touch $trap/t; true"
refused hz-backtick "make run: HZ must be the sample rate: a number from 19 to 20000 (Hz), not '\`touch $trap/h\`1000'" \
	HZ="\`touch $trap/h\`1000"
refused mem-subshell "make run: MEM must be the machine's memory: a number from 16 to 1024 (MiB), not '\$(touch $trap/m)'" \
	MEM="\$(touch $trap/m)"
refused mem-makefunc "make run: MEM must be the machine's memory: a number from 16 to 1024 (MiB), not '\$(shell touch $trap/mf)'" \
	MEM="\$(shell touch $trap/mf)"
refused script-backtick "make run: SCRIPT must be a batch file: a path ending in .cmd" \
	SCRIPT="\`touch $trap/s\`.cmd"
refused events-subshell "make run: EVENTS must be the event profiles: syscall, switch, offcpu split by commas, syscall and switch with :N (1 to 65535) to count every Nth, not '\$(touch $trap/ev)'" \
	EVENTS="\$(touch $trap/ev)"
refused events-zero "make run: EVENTS must be the event profiles: syscall, switch, offcpu split by commas, syscall and switch with :N (1 to 65535) to count every Nth, not 'syscall,switch:0'" \
	EVENTS="syscall,switch:0"
refused events-offcpu-n "make run: EVENTS must be the event profiles: syscall, switch, offcpu split by commas, syscall and switch with :N (1 to 65535) to count every Nth, not 'offcpu:2'" \
	EVENTS="offcpu:2"
refused stacks-backtick "make run: STACKS must be 1 (sample call stacks) or 0, not '\`touch $trap/st\`'" \
	STACKS="\`touch $trap/st\`"
refused stacktable-subshell "make run: STACKTABLE must be the distinct stacks a table holds: a power of 2 from 256 to 1048576, not '\$(touch $trap/tb)'" \
	STACKTABLE="\$(touch $trap/tb)"
refused realtime-backtick "make run: REALTIME must be 1 (real time) or 0 (-icount), not '\`touch $trap/r\`'" \
	REALTIME="\`touch $trap/r\`"
refused truth-backtick "make run: TRUTH must be 1 (the exact instruction counts too) or 0, not '\`touch $trap/tr\`'" \
	TRUTH="\`touch $trap/tr\`"
refused truth-word "make run: TRUTH must be 1 (the exact instruction counts too) or 0, not 'yes'" TRUTH=yes
refused truth-bochs "make run: TRUTH=1 needs EMU=qemu: the instruction counts come from a QEMU plugin, and Bochs runs none" \
	TRUTH=1 EMU=bochs
refused stack-makefunc "make run: STACK must be the program's stack in bytes: a decimal number without a leading 0 or a 0x hex one, not '\$(shell touch $trap/sk)'" \
	STACK="\$(shell touch $trap/sk)"
refused seed-subshell "make run: SEED must be the sampling jitter's seed: a number from 0 to 4294967295, not '\$(touch $trap/sd)'" \
	SEED="\$(touch $trap/sd)"
refused seed-range "make run: SEED must be the sampling jitter's seed: a number from 0 to 4294967295, not '4294967296'" \
	SEED=4294967296
refused seed-octal "make run: SEED must be the sampling jitter's seed: a number from 0 to 4294967295, not '07'" SEED=07
refused cpus-subshell "make run: CPUS must be the machine's CPUs: a number from 1 to 8, not '\$(touch $trap/cp)'" \
	CPUS="\$(touch $trap/cp)"
refused cpus-range "make run: CPUS must be the machine's CPUs: a number from 1 to 8, not '9'" CPUS=9
refused cpus-zero "make run: CPUS must be the machine's CPUs: a number from 1 to 8, not '0'" CPUS=0
refused cpus-bochs "make run: CPUS=2 needs EMU=qemu: several CPUs boot in QEMU only (docs/smp.md)" CPUS=2 EMU=bochs
refused spread-backtick "make run: SPREAD must be 1 (keep the sub-profiles) or 0, not '\`touch $trap/sp\`'" \
	SPREAD="\`touch $trap/sp\`"
refused timeout-range "make run: TIMEOUT must be a number of seconds from 1 to 86400, not '0'" TIMEOUT=0
refused v-makefunc "make: V must be 1 (every command whole) or 0 (one short line a step), not '\$(shell touch $trap/v)'" \
	V="\$(shell touch $trap/v)"
refused v-two "make: V must be 1 (every command whole) or 0 (one short line a step), not '2'" V=2

# A value in the environment, not on the command line, is checked alike.
name=hz-environment
if HZ="\$(shell touch $trap/env)" $make --no-print-directory run > "$log" 2>&1; then
	fail "accepted"
elif [ -n "$(ls -A "$trap")" ]; then
	fail "the command ran"; rm -f "$trap"/*
elif grep -qF "make run: HZ must be the sample rate: a number from 19 to 20000 (Hz), not '\$(shell touch $trap/env)'" "$log"; then
	pass
else
	fail "$(cat "$log")"
fi

# A goal is a word, not a command.
name=goal-quoted
if $make --no-print-directory "x;touch $trap/g" > "$log" 2>&1; then
	fail "accepted"
elif [ -n "$(ls -A "$trap")" ]; then
	fail "the command in the goal ran"; rm -f "$trap"/*
else
	pass
fi

# A quiet build: a step is one short line, no command line; V=1 shows the
# compiler's command whole, and V=0 is the quiet build.
name=quiet-build
obj=$build/k/kernel/proc.o
rm -f "$obj"
if ! $make --no-print-directory "$obj" > "$log" 2>&1; then
	fail "$(cat "$log")"
elif [ "$(cat "$log")" != "  CC      kernel/proc.c" ]; then
	fail "not one short line: $(cat "$log")"
elif ! rm -f "$obj" || ! $make --no-print-directory V=1 "$obj" > "$log" 2>&1; then
	fail "V=1: $(cat "$log")"
elif ! grep -q "^gcc .* -c kernel/proc\.c -o $obj\$" "$log" || grep -qF "  CC      kernel/proc.c" "$log"; then
	fail "V=1 did not show the command: $(cat "$log")"
elif ! rm -f "$obj" || ! $make --no-print-directory V=0 "$obj" > "$log" 2>&1 ||
     [ "$(cat "$log")" != "  CC      kernel/proc.c" ]; then
	fail "V=0: $(cat "$log")"
else
	pass
fi
