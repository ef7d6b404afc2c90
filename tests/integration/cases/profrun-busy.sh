# cases/profrun-busy.sh (sourced by run.sh): profrun frees only the profile it made.
#
# profrun frees only the profile it made: run while another's system
# profile exists, it says so and leaves that profile to its owner.
name=profrun-busy log=$out/profrun-busy.log dir=$out/profrun-busy
mkdir -p "$dir"
printf 'pset init\nprofrun hello\npset on\npset off\npset dump sys.pro\npset free\n' > "$dir/busy.cmd"
if $make --no-print-directory run PROG=tests/guest/hello.c SCRIPT="$dir/busy.cmd" > "$log" 2>&1; then
	has "profrun: hello: not profiled: EEXIST" && hasnot "ENOTINIT" &&
	[ -f "$build/run/dumps/sys.pro" ] && pass
else
	fail "make run failed: $(tail -5 "$log")"
fi
