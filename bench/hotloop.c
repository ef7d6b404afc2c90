/* hotloop.c: one hot loop. Nearly all the time goes to hot(); setup()
 * and wl_run() take a sliver, so the profile must find almost nothing
 * else. */
#include "wl.h"

#define STEPS 100000

static volatile uint32_t sink;
static uint32_t seed_table[64];

WL_FN void setup(void)
{
	for (int i = 0; i < 64; i++)
		seed_table[i] = (uint32_t)i * 2654435761u;
}

WL_FN uint32_t hot(uint32_t x, int n)
{
	for (int i = 0; i < n; i++)
		x = (x ^ (x << 5)) + (uint32_t)i;
	return x;
}

void wl_run(int scale)
{
	uint32_t x = 1;

	setup();
	for (int r = 0; r < scale; r++)
		x = hot(x ^ seed_table[r & 63], STEPS);
	sink = x;
}
