/* pit8253.h: channel 0 of the 8253/8254 programmable interval timer. */
#ifndef DRIVERS_PIT8253_H
#define DRIVERS_PIT8253_H

#include <stdint.h>

#define PIT_HZ		1193182u	/* the PIT's input clock */
#define PIT_DIVISOR(hz)	((PIT_HZ + (hz) / 2) / (hz))
#define PIT_MIN_HZ	19		/* PIT_DIVISOR(18) does not fit 16 bits */
#define PIT_MAX_HZ	20000

void pitinit(uint32_t hz);
void pitsetdivisor(uint16_t divisor);	/* the next period's length */

#endif
