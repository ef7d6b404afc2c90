# cases/faults.sh (sourced by run.sh): each fault ends only its process, its vector named.
#
# Each fault ends only its process, with its vector named; the next runs.
# Past-the-limit references give #PF under QEMU: its TCG does not check
# segment limits, so the paging backstop catches them (docs/memory.md);
# under Bochs, as on a CPU, #GP. A stack
# that runs out, a NULL pointer (the data segment's unmapped first page) and
# a call through a NULL function pointer (the ud2 at code offset 0) are
# named as such.
name=faults
cat > "$out/faults.cmd" <<-'CMD'
faults de
faults ud
faults cli
faults hlt
faults out
faults kernelsel
faults int
faults np
faults br
faults load
faults store
faults jump
faults stack
faults stackpush
faults nullwrite
faults nullread
faults nullcall
hello still alive
CMD
if boot faults 0 -batch "$out/faults.cmd" $kernel $u/faults.elf $u/hello.elf $u/cmd.elf; then
	ok=1 n=0
	# The error codes: a selector's (0x10, the kernel's data), an IDT
	# entry's ((0x20 << 3) | 2: IDT, vector 0x20), LDT entry 2's
	# ((2 << 3) | 4); #PF's: user (4), plus write (2) for stores.
	if [ "$emu" = qemu ]; then past="#PF error 0x0004|#PF error 0x0006|#PF error 0x0004"
	else past="#GP error 0x0000|#GP error 0x0000|#GP error 0x0000"; fi
	IFS='|'
	# shellcheck disable=SC2086
	set -- $past
	unset IFS
	for want in "#DE error 0x0000" "#UD error 0x0000" "#GP error 0x0000" "#GP error 0x0000" "#GP error 0x0000" \
		"#GP error 0x0010" "#GP error 0x0102" "#NP error 0x0014" "#BR error 0x0000" \
		"$1" "$2" "$3" "#PF error 0x0006" \
		"#PF error 0x0006" "#PF error 0x0006" "#PF error 0x0004" "#UD error 0x0000"; do
		n=$((n + 1))
		line=$(grep "^${K}faults\[[0-9]*\]: " "$log" | sed -n "${n}p")
		case $line in
		*"$want at 0007:"*", ended"*) ;;
		*) ok=0; fail "fault $n: wanted '$want at 0007:...', got '$line'"; break ;;
		esac
	done
	[ $ok = 1 ] && hasnot "did not fault" && has "[hello] [still] [alive]" &&
	count_is ", stack overflow, ended" 2 &&
	count_is "linear 80000000, null pointer, ended" 1 && count_is "linear 80000fa0, null pointer, ended" 1 &&
	count_is "#UD error 0x0000 at 0007:00000000, null function pointer, ended" 1 &&
	count_is ", null" 3 && has "kernel: cmd exited with status 0" && pass
fi
