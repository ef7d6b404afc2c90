/* duo.c: two processes at once. Built twice, as duo and duob, so that a
 * system profile tells them apart by module; run together with different
 * scales, the scheduler interleaves them, and each function's share of
 * both programs' ticks must follow its share of both programs'
 * instructions. */
#include "wl.h"

#define UNIT 20000

static volatile uint32_t sink;

WL_FN uint32_t alpha(uint32_t x, int n)
{
	for (int i = 0; i < n; i++)
		x = x * 69069u + 1u;
	return x;
}

WL_FN uint32_t beta(uint32_t x, int n)
{
	for (int i = 0; i < n; i++)
		x = (x & 1) ? (x >> 1) ^ 0xedb88320u : x >> 1;
	return x;
}

void wl_run(int scale)
{
	uint32_t x = 99;

	for (int r = 0; r < scale; r++) {
		x = alpha(x, UNIT);
		x = beta(x, 2 * UNIT);
	}
	sink = x;
}
