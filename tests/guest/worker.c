/* worker.c: `worker UNITS [SLEEP_MS]`: does UNITS units of work in
 * crunch(), then sleeps SLEEP_MS, so a system profile has known shares to
 * find (and idle time, when everyone sleeps). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <profkern.h>

#define UNIT 2000000

static volatile unsigned sink;

__attribute__((noinline)) void crunch(int units)
{
	unsigned x = sink;
	for (int u = 0; u < units; u++)
		for (int i = 0; i < UNIT; i++)
			x = x * 1664525u + 1013904223u;
	sink = x;
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		printf("usage: worker UNITS [SLEEP_MS]\n");
		return 2;
	}
	crunch(atoi(argv[1]));
	if (argc == 3)
		sleep_ms((uint32_t)atoi(argv[2]));
	return 0;
}
