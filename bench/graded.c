/* graded.c: five functions of graded cost, each of a different kind of
 * code (multiply, shifts, table reads, branches, division), called in
 * turn, so each function's share of the profile is a different size.
 * wl_more (wl.h) gives multiply that many percent more work. */
#include "wl.h"


static volatile uint32_t sink;
static uint32_t table[256];

WL_FN uint32_t multiply(uint32_t x, int n)
{
	for (int i = 0; i < n; i++)
		x = x * 1664525u + 1013904223u;
	return x;
}

WL_FN uint32_t shifts(uint32_t x, int n)
{
	for (int i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
	}
	return x;
}

WL_FN uint32_t lookup(uint32_t x, int n)
{
	for (int i = 0; i < n; i++)
		x = (x >> 3) + table[(x + (uint32_t)i) & 255];
	return x;
}

/* Collatz steps: data-dependent branches. */
WL_FN uint32_t branches(uint32_t x, int n)
{
	uint32_t steps = 0;

	for (int i = 0; i < n; i++) {
		uint32_t v = (x + (uint32_t)i) | 1;
		while (v != 1 && steps < 0x7fffffff) {
			v = (v & 1) ? 3 * v + 1 : v >> 1;
			steps++;
			if (v > 1000000)
				v &= 0xffff;
		}
	}
	return x + steps;
}

WL_FN uint32_t divide(uint32_t x, int n)
{
	for (int i = 0; i < n; i++)
		x = x / 7u + x % 13u + 0x9e3779b9u;
	return x;
}

void wl_run(int scale)
{
	uint32_t x = 12345;

	for (int i = 0; i < 256; i++)
		table[i] = (uint32_t)i * 40503u;
	for (int r = 0; r < scale; r++) {
		x = multiply(x, 5000 + 50 * wl_more);	/* about 5% of the instructions */
		x = shifts(x, 4000);	/* 10% */
		x = lookup(x, 8000);	/* 15% */
		x = divide(x, 7500);	/* 25% */
		x = branches(x, 200);	/* 45% */
	}
	sink = x;
}
