# cases/usertests.sh (sourced by run.sh): the hostile ring-3 suite (tests/guest/usertests.c) and the dumps it names.
name=usertests
# the faults a CPU raises under Bochs (tests/guest/usertests.c)
if [ "$emu" = qemu ]; then ut=usertests; else ut="usertests cpu"; fi
printf '%s\nhello alive\n' "$ut" > "$out/usertests.cmd"
boot usertests 0 -batch "$out/usertests.cmd" $kernel $u/usertests.elf $u/faults.elf $u/hello.elf $u/cmd.elf &&
has "usertests: 0 failed" && hasnot "FAILED" && has "[hello] [alive]" && count_is ": OK$" 11 &&
extract && {
	# five dumps, whatever their names, all inside the output folder, all readable
	n=0 bad=0
	for f in "$dir"/*; do
		case $f in *.log|*.out|*/bochsrc|*/bochs.rc|*/boot.iso) continue ;; esac	# (the run's own)
		n=$((n + 1))
		$pinfo "$f" > /dev/null 2>&1 || bad=$((bad + 1))
	done
	if [ "$n" = 5 ] && [ "$bad" = 0 ] && [ ! -e "$out/outside.pro" ] && [ ! -e "$dir/../outside.pro" ]; then pass
	else fail "$n files, $bad unreadable: $(ls "$dir")"; fi
}
