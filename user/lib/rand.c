/* rand.c: rand and srand, glibc's generator, so that a program draws the
 * same numbers here as on Linux: an additive feedback generator,
 * r[i] = r[i-3] + r[i-31] (mod 2^32), returning r[i] >> 1; srand(seed)
 * fills the 31 words from the seed by Lehmer's 16807 * r mod (2^31 - 1)
 * (seed 0 taken as 1) and drops the first 310 results. Before any srand,
 * rand() draws as after srand(1). */
#include <stdint.h>
#include <stdlib.h>
#include "libc.h"

#define DEGREE		31
#define SEPARATION	3
#define DISCARD		(10 * DEGREE)
#define M31		2147483647	/* 2^31 - 1 */

static uint32_t state[DEGREE];
static int front, rear, seeded;

static uint32_t step(void)
{
	uint32_t r;

	state[front] += state[rear];
	r = state[front] >> 1;
	front = (front + 1) % DEGREE;
	rear = (rear + 1) % DEGREE;
	return r;
}

/* Lehmer's step by Schrage's method: 16807 * w mod (2^31 - 1) with no
 * product above 32 bits, on the seed taken as a signed 32-bit number, as
 * glibc takes it (a seed of 2^31 or more starts negative). */
void LIBC(srand)(unsigned int seed)
{
	int32_t w = (int32_t)(seed ? seed : 1);

	state[0] = (uint32_t)w;
	for (int i = 1; i < DEGREE; i++) {
		int32_t hi = w / 127773, lo = w % 127773;

		w = (int32_t)(uint32_t)(16807 * (int64_t)lo - 2836 * (int64_t)hi);
		if (w < 0)
			w += M31;
		state[i] = (uint32_t)w;
	}
	front = SEPARATION;
	rear = 0;
	seeded = 1;
	for (int i = 0; i < DISCARD; i++)
		step();
}

int LIBC(rand)(void)
{
	if (!seeded)
		LIBC(srand)(1);
	return (int)step();
}
