# cases/profil.sh (sourced by run.sh): profil() and the user profile count the same ticks in hot.
boot profil 0 $kernel $u/profiltest.elf $u/cmd.elf &&
has "profiltest: 0 failed" && hasnot "FAILED" && extract && {
	$build/mkmap $u/profiltest.elf PROFILTEST > "$dir/profiltest.map"
	hot=$($pinfo "$dir/both.pro" "$dir/profiltest.map" | tics hot)
	counted=$(sed -n 's/^profiltest: beside ProfOn: profil counted \([0-9]*\) in hot$/\1/p' "$log")
	# profil and the user profile saw the same ticks in hot
	if [ "${counted:-0}" -gt 50 ] && [ "$hot" = "$counted" ]; then pass
	else fail "profil counted $counted, the user profile $hot"; fi
}
