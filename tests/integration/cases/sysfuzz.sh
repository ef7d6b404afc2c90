# cases/sysfuzz.sh (sourced by run.sh): random system calls (tests/guest/sysfuzz.c): the kernel lives, the profile reads.
name=sysfuzz
seed=${FUZZ_SEED:-12345}
printf 'pset init\npset on\nsysfuzz %s 100000\npset init\npset on\nworker 1\npset off\npset dump fuzz.pro\nhello alive\n' \
	"$seed" > "$out/sysfuzz.cmd"
LIMIT=120 boot sysfuzz 0 -batch "$out/sysfuzz.cmd" $kernel $u/sysfuzz.elf $u/pset.elf $u/worker.elf \
	$u/hello.elf $u/cmd.elf &&
has "sysfuzz: seed $seed: 100000 calls made" && has "[hello] [alive]" && bochs_clean && extract &&
$pinfo "$dir/fuzz.pro" > "$dir/summary.txt" 2>&1 && {
	if [ "$(modtics WORKER < "$dir/summary.txt")" -gt 50 ]; then pass
	else fail "fuzz.pro: $(cat "$dir/summary.txt")"; fi
} || fail "seed $seed: $(cat "$dir/summary.txt" 2>/dev/null)"
