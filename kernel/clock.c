/* clock.c: the timer's settings and time, and the timer interrupt's state
 * (kernel/tick.h). IRQ0 itself is boot/irq0.asm: it counts the tick, draws
 * the next period, hands the interrupted CS:EIP to the profiler and calls
 * on the scheduler only when a quantum is over. */
#include "clock.h"
#include "pit8253.h"
#include "pic8259.h"
#include "x86.h"
#include "trap.h"
#include "tick.h"

/* The generator's seed is fixed, so that runs stay identical; no sleeper
 * waits yet. */
struct irq0_state irq0 = { .jitter_seed = 1, .next_wakeup = ~0ull };

static uint32_t hz;
static uint32_t quantum;	/* ticks */

void clockinit(uint32_t rate, int jitter)
{
	hz = rate;
	if (!pitjitter(rate, jitter, &irq0.jitter_base, &irq0.jitter))
		cpu_setvector(IRQ_BASE + IRQ_TIMER, (uint32_t)irq0_fixed);	/* IRQ0 without the jitter's work */
	quantum = rate * QUANTUM_MS / 1000;
	if (quantum == 0)
		quantum = 1;	/* below 100 Hz a tick is longer than the quantum */
	pitinit(rate);
	picenable(IRQ_TIMER);
}

uint32_t clock_hz(void) { return hz; }
uint32_t clock_quantum(void) { return quantum; }

uint64_t clock_ticks(void)
{
	uint32_t fl = irq_save();
	uint64_t t = irq0.ticks;

	irq_restore(fl);
	return t;
}
