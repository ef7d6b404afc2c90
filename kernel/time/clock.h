/* clock.h: time: the timer's settings, the clock's ticks, the sleepers'
 * wakeups, the scheduler's quantum (kernel/time/clock.c). */
#ifndef KERNEL_TIME_CLOCK_H
#define KERNEL_TIME_CLOCK_H

#include <stdint.h>

#define QUANTUM_MS 10	/* the scheduler's time slice, whatever the sample rate */

void clockinit(uint32_t hz, int jitter, uint32_t seed);
uint32_t clock_hz(void);
/* The period in PIT counts: uniform over base + [0, spread) (0: fixed). */
void clock_period(uint32_t *base, uint32_t *spread);
/* With turns=1 (kernel/smp/turns.h) each CPU's period, in TSC counts,
 * at *tsc_hz a second: uniform over base + [0, spread). 0 without turns. */
int clock_turns_period(uint32_t *tsc_hz, uint32_t *base, uint32_t *spread);
uint32_t clock_quantum(void);	/* in ticks */
uint64_t clock_ticks(void);	/* the clock's: the first CPU's count */
/* Every CPU's next_wakeup at the clock's tick (~0: none), or only where
 * that is sooner. */
void clock_set_wakeups(uint64_t tick, int sooner);
uint64_t clock_soonest(void);		/* the soonest sleeper's tick, in the clock's (~0: none) */
/* With several CPUs (kernel/time/timers.c): the PIT at its nominal period,
 * its IRQ0 the clock alone (clock_irq), the TSC at tsc_ratio counts a PIT
 * count (times 65536). */
void clock_start_pit(uint32_t tsc_ratio);
void clock_irq(void);

/* PIT counts n in the TSC's counts, at ratio TSC counts a PIT count
 * (times 65536: lapic_calibrate's), rounded. */
static inline uint32_t clock_pit_in_tsc(uint32_t n, uint32_t ratio)
{
	return (uint32_t)(((uint64_t)n * ratio + 0x8000) >> 16);
}

#endif
