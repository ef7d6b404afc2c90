/* aliasing.c: a loop built to alias with the sampling clock.
 *   aliasing HALFCOUNTS ITERATIONS
 * Each iteration calls work() (a fixed number of instructions, about 24%
 * of the period at 10000 Hz) and then waits, spinning on the TSC, until
 * the iteration's deadline: start + k * period, where the period is
 * HALFCOUNTS half-counts of the PIT's 1193182 Hz clock (2 * 119 is the
 * fixed period of 10000 Hz; 2 * 119 - 1 the mean of its jittered periods).
 * A loop with the sampling period locks onto it: every tick lands at the
 * same point of the loop, and work()'s share of the profile is 0% or 100%
 * instead of its true ~30%.
 *
 * The truth is measured here, under -icount, where the TSC counts virtual
 * nanoseconds: work()'s time per call (the fastest of many calls: none with
 * a tick inside), times the calls, over the user time of the loop (its TSC
 * span less the ticks' cost, which is measured as bench/tickcost.c does).
 * It prints one "bench:" line; the profile goes to aliasing.pro. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include "wl.h"

#define PIT_CLOCK 1193182u
#define WORK_STEPS 740
#define CAL_WINDOW 2000000u	/* iterations of 2 instructions: 400 ticks at 10 kHz */

static volatile uint32_t sink;

WL_FN void work(void)
{
	uint32_t x = sink;
	for (int i = 0; i < WORK_STEPS; i++)
		x = x * 1103515245u + 12345u;
	sink = x;
}

WL_FN void wait_until(uint64_t deadline)
{
	while (wl_rdtsc() < deadline)
		;
}

/* The paced loop; returns its TSC span. */
WL_FN uint64_t pace(uint64_t period_ps, uint32_t iterations)
{
	uint64_t start = wl_rdtsc();

	for (uint32_t k = 1; k <= iterations; k++) {
		work();
		wait_until(start + period_ps * k / 1000);
	}
	return wl_rdtsc() - start;
}

static uint64_t ticks_now(void)
{
	uint64_t t;
	uint32_t hz;
	clock_ticks(&t, &hz);
	return t;
}

/* work()'s TSC time per call, less that of an empty span. */
static uint64_t work_time(void)
{
	uint64_t empty = ~0ull, full = ~0ull;
	for (int i = 0; i < 2000; i++) {
		uint64_t t0 = wl_rdtsc(), t1 = wl_rdtsc(), t2, t3;
		t2 = wl_rdtsc();
		work();
		t3 = wl_rdtsc();
		if (t1 - t0 < empty)
			empty = t1 - t0;
		if (t3 - t2 < full)
			full = t3 - t2;
	}
	return full - empty;
}

static void check(const char *call, int rc)
{
	if (rc) {
		printf("bench: aliasing: %s: %s\n", call, errname(rc));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	uint32_t period_ps, iterations, hz;
	uint64_t per_insn, work_ns, k0, k1, cal, tick_ns, run_ns, ticks, t;

	if (argc != 3) {
		printf("usage: aliasing PERIOD_PS ITERATIONS\n");
		return 2;
	}
	period_ps = strtoul(argv[1], 0, 10);
	iterations = (uint32_t)atoi(argv[2]);
	clock_ticks(&t, &hz);
	per_insn = (wl_fastest_loop(3000) - wl_fastest_loop(1000) + 2000) / 4000;
	work_ns = work_time();

	check("ProfInit", ProfInit(PT_USER, NULL));
	check("ProfOn", ProfOn(PT_USER));
	/* What a tick costs with this profile on, in TSC units. */
	k0 = ticks_now();
	cal = wl_timed_loop(CAL_WINDOW);
	k1 = ticks_now();
	tick_ns = (cal - 2ull * CAL_WINDOW * per_insn + (k1 - k0) / 2) / (k1 - k0);
	check("ProfClear", ProfClear(PT_USER));
	/* Start right after a tick. */
	for (k0 = ticks_now(); ticks_now() == k0;)
		;
	k0 = ticks_now();
	run_ns = pace(period_ps, iterations);
	k1 = ticks_now();
	check("ProfOff", ProfOff(PT_USER));
	check("ProfDump", ProfDump(PT_USER, "aliasing.pro"));
	check("ProfFree", ProfFree(PT_USER));
	ticks = k1 - k0;
	printf("bench: name=aliasing hz=%u period_ps=%u iterations=%u insn_ns=%llu work_ns=%llu "
	       "tick_ns=%llu run_ns=%llu ticks=%llu\n", (unsigned)hz, (unsigned)period_ps,
	       (unsigned)iterations, per_insn, work_ns, tick_ns, run_ns, ticks);
	return 0;
}
