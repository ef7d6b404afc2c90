# cases/seglimits.sh (sourced by run.sh): segment limits and types, and far transfers, under each emulator.
#
# Segment limits and types, and far transfers (tests/guest/faults.c): each
# kind with the fault line it must give under each emulator. A CPU (Bochs)
# checks every reference against its segment: #GP, #SS through SS. QEMU's
# TCG checks none at a reference: what leaves the segment's pages is the
# backstop's #PF, a read through CS within the code's last page does not
# fault at all, a load whose offset wraps 4 GiB into the process's other
# window reads its own bytes (DS:0xC0000010 its code, CS:0x40000000 + x
# its data), and a jump past the code limit runs the zero bytes there
# (add %al,(%eax) with EAX 0: a NULL pointer). Selectors and far transfers
# are checked alike by both. "-": no fault line ("did not fault").
name=seglimits
kinds="datalimit datastraddle stacklimit stackwrap codelimit coderead dswrap dswrapwrite cswrap codewrite dscodewrite
	sscode farlimit farkernel fartss fardata retkernel ac"
if [ "$emu" = qemu ]; then
	wants="#PF error 0x0006|#PF error 0x0004|#PF error 0x0006|#PF error 0x0006|#PF error 0x0004|-|-|#PF error 0x0007|-"
	wants="$wants|#PF error 0x0007|#PF error 0x0007"
else
	wants="#GP error 0x0000|#GP error 0x0000|#SS error 0x0000|#SS error 0x0000|#GP error 0x0000|#GP error 0x0000"
	wants="$wants|#GP error 0x0000|#GP error 0x0000|#GP error 0x0000|#GP error 0x0000|#GP error 0x0000"
fi
wants="$wants|#GP error 0x0004|#GP error 0x0000|#GP error 0x0008|#GP error 0x0018|#GP error 0x000c|#GP error 0x0008"
if [ "$emu" = qemu ]; then wants="$wants|-"; else wants="$wants|#AC error 0x0000"; fi
: > "$out/seglimits.cmd"
for k in $kinds; do echo "faults $k" >> "$out/seglimits.cmd"; done
echo "hello still alive" >> "$out/seglimits.cmd"
if boot seglimits 0 -batch "$out/seglimits.cmd" $kernel $u/faults.elf $u/hello.elf $u/cmd.elf; then
	ok=1 n=0 nofault=0
	IFS='|'
	# shellcheck disable=SC2086
	set -- $wants
	unset IFS
	for k in $kinds; do
		want=$1
		shift
		if [ "$want" = - ]; then
			nofault=$((nofault + 1))
			has "faults: $k did not fault" || { ok=0; break; }
			continue
		fi
		n=$((n + 1))
		line=$(grep "^${K}faults\[[0-9]*\]: " "$log" | sed -n "${n}p")
		case $line in
		*"$want at 0007:"*", ended"*) ;;
		*) ok=0; fail "faults $k: wanted '$want at 0007:...', got '$line'"; break ;;
		esac
	done
	# no more fault lines than those, and nothing else did not fault
	# under TCG the wrapped loads read the process's own code and data
	[ $ok = 1 ] && count_is "^${K}faults\[[0-9]*\]: " "$n" && count_is "did not fault" "$nofault" &&
	{ [ "$emu" != qemu ] || { has "faults: dswrap read its own code" && has "faults: cswrap read its own data"; }; } &&
	has "[hello] [still] [alive]" && pass
fi
