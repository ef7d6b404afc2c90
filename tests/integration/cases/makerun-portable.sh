# cases/makerun-portable.sh (sourced by run.sh): the C library portable code expects, against the host's.
#
# The C library portable code expects (malloc, floating point, math.h,
# printf's %f %e %g, qsort, strtod, ctype, assert, setjmp), over files in two
# folders with -I and -D: the guest prints what the same source prints on
# the host, built with the host's C library (an x86-64 program: nothing
# 32-bit runs on the host), line for line.
name=makerun-portable log=$out/makerun-portable.log dir=$out/makerun-portable
p=tests/programs/portable
mkdir -p "$dir"
if ! ${HOST_CC:-cc} -O2 -I$p/util -DN_ITEMS=500 $p/main.c $p/stats.c $p/util/parse.c -lm -o "$dir/host" ||
   ! "$dir/host" > "$dir/host.out"; then
	fail "the host build of $p did not run"
elif $make --no-print-directory run PROG="PORTABLE=$p/main.c,$p/stats.c,$p/util/parse.c" \
	PROG_CFLAGS="-I$p/util -DN_ITEMS=500" > "$log" 2>&1; then
	sed -n 's/^| //p' "$log" > "$dir/guest.out"
	if [ "$(wc -l < "$dir/host.out")" -lt 10 ] || ! cmp -s "$dir/host.out" "$dir/guest.out"; then
		fail "the guest printed otherwise: $(diff "$dir/host.out" "$dir/guest.out" | head -10)"
	else
		line_is "Module PORTABLE" && line_is "make run: 1 program ran, 0 failed" && pass
	fi
else
	fail "make run failed: $(tail -5 "$log")"
fi
