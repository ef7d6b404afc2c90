# cases/deterministic.sh (sourced by run.sh): two runs of the demo give the same dump (under Bochs, the same capture).
name=deterministic
boot det1 0 $kernel $u/testprof.elf $u/cmd.elf && extract &&
boot det2 0 $kernel $u/testprof.elf $u/cmd.elf && extract && {
	name=deterministic
	# (under Bochs, the whole capture too: clock: sync=none, a fixed CMOS time)
	if ! cmp -s "$out/det1/testprof.pro" "$out/det2/testprof.pro"; then fail "two runs gave different dumps"
	elif [ "$emu" = bochs ] && ! cmp -s "$out/det1/serial.log" "$out/det2/serial.log"; then
		fail "two runs gave different captures: $(cmp "$out/det1/serial.log" "$out/det2/serial.log")"
	else pass; fi
}
