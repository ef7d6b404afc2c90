#!/bin/sh
# run.sh [-report] BUILD: make bare's run: boots BUILD/bare/kernel.elf in
# QEMU under -icount (the same run, the same dump, byte for byte), extracts
# the dump it sends over COM1 into BUILD/bare/run/dumps/, and prints
# pinfo's report of it against the kernel's ELF file. -report: no boot,
# the capture already in BUILD/bare/run/serial.log extracted and reported
# again. The rate and the time allowed come from the environment
# (PROFKERN_HZ, default 1000; PROFKERN_TIMEOUT, default 60 s). Exits
# non-zero, saying why, when the kernel does not end cleanly, sends no
# dump or a damaged one, or pinfo cannot report it.
set -u
boot=1
[ "${1:-}" = -report ] && { boot=0; shift; }
build=${1:?usage: run.sh [-report] BUILD}
hz=${PROFKERN_HZ:-1000}
timeout=${PROFKERN_TIMEOUT:-60}
elf=$build/bare/kernel.elf
out=$build/bare/run
die() { echo "make bare: $*" >&2; exit 1; }

case $hz in ''|*[!0-9]*) die "HZ must be a number, not '$hz'" ;; esac
case $timeout in ''|*[!0-9]*) die "TIMEOUT must be a number of seconds, not '$timeout'" ;; esac
[ -f "$elf" ] || die "no kernel: $elf"

# -icount: the guest's clock follows its instructions (8 ns each), so the
# PIT's ticks fall on the same instructions in every run; the real-time
# clock too, from a fixed date. The kernel ends the run through QEMU's
# isa-debug-exit, status (code << 1) | 1: 33 is its success (kernel.c).
boot() {
	rm -rf "$out"
	mkdir -p "$out" || exit 1
	timeout "$timeout" qemu-system-i386 -display none -nodefaults -no-reboot -m 32 \
		-serial "file:$out/serial.log" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-kernel "$elf" -append "hz=$hz" \
		-icount shift=3,align=off,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm
	status=$?
	# the kernel's own lines (the frame's are its markers and base64)
	grep -a '^bare: ' "$out/serial.log" 2>/dev/null
	case $status in
	33) ;;
	124) die "the kernel did not end within $timeout s (TIMEOUT=)" ;;
	35) die "the kernel failed (its last line is above)" ;;
	*) die "QEMU ended with status $status" ;;
	esac
}
[ $boot = 0 ] || boot
[ -f "$out/serial.log" ] || die "no capture: $out/serial.log"
rm -rf "$out/dumps"
mkdir -p "$out/dumps" || exit 1

# -a: frames on any line (the bare kernel marks none of its lines).
"$build/profextract" -a -o "$out/dumps" -- "$out/serial.log" > "$out/extract.txt" 2>&1 ||
	die "$(cat "$out/extract.txt")"
[ -f "$out/dumps/bare.pro" ] || die "no dump bare.pro in $out/serial.log"
# --strict: a kernel.elf of other code than the one profiled is an error.
"$build/pinfo" --strict -- "$out/dumps/bare.pro" "$elf" ||
	die "pinfo could not report $out/dumps/bare.pro against $elf"
