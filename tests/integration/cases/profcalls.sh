# cases/profcalls.sh (sourced by run.sh): ProfInit, ProfOn, ProfOff, ProfDump, ProfClear from a program: what each dump holds.
boot profcalls 0 $kernel $u/profcalls.elf $u/cmd.elf &&
has "profcalls: 0 failed" && hasnot "FAILED" && extract && {
	ok=1
	for f in on off again a-name-that-is-rather-long-but-fine cleared; do
		[ -f "$dir/$f.pro" ] || { ok=0; fail "no $f.pro"; break; }
		$pinfo "$dir/$f.pro" > "$dir/$f.txt" || { ok=0; fail "pinfo $f.pro"; break; }
	done
	if [ $ok = 1 ]; then
		on=$(modtics PROFCALLS < "$dir/on.txt") off=$(modtics PROFCALLS < "$dir/off.txt")
		again=$(modtics PROFCALLS < "$dir/again.txt") cleared=$(awk '$1 == "Total" { print $2 }' "$dir/cleared.txt")
		# dumping changes nothing; counting went on between on.pro and off.pro
		if [ "$on" -gt 0 ] && [ "$off" -gt "$on" ] && [ "$again" = "$off" ] && [ "$cleared" = 0 ]; then pass
		else fail "tics: on $on, off $off, again $again, cleared total $cleared"; fi
	fi
}
