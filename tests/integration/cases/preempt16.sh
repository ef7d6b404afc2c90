# cases/preempt16.sh (sourced by run.sh): 16 busy workers share the machine: each starts before the first ends.
boot preempt16 0 $kernel $u/spin16.elf $u/cmd.elf &&
has "spin16: 16 workers, 0 bad" && {
	# Every worker started before the first one finished.
	last_start=$(grep -n 'started at tick' "$log" | tail -1 | cut -d: -f1)
	first_done=$(grep -n ' done after ' "$log" | head -1 | cut -d: -f1)
	starts=$(grep -c 'started at tick' "$log")
	dones=$(grep -c ' done after ' "$log")
	if [ "$starts" = 16 ] && [ "$dones" = 16 ] && [ "$last_start" -lt "$first_done" ]; then
		pass
	else
		fail "$starts starts, $dones dones, last start on line $last_start, first done on $first_done"
	fi
}
