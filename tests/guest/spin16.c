/* spin16.c: starts 16 workers that never yield, each spinning for many
 * quanta; preemption must let every one start before any finishes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>

#define WORKERS 16

static volatile unsigned sink;

static int worker(int id)
{
	uint64_t t0, t1;
	uint32_t hz;

	clock_ticks(&t0, &hz);
	printf("worker %d started at tick %u\n", id, (unsigned)t0);
	for (unsigned i = 0; i < 3000000; i++)
		sink += i;
	clock_ticks(&t1, &hz);
	printf("worker %d done after %u ticks\n", id, (unsigned)(t1 - t0));
	return id;
}

int main(int argc, char **argv)
{
	int pids[WORKERS], bad = 0;

	if (argc == 2)
		return worker(atoi(argv[1]));
	for (int i = 0; i < WORKERS; i++) {
		char num[8], *args[3] = { "spin16", num, 0 };
		snprintf(num, sizeof(num), "%d", i);
		pids[i] = spawn("spin16", args);
		if (pids[i] < 0) {
			printf("spin16: spawn %d: %s\n", i, errname(pids[i]));
			return 1;
		}
	}
	for (int i = 0; i < WORKERS; i++) {
		int status;
		if (waitchild(pids[i], &status) != pids[i] || status != i) {
			printf("spin16: worker %d: bad exit status %d\n", i, status);
			bad++;
		}
	}
	printf("spin16: %d workers, %d bad\n", WORKERS, bad);
	return bad != 0;
}
