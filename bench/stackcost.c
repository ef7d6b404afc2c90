/* stackcost.c: what a tick costs with call stacks on (docs/stacks.md), in
 * instructions, measured by the guest as bench/tickcost.c does: a window
 * of known instructions timed with rdtsc under -icount. The window runs
 * at the bottom of a chain of DEPTH frames, for several depths, so that
 * the cost's growth with the frames walked shows; each depth's profile is
 * dumped (dN.pro), for the host to read the frames the stacks had.
 *   stackcost            the rows, and an overhead line: the same work
 *                        timed with a profile with stacks off and on
 *   stackcost size N     N units of work under a profile with stacks,
 *                        dumped to sizeN.pro (the wire size against N) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include "wl.h"

#define WINDOW 10000000u	/* loop iterations: 2 instructions each */

static uint64_t per_insn;

static uint64_t ticks_now(void)
{
	uint64_t t;
	uint32_t hz;

	clock_ticks(&t, &hz);
	return t;
}

static void calibrate(void)
{
	uint64_t d = wl_fastest_loop(3000) - wl_fastest_loop(1000);

	per_insn = (d + 2000) / 4000;
}

/* Instructions the IRQ0 path added a tick, in tenths, over the window. */
static void cost(const char *what, int depth)
{
	uint64_t k0 = ticks_now(), t = wl_timed_loop(WINDOW), k1 = ticks_now();
	uint64_t insns = t / per_insn - 2ull * WINDOW, ticks = k1 - k0;
	uint64_t tenths = (insns * 10 + ticks / 2) / ticks;

	printf("bench: name=stackcost what=%s depth=%d tenths=%u ticks=%u\n", what, depth,
	       (unsigned)tenths, (unsigned)ticks);
}

/* A chain of depth frames (a call each: the asm keeps it from being a
 * tail call), the window at its bottom. */
WL_FN static void nest(int left, int depth)
{
	if (left > 0) {
		nest(left - 1, depth);
		__asm__ volatile("");
		return;
	}
	cost("stacks", depth);
}

static volatile unsigned sink;

WL_FN static void unit_of_work(int n)
{
	unsigned x = sink;

	for (int i = 0; i < n; i++)
		x = x * 2654435761u + 1u;
	sink = x;
}

WL_FN static void work(int units)
{
	for (int i = 0; i < units; i++) {
		unit_of_work(20000);
		__asm__ volatile("");
	}
}

static uint64_t timed_work(int units)
{
	uint64_t t0 = wl_rdtsc();

	work(units);
	return wl_rdtsc() - t0;
}

int main(int argc, char **argv)
{
	static const int depths[] = { 1, 8, 16, 32, 48 };
	char file[32];

	if (argc == 3 && !strcmp(argv[1], "size")) {
		int n = atoi(argv[2]);

		snprintf(file, sizeof file, "size%d.pro", n);
		ProfInit(PT_USER | PT_STACKS, NULL);
		ProfOn(PT_USER);
		work(n);
		ProfOff(PT_USER);
		ProfDump(PT_USER, file);
		ProfFree(PT_USER);
		return 0;
	}
	calibrate();
	cost("off", 0);
	ProfInit(PT_USER, NULL);
	ProfOn(PT_USER);
	cost("flat", 0);
	ProfOff(PT_USER);
	ProfFree(PT_USER);
	for (unsigned i = 0; i < sizeof depths / sizeof depths[0]; i++) {
		snprintf(file, sizeof file, "d%d.pro", depths[i]);
		ProfInit(PT_USER | PT_STACKS, NULL);
		ProfOn(PT_USER);
		nest(depths[i], depths[i]);
		ProfOff(PT_USER);
		ProfDump(PT_USER, file);
		ProfFree(PT_USER);
	}
	{
		uint64_t off = timed_work(300), on, off2;

		ProfInit(PT_USER | PT_STACKS, NULL);
		ProfOn(PT_USER);
		on = timed_work(300);
		ProfOff(PT_USER);
		ProfFree(PT_USER);
		off2 = timed_work(300);
		printf("bench: name=stackcost what=overhead off_ns=%llu on_ns=%llu off2_ns=%llu\n",
		       off, on, off2);
	}
	return 0;
}
