/* recurse.c: calls and returns. Small functions called millions of times:
 * a doubly recursive fib(), the towers of Hanoi with a leaf call per move,
 * and two functions that recurse into each other, so that the profile
 * must place ticks right at function entries and exits. */
#include "wl.h"

static volatile uint32_t sink;
static uint32_t moves;

WL_FN uint32_t fib(uint32_t n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

WL_FN void move(int from, int to)
{
	moves += (uint32_t)(from * 3 + to);
}

WL_FN void hanoi(int n, int from, int via, int to)
{
	if (n == 0)
		return;
	hanoi(n - 1, from, to, via);
	move(from, to);
	hanoi(n - 1, via, from, to);
}

WL_FN uint32_t pong(uint32_t n, uint32_t acc);

WL_FN uint32_t ping(uint32_t n, uint32_t acc)
{
	return n == 0 ? acc : pong(n - 1, acc * 3 + n);
}

WL_FN uint32_t pong(uint32_t n, uint32_t acc)
{
	return n == 0 ? acc : ping(n - 1, acc ^ (n << 2));
}

void wl_run(int scale)
{
	uint32_t x = 0;

	for (int r = 0; r < scale; r++) {
		x += fib(18);
		hanoi(10, 1, 2, 3);
		x += ping(2000, x);
	}
	sink = x + moves;
}
