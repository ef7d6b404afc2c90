/* timers.h: with several CPUs, every CPU's tick by its local APIC's timer,
 * one-shot, at deadlines drawn on its TSC (timers.c; the ticks' code is
 * boot/irq0.asm's smp_tick0 and smp_tick, docs/smp.md). */
#ifndef KERNEL_TIME_TIMERS_H
#define KERNEL_TIME_TIMERS_H

#include <stdint.h>
#include "tick.h"
#include "percpu.h"
#include "lapic.h"
#include "x86.h"
#include "turns.h"

#define SMP_TICK_VECTOR	0xF0	/* every other CPU's local APIC timer (boot/irq0.asm's smp_tick) */
#define SMP_TICK0_VECTOR 0xF1	/* the first CPU's (smp_tick0) */
/* The immediates of the period and the shift as boot/irq0.asm assembles
 * them, which smp_clock_start() checks before it writes each. */
#define SMP_PERIOD_MARK 0x7EADBEEFu
#define SMP_SHIFT_MARK 31

/* With several CPUs: the PIT's IRQ0 becomes the clock alone (boot/
 * irq0.asm's irq0_clock), and every CPU's local APIC timer, calibrated
 * here against the PIT, ticks it (smp_tick0, smp_tick; with turns=1,
 * smp_rtick) at the same rate; each other CPU gets its idle process
 * (kernel/sched.c's sched_start lets them into the scheduler). After
 * clockinit(), which started the PIT, and procinit(), with interrupts
 * off. */
void smp_clock_start(void);

/* This CPU's timer, to its first deadline (smp_clock_start's), which may
 * be further than a tick ever looks ahead (its cell is shifted by the
 * CPU's share of a period); one already passed is taken at once, as a
 * tick taken late. */
static inline void smp_timer_start(void)
{
	uint32_t left = irq0.deadline - (uint32_t)rdtsc();

	if (smp_turns)	/* idle: no tick until it joins the round */
		lapic_timer_start(SMP_RTICK_VECTOR, 0);
	else
		lapic_timer_start(this_cpu->index ? SMP_TICK_VECTOR : SMP_TICK0_VECTOR,
				  (int32_t)left > 0 ? left : 1);
}

#endif
