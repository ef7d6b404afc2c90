# cases/threefn.sh (sourced by run.sh): three functions of cost 1 : 2 : 4 get their tics in that ratio.
boot threefn 0 $kernel $u/threefn.elf $u/cmd.elf && extract && {
	$build/mkmap $u/threefn.elf THREEFN > "$dir/threefn.map"
	$pinfo "$dir/threefn.pro" "$dir/threefn.map" > "$dir/report.txt"
	one=$(tics one < "$dir/report.txt") two=$(tics two < "$dir/report.txt") four=$(tics four < "$dir/report.txt")
	# costs 1 : 2 : 4, with a few hundred samples: within 10%
	if [ "$one" -ge 100 ] && ratio "$two" "$one" 1.8 2.2 && ratio "$four" "$one" 3.6 4.4; then pass
	else fail "one $one, two $two, four $four"; fi
}
