# cases/badstacks.sh (sourced by run.sh): hostile frame-pointer chains under call-stack sampling.
#
# Hostile frame-pointer chains under call-stack sampling
# (tests/guest/badstacks.c): EBP null, in the guard page, at and past the
# data limit, odd, at the kernel's addresses, on a loop, a cycle, a
# downward chain, one deeper than 64 frames, return addresses past the
# code limit. The kernel lives (under Bochs too, whose CPU checks every
# limit), the dump reads, and its folded stacks hold every sample, none
# deeper than the sampler's 64 frames.
name=badstacks
printf 'profrun /stacks badstacks\nhello alive\n' > "$out/badstacks.cmd"
boot badstacks 0 -hz 20000 -batch "$out/badstacks.cmd" $kernel $u/badstacks.elf $u/profrun.elf \
	$u/hello.elf $u/cmd.elf &&
has "badstacks: 16 hostile frame pointers sampled, the kernel lives" && hasnot "panic" &&
has "[hello] [alive]" && bochs_clean && extract && {
	$build/mkmap $u/badstacks.elf BADSTACKS > "$dir/badstacks.map" &&
	$pinfo --folded "$dir/bad.folded" "$dir/badstacks.pro" "$dir/badstacks.map" 2> "$dir/err.txt" &&
	total=$($pinfo "$dir/badstacks.pro" | awk '$1 == "Total" { print $2 }') || { fail "pinfo: $(cat "$dir/err.txt")"; false; }
} && {
	set -- $(awk '{ n = split($1, a, ";"); if (n > m) m = n; t += $NF } END { print m + 0, t + 0 }' "$dir/bad.folded")
	if [ "$2" = "$total" ] && [ "$total" -gt 1000 ] && [ "$1" -ge 2 ] && [ "$1" -le 64 ]; then pass
	else fail "folded: deepest $1 frames, $2 samples of $total"; fi
}
