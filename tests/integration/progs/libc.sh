# progs/libc.sh (sourced by progs.sh): the C library as the host's prints
# it (a hosted program's output line for line), and its functions in the
# program's profile under their own names, their sources found by pinfo.

# The headers and functions the first outside programs lacked, a
# constructor, main falling off its end: the guest prints what the host
# does, line for line, and exits 0.
cat > "$src/hosted.c" <<'EOF_C'
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
static int order;
__attribute__((constructor)) static void first(void) { order = 1; }
static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(int argc, char **argv)
{
	int v[6] = { 5, 3, 9, 1, 7, -4 }, x = 0;
	double d = 0;
	char word[16] = "", out[64];
	struct tm tm = { .tm_year = 126, .tm_mon = 11, .tm_mday = 1, .tm_hour = 23 };
	char *p;

	(void)argc;
	printf("constructor first: %d, %zu bytes of name\n", order, strlen(argv[0]));
	qsort(v, 6, sizeof v[0], cmp);
	printf("sorted %d %d %d %d %d %d\n", v[0], v[1], v[2], v[3], v[4], v[5]);
	printf("%.6f %e %g %.15g %.15g\n", 3.14159265, 1e-7, 2.5, sin(1.0), pow(2.0, 0.5));
	sscanf("42 2.5 word", "%d %lf %15s", &x, &d, word);
	printf("sscanf %d %g %s strtod %g\n", x, d, word, strtod("1e3", NULL));
	strftime(out, sizeof out, "%Y-%m-%d %H:%M", &tm);
	printf("strftime %s\n", out);
	snprintf(out, sizeof out, "%lld %llu %s", -1234567890123LL, 98765432109ULL, setlocale(LC_ALL, "C"));
	puts(out);
	p = malloc(100000);
	memset(p, 7, 100000);
	p = realloc(p, 300000);
	printf("realloc kept %d, O_CREAT is defined: %d, SIGINT %d\n", p[99999], O_CREAT != 0, SIGINT != 0);
	free(p);
}
EOF_C
name=hosted-output
if ! ${HOST_CC:-cc} -O2 "$src/hosted.c" -lm -o "$out/hosted-host" 2>"$log" || ! "$out/hosted-host" > "$out/host.out"; then
	fail "the host build did not run: $(cat "$log")"
elif ! $make --no-print-directory run PROG="$src/hosted.c" > "$log" 2>&1; then
	fail "make run failed: $(tail -5 "$log")"
else
	sed -n 's/^| //p' "$log" | sed 's/^constructor first: 1, 6 bytes/constructor first: 1, BYTES bytes/' > "$out/guest.out"
	sed 's/^constructor first: 1, [0-9]* bytes/constructor first: 1, BYTES bytes/' "$out/host.out" > "$out/host.cmp"
	if [ "$(wc -l < "$out/host.cmp")" -lt 7 ] || ! cmp -s "$out/host.cmp" "$out/guest.out"; then
		fail "the guest printed otherwise: $(diff "$out/host.cmp" "$out/guest.out" | head -10)"
	else
		line_is "make run: 1 program ran, 0 failed" && pass
	fi
fi

# The C library's functions are the program's, in its profile, under their
# own names: a program that spends its time in qsort and memchr (newlib's
# assembly, its symbols made functions of their own: user/newlib/patch-asm.sh).
cat > "$src/libtime.c" <<'EOF_C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int cmp(const void *a, const void *b) { return *(const unsigned *)a < *(const unsigned *)b ? -1 : *(const unsigned *)a > *(const unsigned *)b; }
static unsigned v[20000];
int main(void)
{
	unsigned x = 1, sum = 0;
	volatile size_t n = 20000;	/* a size not known at compile time: memcpy is called */
	for (int r = 0; r < 20; r++) {
		for (int i = 0; i < 20000; i++)
			v[i] = x = x * 1103515245u + 12345u;
		qsort(v, 20000, sizeof v[0], cmp);
		for (int k = 0; k < 50; k++)
			sum += memchr(v, 0xab, n * sizeof v[0]) != NULL;
		sum += v[r];
	}
	printf("sum %u\n", sum);
	return 0;
}
EOF_C
name=libc-in-profile
if $make --no-print-directory run PROG="$src/libtime.c" > "$log" 2>&1; then
	# the function lines of the report: OFFSET TICS (PERCENT) NAME
	qs=$(awk '$NF == "qsort" || $NF == "_qsort_r" || $NF == "__qsort_r" { n += $2 } END { print n + 0 }' "$log")
	mc=$(awk '$NF == "memchr" { n += $2 } END { print n + 0 }' "$log")
	cmpt=$(awk '$NF == "cmp" { n += $2 } END { print n + 0 }' "$log")
	if [ "$qs" -gt 0 ] && [ "$mc" -gt 0 ] && [ "$cmpt" -gt 0 ]; then
		pass
	else
		fail "qsort $qs, memchr $mc, cmp $cmpt ticks: $(grep '^0001:' "$log" | sort -k2 -n -r | head -8)"
	fi
	# --annotate from another working directory finds the sources by
	# DWARF's compilation directory: newlib's (built in build/newlib/obj,
	# named ../../../../../src/newlib/...) and the program's own (named
	# relative to this folder, as make run was given it)
	name=annotate-elsewhere
	b=$(cd "$build" && pwd)
	if ! (cd / && "$b/pinfo" --annotate qsort "$b/run/dumps/libtime.pro" "$b/run/libtime.elf") > "$out/qsort.txt" 2>&1; then
		fail "pinfo --annotate qsort: $(head -3 "$out/qsort.txt")"
	elif ! grep -q "^Source $b/newlib/src/newlib/libc/search/qsort\.c, lines [0-9]* to [0-9]*\$" "$out/qsort.txt" ||
	     ! grep -q '^ *[0-9]* *[0-9.]*% *[0-9]*  .*CMP(thunk, ' "$out/qsort.txt"; then
		fail "qsort's source not found from /: $(head -3 "$out/qsort.txt")"
	elif ! (cd / && "$b/pinfo" --annotate cmp "$b/run/dumps/libtime.pro" "$b/run/libtime.elf") > "$out/cmp.txt" 2>&1 ||
	     ! grep -q '^ *[0-9]* *100.00% *[0-9]*  static int cmp(const void \*a' "$out/cmp.txt" || grep -q 'cannot be read' "$out/cmp.txt"; then
		fail "the program's source not found from /: $(head -5 "$out/cmp.txt")"
	else
		pass
	fi
else
	fail "$(tail -5 "$log")"
fi
