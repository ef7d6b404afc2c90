/* why.c: docs/events.md's real example, "slow, though the CPU profile looks
 * fine": a parent that polls the clock, asks its pid, sleeps and waits for a
 * child computing on the other CPU (make run PROG=tests/guest/why.c CPUS=2
 * EVENTS=syscall,switch,offcpu STACKS=1). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>

static volatile unsigned sink;

static long now_ticks(void)
{
	uint64_t t;
	uint32_t hz;
	clock_ticks(&t, &hz);
	return (long)t;
}
static __attribute__((noinline)) void crunch(unsigned n)
{
	unsigned x = sink;
	for (unsigned i = 0; i < n; i++)
		x = x * 1664525u + 1013904223u;
	sink = x;
}
static __attribute__((noinline)) void poll_until(long t)	/* site 1 */
{
	while (now_ticks() < t)		/* clock_ticks(): a system call */
		;
}
static __attribute__((noinline)) int count_pids(int n)	/* site 2 */
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += getpid();
	return s;
}
int main(int argc, char **argv)
{
	int pid, status;
	char *child[] = { "why", "child", 0 };

	if (argc > 1 && strcmp(argv[1], "child") == 0) {
		crunch(30000000);
		return 0;
	}
	pid = spawn("why", child);	/* crunch(30000000) on the other CPU */
	poll_until(now_ticks() + 50);
	count_pids(5000);
	sleep_ms(200);
	waitchild(pid, &status);
	printf("why: done\n");
	return 0;
}
