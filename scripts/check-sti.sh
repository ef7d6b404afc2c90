#!/bin/sh
# check-sti.sh [--] KERNEL.ELF: fails unless every sti in the kernel is followed
# by a nop. The timer knows a tick held back by a masked stretch by the two
# bytes "sti; nop" before the EIP it interrupted (boot/irq0.asm, STI_NOP),
# so every place the kernel unmasks must be written that way (kernel/x86.h's
# sti(), irq_restore()). The exceptions: idle's "sti; hlt", where a tick
# is on time (kernel/ptable.c's idle_loop, every CPU's), and the halts of a
# CPU waiting for its turn (boot/irq0.asm's smp_rwait_halt, smp_jwait_halt),
# which no tick interrupts (its timer is stopped while it waits).
set -u
[ "${1:-}" = -- ] && shift
elf=${1:?usage: check-sti.sh [--] KERNEL.ELF}
# From _stext: what comes before it is the multiboot header, data.
stext=$(nm -- "$elf" | awk '$3 == "_stext" { print $1 }')
[ -n "$stext" ] || { echo "check-sti: $elf: no _stext symbol" >&2; exit 1; }
objdump -d -j .text --start-address="0x$stext" --no-show-raw-insn -- "$elf" | awk -v elf="$elf" '
	/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
	/^ *[0-9a-f]+:\t/ {
		split($0, part, "\t"); insn = part[2]; sub(/ .*/, "", insn)
		addr = part[1]; sub(/^ */, "", addr); sub(/:$/, "", addr)
		if (after_sti && insn != "nop" && !(insn == "hlt" && fn ~ /^(idle_loop|smp_rwait_halt|smp_jwait_halt)$/)) {
			printf "check-sti: %s: sti at %s in %s is followed by %s, not nop\n", elf, sti_at, sti_fn, insn
			bad++
		}
		after_sti = (insn == "sti"); sti_at = addr; sti_fn = fn
		if (after_sti) n++
	}
	END {
		if (after_sti) { printf "check-sti: %s: sti at %s is the last instruction\n", elf, sti_at; bad++ }
		if (n == 0) { printf "check-sti: %s: no sti at all: not a kernel?\n", elf; bad++ }
		exit bad != 0
	}'
