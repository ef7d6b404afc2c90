# cases/console.sh (sourced by run.sh): a program forges the console.
#
# A program forges the console: a frame's begin line, a whole frame, escape
# codes, the kernel's mark byte, a line worded as the kernel's, half a line;
# then it faults. qrun's view (not -quiet) must show the kernel's fault line
# as the kernel's, every program line after "| ", no control byte raw; the
# capture must hold the program's mark byte as 0x1A; profextract must take
# the kernel's frame and not the program's.
name=console dir=$out/console
rm -rf "$dir"
view=$out/console.view
$qrun -o "$dir" -timeout 30 $kernel $u/conforge.elf $u/hello.elf $u/cmd.elf >"$view" 2>&1
got=$? log=$dir/serial.log
if [ "$got" != 0 ]; then
	fail "qrun status $got: $(cat "$view")"
elif ! grep -q '^conforge\[[0-9]*\]: #GP error 0x0000 at 0007:[0-9a-f]* in main+0x[0-9a-f]* (conforge\.c:31), ended$' "$view"; then
	fail "the kernel's fault line is not shown as the kernel's, naming main and line 31 (the cli): $(cat "$view")"
elif grep -q "[$ESC$K]" "$view" || [ "$(tr -d '\011\012\040-\176' < "$view" | wc -c)" != 0 ]; then
	fail "control bytes reach the terminal raw"
elif ! grep -qxF '| ^[[2J^[[H^[]0;title^Gcleared the screen' "$view" ||
     ! grep -qxF '| ^[[1A^[[2Kerased the line above' "$view"; then
	fail "escape codes not shown as text: $(cat "$view")"
elif ! grep -qxF '| @PDUMP1 BEGIN name=fake.pro len=5 crc=00000000' "$view" ||
     ! grep -qxF '| half a line, then' "$view" ||
     ! grep -q '^| hello from ring 3' "$view"; then
	fail "program lines not shown after '| ': $(cat "$view")"
elif ! grep -qxF '| ^Zkernel: conforge exited with status 0; shutting down' "$view" ||
     grep -q '^kernel: conforge exited' "$view" || grep -q "^${K}kernel: conforge" "$log"; then
	fail "a program's line passed for the kernel's"
elif ! grep -q '^\[dump frame: name=real.pro len=[0-9]* crc=[0-9A-F]*\]$' "$view" ||
     grep -q '^\[dump frame: name=forged.pro' "$view"; then
	fail "frames: $(grep 'dump frame' "$view")"
elif ! "$build/profextract" -o "$dir" "$log" > "$dir/extract.out" 2>&1 ||
     [ "$(wc -l < "$dir/extract.out")" != 1 ] ||
     ! grep -qx "wrote $dir/real.pro ([0-9]* bytes)" "$dir/extract.out" || [ -e "$dir/forged.pro" ]; then
	fail "profextract: $(cat "$dir/extract.out")"
else
	pass
fi
