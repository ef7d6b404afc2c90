#!/bin/sh
# progs.sh BUILD: programs as users bring them, built by make run as hosted
# C on newlib (docs/libc.md): what they print is what the host's C library
# prints, their arguments and blank lines reach them and the console, the
# C library's functions are in their profiles under their own names, and
# one that does not build fails by name while the others run.
set -u
build=${1:-build}
out=$build/itest/progs
make=${MAKE:-make}
. tests/integration/check.sh


rm -rf "$out"
mkdir -p "$out"
src=$out/src
mkdir -p "$src"
log=$out/log

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

# ARGS: each program gets the words after its name, as data; a blank line
# it prints keeps its '| '.
cat > "$src/args.c" <<'EOF_C'
#include <stdio.h>
int main(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		printf("[%s]", argv[i]);
	printf("\n\nafter a blank line\n");
	return 0;
}
EOF_C
cp "$src/args.c" "$src/args2.c"
name=args-blank
if $make --no-print-directory run PROG="$src/args.c $src/args2.c" ARGS='-9 data.txt $HOME `id` a;b' > "$log" 2>&1 &&
   line_is '| [args][-9][data.txt][$HOME][`id`][a;b]' && line_is '| [args2][-9][data.txt][$HOME][`id`][a;b]' &&
   [ "$(grep -cxF '| ' "$log")" = 2 ] && line_is "| after a blank line"; then
	if $make --no-print-directory run PROG="$src/args.c" ARGS="$(printf 'a\tb')" > "$log" 2>&1; then
		fail "ARGS with a tab was accepted"
	else
		has "make run: ARGS must be words of printable ASCII separated by spaces" && pass
	fi
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -8)"
fi

# One program does not build: it fails by name, and the others run.
printf 'int main(void) { return not_declared; }\n' > "$src/broken.c"
name=nobuild
if $make --no-print-directory run PROG="$src/broken.c $src/args.c" > "$log" 2>&1; then
	fail "make run exited 0"
elif line_is "make run: broken failed: it does not build" && line_is "| [args]" &&
     line_is "make run: 1 program ran, 1 failed" && has "not_declared"; then
	if $make --no-print-directory run PROG="$src/broken.c" > "$log" 2>&1; then
		fail "make run of a program that does not build exited 0"
	elif line_is "make run: broken failed: it does not build" && line_is "make run: 0 programs ran, 1 failed"; then
		pass
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

# FILES and STDIN: a program reads a data file of the boot image by its
# base name and its standard input, rewrites the one, creates another; both
# come back into build/run/files/. The heap grows past 1 MiB, and a
# request past the machine's memory is NULL from malloc, not a fault.
mkdir -p "$src/data"
printf 'first line\nsecond line\n' > "$src/data/in.txt"
printf 'typed\n' > "$src/typed.txt"
cat > "$src/files.c" <<'EOF_C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
	char line[100], *big;
	FILE *in = fopen("in.txt", "r"), *out;

	if (!in) {
		perror("in.txt");
		return 1;
	}
	while (fgets(line, sizeof line, in))
		printf("in: %s", line);
	fclose(in);
	while (fgets(line, sizeof line, stdin))
		printf("stdin: %s", line);
	out = fopen("made.txt", "w");
	fprintf(out, "made %d\n", 42);
	fclose(out);
	in = fopen("in.txt", "a");
	fputs("appended\n", in);
	fclose(in);
	big = malloc(16 << 20);
	if (big)
		memset(big, 1, 16 << 20);
	printf("16 MiB: %s\n", big ? "yes" : "no");
	printf("2000 MiB: %s\n", malloc(2000u << 20) ? "yes" : "no");
	printf("missing: %s\n", fopen("not-there.txt", "r") ? "opened" : "NULL");
	return 0;
}
EOF_C
name=files-stdin-heap
if $make --no-print-directory run PROG="$src/files.c" FILES="$src/data" STDIN="$src/typed.txt" > "$log" 2>&1 &&
   line_is "| in: first line" && line_is "| in: second line" && line_is "| stdin: typed" &&
   line_is "| 16 MiB: yes" && line_is "| 2000 MiB: no" && line_is "| missing: NULL" &&
   line_is "make run: 1 program ran, 0 failed"; then
	if [ "$(cat "$build/run/files/made.txt" 2>&1)" = "made 42" ] &&
	   [ "$(cat "$build/run/files/in.txt" 2>&1)" = "$(printf 'first line\nsecond line\nappended')" ] &&
	   [ "$(cat "$src/data/in.txt")" = "$(printf 'first line\nsecond line')" ]; then
		if $make --no-print-directory run PROG="$src/files.c" FILES="$src/data/in.txt,$src/data" > "$log" 2>&1; then
			fail "two files of one name were accepted"
		else
			has "make run: FILES: two files would be in.txt in the guest: name each once." && pass
		fi
	else
		fail "files back: $(ls -la "$build/run/files" 2>&1 | tr '\n' ' ')"
	fi
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -8)"
fi

# The POSIX names of the layer's calls link and work from a user's program:
# open (with O_CREAT's mode), gettimeofday, times, as fopen and time() use
# them through newlib's _open_r, _gettimeofday_r and _times_r.
cat > "$src/posix.c" <<'EOF_C'
#include <fcntl.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/times.h>
#include <unistd.h>
int main(void)
{
	struct timeval tv = { 0, 0 };
	struct tms t;
	char buf[16];
	int fd = open("posix.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644), n, r;

	if (fd < 0 || write(fd, "posix\n", 6) != 6 || close(fd))
		return 1;
	fd = open("posix.txt", O_RDONLY);
	n = (int)read(fd, buf, sizeof buf);
	close(fd);
	printf("open: %d bytes back\n", n);
	r = gettimeofday(&tv, NULL);
	printf("gettimeofday: %d, after the boot: %d\n", r, tv.tv_sec > 0 || tv.tv_usec > 0);
	printf("times: %d\n", times(&t) != (clock_t)-1);
	return 0;
}
EOF_C
name=posix-names
if $make --no-print-directory run PROG="$src/posix.c" > "$log" 2>&1 && line_is "| open: 6 bytes back" &&
   line_is "| gettimeofday: 0, after the boot: 1" && line_is "| times: 1" &&
   [ "$(cat "$build/run/files/posix.txt" 2>&1)" = posix ]; then
	pass
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -8)"
fi

# A folder anywhere in a PROG word stands for its C files: NAME=folder.
name=named-folder
if $make --no-print-directory run PROG="TF=tests/programs/twofiles" > "$log" 2>&1 &&
   line_is "| TF: twice 21 is 42" && line_is "make run: 1 program ran, 0 failed"; then
	pass
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -5)"
fi

# POSIX's clocks, which newlib leaves to the system (CoreMark's POSIX port
# calls clock_gettime): time since boot that moves as the program runs, the
# process's CPU time, the timer's resolution, EINVAL for a clock not there;
# errno set by a layer call a program makes itself.
cat > "$src/clocks.c" <<'EOF_C'
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(void)
{
	struct timespec a, b, cpu, res;
	volatile unsigned x = 0;
	int bad, badfd;

	clock_gettime(CLOCK_REALTIME, &a);
	for (unsigned i = 0; i < 20000000; i++)
		x += i;
	clock_gettime(CLOCK_REALTIME, &b);
	clock_gettime((clockid_t)2, &cpu);
	clock_getres(CLOCK_REALTIME, &res);
	bad = clock_gettime((clockid_t)99, &a) == -1 && errno == EINVAL;
	errno = 0;
	badfd = write(99, "x", 1) == -1 && errno == EBADF;	/* a POSIX call made directly sets errno */
	printf("moved %d, cpu %d, res %ld ns, bad clock %d, bad fd %d\n",
	       b.tv_sec * 1000000000LL + b.tv_nsec > a.tv_sec * 1000000000LL + a.tv_nsec,
	       cpu.tv_sec > 0 || cpu.tv_nsec > 0, res.tv_nsec, bad, badfd);
	return 0;
}
EOF_C
name=posix-clocks
if $make --no-print-directory run PROG="$src/clocks.c" > "$log" 2>&1 &&
   line_is "| moved 1, cpu 1, res 1000000 ns, bad clock 1, bad fd 1"; then
	pass
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -5)"
fi

# Two versions of one program, both dated before the last build (as --diff
# compares them): the second run profiles the second, not the first again.
mkdir -p "$src/versions"
printf '#include <stdio.h>\nint main(void) { puts("version a"); return 0; }\n' > "$src/versions/a.c"
printf '#include <stdio.h>\nint main(void) { puts("version b"); return 0; }\n' > "$src/versions/b.c"
touch -d '2001-01-01' "$src/versions/a.c" "$src/versions/b.c"
name=rebuild-other-files
rm -rf "$build/prog/versions" "$build/prog/versions.objs"	# (b.c's object not built yet, as the first time)
if ! $make --no-print-directory run PROG="versions=$src/versions/a.c" > "$log" 2>&1 || ! line_is "| version a"; then
	fail "the first version: $(tail -3 "$log")"
elif ! $make --no-print-directory run PROG="versions=$src/versions/b.c" > "$log" 2>&1; then
	fail "the second version: $(tail -3 "$log")"
elif line_is "| version b" && hasnot "| version a"; then
	pass
fi

# ARGS within cmd's limits for each program's real line (user/batch.h): 28
# words with STACKS=1 SPREAD=1 reach the program ('profrun /stacks /spread
# NAME' and 28 make 32); 29 were a line cmd skipped while make run said
# the program ran: refused, by name, before the boot.
name=args-line-limit
a28=$(seq 1 28 | tr '\n' ' ')
if ! $make --no-print-directory run PROG="$src/args.c" ARGS="$a28" STACKS=1 SPREAD=1 > "$log" 2>&1; then
	fail "28 words: $(tail -3 "$log")"
elif line_is "| [args]$(seq 1 28 | sed 's/.*/[&]/' | tr -d '\n')" && line_is "make run: 1 program ran, 0 failed"; then
	if $make --no-print-directory run PROG="$src/args.c" ARGS="${a28}29" STACKS=1 SPREAD=1 > "$log" 2>&1; then
		fail "29 words: exited 0: $(tail -3 "$log")"
	elif line_is "make run: ARGS: program args's batch line, 'profrun /stacks /spread args' and ARGS, has 33 words and 106 bytes: cmd reads at most 32 words and 511 bytes a line (user/batch.h); give fewer ARGS" &&
	     hasnot "booting"; then
		pass
	fi
fi

# A program counts as run only when the capture shows it ran: after one
# that never ends, the next never starts, and fails by name.
printf 'int main(void) { for (;;) ; }\n' > "$src/spin.c"
name=never-started
if $make --no-print-directory run PROG="$src/spin.c $src/args.c" TIMEOUT=5 > "$log" 2>&1; then
	fail "make run exited 0"
elif line_is "make run: args failed: it never started: the machine did not shut down cleanly before its turn"; then
	# (spin started, unless a busy host kept the boot past TIMEOUT)
	if grep -qxF "make run: spin failed: the machine did not shut down cleanly" "$log" &&
	   grep -qxF "make run: 1 program ran, 2 failed" "$log"; then
		pass
	elif grep -qxF "make run: 0 programs ran, 2 failed" "$log"; then
		pass "the boot took TIMEOUT"
	else
		fail "$(grep '^make run' "$log")"
	fi
fi

# A data file larger than the machine's memory: said before the boot, with
# what it needs (GRUB stopped without a word, and the run ended as a hang).
name=files-too-big
mkdir -p "$src/big"
head -c 14000000 /dev/zero > "$src/big/big.bin"
if $make --no-print-directory run PROG="$src/args.c" FILES="$src/big/big.bin" MEM=16 TIMEOUT=5 > "$log" 2>&1; then
	fail "make run exited 0"
elif has "make run: the boot image does not fit in MEM=16 MiB: the kernel and its modules take" &&
     has "(FILES and STDIN 14000128 of them, the largest big.bin: 14000000 bytes)" &&
     grep -q "; MEM=2[0-9] would hold it\$" "$log" &&
     hasnot "booting"; then
	pass
fi
rm -rf "$src/big"

echo "progs: $passed passed, $failed failed"
[ "$failed" = 0 ]
