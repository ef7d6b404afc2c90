/* syscalls.c: code that spends much of its time in system calls. Three
 * loops call the kernel (clock_ticks, meminfo, yield) and one computes
 * between them, about as many instructions as the calls take in the
 * kernel. A tick in a system call is the kernel's, not the caller's: the
 * shares compared are of the program's own instructions, which callgrind
 * counts the same whatever the call does. */
#include "wl.h"

#define UNIT 100

static volatile uint32_t sink;

WL_FN uint32_t ask_clock(int n)
{
	uint32_t acc = 0, hz;
	uint64_t t;

	for (int i = 0; i < n; i++) {
		clock_ticks(&t, &hz);
		acc += (uint32_t)t + hz;
	}
	return acc;
}

WL_FN uint32_t ask_memory(int n)
{
	uint32_t acc = 0, free_bytes;

	for (int i = 0; i < n; i++) {
		meminfo(&free_bytes);
		acc ^= free_bytes + (uint32_t)i;
	}
	return acc;
}

WL_FN uint32_t give_way(int n)
{
	uint32_t acc = 0;

	for (int i = 0; i < n; i++)
		acc += (uint32_t)yield() + (uint32_t)i;
	return acc;
}

WL_FN uint32_t think(uint32_t x, int n)
{
	for (int i = 0; i < n; i++)
		x = (x << 7) - x + (uint32_t)i;
	return x;
}

void wl_run(int scale)
{
	uint32_t x = 7;

	for (int r = 0; r < scale; r++) {
		x += ask_clock(UNIT);
		x = think(x, 75 * UNIT);
		x += ask_memory(UNIT);
		x = think(x, 75 * UNIT);
		x += give_way(UNIT);
	}
	sink = x;
}
