# makevars/scripts.sh (sourced by makevars.sh): the scripts below make run:
# its verdict from a capture (runverdict.awk), the boot image bounded and
# made of what was checked (mkiso.sh), qrun's values, and each tool's '--'.

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
