# cases/hello.sh (sourced by run.sh): a program runs in ring 3, and the kernel ends the run with its status.
boot hello 0 $kernel $u/hello.elf $u/cmd.elf &&
has "hello from ring 3: pid 2, argc 1 [hello]" &&
has "kernel: cmd exited with status 0; shutting down" && {
	# QEMU ends at isa-debug-exit; elsewhere the kernel's exit code is
	# its last line (kernel/console.c, machine_exit)
	if [ "$emu" = qemu ]; then hasnot "kernel: exit code"
	else [ "$(tail -1 "$log")" = "${K}kernel: exit code 0x10" ] || fail "last line: $(tail -1 "$log" | cat -v)"; fi
} && {
	# Bochs's log shows the CPU at the shutdown: the kernel runs with
	# the caches on (CR0.CD and CR0.NW clear), whatever the firmware left
	[ "$emu" = qemu ] || {
		cr0=$(sed -n 's/.*| CR0=0x\([0-9a-f]*\) .*/\1/p' "$dir/bochs.log" | tail -1)
		[ -n "$cr0" ] && [ $((0x$cr0 & 0x60000000)) = 0 ] || fail "CR0 at the shutdown: '$cr0'"
	}
} && bochs_clean && pass
