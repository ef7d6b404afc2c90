/* wlmain.c: the guest side of a workload (wl.h).
 *   NAME SCALE            profiles wl_run(SCALE) with a user profile and
 *                         dumps it to NAME.pro
 *   NAME plain SCALE      runs wl_run(SCALE) and nothing else (for a
 *                         system profile that pset controls)
 *   NAME plain SCALE MORE the same with wl_more = MORE (wl.h)
 *   NAME overhead SCALE   times wl_run(SCALE) with profiling off, on, off
 *   NAME stacks SCALE     as NAME SCALE, the profile with call stacks
 *                         (PT_STACKS: bench/stacks.sh)
 * Each prints one "bench:" line of name=value fields, which bench/bench.sh reads.
 * Times are TSC units: virtual nanoseconds under -icount. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include "wl.h"

int wl_more;

static uint64_t ticks_now(uint32_t *hz)
{
	uint64_t t;
	uint32_t h;
	clock_ticks(&t, &h);
	if (hz)
		*hz = h;
	return t;
}

static void check(const char *name, const char *call, int rc)
{
	if (rc) {
		printf("bench: %s: %s: %s\n", name, call, errname(rc));
		exit(1);
	}
}

/* The clock's ticks are read on both sides of ProfOn and of ProfOff, so
 * the interrupts raised while profiling was on are bracketed:
 * on_after..off_before at least, on_before..off_after at most. */
static int profile(const char *name, int scale, int type)
{
	uint64_t on0, on1, off0, off1, t0, t1, d0, d1;
	uint32_t hz;
	char file[64];

	snprintf(file, sizeof file, "%s.pro", name);
	check(name, "ProfInit", ProfInit(type, NULL));
	on0 = ticks_now(&hz);
	check(name, "ProfOn", ProfOn(PT_USER));
	on1 = ticks_now(0);
	t0 = wl_rdtsc();
	wl_run(scale);
	t1 = wl_rdtsc();
	off0 = ticks_now(0);
	check(name, "ProfOff", ProfOff(PT_USER));
	off1 = ticks_now(0);
	d0 = wl_rdtsc();
	check(name, "ProfDump", ProfDump(PT_USER, file));
	d1 = wl_rdtsc();
	check(name, "ProfFree", ProfFree(PT_USER));
	printf("bench: name=%s mode=profile scale=%d hz=%u run_ns=%llu on_before=%llu "
	       "on_after=%llu off_before=%llu off_after=%llu dump_ns=%llu\n",
	       name, scale, (unsigned)hz, t1 - t0, on0, on1, off0, off1, d1 - d0);
	return 0;
}

static uint64_t timed_run(int scale, uint64_t *ticks)
{
	uint64_t k0 = ticks_now(0), t0 = wl_rdtsc(), t1;

	wl_run(scale);
	t1 = wl_rdtsc();
	*ticks = ticks_now(0) - k0;
	return t1 - t0;
}

/* The same work three times: off, on, off; the two off runs show that the
 * work itself does not change from run to run. */
static int overhead(const char *name, int scale)
{
	uint64_t off1, on, off2, k_off1, k_on, k_off2;
	uint32_t hz;

	ticks_now(&hz);
	off1 = timed_run(scale, &k_off1);
	check(name, "ProfInit", ProfInit(PT_USER, NULL));
	check(name, "ProfOn", ProfOn(PT_USER));
	on = timed_run(scale, &k_on);
	check(name, "ProfOff", ProfOff(PT_USER));
	check(name, "ProfFree", ProfFree(PT_USER));
	off2 = timed_run(scale, &k_off2);
	printf("bench: name=%s mode=overhead scale=%d hz=%u off_ns=%llu off_ticks=%llu "
	       "on_ns=%llu on_ticks=%llu off2_ns=%llu off2_ticks=%llu\n",
	       name, scale, (unsigned)hz, off1, k_off1, on, k_on, off2, k_off2);
	return 0;
}

int main(int argc, char **argv)
{
	const char *name = argv[0];

	if (argc == 2)
		return profile(name, atoi(argv[1]), PT_USER);
	if (argc == 3 && !strcmp(argv[1], "stacks"))
		return profile(name, atoi(argv[2]), PT_USER | PT_STACKS);
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "plain")) {
		wl_more = argc == 4 ? atoi(argv[3]) : 0;
		wl_run(atoi(argv[2]));
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "overhead"))
		return overhead(name, atoi(argv[2]));
	printf("usage: %s SCALE | plain SCALE [MORE] | overhead SCALE | stacks SCALE\n", name);
	return 2;
}
