/* clock.c: IRQ0. It counts the tick, hands the interrupted CS:EIP to the
 * profiler, and tells the scheduler; nothing else happens here. */
#include "clock.h"
#include "proc.h"
#include "../drivers/pit8253.h"
#include "../drivers/pic8259.h"
#include "../profiler/prof.h"

static uint32_t hz;
static uint32_t quantum;
static volatile uint64_t ticks;

void clockinit(uint32_t rate)
{
	hz = rate;
	quantum = rate * QUANTUM_MS / 1000;
	if (quantum == 0)
		quantum = 1;	/* below 100 Hz a tick is longer than the quantum */
	pitinit(rate);
	picenable(IRQ_TIMER);
}

void clockintr(struct trapframe *tf)
{
	ticks++;
	prof_tick(proc_isidle() ? 0 : &curproc->prof, tf->cs, tf->eip);
	sched_tick();
}

uint32_t clock_hz(void) { return hz; }
uint32_t clock_quantum(void) { return quantum; }

uint64_t clock_ticks(void)
{
	uint64_t t;
	uint32_t fl;
	__asm__ volatile("pushf; pop %0; cli" : "=r"(fl));
	t = ticks;
	if (fl & FL_IF)
		__asm__ volatile("sti");
	return t;
}
