/* pit8253.h: channel 0 of the 8253/8254 programmable interval timer. */
#ifndef DRIVERS_PIT8253_H
#define DRIVERS_PIT8253_H

#include <stdint.h>

#define PIT_HZ		1193182u	/* the PIT's input clock */
#define PIT_DIVISOR(hz)	((PIT_HZ + (hz) / 2) / (hz))
/* The rates hz= takes, in plain digits: kernel/bootargs.c's message
 * prints them as written. */
#define PIT_MIN_HZ	19		/* PIT_DIVISOR(18) does not fit 16 bits */
#define PIT_MAX_HZ	20000

/* The jitter's span: the largest power of 2 not above the divisor, so a
 * period is drawn from between about 0.5 and 1.5 times the nominal one:
 * wide enough that successive samples fall nearly independently of any
 * loop's period (a narrow spread only walks the phase slowly). Near the
 * slowest rates it narrows, so the longest period still fits 16 bits. Its
 * mean is the nominal divisor less half a count. */
static inline uint32_t pit_jitter_span(uint32_t divisor)
{
	uint32_t room = 2 * (0xFFFFu - divisor) + 1, top = divisor < room ? divisor : room;
	return 1u << (31 - __builtin_clz(top | 1));
}

void pitinit(uint32_t hz);
/* on: vary each period; before pitinit. The shortest period and the spread
 * go to *base and *spread (0: a fixed period). Returns 1 if each period is
 * to be drawn. */
int pitjitter(uint32_t hz, int on, uint32_t *base, uint32_t *spread);
void pitsetdivisor(uint16_t divisor);	/* the next period's length */
uint16_t pitcount(void);		/* channel 0's count, latched and read */

#endif
