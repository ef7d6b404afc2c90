/* pit8253.h: channel 0 of the 8253/8254 programmable interval timer. */
#ifndef DRIVERS_PIT8253_H
#define DRIVERS_PIT8253_H

#include <stdint.h>

#define PIT_HZ		1193182u	/* the PIT's input clock */
#define PIT_DIVISOR(hz)	((PIT_HZ + (hz) / 2) / (hz))
#define PIT_MIN_HZ	19		/* PIT_DIVISOR(18) does not fit 16 bits */
#define PIT_MAX_HZ	20000

/* The jitter's span: the largest power of 2 not above divisor / 16, so a
 * period varies by at most about 3% either way; its mean is the nominal
 * divisor less half a count. */
#define PIT_JITTER_SPAN(divisor) (1u << (31 - __builtin_clz((divisor) / 16 | 1)))

void pitinit(uint32_t hz);
void pitjitter(uint32_t hz, int on);	/* on: vary each period (boot/irq0.asm) */
void pitsetdivisor(uint16_t divisor);	/* the next period's length */

#endif
