/* clock.c: the timer's settings and time. IRQ0 itself is boot/irq0.asm:
 * it counts the tick, hands the interrupted CS:EIP to the profiler and
 * calls on the scheduler only when a quantum is over. */
#include "clock.h"
#include "../drivers/pit8253.h"
#include "../drivers/pic8259.h"
#include "x86.h"
#include "trap.h"

extern const char irq0_fixed[];	/* boot/irq0.asm */

static uint32_t hz;
static uint32_t quantum;	/* ticks */
volatile uint64_t ticks;	/* counted by boot/irq0.asm */

void clockinit(uint32_t rate, int jitter)
{
	hz = rate;
	if (!pitjitter(rate, jitter))
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
	uint64_t t = ticks;

	irq_restore(fl);
	return t;
}
