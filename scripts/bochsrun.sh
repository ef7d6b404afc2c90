#!/bin/sh
# bochsrun.sh DIR MEM TIMEOUT REALTIME SHIFT: boots DIR/boot.iso (the GRUB
# image qrun made) in Bochs, COM1 to DIR/serial.log, Bochs's own log to
# DIR/bochs.log, and exits with the status QEMU would have given, for qrun
# to read alike (docs/running.md, "QEMU and Bochs"):
#
#   33  the kernel shut down cleanly (its last line "kernel: exit code 0x10")
#   35  the kernel panicked ("kernel: exit code 0x11")
#   0   a triple fault (Bochs's "3rd exception with no resolution")
#   124 no shutdown within TIMEOUT seconds of the guest's work
#   1   Bochs failed (the reason on stderr, from its log)
#
# Bochs has no isa-debug-exit. The kernel, when its write to that device
# returns, writes the exit code as its last console line, a kernel line
# that no program can forge, then "Shutdown" to port 0x8900, which ends
# Bochs (kernel/console.c, machine_exit).
#
# Unless REALTIME is 1, the clock follows the instruction count (clock:
# sync=none) at 10^9 / 2^SHIFT instructions a second, as QEMU's -icount
# shift=SHIFT does, and the CMOS clock starts at a fixed time: a run gives
# the same serial capture every time.
set -u
dir=$1 mem=$2 timeout=$3 realtime=$4 shift_n=$5

case $shift_n in
[0-9]|1[0-9]) ;;
*) echo "bochsrun: ICOUNT_SHIFT=$shift_n: from 0 to 19" >&2; exit 1 ;;
esac
ips=$((1000000000 >> shift_n))
if [ "$realtime" = 1 ]; then
	clock="clock: sync=realtime, time0=local"
else
	clock="clock: sync=none, time0=946684800"
fi

# Every path in the configuration is relative to DIR, where Bochs runs, so
# that no folder's name has to survive its parser. The terminal display
# draws on a pseudo-terminal of its own that nobody reads (Debian's build,
# with its debugger, opens one), so it must write little: the kernel never
# draws on the VGA, and hideIPS keeps the status bar from being redrawn
# every second.
cat > "$dir/bochsrc" <<EOF || exit 1
megs: $mem
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/bochs/VGABIOS-lgpl-latest
ata0-master: type=cdrom, path=boot.iso, status=inserted
boot: cdrom
display_library: term, options="hideIPS"
$clock
cpu: ips=$ips, reset_on_triple_fault=0
com1: enabled=1, mode=file, dev=serial.log
log: bochs.log
panic: action=fatal
error: action=report
info: action=report
debug: action=ignore
speaker: enabled=0
sound: driver=dummy
mouse: enabled=0
EOF
# Debian's Bochs starts in its debugger: "c" continues.
echo c > "$dir/bochs.rc" || exit 1
rm -f "$dir/bochs.log"
# The capture is there from the start, as QEMU's is: a run killed before
# Bochs wrote a byte still has one (empty).
: > "$dir/serial.log" || exit 1

# Bochs's UART sends at 115200 baud in its own time, which under Bochs
# runs slower than the host's: a frame of 1 MiB takes minutes of wall
# time. TIMEOUT bounds the guest's work, not that transfer: a second in
# which the capture grew and its last whole line is a frame's (the
# kernel's begin line or a data line: frame_flowing) is not counted, up
# to a capture of PAUSE_MAX bytes and PAUSE_SECONDS such seconds in all,
# past which every second counts (a guest that sends frames without end,
# a program calling ProfDump in a loop, still ends: at worst TIMEOUT +
# PAUSE_SECONDS s of wall time). PAUSE_SECONDS, 9000 (2.5 h), carries the
# 8 MiB of files that may come back (11.7 MB of frames) at the 1.4 KB/s
# measured on a loaded host, and at 3.5 KB/s (idle) about 30 MB of frames;
# PROFKERN_BOCHS_PAUSE=N sets it (the tests' shorter bound). docs/running.md,
# "QEMU and Bochs".
PAUSE_MAX=33554432
PAUSE_SECONDS=${PROFKERN_BOCHS_PAUSE:-9000}
case $PAUSE_SECONDS in
''|*[!0-9]*|0?*) echo "bochsrun: PROFKERN_BOCHS_PAUSE=$PAUSE_SECONDS: a number of seconds" >&2; exit 1 ;;
esac
# (the kernel's mark and the frame's, from format/: scripts/lib/defs.sh)
TOP=$(dirname "$0")/..
. "$TOP/scripts/lib/defs.sh"
marks_export || exit 1
K=$CONSOLE_MARK
frame_flowing() {	# frame_flowing CAPTURE
	case $(tail -c 1 "$1" | od -An -tx1) in *0a*) nl=1 ;; *) nl=0 ;; esac
	tail -c 1000 "$1" | LC_ALL=C awk -v nl="$nl" '
		{ prev = cur; cur = $0 }
		END {
			line = nl ? cur : prev
			if (substr(line, 1, 1) != ENVIRON["CONSOLE_MARK"]) exit 1
			line = substr(line, 2)
			b = ENVIRON["FRAME_BEGIN"] " "
			exit !(line ~ /^[A-Za-z0-9+\/=]+$/ || index(line, ENVIRON["FRAME_MARK"] b) == 1 ||
				index(line, ENVIRON["FRAME_FILE_MARK"] b) == 1)
		}'
}

# Bochs ignores SIGTERM: the bound is a SIGKILL, from the watchdog beside
# it. Its messages go to DIR/bochs.out, its input is /dev/null. Its
# terminal display opens curses: TERM is set to a terminal that every
# Debian system describes (ncurses-base), whatever the caller's (unset, or
# "unknown" under a chroot or CI: "Error opening terminal").
(cd "$dir" && TERM=vt100 exec bochs -q -f bochsrc -rc bochs.rc </dev/null >bochs.out 2>&1) &
bpid=$!
(
	work=0 last=0 paused=0
	while kill -0 "$bpid" 2>/dev/null; do
		sleep 1
		size=$(wc -c < "$dir/serial.log" 2>/dev/null | tr -d ' ')
		size=${size:-0}
		if [ "$size" -gt "$last" ] && [ "$size" -le "$PAUSE_MAX" ] && [ "$paused" -lt "$PAUSE_SECONDS" ] &&
		   frame_flowing "$dir/serial.log"; then
			paused=$((paused + 1))	# a frame is flowing: this second is the line's
		else
			work=$((work + 1))
		fi
		last=$size
		[ "$work" -lt "$timeout" ] || { kill -KILL "$bpid" 2>/dev/null; exit 0; }
	done
) </dev/null >/dev/null 2>&1 &
wpid=$!
# Bochs and its watchdog run in the background, where an interrupt does not
# reach them: one that ends this script ends them too.
trap 'kill -KILL "$bpid" "$wpid" 2>/dev/null; exit 130' INT TERM HUP
wait "$bpid" 2>/dev/null
bs=$?
trap - INT TERM HUP
kill "$wpid" 2>/dev/null
wait "$wpid" 2>/dev/null

[ "$bs" = 137 ] && exit 124
log=$dir/bochs.log
if grep -aq 'Shutdown port: shutdown requested' "$log" 2>/dev/null; then
	# The kernel's last line, with its mark.
	last=$(grep -a "^${K}kernel: exit code 0x" "$dir/serial.log" 2>/dev/null | tail -1 | tr -d "$K")
	case $last in
	"kernel: exit code 0x10") exit 33 ;;
	"kernel: exit code 0x11") exit 35 ;;
	esac
	echo "bochsrun: the shutdown port was written without the kernel's exit code line" >&2
	exit 1
fi
grep -aq 'exception with no resolution' "$log" 2>/dev/null && exit 0
echo "bochsrun: Bochs ended with status $bs: $(grep -a '>>PANIC<<' "$log" 2>/dev/null | head -1)" >&2
[ -f "$log" ] || tail -5 "$dir/bochs.out" >&2
exit 1
