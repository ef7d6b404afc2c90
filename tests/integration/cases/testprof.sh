# cases/testprof.sh (sourced by run.sh): the demo's user profile: inner has 90% of the module's tics or more.
boot testprof 0 $kernel $u/testprof.elf $u/cmd.elf && extract && {
	$build/mkmap $u/testprof.elf TESTPROF > "$dir/testprof.map"
	$pinfo "$dir/testprof.pro" > "$dir/summary.txt" &&
	$pinfo "$dir/testprof.pro" "$dir/testprof.map" > "$dir/report.txt" || fail "pinfo failed"
	inner=$(tics inner < "$dir/report.txt")
	total=$(modtics TESTPROF < "$dir/summary.txt")
	# inner's tics are at least 90% of the module's, and the samples are many
	if [ "$total" -ge 300 ] && ratio "$inner" "$total" 0.90 1.0; then pass
	else fail "inner $inner of $total tics"; cat "$dir/report.txt"; fi
}
