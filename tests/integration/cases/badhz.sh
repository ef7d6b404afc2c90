# cases/badhz.sh (sourced by run.sh): a hz= boot argument out of range stops the boot, saying why;
# qrun refuses such a -hz itself, with the range of drivers/pit8253.h, the kernel's.
boot badhz 2 -append hz=18 $kernel $u/hello.elf $u/cmd.elf &&
has "hz= must be a rate from 19 to 20000" && pass
name=badhz-qrun dir=
$qrun -quiet -o "$out/badhz-qrun" -hz 18 $kernel $u/hello.elf $u/cmd.elf > "$out/badhz-qrun.out" 2>&1
got=$?
if [ "$got" = 5 ] && [ "$(cat "$out/badhz-qrun.out")" = "qrun: -hz must be the sample rate in Hz, a number from 19 to 20000, not '18'" ] &&
   [ ! -e "$out/badhz-qrun/serial.log" ]; then
	pass
else
	fail "qrun status $got, wanted 5 and its refusal: $(cat "$out/badhz-qrun.out")"
fi
