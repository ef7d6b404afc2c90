# progs/posix.sh (sourced by progs.sh): the POSIX names of the layer's
# calls and POSIX's clocks, from a user's program.

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
