# cases/ownevents.sh (sourced by run.sh): a program's own event profiles
# (ProfInit(PT_USER | PT_SYSCALL | PT_EVERY(1)), PT_USER | PT_SWITCH,
# PT_USER | PT_OFFCPU), beside its own time profile: each counts its
# events exactly where it made them, and pinfo reports them as it reports
# the system's event profiles; on one CPU, and on a machine of two (the
# profiles with a copy of their counts for each CPU).
ownevents_check() {
	$build/mkmap $u/ownevents.elf OWNEVENTS > "$dir/ownevents.map"
	ok=1
	for k in syscall switch offcpu; do
		{ $pinfo "$dir/ownevents.$k.pro" && $pinfo "$dir/ownevents.$k.pro" "$dir/ownevents.map"; } \
			> "$dir/$k.txt" 2>&1 || { ok=0; fail "pinfo ownevents.$k.pro: $(cat "$dir/$k.txt")"; }
	done
	$pinfo "$dir/ownevents.pro" > "$dir/time.txt" 2>&1 || { ok=0; fail "pinfo ownevents.pro: $(cat "$dir/time.txt")"; }
	# (PT_STACKS: the stacks where it blocked)
	$pinfo --folded "$dir/offcpu.folded" "$dir/ownevents.offcpu.pro" $u/ownevents.elf > "$dir/folded.out" 2>&1 ||
		{ ok=0; fail "pinfo --folded ownevents.offcpu.pro: $(cat "$dir/folded.out")"; }
	# near N M: N within one tick of M (the clock's tick a sleep ends in)
	near() { [ -n "$1" ] && [ "$1" -ge $(($2 - 1)) ] && [ "$1" -le $(($2 + 1)) ]; }
	if [ $ok = 1 ]; then
		m=$(tics many < "$dir/syscall.txt") f=$(tics few < "$dir/syscall.txt")
		a=$(tics nap3 < "$dir/switch.txt") b=$(tics nap1 < "$dir/switch.txt")
		l=$(tics long_nap < "$dir/offcpu.txt") s=$(tics short_nap < "$dir/offcpu.txt")
		# 3,000 and 1,000 of the calls, 75% and 25% of the two lines' (the
		# ProfOff that ends the profile is counted too, in ProfOff); 30 and
		# 10 switches, 75% and 25% of all; 300 and 100 ticks off the CPU
		if [ "$m" = 3000 ] && [ "$f" = 1000 ] && [ "$a" = 30 ] && [ "$b" = 10 ] && near "$l" 300 && near "$s" 100 &&
		   grep -q '^Module    Segment  Length  Calls     Percent$' "$dir/syscall.txt" &&
		   grep -q '^Events: system calls, each counted where the code was; 4001 in all$' "$dir/syscall.txt" &&
		   grep -q '^getpid (5)  *4000 ' "$dir/syscall.txt" &&
		   grep -q '^ProfOff (18)  *1 ' "$dir/syscall.txt" &&
		   grep -q '^0001:[0-9a-f]*  *3000 ( 74\.98%)   many$' "$dir/syscall.txt" &&
		   grep -q '^Module    Segment  Length  Switches  Percent$' "$dir/switch.txt" &&
		   grep -q '^voluntary  *40  *100\.00%$' "$dir/switch.txt" &&
		   grep -q '^0001:[0-9a-f]*  *30 ( 75\.00%)   nap3$' "$dir/switch.txt" &&
		   grep -q '^0001:[0-9a-f]*  *10 ( 25\.00%)   nap1$' "$dir/switch.txt" &&
		   grep -q '^Module    Segment  Length  Off-CPU   Percent$' "$dir/offcpu.txt" &&
		   grep -q '^0001:[0-9a-f]*  *[0-9]* ( 7[45]\.[0-9]*%)   long_nap$' "$dir/offcpu.txt" &&
		   grep -q "^_start;main;profile;long_nap $l\$" "$dir/offcpu.folded" &&
		   grep -q "^_start;main;profile;short_nap $s\$" "$dir/offcpu.folded" &&
		   grep -q '^Module    Segment  Length  Tics      Percent$' "$dir/time.txt"
		then pass "calls $m and $f, switches $a and $b, off the CPU $l and $s ticks"
		else fail "many $m, few $f calls (3000, 1000); nap3 $a, nap1 $b switches (30, 10);" \
			"long_nap $l, short_nap $s ticks off the CPU (300, 100); reports in $dir/*.txt"
		fi
	fi
}
boot ownevents 0 $kernel $u/ownevents.elf $u/cmd.elf &&
has "ownevents: 0 failed" && hasnot "FAILED" && extract && ownevents_check
boot ownevents-2cpus 0 -cpus 2 $kernel $u/ownevents.elf $u/cmd.elf &&
has "ownevents: 0 failed" && hasnot "FAILED" && extract && ownevents_check
