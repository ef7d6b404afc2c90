/* tickcost.c: what a timer tick costs, in instructions, measured by the
 * guest itself. Under QEMU's -icount the TSC counts 2^shift ns per
 * instruction, so a window of known instructions, timed with rdtsc, shows
 * the instructions the IRQ0 path added per tick.
 *   tickcost            prints the cost with profiling off, with a user
 *                       profile on, with one that keeps sub-profiles
 *                       (PT_SPREAD), with the user and system profiles on
 *                       at once, with profil armed, and with the system
 *                       profile on with 1 and with 25 profiled processes
 *   tickcost sleep MS   (a child that waits, profiled all the while) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include "wl.h"

#define CHILDREN 24
#define WINDOW 20000000u	/* loop iterations: 2 instructions each */

static uint64_t ticks_now(void)
{
	uint64_t t;
	uint32_t hz;
	clock_ticks(&t, &hz);
	return t;
}

/* TSC units per instruction: two lengths short of a tick, the fastest of
 * many runs (no tick inside), their difference cancelling the overhead. */
static uint64_t per_insn;

static void calibrate(void)
{
	uint64_t d = wl_fastest_loop(3000) - wl_fastest_loop(1000);
	per_insn = (d + 2000) / 4000;	/* rounded: it is 2^shift exactly */
}

/* Instructions the IRQ0 path added per tick, over a long window. */
static void cost(const char *what)
{
	uint64_t k0 = ticks_now(), t = wl_timed_loop(WINDOW), k1 = ticks_now();
	uint64_t insns = t / per_insn - 2ull * WINDOW, ticks = k1 - k0;
	uint64_t tenths = (insns * 10 + ticks / 2) / ticks;
	printf("tickcost: %-34s %6u.%u instructions a tick (%u ticks)\n", what,
	       (unsigned)(tenths / 10), (unsigned)(tenths % 10), (unsigned)ticks);
}

int main(int argc, char **argv)
{
	static unsigned short histogram[1024];
	int pids[CHILDREN];

	if (argc == 3 && !strcmp(argv[1], "sleep")) {
		sleep_ms((uint32_t)atoi(argv[2]));
		return 0;
	}
	calibrate();
	printf("tickcost: %u TSC units an instruction\n", (unsigned)per_insn);
	cost("profiling off");
	ProfInit(PT_USER, NULL);
	ProfOn(PT_USER);
	cost("user profile on");
	ProfOff(PT_USER);
	ProfFree(PT_USER);
	ProfInit(PT_USER | PT_SPREAD, NULL);
	ProfOn(PT_USER);
	cost("user profile with sub-profiles");	/* prof_tick(), in C */
	ProfOff(PT_USER);
	ProfFree(PT_USER);
	ProfInit(PT_USER, NULL);
	ProfOn(PT_USER);
	ProfInit(PT_SYSTEM, NULL);
	ProfOn(PT_SYSTEM);
	cost("user and system profiles on at once");	/* prof_tick(), in C */
	ProfOff(PT_SYSTEM);
	ProfFree(PT_SYSTEM);
	ProfOff(PT_USER);
	ProfFree(PT_USER);
	profil((char *)histogram, sizeof(histogram), 0, 0x10000);
	cost("profil armed");
	profil(0, 0, 0, 0);
	ProfInit(PT_SYSTEM | PT_VERBOSE, NULL);
	ProfOn(PT_SYSTEM);
	cost("system profile on, 1 process");
	for (int i = 0; i < CHILDREN; i++) {
		char *args[] = { "tickcost", "sleep", "100000", 0 };
		pids[i] = spawn("tickcost", args);
	}
	sleep_ms(20);	/* the children run to their sleep first, outside the window */
	cost("system profile on, 25 processes");
	ProfOff(PT_SYSTEM);
	ProfFree(PT_SYSTEM);
	printf("tickcost: done\n");
	(void)pids;
	return 0;
}
