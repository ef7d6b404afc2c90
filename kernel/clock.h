/* clock.h: the timer tick: time, the scheduler's quantum (kernel/tick.c). */
#ifndef KERNEL_CLOCK_H
#define KERNEL_CLOCK_H

#include <stdint.h>
#include "trap.h"

#define QUANTUM_MS 10	/* the scheduler's time slice, whatever the sample rate */

void clockinit(uint32_t hz, int jitter, uint32_t seed);
uint32_t clock_hz(void);
/* The period in PIT counts: uniform over base + [0, spread) (0: fixed). */
void clock_period(uint32_t *base, uint32_t *spread);
uint32_t clock_quantum(void);	/* in ticks */
uint64_t clock_ticks(void);

#endif
