# cases/smp-cpus.sh (sourced by run.sh, after smp): several CPUs asked for
# as a user asks (docs/smp.md): qrun's -cpus takes 1 to 8, and QEMU only;
# make run CPUS=4 with call stacks, twice the same; one run started after
# other waits of the firmware, the same.
name=smp-qrun dir=$out/smp-qrun
rm -rf "$dir" && mkdir -p "$dir"
if sh scripts/qrun -cpus 9 -o "$dir" $kernel $u/testprof.elf $u/cmd.elf > "$dir/out" 2>&1 || [ $? != 5 ] ||
   ! grep -qxF "qrun: -cpus must be the machine's CPUs, a number from 1 to 8, not '9'" "$dir/out"; then
	fail "-cpus 9: $(cat "$dir/out")"
elif sh scripts/qrun -emu bochs -cpus 2 -o "$dir" $kernel $u/testprof.elf $u/cmd.elf > "$dir/out" 2>&1 ||
     ! grep -qxF "qrun: -cpus 2: several CPUs boot in QEMU only" "$dir/out"; then
	fail "-emu bochs -cpus 2: $(cat "$dir/out")"
elif ! sh scripts/qrun -h | grep -qF -- "-cpus N: the machine's CPUs, 1 to 8"; then
	fail "qrun -h does not name -cpus"
else
	pass
fi
# make run CPUS=4, as a user runs it (the GRUB image, PROFKERN_CPUS to
# qrun's -cpus): call stacks (STACKS=1) with four CPUs give the folded
# stacks, and a second run the same dump and stacks, byte for byte.
name=smp-makerun log=$out/smp-makerun.log dir=$out/smp-makerun
rm -rf "$dir" && mkdir -p "$dir"
cat > "$dir/smpdeep.c" <<'PROG'
#include <stdio.h>
static volatile unsigned sink;
__attribute__((noinline)) static void leaf(unsigned n) { for (unsigned i = 0; i < n; i++) sink += i; }
__attribute__((noinline)) static void mid(unsigned n) { leaf(n); leaf(n / 2); }
int main(void) { for (int k = 0; k < 40; k++) mid(40000); printf("deep done\n"); return 0; }
PROG
if ! $make --no-print-directory run PROG="$dir/smpdeep.c" CPUS=4 STACKS=1 > "$log" 2>&1; then
	fail "make run CPUS=4 STACKS=1: $(tail -3 "$log")"
elif has "kernel: cpu 3: " && has "deep done" && grep -q "^kernel: [0-9]* KiB free, 4 CPUs, 1000 Hz\$" "$log" &&
     [ -s "$build/run/smpdeep.folded" ] && grep -q ";leaf [0-9]" "$build/run/smpdeep.folded" &&
     cp "$build/run/dumps/smpdeep.pro" "$dir/first.pro" && cp "$build/run/smpdeep.folded" "$dir/first.folded"; then
	if ! $make --no-print-directory run PROG="$dir/smpdeep.c" CPUS=4 STACKS=1 > "$log.2" 2>&1; then
		fail "the second make run: $(tail -3 "$log.2")"
	elif ! cmp -s "$build/run/dumps/smpdeep.pro" "$dir/first.pro" ||
	     ! cmp -s "$build/run/smpdeep.folded" "$dir/first.folded"; then
		fail "two make runs with CPUS=4 gave different dumps or stacks"
	else
		pass
	fi
else
	fail "$(grep -a 'KiB free\|cpu 3\|deep' "$log"; ls "$build/run" | grep smpdeep)"
fi
# The same run started at other instants: QEMU's multiboot loader after
# SeaBIOS's boot menu has waited 0 to 900 ms (-boot splash-time; otherwise
# qrun's command line), as GRUB's disk reads move the kernel's start under
# a loaded host. With four CPUs the kernel's run must not follow it
# (docs/smp.md, "Starting them"): the console, the dump and every CPU's
# counts at the shutdown the same, byte for byte, after each wait.
name=smp-startdelay dir=$out/smp-startdelay
rm -rf "$dir" && mkdir -p "$dir"
why=""
for ms in 0 100 200 300 400 500 600 700 800 900; do
	timeout 60 qemu-system-i386 -display none -nodefaults -no-reboot -m 128 \
		-serial "file:$dir/serial.$ms" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-kernel $kernel -initrd "$u/testprof.elf,$u/cmd.elf" -append "hz=1000" \
		-icount shift=3,align=off,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm \
		-smp 4 -boot menu=on,splash-time=$ms > "$dir/out.$ms" 2>&1
	qs=$?
	if [ "$qs" != 33 ] || ! grep -aq "kernel: cpu 3: " "$dir/serial.$ms"; then
		why="after $ms ms: status $qs, $(tail -2 "$dir/serial.$ms")"; break
	elif [ "$ms" != 0 ] && ! cmp -s "$dir/serial.0" "$dir/serial.$ms"; then
		why="after 0 and $ms ms: $(cmp "$dir/serial.0" "$dir/serial.$ms" 2>&1)"; break
	fi
done
if [ -z "$why" ]; then pass; else fail "four CPUs, the same run started later: $why"; fi
