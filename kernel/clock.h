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
uint64_t clock_ticks(void);	/* the clock's: the first CPU's count */
/* Every CPU's next_wakeup at the clock's tick (~0: none), or only where
 * that is sooner (kernel/tick.c). */
void clock_set_wakeups(uint64_t tick, int sooner);
uint64_t clock_soonest(void);		/* the soonest sleeper's tick, in the clock's (~0: none) */
/* With several CPUs (kernel/smp/smp.c): the PIT at its nominal period,
 * its IRQ0 the clock alone (clock_irq), the TSC at tsc_ratio counts a PIT
 * count (times 65536). */
void clock_start_pit(uint32_t tsc_ratio);
void clock_irq(void);

#endif
