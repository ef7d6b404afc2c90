# cases/iretfuzz.sh (sourced by run.sh): forged iret frames.
#
# Forged iret frames: virtual-8086 mode, NT, TF, IOPL, AC... each child ends
# as its flags say, the kernel lives, and the system profile still reads.
name=iretfuzz
seed=${FUZZ_SEED:-4242}
printf 'pset init\npset on\niretfuzz %s 400\npset off\npset dump iret.pro\nhello alive\n' \
	"$seed" > "$out/iretfuzz.cmd"
LIMIT=120 boot iretfuzz 0 -hz 20000 -batch "$out/iretfuzz.cmd" $kernel $u/iretfuzz.elf $u/pset.elf \
	$u/hello.elf $u/cmd.elf &&
has "iretfuzz: seed $seed: 400 frames," && has " 0 bad; the kernel lives" &&
# (QEMU's TCG enters virtual-8086 mode from a ring-3 iret, which the
# kernel ends; a CPU ignores VM at CPL 3, and never enters it)
if [ "$emu" = qemu ]; then has "virtual-8086 mode (vector 14), ended"; else hasnot "virtual-8086 mode"; fi &&
hasnot "panic" && has "[hello] [alive]" && extract &&
$pinfo "$dir/iret.pro" > "$dir/summary.txt" 2>&1 && {
	if [ "$(modtics IRETFUZZ < "$dir/summary.txt")" -gt 0 ]; then pass
	else fail "iret.pro: $(cat "$dir/summary.txt")"; fi
} || fail "seed $seed: $(cat "$dir/summary.txt" 2>/dev/null)"
