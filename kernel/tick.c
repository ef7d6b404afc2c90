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
static uint32_t pit_base, pit_spread;	/* the periods, in PIT counts (clock_period) */
/* With several CPUs, the PIT's ticks, the clock of record (clock_irq()
 * counts them; with one CPU, its tick count is the clock). */
static volatile uint64_t clock_pit;
static uint32_t clock_ratio;	/* TSC counts per PIT count, times 65536 */
static uint32_t clock_last;	/* the TSC (low word) at the last period's start */
static volatile uint64_t clock_wake = ~0ull;	/* the soonest sleeper's tick, in the clock's */

void clockinit(uint32_t rate, int jitter, uint32_t seed)
{
	hz = rate;
	irq0.jitter_seed = seed;
	if (!pitjitter(rate, jitter, &irq0.jitter_base, &irq0.jitter))
		cpu_setvector(IRQ_BASE + IRQ_TIMER, (uint32_t)irq0_fixed);	/* IRQ0 without the jitter's work */
	pit_base = PIT_DIVISOR(rate) - irq0.jitter / 2;
	pit_spread = irq0.jitter;
	quantum = rate * QUANTUM_MS / 1000;
	if (quantum == 0)
		quantum = 1;	/* below 100 Hz a tick is longer than the quantum */
	pitinit(rate);
	/* The firmware's timer ran until now, and a mode set may raise the
	 * PIT's output: an edge the 8259 latched meanwhile, masked, would be
	 * taken the moment IRQ0 is let in, at a time set by the firmware's
	 * phase, which under an emulator follows the host's disk reads. The
	 * 8259 made again forgets it (picinit keeps the mask). */
	picinit();
	picenable(IRQ_TIMER);
}

uint32_t clock_hz(void) { return hz; }

/* As drivers/pit8253.c draws it: the chip's own correction for QEMU's
 * restart on a write (irq0.jitter_base one count less) left out. (With
 * several CPUs each draws its periods alike, in its TSC's counts.) */
void clock_period(uint32_t *base, uint32_t *spread)
{
	*base = pit_base;
	*spread = pit_spread;
}
uint32_t clock_quantum(void) { return quantum; }

/* CPU c's tick count, its own timer's (with one CPU, the PIT's: the
 * clock's). Another CPU reads it until its high word is the same before
 * and after; the tick writes the low word, then the carry into the high
 * one, so a read across a carry (every 2^32 ticks: 49.7 days at 1000 Hz)
 * may still come out 2^32 short. */
static uint64_t ticks_of(int c)
{
	volatile uint64_t *ticks = &percpu_area[c].irq0.ticks;
	uint32_t fl = irq_save(), hi;
	uint64_t t;

	do {
		hi = (uint32_t)(*ticks >> 32);
		t = *ticks;
	} while ((uint32_t)(t >> 32) != hi);
	irq_restore(fl);
	return t;
}

/* PIT counts n in TSC counts. */
static uint32_t pit_in_tsc(uint32_t n)
{
	return (uint32_t)(((uint64_t)n * clock_ratio + 0x8000) >> 16);
}

void clock_start_pit(uint32_t tsc_ratio)
{
	clock_ratio = tsc_ratio;
	clock_pit = irq0.ticks;
	pitinit(hz);		/* the nominal period from now: never written again */
	clock_last = (uint32_t)rdtsc();
}

/* The PIT's IRQ0, with several CPUs (boot/irq0.asm's irq0_clock, on the
 * first CPU): the periods since the last one it counted. An emulator
 * that runs the CPUs in turn may take it more than a period late, when
 * the 8259 has merged two; the chip's count says where in its period it
 * is, so the start of this period is known on the TSC, and the periods
 * between it and the last start are counted, however late. (Taken just
 * at a period's end, the count may give the period before: then this
 * IRQ counts one less, the next one more; the sum stays the periods.) */
void clock_irq(void)
{
	uint32_t now = (uint32_t)rdtsc(), div = PIT_DIVISOR(hz);
	uint32_t in = div - pitcount(), start = now - pit_in_tsc(in < div ? in : 0);
	int32_t since = (int32_t)(start - clock_last);	/* (2 s of IRQ0s missed would be lost) */

	piceoi(IRQ_TIMER);
	if (since > 0) {
		clock_pit += ((uint32_t)since + pit_in_tsc(div) / 2) / pit_in_tsc(div);
		clock_last = start;
	}
	/* A sleeper's tick come: this CPU's next slice end calls on the
	 * scheduler, which wakes it. Each CPU's own count may stand behind
	 * the clock's until it takes its periods late (clock_set_wakeups());
	 * the clock's does not. (A word set to 1, which another CPU may set to 0
	 * under the lock: then the next IRQ0 sets it again.) */
	if (clock_pit >= clock_wake)
		irq0.sched_work = 1;
}

uint64_t clock_ticks(void)
{
	uint32_t fl, hi;
	uint64_t t;

	if (ncpu < 2)
		return ticks_of(0);
	fl = irq_save();
	do {
		hi = (uint32_t)(clock_pit >> 32);
		t = clock_pit;
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
	for (int c = 0; c < ncpu; c++)
		percpu_area[c].irq0.sched_work = 1;
}

/* Every CPU's next_wakeup, in its own count: each CPU's timer runs at the
 * clock's rate, but a CPU that an emulator leaves out for periods counts
 * them only when it runs again (boot/irq0.asm), so its count may stand
 * behind the clock's. tick is put in each CPU's count as the two stand
 * now: a CPU behind then gets there early, as it catches up (its trips
 * into the scheduler find the clock short of tick and wake no one until
 * it has come: sched.c's wake_sleepers), and a CPU that falls behind
 * later gets there late: so with several CPUs the clock's own IRQ0 also
 * watches the soonest tick (clock_irq()), and the first CPU's next slice
 * end wakes the sleeper. With sooner, only where it is sooner. This CPU's IRQ0
 * reads next_wakeup: not half-written (another's may read it so: at worst
 * a needless trip into the scheduler, or a wakeup one tick late). */
void clock_set_wakeups(uint64_t tick, int sooner)
{
	uint32_t fl = irq_save();
	uint64_t now = clock_ticks();

	if (!sooner || tick < clock_wake)
		clock_wake = tick;
	for (int c = 0; c < ncpu; c++) {
		struct irq0_state *q = &percpu_area[c].irq0;
		uint64_t own = tick == ~0ull ? ~0ull : tick <= now ? 0 : ticks_of(c) + (tick - now);

		if (!sooner || own < q->next_wakeup)
			q->next_wakeup = own;
	}
	irq_restore(fl);
}

uint64_t clock_soonest(void)
{
	uint32_t fl = irq_save();
	uint64_t t = clock_wake;	/* (written under the kernel's lock, which the caller holds) */

	irq_restore(fl);
	return t;
}

/* A sleeper's tick: the clock calls on the scheduler when it has come. */
void sched_wake_at(uint64_t tick)
{
	clock_set_wakeups(tick, 1);
}
