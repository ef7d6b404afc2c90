#!/bin/sh
# makevars.sh BUILD: make run's values and file names are data (docs/security.md,
# section 5a). Every hostile value is refused by name before anything runs,
# and the command it holds never runs: each would create a file in a
# folder of its own, which must stay empty. Then names that are good but
# unusual (a '+' and an '@' in a path) still run, and the tools take '--'
# before file names that begin with '-'.
set -u
build=${1:-build}
out=$build/itest/makevars
make=${MAKE:-make}
. tests/integration/check.sh


rm -rf "$out"
mkdir -p "$out/trap"
trap=$(cd "$out/trap" && pwd)
log=$out/log

# refused NAME 'MESSAGE' make-arguments...: make run with the arguments
# exits non-zero, prints MESSAGE, prints nothing else (nothing ran: not
# the package set-up, not a compiler), and the trap folder stays empty.
refused() {
	name=$1 want=$2
	shift 2
	if $make --no-print-directory run "$@" > "$log" 2>&1; then
		fail "accepted: $*"
	elif [ -n "$(ls -A "$trap")" ]; then
		fail "a command in the value ran: $(ls -A "$trap" | tr '\n' ' ')"
		rm -f "$trap"/*
	elif ! grep -qF -- "$want" "$log"; then
		fail "no line with: $want; got: $(cat "$log")"
	elif [ "$(wc -l < "$log")" != 1 ]; then
		fail "more than the refusal: $(cat "$log")"
	else
		pass
	fi
}

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

# PROG: a word beginning with '-' (mkmap took it for an option), a word
# that holds a command, a folder with a file whose name holds one.
src=$out/src
mkdir -p "$src/folder" "$src/good+dir@x"
printf '#include <stdio.h>\nint main(void) { printf("ran\\n"); return 0; }\n' > "$src/plain.c"
# (the file's command runs where make runs: it would leave makevars-trap there)
cp "$src/plain.c" "$src/folder/a\`touch makevars-trap\`b.c"
cp "$src/plain.c" "$src/good+dir@x/main.c"
refused prog-dash "make run: PROG word '-x=$src/plain.c': a program's name or file may not begin with '-'" \
	PROG="-x=$src/plain.c"
refused prog-dashfile "make run: PROG word 'x=-y.c': a program's name or file may not begin with '-'" PROG="x=-y.c"
refused prog-two-equals "make run: PROG word 'x=$src/plain.c=y': one '=', after the program's name" PROG="x=$src/plain.c=y"
refused prog-subshell "make run: PROG word '\$(shell': letters, digits" PROG="\$(shell touch $trap/p)"
refused prog-folder-backtick "make run: PROG word '$src/folder': file '$src/folder/a?touch?makevars-trap?b.c': letters, digits" \
	PROG="$src/folder"
[ ! -e makevars-trap ] || { fail "the command in the file's name ran"; rm -f makevars-trap; }

# A goal is a word, not a command.
name=goal-quoted
if $make --no-print-directory "x;touch $trap/g" > "$log" 2>&1; then
	fail "accepted"
elif [ -n "$(ls -A "$trap")" ]; then
	fail "the command in the goal ran"; rm -f "$trap"/*
else
	pass
fi

# A good name of the characters allowed runs, its files quoted.
name=prog-plus-at
if $make --no-print-directory run PROG="$src/good+dir@x/main.c" > "$log" 2>&1 && grep -qxF "| ran" "$log" &&
   grep -qxF "make run: 1 program ran, 0 failed" "$log"; then
	pass
else
	fail "$(tail -5 "$log")"
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

# qrun: its values are checked alike, nothing evaluated; '--' ends its options.
name=qrun-values
if sh scripts/qrun -quiet -o "$out/q" -timeout "5; touch $trap/q" "$build/kernel.elf" "$build/user/hello.elf" \
	> "$log" 2>&1; then
	fail "accepted"
elif [ -n "$(ls -A "$trap")" ]; then
	fail "the command in -timeout ran"; rm -f "$trap"/*
elif grep -qF "qrun: -timeout must be a number of seconds from 1 to 86400, not '5; touch $trap/q'" "$log"; then
	pass
else
	fail "$(cat "$log")"
fi

# Each tool reads a file whose name begins with '-' after '--' (mkmap,
# qrun, profextract, check-sti).
name=tools-dashdash
d=$out/dash
mkdir -p "$d"
cp "$build/user/hello.elf" "$d/-hello.elf"
cp "$build/user/cmd.elf" "$d/cmd.elf"
if (cd "$d" && "$OLDPWD/$build/mkmap" -- -hello.elf HELLO > -hello.map) 2>"$log" && grep -q "HELLO" "$d/-hello.map" &&
   sh scripts/qrun -quiet -o "$d" -timeout 30 -- "$build/kernel.elf" "$d/-hello.elf" "$d/cmd.elf" >>"$log" 2>&1 &&
   cp "$d/serial.log" "$d/-serial.log" &&
   (cd "$d" && "$OLDPWD/$build/profextract" -o . -- -serial.log) >>"$log" 2>&1 &&
   grep -q "hello from ring 3" "$d/-serial.log" && cp "$build/kernel.elf" "$d/-kernel.elf" &&
   (cd "$d" && sh "$OLDPWD/scripts/check-sti.sh" -- -kernel.elf) >>"$log" 2>&1; then
	pass
else
	fail "$(cat "$log")"
fi

rm -rf "$src"
echo "makevars: $passed passed, $failed failed"
[ "$failed" = 0 ]
