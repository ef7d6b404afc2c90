# cases/system.sh (sourced by run.sh): a system profile of two programs, the kernel and idle, reported with their maps.
name=system
boot system 0 -batch tests/guest/system.cmd $kernel $u/worker.elf $u/sorter.elf $u/pset.elf $u/cmd.elf &&
extract && {
	for m in worker sorter; do $build/mkmap $u/$m.elf $(echo $m | tr a-z A-Z) > "$dir/$m.map"; done
	cp $build/kernel.map "$dir/"
	printf 'worker.map\nsorter.map\nkernel.map\n' > "$dir/maps.lst"
	$pinfo "$dir/sys.pro" > "$dir/summary.txt" && $pinfo "$dir/sys.pro" -f "$dir/maps.lst" > "$dir/report.txt" ||
		fail "pinfo failed"
	idle=$(awk '$1 == "idle" { print $2 }' "$dir/summary.txt")
	kern=$(awk '$1 == "kernel" { print $2 }' "$dir/summary.txt")
	crunch=$(tics crunch < "$dir/report.txt") sort=$(tics insertion_sort < "$dir/report.txt")
	kfuncs=$(awk '/^Module kernel/ { k = 1; next } /^Module / { k = 0 } k && $1 ~ /^0001:/' "$dir/report.txt" | wc -l)
	# 100 ms asleep at 1000 Hz is 100 idle tics, give or take one
	if [ "${idle:-0}" -ge 99 ] && [ "${idle:-0}" -le 101 ] && [ "${kern:-0}" -gt 0 ] &&
	   [ "$crunch" -gt 50 ] && [ "$sort" -gt 20 ] && [ "$kfuncs" -ge 1 ]; then pass
	else fail "idle $idle, kernel $kern, crunch $crunch, insertion_sort $sort, kernel functions $kfuncs"; cat "$dir/report.txt"; fi
}
