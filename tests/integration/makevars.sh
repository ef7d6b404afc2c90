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
	if timeout 600 $make --no-print-directory run "$@" > "$log" 2>&1; then
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
refused prog-cmd-name "make run: PROG word 'x.cmd=$src/plain.c': program name 'x.cmd': a name ending in .cmd is a batch file's" \
	PROG="x.cmd=$src/plain.c"
# cmd's built-ins (user/batch.c): a line "Echo ..." is the built-in's.
refused prog-builtin-echo "make run: PROG word 'Echo=$src/plain.c': 'Echo' is the name of a built-in command of cmd's batch files" \
	PROG="Echo=$src/plain.c"
refused prog-builtin-rem "make run: PROG word '$src/rem.c': 'rem' is the name of a built-in command" PROG="$src/rem.c"
mkfifo "$src/pipe.c"
refused prog-pipe "make run: PROG word 'x=$src/pipe.c': $src/pipe.c is not a regular file" PROG="x=$src/pipe.c"
rm -f "$src/pipe.c"
refused prog-proc "make run: PROG word 'x=/proc/version': /proc/version is under /proc, /sys or /dev: not a source file" \
	PROG="x=/proc/version"
refused prog-two-equals "make run: PROG word 'x=$src/plain.c=y': one '=', after the program's name" PROG="x=$src/plain.c=y"
refused prog-subshell "make run: PROG word '\$(shell': letters, digits" PROG="\$(shell touch $trap/p)"
refused prog-folder-backtick "make run: PROG word '$src/folder': file '$src/folder/a?touch?makevars-trap?b.c': letters, digits" \
	PROG="$src/folder"
[ ! -e makevars-trap ] || { fail "the command in the file's name ran"; rm -f makevars-trap; }

# ARGS: every byte looked at, whatever the length (0x01 and a text past
# the length of a command line were taken), within cmd's limits
# (user/batch.h): never put where only a shell could read it.
refused args-0x01 "make run: ARGS must be words of printable ASCII separated by spaces, at most 31 words and 509 bytes (with the program's name and profrun's words, at most 32 words and 511 bytes a line: docs/batch.md): it has other bytes (a tab, a newline, a control byte or one above 0x7e)" \
	PROG="$src/plain.c" ARGS="$(printf 'a\001b')"
refused args-131k "make run: ARGS must be words of printable ASCII separated by spaces, at most 31 words and 509 bytes (with the program's name and profrun's words, at most 32 words and 511 bytes a line: docs/batch.md): it has 131000 bytes" \
	PROG="$src/plain.c" ARGS="$(head -c 131000 /dev/zero | tr '\0' a)"
refused args-32-words "it has 32 words" PROG="$src/plain.c" ARGS="$(seq 1 32 | tr '\n' ' ')"

# ENV: NAME=value words, checked as ARGS is, each refused by name; a
# value a shell would read stays data.
ENV_RULE="NAME=value words separated by spaces (a name of letters, digits and '_', not first a digit; a value of printable ASCII without spaces), at most 32 words and 1000 bytes"
refused env-no-equals "make run: ENV must be $ENV_RULE: not the word 'FOO'" PROG="$src/plain.c" ENV="A=1 FOO"
refused env-digit-first "make run: ENV must be $ENV_RULE: not the word '1X=2'" PROG="$src/plain.c" ENV="1X=2"
refused env-bad-name "make run: ENV must be $ENV_RULE: not the word 'A-B=2'" PROG="$src/plain.c" ENV="A-B=2"
refused env-empty-name "make run: ENV must be $ENV_RULE: not the word '=2'" PROG="$src/plain.c" ENV="=2"
refused env-subshell "make run: ENV must be $ENV_RULE: not the word '\$(touch'" PROG="$src/plain.c" ENV="X=1 \$(touch $trap/e)"
refused env-0x01 "make run: ENV must be $ENV_RULE: it has other bytes (a tab, a newline, a control byte or one above 0x7e)" \
	PROG="$src/plain.c" ENV="$(printf 'A=\001')"
refused env-tab "it has other bytes" PROG="$src/plain.c" ENV="$(printf 'A=1\tB=2')"
refused env-33-words "it has 33 words" PROG="$src/plain.c" ENV="$(seq 1 33 | sed 's/^/V/; s/$/=1/' | tr '\n' ' ')"
refused env-1001-bytes "it has 1001 bytes" PROG="$src/plain.c" ENV="A=$(head -c 999 /dev/zero | tr '\0' a)"

# FILES and STDIN: only regular files go into the boot image. A link in a
# folder given (to the build's environment, to /proc/kmsg, whose reading
# never ends), a link given, a pipe in a folder, a device: refused by name,
# before anything is read.
d=$out/data
mkdir -p "$d"
printf 'data\n' > "$d/good.txt"
ln -s /proc/self/environ "$d/env.txt"
refused files-link-out "make run: FILES folder '$d': '$d/env.txt' is a symbolic link: only regular files and folders go in" \
	PROG="$src/plain.c" FILES="$d"
rm -f "$d/env.txt"
ln -s /proc/kmsg "$d/kmsg.txt"
refused files-link-kmsg "make run: FILES folder '$d/': '$d/kmsg.txt' is a symbolic link" PROG="$src/plain.c" FILES="$d/"
rm -f "$d/kmsg.txt"
ln -s good.txt "$d/same.txt"
refused files-link-given "make run: FILES or STDIN: '$d/same.txt' is a symbolic link: only regular files and folders go in" \
	PROG="$src/plain.c" FILES="$d/good.txt,$d/same.txt"
refused stdin-link "make run: FILES or STDIN: '$d/same.txt' is a symbolic link" PROG="$src/plain.c" STDIN="$d/same.txt"
rm -f "$d/same.txt"
mkfifo "$d/pipe"
refused files-pipe "make run: FILES folder '$d': '$d/pipe' is not a regular file or a folder" PROG="$src/plain.c" FILES="$d"
rm -f "$d/pipe"
refused stdin-device "make run: FILES or STDIN: '/dev/zero' is not a regular file or a folder" PROG="$src/plain.c" STDIN=/dev/zero
ln -s "$d" "$out/datalink"
refused files-folder-link "make run: FILES or STDIN: '$out/datalink' is a symbolic link" PROG="$src/plain.c" FILES="$out/datalink"
# a link one folder up, as written: data/. and data/file with data a link
ln -s data "$out/uplink"
refused files-link-dot "make run: FILES or STDIN: '$out/uplink/.' is under '$out/uplink', which is a symbolic link" \
	PROG="$src/plain.c" FILES="$out/uplink/."
refused files-link-file "make run: FILES or STDIN: '$out/uplink/good.txt' is under '$out/uplink', which is a symbolic link" \
	PROG="$src/plain.c" FILES="$out/uplink/good.txt"
refused stdin-link-file "make run: FILES or STDIN: '$out/uplink/good.txt' is under '$out/uplink'" \
	PROG="$src/plain.c" STDIN="$out/uplink/good.txt"
# /proc/self is a link; /proc/version, /proc/kmsg read as regular files
# (the last never ends): nothing under /proc, /sys or /dev goes in
refused files-proc-environ "make run: FILES or STDIN: '/proc/self/environ' is under '/proc/self', which is a symbolic link" \
	PROG="$src/plain.c" FILES=/proc/self/environ
refused files-proc "make run: FILES or STDIN: '/proc/version' is under /proc, /sys or /dev" PROG="$src/plain.c" \
	FILES=/proc/version
refused files-sys "make run: FILES or STDIN: '/sys/kernel/' is under /proc, /sys or /dev" PROG="$src/plain.c" \
	FILES=/sys/kernel/
# a pipe or a link a folder up given as a file, not in a folder: refused
# by make, reading nothing (makerun.sh, which the refusal never reaches,
# checks nothing again)
mkfifo "$d/pipe"
refused files-pipe-given "make run: FILES or STDIN: '$d/pipe' is not a regular file or a folder" PROG="$src/plain.c" \
	FILES="$d/good.txt,$d/pipe"
refused stdin-pipe "make run: FILES or STDIN: '$d/pipe' is not a regular file or a folder" PROG="$src/plain.c" \
	STDIN="$d/pipe"
rm -f "$d/pipe"

# The kernel takes 64 modules (kernel/module.h): more are refused, naming
# those it would have left out (it left them out, and their programs
# never ran).
mkdir -p "$out/many"
for i in $(seq 10 71); do : > "$out/many/f$i.txt"; done
refused modules-64 "and the kernel takes 64 (kernel/module.h): it would leave out f68.txt f69.txt f70.txt f71.txt;" \
	PROG="$src/plain.c" FILES="$out/many"

# make run's verdict from a capture (scripts/makerun/runverdict.awk): a
# line cmd skipped, a program not among the modules, one cmd never
# reached, each fails by name and does not count as run; a fault and a
# non-zero status ran; a fault's line names the code that faulted where
# the console found it (where.txt: line 7's first 39 bytes, its CS:EIP);
# bytes of a terminal's escapes are shown as '?'.
name=verdict-capture
verdict() {	# verdict PROGS QS [CAPTURE]: runverdict.awk as makerun/verdict.sh runs it
	MARK=@MAKERUN1 PROGS=$1 QS=$2 WHERE=$out/where.txt CONSOLE_MARK=$(printf '\001') LC_ALL=C awk \
		-f scripts/lib/where.awk -f scripts/makerun/runverdict.awk ${3:+"$3"}
}
printf '\001kernel: 1 KiB free\n@MAKERUN1 start a\ncmd: run.cmd:2: too many arguments\n@MAKERUN1 start b\ncmd: b: no such file or directory\n@MAKERUN1 start c\n\001c[3]: #GP error 0x0000 at 0007:00000010, ended\n@MAKERUN1 start d\nprofrun: d exited with status 3\n@MAKERUN1 start e\ncmd: e: \033]0;x\007\n@MAKERUN1 start f\nf output\n@MAKERUN1 end\n' > "$out/capture"
printf '7 39 main+0x10 (c.c:5)\n' > "$out/where.txt"
printf '0\ta\tcmd: run.cmd:2: too many arguments\n0\tb\tcmd: b: no such file or directory\n1\tc\tc[3]: #GP error 0x0000 at 0007:00000010 in main+0x10 (c.c:5), ended\n1\td\tprofrun: d exited with status 3\n0\te\tcmd: e: ?]0;x?\n1\tf\t\n0\tg\tit never started: cmd did not reach its line of run.cmd\n' > "$out/want"
printf '1\ta\tthe machine did not shut down cleanly\n0\tb\tit never started: the machine did not shut down cleanly before its turn\n' > "$out/want2"
if ! verdict "a b c d e f g" 0 "$out/capture" > "$out/got" 2>&1 || ! cmp -s "$out/want" "$out/got"; then
	fail "$(diff "$out/want" "$out/got")"
elif ! printf '@MAKERUN1 start a\nspinning\n' | verdict "a b" 4 > "$out/got" 2>&1 || ! cmp -s "$out/want2" "$out/got"; then
	fail "after a hang: $(diff "$out/want2" "$out/got")"
else
	pass
fi

# Building the image is bounded as the run is: a boot loader's tool that
# never ends (a stand-in for grub-mkrescue that sleeps) stops at TIMEOUT;
# and the image takes no link (mkiso.sh checks what it copies).
name=mkiso-bounded
mkdir -p "$out/slowbin"
printf '#!/bin/sh\nsleep 1000\n' > "$out/slowbin/grub-mkrescue"
chmod +x "$out/slowbin/grub-mkrescue"
start=$(date +%s)
if PATH="$(cd "$out/slowbin" && pwd):$PATH" PROFKERN_ISO_TIMEOUT=2 timeout 60 sh scripts/qrun -iso -quiet -o "$out/q" -timeout 2 \
	"$build/kernel.elf" "$build/user/cmd.elf" > "$log" 2>&1; then
	fail "qrun exited 0"
elif [ $(($(date +%s) - start)) -gt 20 ]; then
	fail "qrun took $(($(date +%s) - start)) s"
elif ! grep -qxF "qrun: the boot image was not made within 2 s" "$log"; then
	fail "$(cat "$log")"
else
	pass
fi
name=mkiso-link
ln -s data/good.txt "$out/link.txt"
if sh scripts/mkiso.sh -- "$out/x.iso" "" "$build/kernel.elf" "$build/user/cmd.elf" "file:$out/link.txt" > "$log" 2>&1; then
	fail "mkiso took a link"
elif grep -qF "mkiso: module $out/link.txt: not a regular file" "$log" && [ ! -e "$out/x.iso" ]; then
	pass
else
	fail "$(cat "$log")"
fi

# mkiso.sh copies what it checked: a module swapped for a link between
# its check and its copy (a cp that swaps it first) is refused, not followed.
name=mkiso-swap
mkdir -p "$out/swapbin"
printf 'secret\n' > "$out/secret.txt"
printf 'data\n' > "$out/swap.txt"
printf '#!/bin/sh\n[ -e "%s/swapped" ] || { : > "%s/swapped"; ln -sf "%s/secret.txt" "%s/swap.txt"; }\nexec /bin/cp "$@"\n' \
	"$PWD/$out" "$PWD/$out" "$PWD/$out" "$PWD/$out" > "$out/swapbin/cp"
chmod +x "$out/swapbin/cp"
rm -f "$out/x.iso"
if PATH="$(cd "$out/swapbin" && pwd):$PATH" sh scripts/mkiso.sh -- "$out/x.iso" "" "$build/kernel.elf" \
	"$build/user/cmd.elf" "file:$out/swap.txt" > "$log" 2>&1; then
	fail "mkiso followed the link swapped in"
elif grep -qF "mkiso: module $out/swap.txt: not a regular file" "$log" && [ ! -e "$out/x.iso" ]; then
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
