# cases/smp.sh (sourced by run.sh): several CPUs (docs/smp.md). The start line
# counts the CPUs the kernel started (one: "1 CPU"); with four, all four
# start and the demo runs to its end; two runs with four give the same
# dump; qrun's -cpus takes 1 to 8, and QEMU only.
startline='^.kernel: [0-9][0-9]* KiB free, '
boot smp-one 0 $kernel $u/testprof.elf $u/cmd.elf &&
has "kernel: cmd exited with status 0; shutting down" && {
	if grep -q "${startline}1 CPU, 1000 Hz\$" "$log"; then pass
	else fail "start line: $(grep -a 'KiB free' "$log")"; fi
}
boot smp-four 0 -cpus 4 $kernel $u/testprof.elf $u/cmd.elf && extract &&
has "testprof: profile written to testprof.pro" &&
has "kernel: cmd exited with status 0; shutting down" && hasnot "did not start" && {
	if grep -q "${startline}4 CPUs, 1000 Hz\$" "$log"; then pass
	else fail "start line: $(grep -a 'KiB free' "$log")"; fi
}
boot smp-four-again 0 -cpus 4 $kernel $u/testprof.elf $u/cmd.elf && extract && {
	name=smp-deterministic
	if cmp -s "$out/smp-four/testprof.pro" "$dir/testprof.pro"; then pass
	else fail "two runs with four CPUs gave different dumps"; fi
}
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
