/* time.c: clock, time and difftime (<time.h>), from the timer's ticks
 * (clock_ticks: the ticks since boot and their rate). There is no clock of
 * the day: time() counts seconds since boot. Built for the FPU (difftime). */
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#include "libc.h"

/* Ticks since boot in CLOCKS_PER_SEC units, modulo the range of clock_t. */
clock_t LIBC(clock)(void)
{
	uint64_t ticks;
	uint32_t hz;

	if (LIBC(clock_ticks)(&ticks, &hz) < 0 || hz == 0)
		return (clock_t)-1;
	/* ticks < 2^64 / 10^6 for 584,000 years at 1000 Hz: no overflow */
	return (clock_t)(uint32_t)(ticks * (uint64_t)CLOCKS_PER_SEC / hz);
}

time_t LIBC(time)(time_t *t)
{
	uint64_t ticks;
	uint32_t hz;
	time_t now;

	if (LIBC(clock_ticks)(&ticks, &hz) < 0 || hz == 0)
		now = (time_t)-1;
	else
		now = (time_t)(ticks / hz);
	if (t != NULL)
		*t = now;
	return now;
}

double LIBC(difftime)(time_t end, time_t start)
{
	return (double)end - (double)start;
}
