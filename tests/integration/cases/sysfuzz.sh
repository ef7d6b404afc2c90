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

# The range docs/security.md (section 5) gives is the one sysfuzz.c draws from.
name=sysfuzz-range
max=$(awk '$1 == "#define" && $2 == "SYS_MAX" { print $3 }' include/sys/syscall.h)
if grep -qF 'next() % (SYS_MAX + 3)' tests/guest/sysfuzz.c && [ -n "$max" ] &&
   tr '\n' ' ' < docs/security.md | grep -qF "0 to \`SYS_MAX + 2\` (\`include/sys/syscall.h\`: 0 to $((max + 2)),"
then pass "0 to $((max + 2))"; else fail "docs/security.md's range of numbers is not sysfuzz.c's, 0 to SYS_MAX + 2 ($max + 2)"; fi
