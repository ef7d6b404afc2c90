/* tick.c: the timer tick's C side. The state boot/irq0.asm shares with C
 * (kernel/tick.h), the timer's settings and time (clock.h), and the hooks
 * by which the tick and the scheduler call on each other. IRQ0 itself is
 * boot/irq0.asm: it counts the tick, draws the next period, hands the
 * interrupted CS:EIP to the profiler (its plan, or prof_tick() of
 * profiler/sample.c) and calls on the scheduler (sched_tick(), through
 * trap()) only when a slice is over and there is work: another process
 * runnable (sched_runnable()) or a sleeper's tick come (sched_wake_at()).
 * The plan a ring-3 tick follows is made at a switch (tick_plan_load(),
 * kernel/tick.h). */
#include "clock.h"
#include "pit8253.h"
#include "pic8259.h"
#include "x86.h"
#include "trap.h"
#include "tick.h"
#include "proc.h"
#include "sched.h"
#include "smp.h"

/* irq0, each CPU's, is in its own page (kernel/smp/percpu.c's
 * percpu_init: the generator's seed 1 until clockinit() sets seed=N's, no
 * sleeper). irq0.asm indexes plan.seg[] by a ring-3 CS with its low 3 bits cleared: the LDT
 * index times 8. Ring 3 runs only in LDT code segments (the GDT has no
 * DPL-3 code), all inside seg[]. */
_Static_assert(NLDT_ALL <= PROF_LDT_SLOTS, "every LDT index has a plan entry");

static uint32_t hz;
static uint32_t quantum;	/* ticks */

void clockinit(uint32_t rate, int jitter, uint32_t seed)
{
	hz = rate;
	irq0.jitter_seed = seed;
	if (!pitjitter(rate, jitter, &irq0.jitter_base, &irq0.jitter))
		cpu_setvector(IRQ_BASE + IRQ_TIMER, (uint32_t)irq0_fixed);	/* IRQ0 without the jitter's work */
	quantum = rate * QUANTUM_MS / 1000;
	if (quantum == 0)
		quantum = 1;	/* below 100 Hz a tick is longer than the quantum */
	pitinit(rate);
	picenable(IRQ_TIMER);
}

uint32_t clock_hz(void) { return hz; }

/* As drivers/pit8253.c draws it: the chip's own correction for QEMU's
 * restart on a write (irq0.jitter_base one count less) left out. */
void clock_period(uint32_t *base, uint32_t *spread)
{
	*base = PIT_DIVISOR(hz) - irq0.jitter / 2;
	*spread = irq0.jitter;
}
uint32_t clock_quantum(void) { return quantum; }

/* The first CPU's count: the PIT's ticks. Another CPU reads it until its
 * high word is the same before and after; the tick writes the low word,
 * then the carry into the high one, so a read across a carry (every 2^32
 * ticks: 49.7 days at 1000 Hz) may still come out 2^32 short. */
uint64_t clock_ticks(void)
{
	volatile uint64_t *ticks = &percpu_area[0].irq0.ticks;
	uint32_t fl = irq_save(), hi;
	uint64_t t;

	do {
		hi = (uint32_t)(*ticks >> 32);
		t = *ticks;
	} while ((uint32_t)(t >> 32) != hi);
	irq_restore(fl);
	return t;
}

/* From the clock, when the quantum is over or the machine idles (then it
 * looks again at every tick, for sleepers to wake). */
void sched_tick(void)
{
	need_resched = 1;
	irq0.slice_left = 1;		/* if the switch must wait (a system call is under way), retry */
}

/* Another process became runnable: every CPU's next slice end looks. */
void sched_runnable(void)
{
	for (int c = smp_first_runner(); c < ncpu; c++)
		percpu_area[c].irq0.sched_work = 1;
}

/* A sleeper's tick: the clock calls on the scheduler when it has come. */
void sched_wake_at(uint64_t tick)
{
	uint32_t fl = irq_save();	/* this CPU's IRQ0 reads next_wakeup: not half-written
					 * (another's may read it so: at worst a needless trip
					 * into the scheduler, or a wakeup one tick late) */

	for (int c = smp_first_runner(); c < ncpu; c++)
		if (tick < percpu_area[c].irq0.next_wakeup)
			percpu_area[c].irq0.next_wakeup = tick;
	irq_restore(fl);
}
