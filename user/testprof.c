/* testprof.c: the profiler's demo, after the OS/2 SDK's example: main does
 * a little work itself and calls inner, which does most of it, between
 * ProfOn and ProfOff; then it dumps the profile to testprof.pro. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <profile.h>
#include <profkern.h>

#define INNER_ROUNDS 100
#define INNER_STEPS 150000
#define MAIN_STEPS 500000

static volatile unsigned sink;

/* Most of the time: a loop with a little arithmetic in it. */
__attribute__((noinline)) void inner(void)
{
	unsigned x = sink;
	for (int i = 0; i < INNER_STEPS; i++)
		x = x * 1103515245u + 12345u;
	sink = x;
}

static int check(const char *call, int rc)
{
	if (rc != 0) {
		printf("testprof: %s failed: %s\n", call, errname(rc));
		exit(1);
	}
	return rc;
}

int main(void)
{
	unsigned x = 1;

	check("ProfInit", ProfInit(PT_USER | PT_USEKP, NULL));
	check("ProfClear", ProfClear(PT_USER));
	check("ProfOn", ProfOn(PT_USER));
	for (int round = 0; round < INNER_ROUNDS; round++) {
		inner();
		for (int i = 0; i < MAIN_STEPS / INNER_ROUNDS; i++)
			x = x * 69069u + 1u;
	}
	sink += x;
	check("ProfOff", ProfOff(PT_USER));
	check("ProfDump", ProfDump(PT_USER, "testprof.pro"));
	check("ProfFree", ProfFree(PT_USER));
	printf("testprof: profile written to testprof.pro\n");
	return 0;
}
