# sanpinfo.sh (sourced, after $build and $out are set): pinfo as the
# suites that read real runs with it call it (tools.sh, report.sh,
# stacks.sh): `$pinfo ARGS` runs build/pinfo, then build/san/pinfo
# (AddressSanitizer and UndefinedBehaviorSanitizer, aborting at the first
# finding) with the same arguments. The caller gets the plain run's
# output and status; a sanitized run whose status, standard output or
# standard error differs (a sanitizer's report, a leak, a crash) is noted,
# and sanpinfo_verdict, last, fails the check pinfo-san naming it. Files
# the two runs write are written twice, the sanitized run's last.
sanpinfo_dir=$out/sanpinfo
rm -rf "$sanpinfo_dir"
mkdir -p "$sanpinfo_dir"
: > "$sanpinfo_dir/findings"
: > "$sanpinfo_dir/runs"
pinfo=sanpinfo

sanpinfo() {
	_sp=$sanpinfo_dir/run
	"$build/pinfo" "$@" > "$_sp.out" 2> "$_sp.err"
	_sp_st=$?
	echo . >> "$sanpinfo_dir/runs"
	if [ ! -x "$build/san/pinfo" ]; then
		echo "no $build/san/pinfo (make $build/san/pinfo)" >> "$sanpinfo_dir/findings"
	else
		"$build/san/pinfo" "$@" > "$_sp.sout" 2> "$_sp.serr"
		_sp_ss=$?
		if [ "$_sp_st" != "$_sp_ss" ] || ! cmp -s "$_sp.out" "$_sp.sout" ||
		   ! cmp -s "$_sp.err" "$_sp.serr"; then
			{	echo "pinfo $*: status $_sp_st, sanitized $_sp_ss"
				diff "$_sp.err" "$_sp.serr" | head -8
				cmp "$_sp.out" "$_sp.sout" 2>&1 | head -1
			} >> "$sanpinfo_dir/findings"
		fi
	fi
	cat "$_sp.out"
	cat "$_sp.err" >&2
	return "$_sp_st"
}

# The check pinfo-san: every sanitized run as the plain one.
sanpinfo_verdict() {
	name=pinfo-san
	if [ -s "$sanpinfo_dir/findings" ]; then fail "$(head -30 "$sanpinfo_dir/findings")"
	else pass "$(wc -l < "$sanpinfo_dir/runs") runs of build/san/pinfo as build/pinfo's"; fi
}
