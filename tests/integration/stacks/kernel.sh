# stacks/kernel.sh (sourced by stacks.sh): the kernel's side of the stacks:
# a system profile with stacks (pset init /stacks), and the size of the
# kernel's table of stacks (stacktable=N).

# ---- a system profile with stacks: pset init /stacks ----------------------------
name=stacks-system
printf 'pset init /stacks CALLTREE\npset on\ncalltree\npset off\npset dump sys.pro\npset free\n' \
	> "$out/sys.cmd"
if boot system -batch "$out/sys.cmd" $build/kernel.elf $u/calltree.elf $u/pset.elf $u/cmd.elf &&
   [ -f "$dir/sys.pro" ]; then
	$build/mkmap $u/calltree.elf CALLTREE > "$dir/calltree.map"
	if $pinfo --folded "$dir/sys.folded" "$dir/sys.pro" "$dir/calltree.map" $build/kernel.map 2> "$dir/err.txt"; then
		b=$(folded_sum 'CALLTREE`a;CALLTREE`b$' < "$dir/sys.folded")
		idle=$(folded_sum '^\(idle\)$' < "$dir/sys.folded")
		# the same tree as the user profile's (calltree makes one of its
		# own meanwhile), in a dump with the stack table (format 6 with
		# the stacks' type bit: the trace's and the CPU's too)
		if [ "$b" -gt 50 ] && head -c 6 "$dir/sys.pro" | od -An -tu2 -j4 | grep -qw 6 &&
		   [ $(($(od -An -tu4 -j8 -N4 "$dir/sys.pro" | tr -d ' ') / 16 % 2)) = 1 ]; then
			pass "b $b, idle $idle"
		else
			fail "b $b"; cat "$dir/sys.folded"
		fi
	else
		fail "pinfo: $(cat "$dir/err.txt")"
	fi
else
	fail "the run: $(cat "$out/system.out")"
fi

# ---- the size of the table of stacks: stacktable=N ---------------------------------
# manystacks makes about 12,000 samples of thousands of distinct stacks
# about 28 frames deep: the default table (32768 stacks, 393216 frames)
# keeps every one; a table of 4096 (the size it had when it was fixed) drops
# most, and says so; a bad size is refused on the console and the default
# kept; a table the memory cannot hold is ENOMEM, and nothing else changes.
printf 'manystacks 1\n' > "$out/many.cmd"
# many NAME BOOT-ARGUMENTS: the run, its folded stacks in $dir/many.folded,
# the samples in $total and the dropped ones in $dropped
many() {
	total="" dropped=""
	boot "$1" -hz 20000 -append "$2" -batch "$out/many.cmd" $build/kernel.elf $u/manystacks.elf $u/cmd.elf &&
		[ -f "$dir/manystacks.pro" ] &&
		$build/mkmap $u/manystacks.elf MANYSTACKS > "$dir/manystacks.map" &&
		$pinfo --folded "$dir/many.folded" "$dir/manystacks.pro" "$dir/manystacks.map" 2> "$dir/err.txt" || return 1
	total=$($pinfo "$dir/manystacks.pro" | awk '$1 == "Total" { print $2 }')
	dropped=$(folded_sum '^\(dropped\)$' < "$dir/many.folded")
}
con() { tr -d '\001' < "$dir/serial.log" | grep -qxF -- "$1"; }

name=stacks-table-default
if many many-default ""; then
	lines=$(wc -l < "$dir/many.folded")
	if [ "$total" -gt 10000 ] && [ "$dropped" = 0 ] && [ "$lines" -gt 4000 ] &&
	   [ "$(folded_sum . < "$dir/many.folded")" = "$total" ] && ! grep -q 'tables of call stacks' "$dir/serial.log"; then
		pass "$total samples, $lines call chains, none dropped"
	else
		fail "$total samples, $dropped dropped, $lines lines"
	fi
else
	fail "the run: $(cat "$dir.out" "$dir/err.txt" 2>/dev/null)"
fi

name=stacks-table-4096
if many many-4096 "stacktable=4096"; then
	if con "kernel: tables of call stacks of 4096 entries (288 KiB each)" &&
	   [ "$total" -gt 10000 ] && [ "$dropped" -gt $((total / 2)) ] &&
	   [ "$(folded_sum . < "$dir/many.folded")" = "$total" ]; then
		pass "$dropped of $total dropped"
	else
		fail "$dropped of $total dropped"; grep kernel: "$dir/serial.log"
	fi
else
	fail "the run: $(cat "$dir.out" "$dir/err.txt" 2>/dev/null)"
fi

name=stacks-table-refused
if many many-bad "stacktable=1000"; then
	if con "kernel: stacktable= must be a power of 2 from 256 to 1048576 (entries); kept the default, 32768" &&
	   [ "$total" -gt 10000 ] && [ "$dropped" = 0 ] && ! grep -q 'tables of call stacks' "$dir/serial.log"; then
		pass
	else
		fail "$dropped of $total dropped"; grep kernel: "$dir/serial.log"
	fi
else
	fail "the run: $(cat "$dir.out" "$dir/err.txt" 2>/dev/null)"
fi

name=stacks-table-nomem
printf 'manystacks 1\nprofrun /stacks hello\nprofrun hello flat\n' > "$out/nomem.cmd"
if boot nomem -mem 64 -append "stacktable=1048576" -batch "$out/nomem.cmd" $build/kernel.elf \
	$u/manystacks.elf $u/hello.elf $u/profrun.elf $u/cmd.elf; then
	if con "kernel: tables of call stacks of 1048576 entries (73728 KiB each)" && con "manystacks: ENOMEM" &&
	   con "profrun: hello: not profiled: ENOMEM (not enough memory)" &&
	   con "hello from ring 3: pid 4, argc 1 [hello]" && con "hello from ring 3: pid 6, argc 2 [hello] [flat]" &&
	   [ -f "$dir/hello.pro" ] && [ ! -f "$dir/manystacks.pro" ]; then
		pass
	else
		fail "$(tr -d '\001' < "$dir/serial.log")"
	fi
else
	fail "the run: $(cat "$dir.out")"
fi
